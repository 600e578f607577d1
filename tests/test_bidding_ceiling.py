"""bench/bidding_ceiling.py: the model's chances replaced by the real deal's label, or by simulation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots import bidding
from bots.arena import play_deal
from bots.normal import NormalBot
from engine.hand import Hand, Phase
from engine.observation import Observation, observe
from engine.rng import SplitMix64, derive_seed
from engine.rules import STANDARD

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bidding_ceiling  # noqa: E402
import bidding_data  # noqa: E402

SEED = 46


def _answered(deal: int) -> list[Observation]:
    """The auction's observations, normal bots bidding, where the shipped model answers."""
    hand = Hand.new(STANDARD, derive_seed(SEED, deal), deal % 4)
    bot = NormalBot(SplitMix64(0))
    out = []
    while hand.phase == Phase.AUCTION:
        obs = observe(hand, hand.to_act)
        chances = bidding.model_chances(obs, bidding.estimates(obs))
        if chances is not None and any(c is not None for c in chances):
            out.append(obs)
        hand.apply(bot.act(obs), hand.to_act)
    return out


def test_the_oracle_gives_each_seat_the_tricks_it_takes_declaring_on_the_real_deal() -> None:
    positions = [(i, obs) for i in range(3) for obs in _answered(i)]
    assert len({obs.seat for _, obs in positions}) > 1
    for i, obs in positions:
        fn = bidding_ceiling.oracle(STANDARD, derive_seed(SEED, i), i % 4)
        shipped = bidding.model_chances(obs, bidding.estimates(obs))
        assert shipped is not None
        chances = fn(obs, bidding.estimates(obs))
        assert chances is not None
        for d, answer in enumerate(shipped):
            if answer is None:
                assert chances[d] is None
                continue
            ready = bidding_data.declared(STANDARD, derive_seed(SEED, i), i % 4, obs.seat, d)
            assert ready is not None
            tricks = bidding_data.played_tricks(ready, derive_seed(SEED, i))
            assert chances[d] == [1.0 if tricks >= k else 0.0 for k in range(6, 11)]


def test_sampled_chances_are_chances_blended_with_the_model_and_repeatable() -> None:
    obs = _answered(0)[0]
    est = bidding.estimates(obs)
    shipped = bidding.model_chances(obs, est)
    assert shipped is not None
    alone = bidding_ceiling.sampled(4, 0.0)(obs, est)
    assert alone is not None and alone != shipped
    assert alone == bidding_ceiling.sampled(4, 0.0)(obs, est)
    for d, answer in enumerate(alone):
        if answer is None:
            assert shipped[d] is None
            continue
        assert all(0.0 <= c <= 1.0 for c in answer)
        assert answer == sorted(answer, reverse=True)
        assert all(4 * c == round(4 * c) for c in answer)  # four deals' tallies
    trusting = bidding_ceiling.sampled(4, 1e9)(obs, est)
    assert trusting is not None
    assert all(a is None or a == pytest.approx(b) for a, b in zip(trusting, shipped))


def test_the_bots_bid_by_the_shipped_model_again_after_the_variant() -> None:
    def broken(obs: Observation, est: list[float]) -> bidding.Chances | None:
        raise RuntimeError("a variant that fails")

    with pytest.raises(RuntimeError), bidding_ceiling.chances_by(broken):
        play_deal("normal", "yardstick", STANDARD, SEED, 0)
    shipped, variant = bidding_ceiling.deal_pair(("oracle", 0, 0.0, SEED, 0))
    assert shipped == play_deal("normal", "yardstick", STANDARD, SEED, 0).diffs[0]
    assert variant != shipped  # deal 0: the oracle's calls change the result
