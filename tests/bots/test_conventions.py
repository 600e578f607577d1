"""Convention cards: what calls show by their makers' cards, the bots bidding by
their side's card and reading every call by its maker's, in the sampler too."""

from __future__ import annotations

import pytest

from engine.actions import PASS, Action, make_bid
from engine.bids import Bid
from engine.cards import Card
from engine.errors import RulesError
from engine.hand import Hand
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import Convention, Rules
from tests.bots.test_bots import _permute_hidden, _public
from tests.bots.test_sampling import check_sample, positions, public

from bots import conventions
from bots.bidding import choose_bid, natural_bid
from bots.normal import NormalBot
from bots.sampling import Sampler

JOKER_6NT = "standard,convention=joker-6nt,their_convention=joker-6nt"
ACE_SHOWING = "standard,convention=ace-showing,their_convention=ace-showing,raise_own_bid=on"


def position(rules: str, hands: str, kitty: str, calls: str) -> Hand:
    """A hand dealt by seat 0 (seat 1 speaks first) after ``calls``."""
    return Hand.from_position(f"{rules}|0|{hands}|{kitty}||{calls}")


def call(text: str) -> Action:
    return make_bid(Bid.parse(text))


# seat 1: the joker and black tops, a hand to open; seat 3: both red bowers and little else
JOKER_DEAL = ("5S 6S 7S 5C 6C QC AD KD QD AH/JK AS KS QS AC KC 7C 4D 5D 6D/"
              "JS 10S JC 10C 9D 10D 6H 7H 8H 9H/JH JD 4H 5H 8S 9S 8C 9C 7D 8D")
JOKER_KITTY = "QH KH 10H"


def test_old_rules_read_as_natural_and_cards_need_partners() -> None:
    assert Rules.parse("standard").convention_of(1) == Convention.NATURAL
    r = Rules.parse(JOKER_6NT)
    assert Rules.parse(str(r)) == r and r.convention_of(0) == Convention.JOKER_6NT
    with pytest.raises(RulesError):
        Rules.parse("cutthroat,convention=ace-showing")


def test_joker_6nt_opener_with_the_joker_opens_six_no_trumps() -> None:
    hand = position(JOKER_6NT, JOKER_DEAL, JOKER_KITTY, "")
    decision = choose_bid(observe(hand, 1))
    assert decision.action == call("6NT")
    assert "Joker 6NT" in decision.reason
    # the joker among low cards, no hand to open a trick bid: natural bidding's call (an open
    # misere), not six no trumps
    weak = position(JOKER_6NT, "AS KS QS AC KC QC AD KD QD AH/JK 5S 6S 7S 5C 6C 7C 4D 5D 6D/"
                    + JOKER_DEAL.split("/", 2)[2], JOKER_KITTY, "")
    assert choose_bid(observe(weak, 1)).action == natural_bid(observe(weak, 1)).action == make_bid(
        Bid.parse("OPEN-MIS"))


def test_joker_6nt_responder_with_both_red_bowers_names_hearts() -> None:
    hand = position(JOKER_6NT, JOKER_DEAL, JOKER_KITTY, "bid 6NT,pass")
    assert hand.to_act == 3
    # no pass, no 7NT: hearts, a level higher for the trick more the joker and bowers count
    answer = choose_bid(observe(hand, 3))
    assert answer.action == call("8H") and "a trick more" in answer.reason
    # once an opponent has come in, the cheapest hearts: no jump over an overcall
    contested = position(JOKER_6NT, JOKER_DEAL, JOKER_KITTY, "bid 6NT,bid 7S")
    assert choose_bid(observe(contested, 3)).action == call("7H")


def test_joker_6nt_opener_places_the_contract_after_the_answer() -> None:
    # the opener has no heart: partner's eight hearts stands (no nine, no suit of its own)
    hand = position(JOKER_6NT, JOKER_DEAL, JOKER_KITTY, "bid 6NT,pass,bid 8H,pass")
    assert hand.to_act == 1
    assert choose_bid(observe(hand, 1)).action == PASS
    # with its hearts in partner's hand, the same opener raises a seven hearts answer by one
    raised = position(JOKER_6NT, "5S 6S 7S 5C 6C QC AD KD QD 9H/JK AH KH QH 10H AS KS AC KC 5D/"
                      "10S JS QS 7C 10C JC 4D 6D 9D 10D/JH JD 4H 5H 8S 9S 8C 9C 7D 8D", "6H 7H 8H",
                      "bid 6NT,pass,bid 7H,pass")
    assert choose_bid(observe(raised, 1)).action == call("8H")


def test_joker_6nt_opening_at_eight_is_natural() -> None:
    rules = Rules.parse(JOKER_6NT)
    assert conventions.shows(rules, [], 1, call("8H")) is None
    assert conventions.shows(rules, [], 1, call("7H")) is not None  # denies the joker


def test_joker_6nt_opening_puts_the_joker_with_the_opener_in_every_sample() -> None:
    hand = position(JOKER_6NT, JOKER_DEAL, JOKER_KITTY, "bid 6NT,pass")
    obs = observe(hand, 3)
    sampler = Sampler(obs)
    for s in range(30):
        sample = sampler.sample(SplitMix64(s))
        check_sample(sample, obs)
        assert Card.parse("JK") in sample.deal.hands[1]
    natural = Sampler(observe(position("standard", JOKER_DEAL, JOKER_KITTY, "bid 6NT,pass"), 3))
    assert any(Card.parse("JK") not in natural.sample(SplitMix64(s), infer=False).deal.hands[1]
               for s in range(30))


