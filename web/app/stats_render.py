"""HTML of the statistics' tables in History & stats (app.stats.Stats.tables): the player's
contracts by level and denomination, the results with each level of partner, and a finished
tournament's final standings."""

from __future__ import annotations

from app.cards import denomination_symbol
from app.render import bid_html, tag, text
from app.stats import StatsTables
from app.tournament import ME, NAMES
from engine.bids import DENOMINATION_NAMES

PARTNER_HEAD = ("Partner", "Games won", "Hands", "Points a hand")


def figures(tables: StatsTables) -> str:
    """Both tables; the partners' only once a game with a partner is counted."""
    head = text("th", "Level", scope="col") + "".join(
        tag("th", bid_html(denomination_symbol(d)), scope="col", aria_label=name.capitalize())
        for d, name in enumerate(DENOMINATION_NAMES))
    rows = "".join(tag("tr", text("th", r[0], scope="row") + "".join(text("td", c) for c in r[1:]))
                   for r in tables.contracts)
    out = _table("Your contracts: made of bid", head, rows, "stats-contracts")
    if tables.partners:
        head = "".join(text("th", h, scope="col") for h in PARTNER_HEAD)
        rows = "".join(tag("tr", text("th", r[0], scope="row") + "".join(text("td", c) for c in r[1:]))
                       for r in tables.partners)
        out += _table("With each level of partner", head, rows, "stats-partners")
    return tag("div", out, class_="stats-tables")


def _table(caption: str, head: str, rows: str, cls: str) -> str:
    return tag("div", tag("table", text("caption", caption) + tag("thead", tag("tr", head)) + tag("tbody", rows),
                          class_=f"stats-table {cls}"), class_="sheet-wrap")


def standings(rows: list[list[str]]) -> str:
    """A finished tournament's final standings, under its line in History ('' if none kept)."""
    if not rows:
        return ""
    head = "".join(text("th", h, scope="col") for h in ("Place", "Player", "Points"))
    body = "".join(tag("tr", text("td", r[0]) + text("th", r[1], scope="row") + text("td", r[2]),
                       class_="me" if r[1] == NAMES[ME] else None) for r in rows)
    return _table("Final standings", head, body, "stats-standings")
