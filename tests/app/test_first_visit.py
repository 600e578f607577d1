"""A first visit (nothing kept yet) is offered the first-game guide, once: either answer is
remembered; the guide turned on in the middle of a hand starts at the step of that part of it."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store.prefs import Preferences  # noqa: E402
from app.store.saves import Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.session import PLAYER  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.hand import Phase  # noqa: E402
from tests.app.test_render import Markup  # noqa: E402
from tests.app.test_saves import PREFIX, FakeStorage  # noqa: E402

OFFER = '<aside class="guide guide-offer"'


def guide_title(app: App) -> str:
    found = re.search(r'<h2 id="guide-title">([^<]*)</h2>', app.regions()["arena"])
    return found[1] if found else ""


def test_a_first_visit_is_offered_the_guide_and_the_answer_is_remembered() -> None:
    for choice, on in (("open", True), ("close", False)):
        storage = FakeStorage()
        app = App(prefs=Preferences(storage, PREFIX))
        app.dispatch("start", "1-3-abc")
        arena = app.regions()["arena"]
        assert OFFER in arena and 'data-action="guide" data-value="open"' in arena
        Markup(arena)
        app.dispatch("guide", choice)
        assert OFFER not in app.regions()["arena"]
        assert (guide_title(app) == "First game, 1 of 4: Bidding") is on
        assert json.loads(storage.data[PREFIX + "prefs"])["guide"] is on
        again = App(prefs=Preferences(storage, PREFIX))  # the next visit
        again.dispatch("start", "1-3-abc")
        assert OFFER not in again.regions()["arena"]


def test_a_visit_with_settings_or_games_kept_is_not_offered_the_guide() -> None:
    storage = FakeStorage()
    Preferences(storage, PREFIX).set("sound", False)
    app = App(prefs=Preferences(storage, PREFIX))
    app.dispatch("start", "1-3-abc")
    assert OFFER not in app.regions()["arena"]
    storage = FakeStorage()
    saves = Saves(storage, prefix=PREFIX)
    App(saves=saves, prefs=Preferences(storage, PREFIX)).dispatch("start", "1-3-abc")  # a game saved
    app = App(saves=saves, prefs=Preferences(storage, PREFIX))
    app.dispatch("start", "1-3-abc")
    assert OFFER not in app.regions()["arena"]


def test_the_guide_turned_on_mid_hand_starts_where_the_hand_is() -> None:
    app = App(prefs=Preferences(FakeStorage(), PREFIX))
    app.dispatch("start", "1-3-abc")
    session = app.session
    assert session is not None
    app.dispatch("pref:guide", "on")
    assert guide_title(app) == "First game, 1 of 4: Bidding"
    app.dispatch("pref:guide", "off")
    while session.hand.phase != Phase.PLAY:  # the bots (and the player, as the hint says) bid on
        if (request := session.bot_request()) is not None:
            session.apply_bot(request, answer(request))
        else:
            hint = session.bot_request("hint")
            assert hint is not None
            session.match.apply(answer(hint)["action"], PLAYER)
    app.dispatch("dialog", "help")
    app.dispatch("guide", "open")  # from Rules
    assert guide_title(app) == "First game, 3 of 4: The bowers"
    app.dispatch("guide", "back")
    assert guide_title(app) == "First game, 2 of 4: The kitty"
