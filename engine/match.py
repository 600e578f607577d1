"""A game of 500: hands in turn, the deal passing left, running scores, the end.

Hand ``i`` of a match is dealt by seat ``(first dealer + i) % players`` from
the seed ``first.seed`` for the first hand and ``derive_seed(first.seed, i)``
after, so one deal code names a whole match.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.deal import Deal, DealCode, deal_cards
from engine.errors import IllegalActionError, PositionError
from engine.hand import Hand
from engine.position import check_deal
from engine.rng import derive_seed
from engine.rules import Rules
from engine.scoring import HandResult


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side, and why."""

    winner: int
    reason: str
    """'bid' (reached the target on its own bid), 'tricks' (defenders' tricks, where
    they can win), 'backwards' (a side fell to minus the target) or 'spread'."""
    loser: int | None = None

    def describe(self, side_names: list[str]) -> str:
        name = side_names[self.winner]
        if self.reason == "bid":
            return f"{name} won: reached the target on their own bid."
        if self.reason == "tricks":
            return f"{name} won: reached the target."
        if self.reason == "spread":
            return f"{name} won on the point spread."
        assert self.loser is not None
        return f"{side_names[self.loser]} went out backwards; {name} won."


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet."""

    number: int
    dealer: int
    result: HandResult
    totals: tuple[int, ...]


class Match:
    """A game: hands dealt in turn until a side wins (or forever, with no target).

    ``totals`` starts the game part-way, from these scores (one per side), with
    ``first.dealer`` dealing next.

    >>> from engine.rules import PRESETS
    >>> m = Match(PRESETS["standard"], DealCode(5, dealer=2), totals=(480, -120))
    >>> m.totals, m.hand.dealer
    ((480, -120), 2)
    >>> Match(PRESETS["standard"], DealCode(5), totals=(500, 0))
    Traceback (most recent call last):
    ...
    engine.errors.PositionError: a game at 500 and 0 is already over (the target is 500)
    """

    def __init__(self, rules: Rules, first: DealCode, totals: tuple[int, ...] | None = None,
                 deal: Deal | None = None) -> None:
        self.rules = rules
        self.first = first
        self.hands: list[Hand] = []
        self.sheet: list[SheetRow] = []
        self.start_totals: tuple[int, ...] = _start_totals(rules, totals)
        """The scores the game started from (zeros unless given)."""
        self.totals = self.start_totals
        self.outcome: Outcome | None = None
        self.given: list[bool] = []
        """For each hand: dealt from given cards (``deal=``), not from its deal code."""
        self.undos: list[list[tuple[int, int]]] = []
        """For each hand: its take-backs (:meth:`take_back`), as (actions before, actions after)."""
        self.next_hand(deal)

    @property
    def hand(self) -> Hand:
        """The hand being played (or the last one, once the game is over)."""
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def deal_code(self, number: int) -> DealCode:
        """The deal code of hand ``number`` (0-based)."""
        seed = self.first.seed if number == 0 else derive_seed(self.first.seed, number)
        return DealCode(seed, (self.first.dealer + number) % self.rules.players)

    def next_hand(self, deal: Deal | None = None) -> Hand:
        """Deal the next hand, from its deal code or from given cards (checked);
        the previous one must be over."""
        if self.hands and not self.hand.is_over:
            raise IllegalActionError("the hand in progress is not over")
        if self.outcome is not None:
            raise IllegalActionError("the game is over")
        code = self.deal_code(len(self.hands))
        if deal is not None:
            check_deal(self.rules, deal)
        self.hands.append(Hand(self.rules, deal or deal_cards(self.rules, code), code.dealer,
                               self._barred(), self.totals))
        self.given.append(deal is not None)
        self.undos.append([])
        return self.hand

    def _barred(self) -> int:
        """The seat the last hand barred (the set or breach rule), which may not bid in the next."""
        return self.sheet[-1].result.barred if self.sheet else -1

    def take_back(self, to: int) -> None:
        """Undo: take the hand in progress back to its first ``to`` actions, noted in ``undos``."""
        hand = self.hand
        if hand.is_over:
            raise IllegalActionError("the hand is over")
        if not 0 <= to < len(hand.history):
            raise IllegalActionError(f"cannot take back to action {to} of {len(hand.history)}")
        self.undos[-1].append((len(hand.history), to))
        while len(hand.history) > to:
            hand.pop()

    def apply(self, action: int | str, seat: int | None = None) -> None:
        """Apply a checked action to the current hand, scoring it when it ends."""
        if self.outcome is not None:
            raise IllegalActionError("the game is over")
        hand = self.hand
        hand.apply(action, seat)
        if hand.result is not None:
            self._score(hand)

    def _score(self, hand: Hand) -> None:
        result = hand.result
        assert result is not None
        self.totals = tuple(t + p for t, p in zip(self.totals, result.points))
        self.sheet.append(SheetRow(len(self.hands), hand.dealer, result, self.totals))
        self.outcome = game_outcome(self.rules, self.totals, result)


def _start_totals(rules: Rules, totals: tuple[int, ...] | None) -> tuple[int, ...]:
    if totals is None:
        return (0,) * rules.sides
    totals = tuple(totals)
    if len(totals) != rules.sides or not all(type(t) is int for t in totals):
        raise PositionError(f"a game's scores are {rules.sides} whole numbers, one per side, "
                            f"not {totals!r}")
    target = rules.target
    if target and any(abs(t) >= target for t in totals):
        raise PositionError(f"a game at {' and '.join(map(str, totals))} is already over "
                            f"(the target is {target})")
    return totals


def game_outcome(rules: Rules, totals: tuple[int, ...], last: HandResult) -> Outcome | None:
    """Whether the game ends after a hand with these running totals, and how."""
    target = rules.target
    if target == 0:
        return None
    if last.breacher >= 0:  # a breach's points never take a side out, either way
        side = rules.side_of(last.breacher)
        totals = tuple(t - last.breach_points * (s == side) for s, t in enumerate(totals))
    made = rules.table.scoring_sides(last.bidders) if last.made else frozenset()
    reached = [s for s in range(rules.sides) if totals[s] >= target]
    winners = [s for s in reached if s in made]
    if winners:
        return Outcome(max(winners, key=lambda s: totals[s]), "bid")
    if rules.defenders_win and reached:
        return Outcome(max(reached, key=lambda s: totals[s]), "tricks")
    fallen = [s for s in range(rules.sides) if totals[s] <= -target]
    if fallen:
        loser = min(fallen, key=lambda s: totals[s])
        best = max((s for s in range(rules.sides) if s != loser), key=lambda s: totals[s])
        return Outcome(best, "backwards", loser)
    if rules.point_spread:
        high, low = max(range(2), key=lambda s: totals[s]), min(range(2), key=lambda s: totals[s])
        if totals[high] > 0 > totals[low] and totals[high] - totals[low] >= target:
            return Outcome(high, "spread", low)
    return None
