"""The score chart (web/app/html/chart.py): its lines are the sheet's totals, at every table."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, score_chart  # noqa: E402
from app.table.view import table_view  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from tests.app.test_view import whole_game  # noqa: E402


def lines(html: str) -> list[list[tuple[float, float]]]:
    """Each side's polyline, as (x, y) in the chart's units."""
    return [[(float(x), float(y)) for x, y in (p.split(",") for p in pts.split())]
            for pts in re.findall(r'<polyline[^>]* points="([^"]*)"', html)]


def rule_at(html: str, cls: str) -> float:
    (y,) = re.findall(rf'<line class="{cls}" x1="\d+" x2="\d+" y1="([\d.]+)"', html)
    return float(y)


def values(html: str) -> list[list[int]]:
    """The totals the lines show, read back through the chart's own 0 and 500 rules, to the
    nearest 10 (the chart draws to a tenth of a unit: a few points)."""
    zero, five = rule_at(html, "zero"), rule_at(html, "target")
    return [[round((zero - y) * 50 / (zero - five)) * 10 for _, y in line] for line in lines(html)]


@pytest.mark.parametrize("sides", [2, 3, 4, 5, 6])
def test_each_side_has_a_line_of_its_totals(sides: int) -> None:
    names = [f"Side {i}" for i in range(sides)]
    totals = [[(h + 1) * 70 * (i - 2) for i in range(sides)] for h in range(9)]
    html = score_chart(names, totals)
    assert values(html) == [[0] + [row[i] for row in totals] for i in range(sides)]
    xs = [x for x, _ in lines(html)[0]]
    assert xs[0] == LEFT and xs[-1] == WIDTH - RIGHT and xs == sorted(xs)
    ys = [y for line in lines(html) for _, y in line]
    assert TOP <= min(ys) and max(ys) <= HEIGHT - BOTTOM
    assert len(set(re.findall(r'stroke-dasharray="([^"]*)"', html))) == sides - 1  # the first line is solid
    assert [f"Side {i}" in html for i in range(sides)] == [True] * sides


def test_the_win_and_lose_lines_are_marked_even_before_anyone_is_near() -> None:
    html = score_chart(["Us", "Them"], [[40, -40]])
    assert rule_at(html, "target lose") - rule_at(html, "zero") == pytest.approx(
        rule_at(html, "zero") - rule_at(html, "target"))
    assert ">500</text>" in html and ">−500</text>" in html
    wide = score_chart(["Us", "Them"], [[40, -40]], target=1000)
    assert ">1000</text>" in wide and ">−1000</text>" in wide
    assert 'class="target' not in score_chart(["Us", "Them"], [[40, -40]], target=0)


def test_the_chart_says_the_totals_in_words() -> None:
    html = score_chart(["You & North", "West & East"], [[120, -40], [-60, 80]])
    label = "Score chart, totals after each hand: You &amp; North 120, −60; West &amp; East −40, 80."
    assert f'role="img" aria-label="{label}"' in html and f"<title>{label}</title>" in html
    assert "no hand finished yet" in score_chart(["Us", "Them"], [])
    assert lines(score_chart(["Us", "Them"], [])) == [[(LEFT, rule_at(score_chart(["Us", "Them"], []), "zero"))]] * 2


def test_the_scores_dialog_charts_a_whole_games_sheet() -> None:
    session = whole_game(DealCode(4, 0))
    sheet = table_view(session).sheet
    app = App()
    app.session = session
    app.dispatch("dialog", "sheet")
    html = app.regions()["dialog"]
    chart = html[html.index('<svg class="chart'):]
    assert values(chart) == [[0] + [row.totals[i] for row in sheet.rows] for i in range(2)]
    assert values(chart)[0][-1] == session.match.totals[0]
