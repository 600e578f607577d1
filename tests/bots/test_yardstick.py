"""The yardstick is frozen: its decisions on fixed hands are those the normal
bot made at commit d0f5476 (tests/golden/yardstick.json)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bots.protocol import Bot
from bots.registry import make_bot
from engine import PRESETS, Hand
from engine.observation import observe
from engine.rng import SplitMix64, derive_seed

GOLDEN = Path(__file__).parents[1] / "golden" / "yardstick.json"
HANDS = 6
"""Hands per preset, from deal to score."""


def record(make: Callable[[SplitMix64], Bot], preset: str) -> list[list[str]]:
    """Every action of ``HANDS`` hands of a preset, all seats played by ``make``'s bots."""
    rules = PRESETS[preset]
    out = []
    for i in range(HANDS):
        hand = Hand.new(rules, derive_seed(500, i), i % rules.players)
        bots = [make(SplitMix64(derive_seed(i, s))) for s in range(rules.players)]
        while not hand.is_over:
            seat = hand.to_act
            hand.apply(bots[seat].act(observe(hand, seat)), seat)
        out.append([f"{seat}:{a}" for seat, a in hand.history])
    return out


@pytest.mark.parametrize("preset", sorted(json.loads(GOLDEN.read_text())["hands"]))
def test_yardstick_plays_as_the_normal_bot_did_at_d0f5476(preset: str) -> None:
    golden = json.loads(GOLDEN.read_text())["hands"][preset]
    assert record(lambda rng: make_bot("yardstick", rng), preset) == golden


if __name__ == "__main__":  # run only at d0f5476, where bots.normal is the yardstick
    from bots.normal import NormalBot
    GOLDEN.write_text(json.dumps({
        "about": "Every action of fixed hands with the normal bot at every seat, made by "
                 "`python3 tests/bots/test_yardstick.py` at commit d0f5476 (bots.normal then). "
                 "Never regenerate: the yardstick must keep playing these.",
        "hands": {p: record(NormalBot, p) for p in sorted(PRESETS)}}, indent=0) + "\n")
