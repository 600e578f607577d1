"""A score pad for a game played with real cards: the hands as entered, scored by the engine.

An :class:`Entry` says what happened at the table (who dealt, the contract and who declared it,
or everyone passed; the tricks each side took); :class:`Sheet` checks each entry against the
table's rules and the hands before it (the set rule's ban, the game over) and scores it with
the functions a played hand is scored with, so a corrected entry rescores everything after it.

>>> from engine.rules import STANDARD
>>> sheet = Sheet(STANDARD)
>>> sheet.add(Entry(dealer=0, contract="8H", declarer=1, tricks=(1, 9)))
>>> sheet.rows[-1].totals, sheet.rows[-1].result.describe(STANDARD)
((10, 300), 'Eight hearts: the bidders took 9 tricks, made (300 points); defenders score 10 a trick.')
>>> sheet.add(Entry(dealer=1, contract="7S", declarer=0, tricks=(11, 0)))
Traceback (most recent call last):
...
app.pad.model.EntryError: The tricks add up to 11: a hand has 10.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from engine.bids import Bid
from engine.breach import can_breach
from engine.errors import FiveHundredError
from engine.hand import score_contract
from engine.match import Outcome, game_outcome
from engine.rules import AllPass, Rules
from engine.scoring import HandResult, score_hand
from engine.seats import seat_name

TRICKS: Final = 10
"""Tricks in a hand."""


class EntryError(ValueError):
    """An entry the table's rules refuse, with the reason in words for the scorer."""


@dataclass(frozen=True)
class Entry:
    """One hand as the scorer enters it.

    ``contract``: the contract's text ('7H', 'MIS'), '' when everyone passed. ``tricks``: the
    tricks each side took, by side (the declaring side's under the declarer's side, a called
    partner's side 0); after all passed with the redeal rule, none. ``partner``: a five-handed
    declarer's called partner (-1: alone). ``breacher``: the defender who called breach (-1: none).
    """

    dealer: int
    contract: str = ""
    declarer: int = -1
    partner: int = -1
    tricks: tuple[int, ...] = ()
    breacher: int = -1

    def to_data(self) -> dict[str, Any]:
        """The entry as JSON data, the fields at their default left out."""
        data: dict[str, Any] = {"dealer": self.dealer}
        for f in dataclasses.fields(self)[1:]:
            value = getattr(self, f.name)
            if value != f.default:
                data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @staticmethod
    def from_data(data: Any) -> Entry:
        """An entry from :meth:`to_data`'s JSON data; ValueError if it is not one."""
        if not isinstance(data, dict) or set(data) - {f.name for f in dataclasses.fields(Entry)}:
            raise ValueError("not a score pad entry")
        tricks = data.get("tricks", [])
        numbers = [data.get(name, -1) for name in ("dealer", "declarer", "partner", "breacher")]
        if (not isinstance(tricks, list) or not isinstance(data.get("contract", ""), str)
                or not all(type(n) is int for n in [*tricks, *numbers])):
            raise ValueError("not a score pad entry")
        return Entry(numbers[0], data.get("contract", ""), numbers[1], numbers[2], tuple(tricks), numbers[3])


@dataclass(frozen=True)
class Row:
    """An entry scored: what the engine made of it, the totals after it, the game's end if it came."""

    entry: Entry
    result: HandResult
    totals: tuple[int, ...]
    outcome: Outcome | None


class Sheet:
    """The score sheet of one game: its entries, each checked and scored in turn."""

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        self.rules = rules
        self.first_dealer = first_dealer
        self.rows: list[Row] = []

    @property
    def entries(self) -> list[Entry]:
        return [row.entry for row in self.rows]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rows[-1].totals if self.rows else (0,) * self.rules.sides

    @property
    def outcome(self) -> Outcome | None:
        return self.rows[-1].outcome if self.rows else None

    @property
    def next_dealer(self) -> int:
        """The deal passes left after every hand, a redeal included."""
        last = self.rows[-1].entry.dealer if self.rows else self.first_dealer - 1
        return (last + 1) % self.rules.players

    @property
    def barred(self) -> int:
        """The seat the last hand bars from bidding in the next (the set or breach rule), -1 if none."""
        return self.rows[-1].result.barred if self.rows else -1

    def add(self, entry: Entry) -> None:
        """Score one more hand; EntryError (nothing changed) if the rules refuse it."""
        self.rows.append(self._row(entry, self.rows[-1] if self.rows else None))

    def undo(self) -> None:
        """Take the last entry back."""
        if self.rows:
            self.rows.pop()

    def replace(self, index: int, entry: Entry) -> None:
        """Correct an earlier entry: it and every one after it scored again; EntryError (nothing
        changed) if the correction, or a later entry after it, is refused."""
        entries = self.entries
        if not 0 <= index < len(entries):
            raise EntryError("There is no such hand to correct.")
        entries[index] = entry
        rows = self.rows[:index]
        for number, later in enumerate(entries[index:], index + 1):
            try:
                rows.append(self._row(later, rows[-1] if rows else None))
            except EntryError as e:
                raise EntryError(f"Hand {number} would then be refused: {e}") from None
        self.rows = rows

    def _row(self, entry: Entry, last: Row | None) -> Row:
        if last is not None and last.outcome is not None:
            raise EntryError("The game is over: undo or correct a hand to go on.")
        result = score_entry(self.rules, entry, last.result.barred if last is not None else -1)
        before = last.totals if last is not None else (0,) * self.rules.sides
        totals = tuple(t + p for t, p in zip(before, result.points))
        return Row(entry, result, totals, game_outcome(self.rules, totals, result))

    def to_data(self) -> dict[str, Any]:
        return {"rules": str(self.rules), "first_dealer": self.first_dealer,
                "entries": [e.to_data() for e in self.entries]}

    @staticmethod
    def from_data(data: Any) -> Sheet:
        """A sheet from :meth:`to_data`'s data, every entry checked again; ValueError (an
        EntryError, a FiveHundredError) if it is not one the rules allow."""
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise ValueError("not a score sheet")
        first = data.get("first_dealer", 0)
        rules = Rules.parse(str(data.get("rules")))
        if type(first) is not int or not 0 <= first < rules.players:
            raise ValueError("not a score sheet")
        sheet = Sheet(rules, first)
        for number, item in enumerate(data["entries"], 1):
            try:
                sheet.add(Entry.from_data(item))
            except EntryError as e:
                raise EntryError(f"hand {number}: {e}") from None
        return sheet


