"""The trust table: e2e tests marked ``@pytest.mark.probe("kind")`` are probes of that kind; at the
end of a run, how many of each kind ran and passed (and how many games a failing probe may have
lost: each failed probe of saves, tabs, imports, links, reloads or subpaths counts as one)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

KINDS = ("links", "saves", "tabs", "reloads", "offline and updates", "imports", "injection",
         "rapid input", "subpaths", "accessibility")
GAME_KINDS = {"links", "saves", "tabs", "reloads", "imports", "subpaths"}
_ran: Counter[str] = Counter()
_passed: Counter[str] = Counter()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"probe(kind): a trust probe; kind is one of {', '.join(KINDS)}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("probe"):
            assert mark.args and mark.args[0] in KINDS, f"{item.nodeid}: probe kind {mark.args}"
        if (probe := item.get_closest_marker("probe")) is not None:
            # reports carry their user properties from pytest-xdist's workers to the controller
            item.user_properties.append(("probe", probe.args[0]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Counted where reports are logged: in the one process, or in pytest-xdist's controller."""
    kind = next((str(value) for name, value in report.user_properties if name == "probe"), None)
    if kind is None or not (report.when == "call" or (report.when == "setup" and report.failed)):
        return
    _ran[kind] += 1
    _passed[kind] += report.passed


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _ran:
        return
    write = terminalreporter.write_line
    write("trust probes (kind: passed of run; games at risk in failures)")
    for kind in KINDS:
        if _ran[kind]:
            lost = _ran[kind] - _passed[kind] if kind in GAME_KINDS else 0
            write(f"  {kind:20} {_passed[kind]:3} of {_ran[kind]:3}; games lost {lost}")
    write(f"  {'all':20} {sum(_passed.values()):3} of {sum(_ran.values()):3}")
