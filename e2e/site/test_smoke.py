"""The stack: the start screen at once, before Python; one Python worker; everything local."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Page, Request, Response, expect

from e2e.pages import App, LoadingScreen, StartScreen


def test_the_start_screen_takes_input_before_python(page: Page) -> None:
    """The start screen is in the page as built: a choice made before Python is up is kept, and
    Deal then shows the progress (in our words) and deals the moment the app's worker is ready."""
    app, loading, start = App(page), LoadingScreen(page), StartScreen(page)
    app.open()
    app.expect_start_usable()
    expect(start.deal_button).to_be_visible()
    expect(loading.root).to_be_hidden()
    start.level("West").select_option(label="Easy")
    start.deal_code.fill("1-3-1")  # dealer East: South bids first
    ready = app.body.get_attribute("data-ready")
    start.deal_button.click()
    if ready is None:  # pressed before Python was ready (as it is on any machine but a very fast one)
        expect(loading.heading).to_be_visible()
        expect(loading.status).to_have_text(re.compile(r"^(Setting up the table|Shuffling the cards|Dealing)… \d+%$"))
    app.expect_ready()
    app.expect_turn("you")
    expect(loading.root).to_be_hidden()
    expect(page.locator("#arena .seat-west")).to_contain_text("Easy bot")  # the choice made before Python
    expect(page.locator("#arena .seat-north")).to_contain_text("Normal bot")


def test_worker_answers_the_page(page: Page) -> None:
    app = App(page)
    app.open()
    app.expect_worker_ready()
    answer = page.evaluate("""async () => JSON.parse(await window.fiveHundred.bots.call('{"fn": "ping"}'))""")
    assert answer["python"].startswith("3.14")
    assert re.fullmatch(r"\d+\.\d+\.\d+", answer["five_hundred"])
    assert answer["from_source"] == []  # ours, the standard library's at start and PyScript's: bytecode compiled by build.py


def test_what_the_page_loads_before_the_worker_starts_is_fetched_while_it_parses(page: Page) -> None:
    """The worker starts as soon as the page's code can start it: PyScript's chunks, its config and
    the worker's script are preloaded (build.py), none fetched only once the import or the code
    before it has run (page.js must have arrived before anything it alone asks for), and each is
    fetched once (a preload the page's own request does not match would be fetched twice)."""
    app = App(page)
    app.open()
    app.expect_worker_ready()
    loaded = page.evaluate("""performance.getEntriesByType("resource").map(
        (e) => [new URL(e.name).pathname.split("/").pop(), e.startTime, e.responseEnd])""")
    code = [(name, start) for name, start, _ in loaded if re.search(r"\.(js|toml|py)$", name)]
    page_js = next(end for name, _, end in loaded if name == "page.js")
    assert {"core.js", "pyscript.toml", "main.py", "drag.js"} <= {name for name, _ in code}
    assert [name for name, start in code if start >= page_js] == []
    assert sorted(name for name, _ in code) == sorted({name for name, _ in code})


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
    assert len(wasm_loads) == 1, "one Pyodide: the app's worker"
    assert {r.headers["content-type"] for r in wasm_loads} == {"application/wasm"}  # for streaming compilation


def _console_error(message: ConsoleMessage) -> list[str]:
    return [f"console: {message.text}"] if message.type == "error" else []
