"""Hi-lo (five and five, Even Stevens): a table rule, off by default.  The bidder
promises exactly five tricks won and five lost, worth 350, ranking between nine
clubs and nine diamonds; played as no trumps with the bidder's partners sitting out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots import hi_lo
from bots.arena import run_match
from bots.evaluation import JOKERS, expected_tricks
from bots.sampled_play import Budget, _hi_lo_values
from bots.solver import Solver
from bots.knowledge import Knowledge
from bots.protocol import Bot
from bots.registry import LEVELS, make_bot
from engine.actions import Action
from engine.bids import HI_LO, NO_TRUMPS, Bid
from engine.cards import NO_SUIT, mask_of
from engine.deal import DealCode
from engine.errors import IllegalActionError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import OPTIONS, PRESETS, Rules
from engine.scoring import score_hand
from tests.playout import bots_play_match
from tests.engine.test_observation import check
from tests.bots.test_solver import exactly

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.help import rules_help  # noqa: E402

HI_LO_TABLE = Rules.parse("standard,hi_lo=on")


def _hi_lo_hand(rules: Rules = HI_LO_TABLE, seed: int = 1) -> Hand:
    """A hand whose first speaker (seat 1) bids hi-lo and everyone else passes."""
    hand = Hand.new(rules, seed, dealer=0)
    hand.apply("bid HI-LO")
    while hand.phase == Phase.AUCTION:
        hand.apply("pass")
    return hand


def _play_out(hand: Hand, bots: list[Bot], check_obs: bool = False) -> None:
    """Bots play the hand out, each action checked legal (and, if asked, every seat's
    observation checked to show nothing hidden, as tests/engine/test_observation.py does)."""
    while not hand.is_over:
        seat = hand.to_act
        obs = observe(hand, seat)
        for other in range(hand.players) if check_obs else ():
            check(hand, other)
        action = bots[seat].act(obs)
        assert action in hand.legal_actions()
        hand.apply(action, seat)


class TestBid:
    def test_off_by_default_and_named_by_its_option(self) -> None:
        assert HI_LO not in Rules().biddable and HI_LO in HI_LO_TABLE.biddable
        assert str(HI_LO_TABLE) == "standard,hi_lo=on"
        assert (Bid.parse("hi-lo"), str(HI_LO), HI_LO.name) == (HI_LO, "HI-LO", "hi-lo")
        assert Action.parse("bid HI-LO").bid == HI_LO
        with pytest.raises(IllegalActionError, match="not legal"):
            Hand.new(Rules(), 1).apply("bid HI-LO")

    @pytest.mark.parametrize("table", ["standard", "standard,misere_rank=8S-8C"])
    def test_it_outbids_nine_clubs_not_nine_diamonds(self, table: str) -> None:
        rules = Rules.parse(table + ",hi_lo=on")
        order = [str(b) for b in rules.biddable]
        assert order[order.index("HI-LO") - 1:order.index("HI-LO") + 2] == ["9C", "HI-LO", "9D"]
        hand = Hand.new(rules, 1)
        hand.apply("bid 9C")
        assert "bid HI-LO" in [str(a) for a in hand.legal_actions()]
        hand.apply("bid 9D")
        assert "bid HI-LO" not in [str(a) for a in hand.legal_actions()]

    @pytest.mark.parametrize("scoring", ["avondale", "original", "perfect"])
    def test_worth_350_in_every_scoring_table(self, scoring: str) -> None:
        # the reference's Perfect table lists Hi/Lo 350; the others name no value: ours
        assert Rules.parse(f"standard,hi_lo=on,scoring={scoring}").bid_value(HI_LO) == 350


class TestScoring:
    @pytest.mark.parametrize(("took", "made", "points"), [
        (5, True, (350, 50)), (4, False, (-350, 60)), (6, False, (-350, 40)),
        (0, False, (-350, 100)), (10, False, (-350, 0))])
    def test_exactly_five_makes_it_and_defenders_score_10_a_trick(
            self, took: int, made: bool, points: tuple[int, int]) -> None:
        result = score_hand(HI_LO_TABLE, HI_LO, 1, (1, 3), (0, took, 10 - took, 0))
        assert (result.made, result.points[::-1], result.slam) == (made, points, False)
        assert result.describe(HI_LO_TABLE).startswith(f"Hi-lo: the bidders took {took} trick")

    @pytest.mark.parametrize(("took", "is_set"), [(3, True), (4, False), (6, False), (7, True)])
    def test_the_set_rule_sets_a_hi_lo_two_tricks_off_either_way(self, took: int,
                                                                   is_set: bool) -> None:
        rules = Rules.parse("standard,hi_lo=on,set_rule=on")
        assert score_hand(rules, HI_LO, 1, (1, 3), (0, took, 10 - took, 0)).declarer_set is is_set


class TestPlay:
    def test_partner_folds_and_the_joker_is_the_only_trump(self) -> None:
        hand = _hi_lo_hand()
        while hand.phase == Phase.DISCARD:
            hand.apply(hand.legal_actions()[0])
        if hand.phase == Phase.JOKER:
            hand.apply("joker none")
        assert hand.active == (True, True, True, False)
        assert hand.order.trump == NO_SUIT and hand.turn == 1
        assert hand.sides.seats == (1, 3) and hand.sides.positions == (1,)
        rng = SplitMix64(2)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert all(len(t.cards) == 3 for t in hand.tricks)
        assert hand.result is not None and hand.result.made is (hand.won[1] == 5)

    @pytest.mark.parametrize(("table", "active"), [
        ("five-handed,hi_lo=on", (True,) * 5), ("six-handed,hi_lo=on", (True, True, True, False, True, False)),
        ("two-handed,hi_lo=on", (True, True, True, False)), ("cutthroat,hi_lo=on", (True,) * 3)])
    def test_every_table_plays_it_alone_with_no_partner_called(self, table: str,
                                                               active: tuple[bool, ...]) -> None:
        hand = _hi_lo_hand(Rules.parse(table))
        phases = []
        while hand.phase != Phase.PLAY:
            phases.append(hand.phase)
            hand.apply(hand.legal_actions()[-1])
        assert Phase.CALL not in phases and hand.active == active

class TestBots:
    @pytest.mark.slow
    @pytest.mark.parametrize("level", LEVELS)
    def test_every_level_plays_a_hi_lo_legally_seeing_only_its_own(self, level: str) -> None:
        made = 0
        # The expert's hands cost 0.6 s each: 50 of them, and its whole game below.
        for seed in range(50 if level == "expert" else 200):
            bots = [make_bot(level, SplitMix64(seed * 4 + s), Budget(samples=2, nodes=4096))
                    for s in range(4)]
            hand = _hi_lo_hand(seed=seed)
            _play_out(hand, bots, check_obs=seed < 5)
            assert hand.result is not None and hand.result.contract == HI_LO
            made += bool(hand.result.made)
        assert made > 0

    @pytest.mark.slow
    @pytest.mark.parametrize("level", LEVELS)
    def test_every_level_finishes_a_game_at_the_hi_lo_table(self, level: str) -> None:
        match = Match(HI_LO_TABLE, DealCode(7, 0))
        bots = [make_bot(level, SplitMix64(s), Budget(samples=2, nodes=4096)) for s in range(4)]
        bots_play_match(match, bots, max_hands=300)
        assert match.is_over

    def test_the_bidder_plays_to_lose_once_it_has_five(self) -> None:
        for seed in range(60):
            hand = _hi_lo_hand(seed=seed)
            bots = [make_bot("normal", SplitMix64(s)) for s in range(4)]
            while not hand.is_over:
                seat = hand.to_act
                obs = observe(hand, seat)
                if hand.phase == Phase.PLAY:
                    assert Knowledge(obs).misere is (hand.won[1] >= 5)
                hand.apply(bots[seat].act(obs), seat)

    def test_the_expert_judges_each_card_by_exactly_five(self) -> None:
        rng = SplitMix64(5)
        kinds: set[int] = set()
        for seed in range(8):
            hand = _hi_lo_hand(seed=seed)
            while len(hand.tricks) < 7 or hand.phase != Phase.PLAY:
                hand.push(rng.choice(hand.legal_actions()))
            legal = hand.legal_actions()
            values = _hi_lo_values(Solver(hand), legal, 5)
            for a in legal:
                hand.push(a)
                assert (values[a] == 5) == exactly(hand, {1}, 5), (seed, a)
                hand.pop()
            kinds.update(values.values())
        assert kinds == {4, 5}

    def test_normal_bids_it_by_the_measured_chance_of_five(self, monkeypatch: pytest.MonkeyPatch) -> None:
        joker_seven = next(s for s in range(500) if _counts_seven(Hand.new(HI_LO_TABLE, s, dealer=0)))
        bot = make_bot("normal", SplitMix64(1))
        obs = observe(Hand.new(HI_LO_TABLE, joker_seven, dealer=0), 1)
        assert hi_lo.score(HI_LO_TABLE, mask_of(obs.hand)) < 0  # measured: made 30% of the time
        monkeypatch.setitem(hi_lo.CHANCE, 7, 0.95)
        assert bot.act(obs).bid == HI_LO
        no_joker = next(s for s in range(500)
                        if not mask_of(Hand.new(HI_LO_TABLE, s, dealer=0).hand_of(1)) & JOKERS)
        assert bot.act(observe(Hand.new(HI_LO_TABLE, no_joker, dealer=0), 1)).bid != HI_LO


def _counts_seven(hand: Hand) -> bool:
    mine = mask_of(hand.hand_of(1))
    return bool(mine & JOKERS) and round(expected_tricks(PRESETS["standard"], mine, NO_TRUMPS)) == 7


def test_the_arena_refuses_the_frozen_yardstick_a_hi_lo_table() -> None:
    with pytest.raises(ValueError, match="the yardstick bot is frozen and does not play hi_lo"):
        run_match("yardstick", "normal", HI_LO_TABLE, 1, 1)
    assert run_match("normal", "easy", HI_LO_TABLE, 1, 1).plays == 2


@pytest.mark.parametrize(("table", "out"), [
    ("standard,hi_lo=on", "the bidder's partner lays the hand down and sits out"),
    ("six-handed,hi_lo=on", "the bidder's partners lay their hands down and sit out"),
    ("two-handed,hi_lo=on", "the bidder's piles sit out"),
    ("cutthroat,hi_lo=on", "the bidder plays alone against the others")])
def test_the_rules_help_says_the_rule_and_the_choices_made(table: str, out: str) -> None:
    words = " ".join(p for section in rules_help(Rules.parse(table)) for p in section.paragraphs)
    assert "Hi-lo (350 points, in every scoring table: the Perfect table's value)" in words
    assert "ranks above nine clubs and below nine diamonds, wherever misère ranks" in words
    assert "Every table here plays ten tricks a hand, so it is always five won and five lost" in words
    assert out in words
    assert "Hi-lo (" not in " ".join(p for s in rules_help(Rules()) for p in s.paragraphs)
    option = next(f for f in OPTIONS if f.name == "hi_lo")
    assert option.metadata["label"] == "Hi-lo" and "worth 350" in option.metadata["help"]
