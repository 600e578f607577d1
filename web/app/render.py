"""HTML for the view models: pure functions from plain data to markup.

Every control is a real ``<button>`` (or form control) with a name for
screen readers.  ``data-action`` / ``data-value`` say what a control does
(``web/main.py`` turns them into :meth:`app.controller.App.dispatch` calls);
``data-key`` names it so that focus survives a redraw; ``data-autofocus``
marks where focus goes when it was lost (the player's next decision).  No
inline styles: the site runs under a Content-Security-Policy without them.
"""

from __future__ import annotations

from html import escape
from typing import Any

from app import svg
from app.cards import minus
from app.chart import score_chart

View = dict[str, Any]
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


def select(label: str, key: str, action: str, choices: list[View], current: Any, **values: Any) -> str:
    """A labelled drop-down of {"value", "label", optional "enabled"} choices."""
    options = "".join(tag("option", escape(c["label"]), value=c["value"], selected=c["value"] == current,
                          disabled=not c.get("enabled", True)) for c in choices)
    return tag("div", text("label", label, for_=key) + tag("select", options, id=key, data_action=action,
                                                            data_key=key, **values), class_="field")


def checkbox(label: str, key: str, action: str, checked: bool, **values: Any) -> str:
    return tag("label", void("input", type="checkbox", checked=checked, data_action=action, data_key=key, **values)
               + text("span", label), class_="field check")


def preferences(prefs: list[View], key: str = "") -> str:
    """The page's own settings (app.prefs) as checkboxes; ``key``: before each one's data-key."""
    return "".join(checkbox(p["label"], f"{key}pref-{p['name']}", f"pref:{p['name']}", p["on"]) for p in prefs)


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
def start(view: View, resume: str = "", prefs: list[View] | None = None) -> str:
    """The start screen; ``resume``: the games in progress (app.games_render), above the form;
    ``prefs``: the page's own settings (app.prefs)."""
    tour = view["tournament"]
    choices = [*view["tables"], tour]
    tables = select("Table", "table-choice", "set:table", choices, next(t["value"] for t in choices if t["chosen"]))
    bots = "".join(select(s["name"], f"level-{s['seat']}", f"set:level:{s['seat']}", s["levels"], s["level"])
                   for s in view["seats"])
    if tour["chosen"]:
        bots = (select("All seven bots", "level-all", "set:level:all", tour["levels"], tour["level"])
                + select("Rounds", "rounds", "set:rounds", tour["round_choices"], tour["rounds"]))
    summary = "changed: " + view["rules_text"] if view["changed"] else "the table's usual rules"
    rules = (tag("summary", "Table rules " + text("span", f"({summary})", class_="muted"))
             + "".join(_option_group(g) for g in view["groups"])
             + tag("p", button("Back to the table’s usual rules", "reset-rules", key="reset-rules")))
    deal = tag("label", tag("span", "Deal code " + text("span", "(optional)", class_="muted"))
               + void("input", id="deal-code", name="deal", value=view["deal"], placeholder="e.g. 1-0-k3x9a",
                      autocomplete="off", spellcheck="false", data_action="set:deal", data_key="deal"), class_="field")
    play = (select("Bot pause", "pace", "set:pace", view["paces"], view["pace_ms"])
            + checkbox("Auto-play my hand", "autoplay", "set:autoplay", view["autoplay"])
            + preferences(prefs or []) + ("" if tour["chosen"] else deal))
    message = text("p", view["message"], class_="form-message", role="alert") if view["message"] else ""
    form = (tag("div", tables, class_="tables")
            + tag("fieldset", text("legend", "Bots") + tag("div", bots, class_="fields"), class_="bots")
            + ("" if tour["chosen"] else tag("details", rules, class_="rules-options", data_key="rules-options"))
            + tag("fieldset", text("legend", "Play") + tag("div", play, class_="fields"), class_="play-options")
            + message + tag("button", "Start the tournament" if tour["chosen"] else "Deal", type="submit",
                            class_="btn primary big", data_key="start", data_autofocus=True))
    brand = text("h1", "Five Hundred") + text("p", "The card game 500: you sit South, the bots take the other seats.")
    how = tag("details", text("summary", "How this table plays") + help_sections(view["help"]),
              class_="help-inline", data_key="start-help")
    return tag("div", tag("header", brand, class_="brand") + resume
               + tag("form", form, id="start-form", class_="start-form", novalidate=True) + how, class_="start-wrap")


