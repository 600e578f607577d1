"""Saved games: exact resume, history, game files, quarantine, migrations, no storage."""

from __future__ import annotations

import json
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import PRESETS, DealCode
from engine.hand import Phase
from engine.match import Match
from engine.record import to_record
from engine.rng import SplitMix64
from tests.playout import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store import saves  # noqa: E402
from app.store.saves import (CANNOT_SAVE_DISABLED, CANNOT_SAVE_FULL, CANNOT_SAVE_STALE, HISTORY,  # noqa: E402
                             LEGACY_CURRENT, LEGACY_HISTORY, LEGACY_QUARANTINE, Problem, SavedGame, Saves, SaveError,
                             parse_game_file, read_json, scope, web_storage)
from app.table.settings import Settings, default_settings  # noqa: E402


class FakeStorage:
    """A dict-backed store: ``quota`` caps the characters held (set raises past it, as
    localStorage's QuotaExceededError); ``disabled`` makes every call raise."""

    def __init__(self, quota: int | None = None, disabled: bool = False) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota
        self.disabled = disabled

    def _check(self) -> None:
        if self.disabled:
            raise RuntimeError("SecurityError: storage is disabled")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)


PREFIX = scope("/")
ID = "g1"
KEY = PREFIX + "game/" + ID


def clock() -> float:
    return 1_764_428_156.0  # 2025-11-29T14:55:56Z


def settings_for(match: Match, level: str = "easy") -> Settings:
    return {**default_settings(str(match.rules)), "pace_ms": 250, "autoplay": True,
            "levels": ["human"] + [level] * (match.rules.players - 1)}


def random_step(match: Match, rng: SplitMix64) -> None:
    """One random action (the lowest bid or, mostly, a pass in the auction, so that games
    last a few hands), or the next deal."""
    if match.hand.is_over:
        match.next_hand()
        return
    legal = match.hand.legal_actions()
    if match.hand.phase == Phase.AUCTION:
        match.apply(legal[-1] if rng.below(3) else legal[0])
    else:
        match.apply(legal[rng.below(len(legal))])


def play_until(rules: str, stop: Callable[[Match], bool], seed: int = 1) -> Match:
    """A match played at random until ``stop`` holds (trying seeds until one gets there)."""
    for s in range(seed, seed + 50):
        match, rng = Match(PRESETS[rules], DealCode(s, s % 4 % PRESETS[rules].players)), SplitMix64(s)
        for _ in range(400):
            if stop(match):
                return match
            if match.is_over:
                break
            random_step(match, rng)
    raise AssertionError("no seed reached the position")


def state(match: Match) -> Any:
    """Everything about a match that resuming must restore."""
    return ([(h.dealer, h.phase, h.turn, h.held, h.up, h.kitty, h.discards, h.won, h.result,
              h.contract, h.declarer, h.partner, h.joker_suit, h.trick_cards, h.history,
              [(t.leader, t.positions, t.cards, t.winner) for t in h.tricks]) for h in match.hands],
            match.totals, match.sheet, match.outcome, match.hand.legal_actions())


def mid_auction(m: Match) -> bool:
    return m.hand.phase == Phase.AUCTION and len(m.hand.history) >= 2


def mid_kitty(m: Match) -> bool:
    return m.hand.phase == Phase.DISCARD and m.hand.discards != 0


def mid_trick(m: Match) -> bool:
    return m.hand.phase == Phase.PLAY and len(m.hand.tricks) >= 2 and len(m.hand.trick_cards) == 2


def later_hand(m: Match) -> bool:
    return len(m.hands) >= 3 and m.hand.phase == Phase.PLAY and len(m.hand.trick_cards) == 1


POSITIONS = {"mid-auction": mid_auction, "mid-kitty": mid_kitty, "mid-trick": mid_trick,
             "third hand": later_hand}


