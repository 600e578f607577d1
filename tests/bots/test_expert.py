"""The expert bot: whole hands on every table, plain-words reasons, and the
classic blunders it must not make."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64, derive_seed
from engine.rules import PRESETS, Rules
from tests.conftest import make_hand, run, start

from bots.expert import ExpertBot
from bots.sampled_play import Budget, Scores
from bots.protocol import Decision
from bots.registry import make_bot

# Every card of the 43-card deck, dealt for the blunder positions below.
TRUMP_DEAL = ["5S 6S 7S JH JD AH KH QH 10H 9H",
              "JK 4D 5D 6D 7D 8D 9D 10D 5C 6C",
              "8S 9S 10S 7C 8C 9C 10C JC QC KC",
              "AS KS QS JS AC AD KD QD 8H 7H"]
TRUMP_KITTY = "6H 5H 4H"
MISERE_DEAL = ["5S 6S 7S 4D 5D 6D 4H 5H 6H 5C",
               "JK 8D 9D 10D JD 7C 8C 9C 10C JC",
               "8S 9S 10S JS QS KS AS QD KD AD",
               "AC KC QC 6C 7D 7H 8H 9H 10H JH"]
MISERE_KITTY = "QH KH AH"


QUICK = Budget(samples=2, nodes=4096)
"""A budget that keeps whole hands quick."""


def expert(seed: int = 1, budget: Budget | None = None) -> ExpertBot:
    return ExpertBot(SplitMix64(seed), budget)


def decide(hand: Hand, bot: ExpertBot | None = None) -> Decision:
    seat = hand.to_act
    return (bot or expert()).decide(observe(hand, seat))


@pytest.mark.parametrize("table", [*PRESETS, "two-handed,misere=on"])
def test_expert_plays_whole_hands_on_every_table(table: str) -> None:
    rules = Rules.parse(table)
    bots = [expert(seat, QUICK) for seat in range(rules.players)]
    for i in range(3):
        hand = Hand.new(rules, derive_seed(5, i), i % rules.players)
        while not hand.is_over:
            seat = hand.to_act
            decision = bots[seat].decide(observe(hand, seat))
            assert decision.reason
            hand.apply(decision.action, seat)
        assert hand.result is not None


def test_expert_gives_its_reason_in_plain_words() -> None:
    hand = run(start("standard", TRUMP_DEAL, TRUMP_KITTY, "6H"), "5S")
    decision = decide(hand)
    assert "sampled deals" in decision.reason
    assert decision.action in hand.legal_actions()


def test_expert_does_not_trump_with_the_joker_second_in_hand() -> None:
    # Partner holds the top spades: ruffing with the joker wastes it.
    hand = run(start("standard", TRUMP_DEAL, TRUMP_KITTY, "6H"), "5S")
    for seed in range(2):
        assert str(decide(hand, expert(seed)).action) != "JK"


def test_expert_does_not_waste_the_joker_against_a_misere() -> None:
    hand = start("standard", MISERE_DEAL, MISERE_KITTY, "MIS", auction=["bid 7S"])
    run(hand, "5S")
    for seed in range(2):
        assert str(decide(hand, expert(seed)).action) != "JK"


def test_expert_takes_a_sure_contract_line() -> None:
    # The declarer's trumps are solid: drawing them makes every sampled deal.
    hand = start("standard", TRUMP_DEAL, TRUMP_KITTY, "6H")
    decision = decide(hand)
    assert "makes the contract in" in decision.reason


def test_expert_bids_like_the_normal_bot() -> None:
    hand = Hand.new(PRESETS["standard"], derive_seed(9, 0))
    obs = observe(hand, hand.to_act)
    bot = expert()
    assert bot.decide(obs).action == bot.normal.decide(obs).action


def test_scores_of_a_passed_out_hand_count_the_seats_own_side() -> None:
    hand = make_hand("standard,all_pass=no-trumps", TRUMP_DEAL, TRUMP_KITTY)
    run(hand, "pass", "pass", "pass", "pass")
    assert hand.contract is None
    for seat in range(4):
        scores = Scores(hand, seat)
        assert sorted(scores.counted) == [seat % 2, seat % 2 + 2]
        # six tricks of ten are worth 60 - 40 to the side that takes them
        assert scores.utility(6) == 20.0
        assert scores.good(6) and not scores.good(4)


def test_scores_of_a_contract_are_the_bidders_less_the_defenders() -> None:
    hand = start("standard", TRUMP_DEAL, TRUMP_KITTY, "6H")
    declarer, defender = Scores(hand, 0), Scores(hand, 1)
    assert sorted(declarer.counted) == sorted(defender.counted) == [0, 2]
    # six hearts made with seven tricks: 100 to the bidders, 30 to the defenders
    assert declarer.utility(7) == 70.0 == -defender.utility(7)
    assert declarer.made(6) and not declarer.made(5)
    assert defender.good(5) and not defender.good(6)


def _third_trick(seed: int) -> Hand:
    """A hand bid and played by normal bots to the lead of its third trick."""
    hand = Hand.new(PRESETS["standard"], derive_seed(seed, 0))
    bots = [make_bot("normal", SplitMix64(s)) for s in range(4)]
    while not hand.is_over and (hand.phase != Phase.PLAY or len(hand.tricks) < 2
                                or hand.trick_cards):
        hand.apply(bots[hand.to_act].act(observe(hand, hand.to_act)), hand.to_act)
    return hand


def test_expert_plays_the_same_card_for_a_seed_and_budget_whatever_the_load() -> None:
    hand = next(h for h in map(_third_trick, range(20)) if not h.is_over)
    budget = Budget(samples=30, nodes=20_000, cap=60.0)  # a cap never reached here
    first = decide(hand, expert(3, budget))
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        again = decide(hand, expert(3, budget))
    finally:
        busy.kill()
        busy.wait()
    assert again == first  # the card and the reason, which counts the deals solved
    fewer = decide(hand, expert(3, Budget(samples=3, nodes=20_000, cap=60.0)))
    assert "of 3 sampled deals" in fewer.reason and fewer.reason != first.reason


def _at_the_kitty(seed: int) -> Hand:
    """A deal bid by normal bots up to the declarer's first discard."""
    rules = PRESETS["standard"]
    for i in range(50):
        hand = Hand.new(rules, derive_seed(seed, i), i % 4)
        bot = make_bot("normal", SplitMix64(i))
        while hand.phase == Phase.AUCTION and not hand.is_over:
            hand.push(bot.act(observe(hand, hand.to_act)))
        if hand.phase == Phase.DISCARD and hand.contract is not None \
                and not hand.contract.is_misere:
            return hand
    raise AssertionError("no trick contract in 50 deals")


def test_expert_puts_back_the_same_kitty_for_a_seed_and_budget() -> None:
    hand = _at_the_kitty(4)
    budget = Budget(samples=4, nodes=4096, kitty=15, cap=60.0)
    first = [decide(hand, expert(3, budget)) for _ in range(2)]
    assert first[0] == first[1]
    assert first[0].action in hand.legal_actions()
