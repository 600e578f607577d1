"""The hand review worked out ahead: while the player thinks and the bots pause, the worker
searches the pieces of the table's hand's analysis that the play so far allows, a small slice
at a time, so that the review after the hand opens with its analysis done.

:class:`ReviewAhead` follows the table's hand: :meth:`ReviewAhead.work` searches one slice
(a message from the page waits for one slice at most), :meth:`ReviewAhead.seed` gives a review
of that hand the pieces answered.  A card taken back, or another hand, starts it afresh.
A hand over, its answers are kept in the browser (:mod:`app.review.store`) once complete, or
as far as they go when the table moves on: its review from History opens with them.
"""

from __future__ import annotations

from typing import Any, Final

from engine.hand import Hand

from app.review.review import PLAYER, Review, guess_before, piece_key, pieces
from app.review.store import ReviewStore
from app.table.answers import work_on

from bots.review import Analysis

AHEAD_NODES: Final = 5_000
"""Nodes one slice searches: at most about 50 ms in Pyodide (docs/BENCHMARKS.md), a tenth of a review's
slice (the player is at the table)."""


class ReviewAhead:
    """The analysis of the table's hand so far, on a copy of the hand of its own."""

    def __init__(self, store: ReviewStore | None = None) -> None:
        self.store = store
        """Where analyses are kept: the hand's answers go there once it is over and they are
        complete, or the table moves on to another hand."""
        self.hand: Hand | None = None
        """The copy, played on as the table's hand is."""
        self.analysis: Analysis | None = None
        self.answers: dict[str, Any] = {}
        """Pieces answered, by :func:`app.review.review.piece_key`, as the worker answers a review."""
        self.spent: dict[tuple[Any, ...], int] = {}
        """The nodes each piece was given (:func:`app.table.answers.work_on`)."""

    def work(self, hand: Hand, nodes: int = AHEAD_NODES, whole: bool = True) -> bool:
        """Search one slice of the next piece that ``hand`` (the table's, in play or over)
        allows: the bidder's figure, the tricks played so far, and if ``whole``, each side's
        best contract (a piece searched in one go, within
        :data:`bots.review.CONTRACT_NODE_LIMIT`: up to about 0.3 s in the browser). False
        when there is nothing to search now."""
        if not self._follow(hand):
            return False
        assert self.hand is not None
        for piece in pieces(self.hand):
            key = piece_key(piece)
            if key in self.answers or piece["piece"] == "contract" and not whole:
                continue
            assert self.analysis is not None
            request = {"seat": PLAYER, **piece, "guess": guess_before(self.answers, piece.get("trick", 0))}
            done, value = work_on(self.analysis, self.spent, request, nodes)
            if done:
                self.answers[key] = value
            return True
        if self.hand.is_over and whole and self.analysis is not None:  # all answered: kept, and
            self._keep()                                                # the solvers' tables (megabytes) let go
            self.analysis = None
        return False

    def seed(self, review: Review) -> None:
        """Give ``review`` the pieces answered, if it is of the hand followed."""
        if self.hand is None or not _extends(review.hand, self.hand):
            return
        for piece in review.pieces:
            key = piece_key(piece)
            if key in self.answers and key not in review.answers:
                review.answers[key] = self.answers[key]

    def _follow(self, hand: Hand) -> bool:
        """Play the copy on to where ``hand`` is (afresh if ``hand`` is not the copy played
        on); False before its play begins."""
        if not hand.play_begun:
            return False
        mine = self.hand
        if mine is None or not _extends(hand, mine):
            if mine is not None and mine.is_over and self.analysis is not None:
                self._keep()  # what was answered of the hand before
            mine = self.hand = Hand(hand.rules, hand.deal, hand.dealer)
            for _, action in hand.history:
                mine.push(action)
            self.analysis, self.spent = Analysis(mine), {}
            self.answers = self.store.answers(mine, PLAYER) if self.store is not None and mine.is_over else {}
        for _, action in hand.history[len(mine.history):]:
            mine.push(action)
        return True

    def _keep(self) -> None:
        if self.store is not None and self.hand is not None:
            self.store.keep(self.hand, PLAYER, self.answers)


def _extends(hand: Hand, before: Hand) -> bool:
    """``hand`` is ``before`` played on (the same deal, its history a continuation)."""
    n = len(before.history)
    return (hand.deal == before.deal and hand.dealer == before.dealer and len(hand.history) >= n
            and list(hand.history[:n]) == list(before.history))
