"""The score pad (web/app/pad): whole games entered hand by hand score as the engine scores
the same hands played; every refusal; undo and correction; the sheet kept, reloaded, exported
and shared in a link."""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path

import pytest

from engine.deal import DealCode
from engine.hand import Hand
from engine.match import Match
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules

from tests.playout import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import app.pad.model  # noqa: E402
from app.pad.model import Entry, EntryError, Sheet, score_entry  # noqa: E402
from app.pad.render import pad as draw, status  # noqa: E402
from app.pad.session import PadSession  # noqa: E402
from app.pad.store import PadStore, dump, parse  # noqa: E402
from app.store import links  # noqa: E402
from app.store.saves import OWN_KEYS, SaveError, Saves  # noqa: E402
from app.table.settings import TOURNAMENT  # noqa: E402
from app.worker.controller import PAD_CHANGE_LOST, PAD_NO_TOURNAMENT, PAD_STALE, App  # noqa: E402

VARIANTS = ("standard,breach=on", "standard,set_rule=on", "standard,hi_lo=on,blind_misere=on,double_nullo=on",
            "standard,all_pass=no-trumps", "five-handed,partner_share=full", "cutthroat,all_pass=no-trumps",
            "six-handed-pairs,set_rule=on", "two-handed,slam=plus100,target=1000", "standard,scoring=original")


class Memory:
    """A browser store in memory (app.store.saves.Storage)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


def entry_of(hand: Hand) -> Entry:
    """A played hand as the scorer at a real table enters it: by sides, not seats."""
    rules, result = hand.rules, hand.result
    assert result is not None
    if result.thrown_in:
        return Entry(hand.dealer)
    tricks = [0] * rules.sides
    if result.contract is None:
        for seat, took in enumerate(result.tricks):
            tricks[rules.side_of(seat)] += took
        return Entry(hand.dealer, tricks=tuple(tricks))
    assert result.declarer is not None
    for seat, took in enumerate(result.tricks):
        side = rules.side_of(result.declarer if seat in result.bidders else seat)
        tricks[side] += took
    partner = next((s for s in result.bidders if s != result.declarer), -1) if rules.table.called_partner else -1
    return Entry(hand.dealer, str(result.contract), result.declarer, partner, tuple(tricks), result.breacher)


@pytest.mark.parametrize("rules_text", (*PRESETS, *VARIANTS))
def test_a_whole_game_scores_as_the_engine_scores_it(rules_text: str) -> None:
    rules = Rules.parse(rules_text)
    for seed in range(3):
        match = Match(rules, DealCode(seed, dealer=seed % rules.players))
        play_match(match, SplitMix64(seed), max_hands=40)
        sheet = Sheet(rules, first_dealer=match.first.dealer)
        for hand, row in zip(match.hands, match.sheet):
            assert sheet.next_dealer == hand.dealer  # the dealer is filled in: the deal passes left
            sheet.add(entry_of(hand))
            assert sheet.rows[-1].result.points == row.result.points
            assert sheet.totals == row.totals
        assert sheet.outcome == match.outcome
        assert len(sheet.rows) == len(match.sheet)
        again = Sheet.from_data(json.loads(json.dumps(sheet.to_data())))
        assert again.totals == sheet.totals and again.entries == sheet.entries


def tap_in(pad: PadSession, entry: Entry) -> None:
    """Enter a hand on the pad's form as the scorer would, control by control."""
    rules = pad.rules
    if not entry.contract:
        pad.act("pad-bid", "pass")
        first = 0
    else:
        pad.act("pad-declarer", str(entry.declarer))
        pad.act("pad-bid", entry.contract)
        if pad.needs_partner():
            pad.act("pad-partner", str(entry.partner) if entry.partner >= 0 else "alone")
        first = rules.side_of(entry.declarer)
        if pad.can_breach():
            pad.act("pad-breach", str(entry.breacher) if entry.breacher >= 0 else "none")
    if entry.tricks:
        pad.act("pad-tricks", str(entry.tricks[first]))
        for side in pad.other_sides():
            pad.act(f"pad-side:{side}", str(entry.tricks[side]))
    pad.act("pad-enter", "")


