"""Statistics of every game: summaries of real games, totals over summaries, the games kept."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from dataclasses import replace
from typing import Any

import pytest

from engine import PRESETS, DealCode
from engine.match import Match
from engine.rng import SplitMix64
from tests.playout import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.history.stats import Record, Stats, Tally, aggregate, partnered, standings_rows, summarize  # noqa: E402


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
            {"won": None, "hands": [line("10NT", 0, True, 520)]},  # not finished: its hands count
            {"won": "yes", "hands": []},  # malformed: skipped
            {"won": False, "hands": [{"points": "ten"}, "7H", line("ZZ", 0, True, 10),
                                     {**line("9D", 0, None, 0), "made": "yes"}]},
        ]
        stats = aggregate(summaries)
        assert (stats.games, stats.won) == (3, 1)
        assert stats.contracts == {"S": Tally(1, 1), "C": Tally(), "D": Tally(),
                                   "H": Tally(2, 1), "NT": Tally(1, 1)}
        assert stats.by_level == {"7H": Tally(2, 1), "6S": Tally(1, 1), "10NT": Tally(1, 1)}
        assert stats.misere == Tally(1, 0) and stats.open_misere == Tally(1, 1)
        assert stats.hands == 10
        assert stats.points == 180 - 250 + 20 + 40 - 180 + 500 + 40 + 520 + 10 + 0
        assert stats.average_points == pytest.approx(880 / 10)
        assert stats.lines() == [
            "Games won: 1 of 3 (33%)",
            "Spades: 1 of 1 made",
            "Clubs: none bid",
            "Diamonds: none bid",
            "Hearts: 1 of 2 made",
            "No trumps: 1 of 1 made",
            "Misere: 0 of 1 made",
            "Open misere: 1 of 1 made",
            "Average points per hand: 88.0 over 10 hands",
        ]
        tables = stats.tables()
        assert tables.contracts[0] == ("6", "1/1", "–", "–", "–", "–")
        assert tables.contracts[1] == ("7", "–", "–", "–", "1/2", "–")
        assert tables.contracts[4] == ("10", "–", "–", "–", "–", "1/1")
        assert tables.partners == ()  # no summary names its partner

    def test_results_with_each_level_of_partner(self) -> None:
        normal = {"rules": "standard", "levels": ["human", "easy", "normal", "easy"]}
        expert = {"rules": "standard", "levels": ["human", "normal", "expert", "normal"]}
        summaries = [
            partnered({"rules": "standard", "won": True, "hands": [line("7H", 2, True, 180), line("6S", 1, True, -40)]},
                       normal),
            partnered({"rules": "standard", "won": False, "hands": [line("8D", 0, False, -280)]}, normal),
            partnered({"rules": "standard", "won": None, "hands": [line("9NT", 2, True, 420)]}, expert),
            partnered({"rules": "cutthroat", "won": True, "hands": [line("7S", 0, True, 140)]},
                      {"levels": ["human", "normal", "normal"]}),  # no partner
        ]
        assert [s["partner"] for s in summaries] == ["normal", "normal", "expert", None]
        stats = aggregate(summaries)
        assert stats.partners == {"normal": Record(games=2, won=1, hands=3, points=-140),
                                  "expert": Record(games=0, won=0, hands=1, points=420)}
        assert stats.tables().partners == (("Expert", "0 of 0", "1", "420.0"), ("Normal", "1 of 2", "3", "-46.7"))
        assert (stats.games, stats.hands) == (3, 5)

    @pytest.mark.parametrize(("rules", "levels", "partner"), [
        ("six-handed", ["human", "easy", "normal", "easy", "normal", "easy"], "normal"),  # seats 2 and 4: teams of 3
        ("six-handed-pairs", ["human", "easy", "normal", "expert", "normal", "easy"], "expert"),
        ("five-handed", ["human", "easy", "easy", "easy", "easy"], None),  # a partner called each hand
        ("standard", ["human", "normal"], None),  # settings that do not fit the rules
        ("nonsense", ["human", "normal", "normal", "normal"], None),
    ])
    def test_the_partner_is_the_level_of_the_bots_on_the_players_side(self, rules: str, levels: list[str],
                                                                       partner: str | None) -> None:
        assert partnered({"rules": rules}, {"levels": levels})["partner"] == partner
        assert partnered({"rules": rules}, None)["partner"] is None

    def test_no_games(self) -> None:
        stats = aggregate([])
        assert stats == Stats()
        assert stats.average_points == 0.0
        assert stats.lines()[0] == "Games won: 0 of 0"


def test_a_tournaments_standings_as_kept_or_none_if_they_cannot_be_read() -> None:
    kept = [{"place": 1, "name": "Ada", "total": 620}, {"place": 2, "name": "You", "total": -40}]
    assert standings_rows(kept) == [["1", "Ada", "620"], ["2", "You", "−40"]]
    for broken in (None, "1st", [{"place": "1", "name": "Ada", "total": 620}], [*kept, 3]):
        assert standings_rows(broken) == []


def test_the_variants_contracts_and_breaches_each_have_their_line() -> None:
    """Blind misere, double nullo and hi-lo are not counted as misere or no trumps; a line shows
    each once the player has declared one, and the breaches the player called; a breach line
    from a game kept before breach was counted is read as none."""
    hands = [line("BLIND-MIS", 0, True, 1000), line("DOUBLE-NULLO", 0, False, -450),
             line("DOUBLE-NULLO", 0, True, 450), line("HI-LO", 0, False, -350), line("MIS", 0, True, 250),
             {**line("7H", 1, False, 200), "breacher": 0, "breached": True},
             {**line("8S", 3, True, 40), "breacher": 0, "breached": False},
             {**line("9D", 2, True, 380), "breacher": 1, "breached": False},
             {**line("7C", 1, True, 0), "breacher": 0}]  # malformed: no breach counted
    stats = aggregate([{"won": None, "hands": hands}])
    assert stats.contracts["NT"] == Tally() and stats.by_level == {}
    assert (stats.misere, stats.blind_misere, stats.double_nullo, stats.hi_lo) == (
        Tally(1, 1), Tally(1, 1), Tally(2, 1), Tally(1, 0))
    assert stats.breaches == Tally(2, 1)
    lines = stats.lines()
    assert lines[6:12] == ["Misere: 1 of 1 made", "Open misere: none bid", "Blind misere: 1 of 1 made",
                           "Double nullo: 1 of 2 made", "Hi-lo: 0 of 1 made", "Breaches you called: 1 of 2 came off"]
    assert "Hi-lo" not in " ".join(aggregate([{"won": None, "hands": hands[4:5]}]).lines())


def test_a_breach_called_is_in_the_hands_summary() -> None:
    rules = replace(PRESETS["standard"], breach=True)
    match = Match(rules, DealCode(77, 3))  # seat 0 speaks first
    for action in ("bid 7S", "pass", "pass", "pass"):
        match.apply(action)
    while match.hand.phase.name == "DISCARD":
        match.apply(match.hand.legal_actions()[0])
    match.apply("breach")  # West, the declarer's left
    rng = SplitMix64(1)
    while not match.hand.is_over:
        legal = match.hand.legal_actions()
        match.apply(legal[rng.below(len(legal))])
    result = match.sheet[-1].result
    (hand,) = summarize(match, seat=1)["hands"]
    assert (hand["breacher"], hand["breached"]) == (1, result.breach_points > 0)
    assert aggregate([summarize(match, seat=1)], seat=1).breaches == Tally(1, int(result.breach_points > 0))
