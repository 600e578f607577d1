"""The tournament in the app: the turned table, rounds, the other table, saves, views, the screens."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from bots import registry
from engine import DealCode
from engine.deal import deal
from engine.rng import SplitMix64
from engine.rules import PRESETS
from engine.tournament import Tournament

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.cards import minus  # noqa: E402
from app.start.form import StartForm  # noqa: E402
from app.start.render import start as render_start  # noqa: E402
from app.store import links, saves  # noqa: E402
from app.store.saves import Problem, SavedGame, Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.model import ResultPrompt  # noqa: E402
from app.table.session import NAMES  # noqa: E402
from app.table.settings import Settings, default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from app.tournament import session as tournament_module  # noqa: E402
from app.tournament.render import standings as render_standings  # noqa: E402
from app.tournament.session import ME, TournamentSession, actions, play_move, turned  # noqa: E402
from app.tournament.view import adjust_table, ordinal, round_bar, standings_view  # noqa: E402
from app.worker.controller import App  # noqa: E402
from tests.app.test_saves import ID, KEY, FakeStorage, clock  # noqa: E402

RULES = PRESETS["tournament"]


def settings(level: str = "easy", autoplay: bool = True) -> Settings:
    data = default_settings("tournament")
    data.update(levels=["human"] + [level] * 3, pace_ms=0, autoplay=autoplay)
    return data


def play_hands(ts: TournamentSession, hands: int = 4) -> None:
    """Let the bots (and auto-play) play the player's table until ``hands`` hands are scored."""
    session = ts.session
    while len(session.match.sheet) < hands:
        while (request := session.bot_request()) is not None:
            assert session.apply_bot(request, answer(request))
        if session.state == "hand-over" and len(session.match.sheet) < hands:
            session.next_hand()


def play_round(ts: TournamentSession) -> None:
    play_hands(ts)
    ts.end_round()
    play_others(ts)


def play_others(ts: TournamentSession) -> None:
    """The other table's round, a move at a time as the worker's ticks play it."""
    while ts.others_playing:
        ts.play_on()


def odd_turn(seed: int = 22) -> TournamentSession:
    """A tournament at the first round where the engine seats the player at West or East
    (which round depends on the bots' results: a tournament over first fails the test)."""
    ts = TournamentSession.new(settings(), seed, 6)
    while ts.turn % 2 == 0:
        assert not ts.tournament.is_over, f"seed {seed}: the player never sat West or East"
        play_round(ts)
        ts.next_round()
    return ts


@pytest.fixture(scope="module")
def turned_round() -> TournamentSession:
    return odd_turn()


class TestTurnedTable:
    @pytest.mark.parametrize("seat", range(4))
    def test_every_player_gets_the_same_cards(self, seat: int) -> None:
        for seed in (1, 77, 2 ** 63 + 5):
            for dealer in range(4):
                code = DealCode(seed, dealer)
                engine, mine = deal(RULES, code), deal(RULES, turned(code, seat))
                assert mine.kitty == engine.kitty
                assert [mine.hands[s] for s in range(4)] == [engine.hands[(s + seat) % 4] for s in range(4)]

    def test_the_player_sits_south_with_the_engines_neighbours(self, turned_round: TournamentSession) -> None:
        ts = turned_round
        t = ts.tournament
        seats = t.seating[ts.table]
        assert seats[ts.turn] == ME and ts.turn % 2 == 1
        assert ts.seats[0] == ME
        assert [ts.seats[s] for s in range(4)] == [seats[(s + ts.turn) % 4] for s in range(4)]
        assert ts.session.match.first == turned(t.matches[ts.table].first, ts.turn)
        assert ts.session.match.hand.held[0] == t.matches[ts.table].hand.held[ts.turn]

    def test_the_round_replays_into_the_engine_with_the_pairs_kept(self) -> None:
        ts = odd_turn(seed=22)
        t = ts.tournament
        table, turn, seats = ts.table, ts.turn, t.seating[ts.table]
        before = list(t.totals)
        play_hands(ts)
        mine = ts.session.match
        ts.end_round()
        play_others(ts)
        engine = t.played[-1][table]
        assert actions(engine) == actions(mine)
        assert [h.dealer for h in engine.hands] == [(h.dealer + turn) % 4 for h in mine.hands]
        assert (engine.totals[0], engine.totals[1]) == (mine.totals[1], mine.totals[0])  # an odd turn
        assert t.history[-1][table] == (seats, (engine.totals[0], engine.totals[1]))
        for seat, player in enumerate(seats):
            assert t.totals[player] == before[player] + engine.totals[seat % 2]


