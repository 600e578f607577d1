"""A table that feels like cards (issue 15): the score chart beside the sheet, the four-colour
deck, and sounds.  Screenshots in screenshots/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from app.chart import chart_words
from pages import App, StartScreen, TableScreen
from test_layout import SHOTS, VIEWPORTS

HANDS_CHARTED = 3


@pytest.mark.parametrize(("table", "sides"), [("Standard", 2), ("Cutthroat", 3), ("Six-handed, three", 3)])
def test_the_scores_dialog_charts_every_hands_totals(browser: Browser, site_url: str, table: str,
                                                      sides: int) -> None:
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    app, start, at_table = App(page), StartScreen(page), TableScreen(page)
    app.open()
    app.expect_ready()
    start.start(table, autoplay=True)
    dialog = at_table.open_dialog("Scores")
    chart = dialog.get_by_role("img", name=re.compile("^Score chart"))
    expect(chart).to_be_visible()
    page.wait_for_function(f"document.querySelectorAll('#dialog .chart .line-0 > :not(polyline)').length"
                           f" >= {HANDS_CHARTED}", timeout=240_000)
    at_table.close_dialog()  # auto-play off, so that the sheet and the chart stay still
    at_table.tool("Menu").click()
    dialog.get_by_role("checkbox", name="Auto-play my hand").set_checked(False)
    at_table.close_dialog()
    app.expect_turn(re.compile("^(you|hand-over|game-over)$"), timeout=120_000)
    at_table.open_dialog("Scores")
    expect(chart.locator(".line polyline")).to_have_count(sides)
    names = dialog.locator("table.sheet thead th.num").evaluate_all("els => els.map(e => e.querySelector('abbr')?.title || e.textContent)")
    rows = dialog.locator("table.sheet tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('.total')].map(t => t.textContent))")
    totals = [[int(t.replace("−", "-")) for t in row] for row in rows]
    assert len(totals) >= HANDS_CHARTED and len(names) == sides
    expect(chart).to_have_attribute("aria-label", chart_words(names, totals))
    expect(dialog.locator(".chart-key li")).to_have_count(sides)
    expect(chart.locator("text", has_text=re.compile("^−500$"))).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"score-chart-{table.split(',')[0].lower()}.png")
    context.close()
