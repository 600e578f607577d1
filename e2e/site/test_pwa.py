"""Offline and installable: the service worker, the manifest and icons, updates, the CSP;
and saved games in the browser's own localStorage.

Each test serves its own copy of the built site (under the subpath the suite
uses, so every path must be relative) and drives Chromium with a profile on
disk, as a person's browser has: Chrome reports installability only outside
incognito.  index.html carries sitebuild.pwa.HEAD_TAGS (the CSP first); a test may
swap the copy's CSP, then the copy is rebuilt (manifest, service worker) as build.py would.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import struct
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

import build
from e2e.conftest import BASE_PATH
from e2e.pages import PYTHON_START_TIMEOUT_MS, App, StartScreen
from sitebuild import pwa

OFFLINE_READY_TIMEOUT_MS = 60_000
ICONS = tuple(f"icons/{name}" for name in pwa.ICONS)
CACHE_STATE = """async () => {
    const names = await caches.keys();
    const caches_ = {};
    for (const name of names) {
        caches_[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return caches_;
}"""
RECORD_CSP_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture(scope="module")
def built(site_url: str) -> Path:
    """The site the session built (or FIVE_HUNDRED_SITE)."""
    return Path(os.environ.get("FIVE_HUNDRED_SITE") or build.SITE)


def rebuild(site: Path) -> str:
    """Recompute a copied site's build manifest and service worker; its new version."""
    files: build.SiteFiles = {p.relative_to(site).as_posix(): p for p in build.files_under(site)
                              if p != site / build.MANIFEST}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "SITE", site)
        manifest = build.write_site(files)
    return str(pwa.finish(site, manifest)["version"])


def scratch_site(built: Path, target: Path, csp: str | None = None) -> Path:
    """A copy of the built site, its Content-Security-Policy replaced by `csp` if given, rebuilt."""
    shutil.copytree(built, target)
    if csp is not None:
        index = target / "index.html"
        html = index.read_text()
        assert f'content="{pwa.CSP}"' in html
        index.write_text(html.replace(f'content="{pwa.CSP}"', f'content="{csp}"', 1))
    rebuild(target)
    return target


def test_index_has_the_head_tags(built: Path) -> None:
    """web/index.html carries sitebuild.pwa.HEAD_TAGS; the CSP comes first in <head>."""
    html = (built / "index.html").read_text()
    for tag in pwa.HEAD_TAGS:
        assert tag in html, tag
    head = html[html.index("<head>") + len("<head>"):].lstrip()
    assert head.startswith(pwa.HEAD_TAGS[0])


@pytest.fixture
def profile(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
            tmp_path: Path) -> Iterator[BrowserContext]:
    """A fresh browser profile on disk."""
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    yield context
    context.close()


@contextmanager
def served(site: Path) -> Iterator[str]:
    with build.serving(site, BASE_PATH) as url:
        yield url


def open_app(page: Page, url: str) -> App:
    page.goto(url, wait_until="domcontentloaded")
    return App(page)


def expect_offline_ready(page: Page) -> None:
    """The service worker is active: it has cached every file."""
    expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                   timeout=OFFLINE_READY_TIMEOUT_MS)


def precached(site: Path) -> set[str]:
    files = json.loads((site / build.MANIFEST).read_text())["files"]
    return set(files) - pwa.NOT_PRECACHED


def site_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in build.files_under(site)}


# --- the manifest and icons ---------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def png_pixels(data: bytes) -> tuple[int, bytes]:
    """Width and RGBA rows (each with its filter byte) of one of our unfiltered RGBA PNGs."""
    width, _ = png_size(data)
    assert data[24:26] == bytes([8, 6]), "8-bit RGBA"
    chunks, at = b"", 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == b"IDAT":
            chunks += data[at + 8:at + 8 + length]
        at += 12 + length
    return width, zlib.decompress(chunks)


