"""Statistics of finished games: summaries of real games, and totals over summaries."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import PRESETS, DealCode
from engine.match import Match
from engine.rng import SplitMix64
from tests.playout import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from app.stats import Stats, Tally, aggregate, summarize  # noqa: E402


class TestSummarize:
    def test_a_contract_of_the_player(self) -> None:
        match = Match(PRESETS["standard"], DealCode(77, 3))  # seat 0 speaks first
        for action in ("bid 6S", "pass", "pass", "pass"):
            match.apply(action)
        while match.hand.phase.name == "DISCARD":
            match.apply(match.hand.legal_actions()[0])
        rng = SplitMix64(1)
        while not match.hand.is_over:
            legal = match.hand.legal_actions()
            match.apply(legal[rng.below(len(legal))])
        result = match.sheet[-1].result
        summary = summarize(match)
        assert summary["won"] is None  # not over: a game in progress
        assert summary["hands"] == [{"contract": "6S", "declarer": 0, "made": result.made,
                                     "points": result.points[0]}]
        assert json.loads(json.dumps(summary)) == summary

    @pytest.mark.parametrize("name", ["standard", "cutthroat", "five-handed", "six-handed-pairs"])
    def test_finished_games(self, name: str) -> None:
        for seed in range(5):
            match = Match(PRESETS[name], DealCode(seed, 0))
            play_match(match, SplitMix64(seed))
            assert match.outcome is not None
            summary = summarize(match)
            side = match.rules.side_of(0)
            assert summary["side"] == side and summary["rules"] == name
            assert summary["won"] == (match.outcome.winner == side)
            assert summary["totals"] == list(match.totals)
            assert sum(h["points"] for h in summary["hands"]) == match.totals[side]
            assert len(summary["hands"]) == sum(not r.result.thrown_in for r in match.sheet)


def line(contract: str | None, declarer: int | None, made: bool | None, points: int) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "made": made, "points": points}


class TestAggregate:
    def test_totals(self) -> None:
        summaries: list[dict[str, Any]] = [
            {"won": True, "hands": [line("7H", 0, True, 180), line("MIS", 0, False, -250),
                                    line("8NT", 1, True, 20), line(None, None, None, 40)]},
            {"won": False, "hands": [line("7H", 0, False, -180), line("OPEN-MIS", 0, True, 500),
                                     line("6S", 0, True, 40)]},
            {"won": None, "hands": [line("10NT", 0, True, 520)]},  # abandoned: not counted
            {"won": "yes", "hands": []},  # malformed: skipped
            {"won": False, "hands": [{"points": "ten"}, "7H", line("ZZ", 0, True, 10),
                                     {**line("9D", 0, None, 0), "made": "yes"}]},
        ]
        stats = aggregate(summaries)
        assert (stats.games, stats.won) == (3, 1)
        assert stats.contracts == {"S": Tally(1, 1), "C": Tally(), "D": Tally(),
                                   "H": Tally(2, 1), "NT": Tally()}
        assert stats.misere == Tally(1, 0) and stats.open_misere == Tally(1, 1)
        assert stats.hands == 9
        assert stats.points == 180 - 250 + 20 + 40 - 180 + 500 + 40 + 10 + 0
        assert stats.average_points == pytest.approx(360 / 9)
        assert stats.lines() == [
            "Games won: 1 of 3 (33%)",
            "Spades: 1 of 1 made",
            "Clubs: none bid",
            "Diamonds: none bid",
            "Hearts: 1 of 2 made",
            "No trumps: none bid",
            "Misere: 0 of 1 made",
            "Open misere: 1 of 1 made",
            "Average points per hand: 40.0 over 9 hands",
        ]

    def test_no_games(self) -> None:
        stats = aggregate([])
        assert stats == Stats()
        assert stats.average_points == 0.0
        assert stats.lines()[0] == "Games won: 0 of 0"
