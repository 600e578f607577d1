"""HTML of the score pad: the totals and who is winning, the hand being entered (in big
buttons, for one hand on a phone), the sheet, the chart, and the pad's tools."""

from __future__ import annotations

from engine.bids import Bid
from engine.match import Outcome
from engine.rules import AllPass
from engine.scoring import HandResult
from engine.seats import seat_name

from app.html.cards import bid_short, minus
from app.html.chart import score_chart
from app.html.tags import Choice, button, points, select, tag, text, void
from app.pad.model import TRICKS, EntryError, score_entry
from app.pad.session import PadSession
from app.table.dialogs import score_sheet
from app.table.help import rules_words
from app.table.model import SheetRow, SheetView
from app.table.panel import bid_buttons
from app.table.view import bid_option, sheet_result


def pad(session: PadSession) -> str:
    """The whole pad screen."""
    sheet, rules = session.sheet, session.rules
    sides = session.side_names()
    target = f"Game to {rules.target}" if rules.target else "No target"
    head = tag("header", text("h1", "Score pad") + text("p", f"{rules_words(rules)}. {target}.", class_="muted"),
               class_="pad-head")
    if session.read_only:
        head += text("p", "A score sheet shared with you, read-only: the game as it was when the link was made.",
                     class_="pad-note", role="status")
    body = head + totals(session, sides)
    if not session.read_only and (sheet.outcome is None or session.editing >= 0):
        body += entry_form(session)
    else:
        body += _message(session)
        if sheet.outcome is not None:  # where the form was, so that the last Enter shows it
            body += tag("section", text("h2", "Game over") + text("p", sheet.outcome.describe(sides), class_="outcome"),
                        class_="pad-over", aria_label="Game over")
    body += _sheet(session, sides)
    if sheet.rows:
        body += tag("figure", score_chart(sides, [list(r.totals) for r in sheet.rows], rules.target),
                    class_="pad-chart")
    return tag("div", body + _tools(session), class_="pad-wrap")


def totals(session: PadSession, sides: list[str]) -> str:
    """Each side's total, large; the leader; the game's end and why, or why a side past the
    target has not won (the must-make-a-bid rule)."""
    sheet, rules = session.sheet, session.rules
    high = max(sheet.totals)
    cells = "".join(tag("li", text("span", name, class_="pad-side") + text("strong", minus(total), class_="pad-total"),
                        class_="lead" if total == high and sheet.rows else None)
                    for name, total in zip(sides, sheet.totals))
    return tag("section", tag("ul", cells, class_=f"pad-totals sides-{len(sides)}")
               + text("p", status(session, sides), class_="pad-status", role="status"),
               class_="pad-score", aria_label="Totals")


def status(session: PadSession, sides: list[str]) -> str:
    """Who won and why, else who leads (and a side past the target that must still bid to win)."""
    sheet, rules = session.sheet, session.rules
    outcome: Outcome | None = sheet.outcome
    if outcome is not None:
        return outcome.describe(sides) + " Game over."
    if not sheet.rows:
        return f"{session.names[sheet.next_dealer]} deals first."
    words = []
    best = max(range(rules.sides), key=lambda s: sheet.totals[s])
    if list(sheet.totals).count(sheet.totals[best]) == 1:
        words.append(f"{sides[best]} lead.")
    if rules.target and not rules.defenders_win:
        words += [f"{sides[s]} passed {rules.target} on the defenders' tricks: they must make a bid to win."
                  for s in range(rules.sides) if sheet.totals[s] >= rules.target]
    return " ".join(words) or "Level."


