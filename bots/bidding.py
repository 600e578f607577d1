"""How the normal bot bids, puts back the kitty, calls a partner and places the joker.

Bidding counts tricks: the hand's features (joker, bowers, top cards, length,
voids: :func:`bots.evaluation.features`) weighted by a fit to self-play for
the table's shape (partner and kitty in the intercept), adjusted for what
partner and the opponents bid.  The bot picks the bid with the best expected
score, taking the tricks as normally spread around the count with the fitted
spread.  Where the bidding model (:mod:`bots.bidmodel`) has a fit for the
table, it reads the auction instead and gives the spread of tricks for the
hand's best denomination and those partner bid (the only ones bid then); a
bid's score then counts the defenders' points too, and it must beat what
passing is worth: partner's contract scored the same way when partner holds
the bid, else the model's fitted value of passing (what the rest of the
auction then brings the side, mostly the opponents' contract: below zero at
most tables); where the model has a fitted value of the best call (what that
call brought in the data, the others bidding on), that value must beat passing
too.  Discipline comes on
top: no trumps only with the joker and stoppers, no nine or ten without the
joker unless the hand alone holds the tricks, misere only with a hand whose
danger is low.  With inkles the bot
never bids six (an inkle cannot win the auction).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import erf, sqrt
from typing import Final

from engine.actions import ALONE, PASS, Action, discard as discard_action, joker_suit
from engine.bids import BLIND_MISERE, DENOMINATION_NAMES, NO_TRUMPS, Bid, bid
from engine.cards import CARDS, NO_SUIT, SUIT_NAMES, mask_of
from engine.observation import Observation
from engine.rules import Convention, Rules
from engine.scoring import score_hand
from engine.trumps import trump_order

from bots import bidmodel, conventions, hi_lo
from bots.blind_misere import blind_call
from bots.evaluation import (JOKERS, contract_discards, expected_tricks, fit_for,
                             misere_discards, misere_fit, no_trumps_fit, sure_tricks)
from bots.protocol import Decision

_MISERE_CHANCE: Final[dict[tuple[int, int], tuple[float, ...]]] = {
    (4, 2): (0.75, 0.6, 0.5, 0.47, 0.43),
    (3, 1): (0.5, 0.42, 0.33, 0.3, 0.25),
    (2, 1): (0.5, 0.42, 0.33, 0.3, 0.25),
    (5, 1): (0.87, 0.84, 0.75, 0.74, 0.71, 0.7, 0.62, 0.6, 0.58, 0.54, 0.54),
    (6, 3): (0.9, 0.8, 0.78, 0.76, 0.7, 0.62, 0.6, 0.52, 0.5),
    (6, 2): (0.8, 0.78, 0.78, 0.78, 0.78, 0.72, 0.63, 0.58, 0.55),
}
"""Chance to make a misere by the danger left once the two worst cards go,
measured on self-play for each table shape (players, team size); at the
standard table still what the normal bot makes, within the intervals
(``python3 bench/misere_chances.py --deals 2400 --seed 1``: 0.75, 0.54, 0.57,
0.50, 0.45; docs/BIDDING.md); five-handed, the bots make 0.54 at a danger of 9 or more
(``--table five-handed``), so the table goes on to 10 there."""
_MISERE_OVER_OPPONENTS: Final[dict[tuple[int, int], float]] = {(4, 2): 0.07}
"""Added to that chance where an opponent holds the high bid: a misere that takes
the contract from them is worth more than its own score counts (tuned in the
arena against the yardstick at the standard table, docs/BIDDING.md; other shapes as measured)."""
_OPEN_PENALTY: Final = 0.1
"""How much less often an open misere is made than a closed one on the same hand."""
_MISERE_FIT: Final = 0.5
"""A misere needs at least this chance, even to outbid the opponents."""
_PARTNER_MISERE: Final = 0.7
"""Chance taken for a partner's misere."""
_OVERCALL_MARGIN: Final = 30.0
"""Expected points a bid must add before the bot takes the contract from partner."""
_MIN_SCORE: Final = 10.0
"""Expected points a bid must be worth."""
_COMPETE: Final = 0.3
"""Share of the opponents' contract value worth risking to outbid them (tuned
in the arena: passing lets them score it)."""
_MODEL_COMPETE: Final = 0.15
"""The same where the bidding model scores the bid (its score counts the
defenders' points too; tuned in the arena against the yardstick)."""


def bidding_hand(obs: Observation) -> int:
    """The cards a seat bids on: its hand, and at a table with piles its face-up ones."""
    hand = mask_of(obs.hand)
    if obs.rules.table.has_piles:
        hand |= mask_of(obs.piles_up[obs.seat])
    return hand


