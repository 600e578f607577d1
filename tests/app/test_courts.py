"""The court cards' figures, the card back and the bots' fanned hands (web/app/html/courts.py, svg.py)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html import courts, svg  # noqa: E402
from app.table import render as table_render  # noqa: E402
from app.table.view import card_view  # noqa: E402
from engine.cards import JOKER, Card  # noqa: E402
from tests.app.test_render import Markup  # noqa: E402


def uses(markup: str) -> list[str]:
    return re.findall(r'<use href="#([^"]+)"', markup)


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
@pytest.mark.parametrize("suit", ["S", "C", "D", "H"])
def test_a_court_card_shows_its_ranks_figure_head_to_head_with_its_suit(rank: str, suit: str) -> None:
    face = table_render.face(card_view(Card.parse(rank + suit)))
    Markup(face)
    figures = [u for u in uses(face) if u.startswith("court-")]
    assert figures == [f"court-{rank}"] * 2
    assert uses(face).count(f"pip-{suit}") == 4  # two corners, and beside each figure
    assert 'rotate(180 50 70)' in face and "fill=" not in face  # the suit's colour comes from style.css


def test_the_figures_differ_and_only_courts_and_the_joker_have_one() -> None:
    assert len(set(courts.FIGURES.values())) == 3
    assert uses(table_render.face(card_view(JOKER))).count("jester") == 1
    for text in ("AS", "10H", "2C", "9D"):
        assert not any(u.startswith(("court-", "jester")) for u in uses(table_render.face(card_view(Card.parse(text)))))


def test_the_sprite_defines_every_figure_and_the_backs_lattice() -> None:
    sprite = svg.sprite()
    Markup(sprite)
    defined = set(re.findall(r'<(?:symbol|pattern) id="([^"]+)"', sprite))
    assert {"court-J", "court-Q", "court-K", "jester", "cb-lattice"} <= defined
    faces = "".join(table_render.face(card_view(c)) for c in (*map(Card.parse, ("JS", "QH", "KD")), JOKER)) + svg.back()
    assert set(uses(faces)) <= defined


@pytest.mark.parametrize(("n", "shown"), [(0, 0), (1, 1), (10, 10), (13, 13), (16, 13)])
def test_a_bots_hand_is_a_fan_of_backs_and_its_count(n: int, shown: int) -> None:
    fan = svg.fanned_backs(n)
    Markup(fan)
    assert fan.count('class="cb"') == shown and f'class="fan m{shown}"' in fan
    assert [int(i) for i in re.findall(r'class="mini f(\d+)"', fan)] == list(range(shown))
    assert re.search(r'<span class="count" aria-hidden="true">(\d+)</span>', fan)[1] == str(n)  # type: ignore[index]
