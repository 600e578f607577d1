"""Statistics of every game kept, finished or not, seen from the player's seat (seat 0).

A game is summed up as a small JSON-ready *summary* (:func:`summarize`; a
finished game keeps it, so statistics never replay finished games)::

    {"rules": "standard", "side": 0, "won": true, "totals": [520, 180],
     "hands": [{"contract": "7H", "declarer": 0, "made": true, "points": 180}, ...], "undos": 2}

``hands`` lists every scored hand but the thrown-in ones: the contract text
(None when everyone passed and it was played in no trumps), the declarer's
seat (None likewise), whether the bidders made it, the points of the
player's side, and where a defender called breach (the breach rule), its seat
(``"breacher"``) and whether the breach came off (``"breached"``); ``undos``, the player's take-backs
over the game.  :func:`partnered` adds
``"partner"``: the level of the bots that sit on the player's side, from the game's settings.
:func:`aggregate` adds summaries up into :class:`Stats`: a game not finished (``won`` None)
counts its hands, not as a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from app.html.cards import minus
from engine.bids import BLIND_MISERE, DENOMINATION_NAMES, DENOMINATION_TEXT, DOUBLE_NULLO, HI_LO, OPEN_MISERE, Bid
from engine.errors import FiveHundredError
from engine.match import Match
from engine.rules import Rules

PLAYER: Final = 0
"""The person's seat; the bots sit in the others."""


def summarize(match: Match, seat: int = PLAYER) -> dict[str, Any]:
    """A finished (or abandoned: ``won`` is None) game as a JSON-ready summary."""
    side = match.rules.side_of(seat)
    outcome = match.outcome
    return {
        "rules": str(match.rules),
        "side": side,
        "won": None if outcome is None else outcome.winner == side,
        "totals": list(match.totals),
        "hands": [{"contract": None if r.contract is None else str(r.contract),
                   "declarer": r.declarer, "made": r.made, "points": r.points[side],
                   **({"breacher": r.breacher, "breached": r.breach_points > 0} if r.breacher >= 0 else {})}
                  for r in (row.result for row in match.sheet) if not r.thrown_in],
        "undos": sum(map(len, match.undos)),
    }


@dataclass
class Tally:
    """Contracts won in the auction by the player, and how many were made."""

    bid: int = 0
    made: int = 0

    def __str__(self) -> str:
        return f"{self.made} of {self.bid} made" if self.bid else "none bid"


@dataclass
class Record:
    """The games and hands played with one level of bot as partner."""

    games: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0


LEVELS: Final = (6, 7, 8, 9, 10)
"""The contracts' levels, a row each in :meth:`Stats.tables`."""


@dataclass
class Stats:
    """Totals over finished games, for the player at seat 0."""

    games: int = 0
    won: int = 0
    contracts: dict[str, Tally] = field(
        default_factory=lambda: {d: Tally() for d in DENOMINATION_TEXT})
    """By denomination ("S", "C", "D", "H", "NT"): contracts the player declared."""
    misere: Tally = field(default_factory=Tally)
    open_misere: Tally = field(default_factory=Tally)
    blind_misere: Tally = field(default_factory=Tally)
    double_nullo: Tally = field(default_factory=Tally)
    hi_lo: Tally = field(default_factory=Tally)
    breaches: Tally = field(default_factory=Tally)
    """Breaches the player called (the breach rule), and how many came off."""
    hands: int = 0
    points: int = 0
    """The player's side's points over all ``hands``."""
    undos: int = 0
    """Take-backs (app.table.session.Session.undo) over all games."""
    by_level: dict[str, Tally] = field(default_factory=dict)
    """By contract ("7H", "10NT"; not misère): contracts the player declared."""
    partners: dict[str, Record] = field(default_factory=dict)
    """By the level of the bots on the player's side ("normal"), where the table has partners."""

    @property
    def average_points(self) -> float:
        """Average points per hand to the player's side (0 before any hand)."""
        return self.points / self.hands if self.hands else 0.0

    def lines(self) -> list[str]:
        """The statistics as short lines of plain text, for a stats screen."""
        rate = f" ({100 * self.won // self.games}%)" if self.games else ""
        return [
            f"Games won: {self.won} of {self.games}{rate}",
            *(f"{name.capitalize()}: {self.contracts[text]}"
              for text, name in zip(DENOMINATION_TEXT, DENOMINATION_NAMES)),
            f"Misere: {self.misere}",
            f"Open misere: {self.open_misere}",
            # the variants' contracts and breach, once the player has had one (most never play them)
            *(f"{name}: {tally}" for name, tally in (("Blind misere", self.blind_misere),
                                                   ("Double nullo", self.double_nullo), ("Hi-lo", self.hi_lo))
              if tally.bid),
            *([f"Breaches you called: {self.breaches.made} of {self.breaches.bid} came off"]
              if self.breaches.bid else []),
            f"Average points per hand: {self.average_points:.1f} over {self.hands} hands",
            *([f"Moves taken back (undo): {self.undos}"] if self.undos else []),
        ]

    def tables(self) -> StatsTables:
        """The contracts by level and denomination (made of bid), and the results with each
        level of partner, as rows of text for tables."""
        contracts = tuple((str(level), *(_cell(self.by_level.get(f"{level}{d}")) for d in DENOMINATION_TEXT))
                          for level in LEVELS)
        partners = tuple((level.capitalize(), f"{r.won} of {r.games}", str(r.hands),
                          f"{r.points / r.hands:.1f}" if r.hands else "–") for level, r in sorted(self.partners.items()))
        return StatsTables(contracts, partners)