@dataclass(frozen=True)
class Auction:
    """What the bids so far say."""

    partner: frozenset[int]
    """Denominations partners bid."""
    opponents: frozenset[int]
    partner_passed: bool
    """A partner passed without bidding."""
    partner_misere: bool
    high: Bid | None
    high_seat: int


def read_auction(obs: Observation) -> Auction:
    rules = obs.rules
    mine = rules.side_of(obs.seat)
    partner: set[int] = set()
    opponents: set[int] = set()
    passed = misere = False
    high: Bid | None = None
    high_seat = -1
    shown = conventions.artificial(rules, obs.history)
    for i, (seat, action) in enumerate(obs.history):
        b = None if action is None else action.bid
        ours = rules.side_of(seat) == mine and seat != obs.seat
        if action == PASS:
            passed |= ours
        if b is None:
            continue
        high, high_seat = b, seat
        if b.is_misere:
            misere |= ours
        elif seat != obs.seat and i not in shown:
            (partner if ours else opponents).add(b.denomination)
    return Auction(frozenset(partner), frozenset(opponents), passed and not partner and not misere,
                   misere, high, high_seat)


def _auction_adjustment(auction: Auction, denomination: int, joker: bool) -> float:
    """Tricks to add for what the others bid: partner's suit is worth more, the
    opponents' less; a no trumps bid shows the joker; a misere shows a weak hand."""
    adj = 0.0
    if denomination in auction.partner:
        adj += 0.8
    elif NO_TRUMPS in auction.partner and not joker:
        adj += 0.4
    elif auction.partner:
        adj += 0.2
    if auction.partner_passed:
        adj -= 0.3
    if auction.partner_misere:
        adj -= 0.6
    if denomination in auction.opponents:
        adj -= 0.8
    elif NO_TRUMPS in auction.opponents and not joker:
        adj -= 0.4
    elif auction.opponents:
        adj -= 0.2
    return adj


def estimates(obs: Observation) -> list[float]:
    """Tricks this seat's side expects to take declaring each denomination."""
    hand = bidding_hand(obs)
    auction = read_auction(obs)
    joker = bool(hand & JOKERS)
    return [expected_tricks(obs.rules, hand, d) + _auction_adjustment(auction, d, joker)
            for d in range(5)]


def _chance(expected: float, needed: int, sigma: float) -> float:
    """Chance to take at least ``needed`` tricks when ``expected`` is the mean."""
    return 0.5 * (1 + erf((expected + 0.5 - needed) / (sigma * sqrt(2))))


def _misere_chance(rules: Rules, danger: float, over_opponents: bool = False) -> float:
    shape = rules.players, rules.team_size
    chances = _MISERE_CHANCE[shape]
    if danger >= len(chances):
        return 0.0
    return chances[int(danger)] + (_MISERE_OVER_OPPONENTS.get(shape, 0.0) if over_opponents else 0.0)


def choose_bid(obs: Observation) -> Decision:
    """The call the side's convention card asks for where it has one
    (:func:`bots.conventions.call_for`), else the natural call: :func:`natural_bid`."""
    natural = natural_bid(obs)
    if obs.rules.convention_of(obs.seat) == Convention.NATURAL:
        return natural
    by_card = conventions.call_for(obs, natural.action, bidding_hand(obs))
    return natural if by_card is None else Decision(*by_card)


def natural_bid(obs: Observation) -> Decision:
    """The bid with the best expected score, or a pass (a blind misere is decided first,
    before the cards are looked at)."""
    blind = blind_call(obs)
    if blind is not None:
        return blind
    rules = obs.rules
    hand = bidding_hand(obs)
    auction = read_auction(obs)
    est = estimates(obs)
    model = model_chances(obs, est)
    floor = _MIN_SCORE
    ours = auction.high is not None and rules.side_of(auction.high_seat) == rules.side_of(obs.seat)
    passing = bidmodel.pass_fit_for(rules) if model else None
    calling = bidmodel.call_fit_for(rules) if model else None
    score, action, why = best_call(obs, hand, auction, est, model)
    if passing is not None:
        floor, x = _model_floor(obs, auction, est, model, passing)
        if calling is not None and action != PASS and score > floor:
            # a call that beats passing as the contract must also beat it as what it
            # brought in the data, the others bidding on (they may outbid it)
            score, floor = calling.value([score, *x]), passing.value(x)
    elif auction.high is not None and ours:
        if not auction.high.is_trick_bid and auction.high_seat != obs.seat:
            current = rules.bid_value(auction.high) * (2 * _PARTNER_MISERE - 1)
        else:
            current = expected_score(rules, auction.high, est, hand, model)
        floor = max(floor, current + _OVERCALL_MARGIN)
    elif auction.high is not None and not auction.high.is_misere:
        floor -= (_MODEL_COMPETE if model else _COMPETE) * rules.bid_value(auction.high)
    if action == PASS or score <= floor:
        return Decision(PASS, _pass_reason(rules, ours and auction.high_seat != obs.seat, est))
    assert action.bid is not None
    if obs.back_after_pass and auction.high is not None:
        why = f"back in the bidding after the change to {auction.high.name}; {why}"
    return Decision(action, f"bid {action.bid.name}: {why}")


