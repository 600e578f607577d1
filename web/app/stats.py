"""Statistics of finished games, seen from the player's seat (seat 0).

A finished game is kept as a small JSON-ready *summary* (:func:`summarize`),
so statistics never replay whole games::

    {"rules": "standard", "side": 0, "won": true, "totals": [520, 180],
     "hands": [{"contract": "7H", "declarer": 0, "made": true, "points": 180}, ...], "undos": 2}

``hands`` lists every scored hand but the thrown-in ones: the contract text
(None when everyone passed and it was played in no trumps), the declarer's
seat (None likewise), whether the bidders made it, and the points of the
player's side; ``undos``, the player's take-backs over the game.  :func:`aggregate` adds summaries
up into :class:`Stats`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine.bids import DENOMINATION_NAMES, DENOMINATION_TEXT, Bid
from engine.errors import FiveHundredError
from engine.match import Match

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
                   "declarer": r.declarer, "made": r.made, "points": r.points[side]}
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
class Stats:
    """Totals over finished games, for the player at seat 0."""

    games: int = 0
    won: int = 0
    contracts: dict[str, Tally] = field(
        default_factory=lambda: {d: Tally() for d in DENOMINATION_TEXT})
    """By denomination ("S", "C", "D", "H", "NT"): contracts the player declared."""
    misere: Tally = field(default_factory=Tally)
    open_misere: Tally = field(default_factory=Tally)
    hands: int = 0
    points: int = 0
    """The player's side's points over all ``hands``."""
    undos: int = 0
    """Take-backs (app.session.Session.undo) over all games."""

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
            f"Average points per hand: {self.average_points:.1f} over {self.hands} hands",
            *([f"Moves taken back (undo): {self.undos}"] if self.undos else []),
        ]


def aggregate(summaries: Iterable[Mapping[str, Any]], seat: int = PLAYER) -> Stats:
    """Add up game summaries; a malformed summary or hand line is skipped."""
    stats = Stats()
    for summary in summaries:
        hands = summary.get("hands")
        won = summary.get("won")
        if not isinstance(hands, list) or not isinstance(won, bool):
            continue
        stats.games += 1
        stats.won += won
        undos = summary.get("undos", 0)
        stats.undos += undos if type(undos) is int and undos > 0 else 0
        for line in hands:
            _add_hand(stats, line, seat)
    return stats


def _add_hand(stats: Stats, line: Any, seat: int) -> None:
    if not isinstance(line, dict) or type(line.get("points")) is not int:
        return
    stats.hands += 1
    stats.points += line["points"]
    contract, made = line.get("contract"), line.get("made")
    if line.get("declarer") != seat or not isinstance(contract, str) or not isinstance(made, bool):
        return
    try:
        bid = Bid.parse(contract)
    except FiveHundredError:
        return
    tally = (stats.open_misere if bid.is_open else stats.misere) if bid.is_misere else \
        stats.contracts[DENOMINATION_TEXT[bid.denomination]]
    tally.bid += 1
    tally.made += made