@pytest.mark.parametrize("rules_text", (*PRESETS, *VARIANTS))
def test_a_whole_game_tapped_in_on_the_pad_scores_as_the_engine_scores_it(rules_text: str) -> None:
    rules = Rules.parse(rules_text)
    match = Match(rules, DealCode(11))
    play_match(match, SplitMix64(11), max_hands=40)
    pad = PadSession(Sheet(rules))
    for hand, row in zip(match.hands, match.sheet):
        assert pad.draft.dealer == hand.dealer
        tap_in(pad, entry_of(hand))
        assert not pad.refused, pad.message
        assert pad.sheet.totals == row.totals
    assert pad.sheet.outcome == match.outcome


def test_the_model_examples() -> None:
    assert doctest.testmod(app.pad.model, optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL).failed == 0


STANDARD = PRESETS["standard"]


@pytest.mark.parametrize(("rules_text", "entry", "words"), [
    ("standard", Entry(0, "7S", 1, tricks=(4, 7)), "add up to 11"),
    ("standard", Entry(0, "7S", 1, tricks=(0, 11)), "add up to 11"),
    ("standard", Entry(0, "7S", 1, tricks=(5,)), "tricks each side"),
    ("standard", Entry(0, "7S", 1, tricks=(-1, 11)), "tricks each side"),
    ("standard", Entry(0, "7S", -1, tricks=(3, 7)), "won the bidding"),
    ("standard", Entry(4, "7S", 1, tricks=(3, 7)), "who dealt"),
    ("standard", Entry(0, "7X", 1, tricks=(3, 7)), "not a bid"),
    ("tournament", Entry(0, "MIS", 1, tricks=(10, 0)), "Misere is not a bid at this table"),
    ("standard", Entry(0, "DOUBLE-NULLO", 1, tricks=(10, 0)), "not a bid at this table"),
    ("two-handed", Entry(0, "OPEN-MIS", 1, tricks=(10, 0)), "not a bid at this table"),
    ("american", Entry(0, "6H", 1, tricks=(3, 7)), "inkle"),
    ("standard", Entry(0, tricks=(3, 7)), "redealt"),
    ("standard", Entry(0, declarer=1), "Nobody declares"),
    ("standard,all_pass=no-trumps", Entry(0, tricks=(3, 8)), "add up to 11"),
    ("standard", Entry(0, "7S", 1, partner=3, tricks=(3, 7)), "Only five players"),
    ("five-handed", Entry(0, "MIS", 1, partner=3, tricks=(0, 0, 0, 0, 10)), "played alone"),
    ("five-handed", Entry(0, "7S", 1, partner=1, tricks=(0, 8, 0, 0, 2)), "another player"),
    ("five-handed", Entry(0, "7S", 1, partner=3, tricks=(0, 5, 0, 3, 2)), "partner's tricks"),
    ("standard,breach=on", Entry(0, "7S", 1, tricks=(3, 7), breacher=3), "Only a defender"),
    ("standard,breach=on", Entry(0, "6S", 1, tricks=(3, 7), breacher=0), "Only a defender"),
    ("standard", Entry(0, "7S", 1, tricks=(3, 7), breacher=0), "Only a defender"),
])
def test_impossible_entries_are_refused_in_words(rules_text: str, entry: Entry, words: str) -> None:
    sheet = Sheet(Rules.parse(rules_text))
    with pytest.raises(EntryError, match=words):
        sheet.add(entry)
    assert sheet.rows == []


def test_a_declarer_set_under_the_set_rule_may_not_bid_the_next_hand() -> None:
    sheet = Sheet(Rules.parse("standard,set_rule=on"))
    sheet.add(Entry(0, "7S", 1, tricks=(5, 5)))  # the defenders took five against a seven: set
    assert sheet.barred == 1
    with pytest.raises(EntryError, match="West was set .the set rule. last hand"):
        sheet.add(Entry(1, "MIS", 1, tricks=(0, 10)))
    sheet.add(Entry(1, "MIS", 3, tricks=(10, 0)))  # partner may
    assert sheet.totals == (50, -140 + 250)


def test_a_lost_breach_bars_its_loser_and_the_breach_points_never_take_a_side_out() -> None:
    sheet = Sheet(Rules.parse("standard,breach=on"))
    sheet.add(Entry(0, "10NT", 1, tricks=(0, 10), breacher=0))  # the breach failed: South's side loses 520
    assert sheet.totals == (-520, 520) and sheet.barred == 0 and sheet.outcome is not None
    assert "breached" in sheet.rows[-1].result.describe(sheet.rules)


