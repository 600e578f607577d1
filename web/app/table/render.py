"""HTML of the table screen's regions from its view (app.table.model.TableView): the scores
and tools over the table, the seats, the trick or the bidding in the middle, two players'
piles, and the player's hand; the panel is app.table.panel's."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from app.html import svg
from app.html.tags import bid_html, button, plural, points, tag, text
from app.table.model import CallView, CardView, ContractView, DiscardPrompt, PilesView, SeatView, TableView
from app.table.panel import HINT_NOTE, hinted, panel


def table(view: TableView) -> dict[str, str]:
    """The table's regions: 'top', 'arena', 'panel', 'hand' (web/motion.js animates them)."""
    return {"top": _top(view), "arena": _arena(view), "panel": panel(view), "hand": _hand(view)}


def face(card: CardView) -> str:
    """A card's face (app.html.svg draws it from the card's fields)."""
    return svg.face(card._asdict())


def _top(view: TableView) -> str:
    """Scores and tricks per side, the tools, the contract."""
    sides = ""
    for s in view.sides:
        shown = view.phase in ("play", "over")
        tricks = text("span", plural(s.tricks, "trick"), class_="side-tricks") if shown else ""
        sides += tag("div", text("span", s.name, class_="side-name")
                     + text("span", points(s.total), class_="side-total", aria_label=f"{s.total} points")
                     + tricks, class_="side mine" if s.mine else "side")
    reviewing = view.trick.reviewing
    tools = ((text("span", f"Game to {view.target}", class_="target") if view.target else "")
             + button("Last trick", "review", key="review", disabled=not view.can_review and not reviewing,
                      cls="btn tool on" if reviewing else "btn tool")
             + button("Scores", "dialog", "sheet", key="open-sheet", cls="btn tool")
             + button("Rules", "dialog", "help", key="open-help", cls="btn tool")
             + button("Menu", "dialog", "menu", key="open-menu", cls="btn tool"))
    contract = ""
    if c := view.contract:
        verb = "bid" if c.declarer == "You" else "bids"
        words = escape(f"{c.declarer} {verb} {c.label} ({c.value}), {c.goal}") + _called(c)
        words += escape(". " + " ".join(note for note in (c.note, c.joker) if note)).rstrip()
        contract = tag("p", tag("strong", bid_html(c.text), class_="bid-text") + " " + tag("span", words),
                       class_="contract")
    return (tag("div", sides, class_="scores", role="group", aria_label="Scores")
            + tag("nav", tools, class_="tools", aria_label="Game") + contract)


def _called(contract: ContractView) -> str:
    """Five players: ', calling the A♠' (the card named for screen readers) or ', playing alone'."""
    if called := contract.called:
        if called.short == "JK":  # no suit symbol: the word
            return ", calling the " + escape(called.label)
        return ", calling the " + tag("span", bid_html(called.short), class_="called-card", role="img",
                                      aria_label=called.label)
    return ", playing alone" if contract.alone else ""


def _arena(view: TableView) -> str:
    seats = "".join(_seat(s) for s in view.seats)
    others = "".join(_piles(p, view) for p in view.piles if not p.me)
    mine = "".join(_piles(p, view) for p in view.piles if p.me)
    return tag("div", seats + others + tag("div", _center(view), class_="center") + mine,
               class_=f"arena players-{view.players}", data_pace=view.pace_ms) + _hint(view)  # web/motion.js paces by it


def _hint(view: TableView) -> str:
    """The hint's words over the foot of the table (style.css): they move nothing as they come."""
    if not view.hint:
        return ""
    return tag("div", text("p", view.hint.text, id=HINT_NOTE, role="status")
               + button("×", "hint-close", key="hint-close", cls="hint-close", label="Close the hint"),
               class_="hint-note")


def _seat(seat: SeatView) -> str:
    """A seat: name, who plays it, dealer, cards left (or an open hand, or laid down), call, tricks."""
    flags = {"me": seat.me, "to-act": seat.to_act, "declarer": seat.declarer, "sitting-out": seat.sitting_out,
             "partner": seat.partner}
    classes = ["seat", f"seat-{seat.place}"] + [name for name, on in flags.items() if on]
    head = text("span", seat.name, class_="seat-name")
    if seat.partner:  # a word in a bordered tag, not a colour alone
        head += text("span", "Partner", class_="partner-tag")
    if seat.dealer:
        head += text("span", "D", class_="chip", title="Dealer", aria_label="dealer")
    if seat.to_act and not seat.me:
        head += tag("span", class_="thinking", aria_hidden="true")
    foot = ""
    if seat.call:
        foot += tag("span", bid_html(seat.call), class_="call")
    if seat.tricks is not None and not seat.sitting_out:
        foot += text("span", plural(seat.tricks, "trick"), class_="won")
    if seat.sitting_out:
        foot += text("span", "Sitting out", class_="out-tag")
    if seat.role:
        foot += text("span", seat.role, class_="role-tag " + seat.role.split()[0].lower())
    if seat.me:
        body = ""
    elif seat.exposed:
        body = open_hand(seat.exposed, f"{seat.name}'s open hand")
    else:
        n = seat.cards
        label = plural(n, "card") + (", laid down: sitting out" if seat.sitting_out else "")
        backs = svg.fanned_backs(n)
        body = tag("div", backs, class_="mini-hand laid-down" if seat.sitting_out else "mini-hand",
                   role="img", aria_label=label)
    return tag("section", tag("div", head, class_="seat-head") + text("div", seat.who, class_="seat-who") + body
               + tag("div", foot, class_="seat-foot"), class_=" ".join(classes),
               aria_label=f"{seat.name}{', your partner' if seat.partner else ''}: {seat.who}")


