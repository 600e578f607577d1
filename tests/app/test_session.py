"""The session: the player's actions checked through the engine, and the bots' requests."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.answers import answer, fallbacks  # noqa: E402
from app.table.session import CLAIM, PLAYER, Session  # noqa: E402
from app.table.settings import SettingsError, check_settings, default_settings  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.cards import JOKER  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.record import replay  # noqa: E402


def run_bots(session: Session) -> None:
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        assert session.apply_bot(request, answer(request))


def auction_won_by_player(seed_range: range = range(1, 500)) -> Session:
    """A session in the discard phase, the player having opened 7 in their longest suit."""
    from engine.trumps import trump_order
    for seed in seed_range:
        session = Session(default_settings(), DealCode(seed, 3))
        held = session.hand.held[PLAYER]
        suit = max(range(4), key=lambda s: (held & trump_order(session.rules.deck, s).masks[s]).bit_count())
        session.bid(f"bid 7{'SCDH'[suit]}")
        run_bots(session)
        while session.state == "you" and session.hand.phase == Phase.AUCTION:
            session.bid("pass")
            run_bots(session)
        if session.hand.declarer == PLAYER:
            return session
    raise LookupError


def test_settings_are_checked_plain_data() -> None:
    settings, rules = check_settings(default_settings("cutthroat"))
    assert settings == {"rules": "cutthroat", "levels": ["human", "normal", "normal"], "pace_ms": 700,
                        "autoplay": False}
    assert rules.players == 3
    json.dumps(settings)
    for bad in ({**settings, "levels": ["normal"] * 3}, {**settings, "rules": "standard"},
                {**settings, "pace_ms": -1}, {**settings, "autoplay": "yes"}, {**settings, "rules": "nope"}):
        with pytest.raises(SettingsError):
            check_settings(bad)


@pytest.mark.parametrize("code, message", [
    ("zzz", "Deal code: not a deal code: 'zzz' (expected like 1-0-k3x9a)"),
    ("1-5-abc", "Deal code: dealer 5 is not a seat of 4 players"),
    ("2-0-abc", "Deal code: deal code version 2 is not known (this is version 1)"),
])
def test_a_bad_deal_code_says_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(SettingsError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        Session.new(default_settings(), code)


def test_a_blank_deal_code_deals_from_the_seed() -> None:
    a, b = Session.new(default_settings(), "", 12345), Session.new(default_settings(), "  ", 12345)
    assert a.match.first == b.match.first and a.match.first.seed == 12345
    assert Session.new(default_settings(), "1-2-xyz").match.first == DealCode.parse("1-2-xyz")


def test_turns_and_bot_requests_are_plain_data() -> None:
    session = Session(default_settings(), DealCode(7, 0))  # West bids first
    assert session.state == "bot" and session.bot_request("hint") is None
    request = session.bot_request()
    assert request is not None
    assert json.loads(json.dumps(request)) == request
    assert (request["seat"], request["level"], request["fn"]) == (1, "normal", "decide")
    assert request == session.bot_request()  # the same position asks the same question
    run_bots(session)
    assert session.state == "you" and session.bot_request() is None


def test_a_stale_answer_is_not_applied() -> None:
    session = Session(default_settings(), DealCode(7, 0))
    request = session.bot_request()
    assert request is not None
    reply = answer(request)
    assert session.apply_bot(request, reply)
    assert not session.apply_bot(request, reply)


def test_illegal_bid_is_refused_with_the_engines_reason() -> None:
    session = Session(default_settings(), DealCode(7, 3))
    session.bid("bid 7H")
    run_bots(session)
    assert session.state == "you" and session.hand.phase == Phase.AUCTION  # the bots bid on
    before = list(session.hand.history)
    session.bid("bid 6S")
    assert session.notice.startswith("You can't bid six spades: six spades does not beat ")
    assert session.hand.history == before
    session2 = Session(default_settings(), DealCode(7, 3))
    session2.bid("bid MIS")
    assert session2.notice == "You can't bid misere: misere may be bid only once someone has bid seven."
    assert session2.hand.history == []


def test_acting_out_of_turn_says_whose_turn_it_is() -> None:
    session = Session(default_settings(), DealCode(7, 0))
    session.bid("pass")
    assert session.notice == "Wait: it is West's turn."
    session.tap(session.hand.hand_of(PLAYER)[0])
    assert session.notice == "Wait: it is West's turn."


@pytest.mark.parametrize("card", [-1, 999])
def test_a_card_not_in_the_hand_is_refused(card: int) -> None:
    session = Session(default_settings(), DealCode(7, 3))
    foreign = next(c for c in range(64) if session.hand.held[1] >> c & 1)
    for c in (card, foreign):
        session.tap(c)
        assert session.notice == "That card is not in your hand." and session.selected is None
        session.play(c)
        assert session.notice == "That card is not in your hand." and session.hand.history == []


def test_kitty_discard_needs_exactly_the_kitty_size() -> None:
    session = auction_won_by_player()
    assert session.hand.phase == Phase.DISCARD and len(session.hand.hand_of(PLAYER)) == 13
    cards = session.hand.hand_of(PLAYER)
    session.discard()
    assert session.notice == "Choose 3 cards to put back first (0 chosen)."
    for c in cards[:4]:
        session.tap(c)
    assert session.picks == cards[:3]
    assert session.notice.startswith("You have already chosen 3 cards")
    session.tap(cards[0])
    session.tap(cards[3])
    assert session.picks == [cards[1], cards[2], cards[3]]
    session.discard()
    assert session.hand.phase in (Phase.PLAY, Phase.JOKER) and session.picks == []
    assert session.hand.discards == sum(1 << c for c in cards[1:4])


def test_playing_tap_select_then_tap_again_and_illegal_reason() -> None:
    session = auction_won_by_player()
    for c in session.hand.hand_of(PLAYER)[:3]:
        session.tap(c)
    session.discard()
    if session.hand.phase == Phase.JOKER:
        session.give_joker(4)
    # the player leads: select, then tap again to play
    legal = sorted(session.playable_cards())
    session.tap(legal[0])
    assert session.selected == legal[0] and len(session.hand.history) > 0
    before = len(session.hand.history)
    session.tap(legal[0])
    assert len(session.hand.history) == before + 1 and session.selected is None
    # find a turn where the player must follow and holds another suit
    while session.state != "hand-over":
        run_bots(session)
        if session.state != "you":
            break
        playable = session.playable_cards()
        refused = [c for c in session.hand.hand_of(PLAYER) if c not in playable]
        if refused and session.hand.led >= 0:
            session.tap(refused[0])
            reason = session.hand.why_illegal(refused[0])
            assert session.notice == f"You can't play the {refused[0].name}: {reason}."
            assert "must follow" in session.notice and session.selected is None
            return
        session.play(sorted(playable)[0])
    pytest.skip("no refusal in this hand")


def test_leading_a_suitless_joker_asks_for_the_suit() -> None:
    for seed in range(1, 3000):
        session = Session(default_settings(), DealCode(seed, 3))
        if JOKER not in session.hand.hand_of(PLAYER):
            continue
        session.bid("bid 10NT")
        run_bots(session)
        if session.hand.declarer != PLAYER:
            continue
        hand = session.hand.hand_of(PLAYER)
        for c in [c for c in hand if c != JOKER][:3]:
            session.tap(c)
        session.discard()
        assert session.hand.phase == Phase.JOKER
        session.give_joker(4)
        while session.state == "you" or session.state == "bot":
            run_bots(session)
            if session.state != "you":
                break
            legal = session.hand.legal_actions()
            if any(a.named_suit is not None for a in legal):
                session.play(JOKER)
                assert session.naming and session.selected == JOKER
                suits = [a.named_suit for a in legal if a.named_suit is not None]
                session.name_suit(suits[-1])
                played = session.hand.history[-1][1]
                assert played == Action.parse(f"JK:{'SCDH'[suits[-1]]}") and not session.naming
                return
            session.play(min((c for c in session.playable_cards() if c != JOKER), default=JOKER))
    pytest.fail("no deal where the player leads the suitless joker")


def test_autoplay_makes_the_players_seat_a_bot_and_a_whole_game_replays() -> None:
    settings = {**default_settings(), "autoplay": True}
    session = Session(settings, DealCode(99, 0))
    assert session.level(PLAYER) == "normal"
    while session.state != "game-over":
        if session.state == "hand-over":
            session.next_hand()
        run_bots(session)
    match = replay(session.record())
    assert match.totals == session.match.totals and match.is_over
    assert session.record()["meta"] == {"settings": settings}


def test_fallbacks_ask_ever_simpler_bots_down_to_the_easy_bot() -> None:
    request = {"fn": "decide", "level": "expert", "seed": 1, "seat": 1, "record": {}, "stamp": "1:0"}

    def levels(**changed: str) -> list[str]:
        return [r["level"] for r in fallbacks({**request, **changed})]

    assert levels() == ["normal", "easy"] and levels(level="normal") == ["easy"] and levels(level="easy") == []
    assert levels(level=CLAIM) == ["normal", "easy"]
    assert fallbacks({**request, "fn": "hint", "level": "human"}) == [
        {**request, "level": "normal"}, {**request, "level": "easy"}]


def test_hint_answers_for_the_players_seat() -> None:
    session = Session(default_settings(), DealCode(3, 3))
    request = session.bot_request("hint")
    assert request is not None and request["seat"] == PLAYER
    reply = answer(request)
    assert Action.parse(reply["action"], True) in session.hand.legal_actions()
    session.show_hint(request, reply)
    assert session.hint is not None and session.hint.text.startswith("Hint: ") and not session.notice
