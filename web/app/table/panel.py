"""HTML of the panel under the table: what the player decides now (a bid, the kitty, a
partner, the joker's suit, a card) or waits for, and the hand's or the game's result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from engine.actions import joker_suit
from engine.cards import NO_SUIT

from app.html.tags import bid_html, button, points, tag, text
from app.table.dialogs import score_sheet
from app.table.model import (BidOption, BidPrompt, CallPrompt, DiscardPrompt, PlayPrompt, ResultPrompt, SuitPrompt, TableView,
                             WaitPrompt)


HINT_NOTE = "hint-note"
"""The id of the hint's words (app.table.render), which describe the controls it marks."""


def hinted(view: TableView, action: str = "", card: int = -1) -> bool:
    """The hint shown suggests this ``action`` or ``card`` (the control is marked, style.css)."""
    return view.hint is not None and (action in view.hint.actions or card in view.hint.cards)


def panel(view: TableView) -> str:
    """What the player decides now (or waits for), with any notice on top."""
    prompt = view.prompt
    notice = text("p", view.notice, class_="notice", role="status") if view.notice else ""
    undo = (tag("button", "Undo", type="button", class_="btn ghost", data_action="undo", data_key="undo",
                aria_label="Undo: take back your last call or card", aria_keyshortcuts="u") if view.can_undo else "")
    hint = button("Hint", "hint", key="hint", cls="btn ghost") + undo
    match prompt:
        case WaitPrompt():
            body = text("p", prompt.text, class_="status") + (tag("div", undo, class_="row") if undo else "")
        case BidPrompt():
            body = text("p", prompt.text, class_="status") + _bids(view, prompt) + tag("div", undo if prompt.blind else hint,
                                                                                  class_="row")
        case DiscardPrompt():
            ready = prompt.chosen == prompt.need
            put_back = button(f"Put back {prompt.chosen} of {prompt.need}", "discard", key="discard",
                              cls="btn primary", disabled=not ready, autofocus=ready)
            body = text("p", prompt.text, class_="status") + tag("div", put_back + hint, class_="row")
        case SuitPrompt():
            body = _suit_choice(view, prompt) + (tag("div", undo, class_="row") if undo else "")
        case CallPrompt():
            body = _call_picker(view, prompt, hint)
        case PlayPrompt():
            play = button("Play " + prompt.selected if prompt.selected else "Play", "play", key="play",
                          cls="btn primary", disabled=not prompt.can_play)
            card = "a face-up card of your piles" if prompt.source == "piles" else "a card"
            how = text("span", f"Tap {card} to play it." if prompt.one_tap
                       else f"Tap {card}, then Play (or tap it again).", class_="muted")
            play = "" if prompt.one_tap and not prompt.can_play else play
            body = tag("p", escape(prompt.text) + " " + how, class_="status") + tag("div", play + hint, class_="row")
        case ResultPrompt(kind="hand-over"):
            body = _hand_over(prompt)
        case ResultPrompt():
            body = _game_over(view, prompt)
    return notice + body


def _suit_choice(view: TableView, prompt: SuitPrompt) -> str:
    """Give the joker a suit (or none), or name the suit a led joker calls for."""
    action = "joker" if prompt.kind == "joker" else "name"
    suits = ""
    for i, s in enumerate(prompt.suits):
        mark = action == "joker" and hinted(view, str(joker_suit(s.value)))
        suits += button(text("span", s.symbol, class_=f"sym {s.colour}") + " " + escape(s.label),
                        action, s.value, key=f"{action}-{s.value}", cls="btn suit hinted" if mark else "btn suit",
                        label=s.label, html=True, autofocus=i == 0, described=HINT_NOTE if mark else None)
    if action == "joker":
        mark = hinted(view, str(joker_suit(NO_SUIT)))
        suits += button("Keep it without a suit", "joker", 4, key="joker-4", cls="btn hinted" if mark else "btn",
                        described=HINT_NOTE if mark else None)
    else:
        suits += button("Cancel", "cancel", key="cancel", cls="btn ghost")
    return text("p", prompt.text, class_="status") + tag("div", suits, class_="row suits")


