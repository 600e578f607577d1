"""The order of a run of both suites: the long tests (marked `slow`) lead.

Under pytest-xdist (scripts/test.sh) the workers take the long tests first and share out the
many short ones after them, so the two end together rather than one finishing a long test
alone at the end.
"""
from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long test (20 s or more on one core); it starts first")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: the rest keep their order