def open_hand(cards: Sequence[CardView], label: str) -> str:
    """A hand laid face up (an open misere, the hand review's): a line of ranks per suit, each
    card named for screen readers."""
    lines: dict[str, list[CardView]] = {}
    for c in cards:
        lines.setdefault(c.suit, []).append(c)
    items = "".join(
        tag("li", text("span", cards[0].short[len(cards[0].rank):] or "★", class_="sym", aria_hidden="true")
            + "".join(text("span", c.rank, role="img", aria_label=c.label) for c in cards),
            class_=f"{cards[0].colour} suit-{cards[0].suit}" if cards[0].suit else cards[0].colour)
        for cards in lines.values())
    return tag("ul", items, class_="open-hand", aria_label=label)


def _center(view: TableView) -> str:
    """The middle of the table: the bidding so far, or the cards of the trick in front of each seat."""
    trick = view.trick
    if view.phase == "auction" or (not trick.cards and view.auction):
        return _kitty(view.kitty) + _auction(view)
    if not trick.cards:
        return ""
    cards = ""
    for t in trick.cards:
        cls = f"trick-card at-{t.place}" + (" winner" if t.winner else "") + (" called" if t.called else "")
        label = (f"{t.seat}: {t.card.label}" + (", the called card" if t.called else "")
                 + (", winning" if t.winner else ""))
        caption = text("span", t.caption, class_="trick-who", aria_hidden="true") if t.caption else ""
        cards += tag("div", face(t.card) + caption, class_=cls, role="img", aria_label=label,
                     data_key="trick-" + t.card.text, data_seat=t.place)  # web/motion.js: where it comes from
    title = text("p", trick.title, class_="trick-title reviewing" if trick.reviewing else "trick-title")
    return tag("div", cards, class_="trick", role="group", aria_label=trick.title) + title + _go_on(view)


def _kitty(n: int) -> str:
    """The kitty face down in the middle while the players bid (web/motion.js sends it to the
    declarer when the auction ends)."""
    if not n:
        return ""
    backs = "".join(tag("span", svg.back(), class_=f"kitty-card k{i}") for i in range(n))
    return tag("div", backs, class_="kitty", role="img", aria_label=f"The kitty: {plural(n, 'card')} face down",
               data_key="kitty")


def _go_on(view: TableView) -> str:
    """A finished trick a bot is to follow: the button that takes it away, shown (style.css) when
    the player keeps finished tricks on the table until they tap (app.store.prefs)."""
    if view.phase != "play" or not view.trick.winner or view.trick.reviewing \
            or not any(s.to_act and not s.me for s in view.seats):
        return ""
    return button("Next trick", "go-on", key="go-on", cls="btn go-on")


def _auction(view: TableView) -> str:
    """The calls as a grid, a row a round and a column a seat from the dealer's left (as a
    bridge bidding history); a call with a reason opens it on a tap (a popover)."""
    if not view.auction:
        return text("p", "The bidding starts left of the dealer.", class_="auction-empty")
    seats = view.auction_seats
    partners = {s.name for s in view.seats if s.partner}
    initials = len(seats) > 4  # six columns on a phone: 'NW', the full name for screen readers
    head = "".join(tag("th", (text("span", name + (", your partner" if name in partners else ""), class_="sr-title")
                              + text("span", "".join(w[0] for w in name.split("-")), aria_hidden="true")
                              if initials else escape(name)
                              + (text("span", ", your partner", class_="sr-title") if name in partners else "")),
                       scope="col", class_="partner" if name in partners else None) for name in seats)
    cells = {(c.row, c.column): _call(i, c) for i, c in enumerate(view.auction)}
    rows = "".join(tag("tr", "".join(tag("td", cells.get((r, col), "")) for col in range(len(seats))))
                   for r in range(max(c.row for c in view.auction) + 1))
    grid = tag("table", text("caption", "Bidding", class_="sr-title") + tag("thead", tag("tr", head))
               + tag("tbody", rows), class_="calls", data_roving="grid")
    return tag("div", grid, class_="auction")


