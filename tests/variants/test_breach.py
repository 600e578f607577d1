"""The breach rule: a table rule, off by default.  Before the first lead a defender may
call breach on a seven or more, or a misere; it comes off at the set rule's figure."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots.arena import run_match
from bots.sampled_play import Budget
from bots.registry import LEVELS, make_bot
from engine.actions import BREACH, PASS, Action
from engine.bids import Bid
from engine.breach import with_breach
from engine.deal import DealCode
from engine.errors import RulesError
from engine.hand import Hand, Phase
from engine.match import Match, game_outcome
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import OPTIONS, Rules
from engine.scoring import score_hand
from tests.engine.test_observation import check

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.help import rules_help  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402

BREACH_TABLE = Rules.parse("standard,breach=on")


def _to_breach(hand: Hand, bid: str) -> Hand:
    """Seat 1 (left of dealer 0) bids, the others pass, the kitty goes straight back."""
    hand.apply(f"bid {bid}")
    while hand.phase == Phase.AUCTION:
        hand.apply("pass")
    while hand.phase in (Phase.DISCARD, Phase.JOKER):
        hand.apply(hand.legal_actions()[0] if hand.phase == Phase.DISCARD else "joker none")
    return hand


def _finish(match: Match, seed: int) -> None:
    rng = SplitMix64(seed)
    while not match.hand.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))


def _breached_match(breached: bool, seed: int = 1) -> Match:
    """A match whose first hand seat 2 breached (7S by seat 1), coming off or not."""
    while True:
        match = Match(BREACH_TABLE, DealCode(seed, 0))
        _to_breach(match.hand, "7S")
        match.apply("breach")
        _finish(match, seed)
        if (match.sheet[-1].result.breach_points > 0) is breached:
            return match
        seed += 1


class TestCall:
    def test_off_by_default_and_not_with_the_set_rule(self) -> None:
        assert _to_breach(Hand.new(Rules(), 1), "7S").phase == Phase.PLAY
        with pytest.raises(RulesError, match="breach and the set rule are not played together"):
            Rules.parse("standard,breach=on,set_rule=on")
        with pytest.raises(RulesError, match="would show who the secret partner is"):
            Rules.parse("five-handed,breach=on")
        assert (str(BREACH), Action.parse("breach"), BREACH.name) == ("breach", BREACH, "call breach")

    def test_each_defender_in_turn_from_the_declarers_left_before_the_first_lead(self) -> None:
        hand = _to_breach(Hand.new(BREACH_TABLE, 1), "7S")
        assert hand.phase == Phase.BREACH and hand.to_act == 2
        assert hand.legal_actions() == [BREACH, PASS]
        hand.apply("pass")
        assert hand.to_act == 0 and observe(hand, 0).legal_actions == (BREACH, PASS)
        hand.apply("pass")
        assert hand.phase == Phase.PLAY  # type: ignore[comparison-overlap]  # mypy keeps the narrowing above
        assert hand.to_act == 1 and hand.breacher == -1

    def test_the_first_call_ends_the_asking(self) -> None:
        hand = _to_breach(Hand.new(BREACH_TABLE, 1), "8H")
        hand.apply("breach")
        assert hand.phase == Phase.PLAY and hand.breacher == 2 and observe(hand, 3).breacher == 2

    @pytest.mark.parametrize(("bid", "asked"), [("6NT", False), ("7S", True), ("10NT", True),
                                                ("OPEN-MIS", True)])
    def test_only_a_seven_or_more_or_a_misere_may_be_breached(self, bid: str, asked: bool) -> None:
        assert (_to_breach(Hand.new(BREACH_TABLE, 1), bid).phase == Phase.BREACH) is asked

    def test_hi_lo_is_not_breached(self) -> None:
        rules = Rules.parse("standard,breach=on,hi_lo=on")
        assert _to_breach(Hand.new(rules, 1), "HI-LO").phase == Phase.PLAY


class TestScoring:
    @pytest.mark.parametrize(("bid", "took", "bidders", "breachers"), [
        ("7H", 7, 200, -200 + 30),   # win/lose
        ("7H", 6, -200, -200 + 40),  # lose/lose
        ("7H", 5, -200, 200 + 50),   # lose/win: five defenders' tricks against a seven
        ("10NT", 8, -520, 520 + 20),  # two against a ten
        ("MIS", 3, -250, 250),       # a misere bidder's three tricks
        ("MIS", 0, 250, -250)])
    def test_the_breach_is_worth_the_contracts_value(self, bid: str, took: int, bidders: int,
                                                      breachers: int) -> None:
        b = Bid.parse(bid)
        tricks = (took, 0, 0, 10 - took) if not b.is_misere else (took, 10 - took, 0, 0)
        result = with_breach(BREACH_TABLE, score_hand(BREACH_TABLE, b, 0, (0, 2), tricks), 1)
        assert result.points == (bidders, breachers)
        assert result.barred == (0 if result.breach_points > 0 else 1)
        words = "; breached: the breaching side scores" if result.breach_points > 0 else \
            "; not breached: the breaching side loses"
        assert words in result.describe(BREACH_TABLE)

    def test_a_breach_never_takes_a_side_out(self) -> None:
        b = Bid.parse("7H")
        american = Rules.parse("standard,breach=on,defenders_win=on")  # tricks can win
        won = with_breach(american, score_hand(american, b, 0, (0, 2), (5, 0, 0, 5)), 1)
        assert game_outcome(american, (100, 300 + 250), won) is None  # 200 of 250 from the breach
        outcome = game_outcome(american, (100, 500 + 250), won)  # out on its tricks alone
        assert outcome is not None and outcome.winner == 1
        lost = with_breach(BREACH_TABLE, score_hand(BREACH_TABLE, b, 0, (0, 2), (7, 0, 0, 3)), 1)
        assert game_outcome(BREACH_TABLE, (200, -450 - 170), lost) is None


class TestNextHand:
    @pytest.mark.parametrize(("breached", "barred"), [(True, 1), (False, 2)])
    def test_the_loser_of_a_breach_may_only_pass_next_hand(self, breached: bool, barred: int) -> None:
        match = _breached_match(breached)
        hand = match.next_hand()
        assert hand.barred == barred
        while hand.to_act != barred:
            hand.apply("pass")
        assert hand.legal_actions() == [PASS]
        assert "you lost a breach last hand" in hand.why_illegal(Action.parse("bid 7S", auction=True))

    def test_the_position_text_says_who_lost_the_breach(self) -> None:
        hand = _breached_match(True).next_hand()
        hand.apply("pass")
        text = hand.position()
        assert text.split("|")[1] == "1 barred 1" and Hand.from_position(text).barred == 1


class TestBots:
    @pytest.mark.slow
    @pytest.mark.parametrize("level", LEVELS)
    def test_every_level_plays_hands_legally_and_finishes_a_game(self, level: str) -> None:
        """200 hands for easy and normal; the expert, slow to solve each card, plays 24 here
        (200 take about a quarter of an hour on a loaded machine)."""
        bots = [make_bot(level, SplitMix64(s), Budget(samples=2, nodes=2048)) for s in range(4)]
        count = 24 if level == "expert" else 200
        hands = games = breaches = 0
        seed = 0
        while hands < count:
            match = Match(BREACH_TABLE, DealCode(seed, 0))
            seed += 1
            while not match.is_over and hands < count:
                hand = match.hand
                while not hand.is_over:
                    seat = hand.to_act
                    if hands < 10:
                        for other in range(4):
                            check(hand, other)
                    action = bots[seat].act(observe(hand, seat))
                    assert action in hand.legal_actions()
                    breaches += action == BREACH
                    match.apply(action, seat)
                hands += 1
                if not match.is_over:
                    match.next_hand()
            games += match.is_over
        assert games >= 1
        if level != "expert":  # the expert calls as the normal bot does, on fewer hands here
            assert (breaches > 0) is (level == "normal")

    def test_normal_breaches_on_its_own_sure_tricks(self) -> None:
        bot = make_bot("normal", SplitMix64(1))
        for seed in range(40):
            hand = _to_breach(Hand.new(BREACH_TABLE, seed), "7S")
            obs = observe(hand, 2)
            decision = bot.decide(obs)
            assert (decision.action == BREACH) is decision.reason.startswith("breach: you hold")
            sure = int(decision.reason.split(" ")[3 if decision.action == BREACH else 3])
            assert (sure >= 5) is (decision.action == BREACH)


def test_the_arena_refuses_the_frozen_yardstick_a_breach_table() -> None:
    with pytest.raises(ValueError, match="the yardstick bot is frozen and does not play breach"):
        run_match("normal", "yardstick", BREACH_TABLE, 1, 1)


def test_the_rules_help_says_the_rule_and_the_choices_made() -> None:
    words = " ".join(p for section in rules_help(BREACH_TABLE) for p in section.paragraphs)
    assert "The breach call is worth the contract's value (our choice)" in words
    assert "A breach's points never win or lose the game on that hand" in words
    assert "Hi-lo cannot be breached, and breach is not played with the set rule" in words
    option = next(f for f in OPTIONS if f.name == "breach")
    assert option.metadata["label"] == "Breach" and "Before the first lead" in option.metadata["help"]


def test_the_table_shows_the_breach_round_after_the_auction_and_asks_the_player() -> None:
    session = Session(default_settings(str(BREACH_TABLE)), DealCode(1, 0))
    match = session.match
    _to_breach(match.hand, "7S")
    match.apply("pass")  # North does not breach: South is asked
    view = table_view(session)
    assert [(c.seat, c.text) for c in view.auction][-2:] == [("South", "Pass"), ("North", "No breach")]
    assert view.prompt.text.startswith("Breach seven spades? If the defenders take 5 tricks, your side "
                                       "scores 140")
    match.apply("breach")
    assert [c.text for c in table_view(session).auction][-1] == "Breach"