class TestResume:
    @pytest.mark.parametrize("rules", ["standard", "two-handed", "five-handed", "american"])
    @pytest.mark.parametrize("position", sorted(POSITIONS))
    def test_resumes_exactly_where_it_was(self, rules: str, position: str) -> None:
        match = play_until(rules, POSITIONS[position])
        settings = settings_for(match)
        storage = FakeStorage()
        assert Saves(storage, clock=clock).save(ID, settings, match)

        loaded = Saves(storage, clock=clock).load(ID)  # a reload: a new page, the same storage
        assert isinstance(loaded, SavedGame)
        assert state(loaded.match) == state(match)
        assert loaded.settings == settings
        assert loaded.saved_at == "2025-11-29T14:55:56.000+00:00"
        assert loaded.notice == ""

    def test_play_continues_after_resume_and_saves_after_every_action(self) -> None:
        match = play_until("standard", mid_trick)
        storage = FakeStorage()
        page = Saves(storage, clock=clock)
        rng = SplitMix64(9)
        for _ in range(30):
            random_step(match, rng)
            assert page.save(ID, settings_for(match), match)
            loaded = Saves(storage).load(ID)
            assert isinstance(loaded, SavedGame) and state(loaded.match) == state(match)

    def test_nothing_saved(self) -> None:
        assert Saves(FakeStorage()).load(ID) is None

    def test_games_saved_within_one_second_list_the_last_saved_first(self) -> None:
        storage, now = FakeStorage(), [1_764_633_600.25]
        page = Saves(storage, clock=lambda: now[0])
        first, second = play_until("standard", mid_auction), play_until("cutthroat", mid_trick)
        page.save("zz-first", settings_for(first), first)
        now[0] += 0.5  # a new game started at once: the same second
        page.save("aa-second", settings_for(second), second)
        assert [g.id for g in Saves(storage).games()] == ["aa-second", "zz-first"]
        now[0] += 0.25
        random_step(first, SplitMix64(1))  # played on (a save of the same writes nothing)
        page.save("zz-first", settings_for(first), first)
        assert [g.id for g in Saves(storage).games()] == ["zz-first", "aa-second"]

    def test_only_delete_forgets_a_game(self) -> None:
        storage = FakeStorage()
        page = Saves(storage)
        match = play_until("standard", mid_auction)
        page.save(ID, settings_for(match), match)
        other = play_until("cutthroat", mid_trick)
        assert page.save("g2", settings_for(other), other, kind="imported")  # beside it, not over it
        assert [g.id for g in Saves(storage).games()] and {g.id for g in Saves(storage).games()} == {ID, "g2"}
        page.delete(ID)
        assert Saves(storage).load(ID) is None
        (left,) = Saves(storage).games()
        assert (left.id, left.kind, left.rules, left.totals) == ("g2", "imported", "cutthroat", other.totals)


def finished_match(seed: int, rules: str = "standard") -> Match:
    match = Match(PRESETS[rules], DealCode(seed, 0))
    play_match(match, SplitMix64(seed))
    assert match.is_over
    return match