def test_no_entry_after_the_game_is_over_and_the_winner_says_why() -> None:
    sheet = Sheet(STANDARD)
    sheet.add(Entry(0, "10NT", 1, tricks=(0, 10)))
    assert sheet.outcome is not None and sheet.outcome.reason == "bid"
    with pytest.raises(EntryError, match="game is over"):
        sheet.add(Entry(1, "7S", 2, tricks=(7, 3)))
    html = draw(PadSession(sheet))
    assert "West &amp; East won: reached the target on their own bid." in html and "Enter the hand" not in html


def test_a_side_must_make_a_bid_to_go_out_and_goes_out_backwards() -> None:
    rules = Rules.parse("standard,target=250")
    sheet = Sheet(rules)
    for dealer, south in enumerate((5, 5, 5, 5, 6)):  # West's side fails six spades five times
        sheet.add(Entry(dealer % 4, "6S", 1, tricks=(south, 10 - south)))
    assert sheet.totals == (260, -200) and sheet.outcome is None  # past 250 on the defenders' tricks alone
    pad = PadSession(sheet)
    assert "South & North passed 250 on the defenders' tricks: they must make a bid to win." in status(
        pad, pad.side_names())
    sheet.add(Entry(1, "6S", 0, tricks=(6, 4)))
    assert sheet.outcome is not None and (sheet.outcome.winner, sheet.outcome.reason) == (0, "bid")
    assert status(pad, pad.side_names()) == ("South & North won: reached the target on their own bid. "
                                             "Game over.")
    sheet = Sheet(rules)
    sheet.add(Entry(0, "7NT", 1, tricks=(10, 0)))
    sheet.add(Entry(1, "6S", 1, tricks=(5, 5)))
    assert sheet.totals == (150, -260)
    assert sheet.outcome is not None and (sheet.outcome.reason, sheet.outcome.loser, sheet.outcome.winner) == (
        "backwards", 1, 0)


def test_undo_and_correction_rescore_the_rest() -> None:
    sheet = Sheet(Rules.parse("standard,set_rule=on"))
    sheet.add(Entry(0, "7S", 1, tricks=(3, 7)))
    sheet.add(Entry(1, "6NT", 1, tricks=(4, 6)))
    sheet.add(Entry(2, "8H", 0, tricks=(8, 2)))
    assert sheet.totals == (30 + 40 + 300, 140 + 120 + 20)
    sheet.replace(0, Entry(0, "7S", 1, tricks=(4, 6)))  # West's side took 6, not 7: failed
    assert sheet.totals == (40 + 40 + 300, -140 + 120 + 20)
    with pytest.raises(EntryError, match="Hand 2 would then be refused: West was set"):
        sheet.replace(0, Entry(0, "7S", 1, tricks=(5, 5)))  # set: West could not have bid hand 2
    assert sheet.totals == (40 + 40 + 300, -140 + 120 + 20)  # refused: nothing changed
    sheet.undo()
    assert len(sheet.rows) == 2 and sheet.next_dealer == 2
    with pytest.raises(EntryError, match="no such hand"):
        sheet.replace(5, Entry(0))


def test_a_made_trick_contract_takes_four_taps_and_scores_with_the_reason() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("pad-start")
    assert app.screen == "pad" and app.pad is not None
    assert app.pad.draft.dealer == 0
    for action, value in (("pad-declarer", "1"), ("pad-bid", "8H"), ("pad-tricks", "9"), ("pad-enter", "")):
        app.dispatch(action, value)
    assert app.pad.sheet.totals == (10, 300)
    assert app.pad.draft.dealer == 1  # the deal passes left
    html = app.regions()["pad"]
    assert "Eight hearts by West: the bidders took 9 tricks, made (300 points)" in html
    assert "South &amp; North +10, West &amp; East +300" in html


