"""Placeholder page: proves the stack until the real UI replaces it.

Keep the readiness markers in the real UI (see index.html): set
`document.body.dataset.ready = "true"` once the first screen is drawn, and
`document.body.dataset.worker = "ready"` once the bots worker has answered.
"""
import sys
from importlib.metadata import version

from engine import __version__ as engine_version
from pyscript import document, workers


def show(element_id: str, text: str) -> None:
    line = document.createElement("p")
    line.id = element_id
    line.textContent = text
    document.getElementById("app").append(line)


document.getElementById("loading").hidden = True
document.getElementById("app").hidden = False
show("python", f"Python {sys.version.split()[0]}, five-hundred {version('five-hundred')}, engine {engine_version}")
document.body.dataset.ready = "true"

bots = await workers["bots"]  # noqa: F704 (PyScript runs this module with top-level await)
answer = (await bots.describe()).to_py()
show("worker", f"Bots worker: Python {answer['python']}, five-hundred {answer['five_hundred']}")
document.body.dataset.worker = "ready"
