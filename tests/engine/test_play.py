"""Card play: following suit, bowers, the joker, kitty, misere, piles, called partners, decks."""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.cards import CLUBS, DIAMONDS, HEARTS, NO_SUIT, SPADES, Card
from engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import PRESETS
from tests.conftest import (PRESET_NAMES, cards, make_hand, random_playout, run, snapshot, start,
                            texts)

KITTY = "KC QC 10C"  # put straight back by the declarer in most positions below


def legal(hand: Hand) -> list[str]:
    return texts(hand.legal_actions())


def last_trick(hand: Hand) -> tuple[str, int]:
    """The last trick's cards as text and its winning position."""
    t = hand.tricks[-1]
    return " ".join(map(str, t.cards)), t.winner


class TestFollowSuit:
    def test_must_follow_the_suit_led(self) -> None:
        h = start("standard", ["AS 9H", "5S AC 6S", "7S 8S", "AD 4D"], KITTY, "7H")
        assert legal(h) == ["AS", "9H"]
        run(h, "AS")
        assert legal(h) == ["5S", "6S"]
        with pytest.raises(IllegalActionError, match="you must follow spades"):
            h.apply("AC")

    def test_void_plays_anything(self) -> None:
        h = run(start("standard", ["AS", "5S", "7S", "AD 4D 9H"], KITTY, "7H"), "AS", "5S", "7S")
        assert legal(h) == ["4D", "AD", "9H"]

    def test_led_trump_is_followed_with_the_left_bower(self) -> None:
        h = run(start("standard", ["5H", "JD AC", "AS", "AD"], KITTY, "7H"), "5H")
        assert legal(h) == ["JD"]
        run(h, "JD", "AS", "AD")
        assert last_trick(h) == ("5H JD AS AD", 1)

    def test_left_bower_is_not_its_printed_suit(self) -> None:
        h = run(start("standard", ["9D", "JD 5D AC", "AS", "AH"], KITTY, "7H"), "9D")
        assert legal(h) == ["5D"]
        with pytest.raises(IllegalActionError, match="you must follow diamonds"):
            h.apply("JD")

    def test_left_bower_ruffs_its_printed_suit_when_void(self) -> None:
        h = run(start("standard", ["9D", "JD AC", "AD", "KD"], KITTY, "7H"), "9D")
        assert legal(h) == ["AC", "JD"]
        run(h, "JD", "AD", "KD")
        assert last_trick(h) == ("9D JD AD KD", 1)

    def test_joker_is_the_top_trump_in_a_suit_contract(self) -> None:
        h = start("standard", ["JK 6S", "JS AS", "KS QS", "JC 5S"], KITTY, "7S")
        assert legal(h) == ["6S", "JK"]  # a plain lead, no suit to name
        run(h, "JK")
        assert legal(h) == ["JS", "AS"]  # the joker led asks for trumps
        run(h, "JS", "KS", "JC")
        assert last_trick(h) == ("JK JS KS JC", 0) and h.tricks[-1].led == SPADES

    def test_trumps_followed_only_by_trumps(self) -> None:
        h = run(start("standard", ["6S", "JK AH", "AS", "5S"], KITTY, "7S"), "6S")
        assert legal(h) == ["JK"]


class TestTrickWinner:
    def test_highest_trump_wins(self) -> None:
        h = start("standard", ["AH", "5S", "KH", "JC 9D"], KITTY, "7S")
        run(h, "AH", "5S", "KH", "JC")
        assert last_trick(h) == ("AH 5S KH JC", 3)

    def test_right_bower_beats_left_beats_ace(self) -> None:
        h = start("standard", ["AS", "JC", "JS", "KS"], KITTY, "7S")
        run(h, "AS", "JC", "JS", "KS")
        assert h.tricks[-1].winner == 2

    def test_else_highest_of_the_suit_led(self) -> None:
        h = start("standard", ["10C", "5C", "AC", "AD"], "KH QH 10H", "7S")
        run(h, "10C", "5C", "AC", "AD")
        assert last_trick(h) == ("10C 5C AC AD", 2)

    def test_winner_leads_next_and_counts_the_trick(self) -> None:
        h = start("standard", ["10C 5D", "5C 6D", "AC 7D", "AD 8D"], "KH QH 10H", "7S")
        run(h, "10C", "5C", "AC", "AD")
        assert h.to_act == 2 and h.won == (0, 0, 1, 0) and legal(h) == ["7D"]

    def test_mixed_fours_four_of_the_trump_colour_is_a_trump(self) -> None:
        r = "standard,deck=43-mixed"
        h = run(start(r, ["5S", "4C 6C", "AS", "KS"], KITTY, "7S"), "5S")
        assert legal(h) == ["4C"]
        h = run(start(r, ["AC", "6C 4H", "4C 7D", "KC"], "KH QH 10H", "7S"), "AC")
        assert legal(h) == ["6C"]
        run(h, "6C")
        assert legal(h) == ["4C", "7D"]  # the 4 of clubs is a spade now: void in clubs
        run(h, "4C", "KC")
        assert last_trick(h) == ("AC 6C 4C KC", 2)


