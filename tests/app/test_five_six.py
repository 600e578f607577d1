"""Five and six at the table (web/app/table/partners.py and the views that use it): the partner picker,
the called partner known only when the rules say so, the share of the score, misère with the
partners sitting out, the six-handed and doubled decks' cards, the score sheet's columns."""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.cards import card_name, hand_order  # noqa: E402
from app.table import render as table_render  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.dialogs import score_sheet  # noqa: E402
from app.table.model import CallPrompt, ResultPrompt  # noqa: E402
from app.table.partners import called_played  # noqa: E402
from app.table.session import PLAYER, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import card_view, short_side_names, table_view  # noqa: E402
from engine.actions import ALONE  # noqa: E402
from engine.bids import Bid  # noqa: E402
from engine.cards import CARDS, Card, cards_of  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.decks import Deck  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.trumps import trump_order  # noqa: E402
from tests.app.test_view import bots_play, cards_in, visible_to_player  # noqa: E402

CARD_NAME = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|jack|queen|"
                       r"king|ace) of (?:spades|clubs|diamonds|hearts)\b|\bjoker\b")


def at_the_call(seed: int = 1) -> Session:
    """Five players, South bids first and wins with eight hearts, then puts back three cards."""
    session = Session(default_settings("five-handed"), DealCode(seed, 4))
    session.bid("bid 8H")
    while session.state != "you" or session.hand.phase == Phase.AUCTION:
        if session.state == "you":
            session.bid("pass")
        bots_play(session)
    assert session.hand.declarer == PLAYER and session.hand.phase == Phase.DISCARD
    for c in session.hand.hand_of(PLAYER)[:3]:
        session.tap(c)
    session.discard()
    assert session.hand.phase == Phase.CALL  # type: ignore[comparison-overlap]  # mypy keeps the narrowing above
    return session


def autoplayed(table: str, seed: int, dealer: int, check: Callable[[Session], None] = lambda s: None) -> Session:
    return bots_play(Session({**default_settings(table), "autoplay": True}, DealCode(seed, dealer)), check=check)


# --- the partner picker -------------------------------------------------------------------
def test_the_picker_offers_exactly_the_legal_calls_trumps_first_high_to_low() -> None:
    session = at_the_call()
    hand = session.hand
    prompt = table_view(session).prompt
    assert isinstance(prompt, CallPrompt)
    assert prompt.kind == "call" and prompt.can_alone and prompt.chosen == ""
    offered = [c.id for g in prompt.groups for c in g.cards]
    legal = [a.called_card for a in hand.legal_actions() if a.called_card is not None]
    assert sorted(offered) == sorted(legal) and len(offered) == len(set(offered))
    assert not set(offered) & (set(hand.hand_of(PLAYER)) | set(cards_of(hand.discards)))
    order = trump_order(Deck.FULL_52, 3)  # hearts
    assert prompt.groups[0].title == "Trumps: hearts"
    for g in prompt.groups:
        powers = [order.power[c.id] for c in g.cards]
        assert powers == sorted(powers, reverse=True)
        assert {order.suit[c.id] for c in g.cards} == {g.suit}
    assert [c.id for g in prompt.groups for c in g.cards] == hand_order(
        session.rules, tuple(CARDS[c] for c in offered), Bid.parse("8H"))
    left_bower = Card.parse("JD")
    if left_bower in offered:  # shown with its suit in the trump row
        assert any(c.text == "J♦" for c in prompt.groups[0].cards)


def test_the_picker_renders_named_buttons_with_unique_keys_and_play_alone() -> None:
    session = at_the_call()
    html = table_render.table(table_view(session))["panel"]
    cells = re.findall(r'<button[^>]*data-action="call-card"[^>]*>', html)
    keys = re.findall(r'data-key="(call-\d+)"', html)
    assert len(cells) == len(keys) == len(set(keys)) == len(session.hand.legal_actions()) - 1
    prompt = table_view(session).prompt
    assert isinstance(prompt, CallPrompt)
    first = prompt.groups[0].cards[0]
    assert f'aria-label="{first.label}" aria-pressed="false" data-autofocus' in html
    assert 'aria-label="Cards you can call"' in html and ">Play alone</button>" in html
    assert re.search(r'<button[^>]*data-action="call"[^>]*disabled[^>]*>Call a card<', html)


