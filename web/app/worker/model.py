"""The views of the app's own dialogs, as named tuples: a link to share, the results of a
shared hand, a hand replayed (drawn by :mod:`app.worker.render`)."""

from __future__ import annotations

from typing import NamedTuple


class ShareView(NamedTuple):
    """The share dialog: a link to copy."""

    title: str
    url: str
    words: str


class LinkResult(NamedTuple):
    """A result after a shared hand: whose, and what."""

    who: str
    text: str


class ReplayView(NamedTuple):
    """A shared hand replayed up to a step: the last lines, the step, how many there are."""

    lines: tuple[str, ...]
    step: int
    steps: int
    title: str
