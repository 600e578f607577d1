"""Offline: a game saved while online resumes, and plays on, after the server is gone."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import find, passer
from e2e.site.test_pwa import built, expect_offline_ready, open_app, profile, scratch_site, served

__all__ = ["built", "profile"]  # fixtures


@pytest.mark.probe("offline and updates")
def test_offline_reload_resumes_and_plays_the_hand(built: Path, tmp_path: Path,
                                                   profile: BrowserContext) -> None:
    found = find("standard", lambda s: s.session.hand.contract is not None, passer)
    half = len(found.plan) // 2
    site = scratch_site(built, tmp_path / "site")
    page = profile.new_page()
    table = TableScreen(page)
    with served(site) as url:
        app = open_app(page, url)
        expect_offline_ready(page)
        app.expect_ready()
        StartScreen(page).start(deal=found.code)
        for step in found.plan[:half]:
            table.take(step)
        app.expect_turn("you")

    page.reload(wait_until="domcontentloaded")  # the server is gone
    App(page).expect_ready()
    for step in found.plan[half:]:
        table.take(step)
    app.expect_turn("hand-over")
    assert tuple(table.totals()) == found.session.match.totals