class TestRounds:
    def test_a_new_tournament_starts_at_the_first_table(self) -> None:
        ts = TournamentSession.new(settings("normal", autoplay=False), 5, 8)
        t = ts.tournament
        assert (t.seed, t.rounds, t.rules) == (5, 8, RULES)
        assert ts.seats == (0, 1, 2, 3) and ts.turn == 0 and ts.level == "normal"
        assert ts.session.state in ("you", "bot") and not ts.between_rounds

    def test_the_round_ends_only_after_four_hands(self) -> None:
        ts = TournamentSession.new(settings(), 6, 6)
        play_hands(ts, 3)
        ts.end_round()
        assert not ts.between_rounds and ts.tournament.round == 0
        play_hands(ts)
        assert ts.round_played
        ts.end_round()
        assert ts.others_playing and not ts.between_rounds and ts.progress() == (0, 4)
        ts.end_round()  # once only
        play_others(ts)
        assert ts.between_rounds and not ts.others_playing and ts.tournament.round == 1
        ts.end_round()  # once only
        assert ts.tournament.round == 1 and len(ts.tournament.played) == 1

    def test_the_other_table_is_played_by_seeded_bots(self) -> None:
        ts = TournamentSession.new(settings(), 7, 6)
        play_round(ts)
        other = ts.tournament.played[0][1]
        again = Tournament(7, 6, rules=RULES)
        while play_move(again, 1, "easy"):
            pass
        assert actions(again.matches[1]) == actions(other)
        assert len(other.sheet) == 4 and [h.dealer for h in other.hands] == [0, 1, 2, 3]

    def test_the_other_table_plays_at_the_chosen_level_a_move_a_tick(self, monkeypatch: pytest.MonkeyPatch) -> None:
        asked: list[str] = []
        real = registry.make_bot

        def make_bot(level: str, rng: SplitMix64) -> Any:
            asked.append(level)
            return real(level, rng)

        monkeypatch.setattr(tournament_module, "make_bot", make_bot)
        played = []
        for _ in range(2):  # the same tournament twice: the same moves
            ts = TournamentSession.new(settings(), 9, 6)
            play_hands(ts)  # quickly, by easy bots; then the level chosen is the expert
            ts.session.settings["levels"] = ["human"] + ["expert"] * 3
            asked.clear()
            ts.end_round()
            for move in range(1, 10):
                ts.play_on()
                assert ts.others_playing and len(ts.tournament.matches[1].hand.history) == move
            assert asked == ["expert"] * 9
            played.append(actions(ts.tournament.matches[1]))
        assert played[0] == played[1]

    def test_totals_include_the_round_being_played(self) -> None:
        ts = TournamentSession.new(settings(), 8, 6)
        play_round(ts)
        ts.next_round()
        play_hands(ts, 1)
        t, match = ts.tournament, ts.session.match
        for seat, player in enumerate(ts.seats):
            assert ts.total(player) == t.totals[player] + match.totals[seat % 2]
        away = next(p for p in range(8) if p not in ts.seats)
        assert ts.total(away) == t.totals[away]

    def test_next_round_keeps_pace_and_autoplay(self) -> None:
        ts = TournamentSession.new(settings(), 9, 6)
        ts.next_round()  # not between rounds: nothing happens
        assert ts.tournament.round == 0 and len(ts.session.match.hands) == 1
        play_round(ts)
        ts.session.set_pace(1200)
        ts.next_round()
        assert not ts.between_rounds and ts.session.settings["pace_ms"] == 1200
        assert ts.session.settings["autoplay"] and len(ts.session.match.hands) == 1

    def test_the_last_round_ends_the_tournament(self) -> None:
        ts = TournamentSession.new(settings(), 10, 6)
        for _ in range(6):
            play_round(ts)
            ts.next_round()
        t = ts.tournament
        assert t.is_over and ts.between_rounds and len(t.played) == 6
        view = standings_view(ts)
        assert view.over and view.title == "Final standings" and view.next_tables == ()
        assert view.summary.startswith("You finished ")
        assert all(not p.moves and not table.text for table in view.tables for p in table.pairs)