def _option_group(group: View) -> str:
    return tag("fieldset", text("legend", group["name"]) + "".join(_option(o) for o in group["options"]),
               class_="option-group")


def _option(option: View) -> str:
    """A table rule: a switch or a drop-down whose invalid choices are disabled, with its help."""
    name, help_id = option["name"], f"help-{option['name']}"
    if option["kind"] == "switch":
        enabled = all(c["enabled"] for c in option["choices"])
        control = checkbox(option["label"], f"rule-{name}", f"set:rule:{name}", option["value"] == "on",
                           disabled=not enabled, aria_describedby=help_id)
    else:
        control = select(option["label"], f"rule-{name}", f"set:rule:{name}", option["choices"], option["value"],
                         aria_describedby=help_id)
    return tag("div", control + text("p", option["help"], class_="help", id=help_id), class_="option")


def help_sections(sections: list[View]) -> str:
    """The rules help: a section per topic, the bid values as a table."""
    out = []
    for s in sections:
        body = "".join(text("p", p) for p in s["paragraphs"])
        if "table" in s:
            head = tag("tr", "".join(text("th", h, scope="col") for h in s["table"]["head"]))
            rows = "".join(tag("tr", text("th", r[0], scope="row") + "".join(text("td", c) for c in r[1:]))
                           for r in s["table"]["rows"])
            body += tag("table", text("caption", "Bid values") + tag("thead", head) + tag("tbody", rows),
                        class_="values")
        out.append(tag("section", text("h3", s["title"]) + body, class_="help-section"))
    return "".join(out)


# --- the table ------------------------------------------------------------------
def table(view: View, fresh: bool) -> dict[str, str]:
    """The table's regions: 'top', 'arena', 'panel', 'hand'.  ``fresh``: animate the newest
    card on the table (it was just played)."""
    return {"top": _top(view), "arena": _arena(view, fresh), "panel": _panel(view), "hand": _hand(view)}


def _top(view: View) -> str:
    """Scores and tricks per side, the tools, the contract."""
    sides = ""
    for s in view["sides"]:
        shown = view["phase"] in ("play", "over")
        tricks = text("span", plural(s["tricks"], "trick"), class_="side-tricks") if shown else ""
        sides += tag("div", text("span", s["name"], class_="side-name")
                     + text("span", points(s["total"]), class_="side-total", aria_label=f"{s['total']} points")
                     + tricks, class_="side mine" if s["mine"] else "side")
    reviewing = view["trick"]["reviewing"]
    tools = ((text("span", f"Game to {view['target']}", class_="target") if view["target"] else "")
             + button("Last trick", "review", key="review", disabled=not view["can_review"] and not reviewing,
                      cls="btn tool on" if reviewing else "btn tool")
             + button("Scores", "dialog", "sheet", key="open-sheet", cls="btn tool")
             + button("Rules", "dialog", "help", key="open-help", cls="btn tool")
             + button("Menu", "dialog", "menu", key="open-menu", cls="btn tool"))
    contract = ""
    if c := view["contract"]:
        verb = "bid" if c["declarer"] == "You" else "bids"
        words = escape(f"{c['declarer']} {verb} {c['label']} ({c['value']}), {c['goal']}") + _called(c)
        words += escape(". " + " ".join(note for note in (c["note"], c["joker"]) if note)).rstrip()
        contract = tag("p", tag("strong", bid_html(c["text"]), class_="bid-text") + " " + tag("span", words),
                       class_="contract")
    return (tag("div", sides, class_="scores", role="group", aria_label="Scores")
            + tag("nav", tools, class_="tools", aria_label="Game") + contract)