class TestSuitlessJoker:
    HANDS = ["AS AC AD AH KH JK", "5S 5C 4D 4H 6S 6C", "7S 6D 5D 5H 8S 7C",
             "9S 8C 7D 6H 10S 9C"]

    def no_trumps(self) -> Hand:
        h = start("standard", self.HANDS, "KS KC KD", "6NT")
        assert h.phase == Phase.JOKER and legal(h) == [
            "joker S", "joker C", "joker D", "joker H", "joker none"]
        return run(h, "joker none")

    def test_not_led_until_all_four_suits_were_led(self) -> None:
        h = self.no_trumps()
        assert h.joker_suit == NO_SUIT and legal(h) == ["AS", "AC", "AD", "KH", "AH"]
        with pytest.raises(IllegalActionError, match="once all four suits have been led"):
            h.apply("JK:S")
        run(h, "AS", "5S", "7S", "9S", "AC", "5C", "7C", "8C", "AD", "4D", "5D", "7D")
        assert legal(h) == ["KH", "AH"]
        run(h, "AH", "4H", "5H", "6H")
        assert legal(h) == ["KH", "JK:S", "JK:C", "JK:D", "JK:H"]
        with pytest.raises(IllegalActionError):
            h.apply("JK")  # a suitless joker is led naming a suit

    def test_led_as_the_last_card(self) -> None:
        h = run(start("standard", ["JK", "5S", "6S", "7S"], "KS KC KD", "6NT"), "joker none")
        assert legal(h) == ["JK:S", "JK:C", "JK:D", "JK:H"]

    def test_named_suit_must_be_followed_and_the_joker_wins(self) -> None:
        h = run(start("standard", ["JK", "4D 5S", "AS", "AD 6D"], "KS KC KD", "6NT"),
                "joker none", "JK:D")
        assert h.led == DIAMONDS and legal(h) == ["4D"]
        run(h, "4D", "AS")
        assert legal(h) == ["6D", "AD"]
        run(h, "AD")
        assert last_trick(h) == ("JK 4D AS AD", 0) and h.tricks[-1].led == DIAMONDS

    def test_played_only_when_unable_to_follow(self) -> None:
        h = run(start("standard", ["AS KS", "JK 5S", "7S", "6S"], "KC QC 10C", "6NT"), "AS")
        assert legal(h) == ["5S"]
        h = run(start("standard", ["AS", "JK 5C", "6S", "7S"], "KC QC 10C", "6NT"), "AS")
        assert legal(h) == ["5C", "JK"]
        with pytest.raises(IllegalActionError):
            h.apply("JK:S")

    def test_wins_any_trick(self) -> None:
        h = start("standard", ["AS", "JK 5C", "6S", "7S"], "KC QC 10C", "6NT")
        run(h, "AS", "JK", "6S", "7S")
        assert last_trick(h) == ("AS JK 6S 7S", 1) and h.voids[1] == 1 << SPADES

    @pytest.mark.parametrize("joker_lead, named", [("any", ["JK:S", "JK:C", "JK:D", "JK:H"]),
                                                   ("not-void", ["JK:S", "JK:D", "JK:H"])])
    def test_named_suit_may_exclude_shown_voids(self, joker_lead: str, named: list[str]) -> None:
        hands = ["AC 4D", "5S AD JK", "6C 5D 7S", "7C 6D 8S"]
        h = start(f"standard,joker_lead={joker_lead}", hands, "KS KC KD", "6NT")
        run(h, "AC", "5S", "6C", "7C", "4D", "AD", "5D", "6D")
        assert h.voids[1] == 1 << CLUBS and h.to_act == 1
        assert legal(h) == named

    def test_joker_forced_in_misere(self) -> None:
        hands = ["5S", "JK 5C", "6S", "AS"]
        h = start("standard,misere_anytime=on,misere_joker_forced=on", hands, KITTY, "MIS")
        run(h, "5S")
        assert legal(h) == ["JK"]
        h = start("standard,misere_anytime=on", hands, KITTY, "MIS")
        run(h, "5S")
        assert legal(h) == ["5C", "JK"]

    def test_joker_forced_only_in_misere(self) -> None:
        h = start("standard,misere_joker_forced=on", ["5S", "JK 5C", "6S", "AS"], KITTY, "6NT")
        run(h, "5S")
        assert legal(h) == ["5C", "JK"]


