"""HTML of a tournament's views (app.tournament.view): the round bar over the table and
the standings screen."""

from __future__ import annotations

from app.html.cards import minus
from app.html.tags import button, points, tag, text
from app.tournament.view import OthersView, RoundBar, RoundTable, StandingsView


def round_bar(view: RoundBar) -> str:
    """'Round 2 of 6, hand 3 of 4' and the player's total, above the scores."""
    return tag("p", text("strong", view.text) + " " + text("span", f"Your total: {minus(view.total)}",
                                                               class_="round-total"),
               class_="round-bar")


def others_playing(view: OthersView) -> str:
    """The other table's progress while it plays its round (the standings come next)."""
    title = text("h1", view.title, id="standings-title", tabindex="-1")
    bar = tag("progress", "", max=str(view.hands), value=str(view.done), aria_label="Hands played there")
    return tag("div", title + tag("p", text("span", view.text), class_="standings-summary", role="status")
               + bar + tag("div", button("Menu", "dialog", "menu", key="open-menu-standings", cls="btn"), class_="row"),
               class_="standings-page others-playing", aria_labelledby="standings-title")


def standings(view: StandingsView) -> str:
    """The round's results per table, who moves, the standings, then the next round."""
    title = text("h1", view.title, id="standings-title", tabindex="-1")
    tables = "".join(_table(t) for t in view.tables)
    rows = "".join(tag("tr", text("td", str(s.place), class_="num") + text("th", s.name, scope="row")
                       + text("td", points(s.points), class_="num") + text("td", minus(s.total), class_="num"),
                       class_="me" if s.me else None) for s in view.standings)
    head = "".join(text("th", h, scope="col", class_=c) for h, c in (("Place", "num"), ("Player", None),
                                                                     ("This round", "num"), ("Total", "num")))
    table = tag("table", text("caption", view.caption) + tag("thead", tag("tr", head)) + tag("tbody", rows),
                class_="standings-table")
    following = ""
    if view.next_tables:
        lines = "".join(tag("li", text("strong", f"Table {t.number}: ") + _facing(t.pairs),
                            class_="mine" if t.mine else None) for t in view.next_tables)
        following = tag("section", text("h2", f"{view.next_round}: the new pairs") + tag("ul", lines),
                        class_="next-tables", aria_label="The next round's tables")
    if view.over:
        buttons = button("New game", "new-game", key="new-game-standings", cls="btn primary", autofocus=True)
    else:
        buttons = (button("Next round", "next-round", key="next-round", cls="btn primary big", autofocus=True)
                   + button("Menu", "dialog", "menu", key="open-menu-standings", cls="btn"))
    return tag("div", title + text("p", view.summary, class_="standings-summary")
               + tag("div", tables, class_="round-tables", role="group", aria_label="This round's tables")
               + tag("div", table, class_="standings-wrap") + following + tag("div", buttons, class_="row"),
               class_="standings-page", aria_labelledby="standings-title")


def _facing(pairs: tuple[str, ...]) -> str:
    """Two pairs facing each other: 'You & Eve against Cleo & Finn'."""
    return text("span", pairs[0]) + " against " + text("span", pairs[1])


def _table(table: RoundTable) -> str:
    pairs = "".join(tag("li", text("span", p.name) + (text("span", "moves", class_="moves") if p.moves else "")
                           + text("strong", points(p.points)),
                           class_="mine" if p.mine else None) for p in table.pairs)
    name = f"Table {table.number}" + (" (yours)" if table.mine else "")
    words = text("p", table.text, class_="muted") if table.text else ""
    return tag("section", text("h2", name) + tag("ul", pairs, class_="round-pairs") + words,
               class_="round-table mine" if table.mine else "round-table", aria_label=name)
