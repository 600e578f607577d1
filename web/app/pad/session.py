"""The score pad being kept: the sheet, the players' names, and the hand being entered.

A hand is entered in a few taps: the dealer is filled in (the deal passes left), then who
won the bidding, the contract, the tricks the declaring side took, and Enter. A five-handed
contract asks for the called partner (or alone), a table of more than two sides for the
other sides' tricks, the breach rule for the defender who called it. Edit loads an earlier
hand into the same form, and Enter then corrects it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.bids import Bid
from engine.breach import can_breach
from engine.errors import FiveHundredError
from engine.rules import AllPass, Rules
from engine.seats import seat_name

from app.pad.model import TRICKS, Entry, EntryError, Sheet

MAX_NAME: Final = 24
"""Characters kept of a player's name."""


@dataclass
class Draft:
    """The hand being entered; -1 and '' for what is not chosen yet."""

    dealer: int
    declarer: int = -1
    contract: str = ""
    passed: bool = False
    """Everyone passed (``contract`` stays '')."""
    partner: int = -2
    """Five-handed: the called partner's seat, -1 alone, -2 not chosen yet."""
    took: int = -1
    """The declaring side's tricks (after all passed with no trumps: the first side's)."""
    others: dict[int, int] = dataclasses.field(default_factory=dict)
    """More than two sides: the tricks of the other sides, but the last (the rest)."""
    breacher: int = -1


