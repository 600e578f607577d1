"""Helpers shared by the engine tests: hand-built positions, random play, state snapshots."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import settings

from engine import position
from engine.actions import Action
from engine.cards import Card, mask_of, parse_cards
from engine.deal import Deal
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules

PRESET_NAMES = tuple(PRESETS)

# No time limit on an example: on a loaded machine hypothesis' 200 ms deadline failed examples
# that pass; speed is measured by the benchmarks (docs/BENCHMARKS.md), not by the tests.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")


def rules_of(rules: Rules | str) -> Rules:
    """A ``Rules`` from a value or a rules string."""
    return Rules.parse(rules) if isinstance(rules, str) else rules


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text: ``cards("JH 10S JK")``."""
    return tuple(parse_cards(text))


def make_deal(rules: Rules | str, hands: Sequence[str], kitty: str = "",
              piles: Sequence[str] = ()) -> Deal:
    """A checked, possibly short deal from text.  ``piles[seat]`` lists five ``down/up``
    pairs: ``"4H/AS 5H/KS ..."``."""
    return position.make_deal(rules_of(rules), hands, kitty, piles, partial=True)


def make_hand(rules: Rules | str, hands: Sequence[str], kitty: str = "",
              piles: Sequence[str] = (), dealer: int = 0) -> Hand:
    """A hand from a hand-built deal (hands may be short: only the first tricks matter)."""
    return Hand.from_cards(rules_of(rules), hands, kitty, piles, dealer, partial=True)


def run(hand: Hand, *actions: str) -> Hand:
    """Apply text actions in order, each checked; returns the hand."""
    for text in actions:
        hand.apply(text)
    return hand


def start(rules: Rules | str, hands: Sequence[str], kitty: str, bid: str, declarer: int = 0,
          piles: Sequence[str] = (), auction: Sequence[str] = ()) -> Hand:
    """A hand past the auction and the discards: ``declarer`` speaks first and wins with
    ``bid`` (after ``auction``, if given, from the seat left of the dealer), then puts the
    kitty straight back."""
    r = rules_of(rules)
    dealer = (declarer - 1 - len(auction)) % r.players
    hand = run(make_hand(r, hands, kitty, piles, dealer), *auction, f"bid {bid}")
    while hand.phase == Phase.AUCTION:
        hand.apply("pass")
    return run(hand, *(f"discard {c}" for c in kitty.split()))


def texts(actions: Sequence[Action]) -> list[str]:
    """Actions as text."""
    return [str(a) for a in actions]


def random_action(hand: Hand, rng: SplitMix64) -> Action:
    """A random legal action; in the auction, a pass half the time (so hands get thrown in)."""
    legal = hand.legal_actions()
    if hand.phase == Phase.AUCTION and rng.below(2):
        return legal[-1]
    return rng.choice(legal)


def random_playout(hand: Hand, rng: SplitMix64) -> Iterator[Hand]:
    """Play random legal actions to the end, yielding the hand before each action."""
    while not hand.is_over:
        yield hand
        hand.push(random_action(hand, rng))
    yield hand


def played_cards(hand: Hand) -> list[Card]:
    """Every card on the table: finished tricks and the current trick."""
    out = [c for t in hand.tricks for c in t.cards]
    return out + [Card(c) for c in hand.trick_cards]


def card_places(hand: Hand) -> list[int]:
    """Bit masks that together must hold every card of the deck exactly once."""
    kitty = hand.kitty if hand.phase == Phase.AUCTION or hand.declarer < 0 else 0
    return [*hand.held, kitty, hand.discards, mask_of(played_cards(hand))]


def _plain(value: Any) -> Any:
    """A comparable copy: tricks (no ``__eq__``) become tuples."""
    if isinstance(value, tuple | list):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "winner") and hasattr(value, "cards"):
        return (value.leader, value.positions, value.cards, value.winner, value.led)
    return value


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand: its public state and every seat's view."""
    views = tuple(tuple((k, _plain(v)) for k, v in vars(observe(hand, seat)).items())
                  for seat in range(hand.players))
    return (hand.phase, hand.turn, hand.to_act, tuple(hand.held),
            tuple(hand.playable(p) for p in range(hand.rules.positions)), hand.kitty,
            hand.discards, tuple(hand.history), hand.contract, hand.declarer, hand.partner,
            hand.called, hand.joker_suit, hand.active, _plain(hand.tricks), hand.won,
            hand.voids, hand.exposed, hand.result, tuple(hand.legal_actions()), views)


@pytest.fixture(params=PRESET_NAMES)
def preset(request: pytest.FixtureRequest) -> Rules:
    """Each preset table in turn."""
    return PRESETS[request.param]
