"""The order of a run of both suites: tests/ before e2e/, the long tests (marked `slow`) first in each.

Under pytest-xdist (scripts/test.sh, `--dist load`) the workers take the long tests first and share
out the many short ones after them, so they end together rather than one finishing a long test
alone at the end. No worker runs a test of tests/ after an e2e test: Playwright's event loop, once
started in a worker, stays running, and a test of tests/ that runs its own loop would fail.
"""
from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long test (20 s or more on one core); it starts first in its suite")


def order(item: pytest.Item) -> tuple[bool, bool]:
    return item.path.is_relative_to(E2E), item.get_closest_marker("slow") is None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=order)  # stable: the rest keep their order
