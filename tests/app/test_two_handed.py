"""The two-handed table: both players' piles in their places, plays from the player's piles,
a trick of four, and the rules help that describes them."""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table import render as table_render  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.help import rules_help  # noqa: E402
from app.table.model import PlayPrompt, TableView  # noqa: E402
from app.table.session import PLAYER, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from engine.actions import play  # noqa: E402
from engine.cards import CARDS, Card, cards_of  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.rules import Rules  # noqa: E402
from tests.app.test_render import check  # noqa: E402
from tests.app.test_view import CARD_NAME, cards_in  # noqa: E402

PILES = 2
"""The position of the player's piles."""


def bot_step(session: Session) -> None:
    request = session.bot_request()
    assert request is not None
    assert session.apply_bot(request, answer(request))


def reach(wanted: Callable[[Session], bool], seeds: range = range(1, 60)) -> Session:
    """The first deal where the bots, playing both seats (the player's by auto-play), come to
    ``wanted`` in the first hand; the player's seat is then handed back to the player."""
    for seed in seeds:
        session = Session({**default_settings("two-handed"), "autoplay": True}, DealCode(seed, seed % 2))
        while not wanted(session) and session.state == "bot":
            bot_step(session)
        if wanted(session):
            session.set_autoplay(False)
            return session
    raise LookupError("no such deal")


def piles_turn(session: Session) -> bool:
    return session.hand.phase == Phase.PLAY and session.hand.turn == PILES


def up(hand: Hand, position: int) -> set[Card]:
    return set(cards_of(hand.playable(position)))


def places(view: TableView, seat: int) -> list[tuple[int | None, bool]]:
    """A player's pile places as (face-up card id or None, face-down card beneath)."""
    return [(p.card.id if p.card else None, p.down) for p in view.piles[seat].places]


def visible_to_player(hand: Hand) -> set[int]:
    """What South may see at two: own hand, both players' face-up pile cards, cards played, own kitty."""
    seen: set[int] = set(cards_of(hand.held[PLAYER])) | up(hand, 2) | up(hand, 3) | set(hand.trick_cards)
    seen |= {c for t in hand.tricks for c in t.cards}
    if hand.declarer == PLAYER:
        seen |= set(cards_of(hand.kitty | hand.discards))
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_the_piles_show_no_face_down_card_and_keep_their_places(seed: int) -> None:
    session = Session({**default_settings("two-handed"), "autoplay": True}, DealCode(seed, seed % 2))
    hand = session.hand
    before = table_view(session)
    assert [places(before, s) for s in (0, 1)] == [
        [(top, True) for _, top in hand.deal.piles[s]] for s in (0, 1)]  # dealt: five piles each, face up on face down
    while True:
        view = table_view(session)
        allowed = visible_to_player(hand)
        assert cards_in(view) <= allowed
        html = "".join(table_render.table(view).values())
        names = {n for label in re.findall(r'aria-label="([^"]*)"', html) for n in CARD_NAME.findall(label)}
        assert names <= {CARDS[c].name for c in allowed}
        for seat in (0, 1):
            assert {c for c, _ in places(view, seat) if c is not None} == up(hand, 2 + seat)
            for (was, was_down), (now, now_down), (under, _) in zip(places(before, seat), places(view, seat),
                                                                    hand.deal.piles[seat]):
                # a face-up card stays in its place until played; the card beneath turns up there
                assert now in {was, None} | ({under} if was_down else set())
                assert now_down <= was_down
        if session.state != "bot":
            break
        before = view
        bot_step(session)
    assert all(places(view, s) == [(None, False)] * 5 for s in (0, 1))
    assert 'class="piles' not in table_render.table(view)["arena"]  # nothing left in front of either player


