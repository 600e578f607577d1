"""What the table tells the player: the auction as a grid with each call's reason, the hint's
marks on what it suggests, and the hand review naming the hint's card where it differs."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from app.review.model import VerdictData  # noqa: E402
from app.review.review import Review, verdict_words  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.render import table  # noqa: E402
from app.table.model import CallView  # noqa: E402
from app.table.session import PLAYER, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import natural_reading, table_view  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.rules import Rules  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402


def to_players_turn(session: Session) -> Session:
    """The bots act until the player is to act."""
    session.set_autoplay(False)
    return bots_play(session)


def ask_hint(session: Session) -> None:
    request = session.bot_request("hint")
    assert request is not None
    session.show_hint(request, answer(request))


def test_the_auction_is_a_grid_by_round_from_the_dealers_left() -> None:
    """Six seats: a column a seat in turn from the dealer's left, a row a round, the high call
    marked, the seats' names over the columns."""
    session = to_players_turn(Session(default_settings("six-handed"), DealCode(5, 2)))
    view = table_view(session)
    players = session.rules.players
    dealer = session.hand.dealer
    assert view.auction_seats == tuple(session.seat_name((dealer + 1 + k) % players) for k in range(players))
    assert view.auction, "the bots before the player have called"
    rounds: dict[str, int] = {}
    for call in view.auction:
        assert view.auction_seats[call.column] == call.seat
        assert call.row == rounds.get(call.seat, 0)
        rounds[call.seat] = call.row + 1
    bids = [i for i, c in enumerate(view.auction) if not c.passed]
    assert [i for i, c in enumerate(view.auction) if c.high] == bids[-1:]
    html = table(view)["arena"]
    assert html.count('<th scope="col"') == players
    assert 'class="calls" data-roving="grid"' in html


def grid_of(rules: str, code: DealCode) -> tuple[CallView, ...]:
    """The auction's grid once the bots (the player's seat on auto-play) have called."""
    settings = {**default_settings(rules.split(",")[0]), "rules": rules, "autoplay": True}
    session = bots_play(Session(settings, code), until=lambda s: s.hand.phase.name not in ("AUCTION", "BREACH"))
    return table_view(session).auction


@pytest.mark.parametrize("rules", ["standard", "standard,bid_after_pass=on", "six-handed,bid_after_pass=on",
                                   "standard,breach=on", "standard,raise_own_bid=on"])
def test_the_grid_reads_in_the_order_of_the_calls(rules: str) -> None:
    """Row by row, the cells are the calls in the order made, one a cell."""
    for n in range(1, 13):
        cells = [(c.row, c.column) for c in grid_of(rules, DealCode(n, 1))]
        assert cells == sorted(cells) and len(set(cells)) == len(cells)


def test_a_seat_skipped_for_a_round_leaves_its_cell_empty() -> None:
    """Bidding after a pass: a seat that passed, was skipped a round and came back calls in the
    round it came back in, not in its own next row (which would put it before calls made first)."""
    calls = grid_of("six-handed,bid_after_pass=on", DealCode(309, 0))  # a seat skipped, then back
    cells = [(c.row, c.column) for c in calls]
    assert cells == sorted(cells) and len(set(cells)) == len(cells)
    made: dict[str, int] = {}
    skipped = 0
    for c in calls:
        skipped += c.row > made.get(c.seat, 0)
        made[c.seat] = made.get(c.seat, 0) + 1
    assert skipped


def test_the_partners_column_is_marked_in_the_auction() -> None:
    session = to_players_turn(Session(default_settings(), DealCode(7, 1)))
    html = table(table_view(session))["arena"]
    head = re.search(r"<thead>(.*?)</thead>", html)
    assert head is not None
    marked = re.findall(r'<th scope="col" class="partner">(.*?)</th>', head.group(1))
    assert len(marked) == 1 and marked[0].startswith("North") and "your partner" in marked[0]


def test_a_bots_call_opens_its_own_reason_said_of_the_bot() -> None:
    session = to_players_turn(Session(default_settings(), DealCode(7, 1)))  # North and East call first
    view = table_view(session)
    bots = [c for c in view.auction if c.seat != "South"]
    assert bots and all(c.reason for c in bots)
    assert not any(re.search(r"\byour?\b", c.reason) for c in bots), [c.reason for c in bots]
    html = table(view)["arena"]
    for i, call in enumerate(view.auction):
        assert f'popovertarget="why-{i}"' in html and f'id="why-{i}" popover' in html
    # the player's own calls: what the call naturally says, nothing for a pass
    session.bid("pass")
    mine = [c for c in table_view(session).auction if c.seat == "South"]
    assert mine[-1].reason == ""


