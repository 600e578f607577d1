"""The bots' thread: a DOM-free PyScript worker (no `window`, no `document`).

The page calls what `__export__` names; only plain data (str, int, float,
bool, list, dict) goes in or out.
"""
import sys
from importlib.metadata import version


def describe() -> dict[str, str]:
    """Say what this worker runs: proves the wheel loads off the main thread."""
    return {"python": sys.version.split()[0], "five_hundred": version("five-hundred")}


__export__ = ["describe"]
