"""The site-level PWA step of the build, and the app icons.

build.py calls :func:`finish` once site/ holds every file and its
build-manifest.json: it writes into site/sw.js (from web/sw.js) the build's
version and every file to precache with its SHA-256 (as a subresource
integrity string the service worker checks), then records the new sw.js in
the manifest.  The service worker itself, web/manifest.webmanifest and
web/pwa.js (which registers it) are plain files of web/.

    python -m sitebuild.pwa icons     # redraw web/icons/*.png (committed; pure Python)

:data:`HEAD_TAGS` and :data:`CSP` are what web/index.html's <head> needs;
e2e/site/test_pwa.py checks the site against both.
"""
from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parents[1]
SERVICE_WORKER: Final = "sw.js"
MANIFEST: Final = "build-manifest.json"
NOT_PRECACHED: Final = frozenset({SERVICE_WORKER, MANIFEST})
"""The service worker is never served from its own cache; the build manifest is for tools."""
_BUILD_LINE: Final = re.compile(r"^const BUILD = .*;$", re.MULTILINE)

CSP: Final = ("default-src 'none'; script-src 'self' 'unsafe-eval'; worker-src 'self' blob:; "
              "connect-src 'self'; style-src 'self'; img-src 'self'; manifest-src 'self'; "
              "base-uri 'none'; form-action 'none'")
"""The strictest Content-Security-Policy under which the site runs (e2e/site/test_pwa.py checks it):
nothing from another origin, no inline script or style. Beyond the site's own files it allows
eval ('unsafe-eval': PyScript 0.7.31 evaluates strings as JavaScript; it also lets Pyodide
compile its WebAssembly, so 'wasm-unsafe-eval' would add nothing) and workers from blob: URLs
(PyScript starts its workers from one; 'self' is for the service worker)."""
HEAD_TAGS: Final = (
    f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
    '<link rel="manifest" href="./manifest.webmanifest">',
    '<meta name="theme-color" content="#0b5d3b">',
    '<link rel="apple-touch-icon" href="./icons/icon-maskable-512.png">',
    '<script type="module" src="./pwa.js"></script>',
)
"""Tags for web/index.html's <head>: the manifest, and the script that registers the worker."""


