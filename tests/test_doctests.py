"""The engine's docstring examples (cards, bids, actions, rules strings, positions, PTN) run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(engine.__path__, "engine.")
                 if m.name != "engine.__main__")
DOCUMENTED = {"engine.cards", "engine.bids", "engine.actions", "engine.rules", "engine.hand",
              "engine.position", "engine.ptn", "engine.table", "engine.match", "engine.deal",
              "engine.trumps"}


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name not in DOCUMENTED
