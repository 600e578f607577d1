"""Claims (bots/claim.py): offered where the seat's own view proves every trick left is its
own, not where a hidden card could take one; sound against every reply on many deals; and in
the app, a claim plays the player's cards out as recorded plays."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.actions import joker_suit
from engine.cards import NO_SUIT, cards_of, format_cards, parse_cards
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import PRESETS
from tests.conftest import make_hand, run

from bots.claim import claim_order, claim_play, unseen

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.answers import answer  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402

STANDARD = PRESETS["standard"]
KITTY = "4D 5D 6D"


def dealt(south: str, contract: str = "10S") -> Hand:
    """A full deal: South's ten cards, the rest dealt in order to West, North and East, the
    kitty the three low diamonds (put straight back); South bids ``contract`` first, all pass."""
    mine = set(parse_cards(south)) | set(parse_cards(KITTY))
    rest = [c for c in STANDARD.deck.cards if c not in mine]
    hands = [south] + [format_cards(rest[i * 10:(i + 1) * 10]) for i in range(3)]
    hand = make_hand("standard", hands, KITTY, dealer=3)
    run(hand, f"bid {contract}", "pass", "pass", "pass", *(f"discard {c}" for c in KITTY.split()))
    if hand.phase == Phase.JOKER:
        hand.apply(joker_suit(NO_SUIT))  # kept without a suit
    return hand


def offered(hand: Hand) -> list[str] | None:
    cards = claim_order(observe(hand, 0))
    return None if cards is None else [str(c) for c in cards]


def test_the_top_trumps_and_the_top_heart_claim_all_ten_trumps_first() -> None:
    hand = dealt("JK JS JC AS KS QS 10S 9S 8S AH")
    assert offered(hand) == ["JK", "JS", "JC", "AS", "KS", "QS", "10S", "9S", "8S", "AH"]


def test_plain_winners_need_as_many_trumps_as_are_unseen() -> None:
    assert offered(dealt("JK JS JC AS KS QS 10S AH KH QH")) is not None  # 9S..5S: five unseen, seven held
    assert offered(dealt("JK JS JC AS KS AH KH QH JH 10H")) is None  # seven unseen trumps, five held


def test_no_claim_where_an_unseen_card_is_higher() -> None:
    assert offered(dealt("JK JS JC AS KS QS 10S 9S 8S 5H")) is None  # the five of hearts can lose
    assert offered(dealt("JS JC AS KS QS 10S 9S 8S 7S AH")) is None  # the joker is out: it beats the jack


def test_no_claim_in_no_trumps_while_the_joker_is_unseen() -> None:
    assert offered(dealt("AS KS QS JS AH KH QH JH AD KD", "10NT")) is None
    claim = offered(dealt("JK AS KS QS JS AH KH QH JH AC", "10NT"))
    assert claim is not None and claim[-1] == "JK"  # the joker led last, as the last card


def test_no_claim_off_lead_nor_for_another_seat() -> None:
    hand = dealt("JK JS JC AS KS QS 10S 9S 8S AH")
    hand.apply("JK")
    assert offered(hand) is None  # West to play
    assert claim_order(observe(hand, 1)) is None


def test_unseen_cards_are_those_the_seat_has_not_seen() -> None:
    hand = dealt("JK JS JC AS KS QS 10S 9S 8S AH")
    obs = observe(hand, 0)
    assert len(cards_of(unseen(obs))) == 30  # 43 cards: ten held, three put back
    assert claim_play(obs) == obs.legal_actions[[str(a) for a in obs.legal_actions].index("JK")]


def takes_every_trick(hand: Hand, seat: int) -> bool:
    """Whether the claim's line wins every trick left against every reply of every other seat."""
    if hand.is_over:
        return True
    if hand.to_act == seat and not hand.trick_cards:
        action = claim_play(observe(hand, seat))
        hand.push(action)
        try:
            return takes_every_trick(hand, seat)
        finally:
            hand.pop()
    if hand.to_act == seat:  # back on the seat's turn mid-trick: the claim's line broke
        return False
    for action in hand.legal_actions():
        hand.push(action)
        try:
            if len(hand.tricks) and not hand.trick_cards and hand.tricks[-1].winner != seat:
                return False
            if not takes_every_trick(hand, seat):
                return False
        finally:
            hand.pop()
    return True