def test_a_refused_entry_says_why_on_the_pad_and_scores_nothing() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("pad-start")
    app.dispatch("pad-enter")
    assert app.pad is not None and app.pad.message == "Choose the contract, or All passed."
    for action, value in (("pad-declarer", "1"), ("pad-bid", "7S")):
        app.dispatch(action, value)
    app.dispatch("pad-enter")
    assert app.pad.message == "Choose the tricks taken."
    assert 'role="alert">Choose the tricks taken.' in app.regions()["pad"]
    assert app.pad.sheet.rows == []


def test_five_handed_asks_the_partner_and_more_sides_their_tricks() -> None:
    pad = PadSession(Sheet(PRESETS["five-handed"]))
    pad.act("pad-declarer", "1")
    pad.act("pad-bid", "8S")
    assert pad.needs_partner()
    pad.act("pad-partner", "3")
    pad.act("pad-tricks", "8")
    assert pad.other_sides() == (0, 2)  # seat 4 takes the rest
    pad.act("pad-side:0", "1")
    pad.act("pad-side:2", "0")
    pad.act("pad-enter", "")
    assert pad.message == "" and pad.sheet.rows[-1].entry.tricks == (1, 8, 0, 0, 1)
    assert pad.sheet.totals == (10, 120, 0, 120, 10)  # half the value each, the defenders 10 a trick
    pad.act("pad-declarer", "2")
    pad.act("pad-bid", "MIS")
    assert not pad.needs_partner() and pad.other_sides() == ()
    pad.act("pad-tricks", "0")
    pad.act("pad-enter", "")
    assert pad.sheet.totals == (10, 120, 250, 120, 10)


def test_correcting_an_earlier_hand_through_the_form() -> None:
    pad = PadSession(Sheet(STANDARD))
    for declarer, bid, took in (("1", "7S", "7"), ("2", "8H", "6")):
        for action, value in (("pad-declarer", declarer), ("pad-bid", bid), ("pad-tricks", took), ("pad-enter", "")):
            pad.act(action, value)
    pad.act("pad-edit", "0")
    assert pad.editing == 0 and pad.draft.took == 7 and pad.draft.contract == "7S"
    pad.act("pad-tricks", "10")
    pad.act("pad-enter", "")
    assert pad.message == "Hand 1 corrected." and pad.editing == -1
    assert pad.sheet.rows[0].result.slam and pad.sheet.totals == (0 - 300, 250 + 40)


def test_a_read_only_sheet_takes_no_entry() -> None:
    pad = PadSession(Sheet(STANDARD), read_only=True)
    pad.act("pad-declarer", "1")
    assert pad.draft.declarer == -1
    assert "Enter the hand" not in draw(pad)


def test_saved_after_every_entry_and_resumed_on_reload_with_the_names_kept() -> None:
    local, tab = Memory(), Memory()
    app = App(saves=Saves(local, tab=tab))
    app.dispatch("pad-start")
    app.dispatch("pad-name:0", "  Ann   Lee ")
    for action, value in (("pad-declarer", "1"), ("pad-bid", "7H"), ("pad-tricks", "8"), ("pad-enter", "")):
        app.dispatch(action, value)
    assert any(OWN_KEYS.search(k) for k in local.data if "#pad/" in k)
    reloaded = App(saves=Saves(local, tab=tab))  # a reload: the tab's sheet opens again
    assert reloaded.screen == "pad" and reloaded.pad is not None
    assert reloaded.pad.sheet.totals == (20, 200) and reloaded.pad.names[0] == "Ann Lee"
    reloaded.dispatch("new-game")
    assert reloaded.screen == "start"
    assert [g.title for g in reloaded.games_view()] == ["Score pad (a real game): Standard (4 players, partners)"]
    reloaded.dispatch("pad-start")  # a new sheet: the names kept for next time
    assert reloaded.pad is not None and reloaded.pad.names[0] == "Ann Lee" and reloaded.pad.sheet.rows == []
    reloaded.dispatch("new-game")
    game_id = next(g.id for g in reloaded.games_view() if g.detail.startswith("hand 2"))
    reloaded.dispatch("resume", game_id)
    assert reloaded.pad is not None and reloaded.pad.sheet.totals == (20, 200)