def _call_picker(view: TableView, prompt: CallPrompt, hint: str) -> str:
    """Five players: the cards that may be called, a row per suit as they play, then Call or Play alone."""
    rows = ""
    first = None if prompt.chosen or not prompt.groups else prompt.groups[0].cards[0].id
    for g in prompt.groups:
        cells = "".join(tag("button", bid_html(c.text), type="button",
                            class_=f"btn call-card {c.colour}" + (" hinted" if hinted(view, card=c.id) else ""),
                            data_action="call-card", data_value=c.id, data_key=f"call-{c.id}",
                            aria_label=c.label, aria_pressed="true" if c.selected else "false",
                            aria_describedby=HINT_NOTE if hinted(view, card=c.id) else None,
                            data_autofocus=c.id == first) for c in g.cards)
        rows += tag("div", text("span", g.symbol, class_=f"call-sym {g.colour}", aria_hidden="true")
                    + tag("div", cells, class_="call-cards"), class_="call-suit", role="group", aria_label=g.title)
    chosen = prompt.chosen
    call = button(f"Call the {chosen}" if chosen else "Call a card", "call", key="call", cls="btn primary",
                  disabled=not chosen, autofocus=bool(chosen))
    mark = hinted(view, "alone")
    alone = button("Play alone", "alone", key="alone", cls="btn hinted" if mark else "btn",
                   described=HINT_NOTE if mark else None) if prompt.can_alone else ""
    return (tag("p", escape(prompt.text) + " " + text("span", prompt.share, class_="muted"), class_="status")
            + tag("div", rows, class_="call-grid", role="group", aria_label="Cards you can call", data_roving="grid")
            + tag("div", call + alone + hint, class_="row"))


def _bids(view: TableView, prompt: BidPrompt) -> str:
    """The legal bids, each with its value: a grid of tricks by suit, then misere and pass."""
    cells, special = bid_buttons(prompt.bids, marked=lambda action: hinted(view, action))
    if prompt.can_pass:
        mark = hinted(view, "pass")
        special += button("Pass", "bid", "pass", key="bid-pass", cls="btn pass hinted" if mark else "btn pass",
                          autofocus=True, described=HINT_NOTE if mark else None)
    return tag("div", tag("div", cells, class_="bids", role="group", aria_label="Bids you can make",
                          data_roving="grid")
               + tag("div", special, class_="row bids-extra"), class_="bidding")


def bid_buttons(bids: Sequence[BidOption], action: str = "bid", chosen: str = "",
                marked: Callable[[str], bool] = lambda _: False) -> tuple[str, str]:
    """The bids' buttons, each with its value: the grid's cells of tricks by suit, and the
    special bids (misère...) after it; ``chosen``: the bid shown pressed; ``marked``: whether
    the hint suggests a bid."""
    grid = [b for b in bids if not b.misere]
    low = min((b.tricks for b in grid), default=6)
    cells = special = ""
    for b in bids:
        body = tag("span", bid_html(b.text), class_="bid-text") + " " + text("span", str(b.value), class_="bid-value")
        if b.misere:
            body += " " + text("span", b.note, class_="bid-rank")
        cls = "btn bid misere" if b.misere else f"btn bid col-{b.column} row-{b.tricks - low + 1}"
        mark = marked(b.action)
        cls += " hinted" if mark else ""
        if b.misere:  # the name starts with the visible text (axe-core's label-in-name)
            label = " ".join(t for t in (b.text, str(b.value), b.note) if t)
        else:
            label = f"{b.text} {b.value} points: {b.label}" + (f", {b.note}" if b.note else "")
        cell = button(body, action, b.action, key=f"{action}-{b.action}", cls=cls, label=label, html=True,
                      pressed=b.action == chosen if chosen else None, described=HINT_NOTE if mark else None)
        if b.misere:
            special += cell
        else:
            cells += cell
    return cells, special


def _hand_over(prompt: ResultPrompt) -> str:
    """The hand just played: contract, what happened and why, points to each side."""
    lines = "".join(tag("li", text("span", p.name) + (text("span", p.role, class_="muted") if p.role else "")
                        + text("strong", points(p.points))) for p in prompt.points)
    result = escape(prompt.text) + (" " + text("span", prompt.next, class_="muted") if prompt.next else "")
    buttons = (button(prompt.next_button, "next", key="next", cls="btn primary", autofocus=True)
               + button("Score sheet", "dialog", "sheet", key="sheet-inline", cls="btn ghost")
               + button("Review this hand", "review-open", "", key="review-open", cls="btn ghost"))
    return tag("section", text("h2", prompt.title) + (text("p", prompt.contract) if prompt.contract else "")
               + tag("p", result, class_="result-text") + tag("ul", lines, class_="result-points")
               + tag("div", buttons, class_="row"), class_="result", aria_label=f"{prompt.title} result")


def _game_over(view: TableView, prompt: ResultPrompt) -> str:
    """Who won and how, the last hand, the whole score sheet."""
    last = f"{prompt.title}: {prompt.contract} {prompt.text}"
    buttons = (button("New game", "new-game", key="new-game", cls="btn primary", autofocus=True)
               + button("Export game", "export", key="export-end")
               + button("Review the last hand", "review-open", "", key="review-open", cls="btn ghost"))
    return tag("section", text("h2", "Game over") + text("p", view.outcome, class_="outcome") + text("p", last)
               + score_sheet(view.sheet) + tag("div", buttons, class_="row"),
               class_="result game-over", aria_label="Game over")
