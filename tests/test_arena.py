"""The arena: duplicate matches, deterministic for a seed."""

from __future__ import annotations

import pytest

from engine import PRESETS

from bots.arena import ArenaResult, BotStats, main, run_match


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
    r = run_match("normal", "normal", PRESETS["standard"], 5, 2)
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
