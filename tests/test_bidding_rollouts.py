"""bench/bidding_rollouts.py: the normal bot's calls replayed with other calls."""

from __future__ import annotations

import sys
from pathlib import Path

from bots.bidmodel import SITUATIONS
from engine.actions import PASS, Action

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bidding_rollouts  # noqa: E402


def test_each_deviation_is_measured_against_the_call_made() -> None:
    seven, six, eight, six_clubs = (Action.parse(f"bid {b}") for b in ("7H", "6H", "8H", "6C"))
    values = {PASS: -40.0, six: 100.0, seven: 200.0, eight: -300.0, six_clubs: 60.0}
    assert bidding_rollouts._deviations(seven, values) == [
        ("a pass for a bid of 7", -240.0), ("one lower for a bid of 7", -100.0),
        ("one higher for a bid of 7", -500.0)]
    # a pass is measured against the cheapest bid tried, 6♣
    assert bidding_rollouts._deviations(PASS, values) == [("the lowest bid for a pass", 100.0)]


def test_a_deal_replays_the_normal_bots_calls_in_every_situation_it_met() -> None:
    rows = [row for i in range(3) for row in bidding_rollouts.deal_rows(46, i)]
    assert rows
    assert {situation for situation, _, _ in rows} <= set(SITUATIONS)
    # a change is a difference of two hands' scores: whole tens
    assert all(change % 10 == 0 for _, _, change in rows)
    assert any(change != 0 for _, _, change in rows)
