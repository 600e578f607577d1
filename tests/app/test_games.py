"""Every game in progress kept: the Resume list, New game, imports and links beside the others,
Delete only after a yes, and a tab that falls behind another."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.cards import minus  # noqa: E402
from app.store.saves import CANNOT_SAVE_STALE, Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.session import NAMES  # noqa: E402
from tests.app.test_links_saves import new_app, play_on, run_bots  # noqa: E402
from tests.app.test_saves import PREFIX, FakeStorage  # noqa: E402


def test_new_game_keeps_the_game_in_progress_under_resume() -> None:
    storage, tab = FakeStorage(), FakeStorage()
    app = new_app(storage, tab=tab)
    app.dispatch("start", "1-3-abc")
    play_on(app, 2)
    first, totals = app.game_id, app.session.match.totals if app.session else ()
    app.dispatch("new-game")
    assert app.screen == "start" and tab.data[PREFIX + "tab-game"] == ""
    html = app.regions()["start"]
    assert "Resume a game" in html and "Standard (4 players, partners)" in html
    assert f"hand 1, score {' to '.join(map(str, totals))}, saved 29 November 2025, 14:55 UTC" in html
    app.dispatch("set:table", "cutthroat")
    app.dispatch("start", "")
    second = app.game_id
    assert second != first and {g.id for g in Saves(storage).games()} == {first, second}
    app.dispatch("new-game")
    app.dispatch("resume", first)
    assert app.game_id == first and app.session is not None and str(app.session.match.first) == "1-3-abc"
    assert new_app(storage, tab=tab).game_id == first  # a reload resumes the tab's own game
    assert new_app(storage).screen == "start"  # a new tab chooses under Resume


def test_delete_asks_first_and_is_the_only_way_a_game_goes() -> None:
    storage = FakeStorage()
    app = new_app(storage)
    app.dispatch("start", "1-3-abc")
    game = app.game_id
    app.dispatch("new-game")
    app.dispatch("delete", game)  # without the question: nothing happens
    assert [g.id for g in Saves(storage).games()] == [game]
    app.dispatch("ask-delete", game)
    dialog = app.regions()["dialog"]
    assert "Delete this game?" in dialog and "Standard (4 players, partners): hand 1" in dialog
    assert "Keep it" in dialog
    app.dispatch("dialog", "")  # Keep it
    app.dispatch("delete", game)
    assert [g.id for g in Saves(storage).games()] == [game]
    app.dispatch("ask-delete", game)
    app.dispatch("delete", game)
    assert Saves(storage).games() == [] and app.dialog == "" and "Resume a game" not in app.regions()["start"]


def test_an_import_starts_beside_the_game_in_progress() -> None:
    storage = FakeStorage()
    app = new_app(storage)
    app.dispatch("start", "1-3-abc")
    play_on(app, 2)
    playing = app.game_id
    name_text = app.download("export", "")
    assert name_text is not None
    app.dispatch("import", name_text[1])
    assert app.game_id != playing and app.kind == "imported"
    assert {g.kind for g in Saves(storage).games()} == {"normal", "imported"}
    assert "imported game" in new_app(storage).regions()["start"]


def test_a_tab_that_falls_behind_says_so_and_reloads_the_newer_game() -> None:
    storage, tab_a, tab_b = FakeStorage(), FakeStorage(), FakeStorage()
    a = new_app(storage, tab=tab_a)
    a.dispatch("set:pace", "0")
    a.dispatch("start", "1-3-abc")
    play_on(a, 1)
    b = new_app(storage)
    b.dispatch("resume", a.game_id)
    play_on(b, 2)
    newer = storage.data[PREFIX + "game/" + a.game_id]
    a.storage_changed(PREFIX + "game/" + a.game_id)  # the storage event
    assert a.notice == CANNOT_SAVE_STALE and "Reload the game" in a.regions()["arena"]
    play_on(a, 1)
    assert storage.data[PREFIX + "game/" + a.game_id] == newer  # never written over
    a.dispatch("reload-game")
    assert a.notice == "" and a.session is not None and b.session is not None
    assert a.session.match.hands[-1].history == b.session.match.hands[-1].history
    play_on(a, 1)
    assert storage.data[PREFIX + "game/" + a.game_id] != newer
    b.storage_changed("")
    assert b.notice == CANNOT_SAVE_STALE


def test_an_unreadable_save_can_be_deleted_from_the_history() -> None:
    storage = FakeStorage()
    storage.data[PREFIX + "game/bad"] = "{damaged"
    app = new_app(storage)
    assert app.regions()["start"].count("Resume") == 0  # listed aside, not under Resume
    (kept,) = app.history_view().kept
    app.dispatch("dialog", "history")
    assert f'data-action="ask-delete-kept" data-value="{kept.key}"' in app.regions()["dialog"]
    app.dispatch("ask-delete-kept", kept.key)
    assert "Delete this unreadable save?" in app.regions()["dialog"]
    app.dispatch("delete-kept", kept.key)
    assert app.history_view().kept == () and not [k for k in storage.data if "kept" in k]


def test_a_finished_tournament_goes_to_the_history() -> None:
    storage = FakeStorage()
    app = new_app(storage)
    for name, value in (("set:table", "tournament"), ("set:rounds", "6"), ("set:level:all", "easy"),
                        ("set:pace", "0"), ("set:autoplay", "on")):
        app.dispatch(name, value)
    app.dispatch("start", "")
    assert app.tournament is not None
    while not (app.tournament.between_rounds and app.tournament.tournament.is_over):
        if app.screen == "standings":
            app.dispatch("next-round")
        while (request := app.bot_request()) is not None:
            app.bot_answer(request, answer(request))
        app.dispatch("next")
        while app.others_playing:  # the other table, a move a tick
            app.play_on()
    assert Saves(storage).games() == []
    (entry,) = Saves(storage).history()
    assert entry["kind"] == "tournament" and entry["outcome"].endswith(" points")
    (label,) = app.history_view().games
    assert " Tournament: " in label.label and " of 8, " in label.label
    assert Saves(storage).stats().games == 0  # a tournament's last round is not a game of its own
    final = app.tournament.tournament.standings()
    assert entry["standings"] == [{"place": s.place, "name": NAMES[s.player], "total": s.total} for s in final]
    assert label.standings == [[str(s.place), NAMES[s.player], minus(s.total)] for s in final]
    app.dispatch("dialog", "history")
    dialog = app.regions()["dialog"]
    assert dialog.count("<caption>Final standings</caption>") == 1 and dialog.count('<tr class="me">') == 1


def test_a_challenge_resumed_after_a_reload_still_shows_the_claimed_result() -> None:
    sharer = new_app(FakeStorage())
    sharer.dispatch("set:pace", "0")
    sharer.dispatch("start", "1-3-abc")
    while sharer.session is not None and not sharer.session.hand.is_over:
        play_on(sharer, 1)
    sharer.dispatch("share", "challenge")
    challenge = sharer.shared.url.split("?", 1)[1]
    storage, tab = FakeStorage(), FakeStorage()
    friend = new_app(storage, "?" + challenge, tab=tab)
    assert friend.kind == "challenge"
    play_on(friend, 1)
    again = new_app(storage, tab=tab)  # a reload, mid-hand: the link's claim comes back with the game
    assert again.game_id == friend.game_id and again.link is not None and again.link.result is not None
    while again.session is not None and not again.session.hand.is_over:
        play_on(again, 1)
    assert "The result the link claims" in again.regions()["panel"]
    assert "Standard (4 players, partners), challenge" in new_app(storage).regions()["start"]


def test_the_stats_count_the_hands_of_every_game_in_progress() -> None:
    """Two hands of a game not finished, and one hand of another, are in the stats; a game
    whose save cannot be read is left out of them and left where it is."""
    storage = FakeStorage()
    app = new_app(storage)
    app.dispatch("set:autoplay", "on")
    app.dispatch("start", "1-3-abc")
    run_bots(app)
    app.dispatch("next")
    run_bots(app)
    assert app.session is not None and len(app.session.match.sheet) == 2 and not app.session.match.is_over
    first = app.session.match
    app.dispatch("new-game")
    app.dispatch("start", "")
    run_bots(app)
    second = app.session.match if app.session else first
    assert second is not first and len(Saves(storage).games()) == 2
    stats = Saves(storage).stats()
    scored = [r.result for m in (first, second) for r in m.sheet if not r.result.thrown_in]
    assert (stats.games, stats.hands) == (0, len(scored))
    assert stats.points == sum(r.points[0] for r in scored)
    assert stats.partners["normal"].hands == len(scored)  # North is a normal bot
    lines = app.history_view().stats
    assert lines[-1] == f"Average points per hand: {stats.average_points:.1f} over {len(scored)} hands"
    app.dispatch("dialog", "history")
    dialog = app.regions()["dialog"]
    assert "<caption>Your contracts: made of bid</caption>" in dialog and dialog.count("<tr>") >= 1 + 5 + 1 + 1
    normal = stats.partners["normal"]
    assert (f"<th scope=\"row\">Normal</th><td>0 of 0</td><td>{len(scored)}</td>"
            f"<td>{normal.points / normal.hands:.1f}</td>") in dialog
    broken = next(k for k in storage.data if k.startswith(PREFIX + "game/"))
    storage.data[broken] = storage.data[broken][:-20]
    before = dict(storage.data)
    assert Saves(storage).stats().hands < len(scored)
    assert storage.data == before  # nothing moved aside by the stats
