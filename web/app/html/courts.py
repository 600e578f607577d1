"""The court cards' artwork and the card back, drawn here as SVG symbols of the page's sprite.

A court card is double-ended like a real one: a bust in the top half of its frame and the same
bust turned about the card's centre in the bottom half.  Each rank has its own figure, so a
glance tells them apart even where the corner is hidden: the king crowned and bearded with a
sceptre, the queen with a tiara, long hair and a rose, the jack in a feathered cap with a
halberd.  Parts drawn in the suit's colour have no fill of their own (they take the card's,
style.css, so the four-colour deck colours them too); the rest is gold, skin and ink.
"""

from __future__ import annotations

from typing import Final

BUST_BOX: Final = (40, 62)
"""A bust's size in the card's units (the top half of the frame, app.html.svg)."""
JESTER_BOX: Final = (60, 100)

_SKIN: Final = 'fill="#f7dcc1" stroke="#4b2e1b" stroke-width="0.9"'
_GOLD: Final = 'fill="#e0a31a" stroke="#7a5208" stroke-width="0.6"'
_INK: Final = 'fill="#2b1a10"'
_WHITE: Final = 'fill="#fffdf7" stroke="#8a8478" stroke-width="0.6"'
_STEEL: Final = 'fill="#c9ced6" stroke="#4d545e" stroke-width="0.6"'
_ROBE: Final = f'<path d="M1 62C1 47 9 39 20 39s19 8 19 23z"/><path d="M1.2 59.5h37.6V62H1z" {_GOLD}/>'
_FACE: Final = (f'<circle cx="20" cy="26" r="8" {_SKIN}/>'
                f'<circle cx="17.2" cy="25.2" r="1" {_INK}/><circle cx="22.8" cy="25.2" r="1" {_INK}/>')

KING: Final = (
    _ROBE
    + f'<path d="M8 45c7-4 17-4 24 0l-1.5 4c-7-3-14-3-21 0z" {_WHITE}/>'  # an ermine collar
    + f'<rect x="2.5" y="9" width="2.4" height="44" rx="1" {_GOLD}/><circle cx="3.7" cy="8" r="3.2" {_GOLD}/>'
    + _FACE
    + '<path d="M13 27c0 9 3 13 7 13s7-4 7-13c-2 3-12 3-14 0z"/>'  # the beard, in the suit's colour
    + f'<path d="M12 19V7l4 4.5L20 4l4 7.5L28 7v12z" {_GOLD}/><circle cx="20" cy="15" r="1.8"/>'
)
QUEEN: Final = (
    f'<path d="M11 24c-2 9-3 15-7 19 6 1 11-2 13-6h6c2 4 7 7 13 6-4-4-5-10-7-19z" {_INK}/>'  # long hair
    + _ROBE
    + '<path d="M14 42l6 7 6-7" fill="none" stroke="#e0a31a" stroke-width="1.8"/>'
    + _FACE
    + f'<path d="M12 19.5q8-10 16 0l-1.6 1.5q-6.4-5-12.8 0z" {_GOLD}/>'
    + f'<circle cx="20" cy="12.6" r="1.5" {_GOLD}/><circle cx="15" cy="15.2" r="1.1" {_GOLD}/>'
    + f'<circle cx="25" cy="15.2" r="1.1" {_GOLD}/>'
    + '<path d="M34.5 38v10" stroke="#2f7a3a" stroke-width="1.5"/>'  # a rose, in the suit's colour
    + f'<circle cx="34.5" cy="35" r="4.2"/><circle cx="34.5" cy="35" r="1.6" {_GOLD}/>'
)
JACK: Final = (
    _ROBE
    + '<rect x="3" y="6" width="2.2" height="50" rx="1" fill="#6b4a2a"/>'  # a halberd
    + f'<path d="M5.2 10h4.3c0 5-2 8-4.3 9z" {_STEEL}/><path d="M4.1 2l2 5h-4z" {_STEEL}/>'
    + f'<path d="M14 42h12l-6 7z" {_WHITE}/>'
    + _FACE
    + '<path d="M10 21c0-7 5-11 11-11s10 3 11 9c-7-2-15-1-22 2z"/>'  # a cap, in the suit's colour
    + f'<path d="M26 13c3-7 8-11 13-11-2 3-5 9-11 13z" {_GOLD}/>'  # its feather
)
JESTER: Final = (
    '<path d="M10 100c0-20 8-34 20-34s20 14 20 34z"/>'  # the body and the hat in the joker's colour
    + f'<path d="M22 78l8 10 8-10 -8-10z" {_GOLD}/><path d="M14 96l6-8 6 8z" {_GOLD}/>'
    + f'<path d="M34 96l6-8 6 8z" {_GOLD}/>'
    + f'<path d="M14 62l4 5 4-5 4 5 4-5 4 5 4-5 4 5 4-5v7H14z" {_WHITE}/>'  # the ruff
    + f'<circle cx="30" cy="48" r="11" {_SKIN}/>'
    + f'<circle cx="26" cy="46" r="1.3" {_INK}/><circle cx="34" cy="46" r="1.3" {_INK}/>'
    + '<path d="M24.5 52q5.5 5 11 0" fill="none" stroke="#4b2e1b" stroke-width="1.2"/>'
    + '<path d="M18 42C14 28 8 20 2 18c9-3 16 1 21 10 1-11 4-20 7-26 3 6 6 15 7 26 5-9 12-13 21-10'
      '-6 2-12 10-16 24z"/>'
    + f'<circle cx="3" cy="18" r="3" {_GOLD}/><circle cx="30" cy="3" r="3" {_GOLD}/>'
    + f'<circle cx="57" cy="18" r="3" {_GOLD}/>'
)
FIGURES: Final = {"K": KING, "Q": QUEEN, "J": JACK}

BACK: Final = (
    '<pattern id="cb-lattice" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    '<rect width="9" height="9" fill="#1e3f7a"/><path d="M0 0H9M0 0V9" stroke="#6f93cf" stroke-width="1.6"/>'
    '<circle cx="4.5" cy="4.5" r="1.2" fill="#c9a23a"/></pattern>'
)
"""The lattice of the card back (app.html.svg.back): blue and gold, unlike the felt."""


def symbols() -> str:
    """The sprite's symbols: 'court-K', 'court-Q', 'court-J', 'jester', and the back's pattern."""
    w, h = BUST_BOX
    jw, jh = JESTER_BOX
    busts = "".join(f'<symbol id="court-{rank}" viewBox="0 0 {w} {h}">{body}</symbol>'
                    for rank, body in FIGURES.items())
    return busts + f'<symbol id="jester" viewBox="0 0 {jw} {jh}">{JESTER}</symbol><defs>{BACK}</defs>'
