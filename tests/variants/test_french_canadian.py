"""The French Canadian game (the encyclopedia's "French Canadian variation", the
overview's lines on it): 46 cards with two jokers, the white above the black,
a kitty of six dealt 3-3-3-3-4, misere 500 and open misere 1000, failed bids
scored to the defenders, a game to 1000; and every bot level plays it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots.expert import ExpertBot
from bots.sampled_play import Budget
from bots.knowledge import Knowledge
from bots.play import words
from bots.registry import LEVELS, make_bot
from bots.solver import Solver, declaring_positions
from engine.bids import MISERE, OPEN_MISERE, Bid
from engine.cards import JOKER, SECOND_JOKER, format_cards
from engine.deal import DealCode, deal_cards
from engine.decks import Deck
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.ptn import dumps, rules_of_options
from engine.ptn import replay as ptn_replay
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules
from engine.scoring import score_hand
from engine.trumps import trump_order
from tests.conftest import run, start
from tests.bots.test_bots import _ignores_hidden_cards
from tests.bots.test_solver import minimax

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.help import rules_help  # noqa: E402
from app.table.view import card_view  # noqa: E402

FC = PRESETS["french-canadian"]
KITTY = "KH QH 10H 9H 8H 5H"


class TestDeckAndDeal:
    def test_52_cards_without_2s_and_3s_and_two_jokers(self) -> None:
        deck = FC.deck
        assert deck is Deck.FRENCH_CANADIAN and len(deck.cards) == 46
        assert {c.rank for c in deck.cards if not c.is_joker} == set(range(2, 16)) - {9, 10, 11}
        assert [c for c in deck.cards if c.is_joker] == [JOKER, SECOND_JOKER]

    def test_ten_each_in_packets_of_3_3_4_with_three_to_the_kitty_between(self) -> None:
        cards = list(FC.deck.cards)
        SplitMix64(7).shuffle(cards)
        d = deal_cards(FC, DealCode(7, dealer=3))
        assert [len(h) for h in d.hands] == [10] * 4 and d.kitty == (*cards[12:15], *cards[27:30])
        assert d.hands[0] == (*cards[:3], *cards[15:18], *cards[30:34])
        assert FC.kitty_size == 6

    def test_the_jokers_are_named_white_and_black(self) -> None:
        assert [FC.deck.card_name(c) for c in (JOKER, SECOND_JOKER)] == ["white joker", "black joker"]
        assert Deck.STANDARD.card_name(JOKER) == "joker" and str(SECOND_JOKER) == "JK2"


class TestCardOrder:
    def test_fourteen_trumps_white_joker_black_joker_then_the_bowers(self) -> None:
        order = trump_order(Deck.FRENCH_CANADIAN, 3)  # hearts
        trumps = sorted((c for c in Deck.FRENCH_CANADIAN.cards if order.suit[c] == 3),
                        key=lambda c: -order.power[c])
        assert format_cards(trumps) == "JK JK2 JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H"

    def test_in_no_trumps_both_jokers_are_suitless_trumps_white_above_black(self) -> None:
        order = trump_order(Deck.FRENCH_CANADIAN, 4)
        assert order.suit[JOKER] == order.suit[SECOND_JOKER] == 4
        assert order.power[JOKER] > order.power[SECOND_JOKER] > max(
            order.power[c] for c in Deck.FRENCH_CANADIAN.cards if not c.is_joker)

    @pytest.mark.parametrize(("led", "second", "winner"), [("JK2:D", "JK", 1), ("JK:D", "JK2", 0)])
    def test_a_led_joker_loses_only_to_the_white_joker(self, led: str, second: str,
                                                       winner: int) -> None:
        held = led.split(":")[0]
        hands = [f"{held} AS AC AH", f"{second} 6S 6C 6H", "AD KD QD JD", "9S 10S 7C 7H"]
        h = start(FC, hands, KITTY, "7NT")
        run(h, "AS", "6S", "JD", "9S", "AC", "6C", "QD", "7C", "AH", "6H", "KD", "7H")
        run(h, led)  # the declarer's last card: a led joker naming diamonds
        assert [str(a) for a in h.legal_actions()] == [second]
        run(h, second, "AD", "10S")
        assert h.tricks[-1].winner == winner

    def test_the_declarer_names_the_jokers_only_holding_both(self) -> None:
        one = start(FC, ["JK 5S 5C", "JK2 6S 7S", "AD KD QD", "9S 10S 6C"], KITTY, "8NT")
        assert one.phase == Phase.PLAY
        both = start(FC, ["JK JK2 5C", "4S 6S 7S", "AD KD QD", "9S 10S 6C"], KITTY, "8NT")
        assert both.phase == Phase.JOKER
        run(both, "joker H")
        assert both.order.suit[JOKER] == both.order.suit[SECOND_JOKER] == 3
        assert both.order.power[JOKER] > both.order.power[SECOND_JOKER]


class TestScoring:
    def test_misere_500_and_open_misere_1000_from_the_overview(self) -> None:
        assert (FC.bid_value(MISERE), FC.bid_value(OPEN_MISERE)) == (500, 1000)
        assert FC.bid_value(Bid.parse("8NT")) == 320 and FC.bid_value(Bid.parse("10NT")) == 520

    def test_petite_misere_beaten_only_from_8NT_grosse_only_by_10NT(self) -> None:
        bids = [str(b) for b in FC.biddable]
        assert bids[bids.index("MIS") - 1: bids.index("MIS") + 2] == ["8H", "MIS", "8NT"]
        assert bids[-3:] == ["10H", "OPEN-MIS", "10NT"]

    def test_points_are_never_subtracted_a_failed_bid_goes_to_the_defenders(self) -> None:
        failed = score_hand(FC, Bid.parse("8H"), 0, (0, 2), (3, 2, 4, 1))
        assert failed.points == (0, 300 + 30) and not failed.made
        assert "failed (300 to the defenders)" in failed.describe(FC)
        made = score_hand(FC, Bid.parse("8H"), 0, (0, 2), (5, 1, 3, 1))
        assert made.points == (300, 20)
        misere = score_hand(FC, MISERE, 1, (1,), (0, 1, 0, 0))
        assert misere.points == (500, 0)

    def test_the_rule_needs_two_sides(self) -> None:
        with pytest.raises(Exception, match="only with two sides"):
            Rules.parse("cutthroat,failed-to-defenders=on")

    def test_a_game_ends_at_1000_even_on_a_failed_bid_of_the_other_side(self) -> None:
        seed = 1
        while True:
            match = Match(FC, DealCode(seed), totals=(990, 0))
            run(match.hand, "bid 10NT", "pass", "pass", "pass")
            rng = SplitMix64(seed)
            while not match.hand.is_over:
                match.apply(rng.choice(match.hand.legal_actions()))
            if not match.sheet[-1].result.made:
                break
            seed += 1
        assert match.is_over and match.totals[0] >= 1000 + 520 and match.totals[1] == 0
        assert match.outcome is not None and match.outcome.winner == 0
        assert str(FC) == "french-canadian" and Rules.parse(str(FC)) == FC


class TestRecords:
    def test_ptn_reads_the_46_card_deck(self) -> None:
        trickster = rules_of_options(4, {"deckSize": 46})
        assert trickster.deck is Deck.FRENCH_CANADIAN
        game = Match(trickster, DealCode(9))
        rng = SplitMix64(9)
        while not game.hand.is_over:  # no open misere: PTN's reader splits "Open Misère" (not ours)
            game.apply(rng.choice([a for a in game.hand.legal_actions() if str(a) != "bid OPEN-MIS"]))
        text = dumps(game)
        assert '\\"deckSize\\":46' in text and "JL" in text + "".join(
            ".L" for h in game.hand.deal.hands if SECOND_JOKER in h)
        again = ptn_replay(text)
        assert [t.cards for t in again.hand.tricks] == [t.cards for t in game.hand.tricks]
        assert again.totals == game.totals  # (a led joker's named suit PTN does not write)
        assert [set(h) for h in again.hand.deal.hands] == [set(h) for h in game.hand.deal.hands]


# --- the solver with two jokers, checked by brute force ------------------------------
@pytest.mark.parametrize("hands", [
    ["JK 5S 5C", "JK2 6S 7S", "AD KD 4H", "9S 10S 6C"],
    ["JK2 AS 5C", "JK 6S 4D", "AD KD 4H", "9S 10S 6C"],
    ["JK JK2 5C", "4S 6S 7S", "AD KD QD", "9S 10S 6C"]])
@pytest.mark.parametrize("bid", ["8NT", "8H", "MIS"])
def test_solver_counts_tricks_with_two_jokers_as_brute_force(hands: list[str], bid: str) -> None:
    h = start("french-canadian,misere-anytime=on", hands, KITTY, bid)
    if h.phase == Phase.JOKER:
        run(h, "joker none")
    counted = set(declaring_positions(h))
    misere = bid == "MIS"
    assert Solver(h).tricks() == minimax(h, counted, misere)
    for action, value in Solver(h).values().items():
        h.push(action)
        assert value == minimax(h, counted, misere), action
        h.pop()


# --- every bot level --------------------------------------------------------------
def _play_games(level: str, seed: int, hands: int) -> tuple[int, int]:
    """Whole games at the table until ``hands`` hands are played: (games ended, hands)."""
    rng = SplitMix64(seed)
    bots = [make_bot(level, rng.fork()) for _ in range(4)]
    for b in bots:
        if isinstance(b, ExpertBot):
            b.budget = Budget(samples=2, nodes=2048)
    played = ended = 0
    while played < hands:
        match = Match(FC, DealCode(rng.next_u64()))
        while not match.is_over:
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_act
                action = bots[seat].act(observe(hand, seat))
                assert action in hand.legal_actions()
                match.apply(action)
            played += 1
            if not match.is_over:
                match.next_hand()
        ended += 1
        assert max(match.totals) >= 1000 and min(match.totals) >= 0
    return ended, played


@pytest.mark.slow
@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "expert"])
def test_easy_and_normal_play_200_hands_of_whole_games(level: str) -> None:
    ended, played = _play_games(level, 1, 200)
    assert played >= 200 and ended >= 10


@pytest.mark.slow
def test_the_expert_plays_whole_games() -> None:
    ended, played = _play_games("expert", 2, 8)
    assert ended >= 1


def test_bots_ignore_hidden_cards() -> None:
    _ignores_hidden_cards(FC)


def test_bot_words_name_the_jokers_as_the_deck_does() -> None:
    h = start(FC, ["JK 5S 5C", "JK2 6S 7S", "AD KD QD", "9S 10S 6C"], KITTY, "8H")
    kn = Knowledge(observe(h, 0))
    assert [words(kn, c) for c in (JOKER, SECOND_JOKER)] == ["the white joker", "the black joker"]
    standard = start("standard", ["JK 5S 5C", "4H 6S 7S", "AD KD QD", "9S 10S 6C"], "KC QC 10C", "8H")
    assert words(Knowledge(observe(standard, 0)), JOKER) == "the joker"


def test_the_frozen_yardstick_plays_the_table_legally() -> None:
    for i in range(6):
        hand = Hand.new(FC, 40 + i, i % 4)
        bots = [make_bot("yardstick", SplitMix64(i * 4 + s)) for s in range(4)]
        while not hand.is_over:
            seat = hand.to_act
            hand.apply(bots[seat].act(observe(hand, seat)), seat)  # apply checks legality
        assert hand.result is not None


def test_help_says_the_rules_and_the_choices_made() -> None:
    text = " ".join(p for section in rules_help(FC) for p in section.paragraphs)
    for words in ("the white joker (“la blanche”) ranks above the black joker",
                  "3, 3 and 4 at a time, 3 to the kitty after each of the first two rounds",
                  "6 go face down to the kitty", "a trump suit has 14 trumps",
                  "The bidder may give the jokers a suit only when holding both",
                  "misère (“petite”) 500 and open misère (“grosse”",
                  "between eight hearts and eight no trumps", "between ten hearts and ten no trumps",
                  "Points are never subtracted", "who still score their tricks too (our choice",
                  "reaching 1000", "the value of a bid the other side fails can win too"):
        assert words in text, words
    assert "out backwards" not in text


def test_the_page_draws_and_names_the_two_jokers_apart() -> None:
    white, black = (card_view(c, FC.deck) for c in (JOKER, SECOND_JOKER))
    assert (white.label, white.colour, black.label, black.colour) == (
        "white joker", "joker white", "black joker", "joker black")
    assert (card_view(JOKER, Deck.STANDARD).label, card_view(JOKER).colour) == ("joker", "joker")
