"""What the page's motion (web/motion.js) and direct play (web/drag.js) need of the app: the
trick's cards say which seat played them, the table its pace; a card dropped on the table is
played; a finished trick kept on the table until the player taps it (a preference)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.answers import answer  # noqa: E402
from app.table.session import PLAYER  # noqa: E402
from app.worker.bridge import Bridge  # noqa: E402

DEAL = "1-3-1"  # dealer East: South bids first


def started(prefs: str = "{}", pace: int = 300) -> tuple[Bridge, dict[str, Any]]:
    bridge = Bridge(seed=lambda: 7)
    local = {"five-hundred@/games/500/prefs": prefs}
    reply = bridge.handle({"op": "start", "local": local, "session": {}, "path": "/games/500/",
                           "queued": [["set:pace", str(pace)], ["start", DEAL]]})
    return bridge, reply


def to_a_finished_trick(bridge: Bridge, reply: dict[str, Any]) -> dict[str, Any]:
    """Play on (the player as the hint says) until a trick is won and a bot is to lead the next."""
    app = bridge.app
    assert app is not None and app.session is not None
    session = app.session
    while True:
        hand = session.hand
        if hand.tricks and not hand.trick_cards and session.state == "bot":
            return reply
        if session.state == "you":
            request = session.bot_request("hint")
            assert request is not None
            session.match.apply(answer(request)["action"], PLAYER)
            reply = bridge.handle({"op": "act", "action": "cancel", "value": ""})
        else:
            reply = bridge.handle({"op": "tick"})


def test_the_trick_says_who_played_each_card_and_the_table_its_pace() -> None:
    bridge, reply = started()
    reply = to_a_finished_trick(bridge, reply)
    arena = reply["regions"]["arena"]
    assert 'data-pace="300"' in arena
    seats = re.findall(r'class="trick-card at-([a-z-]+)[^"]*"[^>]*data-key="trick-\w+" data-seat="([a-z-]+)"', arena)
    assert len(seats) == 4 and all(at == seat for at, seat in seats)
    assert "Next trick" in arena  # shown by style.css only when the player keeps tricks


def test_a_finished_trick_goes_at_the_bots_pace_unless_the_player_keeps_it() -> None:
    bridge, reply = started()
    reply = to_a_finished_trick(bridge, reply)
    assert reply["due"] == 600 and reply["classes"]["trick-stays"] is False  # two pauses: it stays a beat

    bridge, reply = started('{"trick_stays": true}')
    reply = to_a_finished_trick(bridge, reply)
    assert reply["due"] is None and reply["classes"]["trick-stays"] is True  # no timer: it stays
    app = bridge.app
    assert app is not None and app.session is not None
    before = len(app.session.hand.history)
    reply = bridge.handle({"op": "tick"})  # a timer set before: nothing moves
    assert len(app.session.hand.history) == before and reply["due"] is None
    reply = bridge.handle({"op": "act", "action": "go-on", "value": ""})  # the player tapped
    assert reply["due"] == 300  # tapped away: the next lead at the bots' pace
    bridge.handle({"op": "tick"})
    assert len(app.session.hand.history) == before + 1  # the next trick is led


def test_a_finished_trick_stays_no_beat_at_no_pause() -> None:
    bridge, reply = started(pace=0)
    reply = to_a_finished_trick(bridge, reply)
    assert reply["due"] == 0


def test_a_card_dropped_on_the_table_is_played() -> None:
    bridge, reply = started(pace=0)
    app = bridge.app
    assert app is not None and app.session is not None
    session = app.session
    while not (session.state == "you" and session.playable_cards()):
        if session.state == "you":
            request = session.bot_request("hint")
            assert request is not None
            session.match.apply(answer(request)["action"], PLAYER)
        else:
            bridge.handle({"op": "tick"})
    card = min(session.playable_cards())
    bridge.handle({"op": "act", "action": "play-card", "value": str(int(card))})
    assert any(seat == PLAYER and a.played_card == card for seat, a in session.hand.history)


def test_keeping_the_trick_is_offered_at_the_table_not_on_the_start_screen() -> None:
    bridge, reply = started()
    app = bridge.app
    assert app is not None
    app.dispatch("dialog", "menu")
    assert 'data-action="pref:trick_stays"' in app.regions()["dialog"]
    assert "Keep a finished trick on the table until I tap it" in app.regions()["dialog"]
    app.dispatch("dialog", "")
    app.dispatch("new-game", "")
    start = app.regions()["start"]
    assert 'data-action="pref:sound"' in start and "pref:trick_stays" not in start
