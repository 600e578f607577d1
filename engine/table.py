"""The table's structure as named capabilities, and who plays with the declarer.

A :class:`Table` is what the rules make of the seats: the positions that play
to a trick and the seat controlling each, the scoring sides, and the few
structural features some tables have (two players' piles, the five-handed
called partner).  Code asks the table (``rules.table``) instead of counting
heads.  :class:`Sides` is one hand's answer to "who scores with the
declarer?", as the whole truth (``Hand.sides``) or as one seat knows it
(``Observation.sides``).

>>> from engine.rules import PRESETS
>>> t = PRESETS["two-handed"].table
>>> t.positions, t.controller, t.has_piles
(4, (0, 1, 0, 1), True)
>>> five = PRESETS["five-handed"].table
>>> five.called_partner, five.sides, five.misere_active(2)
(True, 5, (True, True, True, True, True))
>>> PRESETS["standard"].table.misere_active(1)
(True, True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DECLARING: Final = 0
"""A position's team as a seat knows it: plays with the declarer."""
DEFENDING: Final = 1
"""Plays against the declarer."""
UNKNOWN: Final = -1
"""Not known yet (the five-handed partner before the called card shows)."""


@dataclass(frozen=True)
class Table:
    """The structure of a table, derived from the rules (``rules.table``)."""

    players: int
    """Seats at the table."""
    positions: int
    """Places that play to a trick: the seats, then two players' piles."""
    controller: tuple[int, ...]
    """The seat that plays each position."""
    sides: int
    """Scoring sides (one per seat when everyone plays for themselves)."""
    has_piles: bool
    """Each player also plays from five piles in front of them (two players)."""
    called_partner: bool
    """The winning bidder calls a card for a secret partner, or plays alone (five players)."""
    two_partnerships: bool
    """Two sides of two partners sitting opposite (the four-handed game)."""

    @staticmethod
    def of(players: int, team_size: int) -> Table:
        """The table of so many players in teams of ``team_size``."""
        positions = 4 if players == 2 else players
        return Table(players=players, positions=positions,
                     controller=tuple(p % players for p in range(positions)),
                     sides=players // team_size, has_piles=players == 2,
                     called_partner=players == 5,
                     two_partnerships=players == 4 and team_size == 2)

    @property
    def teams(self) -> bool:
        """Partners share a score (a side has more than one seat)."""
        return self.sides < self.players

    @property
    def more_than_four(self) -> bool:
        """More seats than a table has sides (five and six players): seats go by their names."""
        return self.players > 4

    @property
    def crowded(self) -> bool:
        """A trick's cards cannot be told apart by their place alone: a seat and its piles play
        from the same side, or more seats play than a table has sides."""
        return self.has_piles or self.more_than_four

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: seats ``s, s + sides, ...`` are partners."""
        return seat % self.sides

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of one scoring side."""
        return tuple(range(side, self.players, self.sides))

    def partner_of(self, seat: int) -> int:
        """The other seat of a partnership of two."""
        return next(s for s in self.side_seats(self.side_of(seat)) if s != seat)

    def side_positions(self, side: int) -> tuple[int, ...]:
        """The positions whose tricks count for one side (its seats' piles included)."""
        return tuple(p for p in range(self.positions) if self.controller[p] % self.sides == side)

    def is_pile(self, position: int) -> bool:
        """Whether a position is a player's piles rather than a hand."""
        return position >= self.players

    def misere_active(self, declarer: int) -> tuple[bool, ...]:
        """The positions that play a misere: the declarer's hand and the other sides;
        the declarer's partners and piles sit out."""
        side = self.side_of(declarer)
        return tuple(p == declarer or self.side_of(self.controller[p]) != side
                     for p in range(self.positions))

    def scoring_sides(self, seats: tuple[int, ...]) -> frozenset[int]:
        """The sides the given seats score for."""
        return frozenset(self.side_of(s) for s in seats)

    def sides_of_hand(self, declarer: int, partner: int, misere: bool, called: bool,
                      shown: bool, viewer: int = -1) -> Sides:
        """Who scores with the declarer, as ``viewer`` knows it (-1: the whole truth).

        ``partner`` is a called partner's seat (-1 if none or not yet called),
        ``called`` whether the call is over (or skipped: misere), ``shown``
        whether the called card has been played.  This is the one place that
        works out the declarer's side.
        """
        if declarer < 0:
            return Sides(self, -1, (), True, False, viewer)
        if not self.called_partner:
            return Sides(self, declarer, self.side_seats(self.side_of(declarer)), True, misere,
                         viewer)
        if partner < 0:
            return Sides(self, declarer, (declarer,), called, misere, viewer)
        if shown or viewer in (-1, partner):
            return Sides(self, declarer, tuple(sorted((declarer, partner))), True, misere, viewer)
        return Sides(self, declarer, (declarer,), False, misere, viewer)


@dataclass(frozen=True)
class Sides:
    """One hand's declaring side: who scores with the declarer, as far as one viewer knows."""

    table: Table
    declarer: int
    """The declarer's seat (-1: no contract)."""
    seats: tuple[int, ...]
    """Seats known to score with the declarer, the declarer included, in seat order."""
    complete: bool
    """``seats`` is the whole side: False while a called partner is secret to the viewer
    (or not called yet)."""
    misere: bool
    """The contract is a misere played alone: the declarer's partners and piles sit out
    (not in double nullo, where both partners play)."""
    viewer: int = -1
    """The seat whose knowledge this is (-1: the whole truth)."""

    @property
    def positions(self) -> tuple[int, ...]:
        """Positions whose tricks count for the declarer's side (a misere: the declarer's
        hand alone, the rest of the side sitting out)."""
        if self.misere:
            return (self.declarer,)
        seats = self.seats
        return tuple(p for p in range(self.table.positions) if self.table.controller[p] in seats)

    @property
    def scoring_sides(self) -> frozenset[int]:
        """The sides that win or lose the bid."""
        return self.table.scoring_sides(self.seats)

    def team(self, position: int) -> int:
        """``DECLARING``, ``DEFENDING`` or ``UNKNOWN``: a position's team as known here.
        A viewer not known to be with the declarer knows that it defends."""
        seat = self.table.controller[position]
        if seat in self.seats:
            return DECLARING
        return DEFENDING if self.complete or seat == self.viewer else UNKNOWN