class TestHistory:
    def test_a_finished_game_moves_to_history_once(self) -> None:
        storage = FakeStorage()
        page = Saves(storage, clock=clock)
        match = finished_match(3)
        settings = settings_for(match)
        assert page.save(ID, settings, match)
        assert page.save(ID, settings, match)  # saving again, or finishing again, keeps one entry
        assert page.finish(ID, settings, match)
        assert KEY not in storage.data
        (entry,) = Saves(storage).history()
        assert entry["settings"] == settings
        assert entry["record"] == to_record(match)
        assert entry["summary"]["totals"] == list(match.totals)
        assert entry["finished_at"] == "2025-11-29T14:55:56.000+00:00"

    def test_statistics_cover_every_finished_game(self) -> None:
        storage = FakeStorage()
        page = Saves(storage)
        matches = [finished_match(seed) for seed in (3, 4, 5)]
        for match in matches:
            page.save(ID, settings_for(match), match)
        stats = saves_stats(Saves(storage))
        assert stats["games"] == 3
        assert stats["won"] == sum(m.outcome is not None and m.outcome.winner == 0 for m in matches)
        assert stats["hands"] == sum(not r.result.thrown_in for m in matches for r in m.sheet)

    def test_old_games_keep_their_summary_but_not_their_record(self,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(saves, "HISTORY_RECORDS", 2)
        monkeypatch.setattr(saves, "HISTORY_GAMES", 3)
        page = Saves(FakeStorage())
        matches = [finished_match(seed) for seed in range(10, 14)]
        for match in matches:
            page.finish(ID, settings_for(match), match)
        history = page.history()
        assert [e["summary"]["totals"] for e in history] == [list(m.totals) for m in matches[1:]]
        assert [e["record"] is not None for e in history] == [False, True, True]
        assert page.export_finished(0) is None
        exported = page.export_finished(-1)
        assert exported is not None
        assert state(parse_game_file(exported).match) == state(matches[-1])

    def test_two_tabs_finishing_at_once_keep_both_games(self) -> None:
        """Each tab's page writes what its worker says from its own copy of storage, which
        has not yet heard of the other tab's write: neither game may be lost."""
        shared = FakeStorage()
        first, second = finished_match(3), finished_match(4)
        tabs = []
        for game_id, match in (("g1", first), ("g2", second)):
            copy = FakeStorage()
            copy.data = dict(shared.data)  # what the tab's worker was handed
            assert Saves(copy, clock=clock).finish(game_id, settings_for(match), match)
            tabs.append(copy.data)
        handed = dict(shared.data)
        for after in tabs:  # each tab's page makes the writes its worker's answer carried
            for key in handed.keys() - after.keys():
                shared.data.pop(key, None)
            shared.data.update({k: v for k, v in after.items() if handed.get(k) != v})
        history = Saves(shared).history()
        assert sorted(e["summary"]["totals"] for e in history) == sorted([list(first.totals), list(second.totals)])

    def test_the_old_list_of_finished_games_is_still_read(self) -> None:
        storage = FakeStorage()
        old, new = finished_match(3), finished_match(4)
        page = Saves(storage, clock=clock)
        assert page.finish(ID, settings_for(old), old)
        entries = [json.loads(v) for k, v in storage.data.items() if k.startswith(PREFIX + "finished/")]
        storage.data = {PREFIX + HISTORY: json.dumps(entries)}  # as an earlier version kept it
        assert page.finish("g2", settings_for(new), new)
        assert [e["summary"]["totals"] for e in Saves(storage).history()] == [list(old.totals), list(new.totals)]

    def test_damaged_history_is_kept_aside(self) -> None:
        storage = FakeStorage()
        storage.data[PREFIX + HISTORY] = '[{"id": "x"}, 3]'
        page = Saves(storage)
        assert page.history() == []
        (entry,) = page.quarantined()
        assert page.export_quarantined(entry.key) == '[{"id": "x"}, 3]'
        match = finished_match(3)
        assert page.finish(ID, settings_for(match), match)
        assert len(page.history()) == 1


def saves_stats(page: Saves) -> dict[str, int]:
    stats = page.stats()
    return {"games": stats.games, "won": stats.won, "hands": stats.hands}


class TestGameFiles:
    def test_export_and_import_round_trip(self) -> None:
        match = play_until("five-handed", mid_trick)
        settings = settings_for(match, "expert")
        text = Saves(None, clock=clock).export_game(settings, match)
        data = json.loads(text)
        assert data["format"] == "five-hundred-record"
        assert data["meta"]["settings"] == settings
        game = parse_game_file(text)
        assert state(game.match) == state(match)
        assert game.settings == settings
        assert game.saved_at == "2025-11-29T14:55:56.000+00:00"

    def test_a_record_without_settings_gets_default_ones(self) -> None:
        match = play_until("cutthroat", mid_auction)
        game = parse_game_file(json.dumps(to_record(match)))
        assert game.settings == default_settings("cutthroat")

    @pytest.mark.parametrize("text, says", [
        ("", "not valid JSON"),
        ("[1, 2]", "not a game"),
        ('{"format": "chess"}', "not a game"),
        ('{"format": "five-hundred-record", "version": 1, "rules": "standard", "hands": '
         '[{"deal": "1-0-a", "actions": ["bid 7H", "bid 6S"]}]}', "does not replay"),
        ('{"format": "five-hundred-record", "version": 1, "rules": "standard", "hands": '
         '[{"deal": "1-0-a", "actions": []}], "meta": {"settings": {"rules": "standard"}}}',
         "its settings: levels must be"),
    ])
    def test_bad_files_are_refused_clearly(self, text: str, says: str) -> None:
        with pytest.raises(SaveError, match=says):
            parse_game_file(text)

    def test_a_kept_aside_save_can_be_imported(self) -> None:
        match = play_until("standard", mid_kitty)
        raw = saves.dump_save(settings_for(match), match, "0.1.0", "now")
        assert state(parse_game_file(raw).match) == state(match)


def saved(match: Match) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saves.dump_save(settings_for(match), match, "0.1.0", "then"))
    return data


