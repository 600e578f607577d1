"""The placeholder page proves the stack: loading screen, Python, the bots worker, all local."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Page, Request, Response, expect

from pages import PYTHON_START_TIMEOUT_MS, App, LoadingScreen, PlaceholderScreen


def test_loading_screen_shows_before_python(page: Page) -> None:
    app, loading = App(page), LoadingScreen(page)
    app.open()
    expect(loading.heading).to_be_visible()
    expect(loading.status).to_be_visible()
    expect(app.body).not_to_have_attribute("data-ready", "true")

    app.expect_ready()
    expect(loading.root).to_be_hidden()
    expect(loading.status).not_to_have_text("Loading…")  # PyScript's progress reached it


def test_python_output_and_worker_answer(page: Page) -> None:
    app, screen = App(page), PlaceholderScreen(page)
    app.open()
    app.expect_ready()
    expect(screen.python).to_contain_text("Python 3.14")
    expect(screen.python).to_contain_text(re.compile(r"five-hundred \S+, engine \d"))
    app.expect_worker_ready()
    expect(screen.worker).to_contain_text("Bots worker: Python 3.14")


def test_worker_is_callable_from_javascript(page: Page) -> None:
    app = App(page)
    app.open()
    app.expect_worker_ready()
    answer = page.evaluate("""async () => {
        const bots = document.querySelector('script[type="py"][worker][name="bots"]').xworker;
        await bots.ready;
        return await bots.sync.describe();
    }""")
    assert answer["python"].startswith("3.14")


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


def test_micropip_loads_from_the_site(page: Page) -> None:
    """micropip is not loaded at start, but its wheel and its lock entry (sha256) must match."""
    app = App(page)
    app.open()
    app.expect_ready()
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.type = "py";
        script.textContent = [
            "import pyodide_js",
            "from pyscript import document",
            "await pyodide_js.loadPackage('micropip')",
            "import micropip",
            "document.body.dataset.micropip = micropip.__version__",
        ].join("\\n");
        document.body.append(script);
    }""")
    expect(app.body).to_have_attribute("data-micropip", "0.11.1", timeout=PYTHON_START_TIMEOUT_MS)


def _console_error(message: ConsoleMessage) -> list[str]:
    return [f"console: {message.text}"] if message.type == "error" else []