class PadSession:
    """A score pad at the table: ``read_only`` for a sheet opened from a link."""

    def __init__(self, sheet: Sheet, names: list[str] | None = None, read_only: bool = False) -> None:
        self.sheet = sheet
        players = sheet.rules.players
        self.names = [seat_name(players, s) for s in range(players)]
        for seat, name in enumerate(list(names or [])[:players]):
            self.set_name(seat, name)
        self.read_only = read_only
        self.editing = -1
        """The earlier hand the form corrects (-1: a new hand)."""
        self.message = ""
        """Why the last Enter was refused, or what was done."""
        self.refused = False
        """``message`` says why an entry was refused."""
        self.draft = Draft(sheet.next_dealer)

    @property
    def rules(self) -> Rules:
        return self.sheet.rules

    def side_names(self) -> list[str]:
        """Each side's name: its players' names joined with ' & '."""
        rules = self.rules
        return [" & ".join(self.names[p] for p in rules.table.side_seats(s)) for s in range(rules.sides)]

    # --- what the form needs --------------------------------------------------------
    def needs_partner(self) -> bool:
        """A five-handed trick contract (or hi-lo none: it is played alone) calls a partner."""
        bid = self._bid()
        return self.rules.table.called_partner and bid is not None and not bid.partner_folds

    def other_sides(self) -> tuple[int, ...]:
        """The sides whose tricks are asked beside the declaring side's: with more than two
        sides, every side neither declaring nor last (the last takes the rest); none against
        a misère, where the defenders score nothing."""
        rules, draft = self.rules, self.draft
        if draft.passed:
            return tuple(range(1, rules.sides - 1)) if rules.sides > 2 else ()
        bid = self._bid()
        if bid is None or bid.is_misere or draft.declarer < 0:
            return ()
        declaring = self._declaring_sides()
        defending = [s for s in range(rules.sides) if s not in declaring]
        return tuple(defending[:-1])

    def can_breach(self) -> bool:
        bid = self._bid()
        return bid is not None and can_breach(self.rules, bid)

    def plays_tricks(self) -> bool:
        """Tricks are entered: not after all passed at a table that redeals."""
        return not self.draft.passed or self.rules.all_pass == AllPass.NO_TRUMPS

    def entry(self) -> Entry:
        """The draft as an entry (EntryError if something is missing)."""
        draft, rules = self.draft, self.rules
        if not draft.passed and not draft.contract:
            raise EntryError("Choose the contract, or All passed.")
        if not draft.passed and draft.declarer < 0:
            raise EntryError("Choose who won the bidding.")
        if self.needs_partner() and draft.partner == -2:
            raise EntryError("Choose the called partner, or Alone.")
        tricks: tuple[int, ...] = ()
        if self.plays_tricks():
            entered = draft.took + sum(draft.others.values())
            if draft.took < 0 or entered < TRICKS and any(s not in draft.others for s in self.other_sides()):
                raise EntryError("Choose the tricks taken.")  # once they make ten, the sides left took none
            if entered > TRICKS:
                raise EntryError(f"The tricks add up to {entered}: a hand has {TRICKS}.")
            tricks = self._tricks()
        return Entry(dealer=draft.dealer, contract="" if draft.passed else draft.contract,
                     declarer=-1 if draft.passed else draft.declarer,
                     partner=max(draft.partner, -1) if self.needs_partner() else -1,
                     tricks=tricks, breacher=draft.breacher if self.can_breach() else -1)

    def _tricks(self) -> tuple[int, ...]:
        """Each side's tricks: the declaring side's (a called partner's counted with them), the
        others entered, the rest to the last side that is not declaring."""
        rules, draft = self.rules, self.draft
        first = 0 if draft.passed else rules.side_of(draft.declarer)
        tricks = [0] * rules.sides
        tricks[first] = draft.took
        for side, took in draft.others.items():
            tricks[side] = took
        rest = [s for s in range(rules.sides) if s != first and s not in draft.others
                and (draft.passed or s not in self._declaring_sides())]
        tricks[rest[-1]] += TRICKS - sum(tricks)
        return tuple(tricks)

    def _declaring_sides(self) -> frozenset[int]:
        draft, rules = self.draft, self.rules
        seats = [draft.declarer] + ([draft.partner] if self.needs_partner() and draft.partner >= 0 else [])
        return rules.table.scoring_sides(tuple(seats))

    def _bid(self) -> Bid | None:
        try:
            return Bid.parse(self.draft.contract) if self.draft.contract and not self.draft.passed else None
        except FiveHundredError:
            return None

    # --- the controls -------------------------------------------------------------------
    def act(self, action: str, value: str) -> None:
        """A control of the pad ('pad-…', a seat or side after a colon), unless read-only."""
        name, _, which = action.partition(":")
        handler = ACTIONS.get(name)
        if handler is None or self.read_only:
            return
        self.message, self.refused = "", False
        handler(self, _number(which), value)

    def _seat(self, value: str) -> int:
        seat = _number(value)
        return seat if 0 <= seat < self.rules.players else -1

    def set_dealer(self, value: str) -> None:
        if (seat := self._seat(value)) >= 0:
            self.draft.dealer = seat

    def set_declarer(self, value: str) -> None:
        if (seat := self._seat(value)) >= 0:
            self.draft.declarer, self.draft.passed = seat, False
            self.draft.others.clear()

    def set_contract(self, value: str) -> None:
        """A bid from the grid, or 'pass': everyone passed."""
        draft = self.draft
        draft.passed = value == "pass"
        draft.contract = "" if draft.passed else value
        draft.others.clear()
        if draft.passed:
            draft.declarer, draft.partner, draft.breacher = -1, -2, -1

    def set_partner(self, value: str) -> None:
        seat = self._seat(value)
        self.draft.partner = seat if seat >= 0 and seat != self.draft.declarer else -1
        self.draft.others.clear()

    def set_tricks(self, value: str) -> None:
        if 0 <= (took := _number(value)) <= TRICKS:
            self.draft.took = took

    def set_side_tricks(self, side: int, value: str) -> None:
        if side in self.other_sides() and 0 <= (took := _number(value)) <= TRICKS:
            self.draft.others[side] = took

    def set_breacher(self, value: str) -> None:
        self.draft.breacher = self._seat(value)

    def set_name(self, seat: int, value: str) -> None:
        if 0 <= seat < self.rules.players:
            self.names[seat] = " ".join(value.split())[:MAX_NAME] or seat_name(self.rules.players, seat)

    def enter(self) -> None:
        """Enter the hand (or the correction): scored, or refused with the reason."""
        try:
            entry = self.entry()
            if self.editing >= 0:
                self.sheet.replace(self.editing, entry)
            else:
                self.sheet.add(entry)
        except EntryError as e:
            self.message, self.refused = str(e), True
            return
        self.message = f"Hand {self.editing + 1} corrected." if self.editing >= 0 else ""
        self.new_draft()

    def take_up(self, newer: PadSession) -> None:
        """The sheet as another tab kept it since this one read it: the hand being entered stays in
        the form (Enter then checks it against the newer sheet, and says if it no longer fits), the
        next dealer moving on with the newer hands; a correction of a hand no longer there is dropped."""
        next_dealer = self.sheet.next_dealer
        self.sheet, self.names = newer.sheet, newer.names
        if self.editing >= len(self.sheet.rows):
            self.new_draft()
        elif self.editing < 0 and self.draft.dealer == next_dealer:
            self.draft.dealer = self.sheet.next_dealer

    def new_draft(self) -> None:
        """A blank form for the next hand."""
        self.editing = -1
        self.draft = Draft(self.sheet.next_dealer)

    def undo(self) -> None:
        if self.sheet.rows:
            self.sheet.undo()
            self.message = "The last hand was taken back."
            self.new_draft()

    def edit(self, value: str) -> None:
        """Load an earlier hand into the form, to correct it."""
        index = _number(value)
        if not 0 <= index < len(self.sheet.rows):
            return
        entry = self.sheet.rows[index].entry
        self.editing = index
        draft = Draft(entry.dealer, entry.declarer, entry.contract, not entry.contract, breacher=entry.breacher)
        self.draft = draft
        draft.partner = entry.partner if self.needs_partner() else -2
        if entry.tricks:
            draft.took = entry.tricks[0 if draft.passed else self.rules.side_of(entry.declarer)]
            draft.others = {s: entry.tricks[s] for s in self.other_sides()}


def _number(value: str) -> int:
    return int(value) if value.lstrip("-").isdigit() else -1


ACTIONS: Final[dict[str, Callable[[PadSession, int, str], None]]] = {
    "pad-dealer": lambda pad, _, value: pad.set_dealer(value),
    "pad-declarer": lambda pad, _, value: pad.set_declarer(value),
    "pad-bid": lambda pad, _, value: pad.set_contract(value),
    "pad-partner": lambda pad, _, value: pad.set_partner(value),
    "pad-tricks": lambda pad, _, value: pad.set_tricks(value),
    "pad-side": PadSession.set_side_tricks,
    "pad-breach": lambda pad, _, value: pad.set_breacher(value),
    "pad-name": PadSession.set_name,
    "pad-enter": lambda pad, _, __: pad.enter(),
    "pad-clear": lambda pad, _, __: pad.new_draft(),
    "pad-undo": lambda pad, _, __: pad.undo(),
    "pad-edit": lambda pad, _, value: pad.edit(value),
}
"""The pad's controls, by data-action (before any ':' and the seat or side after it)."""