def test_manifest_and_icons_are_valid(built: Path) -> None:
    manifest = json.loads((built / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Five Hundred" and manifest["short_name"] == "500"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (".", ".", "standalone")
    assert manifest["theme_color"] == manifest["background_color"] == "#0b5d3b"
    sizes = {}
    for icon in manifest["icons"]:
        data = (built / icon["src"]).read_bytes()
        assert icon["type"] == "image/png" and not icon["src"].startswith("/")
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes[icon["purpose"], width] = data
    assert set(sizes) == {("any", 192), ("any", 512), ("maskable", 512)}
    # a maskable icon is opaque, and its drawing stays in the central 80% circle
    width, rows = png_pixels(sizes["maskable", 512])
    stride = width * 4 + 1
    background = rows[1:4]
    for y in range(0, width, 4):
        for x in range(0, width, 4):
            pixel = rows[y * stride + 1 + x * 4:y * stride + 5 + x * 4]
            assert pixel[3] == 255
            if math.hypot(x + 0.5 - width / 2, y + 0.5 - width / 2) > 0.4 * width:
                assert max(abs(a - b) for a, b in zip(pixel, background)) < 40, (x, y)


def test_the_favicon_is_drawn_in_shapes_not_text(built: Path) -> None:
    """The browser fetches the favicon once the page has loaded, in the first hand, and lays it out
    on the page's thread: "500" as a <text> cost a task of 47-96 ms there (its font looked up
    and shaped in a document of its own); as paths, no text and nothing to shape."""
    svg = ElementTree.parse(built / "favicon.svg").getroot()
    tags = {element.tag.rpartition("}")[2] for element in svg.iter()}
    assert svg.get("viewBox") == "0 0 64 64" and "path" in tags
    assert not tags & {"text", "tspan", "textPath", "foreignObject", "image", "style"}, tags


def test_the_build_writes_the_precache_list(built: Path) -> None:
    worker = (built / "sw.js").read_text()
    (line,) = [line for line in worker.splitlines() if line.startswith("const BUILD = ")]
    listed = json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))
    manifest = json.loads((built / build.MANIFEST).read_text())
    assert listed["version"] == manifest["version"]
    assert set(listed["files"]) == site_files(built) - pwa.NOT_PRECACHED
    assert manifest["files"]["sw.js"]["size"] == len(worker.encode())
    assert all(path.count("/") <= 1 and not path.startswith("/") for path in listed["files"])


# --- offline ------------------------------------------------------------------------------------


@pytest.mark.probe("offline and updates")
def test_precaches_every_file_then_plays_offline(built: Path, tmp_path: Path,
                                                 profile: BrowserContext) -> None:
    site = scratch_site(built, tmp_path / "site")
    page = profile.new_page()
    with served(site) as url:
        app = open_app(page, url)
        expect_offline_ready(page)
        app.expect_ready()
        app.expect_worker_ready()
        caches: dict[str, list[str]] = page.evaluate(CACHE_STATE)
        (name,) = caches
        version = json.loads((site / build.MANIFEST).read_text())["version"]
        assert name == f"five-hundred {url} {version}"
        assert {u.removeprefix(url) for u in caches[name]} == precached(site)
        assert precached(site) == site_files(site) - {"sw.js", build.MANIFEST}

    # the server is gone: the site still loads, page and worker, from the cache
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_worker_ready()
    shared = profile.new_page()  # a new tab, opening a shared-deal link
    shared.on("requestfailed", lambda request: failed.append(request.url))
    response = shared.goto(url + "?v=1&r=standard&d=1-0-9ix&s=0&k=E7kDk3",
                           wait_until="domcontentloaded")
    assert response is not None and response.from_service_worker
    App(shared).expect_ready()
    assert failed == []


def test_installable(built: Path, tmp_path: Path, profile: BrowserContext) -> None:
    site = scratch_site(built, tmp_path / "site")
    page = profile.new_page()
    with served(site) as url:
        open_app(page, url)
        expect_offline_ready(page)
        cdp = profile.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == url + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        assert page.evaluate("document.documentElement.dataset.offline") == "ready"


# --- updates ------------------------------------------------------------------------------------


