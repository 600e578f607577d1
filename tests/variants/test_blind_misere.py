"""Blind misere: a misere called as a seat's first call, before it looks at its cards."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from bots.arena import run_match
from bots.blind_misere import desperate
from bots.sampled_play import Budget
from bots.registry import LEVELS, make_bot
from engine.bids import BLIND_MISERE, Bid
from engine.deal import DealCode
from engine.errors import IllegalActionError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import Rules
from engine.scoring import score_hand
from tests.conftest import random_playout, run
from tests.playout import bots_play_match
from tests.engine.test_observation import check

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table import render as table_render  # noqa: E402
from app.table.help import rules_help  # noqa: E402
from app.table.model import BidPrompt  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402

BLIND = Rules.parse("standard,blind-misere=on")


def _bids(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


class TestTheRule:
    def test_off_by_default_and_named_in_the_rules_string(self) -> None:
        assert BLIND_MISERE not in Rules().biddable
        assert str(BLIND) == "standard,blind_misere=on" and Rules.parse(str(BLIND)) == BLIND
        assert Bid.parse("blind-mis") == BLIND_MISERE and BLIND_MISERE.name == "blind misere"

    def test_worth_1000_in_every_scoring_table_of_the_reference(self) -> None:
        for table in ("avondale", "original", "perfect"):
            assert Rules.parse(f"standard,blind-misere=on,scoring={table}").bid_value(BLIND_MISERE) == 1000

    def test_it_outranks_every_bid_the_reference_lists_it_last(self) -> None:
        assert BLIND.biddable[-1] == BLIND_MISERE
        assert all(BLIND.bid_order(BLIND_MISERE) > BLIND.bid_order(b) for b in BLIND.biddable[:-1])

    def test_only_as_the_first_call_even_before_anyone_bid_seven(self) -> None:
        hand = Hand.new(BLIND, 5)
        assert "bid BLIND-MIS" in _bids(hand)  # seat 1 speaks first: no seven needed
        run(hand, "bid 6S", "pass")
        assert "bid BLIND-MIS" in _bids(hand)  # seat 3's first call
        run(hand, "bid 6C", "bid 6D")
        assert hand.to_act == 1 and "bid BLIND-MIS" not in _bids(hand)  # seat 1 has called
        with pytest.raises(IllegalActionError, match="only as your first call"):
            hand.apply("bid BLIND-MIS")

    def test_nothing_outbids_it_and_the_partner_sits_out(self) -> None:
        hand = run(Hand.new(BLIND, 5), "bid BLIND-MIS")
        assert _bids(hand) == ["pass"]
        run(hand, "pass", "pass", "pass")
        assert hand.phase == Phase.DISCARD and hand.declarer == 1
        while hand.phase == Phase.DISCARD:
            hand.apply(hand.legal_actions()[0])
        while hand.phase != Phase.PLAY:
            hand.apply(hand.legal_actions()[0])
        assert hand.active == (True, True, True, False)

    @pytest.mark.parametrize(("took", "points"), [(0, 1000), (1, -1000), (3, -1000)])
    def test_scored_as_a_misere_worth_1000(self, took: int, points: int) -> None:
        result = score_hand(BLIND, BLIND_MISERE, 0, (0, 2), (took, 10 - took, 0, 0))
        assert result.made is (took == 0) and result.points == (points, 0)
        assert result.describe(BLIND).startswith("Blind misere: the bidders took")
        set_rule = dataclasses.replace(BLIND, set_rule=True)
        assert score_hand(set_rule, BLIND_MISERE, 0, (0, 2), (took, 0, 0, 0)).declarer_set is (took >= 3)


class TestNoPeeking:
    def test_every_seat_sees_only_its_own_at_every_step(self) -> None:
        for seed in range(6):
            hand = run(Hand.new(BLIND, seed, seed % 4), "bid BLIND-MIS")
            for h in random_playout(hand, SplitMix64(seed)):
                for seat in range(4):
                    check(h, seat)


class TestTheBots:
    @pytest.mark.parametrize("level", LEVELS)
    def test_the_call_does_not_depend_on_the_cards(self, level: str) -> None:
        """The same observation with other cards gives the same call, desperate or not."""
        for totals, call in (((420, -150), "bid BLIND-MIS"), ((100, 50), None)):
            calls = set()
            for seed in range(6):
                obs = observe(Match(BLIND, DealCode(seed, dealer=0), totals=totals).hand, 1)
                assert obs.hand != observe(Match(BLIND, DealCode(seed + 1), totals=totals).hand, 1).hand
                action = str(make_bot(level, SplitMix64(1), Budget(samples=2, nodes=2000)).act(obs))
                calls.add(action if action == "bid BLIND-MIS" else None)
            assert calls == {call}

    def test_desperate_only_far_behind_with_the_opponents_near_the_target(self) -> None:
        def at(totals: tuple[int, int]) -> bool:
            return desperate(observe(Match(BLIND, DealCode(1, dealer=0), totals=totals).hand, 1))
        assert at((-150, 420)) is False  # seat 1 is side 1: it is ahead
        assert at((420, -150)) and at((360, -140))
        assert not at((340, -150)) and not at((420, -70)) and not at((0, 0))

    @pytest.mark.parametrize("level", LEVELS)
    def test_every_level_plays_a_game_legally_to_its_end(self, level: str) -> None:
        budget = Budget(samples=2, nodes=2000)
        rng = SplitMix64(3)
        bots = [make_bot(level, rng.fork(), budget) for _ in range(4)]
        match = Match(BLIND, DealCode(2), totals=(400, -300))  # a desperate start for side 1
        bots_play_match(match, bots, max_hands=60)
        assert match.is_over and BLIND_MISERE in [row.result.contract for row in match.sheet]

    def test_the_arena_refuses_the_yardstick_at_a_blind_misere_table(self) -> None:
        with pytest.raises(ValueError, match="the yardstick bot is frozen and does not play blind_misere"):
            run_match("normal", "yardstick", BLIND, 1, 1)


class TestTheTable:
    """The app: the player's cards lie face down until looked at or the first call."""

    def _session(self) -> Session:
        settings = default_settings("standard")
        settings["rules"] = str(BLIND)
        settings["levels"] = ["human", "normal", "normal", "normal"]
        return Session(settings, DealCode(1, 3))  # South speaks first

    def test_face_down_with_the_blind_call_alone_then_looked_at(self) -> None:
        session = self._session()
        view = table_view(session)
        assert view.hand == () and view.hand_hidden == 10
        assert isinstance(view.prompt, BidPrompt) and view.prompt.blind
        assert [b.action for b in view.prompt.bids] == ["bid BLIND-MIS"] and not view.prompt.can_pass
        html = table_render.table(view)
        assert 'data-action="look"' in html["hand"] and 'data-action="hint"' not in html["panel"]
        session.look()
        view = table_view(session)
        assert view.hand_hidden == 0 and len(view.hand) == 10
        assert isinstance(view.prompt, BidPrompt) and view.prompt.can_pass
        assert "bid BLIND-MIS" not in [b.action for b in view.prompt.bids]
        session.bid("bid BLIND-MIS")
        assert session.notice == ("You have looked at your cards: blind misère is called only "
                                  "before looking.") and not session.hand.history

    def test_the_blind_call_turns_the_cards_up(self) -> None:
        session = self._session()
        session.bid("bid BLIND-MIS")
        assert session.hand.high == BLIND_MISERE and not session.cards_hidden
        assert len(table_view(session).hand) == 10

    def test_a_game_read_back_counts_as_looked_at(self) -> None:
        session = self._session()
        again = Session.resume(session.settings, session.match)
        assert not again.cards_hidden and session.cards_hidden

    def test_the_help_says_the_rule_and_the_choices_made(self) -> None:
        text = " ".join(p for section in rules_help(BLIND) for p in section.paragraphs)
        assert ("Blind misère (1000 points, the value in every scoring table of the reference) is "
                "misère called before you look at your cards: only as your first call") in text
        assert "It outranks every bid" in text and "even before anyone has bid a seven (our choice)" in text
        assert "Blind misère" not in " ".join(p for section in rules_help(Rules())
                                              for p in section.paragraphs)

    def test_without_the_rule_the_cards_are_face_up(self) -> None:
        settings = default_settings("standard")
        assert not Session(settings, DealCode(1, 3)).cards_hidden