def _model_floor(obs: Observation, auction: Auction, est: list[float], model: Chances | None,
                 passing: bidmodel.PassFit) -> tuple[float, list[float]]:
    """What a bid's expected score must beat where the model bids: partner's
    trick contract scored by the same chances (a raise must beat it), else the
    fitted value of passing; and the value of passing's inputs."""
    rules, hand = obs.rules, bidding_hand(obs)
    x = bidmodel.pass_features(rules, hand, bidmodel.read(obs), auction.high)
    high = auction.high
    if high is not None and high.is_trick_bid and rules.side_of(auction.high_seat) == rules.side_of(
            obs.seat):
        return expected_score(rules, high, est, hand, model), x
    return passing.value(x), x


def call_features(obs: Observation) -> tuple[Action, list[float]] | None:
    """Where the fitted value of the best call decides
    (:func:`bots.bidmodel.call_fit_for`), the best call and that value's inputs:
    its expected score by the model, then :func:`bots.bidmodel.pass_features`.
    It decides where the model bids, the seat may pass and the call as the
    contract beats what it must (:func:`_model_floor`); elsewhere None."""
    rules = obs.rules
    hand, auction = bidding_hand(obs), read_auction(obs)
    passing = bidmodel.pass_fit_for(rules)
    est = estimates(obs)
    model = model_chances(obs, est)
    if PASS not in obs.legal_actions or passing is None or model is None:
        return None
    score, action, _ = best_call(obs, hand, auction, est, model)
    floor, x = _model_floor(obs, auction, est, model, passing)
    if action == PASS or score <= floor:
        return None
    return action, [score, *x]


def best_call(obs: Observation, hand: int, auction: Auction, est: list[float],
              model: Chances | None) -> tuple[float, Action, str]:
    """The legal bid with the best expected score, that score and why (a pass
    scored minus infinity when no bid is open to the bot)."""
    rules = obs.rules
    best: tuple[float, Action, str] = (float("-inf"), PASS, "")
    for a in obs.legal_actions:
        b = a.bid
        if b is None or b == BLIND_MISERE:  # decided above, without the cards
            continue
        if b.passes_discards:
            score = _double_nullo_score(rules, b, hand, auction)
            why = "a hand of low cards, and partner's gives no sign of strength"
        elif b.is_hi_lo:
            score = hi_lo.score(rules, hand)
            why = "the count in no trumps says about five tricks alone"
        elif b.is_misere:
            over = auction.high is not None and rules.side_of(auction.high_seat) != rules.side_of(obs.seat)
            score = _misere_score(rules, b, hand, over)
            why = "a hand of low cards that should take no trick" + (
                ", and it takes the contract from the opponents" if over else "")
        else:
            if not disciplined(obs, b) or model and model[b.denomination] is None:
                continue
            score = expected_score(rules, b, est, hand, model)
            why = f"you count about {est[b.denomination]:.0f} tricks {_helpers(rules)}"
        if score > best[0]:
            best = (score, a, why)
    return best


def disciplined(obs: Observation, b: Bid) -> bool:
    """Whether a trick bid keeps the discipline: no trumps only with the joker and
    stoppers, nine or ten without the joker only when the hand alone holds the
    tricks, no nine or ten over partner's uncontested raise of the seat's own
    denomination, never an inkle (it cannot win the auction)."""
    hand, deck = bidding_hand(obs), obs.rules.deck
    if b.denomination == NO_TRUMPS and not no_trumps_fit(hand, deck):
        return False
    if b.tricks >= 9 and not hand & JOKERS and sure_tricks(hand, deck, b.denomination) + 1 < b.tricks:
        return False
    return not (b.tricks >= 9 and _raised_uncontested(obs, b.denomination)
                or obs.rules.is_inkle(b))


