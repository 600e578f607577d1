"""Undo in casual games (the player's last call or card and the bots' moves after it, any number
of steps within the hand; in the record and the stats; not in shared deals, challenges or
tournaments), and playing a card with one tap."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.history.stats import aggregate, summarize  # noqa: E402
from app.store import links  # noqa: E402
from app.store.prefs import Preferences  # noqa: E402
from app.store.saves import Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.model import TableView  # noqa: E402
from app.table.session import PLAYER, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.errors import RecordError  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.record import replay, to_record  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402
from tests.app.test_saves import PREFIX, FakeStorage, clock  # noqa: E402


def hinted(session: Session) -> None:
    """The player makes the move the hint suggests (a whole put-back of the kitty at once)."""
    while True:
        request = session.bot_request("hint")
        assert request is not None
        action = answer(request)["action"]
        session.match.apply(action, PLAYER)
        if session.hand.phase != Phase.DISCARD or session.state != "you":
            break
    bots_play(session)


def shown(view: TableView) -> TableView:
    """The table as the player sees it, but for the notice."""
    return view._replace(notice="")


def until_phase(session: Session, phase: Phase, tricks: int = 0) -> None:
    """The player and the bots play on until the player is to act in ``phase`` (after ``tricks``)."""
    bots_play(session)
    while not (session.state == "you" and session.hand.phase == phase and len(session.hand.tricks) >= tricks):
        assert session.state == "you", "the hand ended first"
        hinted(session)


def test_undo_takes_back_a_bid_and_the_bots_calls_after_it() -> None:
    session = bots_play(Session(default_settings(), DealCode(5, 1)))
    assert session.hand.phase == Phase.AUCTION and session.undo_point() is None  # nothing of the player's yet
    before, history = shown(table_view(session)), list(session.hand.history)
    bid = next(a for a in session.hand.legal_actions() if a.bid is not None)
    session.bid(str(bid))
    bots_play(session)
    assert len(session.hand.history) > len(history) + 1  # the bots called after it
    session.undo()
    assert session.hand.history == history and session.state == "you"
    assert shown(table_view(session)) == before  # the same auction, the same bids offered, the same hand
    assert bid.bid is not None
    assert session.notice.startswith(f"Taken back: your bid of {bid.bid.name} and the ")


@pytest.mark.parametrize("seed", [3, 8])
def test_undo_in_play_restores_the_trick_and_the_hand_any_number_of_steps(seed: int) -> None:
    session = Session(default_settings(), DealCode(seed, 0))
    until_phase(session, Phase.PLAY, tricks=2)
    positions = []
    for _ in range(3):  # three of the player's cards, each with the bots' moves after it
        positions.append((shown(table_view(session)), list(session.hand.history)))
        hinted(session)
        if session.state != "you":
            break
    for view, history in reversed(positions):
        assert session.undo_point() is not None
        session.undo()
        assert session.hand.history == history
        assert shown(table_view(session)) == view  # the same cards in hand, the same trick
    assert session.notice.startswith("Taken back: your ")


def test_undo_takes_back_the_whole_put_back_of_the_kitty() -> None:
    for seed in range(40):
        session = Session(default_settings(), DealCode(seed, 0))
        bots_play(session)
        hinted(session)  # the player's bid: won if the next state is their discard
        if session.state == "you" and session.hand.phase == Phase.DISCARD:
            break
    else:
        pytest.fail("no deal where the player takes the kitty")
    before = list(session.hand.history)
    hinted(session)
    assert session.hand.phase != Phase.DISCARD
    session.undo()
    assert session.hand.history == before and session.hand.phase == Phase.DISCARD
    assert session.notice.startswith("Taken back: your put-back of the kitty")


def test_the_record_says_where_undos_happened_and_still_replays() -> None:
    session = bots_play(Session(default_settings(), DealCode(5, 1)))
    session.bid("pass")
    bots_play(session)
    taken_from = len(session.hand.history)
    point = session.undo_point()
    session.undo()
    record = to_record(session.match)
    assert record["hands"][-1]["undos"] == [[taken_from, point]]
    again = replay(record)
    assert again.hand.history == session.hand.history and again.undos == session.match.undos
    bad = {**record, "hands": [{**record["hands"][0], "undos": [[3, 5]]}]}
    with pytest.raises(RecordError, match="malformed 'undos'"):
        replay(bad)


def test_the_saved_game_keeps_the_undone_position_and_the_undos() -> None:
    storage = FakeStorage()
    app = App(settings={**default_settings(), "pace_ms": 0}, seed=lambda: 7, saves=Saves(storage, clock=clock))
    app.dispatch("start", str(DealCode(5, 1)))
    session = app.session
    assert session is not None
    bots_play(session)
    app.dispatch("bid", "pass")
    bots_play(session)
    app.save()
    assert 'data-action="undo"' in app.regions()["panel"]
    app.dispatch("undo")
    history = list(session.hand.history)
    again = App(seed=lambda: 0, saves=Saves(storage, clock=clock))  # a new visit
    again.dispatch("resume", app.game_id)
    assert again.session is not None and again.session.hand.history == history
    assert again.session.match.undos == session.match.undos != [[]]
    assert summarize(again.session.match)["undos"] == 1


def test_stats_count_the_undos() -> None:
    session = bots_play(Session(default_settings(), DealCode(5, 1)))
    session.bid("pass")
    session.undo()
    summary = summarize(session.match)
    assert summary["undos"] == 1
    stats = aggregate([{**summary, "won": True}, {**summary, "won": False}, {**summary, "won": True, "undos": "x"}])
    assert stats.undos == 2 and "Moves taken back (undo): 2" in stats.lines()
    assert not any("taken back" in line for line in aggregate([{**summary, "undos": 0, "won": True}]).lines())


@pytest.mark.parametrize("how", ["shared", "challenge", "tournament"])
def test_undo_is_not_offered_in_a_shared_deal_a_challenge_or_a_tournament(how: str) -> None:
    rules = default_settings()["rules"]
    if how == "tournament":
        app = App(seed=lambda: 5)
        app.dispatch("set:table", "tournament")
        app.dispatch("start")
    else:
        code = DealCode(5, 1)
        query = links.deal_link(__import__("engine.rules", fromlist=["Rules"]).Rules.parse(rules), code)
        if how == "challenge":
            played = bots_play(Session({**default_settings(), "autoplay": True}, code))
            query = links.challenge_link(played.hand, code)
        app = App(seed=lambda: 0, query=query)
        assert app.kind == how
    session = app.session
    assert session is not None
    bots_play(session)
    history = list(session.hand.history)
    request = session.bot_request("hint")
    assert request is not None
    app.dispatch("bid", answer(request)["action"])
    bots_play(session)
    assert session.undo_point() is None and not table_view(session).can_undo
    assert 'data-action="undo"' not in "".join(app.regions().values())
    app.dispatch("undo")
    assert len(session.hand.history) > len(history) and session.notice.startswith("There is nothing")


def test_one_tap_plays_a_card_at_once_and_is_kept() -> None:
    storage = FakeStorage()
    for one_tap in (False, True):
        prefs = Preferences(storage, PREFIX)
        prefs.set("one_tap", one_tap)
        app = App(settings=default_settings(), seed=lambda: 3, prefs=Preferences(storage, PREFIX))
        app.dispatch("start")
        session = app.session
        assert session is not None
        until_phase(session, Phase.PLAY)
        card = next(c for c in table_view(session).hand if c.legal)
        played = len(session.hand.history)
        panel = app.regions()["panel"]
        assert ("Tap a card to play it." in panel) == one_tap and ('data-action="play"' in panel) != one_tap
        app.dispatch("card", str(card.id))
        assert (len(session.hand.history) > played) == one_tap  # played, or only selected
        assert (session.selected is None) == one_tap


def test_a_bots_answer_asked_before_an_undo_is_never_applied_after_it() -> None:
    session = bots_play(Session(default_settings(), DealCode(5, 1)))
    app_view = table_view(session)
    session.bid("pass")
    assert session.state == "bot" and table_view(session).can_undo  # undo while a bot thinks
    request = session.bot_request()
    assert request is not None
    session.undo()
    session.bid("pass")  # the same move again: as many actions as when the bot was asked
    assert len(session.hand.history) == len(app_view.auction) + 1
    assert not session.apply_bot(request, answer(request))  # stale: asked before the undo
    fresh = session.bot_request()
    assert fresh is not None and session.apply_bot(fresh, answer(fresh))
