"""The stack: the loading screen at once, Python, the bots' worker, everything local."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Page, Request, Response, expect

from pages import PYTHON_START_TIMEOUT_MS, App, LoadingScreen, StartScreen


def test_loading_screen_shows_before_python(page: Page) -> None:
    app, loading = App(page), LoadingScreen(page)
    app.open()
    expect(loading.heading).to_be_visible()
    expect(loading.bar).to_be_visible()
    expect(app.body).not_to_have_attribute("data-ready", "true")
    expect(loading.status).to_have_text(re.compile(r"^(Setting up the table|Shuffling the cards|Dealing)… \d+%$"))  # progress in our words

    app.expect_ready()
    expect(loading.root).to_be_hidden()
    expect(StartScreen(page).deal_button).to_be_visible()
    app.expect_turn("start")


def test_worker_answers_the_page(page: Page) -> None:
    app = App(page)
    app.open()
    app.expect_worker_ready()
    answer = page.evaluate("""async () => JSON.parse(await window.fiveHundred.bots.call('{"fn": "ping"}'))""")
    assert answer["python"].startswith("3.14")
    assert re.fullmatch(r"\d+\.\d+\.\d+", answer["five_hundred"])


def test_every_request_is_local_and_succeeds(page: Page, site_url: str) -> None:
    requests: list[Request] = []
    responses: list[Response] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request))
    page.on("response", lambda response: responses.append(response))
    page.on("requestfailed", lambda request: errors.append(f"failed: {request.url}"))
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    page.on("console", lambda message: errors.extend(_console_error(message)))

    app = App(page)
    app.open()
    app.expect_worker_ready()

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    assert [r.url for r in requests if not r.url.startswith((site_url, f"blob:{origin}/"))] == []
    assert errors == []
    assert [(r.status, r.url) for r in responses if not r.ok] == []
    wasm_loads = [r for r in responses if r.url.endswith("/pyodide.asm.wasm")]
    assert len(wasm_loads) == 2, "the page and the worker each load Pyodide, and both are recorded"
    assert {r.headers["content-type"] for r in wasm_loads} == {"application/wasm"}  # for streaming compilation


def _console_error(message: ConsoleMessage) -> list[str]:
    return [f"console: {message.text}"] if message.type == "error" else []


def test_bots_play_on_the_page_when_the_worker_fails(page: Page) -> None:
    page.context.route("**/worker.py", lambda route: route.abort())  # fetched from the worker
    app = App(page)
    app.open()
    expect(app.body).to_have_attribute("data-worker", "failed", timeout=PYTHON_START_TIMEOUT_MS)
    StartScreen(page).start(deal="1-0-7")  # West bids first: the bots act before the player
    app.expect_turn("you")
    expect(page.locator("#arena .calls li")).to_have_count(3)