def test_a_damaged_sheet_is_not_opened_and_says_why() -> None:
    local = Memory()
    store = PadStore(local, "p#")
    pad = PadSession(Sheet(STANDARD))
    pad.sheet.add(Entry(0, "7H", 1, tricks=(2, 8)))
    store.save("pad-0123456789ab", pad)
    key = "p#pad/0123456789ab"
    local.data[key] = local.data[key].replace('"tricks":[2,8]', '"tricks":[2,9]')
    with pytest.raises(SaveError, match="add up to 11"):
        store.load("pad-0123456789ab")
    assert store.pads() == []
    with pytest.raises(SaveError):
        parse("{not json")


def test_the_export_is_the_sheet_and_imports_back() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("pad-start")
    for action, value in (("pad-declarer", "0"), ("pad-bid", "MIS"), ("pad-tricks", "0"), ("pad-enter", "")):
        app.dispatch(action, value)
    download = app.download("pad-export", "")
    assert download is not None and download[0].endswith(".json")
    assert parse(download[1]).sheet.totals == (250, 0)


def test_the_link_round_trip_shows_the_sheet_read_only_and_a_changed_link_is_refused() -> None:
    app = App(saves=Saves(Memory()), page_url="https://example.org/500/?x=1")
    app.dispatch("pad-start")
    for _ in range(30):  # a long game still fits a link
        for action, value in (("pad-declarer", "1"), ("pad-bid", "6S"), ("pad-tricks", "5"), ("pad-enter", "")):
            app.dispatch(action, value)
        if app.pad is not None and app.pad.sheet.outcome is not None:
            break
    assert app.pad is not None
    app.dispatch("pad-share")
    assert app.dialog == "share" and app.shared.url.startswith("https://example.org/500/?v=1&g=")
    query = "?" + app.shared.url.split("?")[1]
    opened = App(saves=Saves(Memory()), query=query)
    assert opened.pad is not None and opened.pad.read_only
    assert opened.pad.sheet.totals == app.pad.sheet.totals and opened.pad.names == app.pad.names
    changed = query.replace("g=", "g=A", 1)
    refused = App(saves=Saves(Memory()), query=changed)
    assert refused.pad is None and "checksum does not match" in refused.notice


def test_a_link_whose_sheet_the_rules_refuse_is_not_shown() -> None:
    text = dump(PadSession(Sheet(STANDARD))).replace('"entries":[]', '"entries":[{"dealer":0,"contract":"7S","declarer":1,"tricks":[9,9]}]')
    opened = App(saves=Saves(Memory()), query=links.sheet_link(text))
    assert opened.pad is None and "add up to 18" in opened.notice


def test_the_score_of_an_entry_is_the_engines_for_the_same_contract() -> None:
    rules = Rules.parse("standard,slam=plus100")
    result = score_entry(rules, Entry(0, "9NT", 1, tricks=(0, 10)))
    assert result.points == (0, 420 + 100) and result.slam


def test_history_lists_real_games_apart_from_the_statistics_and_imports_a_sheet() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("pad-start")
    for action, value in (("pad-declarer", "1"), ("pad-bid", "10NT"), ("pad-tricks", "10"), ("pad-enter", "")):
        app.dispatch(action, value)
    assert app.pad is not None and app.pad.sheet.outcome is not None
    exported = app.download("pad-export", "")
    assert exported is not None
    app.dispatch("new-game")
    assert app.games_view() == ()  # a finished sheet leaves Resume, for History
    view = app.history_view()
    assert [g.label.split(": ", 1)[1] for g in view.real] == ["finished, 0 to 520 after 1 hand"]
    assert view.stats[-1] == ("Real games on the score pad, apart from these statistics: 1 finished, "
                              "0 in progress, 1 hand.")
    assert app.saves is not None and tuple(app.saves.stats().lines()) == view.stats[:-1]  # none counted as the player's
    app.dispatch("dialog", "history")
    assert f'data-value="{view.real[0].id}"' in app.regions()["dialog"]
    app.dispatch("resume", view.real[0].id)
    assert app.pad is not None and app.pad.sheet.totals == (0, 520) and app.dialog == ""
    app.dispatch("new-game")
    app.dispatch("import", exported[1])
    assert app.pad is not None and app.pad.sheet.totals == (0, 520) and "imported" in app.notice
    assert len(app.history_view().real) == 2


