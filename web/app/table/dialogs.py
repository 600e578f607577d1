"""HTML of the table's dialogs: the score sheet, the rules help and the menu (with the page's
own settings); pure functions."""

from __future__ import annotations

from html import escape

from app.html.cards import minus
from app.html.chart import score_chart
from app.html.tags import bid_html, button, checkbox, points, select, tag, text
from app.table.help import Section
from app.table.model import Preference, SheetView, TableView


def preferences(prefs: tuple[Preference, ...], key: str = "") -> str:
    """The page's own settings (app.store.prefs) as checkboxes; ``key``: before each one's data-key."""
    return "".join(checkbox(p.label, f"{key}pref-{p.name}", f"pref:{p.name}", p.on) for p in prefs)


def help_sections(sections: list[Section]) -> str:
    """The rules help: a section per topic, the bid values as a table."""
    out = []
    for s in sections:
        body = "".join(text("p", p) for p in s.paragraphs)
        if s.table is not None:
            head = tag("tr", "".join(text("th", h, scope="col") for h in s.table.head))
            rows = "".join(tag("tr", text("th", r[0], scope="row") + "".join(text("td", c) for c in r[1:]))
                           for r in s.table.rows)
            body += tag("table", text("caption", "Bid values") + tag("thead", head) + tag("tbody", rows),
                        class_="values")
        out.append(tag("section", text("h3", s.title) + body, class_="help-section"))
    return "".join(out)


def score_sheet(sheet: SheetView) -> str:
    """Every hand with its points and the running totals (one column per side, to fit a phone)."""
    head = (text("th", "#", scope="col", aria_label="Hand") + text("th", "Contract", scope="col")
            + text("th", "Result", scope="col")
            + "".join(tag("th", escape(s) if s == short else tag("abbr", escape(short), title=s), scope="col",
                          class_="num") for s, short in zip(sheet.sides, sheet.short)))
    rows = ""
    for r in sheet.rows:
        scores = "".join(tag("td", text("span", points(p), class_="sub") + text("span", minus(t), class_="total"),
                             class_="num") for p, t in zip(r.points, r.totals))
        contract = bid_html(r.contract) + text("span", f"{r.dealer} dealt", class_="sub")
        rows += tag("tr", text("th", str(r.number), scope="row") + tag("td", contract) + text("td", r.result)
                    + scores)
    if not rows:
        rows = tag("tr", text("td", "No hand finished yet.", colspan=3 + len(sheet.sides)))
    totals = "".join(tag("td", text("span", minus(t), class_="total"), class_="num") for t in sheet.totals)
    return tag("div", tag("table", text("caption", "Score sheet") + tag("thead", tag("tr", head))
                          + tag("tbody", rows) + tag("tfoot", tag("tr", text("th", "Totals", scope="row", colspan=3)
                                                                  + totals)),
                          class_=f"sheet sides-{len(sheet.sides)}"),
               class_="sheet-wrap", role="region", aria_label="Score sheet", tabindex="0")  # it may scroll: a tab stop


def dialog(kind: str, view: TableView, prefs: tuple[Preference, ...]) -> str:
    """The body of a dialog: 'sheet', 'help' or 'menu' (with the page's settings, ``prefs``)."""
    close = tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end")
    titles = {"sheet": "Scores", "help": "How this table plays", "menu": "Menu"}
    title = text("h2", titles[kind], id="dialog-title", tabindex="-1", autofocus=True)
    rules = text("p", f"Rules: {view.rules_text}", class_="muted rules-words")
    if kind == "sheet":
        sheet = view.sheet
        chart = score_chart(list(sheet.sides), [list(r.totals) for r in sheet.rows], sheet.target)
        return title + tag("div", score_sheet(sheet) + tag("figure", chart, class_="chart-wrap"),
                           class_="sheet-chart") + rules + close
    if kind == "help":
        return title + rules + reopen() + help_sections(view.help) + close
    fields = (checkbox("Auto-play my hand", "menu-autoplay", "autoplay", view.autoplay)
              + select("Bot pause", "menu-pace", "pace", view.paces, view.pace_ms)
              + preferences(prefs, "menu-"))
    buttons = (button("Export game", "export", key="export") + button("Share this deal", "share", "deal", key="share")
               + button("History & stats", "dialog", "history", key="open-history")
               + button("New game", "new-game", key="new-game-menu")
               + button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"))
    return (title + tag("div", fields, class_="fields")
            + tag("p", f"Hand {view.hand_number}, deal code " + text("code", view.deal_code), class_="muted")
            + tag("div", buttons, class_="row"))


def reopen() -> str:
    """The Rules dialog's way back to the first-game guide (app.start.guide)."""
    return tag("p", button("Show the first-game guide", "guide", "open", key="guide-open", cls="btn"),
               class_="row")