def _raised_uncontested(obs: Observation, denomination: int) -> bool:
    """Partner holds the bid, having raised the seat's own ``denomination``, and the
    opponents have bid no higher than six: partner's raise already counts the
    seat's values (the model's chance of nine there was 0.89 where the bots made
    0.68: docs/BIDDING.md)."""
    said = bidmodel.read(obs)
    return bool(said.high_is_partners and denomination in said.raised
                and said.opponents_level < 7)


def chance(rules: Rules, b: Bid, est: list[float]) -> float:
    """A trick bid's chance to make by the count ``est`` (see :func:`estimates`)."""
    d = b.denomination
    return _chance(est[d], b.tricks, fit_for(rules, d).sigma)


Chances = list[list[float] | None]
"""By denomination, the model's chance of at least ``k`` tricks for each ``k``
from ``bidmodel.FLOOR`` to 10, or None where it does not answer."""


def model_chances(obs: Observation, est: list[float]) -> Chances | None:
    """The bidding model's chances (:mod:`bots.bidmodel`; by the count ``est``
    where it has no fit for a denomination), or None at a table it has no fit for."""
    rules = obs.rules
    if bidmodel.fit_for(rules, 0) is None and bidmodel.fit_for(rules, NO_TRUMPS) is None:
        return None
    hand = bidding_hand(obs)
    said = bidmodel.read(obs)
    counts = [expected_tricks(rules, hand, d) for d in range(5)]
    out: Chances = []
    for d in range(5):
        fit = bidmodel.fit_for(rules, d)
        if not bidmodel.answered(counts, d, d in said.partner):
            out.append(None)
        elif fit is None:
            out.append([chance(rules, bid(k, d), est) for k in range(bidmodel.FLOOR, 11)])
        else:
            out.append(fit.chances(bidmodel.features(rules, hand, d, said), counts[d]))
    return out


def expected_score(rules: Rules, b: Bid, est: list[float], hand: int,
                   model: Chances | None = None) -> float:
    """A bid's expected score, made or set, by the model's chances where it
    answers, else by the count ``est`` (``hand``: for a misere or a hi-lo)."""
    if b.is_hi_lo:
        return hi_lo.score(rules, hand)
    if b.is_misere:
        return _misere_score(rules, b, hand)
    chances = None if model is None else model[b.denomination]
    if chances is None:
        return rules.bid_value(b) * (2 * chance(rules, b, est) - 1)
    return _model_score(rules, b, chances)


def _model_score(rules: Rules, b: Bid, chances: list[float]) -> float:
    """A trick bid's expected points for the bidders less the defenders', over
    the model's spread of tricks (fewer than its floor counted as one fewer)."""
    table = _points(rules, b)
    out, above = 0.0, 0.0
    for t in range(10, bidmodel.FLOOR - 2, -1):
        at_least = chances[t - bidmodel.FLOOR] if t >= bidmodel.FLOOR else 1.0
        out += (at_least - above) * table[t]
        above = at_least
    return out


@lru_cache(maxsize=None)
def _points(rules: Rules, b: Bid) -> tuple[float, ...]:
    """For each trick count of the bidders' side, its points less the other side's."""
    bidders = tuple(s for s in range(rules.players) if rules.side_of(s) == 0)
    defender = next(s for s in range(rules.players) if rules.side_of(s) != 0)
    out = []
    for t in range(11):
        tricks = [0] * rules.players
        tricks[0], tricks[defender] = t, 10 - t
        points = score_hand(rules, b, 0, bidders, tuple(tricks)).points
        out.append(points[0] - sum(points[1:]) / (rules.sides - 1))
    return tuple(out)


def _misere_score(rules: Rules, b: Bid, hand: int, over_opponents: bool = False) -> float:
    """Expected score of a misere (``over_opponents``: bid over an opponent's high
    bid); an open one needs a hand safe even when the kitty brings two bad cards,
    and then is a little harder than a closed one."""
    if b.is_open:
        safe = misere_fit(hand, rules.deck, 1) == 0
        p = _misere_chance(rules, 0, over_opponents) - _OPEN_PENALTY if safe else 0.0
    else:
        p = _misere_chance(rules, misere_fit(hand, rules.deck, 2), over_opponents)
    if p < _MISERE_FIT:
        return -rules.bid_value(b)
    return rules.bid_value(b) * (2 * p - 1)


def _pass_reason(rules: Rules, partner_high: bool, est: list[float]) -> str:
    d = max(range(5), key=est.__getitem__)
    if partner_high:
        return "pass: partner's bid is the best contract for your side"
    return (f"pass: your best is {DENOMINATION_NAMES[d]}, about {est[d]:.0f} tricks "
            f"{_helpers(rules)}, not enough for a bid")