class TestJokerGivenASuit:
    def test_bidder_makes_the_joker_the_highest_heart(self) -> None:
        hands = ["5S JK AC", "AS 4H 6C", "6S KH 7C", "7S AH 8C"]
        h = run(start("standard", hands, "KS KD QD", "6NT"), "joker H")
        assert h.joker_suit == HEARTS and legal(h) == ["5S", "AC", "JK"]
        run(h, "5S", "AS", "6S", "7S")
        run(h, "4H", "KH", "AH")
        assert legal(h) == ["JK"]  # the joker is a heart: it must follow hearts
        run(h, "JK")
        assert last_trick(h) == ("4H KH AH JK", 0)

    def test_a_suited_joker_is_led_as_its_suit(self) -> None:
        h = run(start("standard", ["JK", "AH", "AS", "KH"], "KS KD QD", "6NT"), "joker H", "JK")
        assert h.led == HEARTS and legal(h) == ["AH"]

    def test_misere_bidder_may_give_the_joker_a_suit(self) -> None:
        h = start("standard,misere_anytime=on", ["JK 5S", "6S", "7S", "8S"], KITTY, "MIS")
        assert h.phase == Phase.JOKER
        run(h, "joker S")
        assert h.order.suit[Card.parse("JK")] == SPADES and legal(h) == ["5S", "JK"]

    def test_no_choice_in_a_suit_contract_or_without_the_joker(self) -> None:
        assert start("standard", ["JK 5S", "6S", "7S", "8S"], KITTY, "7H").phase == Phase.PLAY
        assert start("standard", ["5S", "JK", "7S", "8S"], KITTY, "7NT").phase == Phase.PLAY

    @pytest.mark.parametrize("discards, phase", [("5S AS KS", Phase.JOKER),
                                                 ("JK KD QD", Phase.PLAY)])
    def test_joker_from_the_kitty_counts_if_kept(self, discards: str, phase: Phase) -> None:
        h = make_hand("standard", ["5S AS KS", "6S", "7S", "8S"], "JK KD QD", dealer=3)
        run(h, "7NT", "pass", "pass", "pass", *(f"discard {c}" for c in discards.split()))
        assert h.phase == phase


