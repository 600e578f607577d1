"""HTML for the views: its building blocks, the start screen, the score sheet and the dialogs
(the table's regions are app.table_render's and app.panel_render's); pure functions.

Every control is a real ``<button>`` (or form control) with a name for
screen readers.  ``data-action`` / ``data-value`` say what a control does
(``web/main.py`` turns them into :meth:`app.controller.App.dispatch` calls);
``data-key`` names it so that focus survives a redraw; ``data-autofocus``
marks where focus goes when it was lost (the player's next decision).  No
inline styles: the site runs under a Content-Security-Policy without them.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from app.cards import minus
from app.chart import score_chart
from app.help import Section
from app.settings import Choice
from app.start_model import OptionGroup, RuleOption, StartView, TableChoice, TournamentChoice
from app.view_model import HistoryView, LinkResult, Preference, ReplayView, SheetView, ShareView, TableView

SUIT_COLOURS = {"♥": "red hearts", "♦": "red diamonds", "♠": "black spades", "♣": "black clubs"}
"""A suit symbol's classes: its colour, and its suit for the four-colour deck (style.css)."""


def attrs(**values: Any) -> str:
    """HTML attributes: '_' in names becomes '-' (a trailing one is dropped), True is a bare
    attribute, None and False are left out."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        elif value is not None and value is not False:
            out.append(f' {name}="{escape(str(value))}"')
    return "".join(out)


def tag(element: str, body: str = "", /, **values: Any) -> str:
    """An element: ``body`` is markup, already escaped."""
    return f"<{element}{attrs(**values)}>{body}</{element}>"


def void(element: str, /, **values: Any) -> str:
    """An element with no end tag: <input>."""
    return f"<{element}{attrs(**values)}>"


def text(element: str, words: str, /, **values: Any) -> str:
    """An element holding plain text."""
    return tag(element, escape(words), **values)


def button(words: str, action: str, value: Any = None, *, key: str = "", cls: str = "btn",
           label: str | None = None, disabled: bool = False, autofocus: bool = False, html: bool = False) -> str:
    """A button that dispatches ``action`` with ``value``; ``html``: ``words`` is markup."""
    return tag("button", words if html else escape(words), type="button", class_=cls, data_action=action,
               data_value=value, data_key=key or None, aria_label=label, disabled=disabled,
               data_autofocus=autofocus)


def select(label: str, key: str, action: str, choices: Iterable[Choice], current: object, **values: Any) -> str:
    """A labelled drop-down of its choices (those not enabled disabled)."""
    options = "".join(tag("option", escape(c.label), value=c.value, selected=c.value == current,
                          disabled=not c.enabled) for c in choices)
    return tag("div", text("label", label, for_=key) + tag("select", options, id=key, data_action=action,
                                                            data_key=key, **values), class_="field")


def checkbox(label: str, key: str, action: str, checked: bool, **values: Any) -> str:
    return tag("label", void("input", type="checkbox", checked=checked, data_action=action, data_key=key, **values)
               + text("span", label), class_="field check")


def preferences(prefs: tuple[Preference, ...], key: str = "") -> str:
    """The page's own settings (app.prefs) as checkboxes; ``key``: before each one's data-key."""
    return "".join(checkbox(p.label, f"{key}pref-{p.name}", f"pref:{p.name}", p.on) for p in prefs)


def points(n: int) -> str:
    """Points with their sign: '+200', '−300', '0'."""
    return f"+{n}" if n > 0 else minus(n)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bid_html(words: str) -> str:
    """A bid's short text, its suit symbol coloured: '7♥' -> 7<span class="red">♥</span>."""
    colour = SUIT_COLOURS.get(words[-1:])
    return escape(words[:-1]) + text("span", words[-1], class_=colour) if colour else escape(words)


# --- the start screen ------------------------------------------------------------
def start(view: StartView, resume: str = "", prefs: tuple[Preference, ...] = ()) -> str:
    """The start screen; ``resume``: the games in progress (app.games_render), above the form;
    ``prefs``: the page's own settings (app.prefs)."""
    tour = view.tournament
    choices: tuple[TableChoice | TournamentChoice, ...] = (*view.tables, tour)
    tables = select("Table", "table-choice", "set:table", (Choice(t.value, t.label) for t in choices),
                    next(t.value for t in choices if t.chosen))
    bots = "".join(select(s.name, f"level-{s.seat}", f"set:level:{s.seat}", s.levels, s.level) for s in view.seats)
    if tour.chosen:
        bots = (select("All seven bots", "level-all", "set:level:all", tour.levels, tour.level)
                + select("Rounds", "rounds", "set:rounds", tour.round_choices, tour.rounds))
    summary = "changed: " + view.rules_text if view.changed else "the table's usual rules"
    rules = (tag("summary", "Table rules " + text("span", f"({summary})", class_="muted"))
             + "".join(_option_group(g) for g in view.groups)
             + tag("p", button("Back to the table’s usual rules", "reset-rules", key="reset-rules")))
    deal = tag("label", tag("span", "Deal code " + text("span", "(optional)", class_="muted"))
               + void("input", id="deal-code", name="deal", value=view.deal, placeholder="e.g. 1-0-k3x9a",
                      autocomplete="off", spellcheck="false", data_action="set:deal", data_key="deal"), class_="field")
    play = (select("Bot pause", "pace", "set:pace", view.paces, view.pace_ms)
            + checkbox("Auto-play my hand", "autoplay", "set:autoplay", view.autoplay)
            + preferences(prefs) + ("" if tour.chosen else deal))
    message = text("p", view.message, class_="form-message", role="alert") if view.message else ""
    form = (tag("div", tables, class_="tables")
            + tag("fieldset", text("legend", "Bots") + tag("div", bots, class_="fields"), class_="bots")
            + ("" if tour.chosen else tag("details", rules, class_="rules-options", data_key="rules-options"))
            + tag("fieldset", text("legend", "Play") + tag("div", play, class_="fields"), class_="play-options")
            + message + tag("button", "Start the tournament" if tour.chosen else "Deal", type="submit",
                            class_="btn primary big", data_key="start", data_autofocus=True))
    brand = text("h1", "Five Hundred") + text("p", "The card game 500: you sit South, the bots take the other seats.")
    how = tag("details", text("summary", "How this table plays") + help_sections(view.help),
              class_="help-inline", data_key="start-help")
    return tag("div", tag("header", brand, class_="brand") + resume
               + tag("form", form, id="start-form", class_="start-form", novalidate=True) + how, class_="start-wrap")