def test_more_tricks_than_a_hand_has_are_refused_before_the_rest_is_worked_out() -> None:
    pad = PadSession(Sheet(PRESETS["cutthroat"]))
    for action, value in (("pad-declarer", "0"), ("pad-bid", "7S"), ("pad-tricks", "8"), ("pad-side:1", "3"),
                          ("pad-enter", "")):
        pad.act(action, value)
    assert pad.refused and pad.message == "The tricks add up to 11: a hand has 10."
    pad.act("pad-side:1", "1")
    pad.act("pad-enter", "")
    assert pad.sheet.totals == (140, 10, 10)


def test_a_sheet_under_resume_is_deleted_after_a_yes_and_a_failure_goes_back_to_its_save() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("pad-start")
    for action, value in (("pad-declarer", "1"), ("pad-bid", "7H"), ("pad-tricks", "8"), ("pad-enter", "")):
        app.dispatch(action, value)
    assert app.pad is not None
    app.pad.act("pad-declarer", "2")  # not entered: a failure goes back to the sheet as saved
    app.recover(RuntimeError("a bug"))
    assert app.pad is not None and app.pad.sheet.totals == (20, 200) and app.pad.draft.declarer == -1
    assert "went wrong on our side" in app.notice
    app.dispatch("new-game")
    pad_id = app.games_view()[0].id
    app.dispatch("ask-delete", pad_id)
    assert app.dialog == "confirm" and "Score pad" in app.confirm_view().what
    app.dispatch("delete", pad_id)
    assert app.games_view() == () and app.history_view().real == ()


def test_a_game_file_imported_over_the_pad_opens_the_game() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("start")
    game = app.download("export", "")
    assert game is not None
    app.dispatch("new-game")
    app.dispatch("pad-start")
    app.dispatch("import", game[1])
    assert app.screen == "table" and app.pad is None


def test_the_other_sides_tricks_are_not_asked_once_the_tricks_make_ten() -> None:
    pad = PadSession(Sheet(PRESETS["five-handed"]))
    for action, value in (("pad-declarer", "2"), ("pad-bid", "8H"), ("pad-partner", "4"), ("pad-tricks", "9"),
                          ("pad-enter", "")):
        pad.act(action, value)
    assert pad.message == "Choose the tricks taken."  # one trick: whose?
    pad.act("pad-side:0", "1")
    pad.act("pad-enter", "")
    assert not pad.refused and pad.sheet.rows[-1].entry.tricks == (1, 0, 9, 0, 0)
    for action, value in (("pad-declarer", "1"), ("pad-bid", "7S"), ("pad-partner", "alone"), ("pad-tricks", "10"),
                          ("pad-enter", "")):
        pad.act(action, value)
    assert not pad.refused and pad.sheet.rows[-1].entry.tricks == (0, 10, 0, 0, 0)
    assert 'title="North-West">NW</abbr>' in draw(pad)


def test_only_a_changed_sheet_is_written() -> None:
    local = Memory()
    app = App(saves=Saves(local))
    app.dispatch("pad-start")
    key = next(k for k in local.data if "#pad/" in k)
    written = local.data[key]
    app.dispatch("pad-declarer", "1")  # the hand being entered is not the sheet
    assert local.data[key] == written
    app.dispatch("pad-name:1", "Bob")
    assert local.data[key] != written and '"Bob"' in local.data[key]


def enter_hand(app: App, declarer: str, bid: str, took: str) -> None:
    for action, value in (("pad-declarer", declarer), ("pad-bid", bid), ("pad-tricks", took), ("pad-enter", "")):
        app.dispatch(action, value)