@pytest.mark.parametrize("table", ["standard", "cutthroat", "american", "six-handed"])
def test_every_claim_wins_every_trick_against_any_cards_and_any_replies(table: str) -> None:
    """On random hands, wherever South may claim with four tricks or fewer to go, the hidden
    cards are dealt again at random (the seat's view unchanged) and every reply tried."""
    rules, rng, claims = PRESETS[table], SplitMix64(7), 0
    for _ in range(60):
        hand = Hand.new(rules, rng.next_u64(), rng.below(rules.players))
        while not hand.is_over:
            if hand.phase == Phase.PLAY and len(hand.tricks) >= 6 and claim_order(observe(hand, 0)):
                claims += 1
                for again in (hand, *(redealt(hand, rng) for _ in range(3))):
                    assert takes_every_trick(again, 0)
                break
            legal = hand.legal_actions()
            hand.apply(legal[rng.below(len(legal))])
    assert claims >= 3


def redealt(hand: Hand, rng: SplitMix64) -> Hand:
    """The same position from South's view with the unplayed cards of the other hands shuffled
    among them (each keeping its count; a declarer other than South keeps its hand, which its
    kitty came into), the hand played again with the same actions.  The claim's proof uses no
    voids shown, so it must hold even where the redeal contradicts them."""
    played = [(p, c) for t in hand.tricks for p, c in zip(t.positions, t.cards)]
    others = [p for p in range(1, hand.players) if p != hand.declarer]
    pool = [c for p in others for c in cards_of(hand.held[p])]
    rng.shuffle(pool)
    held = {p: cards_of(hand.held[p]) for p in range(hand.players)}
    for p in others:
        n = hand.held[p].bit_count()
        held[p], pool = pool[:n], pool[n:]
    dealt_to = []
    for p in range(hand.players):
        cards = set(held[p]) | {c for q, c in played if q == p}
        if p == hand.declarer:
            cards = (cards | set(cards_of(hand.discards))) - set(hand.deal.kitty)
        dealt_to.append(format_cards(sorted(cards)))
    fresh = Hand.from_cards(hand.rules, dealt_to, format_cards(hand.deal.kitty), (), hand.dealer)
    for _, action in hand.history:
        fresh.push(action)  # unchecked: a redeal may hold cards of a suit a seat showed out of
    return fresh


def test_claiming_in_the_app_plays_the_cards_out_as_recorded_plays() -> None:
    for seed in range(200):
        session = Session(default_settings(), DealCode(seed, 3))
        session.settings["autoplay"] = True
        bots_play(session, until=lambda s: s.hand.phase == Phase.PLAY and s.hand.to_act == 0
                  and claim_order(observe(s.hand, 0)) is not None and len(s.hand.tricks) < 9)
        if session.state == "bot" and session.hand.phase == Phase.PLAY:
            break
    else:
        pytest.fail("no claim found")
    session.settings["autoplay"] = False
    tricks = session.claimable()
    assert session.state == "you" and tricks == 10 - len(session.hand.tricks)
    session.claim()
    assert session.level(0) == "claim" and session.state == "bot"
    bots_play(session)  # the player's seat answered by app.table.answers.answer, as the worker does
    assert session.state in ("hand-over", "game-over")
    assert all(t.winner == 0 for t in session.hand.tricks[-tricks:])
    mine = [a for s, a in session.hand.history if s == 0 and a.played_card is not None]
    assert len(mine) == 10  # every card recorded as the player's play


def test_a_claim_refused_says_why() -> None:
    session = Session(default_settings(), DealCode(5, 3))
    bots_play(session)
    assert session.state == "you" and not session.claimable()
    session.claim()
    assert session.notice.startswith("You can't claim the rest yet") and not session.claimed