class TestSaved:
    def test_to_data_and_restore_mid_round_and_between_rounds(self) -> None:
        ts = TournamentSession.new(settings(), 11, 7)
        play_round(ts)
        for stage in ("between", "mid-round"):
            if stage == "mid-round":
                ts.next_round()
                play_hands(ts, 2)
            data = json.loads(json.dumps(ts.to_data()))
            again = TournamentSession.restore(data, ts.session.settings, ts.session.match)
            assert again.between_rounds == ts.between_rounds
            assert again.tournament.totals == ts.tournament.totals
            assert again.tournament.seating == ts.tournament.seating
            assert again.seats == ts.seats and again.first == ts.first
            assert again.session.match is ts.session.match

    @pytest.mark.parametrize("edit, says", [
        (lambda d: d.update(seed=d["seed"] + 1), "round 1, table 1, hand 1: "),
        (lambda d: d.update(rounds=11), "a tournament plays 6 to 10 rounds"),
        (lambda d: d.update(rounds="6"), "a field is missing or malformed"),
        (lambda d: d["played"][0][1][2].append("pass"), "round 1, table 2, hand 3: "),
        (lambda d: d["played"][0][0].pop(), "round 1, table 1 does not have 4 hands"),
        (lambda d: d["played"][0][1][3].pop(), "not every table has played its four hands"),
        (lambda d: d.update(played=[]), "its rounds do not match its state"),
    ])
    def test_a_damaged_tournament_says_what_is_wrong(self, edit: Any, says: str) -> None:
        ts = TournamentSession.new(settings(), 12, 6)
        play_round(ts)
        data = ts.to_data()
        edit(data)
        with pytest.raises(ValueError, match=says):
            TournamentSession.restore(data, ts.session.settings, ts.session.match)

    def test_the_players_game_must_be_the_rounds(self) -> None:
        ts = TournamentSession.new(settings(), 12, 6)
        play_round(ts)
        other = TournamentSession.new(settings(), 13, 6).session
        with pytest.raises(ValueError, match="the player's game is not this round's"):
            TournamentSession.restore(ts.to_data(), other.settings, other.match)
        # between rounds, the game is the round just played, all of it
        ts.session.match.hands.pop()
        with pytest.raises(ValueError, match="the player's game is not this round's"):
            TournamentSession.restore(ts.to_data(), ts.session.settings, ts.session.match)

    def test_saved_and_loaded(self) -> None:
        ts = TournamentSession.new(settings(), 13, 6)
        play_round(ts)
        ts.next_round()
        play_hands(ts, 1)
        storage = FakeStorage()
        assert Saves(storage, clock=clock).save(ID, ts.session.settings, ts.session.match, ts.to_data())
        loaded = Saves(storage).load(ID)
        assert isinstance(loaded, SavedGame) and loaded.tournament is not None
        assert loaded.tournament.tournament.totals == ts.tournament.totals
        assert actions(loaded.tournament.session.match) == actions(ts.session.match)

    def test_a_damaged_tournament_save_is_kept_aside(self) -> None:
        ts = TournamentSession.new(settings(), 14, 6)
        play_round(ts)
        data = ts.to_data()
        data["played"][0][1][0] = ["bid 10NT"] * 2
        raw = saves.dump_save(ts.session.settings, ts.session.match, "0.1.0", "then", data)
        storage = FakeStorage()
        storage.data[KEY] = raw
        page = Saves(storage)
        problem = page.load(ID)
        assert isinstance(problem, Problem)
        assert "could not be resumed: the save is damaged (its tournament: round 1, table 2, hand 1" in problem.message
        assert page.export_quarantined(problem.key) == raw

    def test_a_save_of_schema_1_still_loads(self) -> None:
        ts = TournamentSession.new(settings(autoplay=False), 15, 6)
        game = ts.session.match  # any game: schema 1 had no tournaments
        body = {"schema": 1, "app": "0.1.0", "saved_at": "then", "settings": default_settings("standard"),
                "record": json.loads(saves.dump_save(default_settings("standard"), game, "x", "y"))["record"]}
        body["settings"]["rules"] = "tournament"
        storage = FakeStorage()
        storage.data[KEY] = json.dumps({**body, "checksum": saves.CHECKSUMS[1](body)})
        loaded = Saves(storage).load(ID)
        assert isinstance(loaded, SavedGame) and loaded.tournament is None
        assert "upgraded" in loaded.notice and actions(loaded.match) == actions(game)


