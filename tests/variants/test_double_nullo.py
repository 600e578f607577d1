"""Double nullo: both partners of the bidding side play, to take no trick; the caller
passes its discards to partner, who keeps what it wants and discards as many."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from bots import bidding
from bots.sampled_play import Budget
from bots.normal import NormalBot
from bots.pass_sampling import PassSampler
from bots.registry import LEVELS, make_bot
from engine.bids import DOUBLE_NULLO, Bid, bid
from engine.cards import Card, cards_of
from engine.deal import DealCode
from engine.errors import RulesError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import Rules
from engine.scoring import score_hand
from tests.conftest import played_cards, random_playout, run
from tests.playout import bots_play_match
from tests.engine.test_observation import seen
from tests.bots.test_sampling import check_sample

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.help import rules_help  # noqa: E402
from app.table.model import DiscardPrompt  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402

NULLO = Rules.parse("standard,double-nullo=on")


def _called(seed: int = 5, rules: Rules = NULLO) -> Hand:
    """Seat 1 calls double nullo; everyone else passes."""
    return run(Hand.new(rules, seed), "bid DOUBLE-NULLO", "pass", "pass", "pass")


def _discard_worst(hand: Hand) -> None:
    """Both discards of the kitty pass: the highest card each time."""
    while hand.phase == Phase.DISCARD:
        hand.apply(hand.legal_actions()[-1])


class TestTheRule:
    def test_off_by_default_and_named_in_the_rules_string(self) -> None:
        assert DOUBLE_NULLO not in Rules().biddable
        assert str(NULLO) == "standard,double_nullo=on" and Rules.parse(str(NULLO)) == NULLO
        assert Bid.parse("double-nullo") == DOUBLE_NULLO and DOUBLE_NULLO.name == "double nullo"

    @pytest.mark.parametrize("table", ["cutthroat", "five-handed", "six-handed",
                                       "six-handed-pairs", "two-handed"])
    def test_four_handed_partnerships_only(self, table: str) -> None:
        with pytest.raises(RulesError, match="double nullo is played by two partnerships of two"):
            Rules.parse(f"{table},double-nullo=on")
        assert Rules.parse("american,double-nullo=on").double_nullo

    def test_worth_450_between_ten_clubs_and_ten_diamonds(self) -> None:
        """The Perfect table's double misere (450), in every table; the reference's order:
        it outbids 10 spades and 10 clubs, not 10 diamonds or 10 hearts."""
        for table in ("avondale", "original", "perfect"):
            r = Rules.parse(f"standard,double-nullo=on,scoring={table}")
            assert r.bid_value(DOUBLE_NULLO) == 450
            i = r.biddable.index(DOUBLE_NULLO)
            assert r.biddable[i - 1:i + 2] == (bid(10, 1), DOUBLE_NULLO, bid(10, 2))

    def test_called_by_one_partner_though_the_other_passed_and_before_any_seven(self) -> None:
        hand = run(Hand.new(NULLO, 5), "pass", "bid 6S", "pass")
        assert "bid DOUBLE-NULLO" in [str(a) for a in hand.legal_actions()]
        hand = run(Hand.new(NULLO, 5), "pass", "pass")
        assert hand.to_act == 3 and "bid DOUBLE-NULLO" in [str(a) for a in hand.legal_actions()]

    def test_the_caller_passes_its_discards_to_partner_who_discards_as_many(self) -> None:
        hand = _called()
        kitty = set(hand.deal.kitty)
        assert hand.to_act == 1 and len(hand.hand_of(1)) == 13
        passed = []
        for _ in range(3):
            a = hand.legal_actions()[-1]
            passed.append(a.discarded_card)
            hand.apply(a)
        assert hand.phase == Phase.DISCARD and hand.to_act == 3
        assert len(hand.hand_of(1)) == 10 and len(hand.hand_of(3)) == 13
        assert set(passed) <= set(hand.hand_of(3)) and hand.discards == 0
        partner_discards = []
        for _ in range(3):
            a = hand.legal_actions()[0]
            partner_discards.append(a.discarded_card)
            hand.apply(a)
        assert hand.phase in (Phase.PLAY, Phase.JOKER) and len(hand.hand_of(3)) == 10
        assert set(cards_of(hand.discards)) == set(partner_discards)
        assert kitty <= set(hand.hand_of(1)) | set(passed)

    def test_the_kitty_of_five_at_the_american_table(self) -> None:
        hand = _called(rules=Rules.parse("american,double-nullo=on"))
        assert len(hand.hand_of(1)) == 15
        for _ in range(5):
            hand.apply(hand.legal_actions()[0])
        assert hand.to_act == 3 and len(hand.hand_of(3)) == 15

    def test_both_partners_play_and_the_side_must_take_no_trick(self) -> None:
        hand = _called()
        _discard_worst(hand)
        while hand.phase != Phase.PLAY:
            hand.apply(hand.legal_actions()[0])
        assert hand.active == (True,) * 4 and hand.sides.seats == (1, 3)
        assert hand.sides.positions == (1, 3) and hand.leader == 1

    @pytest.mark.parametrize(("tricks", "points"), [((5, 0, 5, 0), (50 * 0, 450)),
                                                    ((4, 0, 5, 1), (0, -450)),
                                                    ((4, 1, 5, 0), (0, -450))])
    def test_scored_on_both_partners_tricks_defenders_score_nothing(
            self, tricks: tuple[int, ...], points: tuple[int, int]) -> None:
        result = score_hand(NULLO, DOUBLE_NULLO, 1, (1, 3), tricks)
        assert result.points == points and result.made is (points[1] > 0)
        assert result.describe(NULLO).startswith("Double nullo: the bidders took")

    def test_the_set_rule_sets_it_at_three_tricks(self) -> None:
        r = dataclasses.replace(NULLO, set_rule=True)
        assert score_hand(r, DOUBLE_NULLO, 1, (1, 3), (3, 2, 4, 1)).declarer_set
        assert not score_hand(r, DOUBLE_NULLO, 1, (1, 3), (4, 1, 4, 1)).declarer_set


def test_the_help_says_the_rule_and_the_choices_made() -> None:
    text = " ".join(p for section in rules_help(Rules.parse("american,double-nullo=on"))
                    for p in section.paragraphs)
    assert ("Double nullo (450 points: the reference gives only the Perfect table's value, used "
            "here with every table) promises that both partners take no trick. It ranks between "
            "ten clubs and ten diamonds") in text
    assert ("gives the 5 cards they put back to their partner, who keeps the ones they want and "
            "puts back 5; both partners play") in text


def test_the_table_says_where_the_cards_put_back_go() -> None:
    """North calls double nullo: South is passed North's three and puts back three."""
    settings = default_settings("standard")
    settings["rules"] = str(NULLO)
    settings["levels"] = ["human", "normal", "normal", "normal"]
    session = Session(settings, DealCode(5, 1))  # North speaks first
    for a in ("bid DOUBLE-NULLO", "pass", "pass", "pass"):
        session.match.apply(a)
    for _ in range(3):
        session.match.apply(session.hand.legal_actions()[-1])
    assert session.state == "you" and len(session.hand.hand_of(0)) == 13
    prompt = table_view(session).prompt
    assert isinstance(prompt, DiscardPrompt) and prompt.text == (
        "Double nullo: your partner gave you the 3 cards they put back. Keep the ones you want "
        "and choose 3 to put back.")
    assert len(table_view(session).hand) == 13