def entry_form(session: PadSession) -> str:
    """The hand being entered: dealer, who won the bidding, the contract (the table's bid grid),
    a called partner, the tricks, a breach; Enter, with what it will score."""
    rules, draft, names = session.rules, session.draft, session.names
    players = range(rules.players)
    title = f"Correct hand {session.editing + 1}" if session.editing >= 0 else f"Hand {len(session.sheet.rows) + 1}"
    dealer = select("Dealer", "pad-dealer", "pad-dealer", (Choice(s, names[s]) for s in players), draft.dealer)
    declarer = _choices("Who won the bidding", "pad-declarer",
                        [(str(s), names[s], s == draft.declarer) for s in players])
    bids = [bid_option(rules, b, str(b)) for b in rules.biddable if not rules.is_inkle(b)]
    cells, special = bid_buttons(bids, "pad-bid", "" if draft.passed else draft.contract)
    passed = ("All passed" + (" or only inkles" if rules.inkle else "")
              + (" (played in no trumps)" if rules.all_pass == AllPass.NO_TRUMPS else " (redeal)"))
    special += button(passed, "pad-bid", "pass", key="pad-bid-pass", cls="btn pass", pressed=draft.passed)
    contract = tag("fieldset", text("legend", "Contract") + tag("div", cells, class_="bids", role="group",
                                                                 aria_label="Contracts")
                   + tag("div", special, class_="row bids-extra"), class_="pad-field bidding")
    form = dealer + declarer + contract
    if session.needs_partner():
        form += _choices("Called partner", "pad-partner",
                         [(str(s), names[s], s == draft.partner) for s in players if s != draft.declarer]
                         + [("alone", "Alone", draft.partner == -1)])
    if session.plays_tricks():
        form += _tricks(session)
    if session.can_breach():
        form += _choices("Breach called by", "pad-breach", [("none", "Nobody", draft.breacher < 0)]
                         + [(str(s), names[s], s == draft.breacher) for s in players
                            if rules.side_of(s) != rules.side_of(draft.declarer)])
    message = _message(session)
    enter = button("Correct it" if session.editing >= 0 else "Enter the hand", "pad-enter", key="pad-enter",
                   cls="btn primary big")
    clear = button("Cancel" if session.editing >= 0 else "Clear", "pad-clear", key="pad-clear", cls="btn ghost")
    return tag("section", text("h2", title) + form + text("p", preview(session), class_="pad-preview",
                                                         aria_live="polite")
               + message + tag("div", enter + clear, class_="row pad-enter"),
               class_="pad-entry", aria_label=title)


def _message(session: PadSession) -> str:
    """Why the last Enter was refused (an alert), or what the last tool did."""
    if not session.message:
        return ""
    if session.refused:
        return text("p", session.message, class_="pad-message", role="alert")
    return text("p", session.message, class_="pad-done", role="status")


def preview(session: PadSession) -> str:
    """What Enter will score, in words, once the hand is complete and allowed ('' until then)."""
    sheet = session.sheet
    before = sheet.rows[session.editing - 1] if session.editing > 0 else None
    if session.editing < 0 and sheet.rows:
        before = sheet.rows[-1]
    try:
        result = score_entry(session.rules, session.entry(), before.result.barred if before is not None else -1)
    except EntryError:
        return ""
    return "Scores: " + hand_words(session, result)


def hand_words(session: PadSession, result: HandResult) -> str:
    """A hand's score and why: 'Eight hearts by Ann: ... ; Ann & Cat +300, Bob & Dan +10'."""
    rules = session.rules
    who = f" by {session.names[result.declarer]}" if result.declarer is not None else ""
    words = result.describe(rules)
    if who:
        name, _, rest = words.partition(":")
        words = f"{name}{who}:{rest}"
    scores = ", ".join(f"{side} {points(p)}" for side, p in zip(session.side_names(), result.points))
    return f"{words} {scores}."


def _tricks(session: PadSession) -> str:
    """The declaring side's tricks (a misère: made, or how many it took), then any other side's."""
    rules, draft = session.rules, session.draft
    bid = Bid.parse(draft.contract) if draft.contract and not draft.passed else None
    first = 0 if draft.passed or draft.declarer < 0 else rules.side_of(draft.declarer)
    whose = session.side_names()[first] if draft.passed else "the declaring side"
    out = _choices(f"Tricks taken by {whose}", "pad-tricks",
                   [(str(n), "Made: none" if n == 0 and bid is not None and bid.is_misere else str(n),
                     n == draft.took) for n in range(TRICKS + 1)], cls="pad-tricks")
    for side in session.other_sides():
        out += _choices(f"Tricks taken by {session.side_names()[side]}", f"pad-side:{side}",
                        [(str(n), str(n), draft.others.get(side) == n) for n in range(TRICKS + 1)], cls="pad-tricks")
    return out


