"""Table rules: presets, rules strings, illegal combinations, bid values and bid order."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bids import BIDS, MISERE, OPEN_MISERE, Bid
from engine.decks import Deck
from engine.errors import FiveHundredError, RulesError
from engine.rules import OPTIONS, PRESETS, MisereRank, Rules, ScoringTable, find_preset
from tests.conftest import PRESET_NAMES

NAMESPACE = {"Rules": Rules}


class TestPresets:
    def test_standard_is_the_default_table(self) -> None:
        r = PRESETS["standard"]
        assert r == Rules() and str(r) == "standard"
        assert (r.players, r.team_size, r.deck, r.sides, r.positions) == (4, 2, Deck.STANDARD, 2, 4)
        assert (r.misere, r.open_misere, r.misere_rank, r.misere_anytime) == (
            True, True, "above-sevens", False)
        assert (r.slam, r.scoring, r.target, r.all_pass, r.joker_lead) == (
            "250", "avondale", 500, "redeal", "any")
        assert not (r.one_round_auction or r.inkle or r.raise_own_bid or r.defenders_win
                    or r.point_spread or r.misere_joker_forced)

    @pytest.mark.parametrize("name, players, sides, positions, deck", [
        ("cutthroat", 3, 3, 3, Deck.PIQUET),
        ("two-handed", 2, 2, 4, Deck.STANDARD),
        ("five-handed", 5, 5, 5, Deck.FULL_52),
        ("six-handed", 6, 2, 6, Deck.SIX_HANDED),
        ("six-handed-pairs", 6, 3, 6, Deck.SIX_HANDED),
        ("american", 4, 2, 4, Deck.FULL),
    ])
    def test_other_tables(self, name: str, players: int, sides: int, positions: int,
                          deck: Deck) -> None:
        r = PRESETS[name]
        assert (r.players, r.sides, r.positions, r.deck) == (players, sides, positions, deck)
        assert str(r) == name and find_preset(name) is r

    def test_two_handed_has_no_misere_by_default(self) -> None:
        r = PRESETS["two-handed"]
        assert not r.misere and not r.open_misere
        assert MISERE not in r.biddable and OPEN_MISERE not in r.biddable

    def test_american_and_tournament(self) -> None:
        a = PRESETS["american"]
        assert a.one_round_auction and a.inkle and a.defenders_win and not a.open_misere
        assert a.misere_rank == "8S-8C" and a.kitty_size == 5
        t = PRESETS["tournament"]
        assert (t.misere, t.open_misere, t.slam, t.target) == (False, False, "plus100", 0)

    def test_partners_sit_alternately(self) -> None:
        assert [PRESETS["standard"].side_of(s) for s in range(4)] == [0, 1, 0, 1]
        assert [PRESETS["six-handed"].side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
        assert [PRESETS["six-handed-pairs"].side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
        assert [PRESETS["five-handed"].side_of(s) for s in range(5)] == [0, 1, 2, 3, 4]

    def test_unknown_preset(self) -> None:
        with pytest.raises(RulesError, match="unknown rules preset"):
            find_preset("bridge")

    def test_every_option_is_described(self) -> None:
        for f in OPTIONS:
            assert f.metadata["group"] and f.metadata["label"] and f.metadata["help"]


class TestRulesText:
    @pytest.mark.parametrize("name", PRESET_NAMES)
    def test_presets_round_trip(self, name: str) -> None:
        r = PRESETS[name]
        assert Rules.parse(str(r)) == r
        assert eval(repr(r), NAMESPACE) == r

    @pytest.mark.parametrize("text", [
        "standard,target=1000", "standard,slam=off", "standard,slam=plus100",
        "standard,scoring=original", "standard,scoring=perfect", "standard,deck=45",
        "standard,deck=43-mixed", "standard,one_round_auction=on", "standard,inkle=on",
        "standard,all_pass=no-trumps", "standard,raise_own_bid=on", "standard,misere_rank=8S-8C",
        "standard,misere_anytime=on", "standard,misere=off", "standard,open_misere=off",
        "standard,joker_lead=not-void", "standard,misere_joker_forced=on",
        "standard,defenders_win=on", "standard,point_spread=on", "five-handed,partner_share=full",
        "six-handed,deck=63-doubled", "two-handed,misere=on", "cutthroat,misere_anytime=on",
        "american,slam=off,target=1000",
    ])
    def test_options_round_trip(self, text: str) -> None:
        r = Rules.parse(text)
        assert str(r) == text and Rules.parse(str(r)) == r and eval(repr(r), NAMESPACE) == r

    def test_parse_is_forgiving_about_spaces_and_dashes(self) -> None:
        r = Rules.parse(" standard , target = 1000 , misere-rank=8S-8C ")
        assert r == dataclasses.replace(Rules(), target=1000, misere_rank=MisereRank.BETWEEN_EIGHTS)

    def test_shortest_string_from_the_nearest_preset(self) -> None:
        r = Rules.parse("standard,players=5,team_size=1,deck=53")
        assert r == PRESETS["five-handed"] and str(r) == "five-handed"

    @pytest.mark.parametrize("text, message", [
        ("bridge", "unknown rules preset"),
        ("standard,colour=red", "unknown rules option"),
        ("standard,target", "unknown rules option"),
        ("standard,target=lots", "bad value"),
        ("standard,misere=maybe", "bad value"),
        ("standard,deck=52", "bad value"),
        ("standard,slam=300", "slam must be one of"),
        ("standard,scoring=bridge", "scoring must be one of"),
    ])
    def test_bad_strings(self, text: str, message: str) -> None:
        with pytest.raises(RulesError, match=message):
            Rules.parse(text)

    @settings(max_examples=150)
    @given(st.data())
    def test_any_legal_combination_round_trips(self, data: st.DataObject) -> None:
        base = PRESETS[data.draw(st.sampled_from(PRESET_NAMES))]
        changes = {}
        for f in OPTIONS:
            if f.metadata["choices"] and data.draw(st.booleans()):
                changes[f.name] = data.draw(st.sampled_from(f.metadata["choices"]))
            elif isinstance(f.default, bool) and data.draw(st.booleans()):
                changes[f.name] = data.draw(st.booleans())
        try:
            r = dataclasses.replace(base, **changes)
        except RulesError:
            return
        assert not r.problems()
        assert Rules.parse(str(r)) == r and eval(repr(r), NAMESPACE) == r


class TestIllegalCombinations:
    @pytest.mark.parametrize("text, message", [
        ("standard,players=7", "players must be 2 to 6"),
        ("standard,players=1", "players must be 2 to 6"),
        ("standard,deck=33", "4 players use the deck 43 or 43-mixed or 45"),
        ("cutthroat,deck=43", "3 players use the deck 33"),
        ("five-handed,deck=63", "5 players use the deck 53"),
        ("six-handed,deck=53", "6 players use the deck 63 or 63-doubled"),
        ("standard,team_size=1", "4 players play in teams of 2"),
        ("six-handed,team_size=1", "6 players play in teams of 3 or 2"),
        ("cutthroat,team_size=3", "3 players play in teams of 1"),
        ("two-handed,open_misere=on", "two players do not play open misere"),
        ("standard,partner_share=full", "partner_share applies to five players only"),
        ("standard,target=505", "target must be a multiple of 10"),
        ("standard,target=-500", "target must be a multiple of 10"),
        ("six-handed-pairs,point_spread=on", "point spread needs two sides and a target"),
        ("standard,target=0,point_spread=on", "point spread needs two sides and a target"),
    ])
    def test_refused_with_a_clear_reason(self, text: str, message: str) -> None:
        with pytest.raises(RulesError, match=message) as info:
            Rules.parse(text)
        assert str(info.value).startswith("illegal rules: ")
        assert isinstance(info.value, FiveHundredError)

    def test_constructor_checks_too(self) -> None:
        with pytest.raises(RulesError):
            Rules(players=2)
        with pytest.raises(RulesError, match="misere_rank must be one of"):
            Rules(misere_rank="anywhere")  # type: ignore[arg-type]  # a bad value, to be refused

    def test_every_reason_is_listed(self) -> None:
        with pytest.raises(RulesError) as info:
            Rules.parse("standard,players=2,partner_share=full")
        text = str(info.value)
        assert "teams of 1" in text and "open misere" in text and "partner_share" in text


# The three bid tables of the encyclopedia reference, rows six to ten, columns S C D H NT.
AVONDALE = [[40, 60, 80, 100, 120], [140, 160, 180, 200, 220], [240, 260, 280, 300, 320],
            [340, 360, 380, 400, 420], [440, 460, 480, 500, 520]]
ORIGINAL = [[40, 80, 120, 160, 200], [60, 120, 180, 240, 300], [80, 160, 240, 320, 400],
            [100, 200, 300, 400, 500], [120, 240, 360, 480, 600]]
PERFECT = [[20, 40, 60, 80, 100], [120, 140, 160, 180, 200], [220, 240, 260, 280, 300],
           [320, 340, 360, 380, 400], [420, 440, 460, 480, 500]]


class TestBidValues:
    @pytest.mark.parametrize("scoring, table, misere, open_misere", [
        (ScoringTable.AVONDALE, AVONDALE, 250, 500), (ScoringTable.ORIGINAL, ORIGINAL, 250, 500),
        (ScoringTable.PERFECT, PERFECT, 150, 250)])
    def test_scoring_tables(self, scoring: ScoringTable, table: list[list[int]], misere: int,
                            open_misere: int) -> None:
        r = Rules(scoring=scoring)
        for b in BIDS[:25]:
            assert r.bid_value(b) == table[b.tricks - 6][b.denomination], b
        assert (r.bid_value(MISERE), r.bid_value(OPEN_MISERE)) == (misere, open_misere)


class TestBidOrder:
    def ladder(self, r: Rules) -> list[str]:
        return [str(b) for b in r.biddable]

    def test_default_misere_above_sevens_open_misere_below_ten_hearts(self) -> None:
        ladder = self.ladder(Rules())
        assert ladder[:5] == ["6S", "6C", "6D", "6H", "6NT"]
        assert ladder[9:12] == ["7NT", "MIS", "8S"]
        assert ladder[-4:] == ["10D", "OPEN-MIS", "10H", "10NT"]
        assert len(ladder) == 27

    def test_misere_between_eight_spades_and_eight_clubs(self) -> None:
        ladder = self.ladder(Rules(misere_rank=MisereRank.BETWEEN_EIGHTS))
        assert ladder[9:13] == ["7NT", "8S", "MIS", "8C"]

    def test_suits_rank_spades_clubs_diamonds_hearts_no_trumps(self) -> None:
        r = Rules()
        orders = [r.bid_order(Bid.parse(f"7{d}")) for d in ("S", "C", "D", "H", "NT")]
        assert orders == sorted(orders) and r.bid_order(Bid.parse("6NT")) < orders[0]

    def test_misere_options_off(self) -> None:
        assert "MIS" not in self.ladder(Rules(misere=False))
        assert "OPEN-MIS" in self.ladder(Rules(misere=False))
        assert "OPEN-MIS" not in self.ladder(Rules(open_misere=False))
        assert len(self.ladder(Rules(misere=False, open_misere=False))) == 25