def finish(site: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    """Write the precache list and version into site/sw.js; return the updated manifest."""
    files = manifest["files"]
    precache = {rel: "sha256-" + base64.b64encode(bytes.fromhex(entry["sha256"])).decode()
                for rel, entry in sorted(files.items()) if rel not in NOT_PRECACHED}
    build = json.dumps({"version": manifest["version"], "files": precache}, separators=(",", ":"))
    worker = site / SERVICE_WORKER
    template = worker.read_text()
    if not _BUILD_LINE.search(template):
        sys.exit(f"sitebuild.pwa: {worker} has no 'const BUILD = ...;' line to fill in")
    data = _BUILD_LINE.sub(lambda _: f"const BUILD = {build};", template, count=1).encode()
    worker.write_bytes(data)
    files[SERVICE_WORKER] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


# --- icons ----------------------------------------------------------------------------

RGBA = tuple[float, float, float, float]
FELT: Final = (0x0B, 0x5D, 0x3B)
FELT_LIGHT: Final = (0x17, 0x80, 0x55)
CARD: Final = (0xFA, 0xF7, 0xEE)
INK: Final = (0x1C, 0x1C, 0x22)
RED: Final = (0xC8, 0x10, 0x2E)
ICONS: Final = {"icon-192.png": (192, False), "icon-512.png": (512, False),
                "icon-maskable-512.png": (512, True)}


def _rounded_box(x: float, y: float, hw: float, hh: float, r: float) -> float:
    """Signed distance to a box of half-size (hw, hh) with corner radius r, centred at 0."""
    qx, qy = abs(x) - hw + r, abs(y) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _heart(x: float, y: float, h: float) -> float:
    """Signed distance (close enough for edges) to a heart of half-diagonal h, centred at 0."""
    c = 0.1035 * h  # puts the heart's vertical middle at 0
    diamond = (abs(x) + abs(y - c) - h) / math.sqrt(2)
    lobe = h / math.sqrt(2)
    lobes = math.hypot(abs(x) - h / 2, y - (c - h / 2)) - lobe
    return min(diamond, lobes)


def _spade(x: float, y: float, h: float) -> float:
    """A spade: an upside-down heart on a flared stem."""
    body = _heart(x, -(y + 0.25 * h), h)
    top, bottom = 0.55 * h, 1.45 * h
    t = min(max((y - top) / (bottom - top), 0.0), 1.0)
    half_width = 0.12 * h + 0.42 * h * t * t
    stem = max(abs(x) - half_width, top - y, y - bottom)
    return min(body, stem)


def _cover(d: float, pixel: float) -> float:
    """Coverage of a pixel whose centre is at signed distance d (anti-aliasing)."""
    return min(max(0.5 - d / pixel, 0.0), 1.0)


def _over(under: RGBA, rgb: tuple[int, int, int], alpha: float) -> RGBA:
    r, g, b, a = under
    out = alpha + a * (1 - alpha)
    if out == 0:
        return under
    mix = [(c * alpha + u * a * (1 - alpha)) / out for c, u in zip(rgb, (r, g, b))]
    return (mix[0], mix[1], mix[2], out)


Suit = Callable[[float, float, float], float]
_PIVOT: Final = 0.55
_CARD_Y: Final = 0.02
_FAN: Final[tuple[tuple[float, Suit, tuple[int, int, int], float], ...]] = (
    (-0.3, _spade, INK, -0.045), (0.3, _heart, RED, 0.0))
"""Each card: its angle (radians, clockwise), its suit and colour, the suit's offset."""


def draw_icon(size: int, maskable: bool) -> bytes:
    """The app icon as a PNG: two fanned cards, a spade and a heart, on green felt.

    The maskable icon fills the square and keeps its drawing inside the central
    circle of 80% that any mask leaves visible.
    """
    pixel = 1.0 / size
    scale = 0.87 if maskable else 1.0
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter: none
        for i in range(size):
            x, y = (i + 0.5) * pixel - 0.5, (j + 0.5) * pixel - 0.5
            shade = min(math.hypot(x, y + 0.15) / 0.75, 1.0)
            felt = tuple(round(a + (b - a) * shade) for a, b in zip(FELT_LIGHT, FELT))
            back = -1.0 if maskable else _rounded_box(x, y, 0.5, 0.5, 0.2)
            rgba = _over((0.0, 0.0, 0.0, 0.0), (felt[0], felt[1], felt[2]), _cover(back, pixel))
            x, y = x / scale, y / scale
            for angle, suit, colour, suit_x in _FAN:
                # turn about a point below the cards, as a hand of cards fans out
                px, py = x, y - _PIVOT
                u = math.cos(angle) * px + math.sin(angle) * py
                v = -math.sin(angle) * px + math.cos(angle) * py + _PIVOT - _CARD_Y
                shadow = _rounded_box(u - 0.015, v - 0.02, 0.2, 0.28, 0.045)
                rgba = _over(rgba, (0, 0, 0), 0.3 * min(max(0.5 - shadow / 0.035, 0.0), 1.0))
                rgba = _over(rgba, CARD, _cover(_rounded_box(u, v, 0.2, 0.28, 0.04), pixel / scale))
                rgba = _over(rgba, colour, _cover(suit(u - suit_x, v, 0.1), pixel / scale))
            r, g, b, a = rgba
            row += bytes((round(r), round(g), round(b), round(a * 255)))
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write_icons(folder: Path = ROOT / "web" / "icons") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (folder / name).write_bytes(draw_icon(size, maskable))
        print(f"{folder / name}: {size} px{' maskable' if maskable else ''}")


if __name__ == "__main__":
    if sys.argv[1:] != ["icons"]:
        sys.exit(__doc__)
    write_icons()