def _allowed(hand: Hand, seat: int) -> set[Card]:
    """What a seat may see in a double nullo: its cards and the table's; the caller the
    kitty and the cards it passed; the partner only its own (the passed ones among them)."""
    ok = set(hand.hand_of(seat)) | set(played_cards(hand))
    mine = {a.discarded_card for s, a in hand.history if s == seat and a.discarded_card is not None}
    ok |= {c for c in mine if c is not None}
    if seat == hand.declarer and hand.phase > Phase.AUCTION:
        ok |= set(hand.deal.kitty)
    return ok


class TestNoPeeking:
    def test_every_seat_sees_only_its_own_at_every_step(self) -> None:
        for seed in range(8):
            for h in random_playout(_called(seed), SplitMix64(seed)):
                for seat in range(4):
                    obs = observe(h, seat)
                    shown: set[Card] = set()
                    for f in dataclasses.fields(obs):
                        seen(getattr(obs, f.name), shown, f.name != "legal_actions")
                    assert not shown - _allowed(h, seat), (seat, h.history)

    def test_the_partner_does_not_see_which_cards_were_passed_nor_the_caller_what_it_kept(
            self) -> None:
        hand = _called()
        _discard_worst(hand)
        partner, caller, defender = observe(hand, 3), observe(hand, 1), observe(hand, 0)
        assert [a for s, a in partner.history if s == 1][-3:] == [None] * 3
        assert [a for s, a in caller.history if s == 3][-3:] == [None] * 3
        assert len(caller.discards) == 3 and set(caller.discards).isdisjoint(caller.hand)
        assert len(partner.discards) == 3 and defender.discards == ()


