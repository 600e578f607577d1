"""The score of one hand, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from engine.bids import BIDS, Bid
from engine.rules import PartnerShare, Rules, Slam


@dataclass(frozen=True)
class HandResult:
    """What a finished hand scored, and why."""

    contract: Bid | None
    """The contract; None when the hand was thrown in or played after all passed."""
    declarer: int | None
    bidders: tuple[int, ...]
    """Seats on the declarer's side this hand (a called partner included)."""
    tricks: tuple[int, ...]
    """Tricks taken by each seat."""
    points: tuple[int, ...]
    """Points to each side (see ``Rules.side_of``)."""
    made: bool | None = None
    slam: bool = False
    thrown_in: bool = False
    declarer_set: bool = False
    """The declarer was set (the set rule): it may not bid in the next hand."""
    breacher: int = -1
    """The defender who called breach (the breach rule), -1 if none."""
    breach_points: int = 0
    """The breach call's points to the breacher's side (in ``points`` too)."""

    @property
    def barred(self) -> int:
        """The seat that may not bid in the next hand (-1: none): a set declarer (the set
        rule); a breached declarer, or a breacher whose breach failed (the breach rule)."""
        if self.breacher >= 0:
            return self.declarer if self.breach_points > 0 and self.declarer is not None \
                else self.breacher
        return self.declarer if self.declarer_set and self.declarer is not None else -1

    @property
    def bidders_tricks(self) -> int:
        return sum(self.tricks[p] for p in self.bidders)

    def describe(self, rules: Rules) -> str:
        """One line in plain words: contract, tricks and why the points."""
        if self.thrown_in:
            return "Thrown in: no contract, no score."
        if self.contract is None:
            return "Everyone passed: played in no trumps, 10 points a trick to each side."
        value = rules.bid_value(self.contract)
        took = self.bidders_tricks
        trick_word = "trick" if took == 1 else "tricks"
        who = "the bidders" if len(self.bidders) > 1 else "the bidder"
        text = f"{self.contract.name.capitalize()}: {who} took {took} {trick_word}, "
        if self.made:
            text += "made"
            if self.slam:
                text += f", slam ({max(self.points)} points)"
            else:
                text += f" ({value} points)"
        else:
            text += (f"failed ({value} to the defenders)" if rules.failed_to_defenders
                     else f"failed (minus {value})")
            if self.declarer_set:
                text += ", set: the declarer may not bid next hand"
        if self.breacher >= 0:
            text += (f"; breached: the breaching side scores {self.breach_points}"
                     if self.breach_points > 0 else
                     f"; not breached: the breaching side loses {-self.breach_points}")
        defenders = "the defender scores" if len(self.tricks) - len(self.bidders) == 1 else "defenders score"
        if self.contract.is_misere:
            return text + f"; {defenders} nothing against misere."
        return text + f"; {defenders} 10 a trick."


def score_hand(rules: Rules, contract: int | None, declarer: int | None,
               bidders: tuple[int, ...], tricks: tuple[int, ...]) -> HandResult:
    """Score a played hand: ``tricks`` per seat, ``bidders`` the declarer's side."""
    points = [0] * rules.sides
    if contract is None:
        for seat, t in enumerate(tricks):
            points[rules.side_of(seat)] += 10 * t
        return HandResult(None, None, (), tricks, tuple(points))
    bid = BIDS[contract]
    took = sum(tricks[p] for p in bidders)
    value = rules.bid_value(bid)
    made = bid.made_by(took)
    slam = False
    if made and not bid.is_misere and took == 10:
        if rules.slam == Slam.TO_250 and value < 250:
            value, slam = 250, True
        elif rules.slam == Slam.PLUS_100 and bid.tricks < 10:
            value, slam = value + 100, True
    gain = value if made else -value
    table = rules.table
    declarer_sides = table.scoring_sides(bidders)
    if table.called_partner and len(bidders) > 1 and rules.partner_share == PartnerShare.HALF:
        gain //= 2
    scored = declarer_sides
    if not made and rules.failed_to_defenders:  # never subtracted: the value goes across
        scored, gain = frozenset(range(rules.sides)) - declarer_sides, value
    for side in scored:
        points[side] += gain
    if not bid.is_misere:
        for seat, t in enumerate(tricks):
            if rules.side_of(seat) not in declarer_sides:
                points[rules.side_of(seat)] += 10 * t
    return HandResult(bid, declarer, bidders, tricks, tuple(points), made, slam,
                      declarer_set=rules.set_rule and is_set(bid, took))


class Taker(Enum):
    """Who takes the tricks that set a contract."""

    BIDDER = "the bidder"
    DEFENDERS = "the defenders"
    EITHER = "either side"


class SetFigure(NamedTuple):
    """The tricks that set a contract (the set rule; the breach rule's figure too): ``taker``
    is who takes them, ``tricks`` how many."""

    taker: Taker
    tricks: int

    def __str__(self) -> str:
        verb = "take" if self.taker is Taker.DEFENDERS else "takes"
        return f"{self.taker.value} {verb} {self.tricks} tricks"


def set_figure(bid: Bid) -> SetFigure:
    """What sets a contract: the defenders take one trick more than beating it needs (5
    against a 7, 4 against an 8, 2 against a 10; against a six, which the reference does not
    name, 6 by the same rule: our choice), a misere bidder takes three; a hi-lo is set two
    tricks off its five either way (one side takes seven: our choice).

    >>> from engine.bids import Bid
    >>> [str(set_figure(Bid.parse(b))) for b in ("7H", "MIS", "HI-LO")]
    ['the defenders take 5 tricks', 'the bidder takes 3 tricks', 'either side takes 7 tricks']
    """
    if bid.is_hi_lo:
        return SetFigure(Taker.EITHER, bid.tricks + 2)
    if bid.is_misere:
        return SetFigure(Taker.BIDDER, 3)
    return SetFigure(Taker.DEFENDERS, 12 - bid.tricks)


def is_set(bid: Bid, took: int) -> bool:
    """Whether a declaring side that took ``took`` of the ten tricks was set (:func:`set_figure`).

    >>> from engine.bids import Bid
    >>> is_set(Bid.parse("7H"), 5), is_set(Bid.parse("7H"), 6), is_set(Bid.parse("MIS"), 3)
    (True, False, True)
    >>> [is_set(Bid.parse("HI-LO"), t) for t in (3, 4, 6, 7)]
    [True, False, False, True]
    """
    taker, tricks = set_figure(bid)
    if taker is Taker.BIDDER:
        return took >= tricks
    if taker is Taker.DEFENDERS:
        return 10 - took >= tricks
    return max(took, 10 - took) >= tricks