def test_choose_then_call_or_tap_twice() -> None:
    session = at_the_call()
    card = next(a.called_card for a in session.hand.legal_actions() if a.called_card is not None)
    session.choose_call(card)
    prompt = table_view(session).prompt
    assert session.hand.phase == Phase.CALL and isinstance(prompt, CallPrompt) and prompt.chosen == card.name
    html = table_render.table(table_view(session))["panel"]
    assert f"Call the {card.name}</button>" in html and 'aria-pressed="true"' in html
    session.choose_call(card)  # again: called
    assert session.hand.called == card and session.hand.phase > Phase.CALL and not session.notice


def test_a_card_of_ones_own_hand_cannot_be_called() -> None:
    session = at_the_call()
    mine = session.hand.hand_of(PLAYER)[0]
    session.choose_call(mine)
    assert session.notice == "You can't call that card: call one you don't hold."
    assert session.selected is None and session.hand.phase == Phase.CALL
    session.call_partner()
    assert session.notice == "Choose the card to call first." and session.hand.phase == Phase.CALL


def test_playing_alone() -> None:
    session = at_the_call()
    session.play_alone()
    assert session.hand.called is None and session.hand.phase > Phase.CALL
    assert session.hand.history[-1][1] == ALONE
    view = table_view(session)
    assert view.contract is not None and view.contract.alone
    assert "You bid eight hearts (300), to take 8 tricks, playing alone." in table_render.table(view)["top"]


def test_the_controller_dispatches_the_picker() -> None:
    from app.worker.controller import App
    app = App()
    app.session = at_the_call()
    card = next(a.called_card for a in app.session.hand.legal_actions() if a.called_card is not None)
    app.dispatch("call-card", str(int(card)))
    assert app.session.selected == card
    app.dispatch("call")
    assert app.session.hand.called == card


# --- the called partner: known when the rules say so, never before ------------------------------
@pytest.mark.parametrize("seed, partner_is_me", [(2, False), (13, True)])
def test_the_partner_is_shown_once_known_never_before(seed: int, partner_is_me: bool) -> None:
    seen = {"secret": 0, "revealed": 0}

    def check(session: Session) -> None:
        hand, obs = session.hand, observe(session.hand, PLAYER)
        view = table_view(session)
        roles = {s.seat: s.role for s in view.seats if s.role}
        top = table_render.table(view)["top"]
        if hand.called is None or hand.phase < Phase.PLAY:
            assert "Partner" not in " ".join(roles.values())
            return
        called, declarer = hand.called, session.seat_name(hand.declarer)
        if called.is_joker:  # no suit symbol to label: the word
            assert f"calling the {called.name}" in top and "calling the JK" not in top
        else:
            assert f'aria-label="{called.name}"' in top and "calling the" in top
        assert roles[hand.declarer] == "Bidder"
        if called_played(obs):
            seen["revealed"] += 1
            assert roles.get(hand.partner) == "Partner"
            words = f"You are {declarer}'s partner." if partner_is_me else \
                f"{session.seat_name(hand.partner)} holds it: {declarer}'s partner."
        elif partner_is_me:  # the player holds the called card: they know, and are told so
            seen["secret"] += 1
            assert roles == {hand.declarer: "Bidder", PLAYER: "Partner (secret)"}
            words = f"You hold it: you are {declarer}'s partner, secret until you play it."
            assert f'aria-label="{called.name}, the called card' in table_render.table(view)["hand"]
        else:
            seen["secret"] += 1
            assert roles == {hand.declarer: "Bidder"}
            assert all(not c.called for c in view.trick.cards)
            words = f"Whoever holds it is {declarer}'s partner, secret until it is played."
        assert escape(words) in top

    session = autoplayed("five-handed", seed, seed % 5, check)
    hand = session.hand
    assert hand.declarer != PLAYER and (hand.partner == PLAYER) == partner_is_me
    assert seen["secret"] and seen["revealed"]


def test_the_called_card_is_marked_in_the_trick() -> None:
    session = autoplayed("five-handed", 2, 2)
    called = session.hand.called
    assert called is not None
    number = next(i for i, t in enumerate(session.hand.tricks, 1) if called in t.cards)
    while len(session.hand.tricks) > number or session.hand.trick_cards:  # back to the end of that trick
        session.hand.pop()
    view = table_view(session)
    marked = [c for c in view.trick.cards if c.called]
    assert [c.card.id for c in marked] == [called]
    assert ", the called card" in table_render.table(view)["arena"]