def _called(contract: View) -> str:
    """Five players: ', calling the A♠' (the card named for screen readers) or ', playing alone'."""
    if called := contract["called"]:
        if called["short"] == "JK":  # no suit symbol: the word
            return ", calling the " + escape(called["label"])
        return ", calling the " + tag("span", bid_html(called["short"]), class_="called-card", role="img",
                                      aria_label=called["label"])
    return ", playing alone" if contract["alone"] else ""


def _arena(view: View, fresh: bool) -> str:
    seats = "".join(_seat(s) for s in view["seats"])
    others = "".join(_piles(p, view) for p in view["piles"] if not p["me"])
    mine = "".join(_piles(p, view) for p in view["piles"] if p["me"])
    return tag("div", seats + others + tag("div", _center(view, fresh), class_="center") + mine,
               class_=f"arena players-{view['players']}")


def _seat(seat: View) -> str:
    """A seat: name, who plays it, dealer, cards left (or an open hand, or laid down), call, tricks."""
    classes = ["seat", f"seat-{seat['place']}"] + [f.replace("_", "-") for f in ("me", "to_act", "declarer",
                                                                                  "sitting_out") if seat[f]]
    head = text("span", seat["name"], class_="seat-name")
    if seat["dealer"]:
        head += text("span", "D", class_="chip", title="Dealer", aria_label="dealer")
    if seat["to_act"] and not seat["me"]:
        head += tag("span", class_="thinking", aria_hidden="true")
    foot = ""
    if seat["call"]:
        foot += tag("span", bid_html(seat["call"]), class_="call")
    if seat["tricks"] is not None and not seat["sitting_out"]:
        foot += text("span", plural(seat["tricks"], "trick"), class_="won")
    if seat["sitting_out"]:
        foot += text("span", "Sitting out", class_="out-tag")
    if seat["role"]:
        foot += text("span", seat["role"], class_="role-tag " + seat["role"].split()[0].lower())
    if seat["me"]:
        body = ""
    elif seat["exposed"]:
        body = _open_hand(seat)
    else:
        n = seat["cards"]
        label = plural(n, "card") + (", laid down: sitting out" if seat["sitting_out"] else "")
        backs = "".join(tag("span", svg.back(), class_="mini") for _ in range(min(n, 13)))
        body = tag("div", backs, class_="mini-hand laid-down" if seat["sitting_out"] else "mini-hand",
                   role="img", aria_label=label)
    return tag("section", tag("div", head, class_="seat-head") + text("div", seat["who"], class_="seat-who") + body
               + tag("div", foot, class_="seat-foot"), class_=" ".join(classes),
               aria_label=f"{seat['name']}: {seat['who']}")


def _open_hand(seat: View) -> str:
    """An open misere hand, laid face up: a line of ranks per suit, each card named for screen readers."""
    lines: dict[str, list[View]] = {}
    for c in seat["exposed"]:
        lines.setdefault(c["suit"], []).append(c)
    items = "".join(
        tag("li", text("span", cards[0]["short"][len(cards[0]["rank"]):] or "★", class_="sym", aria_hidden="true")
            + "".join(text("span", c["rank"], role="img", aria_label=c["label"]) for c in cards),
            class_=cards[0]["colour"])
        for cards in lines.values())
    return tag("ul", items, class_="open-hand", aria_label=f"{seat['name']}'s open hand")


