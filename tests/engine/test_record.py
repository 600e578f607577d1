"""Game records: JSON round trip, exact replay, and clear refusals."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine import PRESETS, DealCode, RecordError
from engine.match import Match
from engine.record import RECORD_VERSION, dumps, replay, to_record
from engine.rng import SplitMix64
from tests.playout import play_match


def played(name: str, seed: int, hands: int = 3) -> Match:
    match = Match(PRESETS[name], DealCode(seed, 1))
    play_match(match, SplitMix64(seed), max_hands=hands)
    return match


def state(match: Match) -> Any:
    return [(h.phase, h.held, h.up, h.discards, h.won, h.result, [str(a) for _, a in h.history],
             [(t.leader, t.positions, t.cards, t.winner) for t in h.tricks]) for h in match.hands]


class TestRoundTrip:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_replay_reproduces_every_state(self, name: str) -> None:
        match = played(name, 21)
        again = replay(dumps(match))
        assert state(again) == state(match)
        assert again.totals == match.totals and again.outcome == match.outcome
        assert to_record(again) == to_record(match)

    def test_replay_of_hand_in_progress(self) -> None:
        match = Match(PRESETS["standard"], DealCode(8, 0))
        for action in match.hand.legal_actions()[:1] * 1:
            match.apply(action)
        again = replay(to_record(match))
        assert again.hand.history == match.hand.history
        assert not again.hand.is_over

    def test_meta_is_kept(self) -> None:
        record = to_record(played("standard", 3, 1), {"levels": ["human", "expert"]})
        assert json.loads(json.dumps(record))["meta"] == {"levels": ["human", "expert"]}


class TestRefusals:
    def record(self) -> dict[str, Any]:
        """Two hands: one thrown in, then one played out."""
        match = Match(PRESETS["standard"], DealCode(5, 0))
        for _ in range(4):
            match.apply("pass")
        match.next_hand()
        play_match(match, SplitMix64(5), max_hands=2)
        return to_record(match)

    def refused(self, data: Any, message: str) -> None:
        with pytest.raises(RecordError, match=message):
            replay(data)

    def test_not_json(self) -> None:
        self.refused("{not json", "not valid JSON")

    def test_not_a_record(self) -> None:
        self.refused({"hello": 1}, "not a game record")
        self.refused([1, 2], "not a game record")

    def test_newer_version(self) -> None:
        data = self.record()
        data["version"] = RECORD_VERSION + 1
        self.refused(data, "newer than this app")

    def test_unknown_rules(self) -> None:
        data = self.record()
        data["rules"] = "standard,jokers=9"
        self.refused(data, "hand 1: unknown rules option")

    def test_illegal_action_says_where(self) -> None:
        data = self.record()
        bad = copy.deepcopy(data)
        actions = bad["hands"][1]["actions"]
        actions[-1] = "bid 10NT"
        with pytest.raises(RecordError, match=rf"hand 2, action {len(actions)} \('bid 10NT'\)"):
            replay(bad)

    def test_unparsable_action(self) -> None:
        data = self.record()
        data["hands"][0]["actions"][0] = "QQ"
        self.refused(data, r"hand 1, action 1 \('QQ'\): not an action")

    def test_tampered_deal_code(self) -> None:
        data = self.record()
        data["hands"][1]["deal"] = "1-2-abc"
        self.refused(data, "hand 2: deal")

    def test_bad_deal_code(self) -> None:
        data = self.record()
        data["hands"][0]["deal"] = "9-0-abc"
        self.refused(data, "version 9")

    def test_unfinished_hand_before_another(self) -> None:
        data = self.record()
        data["hands"][0]["actions"] = data["hands"][0]["actions"][:2]
        self.refused(data, "hand 1: the hand is not finished")

    def test_wrong_types(self) -> None:
        data = self.record()
        data["hands"][0]["actions"] = "pass"
        self.refused(data, "malformed 'actions'")
        data = self.record()
        data["hands"] = []
        self.refused(data, "no hands")
