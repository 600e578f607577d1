"""The pace of a trick: the last card of a trick lands, the whole trick stays
on the table a beat (two bot pauses in all), then it is swept to its winner, and only then does the
winner's lead of the next trick travel. Measured on the timeline web/motion.js records of what it
scheduled (window.fiveHundredMotion), not on screenshots: a timer never fires early, so the
lower bounds below cannot fail by a slow machine."""
from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import Scenario, bot_wins_first_trick

PACE_MS = 700


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return bot_wins_first_trick()


def test_a_finished_trick_stays_a_beat_before_the_sweep_and_the_next_lead(table_page: Page,
                                                                          scenario: Scenario) -> None:
    page, table = table_page, TableScreen(table_page)
    page.emulate_media(reduced_motion="no-preference")
    StartScreen(page).start(deal=scenario.code, pace="0.7 s")
    page.evaluate("() => { window.fiveHundredMotion = []; }")
    for step in scenario.plan:
        table.take(step)
        if step[0] == "play":
            break
    expect(page.locator("#arena .trick-card")).to_have_count(4)  # the whole trick, its winner's
    page.wait_for_function("() => (window.fiveHundredMotion ?? []).some((e) => e.kind === 'lead')", timeout=20_000)
    App(page).expect_turn("you")
    events: list[dict[str, Any]] = page.evaluate("() => { const e = window.fiveHundredMotion;"
                                                 " delete window.fiveHundredMotion; return e; }")
    kinds = [e["kind"] for e in events]
    sweep = kinds.index("sweep")
    assert kinds[sweep - 4:sweep] == ["play"] * 4 and kinds[sweep + 1] == "lead", kinds
    last, swept, lead = events[sweep - 1]["at"], events[sweep]["at"], events[sweep + 1]["at"]
    assert swept - last >= 2 * PACE_MS - 1  # the trick stayed, whole, two pauses
    assert lead - swept >= 0.3 * PACE_MS  # the lead starts once the sweep has gone (web/motion.js duration)
    expect(page.locator("#arena .trick-card")).to_have_count(1)
