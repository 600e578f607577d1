"""PTN, Trickster's record format: a real record replays move for move; ours round-trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import ptn
from engine.__main__ import main
from engine.deal import Deal, DealCode
from engine.match import Match
from engine.ptn import SAMPLE, PtnError, dumps, read, replay
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules
from tests.conftest import random_action

SAYABLE = ("standard", "cutthroat", "two-handed", "five-handed", "six-handed")


class TestRealRecord:
    def test_replays_move_for_move(self) -> None:
        m = replay(SAMPLE)
        assert m.rules == Rules.parse("standard,misere_rank=8S-8C")
        h = m.hand
        assert h.dealer == 3 and h.declarer == 1 and str(h.contract) == "6C"
        assert [str(a) for _, a in h.history[:7]] == [
            "pass", "bid 6C", "pass", "pass", "discard 7H", "discard 9H", "discard QH"]
        # columns are W N E S; the lead passes to each trick's winner, as our rules say
        assert [t.leader for t in h.tricks] == [1, 3, 1, 2, 1, 2, 2, 1, 1, 1]
        assert [t.winner for t in h.tricks] == [3, 1, 2, 1, 2, 2, 1, 1, 1, 3]
        assert " ".join(map(str, h.tricks[1].cards)) == "5H AH 8C 4H"  # E led, W ruffed
        assert h.result is not None and h.result.tricks == (0, 5, 3, 2)

    def test_left_bower_stays_in_its_printed_suit(self) -> None:
        fifth = replay(SAMPLE).hand.tricks[4]  # CK SJ HT DQ: North's jack of spades is a trump
        assert [str(c) for c in fifth.cards] == ["KC", "JS", "10H", "QD"] and fifth.winner == 2

    def test_the_score_ends_where_the_record_does(self) -> None:
        m = replay(SAMPLE)
        assert m.start_totals == (310, 450) and m.totals == (340, 510)
        assert m.outcome is not None and m.outcome.winner == 1 and m.outcome.reason == "bid"

    def test_unknown_tags_are_kept(self) -> None:
        text = SAMPLE.replace('[Dealer "E"]', '[Dealer "E"]\n[Room "Open"]')
        record = read(text)[0]
        assert record.tags["Room"] == "Open" and record.tags["West"] == "Joann (Auto)"
        again = read(dumps(replay(text), [record]))[0]
        assert again.tags["Room"] == "Open" and again.tags["South"] == "BigVern (3760732)"
        assert again.tags["Event"] == record.tags["Event"]

    def test_early_exports_without_closing_bracket_or_escapes(self) -> None:
        text = SAMPLE.replace('"{\\"variation\\":1,\\"mustBidToWin\\":true,\\"whenNullo\\":1,'
                              '\\"S8Overbid250Nullo\\":false,\\"noWatching\\":true}"',
                              '"{"variation":1,"mustBidToWin":true,"whenNullo":1,'
                              '"S8Overbid250Nullo":false}"')
        text = text.replace('[Dealer "E"]', '[LocalDateTime "11/6/2024 6:09 AM PST"\n'
                                             '[Dealer "E"]')
        assert replay(text).totals == (340, 510)

    def test_a_record_exported_mid_trick(self) -> None:
        lines = SAMPLE.splitlines()
        cut = "\n".join(lines[:lines.index("DA D4 D6 DJ")] + ["- D4 - -"]) + "\n"
        cut = cut.replace("S:340 510 340 510", "S:310 450 310 450")  # before the hand
        h = replay(cut).hand
        assert len(h.tricks) == 3 and [str(c) for c in h.trick_cards] == ["4D"]
        assert h.to_act == 3


class TestBadRecords:
    @pytest.mark.parametrize("change, message", [
        (('"noWatching":true', '"deckSize":63'), "a rule we do not play: deckSize = 63"),
        (('"noWatching":true', '"bidAfterPass":1'), "a rule we do not play: bidAfterPass = 1"),
        (('FiveHundred', 'Euchre'), "not a record of 500"),
        (("C7 CQ JH C5", "C7 CQ JH S7"), "trick 1, S7: .*must follow clubs"),
        (("Pass 6♣ Pass Pass", "Pass 6♣ 5♣ Pass"), "'5♣' is not a call"),
        (('[Undealt "C8HQS5"]', '[Undealt "C8HQS5S4"]'), "not in this table's deck"),
        (('[Declarer "W"]', '[Declarer "N"]'), "Declarer: N did not win"),
        (('[CardsRemoved "W:H7H9HQ"]', '[CardsRemoved "W:H7H9"]'), "in the discard phase"),
        (("S5 D9 SQ HK", "S5 D9 SQ HK\nS5 D9 SQ HK"), "trick 11: the hand is over"),
        (("C8 H4 H5 HA", "C8 - H5 HA"), "trick 2: no card for N, yet more tricks follow"),
    ])
    def test_clear_messages(self, change: tuple[str, str], message: str) -> None:
        text = SAMPLE
        old, new = change
        text = text.replace(old.replace('"', '\\"'), new.replace('"', '\\"'))
        text = text.replace(old, new)
        with pytest.raises(PtnError, match=message):
            replay(text)

    def test_no_record(self) -> None:
        with pytest.raises(PtnError, match="no PTN record"):
            replay("% nothing here\n")

    @pytest.mark.parametrize("name", ["american", "tournament", "six-handed-pairs"])
    def test_rules_ptn_cannot_say(self, name: str) -> None:
        with pytest.raises(PtnError, match="PTN cannot say these rules"):
            dumps(Match(PRESETS[name], DealCode(1)))


class TestOurGamesAsPtn:
    @pytest.mark.parametrize("name", SAYABLE)
    def test_round_trip(self, name: str) -> None:
        rules = PRESETS[name]
        rng = SplitMix64(4)
        m = Match(rules, DealCode(17, 1))
        for _ in range(3):
            while not m.hand.is_over:
                m.apply(random_action(m.hand, rng))
            if m.is_over:
                break
            m.next_hand()
        for _ in range(0 if m.is_over else 7):  # and a hand in progress
            m.apply(random_action(m.hand, rng))
        again = replay(dumps(m))
        assert again.rules == rules and again.totals == m.totals
        for a, b in zip(again.hands, m.hands, strict=True):
            assert _sorted(a.deal) == _sorted(b.deal) and a.dealer == b.dealer
            assert [(s, x.played_card or str(x)) for s, x in a.history] == \
                [(s, x.played_card or str(x)) for s, x in b.history]
            assert a.result == b.result

    def test_six_handed_ranks(self) -> None:
        assert ptn.card_text(ptn.parse_card("HX")) == "HX"
        assert str(ptn.parse_card("DZ")) == "13D" and str(ptn.parse_card("SY")) == "12S"


def _sorted(deal: Deal) -> tuple[object, ...]:
    return (tuple(sorted(h) for h in deal.hands), sorted(deal.kitty), deal.piles)


class TestReplayCommand:
    def test_text_and_json_sheets(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "trickster.ptn"
        path.write_text(SAMPLE, encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "340" in out and "510" in out and "West & East won" in out
        assert main(["replay", str(path), "--json"]) == 0
        sheet = json.loads(capsys.readouterr().out)
        assert sheet["hands"][0]["totals"] == [340, 510] and sheet["winner"] == "West & East"

    def test_unsupported_rules_exit_1(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "bad.ptn"
        path.write_text(SAMPLE.replace("whenNullo", "whenNulloX"), encoding="utf-8")
        assert main(["replay", str(path)]) == 1
        assert "a rule we do not play: whenNulloX" in capsys.readouterr().err


class TestOpenMisere:
    def test_an_open_misere_round_trips(self) -> None:
        """Written "Open Misère" (two words), it is read back as one call."""
        m = Match(PRESETS["standard"], DealCode(17, 1))
        m.apply("bid 7S")
        m.apply("bid OPEN-MIS")
        while m.hand.contract is None:
            m.apply("pass")
        text = dumps(m)
        assert "Open Misère" in text
        again = replay(text)
        assert [str(x) for _, x in again.hand.history] == [str(x) for _, x in m.hand.history]
        assert again.hand.contract == m.hand.contract and again.hand.contract.is_open
