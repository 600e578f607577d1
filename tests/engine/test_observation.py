"""Observations: what a seat may see, and that nothing hidden leaks into them."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

import pytest

from engine.actions import Action
from engine.bids import Bid
from engine.cards import Card, cards_of
from engine.hand import Hand, Phase, Trick
from engine.observation import Observation, observe
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules
from engine.table import Sides
from tests.conftest import cards, played_cards, random_playout, run, start

TABLES = [*PRESETS, "standard,misere_anytime=on", "two-handed,misere=on",
          "six-handed,misere_anytime=on", "five-handed,misere_anytime=on"]


def seen(value: Any, out: set[Card], calls: bool = True) -> None:
    """Collect every card an observation value shows; fail on anything unexpected.
    A call that may be made (``calls`` false) names a card without showing where it is."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, Action):
        for c in (value.played_card, value.discarded_card, value.called_card if calls else None):
            if c is not None:
                out.add(c)
    elif isinstance(value, tuple):
        for v in value:
            seen(v, out, calls)
    elif isinstance(value, Trick):
        seen(value.cards, out)
    elif isinstance(value, Sides):
        seen(value.seats, out, calls)
    elif not isinstance(value, bool | int | str | Enum | Rules | Bid | type(None)):
        pytest.fail(f"unexpected value in an observation: {value!r}")


def allowed(hand: Hand, seat: int) -> set[int]:
    """The cards ``seat`` is entitled to see now."""
    ok: set[int] = set(cards_of(hand.held[seat])) | set(played_cards(hand))
    for p in range(hand.players, hand.rules.positions):
        ok |= set(cards_of(hand.playable(p)))  # face-up pile cards, both players'
    if hand.called is not None:
        ok.add(hand.called)
    if seat == hand.declarer and hand.phase > Phase.AUCTION:
        ok |= set(cards_of(hand.kitty | hand.discards))
    if hand.exposed and hand.phase == Phase.PLAY:
        ok |= set(cards_of(hand.held[hand.declarer]))
    return ok


def check(hand: Hand, seat: int) -> Observation:
    obs = observe(hand, seat)
    shown: set[Card] = set()
    for f in dataclasses.fields(obs):
        seen(getattr(obs, f.name), shown, f.name != "legal_actions")
    leaked = shown - allowed(hand, seat)
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} at {hand!r}"
    assert list(obs.hand) == hand.hand_of(seat)
    for (s, a), (s2, b) in zip(obs.history, hand.history):
        assert s == s2 and (a == b if s == seat or b.discarded_card is None else a is None)
    assert obs.legal_actions == (tuple(hand.legal_actions()) if hand.to_act == seat else ())
    return obs


class TestNoHiddenCards:
    @pytest.mark.parametrize("table", TABLES)
    def test_random_hands_every_seat_every_step(self, table: str) -> None:
        rules = Rules.parse(table)
        for seed in range(8):
            hand = Hand.new(rules, seed, seed % rules.players)
            for h in random_playout(hand, SplitMix64(seed * 7 + 1)):
                for seat in range(rules.players):
                    check(h, seat)

    def test_open_misere_hand_is_exposed_after_the_first_trick(self) -> None:
        h = start("standard", ["7S 8H 9D", "AS KS QS", "JK KH KD", "9S 10S JS"], "KC QC 10C",
                  "OPEN-MIS")
        run(h, "7S", "AS")
        assert all(check(h, s).exposed == () for s in range(4))
        run(h, "9S")
        for s in range(4):
            obs = check(h, s)
            assert obs.exposed == cards("9D 8H")
            assert not set(cards("JK KH KD")) & set(c for c in obs.hand if s != 2)

    def test_partner_of_a_misere_sits_out_hidden(self) -> None:
        h = start("standard,misere_anytime=on", ["7S 8H", "AS KS", "JK KH", "9S 10S"],
                  "KC QC 10C", "MIS")
        run(h, "7S", "AS", "9S")
        for s in (0, 1, 3):
            assert check(h, s).exposed == ()


class TestWhatASeatSees:
    def test_kitty_and_discards_to_the_declarer_only(self) -> None:
        h = Hand.new(PRESETS["standard"], 11, 3)
        run(h, "7S", "pass", "pass", "pass")
        assert observe(h, 0).kitty == tuple(sorted(h.deal.kitty))
        assert all(observe(h, s).kitty == () for s in (1, 2, 3))
        discard = h.legal_actions()[0]
        h.apply(discard)
        assert observe(h, 0).discards == (discard.discarded_card,)
        assert observe(h, 0).history[-1] == (0, discard)
        for s in (1, 2, 3):
            obs = check(h, s)
            assert obs.discards == () and obs.history[-1] == (0, None)

    def test_nobody_sees_the_kitty_in_the_auction(self) -> None:
        h = Hand.new(PRESETS["standard"], 11, 3)
        assert all(check(h, s).kitty == () for s in range(4))

    def test_two_handed_piles(self) -> None:
        piles = ["7S/QS 8H/9H", "9S/10S 10H/5C"]
        h = start("two-handed", ["AS 5H", "KS 6H"], "KC QC 10C", "6S", piles=piles)
        for seat in (0, 1):
            obs = check(h, seat)
            assert obs.piles_up == (cards("QS 9H"), cards("10S 5C")) and obs.piles_down == (2, 2)
            assert obs.held_counts == (2, 2, 4, 4)
        run(h, "AS", "KS")
        obs = observe(h, 0)
        assert (obs.turn, obs.to_act, obs.position, obs.playable) == (2, 0, 2, cards("QS 9H"))
        assert obs.legal_actions == (Action.parse("QS"),)
        assert observe(h, 1).legal_actions == () and observe(h, 1).position == 1

    def test_two_handed_piles_in_their_places(self) -> None:
        piles = ["7S/QS 8H/9H", "9S/10S 10H/5C"]
        h = start("two-handed", ["AS 5H", "KS 6H"], "KC QC 10C", "6S", piles=piles)
        QS, H9, S10, C5, S7 = cards("QS 9H 10S 5C 7S")
        assert observe(h, 1).piles == (((QS, True), (H9, True)), ((S10, True), (C5, True)))
        run(h, "AS", "KS", "QS")  # the queen is gone; the 7 under it is not turned up yet
        assert observe(h, 1).piles[0] == ((None, True), (H9, True))
        run(h, "10S")
        assert observe(h, 0).piles == (((S7, False), (H9, True)), ((cards("9S")[0], False), (C5, True)))
        run(h, "5H", "6H", "9H", "9S")  # North's turned-up 9 played: nothing left in its place
        assert observe(h, 1).piles == (((S7, False), (cards("8H")[0], False)), ((None, False), (C5, True)))

    def test_public_facts(self) -> None:
        h = start("standard", ["AS 5H", "5S 6H", "6S 7H", "7S 8H"], "KC QC 10C", "7H")
        run(h, "AS", "5S")
        obs = observe(h, 3)
        assert obs.contract == Bid.parse("7H") and obs.declarer == 0 and obs.led == 0
        assert obs.trick_positions == (0, 1) and obs.trick_cards == cards("AS 5S")
        assert obs.to_act == 2 and obs.seat == 3 and obs.dealer == 3 and obs.phase == Phase.PLAY