def _center(view: View, fresh: bool) -> str:
    """The middle of the table: the bidding so far, or the cards of the trick in front of each seat."""
    trick = view["trick"]
    if view["phase"] == "auction" or (not trick["cards"] and view["auction"]):
        return _auction(view)
    if not trick["cards"]:
        return ""
    cards = ""
    last = len(trick["cards"]) - 1
    for i, c in enumerate(trick["cards"]):
        cls = f"trick-card at-{c['place']}" + (" winner" if c["winner"] else "") + (" called" if c["called"] else "")
        cls += " fresh" if fresh and i == last and not trick["winner"] else ""
        label = (f"{c['seat']}: {c['label']}" + (", the called card" if c["called"] else "")
                 + (", winning" if c["winner"] else ""))
        caption = text("span", c["caption"], class_="trick-who", aria_hidden="true") if c["caption"] else ""
        cards += tag("div", svg.face(c) + caption, class_=cls, role="img", aria_label=label)
    title = text("p", trick["title"], class_="trick-title reviewing" if trick["reviewing"] else "trick-title")
    return tag("div", cards, class_="trick", role="group", aria_label=trick["title"]) + title


def _auction(view: View) -> str:
    if not view["auction"]:
        return text("p", "The bidding starts left of the dealer.", class_="auction-empty")
    calls = "".join(tag("li", text("span", c["seat"], class_="who")
                        + tag("span", bid_html(c["text"]), class_="what", aria_label=c["label"]),
                        class_="pass" if c["pass"] else "bid") for c in view["auction"])
    return tag("div", text("h2", "Bidding", class_="sr-title") + tag("ol", calls, class_="calls"), class_="auction")


def _panel(view: View) -> str:
    """What the player decides now (or waits for), with any notice on top."""
    prompt = view["prompt"]
    kind = prompt["kind"]
    notice = text("p", view["notice"], class_="notice", role="status") if view["notice"] else ""
    hint = button("Hint", "hint", key="hint", cls="btn ghost")
    if kind == "wait":
        body = text("p", prompt["text"], class_="status")
    elif kind == "bid":
        body = text("p", prompt["text"], class_="status") + _bids(prompt) + tag("div", hint, class_="row")
    elif kind == "discard":
        ready = prompt["chosen"] == prompt["need"]
        put_back = button(f"Put back {prompt['chosen']} of {prompt['need']}", "discard", key="discard",
                          cls="btn primary", disabled=not ready, autofocus=ready)
        body = text("p", prompt["text"], class_="status") + tag("div", put_back + hint, class_="row")
    elif kind in ("joker", "name-suit"):
        body = _suit_choice(prompt)
    elif kind == "call":
        body = _call_picker(prompt, hint)
    elif kind == "play":
        play = button("Play " + prompt["selected"] if prompt["selected"] else "Play", "play", key="play",
                      cls="btn primary", disabled=not prompt["can_play"])
        card = "a face-up card of your piles" if prompt["from"] == "piles" else "a card"
        how = text("span", f"Tap {card}, then Play (or tap it again).", class_="muted")
        body = tag("p", escape(prompt["text"]) + " " + how, class_="status") + tag("div", play + hint, class_="row")
    elif kind == "hand-over":
        body = _hand_over(prompt)
    else:
        body = _game_over(view, prompt)
    return notice + body


def _suit_choice(prompt: View) -> str:
    """Give the joker a suit (or none), or name the suit a led joker calls for."""
    action = "joker" if prompt["kind"] == "joker" else "name"
    suits = "".join(button(text("span", s["symbol"], class_=f"sym {s['colour']}") + " " + escape(s["label"]),
                           action, s["value"], key=f"{action}-{s['value']}", cls="btn suit", label=s["label"],
                           html=True, autofocus=i == 0) for i, s in enumerate(prompt["suits"]))
    if action == "joker":
        suits += button("Keep it without a suit", "joker", 4, key="joker-4")
    else:
        suits += button("Cancel", "cancel", key="cancel", cls="btn ghost")
    return text("p", prompt["text"], class_="status") + tag("div", suits, class_="row suits")


