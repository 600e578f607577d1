"""One browser profile a test module, emptied before each test that asks for ``context``."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext


@pytest.fixture(scope="module")
def profile(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844}, accept_downloads=True)
    yield context
    context.close()


@pytest.fixture
def context(profile: BrowserContext) -> BrowserContext:
    """The module's profile with no page open and its origin's storage empty: the games start
    from nothing as in a new profile, while the site's files stay cached (a new profile a test
    loaded Pyodide cold each time). A test that changes the profile itself (an init script, a
    route, other options) opens one of its own."""
    for page in profile.pages:
        page.close()
    page = profile.new_page()
    page.goto("./favicon.svg")  # the site's origin, without starting the app
    page.evaluate("() => localStorage.clear()")
    page.close()
    return profile