def test_a_persons_bid_reads_naturally() -> None:
    rules = Rules()
    assert natural_reading(Action.parse("bid 7H", True), rules) == \
        "a long, strong hearts suit, about 7 tricks with partner and the kitty"
    assert natural_reading(Action.parse("bid 8NT", True), rules).startswith("strength in every suit")
    assert natural_reading(Action.parse("pass", True), rules) == ""


def test_the_hint_marks_what_it_suggests_and_describes_it() -> None:
    session = to_players_turn(Session(default_settings(), DealCode(7, 3)))
    assert table_view(session).hint is None
    ask_hint(session)
    view = table_view(session)
    assert view.hint is not None and view.hint.text.startswith("Hint:")
    regions = table(view)
    assert 'id="hint-note"' in regions["arena"] and "Hint:" not in regions["panel"]
    action = view.hint.actions[0]
    marked = re.findall(r'<button[^>]*class="[^"]*hinted[^"]*"[^>]*>', regions["panel"])
    assert len(marked) == 1 and f'data-value="{action}"' in marked[0] and 'aria-describedby="hint-note"' in marked[0]
    session.bid("pass")
    assert table_view(session).hint is None  # the game moved on


def test_the_hint_closes_with_its_marks() -> None:
    session = to_players_turn(Session(default_settings(), DealCode(7, 3)))
    ask_hint(session)
    assert 'data-action="hint-close"' in table(table_view(session))["arena"]
    session.close_hint()
    regions = table(table_view(session))
    assert 'id="hint-note"' not in regions["arena"] and "hinted" not in regions["panel"]


def test_the_kitty_hint_marks_all_the_cards_it_names() -> None:
    session = to_players_turn(Session(default_settings(), DealCode(7, 3)))
    session.bid("bid 10NT")
    bots_play(session)
    assert session.hand.phase == Phase.DISCARD
    ask_hint(session)
    view = table_view(session)
    assert view.hint is not None and len(view.hint.cards) == session.rules.kitty_size
    hand = table(view)["hand"]
    for card in view.hint.cards:
        assert re.search(rf'<button[^>]*class="[^"]*hinted[^"]*"[^>]*data-value="{card}"', hand)
    assert hand.count("hinted") == session.rules.kitty_size


def test_the_review_names_the_hints_card_where_it_differs() -> None:
    """The player asks the hint at two cards: plays its card at the first, another at the second.
    The review says 'the hint's choice' of the first card alone."""
    session = Session(default_settings(), DealCode(2, 0))
    session.set_autoplay(True)
    bots_play(session, until=lambda s: s.hand.phase == Phase.PLAY and s.hand.to_act == PLAYER)
    followed: list[str] = []
    for follow in (True, False):
        session.set_autoplay(False)
        assert session.state == "you" and session.hand.phase == Phase.PLAY
        ask_hint(session)
        assert session.hint is not None
        hinted = Action.parse(session.hint.actions[0])
        legal = sorted(session.playable_cards())
        card = hinted.played_card if follow else next(c for c in legal if c != hinted.played_card)
        assert card is not None
        session.play(int(card))
        if follow:
            followed.append(str(hinted))
        session.set_autoplay(True)
        bots_play(session, until=lambda s: s.hand.to_act == PLAYER)
        if len(session.playable_cards() or [0, 0]) < 2:
            break
    bots_play(session)
    assert session.state == "hand-over"
    record = session.record()
    assert len(record["meta"]["hints"]) == 2
    review = Review(record)
    while (request := review.request()) is not None:
        assert review.take(request, answer(request))
    lines = [line.text for line in review.view().lines]
    marked = [t for t in lines if "the hint's choice" in t]
    chosen = Action.parse(followed[0]).played_card
    assert chosen is not None and len(marked) == 1 and chosen.name in marked[0], lines


def test_a_card_the_hint_chose_that_gave_up_a_trick_says_why() -> None:
    v = VerdictData(trick=3, seat=PLAYER, card="AD", played=7, best=8, best_card="KS", lost=1, turning=False)
    assert verdict_words(v) == "Trick 3: the ace of diamonds gave up 1 trick: with all cards known, the king of spades was best."
    assert verdict_words(v, hinted=True) == ("Trick 3: the ace of diamonds gave up 1 trick: the hint's choice, best on "
                                             "what you could see; with all cards known, the king of spades.")