def _call_picker(prompt: View, hint: str) -> str:
    """Five players: the cards that may be called, a row per suit as they play, then Call or Play alone."""
    rows = ""
    first = None if prompt["chosen"] or not prompt["groups"] else prompt["groups"][0]["cards"][0]["id"]
    for g in prompt["groups"]:
        cells = "".join(tag("button", bid_html(c["text"]), type="button", class_=f"btn call-card {c['colour']}",
                            data_action="call-card", data_value=c["id"], data_key=f"call-{c['id']}",
                            aria_label=c["label"], aria_pressed="true" if c["selected"] else "false",
                            data_autofocus=c["id"] == first) for c in g["cards"])
        rows += tag("div", text("span", g["symbol"], class_=f"call-sym {g['colour']}", aria_hidden="true")
                    + tag("div", cells, class_="call-cards"), class_="call-suit", role="group", aria_label=g["title"])
    chosen = prompt["chosen"]
    call = button(f"Call the {chosen}" if chosen else "Call a card", "call", key="call", cls="btn primary",
                  disabled=not chosen, autofocus=bool(chosen))
    alone = button("Play alone", "alone", key="alone") if prompt["can_alone"] else ""
    return (tag("p", escape(prompt["text"]) + " " + text("span", prompt["share"], class_="muted"), class_="status")
            + tag("div", rows, class_="call-grid", role="group", aria_label="Cards you can call")
            + tag("div", call + alone + hint, class_="row"))


def _bids(prompt: View) -> str:
    """The legal bids, each with its value: a grid of tricks by suit, then misere and pass."""
    grid = [b for b in prompt["bids"] if not b["misere"]]
    low = min((b["tricks"] for b in grid), default=6)
    cells = special = ""
    for b in prompt["bids"]:
        body = tag("span", bid_html(b["text"]), class_="bid-text") + " " + text("span", str(b["value"]), class_="bid-value")
        if b["misere"]:
            body += " " + text("span", b["note"], class_="bid-rank")
        cls = "btn bid misere" if b["misere"] else f"btn bid col-{b['column']} row-{b['tricks'] - low + 1}"
        if b["misere"]:  # the name starts with the visible text (axe-core's label-in-name)
            label = " ".join(t for t in (b["text"], str(b["value"]), b["note"]) if t)
        else:
            label = f"{b['text']} {b['value']} points: {b['label']}" + (f", {b['note']}" if b["note"] else "")
        cell = button(body, "bid", b["action"], key="bid-" + b["action"], cls=cls, label=label, html=True)
        if b["misere"]:
            special += cell
        else:
            cells += cell
    if prompt["can_pass"]:
        special += button("Pass", "bid", "pass", key="bid-pass", cls="btn pass", autofocus=True)
    return tag("div", tag("div", cells, class_="bids", role="group", aria_label="Bids you can make")
               + tag("div", special, class_="row bids-extra"), class_="bidding")


def _hand_over(prompt: View) -> str:
    """The hand just played: contract, what happened and why, points to each side."""
    lines = "".join(tag("li", text("span", p["name"]) + (text("span", p["role"], class_="muted") if p["role"] else "")
                        + text("strong", points(p["points"]))) for p in prompt["points"])
    result = escape(prompt["text"]) + (" " + text("span", prompt["next"], class_="muted") if prompt["next"] else "")
    buttons = (button(prompt.get("next_button", "Next hand"), "next", key="next", cls="btn primary", autofocus=True)
               + button("Score sheet", "dialog", "sheet", key="sheet-inline", cls="btn ghost")
               + button("Review this hand", "review-open", "", key="review-open", cls="btn ghost"))
    return tag("section", text("h2", prompt["title"]) + (text("p", prompt["contract"]) if prompt["contract"] else "")
               + tag("p", result, class_="result-text") + tag("ul", lines, class_="result-points")
               + tag("div", buttons, class_="row"), class_="result", aria_label=f"{prompt['title']} result")