class TestKitty:
    def test_declarer_takes_the_kitty_discards_and_leads(self) -> None:
        hands = ["5S 6S 7S 8S 9S 10S JS QS KS AS", "5C 6C 7C 8C 9C 10C JC QC KC AC",
                 "4D 5D 6D 7D 8D 9D 10D JD QD KD", "4H 5H 6H 7H 8H 9H 10H JH QH KH"]
        h = run(make_hand("standard", hands, "AD AH JK", dealer=3), "7S", "pass", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.to_act == 0 and len(h.hand_of(0)) == 13
        assert len(h.legal_actions()) == 13
        assert observe(h, 0).kitty == cards("AD AH JK") and observe(h, 1).kitty == ()
        run(h, "discard 5S", "discard 6S")
        with pytest.raises(IllegalActionError):
            h.apply("discard 5S")
        with pytest.raises(IllegalActionError):
            h.apply("discard 5C")
        assert run(h, "discard AD").phase == Phase.PLAY
        assert h.to_act == 0 and len(h.hand_of(0)) == 10
        assert h.discards == sum(1 << c for c in cards("5S 6S AD"))
        assert "AH" in legal(h) and "JK" in legal(h)

    def test_forty_five_cards_kitty_of_five(self) -> None:
        h = Hand.new(PRESETS["american"], 5)
        assert len(h.deal.kitty) == 5
        while h.phase == Phase.AUCTION:
            h.apply("7S" if h.high < 0 else "pass")
        if h.phase == Phase.OVER:
            pytest.fail("the first bid should stand")
        assert len(h.hand_of(h.declarer)) == 15
        for k in range(5):
            assert h.phase == Phase.DISCARD
            h.apply(h.legal_actions()[0])
        assert h.phase in (Phase.PLAY, Phase.JOKER) and len(h.hand_of(h.declarer)) == 10


class TestMisere:
    def test_partner_sits_out_a_trick_of_three(self) -> None:
        h = start("standard,misere_anytime=on", ["5S 6H", "AS", "6S", "7S"], KITTY, "MIS")
        assert h.active == (True, True, False, True)
        run(h, "5S", "AS")
        assert h.to_act == 3
        run(h, "7S")
        assert h.tricks[-1].positions == (0, 1, 3) and h.hand_of(2) == list(cards("6S"))

    def test_after_a_seven(self) -> None:
        h = start("standard", ["5S", "AS", "6S", "7S"], KITTY, "MIS", declarer=1, auction=["7C"])
        assert h.contract is not None and h.contract.is_misere and h.declarer == 1
        assert h.active == (True, True, True, False)

    def test_six_handed_threes_both_partners_out(self) -> None:
        h = start("six-handed,misere_anytime=on", ["5S", "AS", "6S", "7S", "8S", "9S"], KITTY,
                  "MIS")
        assert h.active == (True, True, False, True, False, True)
        run(h, "5S", "AS", "7S", "9S")
        assert h.tricks[-1].positions == (0, 1, 3, 5) and h.tricks[-1].winner == 1

    def test_six_handed_pairs_partner_out(self) -> None:
        h = start("six-handed-pairs,misere_anytime=on", ["5S", "AS", "6S", "7S", "8S", "9S"],
                  KITTY, "MIS", declarer=1)
        assert h.active == (True, True, True, True, False, True)

    def test_five_handed_alone_against_four(self) -> None:
        h = start("five-handed,misere_anytime=on", ["5S", "AS", "6S", "7S", "8S"], KITTY, "MIS")
        assert h.phase == Phase.PLAY and all(h.active) and h.called is None

    def test_cutthroat_alone_against_two(self) -> None:
        h = start("cutthroat,misere_anytime=on", ["7S", "AS", "8S"], KITTY, "MIS")
        assert all(h.active)

    def test_open_misere_hand_exposed_after_the_first_trick(self) -> None:
        h = start("standard", ["7S 8H 9D", "AS KS QS", "JK KH KD", "9S 10S JS"], KITTY,
                  "OPEN-MIS")
        assert h.active == (True, True, False, True) and not h.exposed
        run(h, "7S", "AS")
        assert observe(h, 1).exposed == () and observe(h, 3).exposed == ()
        run(h, "9S")
        assert h.exposed
        for seat in range(4):
            assert observe(h, seat).exposed == cards("9D 8H")

    def test_misere_bidder_leads(self) -> None:
        h = start("standard", ["5S", "AS", "6S", "7S"], KITTY, "MIS", declarer=2, auction=["7C"])
        assert h.to_act == 2 and h.active == (False, True, True, True)


class TestTwoHanded:
    HANDS = ["AS 5H", "KS 6H"]
    PILES = ["7S/QS 8H/9H", "9S/10S 10H/5C"]

    def hand(self) -> Hand:
        return start("two-handed", self.HANDS, KITTY, "6S", piles=self.PILES)

    def test_four_positions_two_seats(self) -> None:
        h = self.hand()
        assert PRESETS["two-handed"].positions == 4 and h.controller == (0, 1, 0, 1)
        assert h.to_act == 0 and h.turn == 0

    def test_kitty_goes_to_the_bidders_hand_only(self) -> None:
        h = start("two-handed", self.HANDS, KITTY, "6S", piles=self.PILES, declarer=1)
        assert h.hand_of(1) == list(cards("KS 6H")) and h.hand_of(3) == list(cards("9S 10S 5C 10H"))
        h = run(make_hand("two-handed", self.HANDS, KITTY, self.PILES, dealer=1), "6S", "pass")
        assert h.hand_of(0) == sorted(cards("AS 5H " + KITTY)) and len(h.hand_of(2)) == 4

    def test_piles_play_their_face_up_cards(self) -> None:
        h = run(self.hand(), "AS", "KS")
        assert h.turn == 2 and h.to_act == 0 and legal(h) == ["QS"]
        run(h, "QS")
        assert h.turn == 3 and h.to_act == 1 and legal(h) == ["10S"]
        with pytest.raises(IllegalActionError, match="not in your hand"):
            h.apply("9S")  # face down

    def test_card_under_turns_up_after_the_trick(self) -> None:
        h = run(self.hand(), "AS", "KS", "QS")
        assert h.playable(2) == sum(1 << c for c in cards("9H"))
        assert observe(h, 1).piles_up == (cards("9H"), cards("10S 5C"))
        assert observe(h, 1).piles_down == (2, 2)
        run(h, "10S")
        assert h.playable(2) == sum(1 << c for c in cards("7S 9H"))
        assert h.playable(3) == sum(1 << c for c in cards("9S 5C"))
        assert observe(h, 0).piles_up == (cards("7S 9H"), cards("9S 5C"))
        assert observe(h, 0).piles_down == (1, 1)
        assert h.tricks[-1].positions == (0, 1, 2, 3) and h.won[0] == 1

    def test_pile_position_wins_and_leads(self) -> None:
        h = start("two-handed", ["5S 5C", "6S 6C"], KITTY, "6H", piles=["7S/AS 7C/8C",
                                                                          "8S/9S 9C/9D"])
        run(h, "5S", "6S", "AS", "9S")
        assert h.tricks[-1].winner == 2 and h.turn == 2 and h.to_act == 0
        assert legal(h) == ["7S", "8C"]


class TestFiveHanded:
    HANDS = ["AS KS", "5S 6S", "7S 8S", "JS 9S", "QS 10S"]

    def test_call_a_partner_or_go_alone(self) -> None:
        h = start("five-handed", self.HANDS, KITTY, "7S")
        assert h.phase == Phase.CALL
        calls = legal(h)
        assert calls[-1] == "alone" and "call AS" not in calls and "call KC" not in calls
        assert "call JS" in calls and "call JK" in calls and "call 2H" in calls

    def test_called_partner_revealed_when_the_card_is_played(self) -> None:
        h = run(start("five-handed", self.HANDS, KITTY, "7H"), "call JS")
        assert h.partner == 3 and h.called == Card.parse("JS") and h.phase == Phase.PLAY
        assert [observe(h, s).partner for s in range(5)] == [-1, -1, -1, 3, -1]
        assert all(observe(h, s).called == Card.parse("JS") for s in range(5))
        run(h, "AS", "5S", "7S")
        assert [observe(h, s).partner for s in range(5)] == [-1, -1, -1, 3, -1]
        run(h, "JS")
        assert [observe(h, s).partner for s in range(5)] == [3] * 5

    def test_declaring_side_is_what_everyone_knows(self) -> None:
        h = run(start("five-handed", self.HANDS, KITTY, "7H"), "call JS")
        assert h.declaring_side() == (0,)
        run(h, "AS", "5S", "7S", "JS")
        assert h.declaring_side() == (0, 3)
        assert start("standard", ["AS", "5S", "6S", "7S"], KITTY, "7H", declarer=1
                     ).declaring_side() == (1, 3)
        assert Hand.new(PRESETS["standard"], 1).declaring_side() == ()

    def test_alone(self) -> None:
        h = run(start("five-handed", self.HANDS, KITTY, "7H"), "alone")
        assert h.partner == -1 and h.called is None and h.phase == Phase.PLAY

    def test_cannot_call_an_own_or_discarded_card(self) -> None:
        h = start("five-handed", self.HANDS, KITTY, "7H")
        for text in ("call AS", "call KC"):
            with pytest.raises(IllegalActionError):
                h.apply(text)


class TestSixHanded:
    def test_doubled_deck_first_of_two_identical_cards_wins(self) -> None:
        r = "six-handed,deck=63-doubled"
        hands = ["2C", "2C'", "5D", "6D", "7D", "8D"]
        h = run(start(r, hands, KITTY, "7H"), "2C", "2C'", "5D", "6D", "7D", "8D")
        assert last_trick(h) == ("2C 2C' 5D 6D 7D 8D", 0)
        hands = ["2C'", "2C", "5D", "6D", "7D", "8D"]
        h = run(start(r, hands, KITTY, "7H"), "2C'", "2C", "5D", "6D", "7D", "8D")
        assert last_trick(h) == ("2C' 2C 5D 6D 7D 8D", 0)

    def test_identical_trumps_first_played_wins(self) -> None:
        r = "six-handed,deck=63-doubled"
        h = run(start(r, ["AC", "3H'", "3H", "6D", "7D", "8D"], KITTY, "7H"),
                "AC", "3H'", "3H", "6D", "7D", "8D")
        assert h.tricks[-1].winner == 1

    def test_teams_of_three_in_turn(self) -> None:
        h = Hand.new(PRESETS["six-handed"], 2, 0)
        assert h.to_act == 1 and h.rules.side_of(1) == h.rules.side_of(3) == h.rules.side_of(5)


class TestPlayErrors:
    def test_not_your_turn(self) -> None:
        h = start("standard", ["AS", "5S", "6S", "7S"], KITTY, "7H")
        with pytest.raises(NotYourTurnError):
            h.apply("5S", seat=1)
        h.apply("AS", seat=0)

    def test_card_not_held(self) -> None:
        h = start("standard", ["AS", "5S", "6S", "7S"], KITTY, "7H")
        with pytest.raises(IllegalActionError, match="not in your hand"):
            h.apply("KH")
        assert "not in your hand" in h.why_illegal(Action.parse("KH"))

    def test_bids_in_play(self) -> None:
        h = start("standard", ["AS", "5S", "6S", "7S"], KITTY, "7H")
        with pytest.raises(IllegalActionError, match="play phase"):
            h.apply("bid 8H")

    def test_unparsable(self) -> None:
        h = start("standard", ["AS", "5S", "6S", "7S"], KITTY, "7H")
        for text in ("JK:X", "AX", "play AS"):
            with pytest.raises(InvalidActionError):
                h.apply(text)

    @pytest.mark.parametrize("action", [999, 90, -1, -7])
    def test_unknown_action_ids(self, action: int) -> None:
        h = Hand.new(PRESETS["standard"], 1)
        with pytest.raises(InvalidActionError, match="not an action id"):
            h.apply(action)  # -7 once indexed from the end: a pass
        assert h.history == []

    def test_a_card_number_that_reads_like_a_bid_is_played(self) -> None:
        h = start("standard", ["7H 8S", "5S", "6S", "7S"], KITTY, "7H")
        run(h, "8S", "5S", "6S", "7S")
        assert str(h.tricks[0].cards[0]) == "8S"


class TestPushPop:
    @pytest.mark.parametrize("name", PRESET_NAMES)
    def test_pop_restores_the_state_exactly(self, name: str) -> None:
        rules = PRESETS[name]
        for seed in range(3):
            h = Hand.new(rules, seed, seed % rules.players)
            rng = SplitMix64(seed)
            for _ in random_playout(h, rng):
                if h.is_over:
                    break
                before = snapshot(h)
                for a in h.legal_actions():
                    h.push(a)
                    assert h.pop() == a
                    assert snapshot(h) == before

    def test_pop_all_the_way_back(self) -> None:
        h = Hand.new(PRESETS["standard"], 8)
        first = snapshot(h)
        states = []
        for _ in random_playout(h, SplitMix64(8)):
            states.append(snapshot(h))
        for state in reversed(states[:-1]):
            h.pop()
            assert snapshot(h) == state
        assert snapshot(h) == first and h.history == []
