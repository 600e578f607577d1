"""The hand review in the app: its pieces of analysis asked one at a time, answered by the
bots' worker code, shown as they come; stepping trick by trick; opened after a hand and
from History."""
from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.review import render as review_render  # noqa: E402
from app.review.review import Review, piece_key  # noqa: E402
from app.store.saves import Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.actions import PASS, Action  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.record import to_record  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.rules import PRESETS, Rules  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402
from tests.app.test_saves import FakeStorage  # noqa: E402

from bots import review  # noqa: E402
from bots.review import Verdict  # noqa: E402
from bots.solver import Solver  # noqa: E402


def played_hand(seed: int = 2) -> Session:
    """One hand played through by the bots, South's seat by auto-play."""
    session = Session({**default_settings(), "autoplay": True}, DealCode(seed, 0))
    bots_play(session)
    assert session.state == "hand-over" and session.hand.contract is not None
    return session


def south_verdicts(hand: Hand, trick: int) -> list[Verdict]:
    """South's verdicts in ``trick``, by :func:`review.trick_verdicts` within its default budget."""
    found = review.trick_verdicts(hand, trick, 0)
    assert found is not None
    return found


def test_the_pieces_come_one_at_a_time_and_equal_the_solvers_numbers() -> None:
    session = played_hand(11)
    r = Review(session.record())
    assert r.view().summary.startswith("Working out")
    asked, slices = [], 0
    while (request := r.request()) is not None:
        reply = answer(request)
        assert r.take(request, reply)
        slices += 1
        if not reply.get("more"):  # else the same piece is asked again
            asked.append(request["piece"])
    assert slices > len(asked)  # the bidder's figure takes more than one slice here
    assert asked[0] == "makeable" and asked.count("makeable") == 1
    assert asked.count("trick") == 10 and asked[-2:] == ["contract", "contract"]  # two sides, the bidders' first
    hand = session.hand
    dd = Solver(review.start_of_play(hand)).tricks()
    view = r.view()
    assert f"could have taken {dd} trick" in view.summary
    assert view.done == view.pieces == 13
    verdicts = [v for t in range(1, 11) for v in south_verdicts(hand, t)]
    assert [line.text for line in view.lines] == [
        f"Trick {v.trick}: the " + (f"{card(v.card)}, a best card." if not v.lost else
                                     f"{card(v.card)} gave up {v.lost} trick{'s' * (v.lost != 1)}: "
                                     f"the {card(v.best_card)} was best.") for v in verdicts]
    for c in view.contracts:
        assert not c.pending


def card(text: str) -> str:
    played = Action.parse(text).played_card
    assert played is not None
    return played.name


def test_steps_trick_by_trick_with_every_hand_face_up() -> None:
    session = played_hand()
    r = Review(session.record())
    view = r.view()
    assert view.step == 0 and view.trick is None
    assert [len(s.cards) for s in view.seats] == [10, 10, 10, 10]
    r.go(3)
    view = r.view()
    assert [len(s.cards) for s in view.seats] == [7, 7, 7, 7]
    assert view.trick is not None and view.trick.title.startswith("Trick 3, won by")
    shown = {c.card.text for c in view.trick.cards}
    assert shown == {str(c) for c in session.hand.tricks[2].cards}
    r.go(99)
    assert r.step == 10 and all(not s.cards for s in r.view().seats)
    r.go(-1)
    assert r.step == 0
    r.play(True)
    r.go(10)
    assert not r.playing  # the end stops it


def test_an_answer_for_another_hand_is_not_taken() -> None:
    session = played_hand()
    session.next_hand()
    bots_play(session)
    r = Review(session.record())
    assert r.number == 1 and r.hands == 2
    stale = r.request()
    assert stale is not None
    r.other_hand(0)
    assert not r.take(stale, {"value": 7})
    assert r.answers == {}


