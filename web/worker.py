"""The bots' thread (run by worker.js in a Web Worker): no DOM, plain text in and out."""
import json
import sys
from importlib.metadata import version

from app.bots import answer


def handle(text: str) -> str:
    """A JSON request in (see app/bots.py), a JSON answer out; {"fn": "ping"} says who answers."""
    request = json.loads(text)
    if request["fn"] == "ping":
        return json.dumps({"python": sys.version.split()[0], "five_hundred": version("five-hundred")})
    return json.dumps(answer(request))
