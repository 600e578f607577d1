"""The page's preferences (web/app/store/prefs.py): kept between visits, offered at the start and in
the menu, shown by a class on the page."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.tags import bid_html  # noqa: E402
from app.store.prefs import Preferences  # noqa: E402
from app.store.saves import scope  # noqa: E402
from app.table.settings import DEFAULT_PREFERENCES  # noqa: E402
from app.worker.controller import App  # noqa: E402
from tests.app.test_saves import FakeStorage  # noqa: E402

PREFIX = scope("/games/500/")


def test_a_choice_is_kept_for_the_next_visit() -> None:
    storage = FakeStorage()
    prefs = Preferences(storage, PREFIX)
    assert prefs.values == DEFAULT_PREFERENCES == {"four_colour": False, "sound": True, "one_tap": False, "guide": False,
                                                      "trick_stays": False}
    assert prefs.body_classes == {"four-colour": False, "trick-stays": False, "sounds-on": True}
    prefs.set("four_colour", True)
    prefs.set("sound", False)
    prefs.set("volume", True)  # not a preference: ignored
    assert json.loads(storage.data[PREFIX + "prefs"]) == {"four_colour": True, "sound": False, "one_tap": False,
                                                          "guide": False, "trick_stays": False}
    again = Preferences(storage, PREFIX)
    assert again.values == {"four_colour": True, "sound": False, "one_tap": False, "guide": False, "trick_stays": False}
    assert again.body_classes == {"four-colour": True, "trick-stays": False, "sounds-on": False}
    assert Preferences(storage, scope("/other/")).values == DEFAULT_PREFERENCES  # another site's


def test_unreadable_or_missing_storage_gives_the_defaults_and_never_raises() -> None:
    storage = FakeStorage()
    storage.data[PREFIX + "prefs"] = '{"four_colour": "yes", "sound": false'
    assert Preferences(storage, PREFIX).values == DEFAULT_PREFERENCES
    storage.data[PREFIX + "prefs"] = '{"four_colour": "yes", "sound": false}'
    assert Preferences(storage, PREFIX).values == {"four_colour": False, "sound": False, "one_tap": False, "guide": False,
                                                       "trick_stays": False}
    for broken in (FakeStorage(disabled=True), FakeStorage(quota=10), None):
        prefs = Preferences(broken, PREFIX)
        prefs.set("four_colour", True)  # holds for this visit
        assert prefs.values["four_colour"] is True


def test_the_start_screen_and_the_menu_offer_them() -> None:
    storage = FakeStorage()
    app = App(prefs=Preferences(storage, PREFIX))
    start = app.regions()["start"]
    assert 'data-action="pref:four_colour" data-key="pref-four_colour"' in start
    assert 'data-action="pref:sound" data-key="pref-sound"' in start
    app.dispatch("pref:four_colour", "on")
    assert 'checked data-action="pref:four_colour"' in app.regions()["start"]
    app.dispatch("start")
    app.dispatch("dialog", "menu")
    menu = app.regions()["dialog"]
    assert 'checked data-action="pref:four_colour" data-key="menu-pref-four_colour"' in menu
    app.dispatch("pref:sound", "off")
    assert 'checked data-action="pref:sound"' not in app.regions()["dialog"]
    assert json.loads(storage.data[PREFIX + "prefs"]) == {"four_colour": True, "sound": False, "one_tap": False,
                                                          "guide": False, "trick_stays": False}


def test_a_bids_suit_symbol_says_its_suit_for_the_four_colour_deck() -> None:
    assert bid_html("7♦") == '7<span class="red diamonds">♦</span>'
    assert bid_html("6♣") == '6<span class="black clubs">♣</span>'
    assert bid_html("8NT") == "8NT"