def test_the_turning_point_is_named() -> None:
    session = played_hand()
    hand = session.hand
    assert hand.contract is not None
    r = Review(session.record())
    r.answers["makeable"] = 7
    tricks = [p for p in r.pieces if p["piece"] == "trick"]
    for p in tricks:
        r.answers[f"trick {p['trick']}"] = []
    k = hand.contract.tricks
    bidding = 0 in hand.sides.seats
    best, played = (k, k - 1) if bidding else (k - 1, k)
    r.answers["trick 3"] = [{"trick": 3, "seat": 0, "card": "9H", "played": played, "best": best, "best_card": "KH",
                             "lost": 1, "turning": True}]
    words = r.view().turning
    went = f"go ({k} tricks to {k - 1}): the king of hearts instead would have made it." if bidding else \
        f"in ({k - 1} tricks to {k}): the king of hearts instead would have set it."
    assert words == f"Trick 3: your nine of hearts let the contract {went}"
    r.answers["trick 3"] = [{"trick": 3, "seat": 0, "card": "9H", "played": 6, "best": 7, "best_card": "KH",
                             "lost": 1, "turning": False}]  # a trick given up that changed nothing
    assert r.view().turning == ("No card changed the outcome; your cards gave up 1 trick in all, "
                                "the first in trick 3 (the king of hearts was best).")
    r.answers["trick 5"] = [{"trick": 5, "seat": 1, "card": "9S", "played": 7, "best": 6, "best_card": "KS",
                             "lost": 1, "turning": False}]
    (west,) = [c for c in r.view().others if c.title == "West's cards"]
    assert [line.text for line in west.lines] == [
        "Trick 5: the nine of spades gave up 1 trick: with all cards known, the king of spades was best."]


def test_the_review_opens_after_a_hand_and_from_history() -> None:
    saves = Saves(FakeStorage())
    app = App(saves=saves, seed=lambda: 2)
    app.dispatch("set:table", "standard")
    app.start("")
    session = app.session
    assert session is not None
    app.dispatch("autoplay", "on")
    bots_play(session)
    html = "".join(app.regions().values())
    assert 'data-action="review-open"' in html
    app.dispatch("review-open", "")
    assert app.dialog == "review" and app.review_request() is not None
    dialog = app.regions()["dialog"]
    assert "Hand review" in dialog and 'data-action="review-step"' in dialog
    app.dispatch("review-step", "2")
    assert app.review is not None and app.review.step == 2
    for action in ("+", "+", "-"):  # clicks on Next trick and Back sent before a redraw each count
        app.dispatch("review-step", action)
    assert app.review.step == 3
    app.dispatch("review-step", "2")
    request = app.review_request()
    assert request is not None
    app.review_answer(request, None, "the bots' thread did not answer in time.")
    assert app.review_request() is None
    assert "The analysis stopped: the bots&#x27; thread did not answer in time." in app.regions()["dialog"]
    app.dispatch("review-open", "")  # reopened: it goes on where it was
    assert app.review_request() == request
    app.dispatch("dialog", "")
    assert app.review_request() is None  # closed: nothing more is asked
    saves.finish(app.game_id, session.settings, session.match)
    app.dispatch("dialog", "history")
    assert 'data-action="review-open" data-value="0"' in app.regions()["dialog"]
    app.dispatch("review-open", "0")
    assert app.dialog == "review" and app.review is not None and app.review.source == "history"


def test_every_control_of_the_review_is_a_named_button() -> None:
    session = played_hand()
    session.next_hand()
    bots_play(session)
    view = Review(session.record()).view()
    html = review_render.dialog(view)
    assert "Previous hand" in html and "Next trick" in html and 'role="status"' in html
    for control in re.findall(r"<button[^>]*>", html):
        assert 'type="button"' in control and "data-action" in control
    cards = [c for s in view.seats for c in s.cards]
    assert len(cards) == 40  # every hand face up at the first lead, each card named for screen readers
    assert all(f'role="img" aria-label="{c.label}"' in html for c in cards)


def test_pieces_past_their_budget_say_so() -> None:
    session = played_hand()
    r = Review(session.record())
    for piece in r.pieces:  # a side's best contract: none found within the budget
        r.answers[piece_key(piece)] = (None if piece["piece"] != "contract" else
                                       {"side": piece["side"], "seat": 0, "bid": "", "tricks": 0, "settled": False})
    view = r.view()
    assert view.summary == "What the bidder could have made is too long to work out within the search budget."
    assert view.lines[0].text == "Trick 1: too long to work out within the search budget."
    assert "Some tricks are too long to work out" in view.turning
    assert all("search budget" in c.text for c in view.contracts)


