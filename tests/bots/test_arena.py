"""The arena: duplicate matches, deterministic for a seed."""

from __future__ import annotations

import math

import pytest

from engine import PRESETS
from engine.rng import SplitMix64

from bots.arena import ArenaResult, BotStats, main, run_match, uncapped


def _summary(r: ArenaResult) -> tuple[object, ...]:
    return (r.diffs, r.plays, r.thrown_in,
            *((s.contracts, s.made, s.miseres, s.miseres_made, len(s.times)) for s in (r.a, r.b)))


def test_match_is_deterministic_for_a_seed() -> None:
    rules = PRESETS["standard"]
    first = run_match("normal", "easy", rules, 6, 11)
    assert _summary(first) == _summary(run_match("normal", "easy", rules, 6, 11))
    assert _summary(first) != _summary(run_match("normal", "easy", rules, 6, 12))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_deal_is_played_once_per_side(preset: str) -> None:
    rules = PRESETS[preset]
    r = run_match("normal", "easy", rules, 2, 3)
    assert len(r.diffs) == 2 and r.plays == 2 * rules.sides
    decisions = len(r.a.times) + len(r.b.times)
    assert decisions >= r.plays * rules.players


def test_a_bot_against_itself_scores_zero_on_every_deal() -> None:
    # the yardstick draws no random numbers (the normal bot samples deals for its last tricks)
    r = run_match("yardstick", "yardstick", PRESETS["standard"], 5, 2)
    assert r.diffs == [0.0] * 5
    assert (r.a.contracts, r.a.made) == (r.b.contracts, r.b.made)


def test_interval_and_report() -> None:
    r = ArenaResult(PRESETS["standard"], 1, BotStats("normal"), BotStats("easy"),
                    diffs=[10.0, 30.0, 20.0, 20.0], plays=8)
    r.a.contracts, r.a.made, r.a.times = 4, 3, [0.001, 0.003, 0.002]
    assert r.mean == 20.0
    assert r.margin == pytest.approx(1.96 * (200 / 3) ** 0.5 / 2)
    text = r.report()
    assert "A minus B: +20.0 points per deal" in text
    assert "contracts made 3/4 (75%)" in text and "median 2.00 worst 3.0" in text


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "normal", "--b", "easy", "--deals", "3", "--preset",
                 "cutthroat,target=1000", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("normal (A) v easy (B), rules cutthroat,target=1000, 3 deals, 9 hands")
    assert "A minus B" in out and "misere made" in out


def test_a_match_over_two_processes_gives_the_same_figures() -> None:
    rules = PRESETS["standard"]
    one = run_match("normal", "yardstick", rules, 4, 7)
    two = run_match("normal", "yardstick", rules, 4, 7, jobs=2)
    assert _summary(one)[:3] == _summary(two)[:3] and one.plays_of == two.plays_of
    assert [s.contracts for s in (one.a, one.b)] == [s.contracts for s in (two.a, two.b)]


def test_the_worst_deals_are_listed_with_their_auctions_and_results() -> None:
    r = run_match("normal", "easy", PRESETS["standard"], 8, 5)
    text = r.worst(1)
    low, high = min(r.diffs), max(r.diffs)
    assert (f"A's loss, deal {r.diffs.index(low)}: A minus B {low:+.1f}" in text) == (low < 0)
    assert f"B's loss, deal {r.diffs.index(high)}: A minus B {high:+.1f}" in text
    assert " -> " in text and "points (" in text and "A at seats 0, 2" in text


def test_an_uncapped_expert_is_bounded_by_its_counts_alone() -> None:
    from bots.expert import ExpertBot
    from bots.sampled_play import Budget
    bot = uncapped("expert", SplitMix64(1))
    assert isinstance(bot, ExpertBot) and bot.budget == Budget(cap=math.inf)
    assert uncapped("normal", SplitMix64(1)).level == "normal"
    bigger = uncapped("expert", SplitMix64(1), nodes=100_000, samples=24)
    assert isinstance(bigger, ExpertBot) and bigger.budget == Budget(samples=24, nodes=100_000, cap=math.inf)
