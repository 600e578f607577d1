"""The view model: what the player's seat may see, and nothing more; prompts; score sheet."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table import render as table_render  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.model import BidPrompt, CallOption, CardView, ResultPrompt, WaitPrompt  # noqa: E402
from app.table.session import PLAYER, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import side_names, table_view  # noqa: E402
from engine.actions import PASS_ID  # noqa: E402
from engine.cards import CARDS, cards_of  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.rules import Rules  # noqa: E402

CARD_NAME = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                       r"(?:spades|clubs|diamonds|hearts)\b|\bjoker\b")


def cards_in(view: Any) -> set[int]:
    """Every card a view mentions (in its card views, and the cards a partner may be called by)."""
    if isinstance(view, (CardView, CallOption)):
        return {view.id}
    if isinstance(view, (list, tuple)):  # a view's fields too: views are named tuples
        return set().union(*(cards_in(v) for v in view))
    return set()


def visible_to_player(hand: Hand) -> set[int]:
    """What the rules let South see: own cards, cards played, an open misere hand, own kitty."""
    seen: set[int] = set(cards_of(hand.held[PLAYER])) | set(hand.trick_cards)
    seen |= {c for t in hand.tricks for c in t.cards}
    if hand.exposed and hand.phase == Phase.PLAY:
        seen |= set(cards_of(hand.held[hand.declarer]))
    if hand.declarer == PLAYER:
        seen |= set(cards_of(hand.kitty | hand.discards))
    return seen


def bots_play(session: Session, until: Callable[[Session], bool] = lambda s: False,
              check: Callable[[Session], object] = lambda s: None) -> Session:
    """Let the bots act (the player's seat too, with auto-play) until ``until`` or the player's turn;
    ``check(session)`` before each action and at the end."""
    while session.state == "bot" and not until(session):
        check(session)
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
    check(session)
    return session


def whole_game(code: DealCode) -> Session:
    """A whole game, the bots playing every seat (the player's too, by auto-play)."""
    session = Session({**default_settings(), "autoplay": True}, code)
    while session.state != "game-over":
        if session.state == "hand-over":
            session.next_hand()
        bots_play(session)
    return session


def play_through(settings: dict[str, Any], code: DealCode, check: Any) -> Session:
    """Bots play every seat (the player's too, by auto-play); ``check(session)`` after each action."""
    return bots_play(Session({**settings, "autoplay": True}, code), check=check)


@pytest.mark.parametrize("table, seed", [("standard", s) for s in range(12)] + [("cutthroat", s) for s in range(6)]
                         + [("american", s) for s in range(6)])
def test_the_view_shows_no_hidden_card(table: str, seed: int) -> None:
    def check(session: Session) -> None:
        view = table_view(session)
        allowed = visible_to_player(session.hand)
        assert cards_in(view) <= allowed
        html = "".join(table_render.table(view).values())
        names = {n for label in re.findall(r'aria-label="([^"]*)"', html) for n in CARD_NAME.findall(label)}
        assert names <= {CARDS[c].name for c in allowed}
        json.dumps(view)  # plain data
    play_through(default_settings(table), DealCode(seed, seed % Rules.parse(table).players), check)


def test_auction_in_order_with_passes_and_only_legal_bids() -> None:
    session = Session(default_settings(), DealCode(5, 1))  # North opens; West is last
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
    view = table_view(session)
    calls = [(s, a) for s, a in session.hand.history]
    assert [c.seat for c in view.auction] == [session.seat_name(s) for s, _ in calls]
    assert [c.passed for c in view.auction] == [a == PASS_ID for _, a in calls]
    prompt = view.prompt
    assert prompt.kind == "bid"
    legal = [str(a) for a in session.hand.legal_actions() if a != PASS_ID]
    assert [b.action for b in prompt.bids] == legal
    assert all(b.value == session.rules.bid_value(session.hand.legal_actions()[i].bid)  # type: ignore[arg-type]
               for i, b in enumerate(prompt.bids))
    html = table_render.table(view)["panel"]
    assert html.count('data-action="bid"') == len(session.hand.legal_actions())


def test_seats_show_names_levels_dealer_and_turn() -> None:
    settings = {**default_settings(), "levels": ["human", "easy", "normal", "expert"]}
    session = Session(settings, DealCode(5, 2))
    seats = table_view(session).seats
    assert [(s.name, s.who) for s in seats] == [
        ("South", "You"), ("West", "Sam · Easy bot"), ("North", "Jim · Normal bot"), ("East", "Tina · Expert bot")]
    assert [s.partner for s in seats] == [False, False, True, False]  # North, opposite
    assert [s.dealer for s in seats] == [False, False, True, False]
    assert [s.to_act for s in seats] == [False, False, False, True]


def test_misere_partner_sits_out_and_open_misere_hand_is_exposed() -> None:
    """An open misere by a bot: its partner sits out, its hand is shown once the first trick is over."""
    for seed in range(1, 2000):
        seen: list[tuple[bool, bool, int]] = []

        def check(session: Session) -> None:
            hand = session.hand
            if str(hand.contract) == "OPEN-MIS" and hand.declarer != PLAYER and hand.phase == Phase.PLAY:
                seats = table_view(session).seats
                partner = (hand.declarer + 2) % 4
                seen.append((seats[partner].sitting_out, bool(seats[hand.declarer].exposed), len(hand.tricks)))

        play_through(default_settings(), DealCode(seed, 0), check)
        if seen:
            assert all(out for out, _, _ in seen)
            assert [exposed for _, exposed, _ in seen] == [tricks >= 1 for _, _, tricks in seen]
            return
    pytest.fail("no open misere by a bot")


def test_hand_summary_and_score_sheet_match_the_engine() -> None:
    session = play_through(default_settings(), DealCode(11, 0), lambda s: None)
    assert session.state in ("hand-over", "game-over")
    view = table_view(session)
    result = session.hand.result
    assert result is not None
    prompt = view.prompt
    assert isinstance(prompt, ResultPrompt)
    text = "Everyone passed: the hand is thrown in. No score." if result.thrown_in else result.describe(session.rules)
    assert prompt.text == text
    assert [p.points for p in prompt.points] == list(result.points)
    assert list(view.sheet.sides) == side_names(session) == ["You & North", "West & East"]
    (row,) = view.sheet.rows
    assert list(row.totals) == list(session.match.totals) == [s.total for s in view.sides]


def test_a_whole_game_ends_with_the_engines_outcome() -> None:
    session = whole_game(DealCode(4, 0))
    view = table_view(session)
    outcome = session.match.outcome
    assert outcome is not None
    assert view.outcome == outcome.describe(["You & North", "West & East"])
    assert len(view.sheet.rows) == len(session.match.sheet)
    assert "Game over" in table_render.table(view)["panel"]


def test_prompts_by_phase() -> None:
    session = Session(default_settings(), DealCode(3, 3))
    assert table_view(session).prompt.kind == "bid"
    session.bid("pass")
    assert table_view(session).prompt == WaitPrompt(text="West is bidding…")


def test_american_bidding_names_inkles_the_one_call_and_where_misere_ranks() -> None:
    session = Session(default_settings("american"), DealCode(7, 3))  # South speaks first
    prompt = table_view(session).prompt
    assert isinstance(prompt, BidPrompt)
    assert "one round only" in prompt.text and "inkle" in prompt.text
    sixes = [b for b in prompt.bids if b.tricks == 6]
    assert len(sixes) == 5 and all(b.note == "an inkle" for b in sixes)
    assert all(b.note == "" for b in prompt.bids if b.tricks > 6)
    assert 'aria-label="6♠ 40 points: six spades, an inkle"' in table_render.table(table_view(session))["panel"]
    session.bid("bid 7S")
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
    assert session.state == "hand-over" or session.hand.phase != Phase.AUCTION  # nobody calls twice


def test_only_the_first_two_to_speak_may_inkle() -> None:
    session = Session(default_settings("american"), DealCode(7, 0))  # South deals and speaks last
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
    assert session.state == "you"
    prompt = table_view(session).prompt
    assert isinstance(prompt, BidPrompt)
    assert not any(b.tricks == 6 for b in prompt.bids) and "inkle" not in prompt.text


@pytest.mark.parametrize("rank, note", [("8S-8C", "ranks between 8♠ and 8♣"), ("above-sevens", "ranks above the sevens")])
def test_misere_says_where_it_ranks(rank: str, note: str) -> None:
    session = Session(default_settings(f"standard,misere_rank={rank},misere_anytime=on"), DealCode(7, 3))
    prompt = table_view(session).prompt
    assert isinstance(prompt, BidPrompt)
    misere = [b for b in prompt.bids if b.misere]
    assert [b.note for b in misere] == [note, "ranks between 10♦ and 10♥"]  # misère and open misère
    assert f'aria-label="Misère 250 {note}"' in table_render.table(table_view(session))["panel"]