class TestViews:
    def test_ordinals(self) -> None:
        assert [ordinal(n) for n in (1, 2, 3, 4, 8, 11, 12, 13, 21, 22)] == [
            "1st", "2nd", "3rd", "4th", "8th", "11th", "12th", "13th", "21st", "22nd"]

    def test_the_table_shows_names_totals_and_the_round(self, turned_round: TournamentSession) -> None:
        ts = turned_round
        view = adjust_table(table_view(ts.session), ts)
        assert [s.who for s in view.seats[1:]] == [f"{NAMES[p]} · {minus(ts.total(p))}" for p in ts.seats[1:]]
        assert view.help[-1].title == "The tournament"
        partner, left, right = (NAMES[ts.seats[s]] for s in (2, 1, 3))
        assert [s.name for s in view.sides] == [f"You & {partner}", " & ".join(sorted(
            (left, right), key=lambda name: NAMES.index(name)))]
        assert list(view.sheet.sides) == [s.name for s in view.sides]
        bar = round_bar(ts)
        assert bar.text == f"Round {ts.tournament.round + 1} of 6, hand 1 of 4" and bar.total == ts.total(ME)

    def test_after_the_last_hand_the_results(self) -> None:
        ts = TournamentSession.new(settings(), 16, 6)
        play_hands(ts, 3)
        view = adjust_table(table_view(ts.session), ts)
        assert isinstance(view.prompt, ResultPrompt)
        assert view.prompt.kind == "hand-over" and view.prompt.next_button == "Next hand"
        play_hands(ts)
        view = adjust_table(table_view(ts.session), ts)
        assert isinstance(view.prompt, ResultPrompt)
        assert view.prompt.next_button == "Round results"
        assert view.prompt.next == "That was the round's last hand."

    def test_standings_after_a_round(self) -> None:
        ts = TournamentSession.new(settings(), 17, 6)
        play_round(ts)
        t = ts.tournament
        view = standings_view(ts)
        assert view.title == "Round 1 of 6: results" and not view.over
        assert [(s.place, s.total) for s in view.standings] == [(s.place, s.total) for s in t.standings()]
        assert [s.name for s in view.standings] == [NAMES[s.player] for s in t.standings()]
        for table, (seats, scores) in zip(view.tables, t.history[0]):
            pairs = {p.name: p.points for p in table.pairs}
            assert pairs == {f"{NAMES[seats[0]]} & {NAMES[seats[2]]}": scores[0],
                             f"{NAMES[seats[1]]} & {NAMES[seats[3]]}": scores[1]}
            assert sum(p.moves for p in table.pairs) == 1 and "move to table" in table.text
        mine = view.tables[0]  # round 1: the player at table 1, their pair listed first
        assert mine.mine and mine.pairs[0].name.startswith("You & ")
        assert [t.number for t in view.next_tables] == [1, 2]
        assert any(p.startswith("You & ") for nt in view.next_tables for p in nt.pairs)
        html = render_standings(view)
        assert "Next round" in html and "Standings after round 1" in html and html.count('<tr class="me">') == 1

    def test_a_tie_moves_the_pair_of_the_first_dealer(self) -> None:
        ts = TournamentSession.new(settings(), 18, 6)
        play_round(ts)
        ts.tournament.history[-1][1] = ((4, 5, 6, 7), (80, 80))  # as if table 2 had tied
        text = standings_view(ts).tables[1].text
        assert text == "A tie at 80: Dev & Finn move to table 1, as the pair of the round's first dealer."


