"""The first-game guide on the table (web/app/start/guide.py, its text in web/app/table/help.py)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store.prefs import Preferences  # noqa: E402
from app.table.help import guide_steps  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from tests.app.test_render import Markup  # noqa: E402
from tests.app.test_saves import PREFIX, FakeStorage  # noqa: E402


def guide_of(app: App) -> str:
    found = re.search(r'<aside class="guide".*?</aside>', app.regions()["arena"])
    return found[0] if found else ""


def test_off_unless_chosen_then_on_the_table_step_by_step() -> None:
    storage = FakeStorage()
    app = App(prefs=Preferences(storage, PREFIX))
    assert 'data-action="pref:guide"' in app.regions()["start"]  # offered with the other settings
    app.dispatch("start", "1-3-abc")
    assert guide_of(app) == ""
    app.dispatch("pref:guide", "on")
    arena = app.regions()["arena"]
    assert arena.endswith("</aside>") and '<aside class="guide" aria-labelledby="guide-title">' in arena
    Markup(arena)
    titles = []
    for _ in range(4):
        guide = guide_of(app)
        assert "data-autofocus" not in guide  # the player's decision keeps the focus
        titles.append(re.search(r'<h2 id="guide-title">([^<]*)</h2>', guide)[1])  # type: ignore[index]
        app.dispatch("guide", "next")
    assert titles == ["First game, 1 of 4: Bidding", "First game, 2 of 4: The kitty",
                      "First game, 3 of 4: The bowers", "First game, 4 of 4: The joker"]
    assert ">Done</button>" in guide_of(app) and 'data-value="close"' in guide_of(app)
    app.dispatch("guide", "back")
    assert "3 of 4" in guide_of(app)
    app.dispatch("guide", "close")
    assert guide_of(app) == "" and json.loads(storage.data[PREFIX + "prefs"])["guide"] is False
    again = App(prefs=Preferences(storage, PREFIX))  # the next visit: remembered
    again.dispatch("start", "1-3-abc")
    assert guide_of(again) == ""


def test_reopened_from_rules_at_its_first_step() -> None:
    storage = FakeStorage()
    app = App(prefs=Preferences(storage, PREFIX))
    app.dispatch("start", "1-3-abc")
    app.dispatch("dialog", "help")
    rules = app.regions()["dialog"]
    assert 'data-action="guide" data-value="open"' in rules and "Show the first-game guide" in rules
    app.dispatch("guide", "open")
    assert app.dialog == "" and "1 of 4: Bidding" in guide_of(app)
    assert json.loads(storage.data[PREFIX + "prefs"])["guide"] is True


def test_the_text_is_short_and_fits_the_table() -> None:
    standard = guide_steps(PRESETS["standard"])
    assert "J♥ counts as a diamond when diamonds are trumps" in standard[2].text
    assert "the 3 kitty cards" in standard[1].text
    assert "the 5 kitty cards" in guide_steps(PRESETS["american"])[1].text
    assert standard[3].title == "The joker" and "white joker" not in standard[3].text
    assert "the black joker the next" in guide_steps(PRESETS["french-canadian"])[3].text
    assert all(len(s.text) < 320 for rules in PRESETS.values() for s in guide_steps(rules))
