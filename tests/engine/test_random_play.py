"""Property-based random play over every preset: the invariants of a hand of 500."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import ACTIONS, LEAD_JOKER_BASE, Action
from engine.cards import JOKER, NO_SUIT, cards_of
from engine.errors import IllegalActionError, NotYourTurnError
from engine.hand import Hand, Phase
from engine.rng import SplitMix64
from engine.rules import Rules
from tests.conftest import card_places, random_playout, snapshot

TABLES = ["standard", "cutthroat", "two-handed", "five-handed", "six-handed", "six-handed-pairs",
          "american", "tournament", "standard,all_pass=no-trumps,raise_own_bid=on",
          "standard,deck=43-mixed,misere_anytime=on,misere_joker_forced=on,joker_lead=not-void",
          "six-handed,deck=63-doubled", "two-handed,misere=on", "five-handed,partner_share=full",
          "standard,scoring=perfect,slam=off,misere_rank=8S-8C"]
TEXTED = [a for a in ACTIONS if str(a)]
SEEDS = st.integers(min_value=0, max_value=2 ** 64 - 1)


def check_cards(hand: Hand) -> None:
    """Every card of the deck is in exactly one place."""
    places = card_places(hand)
    assert sum(m.bit_count() for m in places) == hand.rules.deck.mask.bit_count()
    union = 0
    for m in places:
        assert not union & m
        union |= m
    assert union == hand.rules.deck.mask


def check_legal_list(hand: Hand, legal: list[Action], rng: SplitMix64, every: bool) -> None:
    """Listed actions apply and pop back; unlisted ones (``every`` one, or a few) are refused
    with the hand untouched."""
    assert legal and len(set(legal)) == len(legal)
    n = len(hand.history)
    for a in legal:
        hand.apply(a, hand.to_act)
        assert hand.pop() == a and len(hand.history) == n
    listed = set(legal)
    for a in TEXTED if every else [rng.choice(TEXTED) for _ in range(4)]:
        if a not in listed:
            with pytest.raises(IllegalActionError):
                hand.apply(a)
    with pytest.raises(NotYourTurnError):
        hand.apply(legal[0], (hand.to_act + 1) % hand.players)
    assert len(hand.history) == n


def expected_plays(hand: Hand) -> set[int]:
    """The legal plays, written out from RULES.md: follow the suit led if able (effective
    suits: bowers and the joker); a suitless joker only when unable to follow, led only once
    all four suits were led or as the last card, naming a suit (one not shown void, if so
    ruled); in misere, the joker forced on a player who cannot follow, if so ruled."""
    pos, order, rules = hand.turn, hand.order, hand.rules
    mine = set(cards_of(hand.playable(pos)))
    suitless = {c for c in mine if order.suit[c] == NO_SUIT}
    if hand.led < 0:
        out = {int(c) for c in mine - suitless}
        if suitless and (hand.suits_led == 0b1111 or mine == suitless):
            names = [s for s in range(4)
                     if rules.joker_lead == "any" or not hand.voids[pos] >> s & 1]
            out |= {LEAD_JOKER_BASE + (j - JOKER) * 4 + s for j in suitless
                    for s in names or range(4)}
        return out
    follow = {int(c) for c in mine if order.suit[c] == hand.led}
    if follow:
        return follow
    if (rules.misere_joker_forced and hand.contract is not None and hand.contract.is_misere
            and suitless):
        return {int(c) for c in suitless}
    return {int(c) for c in mine}


def check_tricks(hand: Hand) -> None:
    order = hand.order
    active = [p for p in range(hand.rules.positions) if hand.active[p]]
    for t in hand.tricks:
        start = active.index(t.leader)
        assert t.positions == tuple(active[start:] + active[:start])
        contenders = [(order.power[c], -i, p) for i, (p, c) in enumerate(zip(t.positions, t.cards))
                      if order.suit[c] in (t.led, order.trump)]
        assert max(contenders)[2] == t.winner


def expected_points(hand: Hand) -> tuple[int, ...]:
    """The score from the tricks, written out from RULES.md."""
    rules, result = hand.rules, hand.result
    assert result is not None
    points = [0] * rules.sides
    if hand.contract is None:
        for seat, t in enumerate(result.tricks):
            points[rules.side_of(seat)] += 10 * t
        return tuple(points)
    bid = hand.contract
    took = sum(result.tricks[p] for p in result.bidders)
    value = rules.bid_value(bid)
    made = took == 0 if bid.is_misere else took >= bid.tricks
    if made and took == 10 and rules.slam == "250":
        value = max(value, 250)
    if made and took == 10 and rules.slam == "plus100" and bid.tricks < 10:
        value += 100
    if rules.players == 5 and len(result.bidders) == 2 and rules.partner_share == "half":
        value //= 2
    bidder_sides = {rules.side_of(p) for p in result.bidders}
    for side in bidder_sides:
        points[side] = value if made else -value
    for seat, t in enumerate(result.tricks):
        if rules.side_of(seat) not in bidder_sides and not bid.is_misere:
            points[rules.side_of(seat)] += 10 * t
    return tuple(points)


def check_result(hand: Hand) -> None:
    result = hand.result
    assert hand.is_over and result is not None and hand.to_act == -1
    if result.thrown_in:
        assert hand.tricks == () and result.points == (0,) * hand.rules.sides
        return
    assert len(hand.tricks) == 10 and sum(hand.won) == 10 and sum(result.tricks) == 10
    per_seat = [0] * hand.players
    for p, w in enumerate(hand.won):
        per_seat[hand.controller[p]] += w
    assert tuple(per_seat) == result.tricks
    if hand.contract is not None:
        assert hand.declarer in result.bidders
        if hand.rules.players == 5:
            assert len(result.bidders) == (1 if hand.partner < 0 else 2)
        assert result.made == (result.bidders_tricks == 0 if hand.contract.is_misere
                               else result.bidders_tricks >= hand.contract.tricks)
    assert result.points == expected_points(hand)
    assert all(m == 0 or not hand.active[p] for p, m in enumerate(hand.held))


class TestRandomHands:
    """Invariants at every step of random hands, and of their results."""

    @pytest.mark.parametrize("table", TABLES)
    @settings(max_examples=40)
    @given(seed=SEEDS, dealer=st.integers(min_value=0, max_value=5), choices=SEEDS)
    def test_invariants(self, table: str, seed: int, dealer: int, choices: int) -> None:
        rules = Rules.parse(table)
        hand = Hand.new(rules, seed, dealer % rules.players)
        rng = SplitMix64(choices)
        phase = None
        for h in random_playout(hand, rng):
            check_cards(h)
            if h.is_over:
                break
            legal = h.legal_actions()
            check_legal_list(h, legal, rng, every=h.phase != phase)
            phase = h.phase
            if h.phase == Phase.PLAY:
                assert set(legal) == expected_plays(h) and legal == sorted(legal)
        check_tricks(hand)
        check_result(hand)


class TestRandomPopPush:
    """Popping any number of actions and pushing them back changes nothing."""

    @pytest.mark.parametrize("table", TABLES[:8])
    @settings(max_examples=10)
    @given(seed=SEEDS, choices=SEEDS, data=st.data())
    def test_round_trips(self, table: str, seed: int, choices: int,
                         data: st.DataObject) -> None:
        hand = Hand.new(Rules.parse(table), seed)
        for _ in random_playout(hand, SplitMix64(choices)):
            pass
        for _ in range(3):
            before = snapshot(hand)
            k = data.draw(st.integers(min_value=1, max_value=len(hand.history)))
            undone = [hand.pop() for _ in range(k)]
            middle = snapshot(hand)
            for a in reversed(undone):
                hand.push(a)
            assert snapshot(hand) == before
            for _ in range(k):
                hand.pop()
            assert snapshot(hand) == middle
            for a in reversed(undone):
                hand.push(a)
