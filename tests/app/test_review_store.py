"""Analyses kept (app.review.store): a hand's review answers, once worked out, kept in storage
and read back for that hand only; an entry that cannot be read is worked out again; what is
kept stays within its size and gives way to the games when storage is full.

Run as a script, it adds this version's answers (bots.review.ANSWERS) to the golden file."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.review import store as review_store  # noqa: E402
from app.review.review import PLAYER, Review  # noqa: E402
from app.review.store import ReviewStore, encode, hand_name  # noqa: E402
from app.store.saves import Saves, scope  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from tests.playout import finish_hand  # noqa: E402
from tests.app.test_bridge import DEAL, Page, started  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402
from tests.app.test_review import played_hand, worked_ahead  # noqa: E402
from tests.app.test_saves import FakeStorage  # noqa: E402

from bots.review import ANSWERS  # noqa: E402

PREFIX = scope("/")
GOLDEN = Path(__file__).parents[1] / "golden" / "review_answers.json"
GOLDEN_SEEDS = (2, 11, 35)
"""Hands whose answers are pinned (a trump contract set, one made, and one more)."""


def reviewed(session: Session, store: ReviewStore | None = None) -> tuple[Review, int]:
    """A review of the session's last hand with every piece answered by the worker's code,
    and how many requests it took."""
    review = Review(session.record(), -1, "history", store)
    asked = 0
    while (request := review.request()) is not None:
        review.take(request, answer(request))
        asked += 1
    return review, asked


def random_hand(seed: int) -> Hand:
    hand = Hand.new(PRESETS["standard"], seed)
    finish_hand(hand, SplitMix64(seed))
    return hand


def test_a_reviewed_hand_opens_again_complete_with_nothing_to_search() -> None:
    storage = FakeStorage()
    store = ReviewStore(storage, PREFIX)
    session = played_hand(2)
    first, asked = reviewed(session, store)
    assert asked >= len(first.pieces) == 13
    [key] = storage.keys()
    assert key.startswith(PREFIX + "review/") and len(storage.data[key]) < 1_000  # compact: a best card is three fields
    again = Review(session.record(), -1, "history", store)
    assert again.request() is None and again.done == len(again.pieces)
    assert again.answers == first.answers and again.view() == first.view()
    without = Review(session.record(), -1, "history")
    assert without.request() is not None  # no store: worked out as before


def test_answers_are_only_ever_read_for_the_same_hand_seat_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = played_hand(2).hand
    names = {hand_name(hand, PLAYER), hand_name(hand, 1), hand_name(played_hand(11).hand, PLAYER),
             hand_name(random_hand(1), PLAYER), hand_name(random_hand(2), PLAYER)}
    monkeypatch.setattr(review_store, "ANSWERS", ANSWERS + 1)
    names.add(hand_name(hand, PLAYER))
    assert len(names) == 6
    store = ReviewStore(FakeStorage(), PREFIX)
    store.keep(hand, PLAYER, {"makeable": 7})
    assert store.answers(hand, PLAYER) == {"makeable": 7}
    assert store.answers(hand, 1) == {} and store.answers(random_hand(1), PLAYER) == {}


TAMPERED: dict[str, Callable[[str], str]] = {
    "not JSON": lambda raw: raw[:-3],
    "not an object": lambda raw: "[1, 2]",
    "no answers": lambda raw: '{"at": 1}',
    "an unknown piece": lambda raw: raw.replace('"makeable"', '"everything"'),
    "a card that is none": lambda raw: _first_verdict(raw, lambda v: [*v[:1], "ZZ", *v[2:]]),
    "a count out of range": lambda raw: raw.replace('"makeable":', '"makeable":-', 1),
    "a count that is text": lambda raw: _sub_makeable(raw, '"7"'),
    "a verdict cut short": lambda raw: _first_verdict(raw, lambda v: v[:-1]),
    "a bid that is none": lambda raw: _first_bid(raw, "9Q"),
}


def _sub_makeable(raw: str, text: str) -> str:
    data = json.loads(raw)
    data["a"]["makeable"] = json.loads(text)
    return json.dumps(data)


def _first_verdict(raw: str, change: Callable[[list[Any]], list[Any]]) -> str:
    data = json.loads(raw)
    trick = next(k for k, v in data["a"].items() if k.startswith("trick") and v)
    data["a"][trick][0] = change(data["a"][trick][0])
    return json.dumps(data)


def _first_bid(raw: str, bid: str) -> str:
    data = json.loads(raw)
    data["a"]["contract 0"][1] = bid
    return json.dumps(data)


@pytest.fixture(scope="module")
def kept_hand() -> tuple[Session, dict[str, object]]:
    session = played_hand(2)
    review, _ = reviewed(session)
    return session, review.answers


@pytest.mark.parametrize("how", TAMPERED)
def test_an_entry_that_cannot_be_read_is_removed_and_worked_out_again(
        how: str, kept_hand: tuple[Session, dict[str, object]]) -> None:
    session, answers = kept_hand
    storage = FakeStorage()
    store = ReviewStore(storage, PREFIX)
    store.keep(session.hand, PLAYER, answers)
    [key] = storage.keys()
    storage.data[key] = TAMPERED[how](storage.data[key])
    review = Review(session.record(), -1, "history", store)
    assert review.answers == {} and review.request() is not None
    assert key not in storage.data
    review.view()  # draws: nothing of the entry reached it


def test_what_is_kept_stays_within_its_size_the_oldest_going_first(monkeypatch: pytest.MonkeyPatch) -> None:
    session = played_hand(2)
    answers = reviewed(session)[0].answers
    now = [1_000.0]
    storage = FakeStorage()
    store = ReviewStore(storage, PREFIX, lambda: now[0])
    hands = [random_hand(seed) for seed in range(6)]
    store.keep(hands[0], PLAYER, answers)
    size = sum(len(k) + len(v) for k, v in storage.data.items())
    monkeypatch.setattr(review_store, "MAX_CHARS", 3 * size + 10)
    for hand in hands[1:]:
        now[0] += 1
        store.keep(hand, PLAYER, answers)
        assert sum(len(k) + len(v) for k, v in storage.data.items()) <= review_store.MAX_CHARS
    assert [bool(store.answers(h, PLAYER)) for h in hands] == [False, False, False, True, True, True]
    store.keep(hands[3], PLAYER, {"makeable": 1})  # kept again: over what was kept, and now the newest
    now[0] += 1
    store.keep(hands[0], PLAYER, answers)
    assert [bool(store.answers(h, PLAYER)) for h in hands] == [True, False, False, True, False, True]
    store.make_room()  # the older half go
    assert [bool(store.answers(h, PLAYER)) for h in hands] == [True, False, False, False, False, False]


def test_a_full_store_lets_the_analyses_kept_go_before_the_next_action(
        kept_hand: tuple[Session, dict[str, object]]) -> None:
    """The store is full: while the page reports the writes it refused nothing is written,
    the game is said to be unsaved; at the player's next action the older half of the
    analyses kept go, and the game is saved."""
    session, answers = kept_hand
    storage = FakeStorage()
    store = ReviewStore(storage, scope("/games/500/"), lambda: 1.0)
    for seed in range(8):
        store.keep(random_hand(seed), PLAYER, answers)
    kept = dict(storage.data)
    page = Page(kept, quota=sum(len(k) + len(v) for k, v in kept.items()) + 100)  # no room for a game
    bridge, reply = started(page, queued=[["start", DEAL]])
    assert page.refused
    while page.refused:
        reply = page.apply(bridge.handle(page.refused.pop(0)))
    local = page.stores["local"]
    assert local is not None
    assert not any("#game/" in k for k in local) and sum("#review/" in k for k in local) == 8
    assert "cannot be saved" in reply["regions"]["arena"]
    reply = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    assert not page.refused
    assert any("#game/" in k for k in local), "the game is saved"
    assert sum("#review/" in k for k in local) == 4  # the older half of the analyses went
    assert "cannot be saved" not in reply["regions"]["arena"]


def test_the_analysis_worked_out_at_the_table_opens_the_hand_from_history_after_a_reload() -> None:
    storage = FakeStorage()
    app = App(saves=Saves(storage), seed=lambda: 2)
    app.dispatch("set:table", "standard")
    app.start("")
    session = app.session
    assert session is not None
    app.dispatch("autoplay", "on")
    bots_play(session, check=lambda s: worked_ahead(app))
    assert session.state == "hand-over"
    worked_ahead(app)
    assert any("#review/" in k for k in storage.keys())
    assert app.saves is not None and app.saves.finish(app.game_id, session.settings, session.match)
    reloaded = App(saves=Saves(storage), seed=lambda: 3)
    reloaded.dispatch("dialog", "history")
    reloaded.dispatch("review-open", "0")
    review = reloaded.review
    assert review is not None and review.source == "history"
    assert review.done == len(review.pieces) == 13 and reloaded.review_request() is None
    assert "Analysis complete." in reloaded.regions()["dialog"]
    fresh, _ = reviewed(session)
    assert review.answers == fresh.answers


def golden_answers() -> dict[str, Any]:
    """The answers of the golden hands, as kept."""
    return {str(seed): encode(reviewed(played_hand(seed))[0].answers) for seed in GOLDEN_SEEDS}


def test_the_answers_are_those_of_their_version() -> None:
    """Answers kept are shown as long as :data:`bots.review.ANSWERS` is the same: a change to
    the solver that changes them must raise it (then run this module as a script)."""
    golden = json.loads(GOLDEN.read_text())
    assert str(ANSWERS) in golden, f"run python3 -m tests.app.test_review_store to pin version {ANSWERS}"
    assert golden_answers() == golden[str(ANSWERS)], "the answers changed: raise bots.review.ANSWERS"


def test_a_refused_write_to_the_tabs_own_store_leaves_the_analyses_kept(
        kept_hand: tuple[Session, dict[str, object]]) -> None:
    session, answers = kept_hand
    storage = FakeStorage()
    store = ReviewStore(storage, scope("/games/500/"), lambda: 1.0)
    for seed in range(4):
        store.keep(random_hand(seed), PLAYER, answers)
    page = Page(dict(storage.data), refuse="tab-game")  # the session store's one key
    bridge, _ = started(page, queued=[["start", DEAL]])
    assert [r["area"] for r in page.refused] == ["session"]
    page.apply(bridge.handle(page.refused.pop(0)))
    page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))  # the next action
    local = page.stores["local"]
    assert local is not None and sum("#review/" in k for k in local) == 4


if __name__ == "__main__":
    pinned = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if str(ANSWERS) in pinned:
        sys.exit(f"version {ANSWERS} is pinned already: raise bots.review.ANSWERS if the answers changed")
    pinned[str(ANSWERS)] = golden_answers()
    GOLDEN.write_text("{\n" + ",\n".join(  # a line a piece
        f' "{version}": {{\n' + ",\n".join(f'  "{seed}": {{\n' + ",\n".join(
            f"   {json.dumps(piece)}: {json.dumps(value)}" for piece, value in hand.items()) + "\n  }"
            for seed, hand in hands.items()) + "\n }" for version, hands in pinned.items()) + "\n}\n")
