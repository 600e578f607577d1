"""A claim is part of the saved game: a reload plays the rest of the hand out as claimed,
and a save from before claims were saved still loads (no claim in it)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bots.claim import claim_order
from engine.deal import DealCode
from engine.hand import Phase
from engine.observation import observe

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store.saves import Saves, parse_save  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.worker.controller import App  # noqa: E402
from tests.app.test_links_saves import new_app, run_bots  # noqa: E402
from tests.app.test_saves import PREFIX, FakeStorage  # noqa: E402


def at_a_claim(storage: FakeStorage, tab: FakeStorage) -> App:
    """A game whose player (auto-play until then) may claim the rest of the tricks now."""
    for seed in range(200):
        app = new_app(storage, tab=tab)
        app.dispatch("new-game")  # the tab's last game resumed: Deal is on the start screen
        app.dispatch("start", str(DealCode(seed, 3)))
        app.dispatch("autoplay", "on")
        session = app.session
        assert session is not None and session.settings["autoplay"]
        while session.state == "bot" and not (
                session.hand.phase == Phase.PLAY and session.hand.to_act == 0 and len(session.hand.tricks) < 9
                and claim_order(observe(session.hand, 0)) is not None):
            request = app.bot_request()
            assert request is not None
            app.bot_answer(request, answer(request))
        if session.state == "bot" and session.hand.phase == Phase.PLAY:
            app.dispatch("autoplay", "off")
            return app
    pytest.fail("no claim found")


def test_a_claim_survives_a_reload_and_plays_out() -> None:
    storage, tab = FakeStorage(), FakeStorage()
    app = at_a_claim(storage, tab)
    assert app.session is not None
    tricks = app.session.claimable()
    assert tricks
    app.dispatch("claim")
    saved = json.loads(storage.data[PREFIX + "game/" + app.game_id])
    assert saved["claims"] == [0]
    again = new_app(storage, tab=tab)  # the reload
    session = again.session
    assert session is not None and session.claimed and session.level(0) == "claim"
    run_bots(again)
    assert session.state in ("hand-over", "game-over")
    assert all(t.winner == 0 for t in session.hand.tricks[-tricks:])
    assert json.loads(storage.data[PREFIX + "game/" + again.game_id])["claims"] == [0]
    if session.state == "hand-over":
        again.dispatch("next")
        assert not session.claimed and session.claims == [0]  # the next hand is the player's again


def test_a_save_without_claims_loads_with_none() -> None:
    storage, tab = FakeStorage(), FakeStorage()
    app = new_app(storage, tab=tab)
    app.dispatch("start", "1-3-abc")
    raw = storage.data[PREFIX + "game/" + app.game_id]
    assert "claims" not in json.loads(raw)  # the format as before claims were saved
    assert parse_save(raw).claims == ()
    assert Saves(storage).load(app.game_id) is not None
    again = new_app(storage, tab=tab)
    assert again.session is not None and again.session.claims == [] and not again.session.claimed


def test_the_cards_chosen_for_the_kitty_survive_a_reload() -> None:
    """Issue 39, 8: a reload during the kitty forgot the cards already chosen to put back."""
    storage, tab = FakeStorage(), FakeStorage()
    app = new_app(storage, tab=tab)
    app.dispatch("start", "1-3-2")
    app.dispatch("bid", "bid 10NT")
    run_bots(app)
    session = app.session
    assert session is not None and session.hand.phase == Phase.DISCARD
    chosen = [int(c) for c in session.hand.hand_of(0)[:2]]
    for card in chosen:
        app.dispatch("card", str(card))
    again = new_app(storage, tab=tab)  # the reload
    assert again.session is not None and [int(c) for c in again.session.picks] == chosen
    app.dispatch("card", str(chosen[0]))  # put back in the hand: not chosen after a reload either
    reloaded = new_app(storage, tab=tab).session
    assert reloaded is not None and [int(c) for c in reloaded.picks] == chosen[1:]