def test_the_player_plays_from_the_piles_by_tapping_twice() -> None:
    session = reach(piles_turn)
    hand = session.hand
    legal = {a.played_card for a in hand.legal_actions()}
    card = next(c for c in sorted(up(hand, PILES)) if c in legal)
    view = table_view(session)
    assert isinstance(view.prompt, PlayPrompt)
    assert view.prompt.source == "piles" and view.prompt.text.startswith("Your piles' ")
    mine = view.piles[PLAYER]
    assert mine.me and mine.to_act and mine.tappable and mine.name == "Your piles"
    assert not view.piles[1].tappable
    assert all(not c.legal for c in view.hand)
    in_hand = view.hand[0].id
    session.tap(in_hand)
    assert session.notice == (f"You can't play the {CARDS[in_hand].name}: it is your piles' turn: "
                              "play one of their face-up cards.")
    session.tap(card)
    assert session.selected == card and session.notice == ""
    prompt = table_view(session).prompt
    assert isinstance(prompt, PlayPrompt)
    assert prompt.selected == card.name
    played = len(hand.history)
    session.tap(card)
    assert hand.history[played] == (PLAYER, play(card))
    assert card not in up(hand, PILES)


def test_a_pile_card_is_refused_on_the_hands_turn_and_a_face_down_one_always() -> None:
    session = reach(lambda s: s.hand.phase == Phase.PLAY and s.hand.turn == PLAYER and bool(s.hand.playable(PILES)))
    hand = session.hand
    view = table_view(session)
    assert isinstance(view.prompt, PlayPrompt)
    assert view.prompt.source == "hand" and view.prompt.text.startswith("Your ")
    pile = min(up(hand, PILES))
    assert not any(p.card.legal for p in view.piles[PLAYER].places if p.card)
    session.tap(pile)
    assert session.notice == f"You can't play the {pile.name}: it is your hand's turn, not your piles'."
    assert session.selected is None
    face_down = min(set(cards_of(hand.held[PILES])) - up(hand, PILES))
    session.tap(face_down)
    assert session.notice == "That card is not in your hand." and session.selected is None


def test_an_illegal_pile_card_is_dimmed_and_says_why() -> None:
    def wanted(s: Session) -> bool:
        return piles_turn(s) and bool(up(s.hand, PILES) - {a.played_card for a in s.hand.legal_actions()})
    session = reach(wanted)
    hand = session.hand
    refused = min(up(hand, PILES) - {a.played_card for a in hand.legal_actions()})
    markup = check(table_render.table(table_view(session))["arena"])
    buttons = {int(a["data-value"]): a for a, _ in markup.buttons if a.get("data-action") == "card"}
    assert set(buttons) == up(hand, PILES)
    assert buttons[refused]["aria-disabled"] == "true"
    assert buttons[refused]["aria-label"].endswith("cannot be played now")
    assert sum("data-autofocus" in a for a in buttons.values()) == 1
    session.tap(refused)
    assert session.notice.startswith(f"You can't play the {refused.name}: you must follow ")


def test_the_pile_cards_are_drawn_over_backs_and_named() -> None:
    session = reach(piles_turn)
    arena = table_render.table(table_view(session))["arena"]
    markup = check(arena)
    sections = {a["aria-label"]: a["class"] for t, a in markup.tags if t == "section" and "piles" in a["class"]}
    hand = session.hand
    mine, north = up(hand, PILES), up(hand, 3)
    down = [(hand.held[p] & ~hand.playable(p)).bit_count() for p in (PILES, 3)]
    assert sections == {f"Your piles: {len(mine)} face up, {down[0]} face down": "piles piles-south me to-act",
                        f"North's piles: {len(north)} face up, {down[1]} face down": "piles piles-north"}
    images = [a["aria-label"] for t, a in markup.tags if a.get("class") == "pile-card"]
    assert sorted(images) == sorted(c.name + (", on a face-down card" if c in hand.under else "") for c in north)
    labels = [a["aria-label"] for a, _ in markup.buttons if a.get("data-action") == "card"]
    assert sorted(label.split(",")[0] for label in labels) == sorted(c.name for c in mine)
    backs = arena.count('class="pile-back"')
    assert backs == sum(down)
    assert arena.index("piles-north") < arena.index('class="center"') < arena.index("piles-south")


