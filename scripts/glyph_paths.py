#!/usr/bin/env python3
"""Write web/app/html/glyphs.py: the letters and numbers of the card faces as SVG paths.

    pip install fonttools && python scripts/glyph_paths.py [FONT]

FONT defaults to Debian's DejaVu Sans Bold (fonts-dejavu-core), the face the cards' text used
(system-ui at weight 700 here). The faces draw their indices as paths, not <text>: SVG text
is laid out anew on the page's thread for every card drawn, and the first time a size is met
it took up to 650 ms there (issue 16). The output is committed; nothing runs this at build time.
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))
from app.html.svg import GLYPHS  # noqa: E402

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
EM = 100
"""The paths' units: a glyph drawn at font size ``s`` is the path scaled by ``s / EM``."""


def path(font: TTFont, text: str) -> str:
    """``text`` set in ``font`` at size EM, centred on x = 0 with its baseline on y = 0 (y down)."""
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    scale = EM / font["head"].unitsPerEm
    width = sum(glyphs[cmap[ord(ch)]].width for ch in text)
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
    x = -width / 2
    for ch in text:
        glyph = glyphs[cmap[ord(ch)]]
        glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, x * scale, 0)))
        x += glyph.width
    return str(pen.getCommands())


def main() -> None:
    font = TTFont(sys.argv[1] if len(sys.argv) > 1 else FONT)
    name = font["name"].getDebugName(4)
    lines = [f'"""The cards\' letters and numbers as SVG paths, from {name} (its licence: the Bitstream',
             'Vera and DejaVu changes, free to use and modify). Written by scripts/glyph_paths.py: do not edit.',
             f'Each is set at font size {EM}, centred on x = 0, its baseline on y = 0."""',
             "", "from __future__ import annotations", "", "from typing import Final", "",
             f"EM: Final = {EM}", "PATHS: Final = {"]
    lines += [f"    {text!r}: {path(font, text)!r}," for text in GLYPHS]
    lines += ["}", ""]
    (ROOT / "web" / "app" / "html" / "glyphs.py").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
