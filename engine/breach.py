"""The breach rule (a table rule, off by default): a defender may call to breach
the contract before the first lead.

After a contract of seven tricks or more, or a misere, and before the first
lead, each defender in turn from the declarer's left may call breach: a claim
that the declaring side will be beaten by one trick more than beating the
contract needs (the defenders take five tricks against a seven, four against
an eight, three against a nine, two against a ten; a misere bidder takes
three), the set rule's figure (:func:`engine.scoring.set_figure`).  The first call
ends the asking.  Choices where the reference leaves one (said in the rules
help): the breach call is worth the contract's value; hi-lo is not breached
(it is neither a trick bid nor a misere); breach and the set rule are not
played together, nor breach and a called partner (asking the defenders would
show who the secret partner is).  A breach's points never take a side out, either way
(``engine.match.game_outcome``).

>>> from engine.bids import Bid
>>> from engine.rules import Rules
>>> r = Rules(breach=True)
>>> can_breach(r, Bid.parse("7H")), can_breach(r, Bid.parse("6NT")), can_breach(r, Bid.parse("MIS"))
(True, False, True)
>>> breach_points(r, Bid.parse("7H"), 5), breach_points(r, Bid.parse("7H"), 6)
(200, -200)
"""

from __future__ import annotations

import dataclasses

from engine.bids import Bid
from engine.rules import Rules
from engine.scoring import HandResult, is_set, set_figure


def can_breach(rules: Rules, contract: Bid) -> bool:
    """Whether the defenders may call breach on this contract at this table."""
    return rules.breach and (contract.is_misere or contract.is_trick_bid and contract.tricks >= 7)


def breach_figure(contract: Bid) -> str:
    """What breaches a contract, in words: 'the defenders take 5 tricks' (the set rule's
    figure, :func:`engine.scoring.set_figure`)."""
    return str(set_figure(contract))


def breach_points(rules: Rules, contract: Bid, took: int) -> int:
    """What the breaching side scores when the declaring side took ``took`` tricks: the
    contract's value if breached (lose/win), minus it if not (win/lose, lose/lose)."""
    value = rules.bid_value(contract)
    return value if is_set(contract, took) else -value


def with_breach(rules: Rules, result: HandResult, breacher: int) -> HandResult:
    """A scored hand with the breach call's points added to the breacher's side."""
    if breacher < 0 or result.contract is None:
        return result
    gain = breach_points(rules, result.contract, result.bidders_tricks)
    points = list(result.points)
    points[rules.side_of(breacher)] += gain
    return dataclasses.replace(result, points=tuple(points), breacher=breacher, breach_points=gain)


def defenders_in_turn(rules: Rules, declarer: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The defenders asked whether they breach, clockwise from the declarer's left
    (``seats``: the declaring side)."""
    n = rules.players
    return tuple(s for s in ((declarer + k) % n for k in range(1, n)) if s not in seats)