def test_a_sheet_changed_in_another_tab_is_taken_up_not_overwritten_and_the_hand_being_entered_kept() -> None:
    local = Memory()
    first = App(saves=Saves(local, tab=Memory()))
    first.dispatch("pad-start")
    enter_hand(first, "1", "7H", "8")
    pad_id = first.pad_id
    second = App(saves=Saves(local, tab=Memory()))  # the same sheet in another tab
    second.dispatch("resume", pad_id)
    enter_hand(second, "2", "8S", "8")
    first.dispatch("pad-declarer", "3")  # the first tab has not seen the second's hand
    assert first.notice == PAD_STALE and first.pad is not None and len(first.pad.sheet.rows) == 2
    assert first.pad.draft.declarer == 3 and first.pad.draft.dealer == 2  # the deal moved on with the newer hand
    for action, value in (("pad-bid", "7C"), ("pad-tricks", "7"), ("pad-enter", "")):
        first.dispatch(action, value)
    kept = parse(local.data[first._pads().key(pad_id)]).sheet
    assert [(r.entry.declarer, r.entry.contract) for r in kept.rows] == [(1, "7H"), (2, "8S"), (3, "7C")]
    assert "took up the sheet as kept there" in first.regions()["pad"]

    second.storage_changed(second._pads().key(pad_id))  # told at once of the first tab's hand
    assert second.pad is not None and len(second.pad.sheet.rows) == 3 and second.notice == PAD_STALE
    enter_hand(second, "0", "10NT", "10")  # the game is over on the second tab
    assert second.pad.sheet.outcome is not None
    enter_hand(first, "1", "6D", "6")  # the hand the first was entering no longer fits: it says why
    assert first.pad.refused and "game is over" in first.pad.message and len(first.pad.sheet.rows) == 4
    assert len(parse(local.data[first._pads().key(pad_id)]).sheet.rows) == 4

    second.pad.set_name(0, "Zed")  # changed past the controls, then written over elsewhere: not overwritten
    first.dispatch("pad-name:0", "Ann")
    second.save()
    assert second.pad.names[0] == "Ann" and PAD_CHANGE_LOST in second.notice
    assert parse(local.data[first._pads().key(pad_id)]).names[0] == "Ann"

    local.data[first._pads().key(pad_id)] = "{damaged"  # damaged elsewhere: not overwritten either
    first.dispatch("pad-name:1", "Bob")
    assert first.notice.startswith("This score sheet was changed in another tab and is now damaged")
    assert local.data[first._pads().key(pad_id)] == "{damaged" and first.kept == first._pads().key(pad_id)


def test_a_damaged_sheet_is_listed_with_why_and_kept_until_the_players_delete() -> None:
    local = Memory()
    app = App(saves=Saves(local))
    app.dispatch("pad-start")
    enter_hand(app, "1", "7H", "8")
    pad_id, key = app.pad_id, app._pads().key(app.pad_id)
    app.dispatch("new-game")
    damaged = local.data[key].replace('"tricks":[2,8]', '"tricks":[2,9]')
    local.data[key] = damaged
    reloaded = App(saves=Saves(local))
    assert reloaded.notice.startswith("A score sheet could not be opened: the score sheet is damaged")
    assert "add up to 11" in reloaded.notice and reloaded.kept == key
    [kept] = reloaded.history_view().kept
    assert kept.key == key and "add up to 11" in kept.problem and kept.at
    exported = reloaded.download("export-kept", key)
    assert exported is not None and exported[1] == damaged
    reloaded.dispatch("resume", pad_id)
    assert reloaded.pad is None and "could not be opened" in reloaded.notice and local.data[key] == damaged
    reloaded.dispatch("dialog", "history")
    assert "add up to 11" in reloaded.regions()["dialog"]
    reloaded.dispatch("ask-delete-kept", key)
    assert "add up to 11" in reloaded.confirm_view().what
    reloaded.dispatch("delete-kept", key)
    assert key not in local.data and reloaded.history_view().kept == ()
    local.data[key] = "{not json"
    assert [k.problem for k in PadStore(local, app._pads().prefix).damaged()] == [
        "the score sheet is damaged (it is not valid JSON)"]


def test_a_tournament_chosen_cannot_be_scored_on_the_pad_and_says_why() -> None:
    app = App(saves=Saves(Memory()))
    app.dispatch("set:table", TOURNAMENT)
    html = app.regions()["start"]
    assert ('data-key="pad-start" aria-label="Score a real game: keep the score of a game played with real cards, '
            'at the table and rules chosen below" disabled aria-describedby="pad-refused">') in html
    assert f'<span id="pad-refused" class="muted">{PAD_NO_TOURNAMENT}</span>' in html
    app.dispatch("pad-start")  # (the page's button is disabled; the worker refuses as well)
    assert app.pad is None and app.screen == "start"
    app.dispatch("set:table", "standard")
    assert "pad-refused" not in app.regions()["start"]
    app.dispatch("pad-start")
    assert app.pad is not None
