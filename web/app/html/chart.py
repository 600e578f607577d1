"""The score chart: each side's total after every hand, as an inline SVG line chart.

The sheet beside it carries the numbers; the chart's accessible name says the
totals too, so a screen reader loses nothing.  Each side has its own colour
(style.css, ``.chart .side-N``) and its own dash pattern and marker, so colour
is never the only cue.  ``target`` (the rules' 500, or 1000...) and minus it
are drawn as lines: where a side wins, and where it loses.
"""

from __future__ import annotations

from html import escape
from typing import Final

from app.html.cards import minus

WIDTH: Final = 320
HEIGHT: Final = 180
LEFT: Final = 40
"""Room for the value labels."""
RIGHT: Final = 8
TOP: Final = 8
BOTTOM: Final = 22
"""Room for the hand numbers."""
DASHES: Final = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
MARKERS: Final = ("circle", "square", "diamond", "triangle", "circle", "square")


def score_chart(sides: list[str], totals: list[list[int]], target: int = 500) -> str:
    """The chart of ``totals`` (one list per hand, a total per side, in the order of ``sides``);
    it starts at 0 before the first hand."""
    series = [[0] + [row[i] for row in totals] for i in range(len(sides))]
    values = [v for line in series for v in line] + ([target, -target] if target else [])
    low, high = _scale(min(values), max(values))
    hands = max(1, len(totals))

    def x(hand: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * hand / hands

    def y(value: int) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    grid = _hline("zero", y(0), "0")
    if target:
        grid += _hline("target", y(target), minus(target)) + _hline("target lose", y(-target), minus(-target))
    step = -(-hands // 10)  # ten hand numbers at most
    grid += "".join(f'<text class="hand-no" x="{x(h):.1f}" y="{HEIGHT - 6}" text-anchor="middle">{h}</text>'
                    for h in range(0, hands + 1, step))
    lines = ""
    for i, line in enumerate(series):
        dots = [(x(h), y(v)) for h, v in enumerate(line)]
        lines += (f'<g class="line line-{i}"><polyline fill="none" stroke-width="2.5"{_dash(i)} points="'
                  + " ".join(f"{px:.1f},{py:.1f}" for px, py in dots) + '"/>'
                  + "".join(_marker(MARKERS[i], px, py) for px, py in dots[1:]) + "</g>")
    words = chart_words(sides, totals)
    return (f'<svg class="chart sides-{len(sides)}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{escape(words)}"><title>{escape(words)}</title>{grid}{lines}</svg>'
            + _legend(sides))


def chart_words(sides: list[str], totals: list[list[int]]) -> str:
    """The chart in words: 'Score chart, totals after each hand: North–South 120, 40; East–West ...'."""
    if not totals:
        return "Score chart: no hand finished yet."
    return "Score chart, totals after each hand: " + "; ".join(
        f"{side} " + ", ".join(minus(row[i]) for row in totals) for i, side in enumerate(sides)) + "."


def _scale(low: int, high: int) -> tuple[int, int]:
    """The chart's range: the values', widened to whole hundreds (and never empty)."""
    low, high = min(low, 0) // 100 * 100, -(-max(high, 0) // 100) * 100
    return low, high if high > low else low + 100


def _hline(cls: str, at: float, label: str) -> str:
    return (f'<line class="{cls}" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{at:.1f}" y2="{at:.1f}"/>'
            f'<text class="value" x="{LEFT - 4}" y="{at + 4:.1f}" text-anchor="end">{label}</text>')


def _dash(side: int) -> str:
    return f' stroke-dasharray="{DASHES[side]}"' if DASHES[side] else ""


def _marker(shape: str, px: float, py: float) -> str:
    if shape == "square":
        return f'<rect x="{px - 3:.1f}" y="{py - 3:.1f}" width="6" height="6"/>'
    if shape == "diamond":
        return f'<path d="M{px:.1f} {py - 4:.1f}l4 4-4 4-4-4z"/>'
    if shape == "triangle":
        return f'<path d="M{px:.1f} {py - 4:.1f}l4 7h-8z"/>'
    return f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3"/>'


def _legend(sides: list[str]) -> str:
    """The sides' names, each beside its line's sample (the chart's key; hidden from screen
    readers, which have the chart's own words)."""
    items = "".join(
        f'<li class="line line-{i}"><svg viewBox="0 0 24 10" width="24" height="10" aria-hidden="true">'
        f'<line x1="0" x2="24" y1="5" y2="5" stroke-width="2.5"'
        f'{_dash(i)}/>{_marker(MARKERS[i], 12, 5)}</svg>'
        f'{escape(side)}</li>'
        for i, side in enumerate(sides))
    return f'<ul class="chart-key" aria-hidden="true">{items}</ul>'
