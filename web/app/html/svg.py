"""Cards drawn as SVG by code: a sprite of suit shapes, faces that use it, and a back.

Each suit has its own shape, so colour is never the only cue.  Faces are
100 x 140 user units: the index (rank and suit) in two corners, big enough to
read when the cards overlap in a fan, and a large pip or letter in the middle.
"""

from __future__ import annotations

from typing import Any, Final

from app.html import courts, glyphs
from engine.cards import RANK_TEXT

SUIT_PATHS: Final = {
    "S": '<path d="M50 4C38 22 8 38 8 60c0 14 11 23 23 23 7 0 13-3 16-8-1 9-5 16-12 21h30c-7-5-11-12'
         '-12-21 3 5 9 8 16 8 12 0 23-9 23-23C92 38 62 22 50 4z"/>',
    "C": '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="57" r="19"/><circle cx="73" cy="57" r="19"/>'
         '<circle cx="50" cy="52" r="10"/><path d="M45 52c0 20-4 32-12 44h34c-8-12-12-24-12-44z"/>',
    "D": '<path d="M50 3 87 50 50 97 13 50z"/>',
    "H": '<path d="M50 93C24 71 6 55 6 33 6 18 17 8 30 8c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 10 24 '
         '25 0 22-18 38-44 60z"/>',
    "star": '<path d="M50 5 61 38h35L68 58l11 34-29-21-29 21 11-34L4 38h35z"/>',
}
FACES: Final = ("J", "Q", "K")
HIGH_NUMBERS: Final = ("11", "12", "13")
"""The six-handed deck's extra ranks: their number large in the middle, so they never pass for a 1 or a 10."""
GLYPHS: Final = tuple(dict.fromkeys((*RANK_TEXT, *"JOKER", "2nd")))
"""Every letter and number a face shows, each a symbol of the sprite: a path (app.html.glyphs), not
text, which the browser would lay out for every card it draws."""


def sprite() -> str:
    """An invisible SVG holding the shapes every card uses (insert once per page): the suits,
    and the letters and numbers, drawn by reference so that a card's button has no text of
    its own beyond its name (axe-core's label-in-name: the name is the card's words)."""
    symbols = "".join(f'<symbol id="pip-{name}" viewBox="0 0 100 100">{path}</symbol>'
                      for name, path in SUIT_PATHS.items())
    symbols += "".join(f'<symbol id="{_glyph_id(g)}" overflow="visible"><path d="{glyphs.PATHS[g]}"/></symbol>'
                       for g in GLYPHS)
    symbols += courts.symbols()
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="sprite" width="0" height="0" '
            f'aria-hidden="true" focusable="false">{symbols}</svg>')


def face(card: dict[str, Any]) -> str:
    """The face of a card view (see ``app.table.view.card_view``)."""
    rank, suit, colour = card["rank"], card["suit"], card["colour"]
    if not suit:
        return _joker(colour)
    size = 34 if len(rank) == 1 else 29
    index = _glyph(rank, 17 if len(rank) == 1 else 18, 34, size) + f'<use href="#pip-{suit}" x="7" y="40" width="22" height="22"/>'
    if card.get("copy"):  # a doubled deck's second copy: marked in both corners (and tinted, see style.css)
        index += _glyph("2nd", 18, 80, 14, "cf-copy")
    if rank in FACES:
        middle = _court(rank, suit)
    elif rank in HIGH_NUMBERS:
        middle = _glyph(rank, 54, 76, 40) + f'<use href="#pip-{suit}" x="42" y="84" width="24" height="24"/>'
    else:
        middle = f'<use href="#pip-{suit}" x="33" y="49" width="42" height="42"/>'
    return _svg(f"cf {colour} copy" if card.get("copy") else f"cf {colour}",
                index + middle + f'<g transform="rotate(180 50 70)">{index}</g>')


def _glyph(glyph: str, x: int, y: int, size: int, cls: str = "") -> str:
    """A letter or number of the sprite, centred on ``x`` with its baseline at ``y``."""
    extra = f' class="{cls}"' if cls else ""
    return f'<use href="#{_glyph_id(glyph)}" transform="translate({x} {y}) scale({size / glyphs.EM:g})"{extra}/>'


def _glyph_id(glyph: str) -> str:
    return f"glyph-{glyph}"


def _court(rank: str, suit: str) -> str:
    """A court card's middle: its frame, its figure (app.html.courts) twice, head to head, and the
    suit beside each."""
    w, h = courts.BUST_BOX
    half = (f'<use href="#court-{rank}" x="30" y="8" width="{w}" height="{h}"/>'
            f'<use href="#pip-{suit}" x="57" y="10" width="11" height="11"/>')
    return (f'<rect class="cf-frame" x="30" y="8" width="{w}" height="124" rx="5"/>'
            f'<path class="cf-fold" d="M31 70H69"/>{half}<g transform="rotate(180 50 70)">{half}</g>')


def back() -> str:
    """The back of a card: every card looks the same."""
    return _svg("cb", '<rect class="cb-in" x="8" y="8" width="84" height="124" rx="6"/>'
                      '<ellipse class="cb-medal" cx="50" cy="70" rx="19" ry="25"/>'
                      '<use href="#pip-star" x="36" y="56" width="28" height="28"/>')


def fanned_backs(n: int, shown: int = 13) -> str:
    """A bot's hand: up to ``shown`` backs fanned (style.css turns each by its place ``f<i>``
    in a fan of ``m<n>``) and how many cards it holds, in figures."""
    k = min(n, shown)
    backs = "".join(f'<span class="mini f{i}">{back()}</span>' for i in range(k))
    return (f'<span class="fan m{k}" aria-hidden="true">{backs}</span>'
            f'<span class="count" aria-hidden="true">{n}</span>')


def _joker(colour: str) -> str:
    """A joker's face; ``colour`` 'joker', or 'joker white' / 'joker black' where there are two."""
    letters = "".join(_glyph(ch, 16, 24 + 17 * i, 17) for i, ch in enumerate("JOKER"))
    w, h = courts.JESTER_BOX
    return _svg(f"cf {colour}", letters + f'<use href="#jester" x="32" y="20" width="{w}" height="{h}"/>')


def _svg(cls: str, body: str) -> str:
    return (f'<svg class="{cls}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
            f'<rect class="c-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>{body}</svg>')
