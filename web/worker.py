"""The bots' thread, a PyScript worker (<script type="py" worker name="bots">, added by main.py):
no DOM, plain text in and out."""
import json
import sys
from importlib.metadata import version

from app.bots import answer


def call(text: str) -> str:
    """A JSON request in (see app/bots.py), a JSON answer out; {"fn": "ping"} says who answers."""
    request = json.loads(text)
    if request["fn"] == "ping":
        return json.dumps({"python": sys.version.split()[0], "five_hundred": version("five-hundred")})
    return json.dumps(answer(request))


__export__ = ["call"]
