"""HTML of History & stats: the dialog, and its statistics' tables (app.history.stats.Stats.tables):
the player's contracts by level and denomination, the results with each level of partner, and a
finished tournament's final standings."""

from __future__ import annotations

from app.history.model import HistoryView
from app.history.stats import StatsTables
from app.html.cards import denomination_symbol
from app.html.tags import bid_html, button, tag, text, void
from app.table.session import NAMES
from app.tournament.session import ME
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


def history_dialog(view: HistoryView) -> str:
    """Statistics, finished games (exportable), kept-aside saves, and importing a game file."""
    title = text("h2", "History & stats", id="dialog-title", tabindex="-1", autofocus=True)
    stats = tag("ul", "".join(text("li", line) for line in view.stats), class_="stats")
    stats += figures(view.figures)
    games = "".join(tag("li", text("span", g.label) + standings(g.standings) + (
        button("Export", "export-finished", g.position, key=f"export-finished-{g.position}", cls="btn ghost")
        + button("Review", "review-open", g.position, key=f"review-finished-{g.position}", cls="btn ghost",
                 label=f"Review: {g.label}")
        if g.exportable else "")) for g in view.games)
    kept = "".join(tag("li", text("span", f"{k.at}: {k.problem}")
                       + button("Export", "export-kept", k.key, key=f"export-kept-{k.key}", cls="btn ghost")
                       + button("Delete", "ask-delete-kept", k.key, key=f"delete-kept-{k.key}",
                                cls="btn ghost", label=f"Delete the save kept aside {k.at}"))
                   for k in view.kept)
    load = tag("label", text("span", "Import a game file") + void(
        "input", type="file", accept=".json,application/json,.ptn", data_action="import", data_key="import"),
               class_="field")
    close = tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end")
    real = "".join(tag("li", text("span", g.label) + button("Open", "resume", g.id, key=f"open-{g.id}", cls="btn ghost",
                                                            label=f"Open: {g.label}")) for g in view.real)
    return (title + stats + text("h3", "Finished games") + (tag("ol", games, class_="games") if games
                                                            else text("p", "No finished games yet.", class_="muted"))
            + (text("h3", "Real games (score pad)") + tag("ol", real, class_="games real") if real else "")
            + (text("h3", "Saves that could not be read") + tag("ul", kept, class_="kept") if kept else "")
            + load + close)