def reviewed(rules: Rules, auction: tuple[str, ...], seed: int) -> tuple[Match, Review]:
    """A hand dealt by East (South speaks first) after ``auction`` and passes, played at random,
    and its review with every piece answered by the worker's code."""
    match = Match(rules, DealCode(seed, 3))
    for action in auction:
        match.apply(action)
    rng = SplitMix64(seed)
    while not match.hand.is_over:
        legal = match.hand.legal_actions()
        match.apply(PASS if PASS in legal else legal[rng.below(len(legal))])
    r = Review(to_record(match))
    while (request := r.request()) is not None:
        r.take(request, answer(request))
    return match, r


def test_a_hi_los_cards_are_not_judged_by_most_tricks() -> None:
    """Hi-lo is made by exactly five tricks: the solver's most tricks cannot judge its cards, so
    the review asks for none; its figure is the solver's most tricks, which settles only too few."""
    match, r = reviewed(replace(PRESETS["standard"], hi_lo=True), ("bid HI-LO",), 5)
    assert [p["piece"] for p in r.pieces] == ["makeable", "contract", "contract"]
    most = Solver(review.start_of_play(match.hand)).tricks()
    view = r.view()
    assert view.lines == ()
    assert view.turning == "A hi-lo's cards are not judged: the solver finds the most tricks, not exactly five."
    assert view.summary == (
        f"With all cards known, the bidder could have taken at most {most} trick{'s' * (most != 1)}: "
        "the contract could not be made." if most < 5 else
        f"With all cards known, the bidder could have taken up to {most} tricks; "
        "whether exactly five could have been kept to is not worked out.")


def test_a_miseres_review_says_whether_the_bidder_could_be_made_to_take_a_trick() -> None:
    match, r = reviewed(PRESETS["standard"], ("bid 7S", "bid MIS"), 8)  # West bids misere
    forced = Solver(review.start_of_play(match.hand)).can_take(1)
    view = r.view()
    assert view.summary == (
        "With all cards known, the defenders could have made the bidder take a trick: the contract could not be made."
        if forced else "With all cards known, the bidder could have taken no tricks: enough to make the contract.")
    for line, v in zip(view.lines, [v for t in range(1, 11) for v in south_verdicts(match.hand, t)]):
        assert line.text.endswith("a best card." if not v.lost else f"changed the misere's outcome: the "
                                     f"{card(v.best_card)} was best.")


def worked_ahead(app: App) -> int:
    """Let the app work the review out ahead until it has nothing more to search: slices."""
    slices = 0
    while app.work_ahead():
        slices += 1
    return slices


def test_the_review_after_a_hand_opens_with_its_analysis_worked_out_ahead() -> None:
    """Between the table's moves (the player thinking, the bots' pause) the worker searches the
    review of the hand so far; the review after the hand opens with every piece in, each
    equal to what the review would have searched itself."""
    app = App(saves=Saves(FakeStorage()), seed=lambda: 2)
    app.dispatch("set:table", "standard")
    app.start("")
    session = app.session
    assert session is not None
    assert not app.work_ahead() and app.ahead is None  # the auction: nothing to search, nothing imported
    app.dispatch("autoplay", "on")
    ahead: list[tuple[int, int]] = []  # (tricks played, pieces answered) at each move

    def work(s: Session) -> None:
        worked_ahead(app)
        if app.ahead is not None:
            ahead.append((len(s.hand.tricks), len(app.ahead.answers)))
    bots_play(session, check=work)
    assert session.state == "hand-over"
    assert (3, 6) in ahead  # after three tricks: the figure, both contracts and those tricks' verdicts
    assert all(answered <= 3 + played for played, answered in ahead)  # never a trick not yet played
    app.dispatch("review-open", "")
    r = app.review
    assert r is not None and r.done == len(r.pieces) == 13 and app.review_request() is None
    assert "Analysis complete." in app.regions()["dialog"]
    fresh = Review(session.record())
    while (request := fresh.request()) is not None:
        fresh.take(request, answer(request))
    assert r.answers == fresh.answers


def test_a_card_taken_back_starts_the_review_ahead_afresh() -> None:
    from app.review.ahead import ReviewAhead
    hand = played_hand().hand
    table = review.start_of_play(hand)
    plays = [a for _, a in hand.history[len(table.history):]]
    for action in plays[:12]:  # three tricks
        table.push(action)
    ahead = ReviewAhead()
    while ahead.work(table):
        pass
    assert set(ahead.answers) >= {"trick 1", "trick 2", "trick 3"} and "trick 4" not in ahead.answers
    assert {"contract 0", "contract 1"} <= set(ahead.answers)
    table.pop()  # the last card of trick 3 taken back
    while ahead.work(table):
        pass
    assert "trick 3" not in ahead.answers
    again = ReviewAhead()
    while again.work(table):
        pass
    assert ahead.answers == again.answers and ahead.hand is not None
    assert ahead.hand.history == table.history