def score_entry(rules: Rules, entry: Entry, barred: int = -1) -> HandResult:
    """What an entry scores at this table, ``barred`` the seat the hand before barred from
    bidding; EntryError says why the rules refuse it."""
    check_entry(rules, entry, barred)
    players, sides = rules.players, rules.sides
    if not entry.contract:
        if not entry.tricks:  # redealt: no score
            return HandResult(None, None, (), (0,) * players, (0,) * sides, thrown_in=True)
        return score_hand(rules, None, None, (), _seat_tricks(rules, entry.tricks, -1))
    contract = Bid.parse(entry.contract)
    bidders = _bidders(rules, entry, contract)
    return score_contract(rules, contract, entry.declarer, bidders,
                          _seat_tricks(rules, entry.tricks, entry.declarer), entry.breacher)


def check_entry(rules: Rules, entry: Entry, barred: int = -1) -> None:
    """EntryError, in words, if the rules refuse this entry (``barred``: as :func:`score_entry`)."""
    players = rules.players
    if not 0 <= entry.dealer < players:
        raise EntryError("Choose who dealt.")
    if not entry.contract:
        _check_passed(rules, entry)
        return
    try:
        contract = Bid.parse(entry.contract)
    except FiveHundredError:
        raise EntryError(f"{entry.contract!r} is not a bid.") from None
    if not 0 <= entry.declarer < players:
        raise EntryError("Choose who won the bidding.")
    name = seat_name(players, entry.declarer)
    if rules.is_inkle(contract):
        raise EntryError("A six is an inkle here: it never becomes a contract (nobody bid more: "
                         "the hand is redealt, enter it as all passed).")
    if contract not in rules.biddable:
        raise EntryError(f"{contract.name.capitalize()} is not a bid at this table.")
    if entry.declarer == barred:
        why = "lost a breach" if rules.breach else "was set (the set rule)"
        raise EntryError(f"{name} {why} last hand, so may not bid this hand.")
    _check_partner(rules, entry, contract)
    if entry.breacher >= 0 and (not can_breach(rules, contract) or entry.breacher >= players
                                or entry.breacher in _bidders(rules, entry, contract)):
        raise EntryError("Only a defender may breach, and only a seven or more or a misère, "
                         "where the table plays the breach rule.")
    _check_tricks(rules, entry.tricks)
    if rules.table.called_partner and entry.partner >= 0 and entry.tricks[rules.side_of(entry.partner)]:
        raise EntryError("Count the called partner's tricks with the declarer's.")


def _check_passed(rules: Rules, entry: Entry) -> None:
    if entry.declarer >= 0 or entry.partner >= 0 or entry.breacher >= 0:
        raise EntryError("Nobody declares when everyone passed.")
    if rules.all_pass == AllPass.REDEAL:
        if entry.tricks:
            raise EntryError("At this table a hand everyone passed is redealt: no tricks are played.")
        return
    _check_tricks(rules, entry.tricks)


def _check_partner(rules: Rules, entry: Entry, contract: Bid) -> None:
    partner = entry.partner
    if partner < 0:
        return
    if not rules.table.called_partner:
        raise EntryError("Only five players call a partner.")
    if contract.partner_folds:
        raise EntryError(f"{contract.name.capitalize()} is played alone: no partner is called.")
    if partner == entry.declarer or partner >= rules.players:
        raise EntryError("The called partner is another player.")


def _check_tricks(rules: Rules, tricks: tuple[int, ...]) -> None:
    if len(tricks) != rules.sides or any(t < 0 for t in tricks):
        raise EntryError("Enter the tricks each side took.")
    if sum(tricks) != TRICKS:
        raise EntryError(f"The tricks add up to {sum(tricks)}: a hand has {TRICKS}.")


def _bidders(rules: Rules, entry: Entry, contract: Bid) -> tuple[int, ...]:
    """The seats scored as the declaring side, as the engine works them out for a played hand."""
    return rules.table.sides_of_hand(entry.declarer, entry.partner, contract.partner_folds, True, True).seats


def _seat_tricks(rules: Rules, tricks: tuple[int, ...], declarer: int) -> tuple[int, ...]:
    """Each seat's tricks from each side's: a side's under the declarer, or its first seat."""
    seats = [0] * rules.players
    for side, took in enumerate(tricks):
        seat = declarer if declarer >= 0 and rules.side_of(declarer) == side else rules.table.side_seats(side)[0]
        seats[seat] += took
    return tuple(seats)