class StatsTables(NamedTuple):
    """The stats' tables as rows of text (:meth:`Stats.tables`, drawn by app.history.render)."""

    contracts: tuple[tuple[str, ...], ...]
    """A row a level: the level, then made of bid in each denomination."""
    partners: tuple[tuple[str, ...], ...]
    """A row a level of partner: the level, games won, hands, points a hand."""


def _cell(tally: Tally | None) -> str:
    return f"{tally.made}/{tally.bid}" if tally and tally.bid else "–"


def partnered(summary: Mapping[str, Any], settings: Any) -> dict[str, Any]:
    """A summary with ``"partner"``: the level of the bots on the player's side (from the game's
    settings), or None where the player has no partner or partners of different levels."""
    levels = settings.get("levels") if isinstance(settings, Mapping) else None
    try:
        rules = Rules.parse(str(summary.get("rules")))
    except FiveHundredError:
        rules = None
    partner = None
    if rules is not None and isinstance(levels, list) and len(levels) == rules.players:
        side = {str(levels[s]) for s in range(1, rules.players) if rules.side_of(s) == rules.side_of(PLAYER)}
        partner = side.pop() if len(side) == 1 else None
    return {**summary, "partner": partner}


def aggregate(summaries: Iterable[Mapping[str, Any]], seat: int = PLAYER) -> Stats:
    """Add up game summaries; a malformed summary or hand line is skipped."""
    stats = Stats()
    for summary in summaries:
        hands = summary.get("hands")
        won = summary.get("won")
        if not isinstance(hands, list) or not (won is None or isinstance(won, bool)):
            continue
        partner = summary.get("partner")
        record = stats.partners.setdefault(partner, Record()) if isinstance(partner, str) else Record()
        if won is not None:  # a game not finished counts its hands only
            stats.games += 1
            stats.won += won
            record.games += 1
            record.won += won
        undos = summary.get("undos", 0)
        stats.undos += undos if type(undos) is int and undos > 0 else 0
        for line in hands:
            if _add_hand(stats, line, seat):
                record.hands += 1
                record.points += line["points"]
    return stats


def _add_hand(stats: Stats, line: Any, seat: int) -> bool:
    """Count a hand's line (False if it is malformed)."""
    if not isinstance(line, dict) or type(line.get("points")) is not int:
        return False
    stats.hands += 1
    stats.points += line["points"]
    if line.get("breacher") == seat and isinstance(line.get("breached"), bool):
        stats.breaches.bid += 1
        stats.breaches.made += line["breached"]
    contract, made = line.get("contract"), line.get("made")
    if line.get("declarer") != seat or not isinstance(contract, str) or not isinstance(made, bool):
        return True
    try:
        bid = Bid.parse(contract)
    except FiveHundredError:
        return True
    tallies = [stats.contracts[DENOMINATION_TEXT[bid.denomination]], stats.by_level.setdefault(str(bid), Tally())] \
        if bid.is_trick_bid else [_special(stats, bid)]
    for tally in tallies:
        tally.bid += 1
        tally.made += made
    return True


def _special(stats: Stats, bid: Bid) -> Tally:
    """The tally of a bid that is not a trick bid: a misere of some kind, or hi-lo."""
    special = {OPEN_MISERE: stats.open_misere, BLIND_MISERE: stats.blind_misere,
               DOUBLE_NULLO: stats.double_nullo, HI_LO: stats.hi_lo}
    return special.get(bid, stats.misere)


def standings_rows(data: Any) -> list[list[str]]:
    """A finished tournament's final standings as kept in History (app.store.saves.finish) as rows of
    place, name and points; [] if there are none or they cannot be read."""
    if not isinstance(data, list):
        return []
    rows = []
    for s in data:
        if not (isinstance(s, dict) and type(s.get("place")) is int and isinstance(s.get("name"), str)
                and type(s.get("total")) is int):
            return []
        rows.append([str(s["place"]), s["name"], minus(s["total"])])
    return rows