class TestSampling:
    @pytest.mark.parametrize("with_model", [False, True])
    def test_samples_match_every_seats_view_and_replay(self, with_model: bool) -> None:
        """The expert's deals behind a double nullo: the same view for the seat (its cards,
        counts, voids, history), every action legal, the hidden cards in play where they
        can be (with the caller's passed cards: with partner or put back)."""
        for seed in range(6):
            hand = _called(seed)
            rng = SplitMix64(seed)
            for _ in range(6 + seed * 5):
                hand.apply(rng.choice(hand.legal_actions()))
            assert hand.phase == Phase.PLAY
            for seat in range(4):
                obs = observe(hand, seat)
                sampler = PassSampler(obs, NormalBot(SplitMix64(1)).act if with_model else None)
                for k in range(3):
                    sample = sampler.sample(SplitMix64(k))
                    check_sample(sample, obs)
                    assert sample.discards.bit_count() == 3
                    if seat == 3:  # the partner knows what it put back
                        assert sample.discards == hand.discards
                    if seat == 1:  # the caller's passed cards are with partner or put back
                        plays = [(t.positions, t.cards) for t in sample.tricks]
                        plays.append((sample.trick_pos, sample.trick_cards))
                        partners = [c for positions, cards in plays for p, c in zip(positions, cards) if p == 3]
                        partners += sample.hand_of(3) + cards_of(sample.discards)
                        assert set(obs.discards) <= set(partners)


class TestTheBots:
    def test_normal_bids_it_from_its_own_low_hand_and_partners_pass(self) -> None:
        """Seat 0 holds a safe misere hand; partner (seat 2) passed; no seven was bid, so
        plain misere is not open to it (nor open misere at this table): it calls double
        nullo; not on a hand of high cards."""
        low = "4H 5H 6H 5D 6D 7D 5S 6S 5C 6C"
        rest = [c for c in NULLO.deck.cards if str(c) not in low.split()]
        hands = [low, " ".join(map(str, rest[0:10])), " ".join(map(str, rest[10:20])),
                 " ".join(map(str, rest[20:30]))]
        rules = dataclasses.replace(NULLO, open_misere=False)
        hand = Hand.from_cards(rules, hands, " ".join(map(str, rest[30:33])), dealer=1)
        run(hand, "pass", "pass")  # seat 2 (partner) and seat 3 pass
        obs = observe(hand, 0)
        assert str(bidding.choose_bid(obs).action) == "bid DOUBLE-NULLO"
        strong = dataclasses.replace(obs, hand=tuple(rest[-10:]))
        assert str(bidding.choose_bid(strong).action) != "bid DOUBLE-NULLO"

    @pytest.mark.parametrize("level", LEVELS)
    def test_every_level_plays_its_part_legally(self, level: str) -> None:
        """A normal caller with each level as partner and as defenders, to the end."""
        budget = Budget(samples=2, nodes=2000)
        for seed in range(3):
            hand = _called(seed)
            rng = SplitMix64(seed)
            bots = [make_bot(level, rng.fork(), budget) for _ in range(4)]
            bots[1] = make_bot("normal", rng.fork())
            while not hand.is_over:
                seat = hand.to_act
                hand.apply(bots[seat].act(observe(hand, seat)), seat)
            assert hand.result is not None and hand.result.contract == DOUBLE_NULLO

    @pytest.mark.parametrize("level", ["easy", "normal"])
    def test_a_game_at_the_table_ends(self, level: str) -> None:
        rng = SplitMix64(8)
        bots = [make_bot(level, rng.fork()) for _ in range(4)]
        match = Match(NULLO, DealCode(3))
        bots_play_match(match, bots, max_hands=80)
        assert match.is_over