def resign(data: dict[str, Any]) -> str:
    """JSON of a save whose checksum is recomputed after an edit."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps({**body, "checksum": saves.CHECKSUMS[data["schema"]](body)})


class TestProblems:
    def load_problem(self, raw: str) -> tuple[Problem, Saves, FakeStorage]:
        storage = FakeStorage()
        storage.data[KEY] = raw
        page = Saves(storage)
        problem = page.load(ID)
        assert isinstance(problem, Problem)
        return problem, page, storage

    def assert_kept_aside(self, raw: str, says: str) -> None:
        problem, page, storage = self.load_problem(raw)
        assert says in problem.message
        assert problem.message.startswith("A saved game could not be resumed: ")
        assert problem.message.endswith("you can export it from History & stats.")
        assert KEY not in storage.data
        (entry,) = page.quarantined()
        assert entry.key == problem.key
        assert says in entry.problem
        assert page.export_quarantined(entry.key) == raw  # exactly as it was
        # a new game starts and saves, and the kept-aside save stays
        match = play_until("standard", mid_auction)
        assert page.save(ID, settings_for(match), match)
        assert isinstance(Saves(storage).load(ID), SavedGame)
        assert Saves(storage).export_quarantined(entry.key) == raw
        page.delete_quarantined(entry.key)
        assert page.quarantined() == [] and entry.key not in storage.data

    @pytest.mark.parametrize("raw, says", [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ('"a string"', "not a saved game"),
        ('{"record": {}}', "no format number"),
        ('{"schema": "1"}', "no format number"),
    ])
    def test_corrupt(self, raw: str, says: str) -> None:
        self.assert_kept_aside(raw, says)

    def test_truncated(self) -> None:
        raw = json.dumps(saved(play_until("standard", mid_trick)))
        self.assert_kept_aside(raw[:-40], "not valid JSON")

    def test_edited_without_fixing_the_checksum(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["record"]["hands"][-1]["actions"][-1] = "pass"
        self.assert_kept_aside(json.dumps(data), "checksum does not match")

    def test_edited_settings(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["settings"]["levels"][1] = "grandmaster"
        self.assert_kept_aside(json.dumps(data), "checksum does not match")

    def test_tampered_with_a_new_checksum(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["record"]["hands"][-1]["actions"].append("bid 10NT")
        self.assert_kept_aside(resign(data), "does not replay")

    def test_tampered_settings_with_a_new_checksum(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["settings"]["levels"] = ["human", "easy"]
        self.assert_kept_aside(resign(data), "its settings: levels must be")

    def test_from_a_newer_version(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["schema"], data["app"] = saves.SCHEMA + 1, "9.0.0"
        self.assert_kept_aside(json.dumps(data), f"newer version of Five Hundred (9.0.0, save format {saves.SCHEMA + 1})")

    def test_from_an_unknown_older_format(self) -> None:
        data = saved(play_until("standard", mid_trick))
        data["schema"] = -1
        self.assert_kept_aside(json.dumps(data), "format -1 by 0.1.0, which this version cannot upgrade")

    def test_full_storage_keeps_the_bad_save_where_it_is(self) -> None:
        raw = "{damaged" + "x" * 400
        storage = FakeStorage(quota=600)
        storage.data[KEY] = raw
        page = Saves(storage)
        problem = page.load(ID)
        assert isinstance(problem, Problem) and problem.key == KEY
        assert "storage is full" in problem.message
        match = play_until("standard", mid_auction)
        assert not page.save("g2", settings_for(match), match)  # a new game has a key of its own
        assert page.status == CANNOT_SAVE_FULL and not page.can_save
        assert storage.data[KEY] == raw
        assert page.export_quarantined(KEY) == raw
        page.delete_quarantined(KEY)
        storage.quota = None
        assert page.save("g2", settings_for(match), match) and page.can_save
        assert KEY not in storage.data


def schema_0(match: Match, bots: list[str], pace: float) -> str:
    """A save in the earlier format: bids written bare ("7H"), the game as action lists."""
    hands = [[str(a).removeprefix("bid ") for _, a in hand.history] for hand in match.hands]
    body = {"schema": 0, "app": "0.0.9", "saved_at": "2025-01-02T03:04:05+00:00",
            "settings": {"rules": str(match.rules), "bots": bots, "pace": pace},
            "game": {"rules": str(match.rules), "deal": str(match.first), "hands": hands}}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return json.dumps({**body, "checksum": f"{zlib.crc32(canonical.encode()):08x}"})


class TestMigration:
    @pytest.mark.parametrize("position", sorted(POSITIONS))
    def test_schema_0_is_upgraded(self, position: str) -> None:
        match = play_until("standard", POSITIONS[position], seed=7)
        raw = schema_0(match, ["easy", "normal", "expert"], 0.75)
        assert '"7' in raw or '"6' in raw or position == "mid-auction"  # bare bids are in it
        storage = FakeStorage()
        storage.data[KEY] = raw
        page = Saves(storage)
        game = page.load(ID)
        assert isinstance(game, SavedGame)
        assert state(game.match) == state(match)
        assert game.settings == {"rules": "standard", "levels": ["human", "easy", "normal", "expert"],
                                 "pace_ms": 750, "autoplay": False}
        assert game.saved_at == "2025-01-02T03:04:05+00:00"
        assert "upgraded" in game.notice and "0.0.9" in game.notice
        # the next save writes the current schema
        assert page.save(ID, game.settings, game.match)
        written = json.loads(storage.data[KEY])
        assert written["schema"] == saves.SCHEMA
        assert written["record"] == to_record(match)  # "bid 6S", not "6S"

    def test_the_old_checksum_is_checked(self) -> None:
        data = json.loads(schema_0(play_until("standard", mid_trick), ["easy"] * 3, 1))
        data["settings"]["pace"] = 2
        TestProblems().assert_kept_aside(json.dumps(data), "checksum does not match")

    def test_an_old_save_that_does_not_replay(self) -> None:
        data = json.loads(schema_0(play_until("standard", mid_trick), ["easy"] * 3, 1))
        data["game"]["hands"][-1].insert(0, "9NT")
        data["game"]["hands"][-1].insert(0, "8NT")
        TestProblems().assert_kept_aside(resign(data), "old save does not replay")


class TestNoStorage:
    def test_disabled_storage(self) -> None:
        for page in (Saves(FakeStorage(disabled=True)), Saves(None)):
            assert not page.can_save and page.status == CANNOT_SAVE_DISABLED
            assert page.load(ID) is None
            match = play_until("standard", mid_trick)
            assert not page.save(ID, settings_for(match), match)
            assert page.history() == [] and page.quarantined() == []
            assert page.export_game(settings_for(match), match)  # files still work

    def test_full_storage_says_it_cannot_save_and_recovers(self) -> None:
        storage = FakeStorage(quota=500)
        page = Saves(storage)
        assert page.can_save  # the probe fits
        match = play_until("standard", later_hand)
        assert not page.save(ID, settings_for(match), match)
        assert not page.can_save and page.status == CANNOT_SAVE_FULL
        storage.quota = None  # room was made
        assert page.save(ID, settings_for(match), match) and page.can_save and page.status == ""

    def test_storage_that_breaks_later(self) -> None:
        storage = FakeStorage()
        page = Saves(storage)
        match = play_until("standard", mid_trick)
        assert page.save(ID, settings_for(match), match)
        storage.disabled = True
        assert page.load(ID) is None and page.status == CANNOT_SAVE_DISABLED

    def test_web_storage_adapts_local_storage(self) -> None:
        class JsNull:
            """What Pyodide gives for JavaScript's null."""

        class LocalStorage:
            def __init__(self) -> None:
                self.items: dict[str, str] = {}

            def getItem(self, key: str) -> str | JsNull:  # noqa: N802 (the DOM's name)
                return self.items.get(key, JsNull())

            def setItem(self, key: str, value: str) -> None:  # noqa: N802
                self.items[key] = value

            def removeItem(self, key: str) -> None:  # noqa: N802
                self.items.pop(key, None)

            @property
            def length(self) -> int:
                return len(self.items)

            def key(self, index: int) -> str:
                return list(self.items)[index]

        class Window:
            localStorage = LocalStorage()

        class PrivateWindow:
            @property
            def localStorage(self) -> None:  # noqa: N802
                raise RuntimeError("SecurityError: The operation is insecure.")

        storage = web_storage(Window())
        assert storage is not None and storage.get("nothing here") is None
        assert Saves(storage).load(ID) is None
        page = Saves(storage)
        match = play_until("standard", mid_trick)
        assert page.save(ID, settings_for(match), match)
        assert KEY in Window.localStorage.items
        assert isinstance(Saves(web_storage(Window())).load(ID), SavedGame)
        assert web_storage(PrivateWindow()) is None