class TestStartAndApp:
    def test_the_start_form_offers_a_tournament(self) -> None:
        form = StartForm()
        assert not form.view().tournament.chosen
        form.set("level:2", "expert")
        form.set("table", "tournament")
        assert form.levels == ["human", "normal", "normal", "normal"]  # one level for all seven bots
        form.set("level:all", "easy")
        form.set("rounds", "9")
        form.set("rounds", "11")  # not offered
        view = form.view()
        tour = view.tournament
        assert tour.chosen and tour.rounds == 9 and tour.level == "easy"
        assert [c.value for c in tour.round_choices] == [6, 7, 8, 9, 10]
        assert view.seats == () and not any(t.chosen for t in view.tables)
        # of the table rules, only the sides' convention cards (the format fixes the rest)
        assert {o.name for g in view.groups for o in g.options} == {"convention", "their_convention"}
        assert form.checked() == {"rules": "tournament", "levels": ["human"] + ["easy"] * 3,
                                  "pace_ms": 700, "autoplay": False}
        assert "9 rounds" in view.help[-1].paragraphs[0]
        html = render_start(view)
        assert "Start the tournament" in html and 'id="deal-code"' not in html and "rules-options" not in html
        assert 'data-action="set:rounds"' in html and 'data-action="set:level:all"' in html

    def test_a_round_on_the_page_then_the_standings_then_a_reload(self) -> None:
        storage, tab = FakeStorage(), FakeStorage()
        app = App(seed=lambda: 31, saves=Saves(storage, clock=clock, tab=tab))
        for name, value in (("set:table", "tournament"), ("set:rounds", "7"), ("set:level:all", "easy"),
                            ("set:pace", "0"), ("set:autoplay", "on")):
            app.dispatch(name, value)
        app.dispatch("start", "")
        assert app.tournament is not None and app.screen == "table"
        assert "Round 1 of 7, hand 1 of 4" in app.regions()["top"]
        while app.screen == "table":  # as the page: the bots, and auto-play's next hand
            while (request := app.bot_request()) is not None:
                app.bot_answer(request, answer(request))
            assert app.autoplay_next
            app.dispatch("next")
        assert app.marker == "others-playing" and app.screen == "standings"
        assert "0 of 4 hands played there, by the easy bots" in app.regions()["standings"]
        while app.others_playing:  # as the worker's ticks: a move each
            app.play_on()
        assert app.marker == "standings" and app.bot_request() is None and not app.autoplay_next
        assert "Round 1 of 7: results" in app.regions()["standings"]

        again = App(seed=lambda: 0, saves=Saves(storage, clock=clock, tab=tab))
        assert again.screen == "standings" and again.tournament is not None
        assert again.tournament.tournament.totals == app.tournament.tournament.totals
        again.dispatch("next-round")
        assert again.marker in ("you", "bot") and "Round 2 of 7, hand 1 of 4" in again.regions()["top"]
        third = App(seed=lambda: 0, saves=Saves(storage, clock=clock, tab=tab))
        assert third.screen == "table" and third.tournament is not None and third.tournament.tournament.round == 1
        third.dispatch("new-game")
        assert third.screen == "start" and third.tournament is None
        (kept,) = third.saves.games() if third.saves is not None else []  # under Resume, not lost
        assert kept.kind == "tournament" and kept.round == "round 2 of 7"
        assert "Tournament" in third.regions()["start"]
        assert third.form.view().tournament.chosen and third.form.rounds == 7

    def test_a_shared_link_leaves_a_tournament_in_progress_alone(self) -> None:
        storage = FakeStorage()
        app = App(seed=lambda: 32, saves=Saves(storage, clock=clock))
        app.dispatch("set:table", "tournament")
        app.dispatch("start", "")
        key = app.saves.key(app.game_id) if app.saves is not None else ""
        saved = storage.data[key]
        query = links.deal_link(PRESETS["standard"], DealCode.parse("1-0-abc"))
        opened = App(seed=lambda: 0, saves=Saves(storage, clock=clock), query=query)
        assert opened.link is not None and opened.tournament is None and opened.screen == "table"
        assert storage.data[key] == saved  # the tournament waits under Resume


def test_the_hand_result_names_the_pairs_as_the_scores_do() -> None:
    ts = TournamentSession.new(settings(), 5, 6)
    play_hands(ts, 1)
    view = adjust_table(table_view(ts.session), ts)
    assert view.prompt.kind == "hand-over"
    names = [line.name for line in view.prompt.points]
    assert names == [side.name for side in view.sides] and names[0].startswith("You & ")
    assert "North" not in " ".join(names)
