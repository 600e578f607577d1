"""The table model: capabilities from the rules, and one hand's declaring side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import PRESETS, JokerLead, Rules, Slam
from engine.table import DECLARING, DEFENDING, UNKNOWN
from tests.conftest import random_action, run, start

ROOT = Path(__file__).resolve().parents[2]


class TestTable:
    def test_capabilities_of_each_preset(self) -> None:
        caps = {name: (r.table.positions, r.table.sides, r.table.has_piles,
                       r.table.called_partner, r.table.teams) for name, r in PRESETS.items()}
        assert caps["standard"] == (4, 2, False, False, True)
        assert caps["two-handed"] == (4, 2, True, False, False)
        assert caps["cutthroat"] == (3, 3, False, False, False)
        assert caps["five-handed"] == (5, 5, False, True, False)
        assert caps["six-handed"] == (6, 2, False, False, True)
        assert caps["six-handed-pairs"] == (6, 3, False, False, True)

    def test_controller_and_sides(self) -> None:
        two, six = PRESETS["two-handed"].table, PRESETS["six-handed"].table
        assert two.controller == (0, 1, 0, 1) and two.side_positions(0) == (0, 2)
        assert [two.is_pile(p) for p in range(4)] == [False, False, True, True]
        assert six.side_seats(1) == (1, 3, 5) and six.side_of(4) == 0

    def test_who_sits_out_a_misere(self) -> None:
        assert PRESETS["standard"].table.misere_active(0) == (True, True, False, True)
        assert PRESETS["two-handed"].table.misere_active(1) == (True, True, True, False)
        assert PRESETS["six-handed"].table.misere_active(2) == (False, True, True, True,
                                                                  False, True)
        assert all(PRESETS["cutthroat"].table.misere_active(1))

    def test_no_head_count_outside_table_and_rules(self) -> None:
        count = re.compile(r"players\s*(==|!=|<|>|<=|>=)\s*\d|\d\s*(==|!=)\s*\w*\.?players")
        # the yardstick is a frozen copy of an old bot
        found = [f"{p.relative_to(ROOT)}:{i}" for d in ("engine", "bots", "web/app")
                 for p in sorted((ROOT / d).rglob("*.py"))
                 if p.name not in ("table.py", "rules.py") and "yardstick" not in p.parts
                 for i, line in enumerate(p.read_text().splitlines(), 1) if count.search(line)]
        assert found == []


class TestSides:
    def test_partners_and_piles_score_together(self) -> None:
        h = start("standard", ["AS", "KS", "QS", "JS"], "5H 6H 7H", "7S", declarer=1)
        assert h.sides.seats == (1, 3) and h.sides.positions == (1, 3)
        assert h.bidders() == h.declaring_side() == (1, 3)
        assert [observe(h, s).sides.team(0) for s in range(4)] == [DEFENDING] * 4
        piles = ["5D/6D 7D/8D 9D/10D JD/QD KD/AD", "5C/6C 7C/8C 9C/10C JC/QC KC/AC"]
        h = start("two-handed", ["AS", "KS"], "5H 6H 7H", "7S", piles=piles)
        assert h.sides.seats == (0,) and h.sides.positions == (0, 2)

    def test_a_misere_counts_the_declarer_alone(self) -> None:
        h = start("standard,misere_anytime=on", ["AS", "KS", "QS", "JS"], "5H 6H 7H", "MIS")
        assert h.sides.seats == (0, 2) and h.sides.positions == (0,)

    def test_the_called_partner_is_secret_until_the_card_shows(self) -> None:
        hands = ["AS 5D", "KS 6D", "QS 7D", "JS 8D", "10S 9D"]
        h = start("five-handed", hands, "5H 6H 7H", "7S")
        assert h.phase == Phase.CALL and not h.sides.complete
        run(h, "call 9D")
        assert h.sides.seats == (0, 4) and h.sides.complete
        assert h.declaring_side() == (0,)
        views = [observe(h, s).sides for s in range(5)]
        assert [v.seats for v in views] == [(0,), (0,), (0,), (0,), (0, 4)]
        assert [v.team(4) for v in views] == [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, DECLARING]
        assert views[1].team(1) == DEFENDING and views[1].team(2) == UNKNOWN
        run(h, "5D", "6D", "7D", "8D", "9D")
        assert all(observe(h, s).sides.seats == (0, 4) for s in range(5))
        assert h.declaring_side() == (0, 4)

    def test_alone_is_complete(self) -> None:
        h = run(start("five-handed", ["AS", "KS", "QS", "JS", "10S"], "5H 6H 7H", "7S"),
                "alone")
        assert observe(h, 3).sides.seats == (0,) and observe(h, 3).sides.team(1) == DEFENDING

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_scores_follow_the_sides(self, name: str) -> None:
        rng = SplitMix64(11)
        for seed in range(20):
            h = Hand.new(PRESETS[name], seed)
            while not h.is_over:
                h.push(random_action(h, rng))
            result = h.result
            assert result is not None
            assert result.bidders == h.sides.seats
            if result.contract is not None:
                assert h.sides.scoring_sides
                assert all((result.points[s] > 0) == result.made for s in h.sides.scoring_sides)


class TestTypedOptions:
    def test_text_options_are_enums_and_round_trip(self) -> None:
        r = Rules.parse("standard,joker_lead=not-void,slam=off")
        assert r.joker_lead is JokerLead.NOT_VOID and r.slam is Slam.OFF
        assert Rules(slam="off") == r.__class__(slam=Slam.OFF)  # type: ignore[arg-type]
        assert type(Rules(slam="off").slam) is Slam  # type: ignore[arg-type]
        assert Rules.parse(str(r)) == r


def test_a_trick_is_captioned_where_places_do_not_tell_the_seats_apart() -> None:
    crowded = {preset: PRESETS[preset].table.crowded for preset in ("standard", "cutthroat", "two-handed",
                                                                         "five-handed", "six-handed")}
    assert crowded == {"standard": False, "cutthroat": False, "two-handed": True, "five-handed": True,
                       "six-handed": True}
    assert [PRESETS[p].table.more_than_four for p in ("two-handed", "standard", "five-handed")] == [
        False, False, True]
