"""The app's one Python runtime: a PyScript worker (<script type="py" worker name="app"> in
index.html) that runs app.worker.bridge.Bridge for the page.  It never touches a DOM: the page
(web/page.js) sends plain JSON text and draws the JSON text it gets back, so no
SharedArrayBuffer and no special headers are needed.

Exports (called by page.js through the tag's xworker.sync):
    handle(text)  a message of app.worker.bridge (start, act, tick, storage, ...) in, its answer out
    call(text)    the bots: a request of app.table.answers in, its answer out; {"fn": "ping"} says who answers
                  (and which modules were imported from source: none, as built)

Between messages it works the hand's review out ahead (app.review.ahead), a slice at a time on
the worker's event loop, so a message waits for one slice at most.
"""
import asyncio
import json
import sys
import time

from app.worker.bridge import Bridge
from engine.rng import SplitMix64

PACKAGES = ("engine", "bots", "app")
STDLIB = ("json", "dataclasses", "enum", "re", "typing", "datetime")
"""Some of the standard library's modules the app imports at start."""


def new_seed() -> int:
    """A fresh seed for a deal nobody chose: the clock, mixed."""
    return SplitMix64(int(time.time() * 1000) * 1_000_003 + int(time.perf_counter() * 1_000_000)).next_u64()


def from_source() -> list[str]:
    """The modules of ours, of the standard library and of PyScript imported from source, not
    from the bytecode build.py compiled (sitebuild/pyc.py): none in the site as built."""
    found = []
    for name, module in sys.modules.items():
        path, top = str(getattr(module, "__file__", "")), name.split(".")[0]
        if path.endswith(".py") and (top in PACKAGES or name in STDLIB or (top == "pyscript" and not _compiled_beside(path))):
            found.append(name)
    return sorted(found)


def _compiled_beside(path: str) -> bool:
    """A source PyScript wrote has the checked-hash .pyc of its very text in __pycache__ (the
    worker writes no bytecode: an import compiles a source whose .pyc is not of it)."""
    from importlib.util import cache_from_source, source_hash
    try:
        with open(path, "rb") as source, open(cache_from_source(path), "rb") as compiled:
            return compiled.read(16)[8:] == source_hash(source.read())
    except (OSError, ValueError):
        return False


bridge = Bridge(seed=new_seed)


def handle(text: str) -> str:
    """One message from the page, and the answer to draw; then, while no message comes, the
    bridge's idle work (:meth:`app.worker.bridge.Bridge.idle`), a slice at a time."""
    answer = json.dumps(bridge.handle(json.loads(text)))
    _idle_soon()
    return answer


IDLE_S = 0.02
"""The pause between two slices of idle work: a message from the page goes first."""
_idle_due = False


def _idle_soon() -> None:
    global _idle_due
    if not _idle_due:
        _idle_due = True
        asyncio.get_event_loop().call_later(IDLE_S, _idle)


def _idle() -> None:
    global _idle_due
    _idle_due = False
    if bridge.idle():
        _idle_soon()


def call(text: str) -> str:
    """A JSON request in (see app/table/answers.py), a JSON answer out."""
    request = json.loads(text)
    if request["fn"] == "ping":
        from importlib.metadata import version  # a large import, for this question alone
        return json.dumps({"python": sys.version.split()[0], "five_hundred": version("five-hundred"),
                           "from_source": from_source()})
    from app.table.answers import answer  # the bots are imported when first asked (app.worker.bridge)
    return json.dumps(answer(request))


__export__ = ["handle", "call"]