def _choices(legend: str, action: str, choices: list[tuple[str, str, bool]], cls: str = "") -> str:
    """A group of toggle buttons, the chosen one pressed."""
    buttons = "".join(button(label, action, value, key=f"{action}-{value}", cls="btn choice", pressed=chosen)
                      for value, label, chosen in choices)
    return tag("fieldset", text("legend", legend) + tag("div", buttons, class_="choices"),
               class_=f"pad-field {cls}".strip())


def _sheet(session: PadSession, sides: list[str]) -> str:
    """Every hand with its points and the running totals (the table's score sheet), the last
    hand in words, and a hand to correct."""
    sheet, names = session.sheet, session.names
    rows = tuple(SheetRow(number=n, dealer=names[r.entry.dealer], contract=_contract(session, r.result),
                          result=sheet_result(r.result), points=r.result.points, totals=r.totals)
                 for n, r in enumerate(sheet.rows, 1))
    short = tuple(sides) if len(names) <= 4 else tuple(  # initials where five or six names would not fit
        " & ".join(_initials(names[p]) for p in session.rules.table.side_seats(s)) for s in range(session.rules.sides))
    out = score_sheet(SheetView(sides=tuple(sides), short=short, rows=rows, totals=sheet.totals,
                                target=session.rules.target))
    if sheet.rows:
        out = text("p", f"Hand {len(rows)}: " + hand_words(session, sheet.rows[-1].result), class_="pad-last") + out
    return tag("section", out, class_="pad-sheet", aria_label="Score sheet")


def _initials(name: str) -> str:
    """A name in a narrow column: 'NW' for 'North-West', 'AL' for 'Ann Lee', 'Bob' for 'Bob'."""
    words = name.replace("-", " ").split()
    return "".join(w[0] for w in words) if len(words) > 1 else name[:3]


def _contract(session: PadSession, result: HandResult) -> str:
    if result.thrown_in:
        return "All passed, redealt"
    if result.contract is None or result.declarer is None:
        return "All passed (NT)"
    partner = [s for s in result.bidders if s != result.declarer] if session.rules.table.called_partner else []
    called = f" with {session.names[partner[0]]}" if partner else (
        " alone" if session.rules.table.called_partner and not result.contract.partner_folds else "")
    return f"{bid_short(result.contract)} {session.names[result.declarer]}{called}"


def _tools(session: PadSession) -> str:
    """Undo, correct a hand, the players' names, share, export, leave."""
    sheet = session.sheet
    tools = ""
    if not session.read_only:
        if sheet.rows:
            tools += button("Undo the last hand", "pad-undo", key="pad-undo", cls="btn")
            tools += select("Correct a hand", "pad-edit", "pad-edit",
                            [Choice("", "Choose a hand")] + [Choice(i, f"Hand {i + 1}: {_contract(session, r.result)}")
                                                             for i, r in enumerate(sheet.rows)], "")
        tools += button("Share the sheet", "pad-share", key="pad-share", cls="btn")
        tools += button("Export", "pad-export", key="pad-export", cls="btn")
    tools += button("History & stats", "dialog", "history", key="pad-history", cls="btn ghost")
    tools += button("Back to the start", "new-game", key="new-game", cls="btn ghost")
    names = ""
    if not session.read_only:
        fields = "".join(tag("label", text("span", seat_name(session.rules.players, s)) + void(
            "input", type="text", value=name, maxlength=24, autocomplete="off", data_action=f"pad-name:{s}",
            data_key=f"pad-name-{s}"), class_="field") for s, name in enumerate(session.names))
        names = tag("details", text("summary", "Players’ names") + tag("div", fields, class_="fields"),
                    class_="pad-names", data_key="pad-names")
    return tag("section", tag("div", tools, class_="row pad-tools") + names, class_="pad-more", aria_label="Tools")