def _call(index: int, call: CallView) -> str:
    """A call in the grid: a button that opens its reason, or the call alone when it has none."""
    cls = " ".join(["call-cell", "pass" if call.passed else "bid"] + (["high"] if call.high else []))
    shows = call.shows.partition(": ")[2]  # what the side's convention card says the call shows
    label = (f"{call.text}, {call.seat}: {call.label}" + (f", showing {shows}" if shows else "")
             + (", the high call" if call.high else ""))
    if not call.reason and not shows:
        return tag("span", bid_html(call.text), class_=cls, role="img", aria_label=label)
    why = f"why-{index}"
    words = "; ".join(w for w in (f"by their card, {shows}" if shows else "", call.reason) if w)
    return (tag("button", bid_html(call.text), type="button", class_=cls, popovertarget=why, aria_label=label,
                data_key=f"call-{index}")
            + tag("div", tag("strong", escape(f"{call.seat}, ") + bid_html(call.text)) + escape(f": {words}."),
                  id=why, popover=True, class_="why"))


def _hand(view: TableView) -> str:
    """The player's hand: a fan of card buttons, named with their state ('from the kitty', ...)."""
    if view.hand_hidden:
        return _hidden_hand(view.hand_hidden)
    cards = view.hand
    out_of_it = any(s.me and s.sitting_out for s in view.seats)  # a partner's misère
    prompt = view.prompt
    picking = isinstance(prompt, DiscardPrompt) and prompt.chosen < prompt.need
    first = next((c.id for c in cards if c.legal or picking), None)  # where the keyboard starts
    out = "".join(_card_button(c, view, f"i{i}", c.id == first) for i, c in enumerate(cards))
    label = f"Your hand, {plural(len(cards), 'card')}" + (", laid down: you sit out" if out_of_it else "")
    return tag("div", out, class_=f"hand n{len(cards)}" + (" laid-down" if out_of_it else ""), role="group",
               aria_label=label, data_roving="line")


def _hidden_hand(n: int) -> str:
    """Blind misere: the player's cards face down, and the button that turns them up."""
    backs = "".join(tag("span", svg.back(), class_=f"card back i{i}") for i in range(n))
    return tag("div", tag("div", backs, class_=f"hand n{n} face-down", role="img",
                          aria_label=f"Your hand, {plural(n, 'card')} face down: you have not looked")
               + tag("div", button("Look at my cards", "look", key="look", cls="btn primary", autofocus=True),
                     class_="row look"), class_="hidden-hand")


def _card_button(c: CardView, view: TableView, cls: str, autofocus: bool) -> str:
    """A card the player taps (of the hand or face up on their piles), named with its state
    ('from the kitty', 'selected', ...) and dimmed when it cannot be played now."""
    playing, discarding = view.prompt.kind == "play", view.prompt.kind == "discard"
    dim = playing and not c.legal
    states = [words for on, words in ((c.kitty, "from the kitty"), (c.called, "the called card"),
                                      (c.picked, "chosen to put back"), (c.selected, "selected"),
                                      (c.covering, "on a face-down card"))
              if on]
    states += ["cannot be played now"] if dim else []
    mark = hinted(view, card=c.id)
    flags = [flag for flag, on in (("legal", c.legal), ("selected", c.selected), ("picked", c.picked),
                                   ("kitty", c.kitty), ("hinted", mark)) if on] + (["dim"] if dim else [])
    pressed = c.picked if discarding else c.selected
    tag_ = text("span", "kitty", class_="tag") if c.kitty else ""
    tag_ += text("span", "called", class_="tag") if c.called else ""
    return tag("button", face(c) + tag_, type="button", class_=" ".join(["card", c.colour, *flags, cls]),
               data_action="card", data_value=c.id, data_key="card-" + c.text,
               aria_label=", ".join([c.label, *states]), aria_pressed="true" if pressed else "false",
               aria_disabled="true" if dim else None, aria_describedby=HINT_NOTE if mark else None,
               data_autofocus=autofocus)


def _piles(piles: PilesView, view: TableView) -> str:
    """A player's five piles in front of them: a face-up card drawn over a card back where a
    face-down card lies beneath, a back alone, or an empty place (nothing once all are gone).
    The player's face-up cards are buttons in play, like the hand's."""
    if not any(p.card or p.down for p in piles.places):
        return ""
    first_legal = next((c.id for p in piles.places if (c := p.card) and c.legal), None)
    places = ""
    for p in piles.places:
        c = p.card
        body = tag("span", svg.back(), class_="pile-back", role="img" if c is None else None,
                   aria_label="a face-down card" if c is None else None,
                   aria_hidden="true" if c is not None else None) if p.down else ""
        if c is not None and piles.tappable:
            body += _card_button(c, view, "pile-card", c.id == first_legal)
        elif c is not None:
            label = c.label + (", on a face-down card" if p.down else "")
            body += tag("span", face(c), class_="pile-card", role="img", aria_label=label)
        places += tag("div", body, class_="pile" if body else "pile empty")
    up = sum(p.card is not None for p in piles.places)
    down = sum(p.down for p in piles.places)
    flags = {"me": piles.me, "to-act": piles.to_act, "sitting-out": piles.sitting_out}
    classes = " ".join(["piles", f"piles-{piles.place}"] + [name for name, on in flags.items() if on])
    out = ", sitting out" if piles.sitting_out else ""
    return tag("section", places, class_=classes, role="group",
               aria_label=f"{piles.name}: {up} face up, {down} face down{out}", data_roving="line" if piles.tappable else None)