def _game_over(view: View, prompt: View) -> str:
    """Who won and how, the last hand, the whole score sheet."""
    last = f"{prompt['title']}: {prompt['contract']} {prompt['text']}"
    buttons = (button("New game", "new-game", key="new-game", cls="btn primary", autofocus=True)
               + button("Export game", "export", key="export-end")
               + button("Review the last hand", "review-open", "", key="review-open", cls="btn ghost"))
    return tag("section", text("h2", "Game over") + text("p", view["outcome"], class_="outcome") + text("p", last)
               + score_sheet(view["sheet"]) + tag("div", buttons, class_="row"),
               class_="result game-over", aria_label="Game over")


def score_sheet(sheet: View) -> str:
    """Every hand with its points and the running totals (one column per side, to fit a phone)."""
    head = (text("th", "#", scope="col", aria_label="Hand") + text("th", "Contract", scope="col")
            + text("th", "Result", scope="col")
            + "".join(tag("th", escape(s) if s == short else tag("abbr", escape(short), title=s), scope="col",
                          class_="num") for s, short in zip(sheet["sides"], sheet["short"])))
    rows = ""
    for r in sheet["rows"]:
        scores = "".join(tag("td", text("span", points(p), class_="sub") + text("span", minus(t), class_="total"),
                             class_="num") for p, t in zip(r["points"], r["totals"]))
        contract = bid_html(r["contract"]) + text("span", f"{r['dealer']} dealt", class_="sub")
        rows += tag("tr", text("th", str(r["number"]), scope="row") + tag("td", contract) + text("td", r["result"])
                    + scores)
    if not rows:
        rows = tag("tr", text("td", "No hand finished yet.", colspan=3 + len(sheet["sides"])))
    totals = "".join(tag("td", text("span", minus(t), class_="total"), class_="num") for t in sheet["totals"])
    return tag("div", tag("table", text("caption", "Score sheet") + tag("thead", tag("tr", head))
                          + tag("tbody", rows) + tag("tfoot", tag("tr", text("th", "Totals", scope="row", colspan=3)
                                                                  + totals)),
                          class_=f"sheet sides-{len(sheet['sides'])}"), class_="sheet-wrap")


def _hand(view: View) -> str:
    """The player's hand: a fan of card buttons, named with their state ('from the kitty', ...)."""
    cards = view["hand"]
    out_of_it = any(s["me"] and s["sitting_out"] for s in view["seats"])  # a partner's misère
    prompt = view["prompt"]
    picking = prompt["kind"] == "discard" and prompt["chosen"] < prompt["need"]
    first = next((c["id"] for c in cards if c["legal"] or picking), None)  # where the keyboard starts
    out = "".join(_card_button(c, view, f"i{i}", c["id"] == first) for i, c in enumerate(cards))
    label = f"Your hand, {plural(len(cards), 'card')}" + (", laid down: you sit out" if out_of_it else "")
    return tag("div", out, class_=f"hand n{len(cards)}" + (" laid-down" if out_of_it else ""), role="group",
               aria_label=label)


def _card_button(c: View, view: View, cls: str, autofocus: bool) -> str:
    """A card the player taps (of the hand or face up on their piles), named with its state
    ('from the kitty', 'selected', ...) and dimmed when it cannot be played now."""
    playing, discarding = view["prompt"]["kind"] == "play", view["prompt"]["kind"] == "discard"
    dim = playing and not c["legal"]
    states = [words for flag, words in (("kitty", "from the kitty"), ("called", "the called card"),
                                        ("picked", "chosen to put back"), ("selected", "selected"),
                                        ("covering", "on a face-down card"))
              if c.get(flag)]
    states += ["cannot be played now"] if dim else []
    flags = [flag for flag in ("legal", "selected", "picked", "kitty") if c[flag]] + (["dim"] if dim else [])
    pressed = c["picked"] if discarding else c["selected"]
    tag_ = text("span", "kitty", class_="tag") if c["kitty"] else ""
    tag_ += text("span", "called", class_="tag") if c.get("called") else ""
    return tag("button", svg.face(c) + tag_, type="button", class_=" ".join(["card", c["colour"], *flags, cls]),
               data_action="card", data_value=c["id"], data_key="card-" + c["text"],
               aria_label=", ".join([c["label"], *states]), aria_pressed="true" if pressed else "false",
               aria_disabled="true" if dim else None, data_autofocus=autofocus)


