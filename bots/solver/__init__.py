"""A double-dummy solver for the play phase: every card known, best play by all.

The position comes from an engine :class:`~engine.hand.Hand` in the play
phase (possibly mid-trick) and is copied into a compact form (``board.py``:
a hand is one bit mask, "the highest card of a suit" a ``bit_length``).  The
rules (effective suits, powers, following, the suitless joker, forced jokers
in misere, two players' piles, partners sitting out) come from the engine;
:meth:`Solver.legal_actions` matches ``Hand.legal_actions`` and the tests
check it.

The search (``search.py``) answers "can the counted side take at least k
tricks?" with a boolean alpha-beta over single cards and a transposition
table at trick starts holding bounds on the tricks still to come, for the
position and for every position that differs from it only below the ranks the
bound rests on (partition search, ``transposition.py``).  Touching cards in one hand are searched once and
moves are tried winners first (``moves.py``).  Before searching a trick
start, sure trump tricks and quick tricks may settle it (``quick.py``).
Exact trick counts come from a few such null-window probes (here).  A
hi-lo asks another question, "exactly k tricks?", searched apart (``exact.py``).  In a
misere the counted side is the bidder and the defenders maximise its tricks
(only the sure trump tricks apply there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.actions import Action
from engine.hand import Hand, Phase

from bots.solver.board import board_of
from bots.solver.exact import exact_of
from bots.solver.misere import misere_safe_of
from bots.solver.moves import moves_of
from bots.solver.quick import quick_tricks_of
from bots.solver.search import Limits, Search, SearchTimeout
from bots.solver.transposition import transpositions_of

__all__ = ["SearchTimeout", "Solver", "declaring_positions"]


class Solver:
    """Double-dummy values of one fully known position.

    ``counted`` lists the positions whose tricks are counted (default: the
    declaring side, the declarer alone in a misere, or position 0's side when
    everyone passed).  Values are the counted side's tricks at the end of the
    hand, tricks already won included.  ``deadline`` (a ``time.monotonic``
    value) makes long searches raise :class:`SearchTimeout`, and so does
    ``node_limit``, once the search has counted more nodes than that.  ``classes``: keep
    bounds for classes of positions too (``transposition``): about half the nodes on long
    searches, each dearer (the review's choice; the bots' budgets are counted without).
    """

    def __init__(self, hand: Hand, counted: Iterable[int] | None = None,
                 deadline: float | None = None, node_limit: int | None = None,
                 classes: bool = False) -> None:
        if hand.phase != Phase.PLAY:
            raise ValueError("the solver needs a hand in the play phase")
        n = hand.rules.positions
        contract = hand.contract
        misere = contract is not None and contract.is_misere
        if counted is None:
            counted = declaring_positions(hand)
        counted_set = set(counted)
        count = [1 if p in counted_set else 0 for p in range(n)]
        self.won = sum(hand.won[p] for p in counted_set)
        left = max(hand.held[p].bit_count() for p in range(n) if hand.active[p])
        board = board_of(hand, count, [bool(count[p]) != misere for p in range(n)], misere, left)
        self._root = board.root
        self._board = board
        self._limits = Limits(deadline, node_limit)
        self._moves = moves_of(board)
        self._search = Search(board, self._moves, quick_tricks_of(board),
                              transpositions_of(board), self._limits, misere_safe_of(board),
                              classes)
        self._exact_probe: Callable[[int], bool] | None = None

    @property
    def nodes(self) -> int:
        """Nodes searched, in blocks of 4096."""
        return self._limits.nodes

    @property
    def searched(self) -> int:
        """Nodes searched, exactly (the same search searches the same nodes)."""
        return self._search.searched()

    # --- public API -----------------------------------------------------------
    def can_take(self, target: int) -> bool:
        """Whether the counted side can end the hand with at least ``target`` tricks."""
        return self._probe(target - self.won - self._root.extra)

    def can_take_exactly(self, target: int) -> bool:
        """Whether the counted side can end the hand with exactly ``target`` tricks against
        best defence (a hi-lo's question: ``exact.py``)."""
        if self._exact_probe is None:
            self._exact_probe = exact_of(self._board, self._moves, self._limits)
        return self._guarded(self._exact_probe, target - self.won - self._root.extra)

    def tricks(self, guess: int | None = None) -> int:
        """The counted side's tricks at the end of the hand with best play."""
        base = self.won + self._root.extra
        return base + self._exact(guess - base if guess is not None else None, 0, 10)

    def play(self, action: Action) -> None:
        """Move the root on by ``action``, a legal play now (the table is kept: its bounds hold
        for every position of the deal)."""
        search = self._search
        search.push(next(m for m in self._moves.at_root() if search.action(m) == action))

    def unplay(self) -> None:
        """Take back the last :meth:`play`."""
        self._search.pop()

    def budget(self, nodes: int | None) -> None:
        """Let the searches from now on count ``nodes`` more nodes (None: any number) before they
        raise :class:`SearchTimeout` (the solver stays usable, its table kept)."""
        self._limits.node_limit = None if nodes is None else self._limits.nodes + nodes

    def _probe(self, need: int) -> bool:
        """The search's probe; a search that ran out of time or nodes leaves the position as it was."""
        return self._guarded(self._search.probe, need)

    def _guarded(self, probe: Callable[[int], bool], need: int) -> bool:
        """``probe(need)``; one that ran out of time or nodes leaves the position as it was."""
        board = self._board
        up, state, voids = list(board.up), list(board.state), list(board.voids)
        try:
            return probe(need)
        except SearchTimeout:
            board.up[:], board.state[:], board.voids[:] = up, state, voids
            raise

    def legal_actions(self) -> list[Action]:
        """The legal plays now, as the engine's actions (sorted)."""
        return sorted(self._search.action(m) for m in self._moves.at_root())

    def values(self, low: int = 0, high: int = 10) -> dict[Action, int]:
        """The final tricks of the counted side after each legal play now, exact
        within ``low..high``: a value below ``low`` reads ``low - 1``, one above
        ``high`` reads ``high`` (a narrow window needs fewer probes)."""
        out: dict[Action, int] = {}
        guess: int | None = None
        search = self._search
        for group in self._moves.groups_at_root():
            search.push(group[0])
            try:
                base = self.won + self._root.extra
                v = base + self._exact(None if guess is None else guess - base,
                                       low - base, high - base)
            finally:
                search.pop()
            guess = v
            for m in group:
                out[search.action(m)] = v
        return out

    def play_reaching(self, target: int, maximise: bool) -> Action | None:
        """The lowest legal play now after which the counted side can end with at least
        ``target`` tricks (``maximise``), or with at most ``target`` (else); None if none
        can.  One probe a run of touching cards, stopping at the first that reaches it."""
        search = self._search
        groups = sorted((sorted(search.action(m) for m in group), group[0])
                        for group in self._moves.groups_at_root())
        for actions, head in groups:
            search.push(head)
            try:
                reached = self.can_take(target) if maximise else not self.can_take(target + 1)
            finally:
                search.pop()
            if reached:
                return actions[0]
        return None

    # --- internals ------------------------------------------------------------
    def _exact(self, guess: int | None, low: int = 0, high: int = 10) -> int:
        """Future counted tricks from the root state, by null-window probes,
        clipped to ``low - 1..high``."""
        left = self._root.left
        probe = self._probe
        lo, hi = max(low, 0), min(high, left)
        if lo > hi:
            return low - 1 if low > left else high
        if guess is None:
            guess = (lo + hi + 1) // 2
        guess = min(max(guess, lo), hi)
        # Step from the guess: values are usually at or next to it.
        if probe(guess):
            while guess < hi and probe(guess + 1):
                guess += 1
            return guess
        guess -= 1
        while guess >= lo and not probe(guess):
            guess -= 1
        return guess


def declaring_positions(hand: Hand, seat: int = 0) -> list[int]:
    """Positions whose tricks count for the declarer's side (for a hand everyone
    passed, ``seat``'s side)."""
    if hand.contract is None:
        table = hand.table
        return list(table.side_positions(table.side_of(seat)))
    return list(hand.sides.positions)