def _helpers(rules: Rules) -> str:
    """Who adds tricks to a bidder's hand, in words: no partner at a table without teams."""
    return "with partner and kitty" if rules.team_size > 1 else "with the kitty"


_NULLO_PARTNER: Final = {"passed": 0.7, "silent": 0.5, "bid": 0.2}
"""Chance taken that partner's hand takes no trick in double nullo, by what partner said:
passed (no strength shown), nothing yet, or a trick bid.  A guess, not a fit: with it only
a hand with no misere danger calls, after partner passed.  The variant's games
(bench/variant_games.py) still make fewer than half of those calls."""


def _double_nullo_score(rules: Rules, b: Bid, hand: int, auction: Auction) -> float:
    """Expected score of a double nullo: this hand's misere chance (it takes the kitty)
    times partner's, read from the auction alone (partner's cards are unseen)."""
    said = "bid" if auction.partner else "passed" if auction.partner_passed else "silent"
    p = _misere_chance(rules, misere_fit(hand, rules.deck, 2)) * _NULLO_PARTNER[said]
    return rules.bid_value(b) * (2 * p - 1)


# --- kitty, partner, joker --------------------------------------------------------
def discard(obs: Observation) -> Decision:
    """Put back one card of the kitty: the worst for this contract."""
    contract = obs.contract
    assert contract is not None
    hand = mask_of(obs.hand)
    left = obs.rules.kitty_size - len(obs.discards)
    deck = obs.rules.deck
    if contract.is_misere:
        c = misere_discards(hand, deck, left)[0]
        return Decision(discard_action(c), f"put back the {CARDS[c].name}: it could take a trick")
    plan = contract_discards(obs.rules, hand, contract.denomination, left)
    c = plan[0]
    order = trump_order(deck, NO_SUIT if contract.denomination == NO_TRUMPS
                        else contract.denomination)
    s = order.suit[c]
    rest = hand & order.masks[s] & ~mask_of(plan)
    why = f"put back the {CARDS[c].name}"
    if not rest and s != contract.denomination:
        why += f" to make {SUIT_NAMES[s]} void"
    keep = "the joker" if contract.denomination == NO_TRUMPS else "trumps"
    return Decision(discard_action(c), f"{why}: keep {keep}, aces and long suits")


def call(obs: Observation) -> Decision:
    """Five players: call the best trump the hand lacks, or go alone with a huge hand."""
    contract = obs.contract
    assert contract is not None
    deck = obs.rules.deck
    hand = mask_of(obs.hand)
    d = contract.denomination
    alone = sure_tricks(hand, deck, d)
    if alone >= contract.tricks:
        return Decision(ALONE, f"go alone: the hand takes {alone} tricks by itself")
    order = trump_order(deck, NO_SUIT if d == NO_TRUMPS else d)
    calls = [a for a in obs.legal_actions if a.called_card is not None]
    if d == NO_TRUMPS:
        def value(a: Action) -> tuple[int, int]:
            c = a.called_card or 0
            if 1 << c & JOKERS:
                return (1000, 0)
            s = order.suit[c]
            return (order.power[c], (hand & order.masks[s]).bit_count())
        a = max(calls, key=value)
        return Decision(a, f"call the {CARDS[a.called_card or 0].name}: the top card you lack")
    a = max(calls, key=lambda x: (order.suit[x.called_card or 0] == d,
                                  order.power[x.called_card or 0]))
    return Decision(a, f"call the {CARDS[a.called_card or 0].name}, the best trump you lack")


def joker(obs: Observation) -> Decision:
    """Give the joker a suit when it makes a long suit run; else keep it suitless."""
    contract = obs.contract
    assert contract is not None
    deck = obs.rules.deck
    hand = mask_of(obs.hand)
    order = trump_order(deck, NO_SUIT)
    if contract.is_misere:
        s = max(range(4), key=lambda x: (hand & order.masks[x]).bit_count())
        return Decision(joker_suit(s), f"make the joker a {SUIT_NAMES[s][:-1]}: you hold the "
                                       "most of that suit to play under it")
    base = expected_tricks(obs.rules, hand, NO_TRUMPS)
    gains = [expected_tricks(obs.rules, hand, NO_TRUMPS, s) - base for s in range(4)]
    s = max(range(4), key=gains.__getitem__)
    if gains[s] >= 0.3:
        return Decision(joker_suit(s), f"make the joker the top {SUIT_NAMES[s][:-1]}: your long "
                                       f"{SUIT_NAMES[s]} then run")
    return Decision(joker_suit(NO_SUIT), "keep the joker without a suit: it wins any trick "
                                         "once you are void")