# seat 1: AC without AS (opens 6C); seat 3 partner; seat 0 holds neither
ACE_DEAL = ("KS QS JS KC QC JC KD QD JD KH/AC 5S 6S 7S 5C 6C 7C 4D 5D 6D/"
            "AS 8S 9S 10S 8C 9C 10C 7D 8D 9D/JH 4H 5H 6H 7H 10D AD 8H 9H AH")
ACE_KITTY = "QH JK 10H"


def test_ace_showing_6c_opening_gives_partner_the_ace_of_clubs_not_of_spades() -> None:
    hand = position(ACE_SHOWING, ACE_DEAL, ACE_KITTY, "bid 6C,pass")
    obs = observe(hand, 3)
    assert conventions.meaning(obs.rules, obs.history[:0], 1, call("6C")) == (
        "6\u2663: the ace of clubs, not the ace of spades")
    sampler = Sampler(obs)
    for s in range(40):
        sample = sampler.sample(SplitMix64(s))
        check_sample(sample, obs)
        assert Card.parse("AC") in sample.deal.hands[1]
        assert Card.parse("AS") not in sample.deal.hands[1]


def test_ace_showing_responder_shows_its_first_ace_and_the_reply_is_read() -> None:
    hand = position(ACE_SHOWING, ACE_DEAL, ACE_KITTY, "bid 6C,pass")
    decision = choose_bid(observe(hand, 3))
    assert decision.action == call("6D")  # the ace of diamonds: no joker, no ace of spades
    obs = observe(hand, 3)
    shown = conventions.shows(obs.rules, obs.history, 3, call("6D"))
    assert shown is not None and shown.artificial
    assert shown.words == "the ace of diamonds, not the joker, not the ace of spades"


def test_a_call_that_breaks_the_card_is_read_as_natural() -> None:
    # a person at seat 1 opened 6C under Ace-showing, but partner holds the ace of clubs
    deal = ("KS QS JS KC QC JC KD QD JD KH/5S 6S 7S 5C 6C 7C 4D 5D 6D 10D/"
            "AS 8S 9S 10S 8C 9C 10C 7D 8D 9D/JH 4H 5H 6H 7H AC AD 8H 9H AH")
    hand = position(ACE_SHOWING, deal, ACE_KITTY, "bid 6C,pass")
    obs = observe(hand, 3)
    sampler = Sampler(obs)
    assert sampler.allowed == sampler.natural
    held = [Card.parse("AS") in sampler.sample(SplitMix64(s), infer=False).deal.hands[1]
            for s in range(40)]
    assert any(held)  # the denied ace of spades is not kept away
    # and a call the card does not define reads as natural
    assert conventions.shows(obs.rules, (), 1, call("8H")) is None
    assert conventions.meaning(obs.rules, (), 1, call("8H")) is None


@pytest.mark.parametrize("table", [JOKER_6NT, ACE_SHOWING,
                                   "six-handed,convention=ace-showing,their_convention=joker-6nt"])
def test_samples_under_cards_stay_consistent_whatever_was_called(table: str) -> None:
    # random calls break the cards at will: nothing crashes, every sample fits what was seen
    rules = Rules.parse(table)
    for hand in positions(rules, 5, 20):
        obs = observe(hand, hand.to_act)
        sampler = Sampler(obs)
        for k in range(2):
            check_sample(sampler.sample(SplitMix64(k)), obs)


@pytest.mark.parametrize("table", [JOKER_6NT, ACE_SHOWING])
def test_samples_under_cards_depend_on_the_observation_only(table: str) -> None:
    rules = Rules.parse(table)
    for hand in positions(rules, 7, 10):
        seat = hand.to_act
        obs = observe(hand, seat)
        twin = observe(Sampler(obs).sample(SplitMix64(123)), seat)
        assert public(twin) == public(obs)
        a = [Sampler(obs).sample(SplitMix64(s)).deal for s in range(3)]
        b = [Sampler(twin).sample(SplitMix64(s)).deal for s in range(3)]
        assert a == b


@pytest.mark.parametrize("table", [JOKER_6NT, ACE_SHOWING])
def test_card_bidders_decide_the_same_when_hidden_cards_move(table: str) -> None:
    # no peeking: the normal bot's every decision under a card, with the unseen cards dealt anew
    rules = Rules.parse(table)
    rng = SplitMix64(5)
    for seed in range(2):
        hand = Hand.new(rules, seed, seed % rules.players)
        while not hand.is_over:
            seat = hand.to_act
            obs = observe(hand, seat)
            twin = observe(_permute_hidden(hand, seat, rng), seat)
            assert _public(twin) == _public(obs)
            assert (NormalBot(SplitMix64(seed), endgame_left=0).decide(twin)
                    == NormalBot(SplitMix64(seed), endgame_left=0).decide(obs))
            hand.apply(NormalBot(SplitMix64(seed)).act(obs), seat)


def test_joker_6nt_responder_with_nothing_passes_rather_than_answer_at_seven() -> None:
    # no bower, no top card: even with partner's joker the side counts short of seven
    deal = ("5S 6S 7S 5C 6C QC AD KD QD AH/JK AS KS QS AC KC 7C 4D 5D 6D/"
            "JS JC 8H 9H JH JD 4H 5H 7D 8D/6H 7H 8S 9S 10S 8C 9C 10C 9D 10D")
    hand = position(JOKER_6NT, deal, JOKER_KITTY, "bid 6NT,pass")
    assert choose_bid(observe(hand, 3)).action == PASS
