"""Browser tests of the built site, run with `pytest e2e` from the repo root.

The session builds site/ once (or serves the folder that FIVE_HUNDRED_SITE
names, already built; with pytest-xdist, the controller builds it), serves it
on 127.0.0.1 under a subpath, so that every path must be relative, and drives
Debian's Chromium headless.  Tests of the game share one page (`table_page`),
loaded once: each starts a new game from the start screen.  The engine and
web/app are importable, to find deals and check what the page shows against
the engine.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]
import build  # noqa: E402
from e2e.pages import App, TableScreen  # noqa: E402

BASE_PATH = "/games/500/"
pytest_plugins = ["e2e.trust"]  # @pytest.mark.probe("kind"), and the trust table at the end of a run


def pytest_configure(config: pytest.Config) -> None:
    """With pytest-xdist, the controller builds the site before its workers start, and they serve
    it: two workers building would each rewrite files that the other serves."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput") \
            and not os.environ.get("FIVE_HUNDRED_SITE"):
        build.build()
        os.environ["FIVE_HUNDRED_SITE"] = str(build.SITE)  # the workers inherit it


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    site = os.environ.get("FIVE_HUNDRED_SITE")
    if not site:
        build.build()
    with build.serving(Path(site) if site else build.SITE, BASE_PATH) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: `page.goto("./")` opens the site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": build.CHROMIUM, "args": build.CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def shared_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """One page for the game tests (phone-sized by default), loaded once."""
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    app = App(page)
    app.open()
    app.expect_ready()
    yield page
    context.close()


@pytest.fixture
def table_page(shared_page: Page) -> Page:
    """The shared page on the start screen: a test's game starts from there."""
    app, table = App(shared_page), TableScreen(shared_page)
    expect(shared_page.locator("body")).not_to_have_attribute("data-turn", "wait")  # the last action answered
    if shared_page.locator("body").get_attribute("data-turn") != "start":
        if table.dialog.is_visible():
            shared_page.keyboard.press("Escape")
        table.new_game()
    app.expect_turn("start")
    return shared_page