def _piles(piles: View, view: View) -> str:
    """A player's five piles in front of them: a face-up card drawn over a card back where a
    face-down card lies beneath, a back alone, or an empty place (nothing once all are gone).
    The player's face-up cards are buttons in play, like the hand's."""
    if not any(p["card"] or p["down"] for p in piles["places"]):
        return ""
    first_legal = next((c["id"] for p in piles["places"] if (c := p["card"]) and c["legal"]), None)
    places = ""
    for p in piles["places"]:
        c = p["card"]
        body = tag("span", svg.back(), class_="pile-back", role="img" if c is None else None,
                   aria_label="a face-down card" if c is None else None,
                   aria_hidden="true" if c is not None else None) if p["down"] else ""
        if c is not None and piles["tappable"]:
            body += _card_button(c, view, "pile-card", c["id"] == first_legal)
        elif c is not None:
            label = c["label"] + (", on a face-down card" if p["down"] else "")
            body += tag("span", svg.face(c), class_="pile-card", role="img", aria_label=label)
        places += tag("div", body, class_="pile" if body else "pile empty")
    up = sum(p["card"] is not None for p in piles["places"])
    down = sum(p["down"] for p in piles["places"])
    classes = " ".join(["piles", f"piles-{piles['place']}"] + [f.replace("_", "-") for f in ("me", "to_act",
                                                                                          "sitting_out") if piles[f]])
    out = ", sitting out" if piles["sitting_out"] else ""
    return tag("section", places, class_=classes, role="group",
               aria_label=f"{piles['name']}: {up} face up, {down} face down{out}")


