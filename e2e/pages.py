"""Page objects: one class per screen, locators in __init__."""
from __future__ import annotations

from playwright.sync_api import Page, expect

PYTHON_START_TIMEOUT_MS = 60_000  # Pyodide takes about 5 s here, much more on a busy machine


class App:
    """The readiness contract of web/index.html, which the real UI keeps."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.body = page.locator("body")

    def open(self) -> None:
        self.page.goto("./", wait_until="domcontentloaded")

    def expect_ready(self) -> None:
        """Main-thread Python has drawn the first screen."""
        expect(self.body).to_have_attribute("data-ready", "true", timeout=PYTHON_START_TIMEOUT_MS)

    def expect_worker_ready(self) -> None:
        """The bots worker has answered a call."""
        expect(self.body).to_have_attribute("data-worker", "ready", timeout=PYTHON_START_TIMEOUT_MS)


class LoadingScreen:
    """Plain HTML shown before Python starts, with PyScript's progress."""

    def __init__(self, page: Page) -> None:
        self.root = page.locator("#loading")
        self.heading = self.root.get_by_role("heading", name="Five Hundred")
        self.status = page.locator("#loading-status")


class PlaceholderScreen:
    """What web/main.py draws until the real UI replaces it."""

    def __init__(self, page: Page) -> None:
        self.python = page.locator("#python")
        self.worker = page.locator("#worker")