@pytest.mark.parametrize("table", ["five-handed", "six-handed"])
def test_every_card_of_the_trick_is_captioned_with_who_played_it(table: str) -> None:
    session = autoplayed(table, 3, 1)
    while len(session.hand.tricks) > 1 or session.hand.trick_cards:  # back to the end of the first trick
        session.hand.pop()
    view = table_view(session)
    trick = view.trick.cards
    assert len(trick) == session.rules.players
    assert sorted(c.caption for c in trick) == sorted("You" if s == PLAYER else session.seat_name(s)
                                                          for s in range(session.rules.players))
    assert table_render.table(view)["arena"].count('class="trick-who"') == session.rules.players


@pytest.mark.parametrize("table, seed", [("five-handed", s) for s in range(6)] + [("six-handed", s) for s in range(4)]
                         + [("six-handed-pairs", 1), ("six-handed,deck=63-doubled", 2)])
def test_the_view_shows_no_hidden_card_at_five_and_six(table: str, seed: int) -> None:
    def check(session: Session) -> None:
        view = table_view(session)
        hand = session.hand
        allowed = visible_to_player(hand)
        assert cards_in(view) <= allowed
        public = allowed | ({hand.called} if hand.called is not None else set())
        html = "".join(table_render.table(view).values())
        names = {n for label in re.findall(r'aria-label="([^"]*)"', html) for n in CARD_NAME.findall(label)}
        assert names <= {CARDS[c].base.name for c in public}  # the pattern leaves out "(second deck)"
    autoplayed(table, seed, seed % Rules.parse(table).players, check)


# --- the result and the score sheet at five ---------------------------------------------------
def test_result_with_partners_shares_and_roles() -> None:
    session = autoplayed("five-handed", 2, 2)
    result = session.hand.result
    assert result is not None and result.declarer is not None and len(result.bidders) == 2
    declarer, partner = (session.seat_name(s) for s in (result.declarer, *set(result.bidders) - {result.declarer}))
    prompt = table_view(session).prompt
    assert isinstance(prompt, ResultPrompt)
    assert f"{declarer} and {partner} were partners: each scores half the bid." in prompt.text
    roles = {line.name: line.role for line in prompt.points}
    assert roles[declarer] == "bidder" and roles[partner] == "partner"
    assert sorted(roles.values()) == ["", "", "", "bidder", "partner"]
    gain = result.points[result.declarer]
    assert result.points[session.rules.side_of(result.bidders[1])] == gain
    row = table_view(session).sheet.rows[0]
    assert row.contract.endswith(f"{declarer} & {partner}")


def test_full_value_and_alone_are_said() -> None:
    settings = {**default_settings("five-handed"), "rules": "five-handed,partner_share=full", "autoplay": True}
    session = bots_play(Session(settings, DealCode(2, 2)))
    assert "each scores the whole bid." in table_view(session).prompt.text
    alone = autoplayed("five-handed", 6, 1)
    assert alone.hand.called is None
    assert alone.hand.declarer == PLAYER
    assert "You played alone, for the whole bid." in table_view(alone).prompt.text
    assert table_view(alone).sheet.rows[0].contract.endswith("South alone")


def test_score_sheet_columns_use_initials_at_five_and_six() -> None:
    assert short_side_names(Session(default_settings("five-handed"), DealCode(1, 0))) == ["You", "W", "NW", "NE", "E"]
    assert short_side_names(Session(default_settings("six-handed"), DealCode(1, 0))) == ["You & NW & NE", "SW & N & SE"]
    assert short_side_names(Session(default_settings("six-handed-pairs"), DealCode(1, 0))) == [
        "You & N", "SW & NE", "NW & SE"]
    assert short_side_names(Session(default_settings("standard"), DealCode(1, 0))) == ["You & North", "West & East"]
    sheet = score_sheet(table_view(Session(default_settings("five-handed"), DealCode(1, 0))).sheet)
    assert '<abbr title="North-West">NW</abbr>' in sheet and "sides-5" in sheet


# --- misère at six: the bidder's partners lay their hands down -------------------------------------
def test_six_handed_misere_partners_sit_out() -> None:
    session = Session({**default_settings("six-handed")}, DealCode(1, 1))  # South bids misère: NW and NE sit out
    session.settings["autoplay"] = True
    bots_play(session, until=lambda s: s.hand.phase >= Phase.PLAY)
    hand = session.hand
    assert hand.contract is not None and hand.contract.is_misere and hand.declarer == PLAYER
    view = table_view(session)
    out = [s.name for s in view.seats if s.sitting_out]
    assert out == ["North-West", "North-East"]
    assert view.contract is not None
    assert view.contract.note == "North-West and North-East sit out, their hands laid down."
    arena = table_render.table(view)["arena"]
    assert arena.count("laid down: sitting out") == 2 and arena.count("Sitting out") == 2