def _option_group(group: OptionGroup) -> str:
    return tag("fieldset", text("legend", group.name) + "".join(_option(o) for o in group.options),
               class_="option-group")


def _option(option: RuleOption) -> str:
    """A table rule: a switch or a drop-down whose invalid choices are disabled, with its help."""
    name, help_id = option.name, f"help-{option.name}"
    if option.kind == "switch":
        enabled = all(c.enabled for c in option.choices)
        control = checkbox(option.label, f"rule-{name}", f"set:rule:{name}", option.value == "on",
                           disabled=not enabled, aria_describedby=help_id)
    else:
        control = select(option.label, f"rule-{name}", f"set:rule:{name}", option.choices, option.value,
                         aria_describedby=help_id)
    return tag("div", control + text("p", option.help, class_="help", id=help_id), class_="option")


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


# --- the score sheet (a dialog, and the end of a game) ----------------------------
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


# --- dialogs -----------------------------------------------------------------------
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
        from app.guide import reopen  # it builds on this module
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


# --- saves, history and links -------------------------------------------------------
def app_notice(words: str, kept: str = "", reload: bool = False, table: bool = False) -> str:
    """A notice about saving or a link, above the screen; ``kept``: a kept-aside save's key;
    ``reload``: the game was played on in another tab, and can be reloaded here; ``table``: over
    the seats, which need the height: its first sentence, the rest on request."""
    export = button("Export the unreadable save", "export-kept", kept, key="export-kept") if kept else ""
    if reload:
        export += button("Reload the game", "reload-game", key="reload-game", cls="btn primary")
    dismiss = button("Dismiss", "dismiss", key="dismiss", cls="btn ghost")
    first, _, rest = words.partition(". ")
    if table and rest:
        said = tag("details", text("summary", first + ".") + text("p", rest), data_key="notice-more")
    else:
        said = text("p", words)
    return tag("div", said + tag("div", export + dismiss, class_="row"),
               class_="notice app-notice" + (" at-table" if table else ""), role="status")


def history_dialog(view: HistoryView) -> str:
    """Statistics, finished games (exportable), kept-aside saves, and importing a game file."""
    from app import stats_render  # it builds on this module
    title = text("h2", "History & stats", id="dialog-title", tabindex="-1", autofocus=True)
    stats = tag("ul", "".join(text("li", line) for line in view.stats), class_="stats")
    stats += stats_render.figures(view.figures)
    games = "".join(tag("li", text("span", g.label) + stats_render.standings(g.standings) + (
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
    return (title + stats + text("h3", "Finished games") + (tag("ol", games, class_="games") if games
                                                            else text("p", "No finished games yet.", class_="muted"))
            + (text("h3", "Saves that could not be read") + tag("ul", kept, class_="kept") if kept else "")
            + load + close)


def share_dialog(view: ShareView) -> str:
    """A link to copy (the share, challenge or replay link)."""
    url = view.url
    field = tag("label", text("span", view.words) + void("input", type="text", readonly=True, value=url,
                                                           data_key="share-url", class_="share-url"), class_="field")
    buttons = (button("Copy the link", "copy-link", url, key="copy-link", cls="btn primary")
               # the system's share sheet, where the browser has one (the page shows it then)
               + tag("button", "Share…", type="button", class_="btn", data_action="web-share", data_value=url,
                     data_key="web-share", hidden=True)
               + tag("a", "Open the link", href=url, class_="btn ghost", data_key="share-open"))
    return (text("h2", view.title, id="dialog-title", tabindex="-1", autofocus=True) + field
            + tag("div", buttons, class_="row") + tag("p", "", class_="copy-status", role="status")
            + tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end"))


def link_results(results: tuple[LinkResult, ...]) -> str:
    """After a shared hand: the challenge and replay links, and both results side by side."""
    shown = "".join(tag("div", text("h3", r.who) + text("p", r.text), class_="link-result") for r in results)
    buttons = (button("Challenge a friend", "share", "challenge", key="challenge", cls="btn")
               + button("Replay link", "share", "replay", key="replay-link", cls="btn ghost"))
    return tag("section", (tag("div", shown, class_="link-results", role="group", aria_label="Results")
                           if shown else "") + tag("div", buttons, class_="row"), class_="shared-deal")


def replay_dialog(view: ReplayView) -> str:
    """A played hand, step by step: the bids and tricks so far."""
    lines = "".join(text("li", line) for line in view.lines)
    nav = (button("Previous", "replay-step", "-", key="replay-prev", disabled=view.step <= 0)
           + button("Next", "replay-step", "+", key="replay-next", disabled=view.step >= view.steps,
                    autofocus=True)
           + button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"))
    return (text("h2", "Replay", id="dialog-title", tabindex="-1") + text("p", view.title, class_="muted")
            + text("p", f"Step {view.step} of {view.steps}", class_="replay-step")
            + tag("ol", lines, class_="replay-lines") + tag("div", nav, class_="row"))