# --- dialogs -----------------------------------------------------------------------
def dialog(kind: str, view: View) -> str:
    """The body of a dialog: 'sheet', 'help' or 'menu'."""
    close = tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end")
    titles = {"sheet": "Scores", "help": "How this table plays", "menu": "Menu"}
    title = text("h2", titles[kind], id="dialog-title", tabindex="-1", autofocus=True)
    rules = text("p", f"Rules: {view['rules_text']}", class_="muted rules-words")
    if kind == "sheet":
        sheet = view["sheet"]
        chart = score_chart(sheet["sides"], [r["totals"] for r in sheet["rows"]], sheet["target"])
        return title + tag("div", score_sheet(sheet) + tag("figure", chart, class_="chart-wrap"),
                           class_="sheet-chart") + rules + close
    if kind == "help":
        return title + rules + help_sections(view["help"]) + close
    fields = (checkbox("Auto-play my hand", "menu-autoplay", "autoplay", view["autoplay"])
              + select("Bot pause", "menu-pace", "pace", view["paces"], view["pace_ms"])
              + preferences(view["prefs"], "menu-"))
    buttons = (button("Export game", "export", key="export") + button("Share this deal", "share", "deal", key="share")
               + button("History & stats", "dialog", "history", key="open-history")
               + button("New game", "new-game", key="new-game-menu")
               + button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"))
    return (title + tag("div", fields, class_="fields")
            + tag("p", f"Hand {view['hand_number']}, deal code " + text("code", view["deal_code"]), class_="muted")
            + tag("div", buttons, class_="row"))


# --- saves, history and links -------------------------------------------------------
def app_notice(words: str, kept: str = "", reload: bool = False) -> str:
    """A notice about saving or a link, above the screen; ``kept``: a kept-aside save's key;
    ``reload``: the game was played on in another tab, and can be reloaded here."""
    export = button("Export the unreadable save", "export-kept", kept, key="export-kept") if kept else ""
    if reload:
        export += button("Reload the game", "reload-game", key="reload-game", cls="btn primary")
    dismiss = button("Dismiss", "dismiss", key="dismiss", cls="btn ghost")
    return tag("div", text("p", words) + tag("div", export + dismiss, class_="row"),
               class_="notice app-notice", role="status")


def history_dialog(view: View) -> str:
    """Statistics, finished games (exportable), kept-aside saves, and importing a game file."""
    title = text("h2", "History & stats", id="dialog-title", tabindex="-1", autofocus=True)
    stats = tag("ul", "".join(text("li", line) for line in view["stats"]), class_="stats")
    games = "".join(tag("li", text("span", g["label"]) + (
        button("Export", "export-finished", g["index"], key=f"export-finished-{g['index']}", cls="btn ghost")
        + button("Review", "review-open", g["index"], key=f"review-finished-{g['index']}", cls="btn ghost",
                 label=f"Review: {g['label']}")
        if g["exportable"] else "")) for g in view["games"])
    kept = "".join(tag("li", text("span", f"{k['at']}: {k['problem']}")
                       + button("Export", "export-kept", k["key"], key=f"export-kept-{k['key']}", cls="btn ghost")
                       + button("Delete", "ask-delete-kept", k["key"], key=f"delete-kept-{k['key']}",
                                cls="btn ghost", label=f"Delete the save kept aside {k['at']}"))
                   for k in view["kept"])
    load = tag("label", text("span", "Import a game file") + void(
        "input", type="file", accept=".json,application/json", data_action="import", data_key="import"),
               class_="field")
    close = tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end")
    return (title + stats + text("h3", "Finished games") + (tag("ol", games, class_="games") if games
                                                            else text("p", "No finished games yet.", class_="muted"))
            + (text("h3", "Saves that could not be read") + tag("ul", kept, class_="kept") if kept else "")
            + load + close)


def share_dialog(title: str, url: str, words: str) -> str:
    """A link to copy (the share, challenge or replay link)."""
    field = tag("label", text("span", words) + void("input", type="text", readonly=True, value=url,
                                                      data_key="share-url", class_="share-url"), class_="field")
    buttons = (button("Copy the link", "copy-link", url, key="copy-link", cls="btn primary")
               # the system's share sheet, where the browser has one (the page shows it then)
               + tag("button", "Share…", type="button", class_="btn", data_action="web-share", data_value=url,
                     data_key="web-share", hidden=True)
               + tag("a", "Open the link", href=url, class_="btn ghost", data_key="share-open"))
    return (text("h2", title, id="dialog-title", tabindex="-1", autofocus=True) + field
            + tag("div", buttons, class_="row") + tag("p", "", class_="copy-status", role="status")
            + tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end"))


def link_results(view: View) -> str:
    """After a shared hand: the challenge and replay links, and both results side by side."""
    results = "".join(tag("div", text("h3", r["who"]) + text("p", r["text"]), class_="link-result")
                      for r in view["results"])
    buttons = (button("Challenge a friend", "share", "challenge", key="challenge", cls="btn")
               + button("Replay link", "share", "replay", key="replay-link", cls="btn ghost"))
    return tag("section", (tag("div", results, class_="link-results", role="group", aria_label="Results")
                           if results else "") + tag("div", buttons, class_="row"), class_="shared-deal")


def replay_dialog(view: View) -> str:
    """A played hand, step by step: the bids and tricks so far."""
    lines = "".join(text("li", line) for line in view["lines"])
    nav = (button("Previous", "replay-step", view["step"] - 1, key="replay-prev", disabled=view["step"] <= 0)
           + button("Next", "replay-step", view["step"] + 1, key="replay-next", disabled=view["step"] >= view["steps"],
                    autofocus=True)
           + button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"))
    return (text("h2", "Replay", id="dialog-title", tabindex="-1") + text("p", view["title"], class_="muted")
            + text("p", f"Step {view['step']} of {view['steps']}", class_="replay-step")
            + tag("ol", lines, class_="replay-lines") + tag("div", nav, class_="row"))