def test_the_pieces_searched_in_one_go_wait_while_the_player_is_to_act() -> None:
    """A side's best contract is searched in one go (up to about 0.3 s in the browser): ahead of
    the review, only while the bots are to act or the hand is over, never while the player's
    click would wait for it."""
    from app.review.ahead import ReviewAhead
    hand = played_hand().hand
    table = review.start_of_play(hand)
    ahead = ReviewAhead()
    while ahead.work(table, whole=False):
        pass
    assert set(ahead.answers) == {"makeable"}
    while ahead.work(table):
        pass
    assert set(ahead.answers) == {"makeable", "contract 0", "contract 1"}


def test_once_the_hand_shown_is_worked_out_the_hand_before_is_and_opens_complete() -> None:
    """A player steps back through a game's hands, looking at each for some seconds: once the
    hand shown is worked out, the review goes on with the hand before, which then opens complete."""
    session = played_hand(2)
    session.next_hand()
    bots_play(session)
    record = session.record()
    review = Review(record, -1, "history")
    asked = []
    while (request := review.request()) is not None:
        asked.append(request["hand"])
        assert review.take(request, answer(request))
        if request["hand"] == 0:
            assert review.done == len(review.pieces) > 0  # the hand shown's first
    assert asked[0] == 1 and asked[-1] == 0 and asked == sorted(asked, reverse=True)
    review.other_hand(0)
    assert review.number == 0 and review.done == len(review.pieces) > 0 and review.request() is None
    fresh = Review(record, 0)
    while (request := fresh.request()) is not None:
        fresh.take(request, answer(request))
    assert review.answers == fresh.answers
    review.other_hand(1)  # the hand after: worked out afresh
    assert review.done == 0 and review.request() is not None


def test_what_the_review_states_is_borne_out_by_exact_solves() -> None:
    """The consistency check (bench/review_consistency.py) on a few hands: every count exact,
    each change of count made by a card named, no card 'would have made' a contract unless the
    count after it reaches it."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from review_consistency import check, played_hand as dealt  # noqa: PLC0415
    checked = 0
    for preset, seed in [("standard", 1), ("standard", 4), ("cutthroat", 2), ("two-handed", 1), ("american", 3)]:
        hand = dealt(preset, seed)
        if hand is not None:
            assert check(hand) == [], (preset, seed)
            checked += 1
    assert checked >= 4


def test_each_change_of_outcome_is_told_once_naming_its_card() -> None:
    session = played_hand(5)  # North lets the contract go, then East lets it in
    r = Review(session.record())
    while (request := r.request()) is not None:
        r.take(request, answer(request))
    turning = [v for t in range(1, 11) for v in r.answers[f"trick {t}"] or []  # type: ignore[attr-defined]
               if v["turning"]]
    words = r.view().turning
    assert len(turning) == 2 and words.count("instead would have") == 2
    assert "let the contract go (8 tricks to 7)" in words and "let the contract in (7 tricks to 8)" in words
    for v in turning:
        assert f"Trick {v['trick']}: " in words and card(v["card"]) in words


def test_the_review_shows_the_auction_the_kitty_and_the_trumps_as_trumps() -> None:
    session = played_hand(2)  # eight hearts by West: the jack of diamonds is a heart
    r = Review(session.record())
    while (request := r.request()) is not None:
        r.take(request, answer(request))
    view = r.view()
    assert view.auction == "The auction: West 6NT, North pass, East 7♥, South pass, West 8♥, East pass."
    assert view.kitty == "The kitty: 6♠ J♠ 7♣; West put back 5♣ 7♣ 7♦."
    east = next(s for s in view.seats if s.name == "East")
    assert [(s.symbol, s.trumps, [c.text for c in s.cards]) for s in east.suits][0] == (
        "♥", True, ["JD", "10H", "8H", "7H"])
    assert "JD" not in [c.text for s in east.suits[1:] for c in s.cards]
    html = review_render.dialog(view)
    assert 'class="red suit-H trumps"' in html and "The auction: West 6NT" in html
    assert all(" by " not in c.text or "points, the most" in c.text or "at least" in c.text for c in view.contracts)
