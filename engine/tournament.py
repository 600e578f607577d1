"""The tournament format: pairs at tables of four, rounds of four hands.

Each round every table plays four hands, each seat dealing once, with no
target.  Every player keeps an individual total: the points of their side on
every hand they play.  After a round, at each table the pair that scored less
that round (on a tie, North-South, the pair of the round's first dealer: every
table's round is dealt first by seat 0) moves to the next table, and every pair
splits: the two who stayed become opponents, each partnering one of the two
who arrived.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.deal import DealCode
from engine.errors import IllegalActionError, RulesError
from engine.match import Match
from engine.rng import derive_seed
from engine.rules import PRESETS, Rules

HANDS_PER_ROUND = 4
ROUNDS: Final = range(6, 11)
"""How many rounds a tournament may play."""
Pair = tuple[int, int]


@dataclass(frozen=True)
class Standing:
    place: int
    player: int
    total: int


class Tournament:
    """Players ``0 .. 4 * tables - 1``; ``seating[t]`` lists table ``t``'s players by seat."""

    def __init__(self, seed: int, rounds: int = 6, tables: int = 2,
                 rules: Rules = PRESETS["tournament"]) -> None:
        if rounds not in ROUNDS:
            raise RulesError("a tournament plays 6 to 10 rounds")
        if tables < 2 or not rules.table.two_partnerships or rules.target != 0:
            raise RulesError("a tournament needs two or more tables of four and no target")
        self.rules = rules
        self.seed = seed
        self.rounds = rounds
        self.round = 0
        self.seating: list[tuple[int, ...]] = [tuple(range(4 * t, 4 * t + 4))
                                               for t in range(tables)]
        self.totals: list[int] = [0] * (4 * tables)
        self.history: list[list[tuple[tuple[int, ...], tuple[int, int]]]] = []
        """Per finished round, per table: its seating and the two pairs' scores."""
        self.played: list[list[Match]] = []
        """Per finished round, per table: its match (the four hands)."""
        self.matches: list[Match] = []
        self._deal_round()

    def _deal_round(self) -> None:
        self.matches = [Match(self.rules, DealCode(derive_seed(self.seed, self.round * 64 + t)))
                        for t in range(len(self.seating))]

    @property
    def is_over(self) -> bool:
        return self.round >= self.rounds

    def table_done(self, table: int) -> bool:
        """Whether a table has played its four hands this round."""
        m = self.matches[table]
        return len(m.sheet) == HANDS_PER_ROUND

    def next_hand(self, table: int) -> None:
        """Deal the table's next hand of this round."""
        if self.table_done(table):
            raise IllegalActionError("this table has played its four hands")
        self.matches[table].next_hand()

    def round_totals(self) -> list[tuple[int, int]]:
        """Each table's pair scores this round: (North-South, East-West)."""
        return [(m.totals[0], m.totals[1]) for m in self.matches]

    def finish_round(self) -> None:
        """Add the round to the totals, move the losing pairs and split every pair."""
        if self.is_over:
            raise IllegalActionError("the tournament is over")
        if not all(self.table_done(t) for t in range(len(self.seating))):
            raise IllegalActionError("not every table has played its four hands")
        scores = self.round_totals()
        for seats, (ns, ew) in zip(self.seating, scores):
            for seat, player in enumerate(seats):
                self.totals[player] += ns if seat % 2 == 0 else ew
        self.history.append(list(zip(self.seating, scores)))
        self.played.append(self.matches)
        self.round += 1
        staying, moving = zip(*(split(seats, s) for seats, s in zip(self.seating, scores)))
        tables = len(self.seating)
        self.seating = [(staying[t][0], staying[t][1], moving[t - 1][0], moving[t - 1][1])
                        for t in range(tables)]
        if not self.is_over:
            self._deal_round()

    def standings(self) -> list[Standing]:
        """Players by total, highest first (ties share a place)."""
        order = sorted(range(len(self.totals)), key=lambda p: (-self.totals[p], p))
        out: list[Standing] = []
        for i, p in enumerate(order):
            place = out[-1].place if out and out[-1].total == self.totals[p] else i + 1
            out.append(Standing(place, p, self.totals[p]))
        return out


def split(seats: tuple[int, ...], scores: tuple[int, int]) -> tuple[Pair, Pair]:
    """A table's two pairs after a round, by its seating and (North-South, East-West) scores:
    (the pair that stays, the pair that moves).  The pair that scored less moves; on a tie,
    North-South moves."""
    ns_pair, ew_pair = (seats[0], seats[2]), (seats[1], seats[3])
    return (ns_pair, ew_pair) if scores[0] > scores[1] else (ew_pair, ns_pair)