class TestTrust:
    """Every game in progress kept, scoped to the site's path, tabs that never overwrite newer moves,
    the host-wide saves of earlier versions moved in, reading guarded."""

    def test_scope_is_the_sites_directory(self) -> None:
        assert scope("/games/500/") == scope("/games/500/index.html") == "five-hundred@/games/500/#"
        assert scope("/") == scope("") == "five-hundred@/#"

    @pytest.mark.parametrize("here, below", [("/", "/game/"), ("/", "/review/"), ("/", "/kept/"),
                                             ("/games/", "/games/finished/")])
    def test_no_copy_reads_or_cleans_up_the_keys_of_a_copy_below_it(self, here: str, below: str) -> None:
        storage = FakeStorage()
        top, low = Saves(storage, prefix=scope(here)), Saves(storage, prefix=scope(below))
        match = play_until("standard", mid_trick)
        game_id = low.new_id()
        assert low.save(game_id, settings_for(match), match)
        storage.data[low.prefix + "kept/0"] = "{kept below"
        storage.data[low.prefix + "review/" + "a" * 24] = '{"at":1,"a":{}}'
        low_keys = {k: v for k, v in storage.data.items()}
        assert top.games() == [] and top.quarantined() == [] and top.history() == []
        from app.review.store import ReviewStore
        ReviewStore(storage, top.prefix).make_room()
        Saves(storage, prefix=scope(here))  # a new start: nothing of the copy below is moved in
        assert storage.data == low_keys

    def test_the_keys_of_the_open_prefix_move_in_and_none_of_a_copy_below(self) -> None:
        """Versions 0.2 to 0.3 wrote ``five-hundred@/`` + part: a copy at / read ``five-hundred@/game/game/<id>``,
        the game of a copy at /game/, as its own."""
        match = play_until("standard", mid_trick)
        raw = saves.dump_save(settings_for(match), match, "0.3.0", "then")
        storage, tab = FakeStorage(), FakeStorage()
        mine = {"game/0123456789ab": raw, "kept/0": "{kept", "kept/0/about": '{"problem": "x"}',
                "finished/0123456789ab.0123456789abcdef": '{"id": "x"}', "history": "[]", "prefs": "{}",
                "review/" + "b" * 24: '{"at":1,"a":{}}'}
        below = {"game/game/0123456789ab": raw, "game/kept/0": "{theirs", "review/finished/x": "{}",
                 "game/history": "[]", "review/prefs": "{}", "game/tab-game": "0123456789ab"}
        storage.data.update({"five-hundred@/" + k: v for k, v in {**mine, **below}.items()})
        tab.data["five-hundred@/tab-game"] = "0123456789ab"
        page = Saves(storage, prefix=scope("/"), tab=tab)
        assert {k: v for k, v in storage.data.items() if k.startswith(page.prefix)} == {
            page.prefix + k: v for k, v in mine.items()}
        assert {k: v for k, v in storage.data.items() if not k.startswith(page.prefix)} == {
            "five-hundred@/" + k: v for k, v in below.items()}
        assert page.tab_game == "0123456789ab" and list(tab.data) == [page.prefix + "tab-game"]
        (game,) = page.games()
        assert isinstance(page.load(game.id), SavedGame)

    def test_an_unreadable_save_too_big_to_move_aside_is_listed_and_deleted_in_place(self) -> None:
        """Issue 39, 5: in full storage it was skipped silently, in neither Resume nor History."""
        storage = FakeStorage()
        storage.data[KEY] = "{" + "x" * 400_000
        storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
        page = Saves(storage)
        assert page.games() == [] and page.moved_aside[0].key == KEY
        (kept,) = page.quarantined()
        assert kept.key == KEY and "damaged" in kept.problem and page.export_quarantined(KEY) == storage.data[KEY]
        page.delete_quarantined(KEY)
        assert storage.data == {} and page.quarantined() == []

    def test_a_key_that_does_not_fit_stays_under_the_open_prefix_until_room_is_made(self) -> None:
        match = play_until("standard", mid_trick)
        raw = saves.dump_save(settings_for(match), match, "0.3.0", "then")
        storage = FakeStorage(quota=len("five-hundred@/game/0123456789ab") + len(raw) + 5)
        storage.data["five-hundred@/game/0123456789ab"] = raw
        page = Saves(storage, prefix=scope("/"))
        assert storage.data == {"five-hundred@/game/0123456789ab": raw} and page.status == CANNOT_SAVE_FULL
        storage.quota = None
        page.migrate()
        assert storage.data == {page.prefix + "game/0123456789ab": raw}

    def test_two_copies_at_two_paths_never_share_a_game(self) -> None:
        storage = FakeStorage()
        here, there = Saves(storage, prefix=scope("/games/500/")), Saves(storage, prefix=scope("/other/500/"))
        match = play_until("standard", mid_trick)
        assert here.save(ID, settings_for(match), match)
        assert there.games() == [] and there.load(ID) is None
        there.delete(ID)
        assert isinstance(here.load(ID), SavedGame)

    def test_a_tab_behind_another_never_overwrites_it(self) -> None:
        storage = FakeStorage()
        tab_a, tab_b = Saves(storage), Saves(storage)
        match = play_until("standard", mid_trick)
        settings = settings_for(match)
        assert tab_a.save(ID, settings, match)
        resumed = tab_b.load(ID)
        assert isinstance(resumed, SavedGame)
        random_step(resumed.match, SplitMix64(3))
        assert tab_b.save(ID, settings, resumed.match)  # B plays on
        newer = storage.data[KEY]
        assert tab_a.stale(ID) and not tab_b.stale(ID)
        random_step(match, SplitMix64(4))
        assert not tab_a.save(ID, settings, match) and tab_a.status == CANNOT_SAVE_STALE
        assert storage.data[KEY] == newer
        reloaded = tab_a.load(ID)  # A reloads the game: it carries on from B's moves
        assert isinstance(reloaded, SavedGame) and state(reloaded.match) == state(resumed.match)
        random_step(reloaded.match, SplitMix64(5))
        assert tab_a.save(ID, settings, reloaded.match) and tab_b.stale(ID)

    def test_the_host_wide_saves_of_earlier_versions_move_in(self) -> None:
        match = play_until("standard", mid_trick)
        storage, tab = FakeStorage(), FakeStorage()
        storage.data[LEGACY_CURRENT] = raw = saves.dump_save(settings_for(match), match, "0.1.0", "then")
        storage.data[LEGACY_HISTORY] = "[]"
        storage.data[LEGACY_QUARANTINE] = "[{broken"  # a corrupt index: its saves are still found
        storage.data[LEGACY_QUARANTINE + "/0"] = "{kept 0"
        storage.data[LEGACY_QUARANTINE + "/3"] = "{kept 3, orphaned by the old index"
        page = Saves(storage, prefix=scope("/games/500/"), tab=tab)
        (game,) = page.games()
        assert page.tab_game == game.id and storage.data[page.key(game.id)] == raw
        assert isinstance(page.load(game.id), SavedGame)
        assert sorted(page.export_quarantined(k.key) or "" for k in page.quarantined()) == [
            "{kept 0", "{kept 3, orphaned by the old index"]
        assert not any(k.startswith(LEGACY_QUARANTINE) or k == LEGACY_CURRENT for k in storage.data)
        assert storage.data[page.prefix + HISTORY] == "[]"

    def test_nearly_full_storage_at_load_still_resumes(self) -> None:
        match = play_until("standard", mid_trick)
        storage = FakeStorage()
        assert Saves(storage).save(ID, settings_for(match), match)
        storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 3  # no room for the probe
        page = Saves(storage)
        assert page.status == CANNOT_SAVE_FULL and page.storage is not None
        loaded = page.load(ID)
        assert isinstance(loaded, SavedGame) and state(loaded.match) == state(match)

    def test_a_corrupt_kept_aside_save_never_orphans_another(self) -> None:
        storage = FakeStorage()
        page = Saves(storage)
        for n in range(3):
            storage.data[PREFIX + f"game/bad{n}"] = f"{{bad {n}"
            assert isinstance(page.load(f"bad{n}"), Problem)
        storage.data[PREFIX + "kept/0/about"] = "[[[broken"
        assert sorted(page.export_quarantined(k.key) or "" for k in page.quarantined()) == [
            "{bad 0", "{bad 1", "{bad 2"]

    @pytest.mark.parametrize("text, says", [
        ("[" * 100_000, "nests deeper"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nests deeper"),
        ('{"pace": NaN}', "not valid JSON"),
        ('{"pace": Infinity}', "not valid JSON"),
        ('{"pace": -Infinity}', "not valid JSON"),
        ('"' + "x" * 1_000_001 + '"', "far too long"),
    ])
    def test_reading_is_guarded(self, text: str, says: str) -> None:
        with pytest.raises(SaveError, match=says):
            read_json(text)
        assert read_json('{"brackets in a string": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')

    def test_a_nested_or_nan_save_is_kept_aside(self) -> None:
        data = json.loads(schema_0(play_until("standard", mid_trick), ["easy"] * 3, 1))
        body = {k: v for k, v in data.items() if k != "checksum"}
        body["settings"]["pace"] = float("nan")
        nan_save = json.dumps({**body, "checksum": saves.CHECKSUMS[0](body)})
        for raw in ("[" * 100_000, nan_save):
            TestProblems().assert_kept_aside(raw, "damaged")