@pytest.mark.probe("offline and updates")
def test_a_new_build_replaces_the_cache(built: Path, tmp_path: Path, profile: BrowserContext,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    site = scratch_site(built, tmp_path / "site")
    first = json.loads((site / build.MANIFEST).read_text())["version"]
    requested: list[str] = []
    monkeypatch.setattr(build.SiteHandler, "log_message",
                        lambda handler, *args: requested.append(handler.path))
    page = profile.new_page()
    with served(site) as url:
        app = open_app(page, url)
        expect_offline_ready(page)
        app.expect_ready()
        StartScreen(page).start(deal="1-3-abc")
        app.expect_turn("you")
        saved = page.evaluate(SAVED_GAMES)
        assert len(saved) == 1

        with (site / "style.css").open("a") as css:
            css.write("\n/* the next release */\n")
        second = rebuild(site)
        assert second != first
        requested.clear()
        page.reload(wait_until="domcontentloaded")  # the next visit finds the new version
        expect(page.locator("html")).to_have_attribute("data-update", second,
                                                       timeout=OFFLINE_READY_TIMEOUT_MS)
        app.expect_ready()  # the app says so once its Python is up, whichever came first
        expect(page.locator("#arena .app-notice")).to_contain_text("A new version of Five Hundred is ready")
        app.expect_turn("you")  # the game in progress carried on
        caches = page.evaluate(CACHE_STATE)
        assert list(caches) == [f"five-hundred {url} {second}"]  # the old cache is gone
        assert {u.removeprefix(url) for u in caches[f"five-hundred {url} {second}"]} == precached(site)
        # only what changed came over the network: the worker script and the new file
        # (and what the browser itself fetches, past the service worker: the icons)
        assert {BASE_PATH + "style.css", BASE_PATH + "sw.js"} <= set(requested)
        assert set(requested) - {BASE_PATH + "style.css", BASE_PATH + "sw.js"} <= {
            BASE_PATH + name for name in ("favicon.svg", "manifest.webmanifest", *ICONS)}, requested

        page.reload(wait_until="domcontentloaded")
        app.expect_ready()
        css_text = page.evaluate("fetch('style.css').then((r) => r.text())")
        assert css_text.endswith("/* the next release */\n")
        app.expect_turn("you")
        assert page.evaluate(SAVED_GAMES) == saved
        expect_offline_ready(page)  # it has asked the worker whether an update took over as it loaded
        app.expect_turn("you")
        assert page.locator("html").get_attribute("data-update") is None  # served by the new version: nothing to tell


@pytest.mark.probe("offline and updates")
def test_a_service_worker_rewritten_within_the_second_is_seen(tmp_path: Path, profile: BrowserContext) -> None:
    """The server answers by content (ETag), not by a modification time in whole seconds."""
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    sw = tmp_path / "sw.js"
    sw.write_text("// version 1\n")
    second = int(sw.stat().st_mtime)
    os.utime(sw, (second + 0.1, second + 0.1))
    page = profile.new_page()
    with served(tmp_path) as url:
        page.goto(url)
        fetch = "() => fetch('sw.js', {cache: 'no-cache'}).then((r) => r.text())"
        assert page.evaluate(fetch) == "// version 1\n"
        sw.write_text("// version 2, a new worker\n")
        os.utime(sw, (second + 0.6, second + 0.6))  # within the same second
        assert page.evaluate(fetch) == "// version 2, a new worker\n"


# --- Content-Security-Policy -----------------------------------------------------------------


def test_runs_under_the_content_security_policy(built: Path, tmp_path: Path,
                                                profile: BrowserContext) -> None:
    site = scratch_site(built, tmp_path / "site", csp=pwa.CSP)
    page = profile.new_page()
    page.add_init_script(RECORD_CSP_VIOLATIONS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with served(site) as url:
        app = open_app(page, url)
        expect_offline_ready(page)  # the service worker registered under the policy
        app.expect_ready()
        app.expect_worker_ready()
        assert page.evaluate("window.__violations") == []
        assert errors == []


@pytest.mark.parametrize(("loosening", "tighter", "violation", "marker"), [
    # PyScript 0.7.31 evaluates strings as JavaScript on the page (and Pyodide compiles WebAssembly,
    # which 'unsafe-eval' allows too, in the app's worker, whose violations the page does not see):
    (" 'unsafe-eval'", "", "script-src blocked eval", "ready"),
    # WebAssembly alone is not enough
    (" 'unsafe-eval'", " 'wasm-unsafe-eval'", "script-src blocked eval", "ready"),
    (" blob:", "", "worker-src blocked blob", "worker"),  # PyScript starts its workers from blob: URLs
], ids=["no eval", "wasm-unsafe-eval only", "no blob workers"])
def test_the_policy_is_no_looser_than_needed(built: Path, tmp_path: Path, profile: BrowserContext,
                                             loosening: str, tighter: str, violation: str,
                                             marker: str) -> None:
    """Each source the policy allows beyond the site's own files is needed."""
    assert loosening in pwa.CSP
    strict = pwa.CSP.replace(loosening, tighter, 1)
    site = scratch_site(built, tmp_path / "site", csp=strict)
    page = profile.new_page()
    page.add_init_script(RECORD_CSP_VIOLATIONS)
    with served(site) as url:
        open_app(page, url)
        deadline = time.monotonic() + PYTHON_START_TIMEOUT_MS / 1000
        while not any(v.startswith(violation) for v in page.evaluate("window.__violations")):
            assert time.monotonic() < deadline, page.evaluate("window.__violations")
            page.wait_for_timeout(200)
        assert page.evaluate(f"document.body.dataset.{marker}") not in ("true", "ready")


# --- saved games in the browser's localStorage ------------------------------------------------

SAVED_GAMES = "Object.entries(localStorage).filter(([key]) => key.includes('#game/'))"
RUN_PYTHON = """async (code) => {
    const { loadPyodide } = await import("./pyodide/pyodide.mjs");
    const lock = await (await fetch("./pyodide/pyodide-lock.json")).json();
    const pyodide = await loadPyodide({
        indexURL: new URL("./pyodide/", location.href).href, packages: Object.keys(lock.packages),
    });
    return pyodide.runPython(code);
}"""
SAVE_A_GAME = """
import js, json
from app.store.saves import Saves, web_storage
from app.table.settings import default_settings
from engine import PRESETS, DealCode
from engine.match import Match

saves = Saves(web_storage(js.window))
before = saves.games()
match = Match(PRESETS["standard"], DealCode(12345, 3))
for action in ("bid 7H", "pass", "pass"):
    match.apply(action)
json.dumps({"before": before, "can_save": saves.can_save,
            "saved": saves.save("g1", default_settings("standard"), match)})
"""
RESUME_THEN_FILL = """
import js, json
from app.store.saves import Saves, SavedGame, web_storage
from app.table.settings import default_settings

saves = Saves(web_storage(js.window))
game = saves.load("g1")
assert isinstance(game, SavedGame), game
history = [str(a) for _, a in game.match.hand.history]
filled = 0
for size in (1_000_000, 10_000, 100, 1):  # fill the origin's quota to the last character
    try:
        while True:
            js.localStorage.setItem(f"filler/{filled}", "x" * size)
            filled += 1
    except Exception:
        pass
game.match.apply("pass")
again = Saves(web_storage(js.window))  # a page opened with storage full to the last character
resumed = again.load("g1")
json.dumps({"history": history, "saved_when_full": saves.save("g1", game.settings, game.match),
            "status": saves.status, "status_at_load": again.status,
            "resumed": isinstance(resumed, SavedGame) and resumed.match.hand.history == game.match.hand.history[:-1]})
"""


@pytest.mark.probe("saves")
def test_saves_use_the_browsers_local_storage(built: Path, profile: BrowserContext) -> None:
    """The adapter over window.localStorage, in Pyodide: a missing key (JavaScript null),
    a save that outlives the page, and the real QuotaExceededError."""
    page = profile.new_page()
    with served(built) as url:
        page.goto(url + "favicon.svg")  # the site's origin, without starting the app
        first = json.loads(page.evaluate(RUN_PYTHON, SAVE_A_GAME))
        assert first == {"before": [], "can_save": True, "saved": True}
        page.reload()
        second = json.loads(page.evaluate(RUN_PYTHON, RESUME_THEN_FILL))
    assert second["history"] == ["bid 7H", "pass", "pass"]
    assert second["saved_when_full"] is False
    assert second["status"].startswith("The game cannot be saved: this site's storage is full.")
    assert second["status_at_load"] == second["status"] and second["resumed"]  # full, not "disabled"