def test_the_player_sitting_out_is_told_and_the_hand_laid_down() -> None:
    session = Session({**default_settings("six-handed"), "pace_ms": 0}, DealCode(1, 5))
    while session.hand.phase < Phase.PLAY:
        if session.state == "you":
            session.bid("pass")
        bots_play(session, until=lambda s: s.hand.phase >= Phase.PLAY)
    hand = session.hand
    assert hand.contract is not None and hand.contract.is_misere and not hand.active[PLAYER]
    view = table_view(session)
    declarer = session.seat_name(hand.declarer)
    assert view.prompt.text.startswith(f"{declarer}'s misère: you sit out, your hand laid down. ")
    assert view.contract is not None
    assert view.contract.note.startswith("You and ")
    html = table_render.table(view)["hand"]
    assert 'class="hand n10 laid-down"' in html and "laid down: you sit out" in html


# --- the cards of the six-handed and doubled decks ------------------------------------------------
def test_eleven_twelve_and_thirteen_rank_between_queen_and_ten_and_read_clearly() -> None:
    cards = tuple(Card.parse(t) for t in "10H 11H 12H 13H QH KH 9H".split())
    order = hand_order(Rules.parse("six-handed"), cards, None)
    assert [str(c) for c in order] == ["KH", "QH", "13H", "12H", "11H", "10H", "9H"]
    face = table_render.face(card_view(Card.parse("12S")))
    assert '<use href="#glyph-12" transform="translate(54 76) scale(0.4)"/>' in face  # the number large in the middle
    assert card_view(Card.parse("13D")).label == "thirteen of diamonds"


def test_second_copies_are_named_marked_and_keyed_apart() -> None:
    first, second = Card.parse("2S"), Card.parse("2S'")
    assert card_name(first) == "two of spades" and card_name(second) == "two of spades (second deck)"
    assert 'class="cf black copy"' in table_render.face(card_view(second)) and '"#glyph-2nd"' in table_render.face(card_view(second))
    assert "copy" not in table_render.face(card_view(first))
    for seed in range(40):  # a deal where the player holds a second copy
        session = Session(default_settings("six-handed,deck=63-doubled"), DealCode(seed, 5))
        if any(c.is_copy for c in session.hand.hand_of(PLAYER)):
            break
    html = table_render.table(table_view(session))["hand"]
    keys = re.findall(r'data-key="([^"]+)"', html)
    labels = re.findall(r'<button[^>]*aria-label="([^",]+)', html)
    assert len(keys) == len(set(keys)) == len(labels) == len(set(labels)) == 10
    assert any(label.endswith("(second deck)") for label in labels)


def test_the_rules_help_tells_how_five_and_six_play() -> None:
    from app.table.help import rules_help
    five = " ".join(rules_help(Rules.parse("five-handed"))[0].paragraphs)
    assert "calls a card for a partner, or plays alone" in five and "Partners each score half the bid" in five
    six = rules_help(Rules.parse("six-handed"))
    assert "you sit South with North-West and North-East" in six[0].paragraphs[0]
    assert "The bidder's partners lay their hands down and sit out." in six[2].paragraphs
    assert "second deck's 2s, 3s and red 4s (marked “2nd”" in rules_help(
        Rules.parse("six-handed,deck=63-doubled"))[1].paragraphs[0]


def test_a_second_copy_is_named_so_in_refusals_and_hints_too() -> None:
    """The engine's card name says "(second deck)": the table, a refusal and a hint all use it."""
    from engine.actions import play
    copy = Card.parse("2S'")
    assert play(copy).name == "play two of spades (second deck)"
    for seed in range(200):  # the player in play, to follow suit, holding a second copy that cannot be played
        session = bots_play(Session({**default_settings("six-handed,deck=63-doubled"), "autoplay": True},
                                    DealCode(seed, 5)), until=lambda s: s.hand.phase == Phase.PLAY
                            and s.hand.to_act == PLAYER)
        hand = session.hand
        if hand.phase != Phase.PLAY or hand.to_act != PLAYER:
            continue
        session.set_autoplay(False)
        stuck = [c for c in hand.hand_of(PLAYER) if c.is_copy and c not in session.playable_cards()]
        if stuck:
            session.tap(int(stuck[0]))
            assert f"You can't play the {stuck[0].base.name} (second deck): " in session.notice
            return
    raise AssertionError("no deal found")
