"""The engine's docstring examples (cards, bids, actions, rules strings, positions, PTN) run,
and so does the README's example."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(engine.__path__, "engine.")
                 if m.name != "engine.__main__")
DOCUMENTED = {"engine.cards", "engine.bids", "engine.actions", "engine.rules", "engine.hand",
              "engine.position", "engine.ptn", "engine.table", "engine.match", "engine.deal",
              "engine.trumps"}
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name not in DOCUMENTED


def test_the_readme_example() -> None:
    result = doctest.testfile(str(README), module_relative=False)
    assert result.failed == 0
    assert result.attempted > 0
