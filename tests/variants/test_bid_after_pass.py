"""Bidding after a pass at the table: the bots, hints, records, links, saves, the start screen
and the rules in words.  The auction's worked cases: tests/engine/test_auction_bid_after_pass.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots.hints import hint
from bots.registry import LEVELS, make_bot
from bots.sampled_play import Budget
from engine.deal import DealCode, deal_cards
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.ptn import SAMPLE, dumps, replay
from engine.rng import SplitMix64
from engine.rules import Rules
from tests.conftest import random_action, run
from tests.playout import finish_hand
from tests.engine.test_observation import check
from tests.app.test_saves import ID, FakeStorage, clock, settings_for, state

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.start.form import StartForm  # noqa: E402
from app.store.links import decode, replay_link  # noqa: E402
from app.store.saves import SavedGame, Saves  # noqa: E402
from app.table.help import rules_help, rules_words  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402

ON = "standard,bid_after_pass=on"
REOPENED = ("7S", "pass", "7H", "pass", "pass")
"""Dealer 0: seat 2 passed over 7S; 7H changed the denomination: seat 2 is to bid again."""


def passed_before(hand: Hand) -> bool:
    """The seat to bid passed at its last call in this auction."""
    calls = [a for s, a in hand.history if s == hand.to_act]
    return bool(calls) and calls[-1].bid is None


class TestBots:
    @pytest.mark.parametrize("level, table", [(level, ON) for level in LEVELS] + [
        (level, f"{table},bid_after_pass=on") for level in ("easy", "normal")
        for table in ("cutthroat", "six-handed")])
    def test_every_level_plays_legal_hands_and_finishes_a_game(self, level: str, table: str) -> None:
        """100 hands for easy and normal at four players, 40 at three and six; the expert,
        slow to solve each card, plays 12 at four."""
        rules = Rules.parse(table)
        bots = [make_bot(level, SplitMix64(s), Budget(samples=2, nodes=2048)) for s in range(rules.players)]
        count = 12 if level == "expert" else 100 if table == ON else 40
        hands = games = asked_again = 0
        seed = 0
        while hands < count:
            match = Match(rules, DealCode(seed, 0))
            seed += 1
            while not match.is_over and hands < count:
                hand = match.hand
                while not hand.is_over:
                    seat = hand.to_act
                    if hands < 5:
                        for other in range(rules.players):
                            check(hand, other)
                    asked_again += hand.phase == Phase.AUCTION and passed_before(hand)
                    action = bots[seat].act(observe(hand, seat))
                    assert action in hand.legal_actions()
                    match.apply(action, seat)
                hands += 1
                if not match.is_over:
                    match.next_hand()
            games += match.is_over
        assert asked_again > 0
        assert games >= 1 or level == "expert"

    def test_normal_comes_back_saying_why(self) -> None:
        """Over 300 auctions of normal bots, seats that passed are asked again; those that
        come back say which change brought them back."""
        rules = Rules.parse(ON)
        bots = [make_bot("normal", SplitMix64(s)) for s in range(4)]
        back = 0
        for seed in range(300):
            hand = Hand.new(rules, seed, seed % 4)
            while hand.phase == Phase.AUCTION:
                again = passed_before(hand)
                decision = bots[hand.to_act].decide(observe(hand, hand.to_act))
                if again and decision.action.bid is not None:
                    back += 1
                    assert "back in the bidding after " in decision.reason
                else:
                    assert "back in the bidding" not in decision.reason
                hand.apply(decision.action)
        assert back > 0

    def test_a_hint_for_a_seat_back_in_the_bidding_is_legal(self) -> None:
        rules = Rules.parse(ON)
        hand = run(Hand.new(rules, 1, 0), *REOPENED)
        obs = observe(hand, 2)
        decision = hint(obs)
        assert decision.action in hand.legal_actions() and decision.reason


class TestRecords:
    def test_ptn_says_it_as_bid_after_pass_if_bid_changed(self) -> None:
        text = SAMPLE.replace('\\"noWatching\\":true', '\\"bidAfterPass\\":2')
        assert replay(text).rules.bid_after_pass
        assert not replay(SAMPLE).rules.bid_after_pass

    def test_a_game_with_a_seat_back_after_passing_round_trips_in_ptn(self) -> None:
        match = Match(Rules.parse(ON), DealCode(1, 0))
        run(match.hand, "7S", "pass", "7H", "pass", "pass", "8S", "pass", "pass", "pass")
        assert match.hand.declarer == 2
        rng = SplitMix64(1)
        while not match.hand.is_over:
            match.apply(random_action(match.hand, rng))
        text = dumps(match)
        assert '\\"bidAfterPass\\":2' in text and "7♠ Pass 7♥ Pass\nPass 8♠ Pass Pass\nPass\n" in text
        again = replay(text)
        assert again.rules == match.rules and again.hand.history == match.hand.history


class TestTheGame:
    def test_the_rules_help_says_the_rule_and_the_choices_made(self) -> None:
        def words(rules: str) -> str:
            return " ".join(p for section in rules_help(Rules.parse(rules)) for p in section.paragraphs)

        on = words(ON)
        assert "Bidding after a pass: once you pass you are out until someone changes the denomination" in on
        assert "the first bid changes nothing" in on and "over no trumps it is not (our choice" in on
        assert "you are out of the bidding for that hand" in words("standard")
        assert "A raise in another denomination brings back everyone who passed" in words(
            ON + ",raise_own_bid=on")
        assert rules_words(Rules.parse(ON)).endswith("changed: bid after a pass on")

    def test_the_start_screen_offers_it_with_the_auction_rules(self) -> None:
        form = StartForm()
        auction = next(g for g in form.view().groups if g.name == "Auction")
        assert "bid_after_pass" in [o.name for o in auction.options]
        form.set("rule:bid_after_pass", "on")
        assert form.rules == Rules.parse(ON)
        form.set("table", "american")  # one round: not offered
        assert all(o.name != "bid_after_pass" for g in form.view().groups for o in g.options)

    def test_a_link_carries_it_and_an_old_link_reads_as_off(self) -> None:
        rules = Rules.parse(ON)
        code = DealCode(1, 0)
        hand = run(Hand(rules, deal_cards(rules, code), 0), *REOPENED, "8S", "pass", "pass", "pass")
        finish_hand(hand, SplitMix64(1))
        link = decode(replay_link(hand, code, seat=0))
        assert link is not None and link.rules == ON
        assert link.actions == tuple(str(a) for _, a in hand.history)
        old = decode("?v=1&r=standard&d=1-3-25&s=0&c=6S&b=0&t=4&p=-40&k=wUYO5Q")
        assert old is not None and not Rules.parse(old.rules).bid_after_pass

    def test_a_save_resumes_with_the_passed_seat_back(self) -> None:
        match = Match(Rules.parse(ON), DealCode(1, 0))
        run(match.hand, *REOPENED)
        storage = FakeStorage()
        assert Saves(storage, clock=clock).save(ID, settings_for(match), match)
        loaded = Saves(storage, clock=clock).load(ID)
        assert isinstance(loaded, SavedGame) and state(loaded.match) == state(match)
        assert loaded.match.rules.bid_after_pass and loaded.match.hand.to_act == 2

    def test_the_prompt_tells_a_player_back_in_the_bidding_why(self) -> None:
        session = Session(default_settings(ON), DealCode(1, 3))  # South (seat 0) speaks first
        hand = session.match.hand
        assert table_view(session).prompt.text == "Your bid."
        run(hand, "pass", "7S", "pass", "8S")
        assert hand.to_act == 1  # South skipped: 8S over 7S is no change
        run(hand, "9H", "pass", "pass")  # West changes it: North, East and South back
        assert hand.to_act == 0
        assert table_view(session).prompt.text == ("Your bid. You passed, but the denomination has "
                                                   "changed since: you may bid again.")