def test_the_trick_shows_four_cards_in_their_places_with_labels() -> None:
    session = reach(lambda s: bool(s.hand.tricks) and not s.hand.trick_cards and s.hand.tricks[-1].winner == PILES)
    view = table_view(session)
    trick = view.trick
    assert trick.title == f"Trick {len(session.hand.tricks)}, won by your piles"
    assert trick.winner == "South's piles"
    shown = {c.place: (c.caption, c.seat, c.winner) for c in trick.cards}
    assert shown == {"south": ("You", "South", False), "north": ("North", "North", False),
                     "south-piles": ("Your piles", "South's piles", True),
                     "north-piles": ("North's piles", "North's piles", False)}
    arena = table_render.table(view)["arena"]
    assert arena.count('class="trick-who"') == 4 and "trick-card at-south-piles winner" in arena
    assert re.search(r'aria-label="South&#x27;s piles: [^"]+, winning"', arena)


def test_the_trick_count_of_a_seat_includes_its_piles() -> None:
    session = reach(lambda s: bool(s.hand.tricks) and not s.hand.trick_cards and s.hand.tricks[-1].winner == PILES)
    view = table_view(session)
    won = session.hand.won
    assert [s.tricks for s in view.seats] == [won[0] + won[2], won[1] + won[3]]
    assert [s.tricks for s in view.sides] == [won[0] + won[2], won[1] + won[3]]


def test_the_kitty_goes_to_the_bidders_hand_not_the_piles() -> None:
    session = reach(lambda s: s.hand.phase == Phase.DISCARD and s.hand.declarer == PLAYER)
    view = table_view(session)
    assert view.prompt.kind == "discard" and len(view.hand) == 13
    assert sum(c.kitty for c in view.hand) == 3
    assert all(len([p for p in places(view, s) if p[0] is not None]) == 5 for s in (0, 1))
    assert not view.piles[PLAYER].tappable
    assert "data-action" not in table_render.table(view)["arena"]  # no pile card to tap before play
    pile = next(c for c, _ in places(view, PLAYER) if c is not None)
    session.tap(pile)
    assert session.picks == [] and session.notice == "That card is not in your hand."


def test_the_rules_help_describes_the_piles() -> None:
    text = " ".join(p for s in rules_help(Rules.parse("two-handed")) for p in s.paragraphs)
    for words in ("five piles of two cards: one face down with one face up on it",
                  "into their hand (never onto the piles)",
                  "A trick is four cards: each player plays one from their hand and one of the face-up cards",
                  "the card under it is turned face up once the trick is over",
                  "the other player scores 10 for each trick"):
        assert words in text
    assert "the others defend together" not in text and "to the left" not in text
    standard = " ".join(p for s in rules_help(Rules.parse("standard")) for p in s.paragraphs)
    assert "piles" not in standard


def test_a_misere_bidders_piles_sit_out() -> None:
    settings = {**default_settings("two-handed"), "rules": "two-handed,misere=on"}
    session = Session(settings, DealCode(0, 1))  # North deals: South speaks first
    match = session.match
    for seat, action in ((PLAYER, "bid 7S"), (1, "bid MIS"), (PLAYER, "pass")):
        match.apply(action, seat)
    while session.hand.phase != Phase.PLAY:
        match.apply(session.hand.legal_actions()[0], 1)
    view = table_view(session)
    assert [(p.name, p.sitting_out, p.tappable) for p in view.piles] == [
        ("Your piles", False, True), ("North's piles", True, False)]
    assert 'aria-label="North&#x27;s piles: 5 face up, 5 face down, sitting out"' in \
        table_render.table(view)["arena"]
    assert "In misère the bidder's piles sit out" in " ".join(
        p for s in rules_help(session.rules) for p in s.paragraphs)
