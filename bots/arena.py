"""Duplicate matches between two bot levels.

``python -m bots.arena --a normal --b easy --deals 200 --preset standard --seed 1``

Duplicate scheme: every deal is played once per scoring side, with bot A
taking all the seats of that side and bot B every other seat, so each bot
meets the same cards from the same seats.  With two sides (the partnership
tables, two-handed) that is the classic pair: A at the even seats, then at
the odd seats.  With more sides (cutthroat, five-handed, three teams of two)
A is one side and B the others, rotating through every side.  A deal's
difference is the mean over its plays of A's side's points minus the mean
points of B's sides.  Each hand is scored alone (no game to 500).
Deterministic for a seed: deals come from ``derive_seed(seed, i)`` and each
bot gets its own generator forked from ``SplitMix64(seed)``, the same over
any number of processes (``--jobs``).  ``--worst N`` lists the deals each
side lost most on, auctions and results; ``--model FILE`` makes the bots bid
by a bidding model file not shipped; ``--no-cap`` bounds the expert by its
counts alone (no wall-clock cap), so a loaded machine measures its budget.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from engine.actions import PASS
from engine.hand import Hand
from engine.observation import observe
from engine.rng import SplitMix64, derive_seed
from engine.rules import Rules

from bots import bidmodel
from bots.protocol import Bot
from bots.registry import YARDSTICK, make_bot

YARDSTICK_UNKNOWN: Final = ("hi_lo", "breach", "blind_misere")
"""Table rules newer than the frozen yardstick bot: it does not know their bids or calls
(and would call a blind misere after looking at its cards)."""

Timer = Callable[[int, float], None]
"""Called with the seat and the seconds each decision took."""


def play_hand(rules: Rules, seed: int, dealer: int, bots: Sequence[Bot],
              timer: Timer | None = None) -> Hand:
    """Play one hand to its end, each seat's bot acting on its own observation."""
    hand = Hand.new(rules, seed, dealer)
    play_out(hand, bots, timer)
    return hand


def play_out(hand: Hand, bots: Sequence[Bot], timer: Timer | None = None) -> None:
    """Play ``hand`` on from where it is to its end, each seat's bot acting on its own
    observation."""
    while not hand.is_over:
        seat = hand.to_act
        start = time.perf_counter()
        action = bots[seat].act(observe(hand, seat))
        if timer is not None:
            timer(seat, time.perf_counter() - start)
        hand.apply(action, seat)


def half_width(values: Sequence[float]) -> float:
    """Half-width of the 95% interval of the mean of ``values`` (normal
    approximation); infinite for fewer than two."""
    if len(values) < 2:
        return math.inf
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass
class BotStats:
    """One bot's record over a match."""

    level: str
    contracts: int = 0
    made: int = 0
    miseres: int = 0
    miseres_made: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return 1000 * statistics.median(self.times) if self.times else 0.0

    @property
    def worst_ms(self) -> float:
        return 1000 * max(self.times, default=0.0)


@dataclass
class ArenaResult:
    """A duplicate match: per-deal differences (A minus B) and each bot's record."""

    rules: Rules
    seed: int
    a: BotStats
    b: BotStats
    diffs: list[float] = field(default_factory=list)
    thrown_in: int = 0
    plays: int = 0
    plays_of: list[list[str]] = field(default_factory=list)
    """For each deal, its plays in words (:func:`describe`)."""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.diffs) if self.diffs else 0.0

    @property
    def margin(self) -> float:
        """Half-width of the 95% interval of the mean (:func:`half_width`)."""
        return half_width(self.diffs)

    def report(self) -> str:
        lines = [
            f"{self.a.level} (A) v {self.b.level} (B), rules {self.rules}, "
            f"{len(self.diffs)} deals, {self.plays} hands played, seed {self.seed}",
            f"A minus B: {self.mean:+.1f} points per deal, 95% interval "
            f"[{self.mean - self.margin:+.1f}, {self.mean + self.margin:+.1f}]",
            f"thrown in: {self.thrown_in} of {self.plays} hands",
        ]
        for tag, s in (("A", self.a), ("B", self.b)):
            lines.append(
                f"{tag} {s.level:>7}: contracts made {s.made}/{s.contracts}"
                f" ({_pct(s.made, s.contracts)}), misere made {s.miseres_made}/{s.miseres}"
                f" ({_pct(s.miseres_made, s.miseres)}), ms per decision median "
                f"{s.median_ms:.2f} worst {s.worst_ms:.1f}")
        return "\n".join(lines)

    def worst(self, n: int) -> str:
        """The ``n`` deals A lost most on and the ``n`` B lost most on, each play in words."""
        order = sorted(range(len(self.diffs)), key=self.diffs.__getitem__)
        picks = [("A", i) for i in order[:n] if self.diffs[i] < 0]
        picks += [("B", i) for i in reversed(order[-n:]) if self.diffs[i] > 0]
        lines = []
        for tag, i in picks:
            lines.append(f"{tag}'s loss, deal {i}: A minus B {self.diffs[i]:+.1f}")
            lines += (f"    {p}" for p in self.plays_of[i])
        return "\n".join(lines)


def describe(hand: Hand, a_seats: Sequence[int]) -> str:
    """A finished hand in words: A's seats, the auction and the result."""
    res = hand.result
    assert res is not None
    calls = " ".join(f"{s}:{a.name}" for s, a in hand.history if a == PASS or a.bid is not None)
    if res.contract is None or res.declarer is None:
        outcome = "no contract"
    else:
        who = "A" if res.declarer in a_seats else "B"
        tricks = sum(res.tricks[s] for s in res.bidders)
        outcome = (f"{who} (seat {res.declarer}) {res.contract.name}: {tricks} tricks, "
                   f"{'made' if res.made else 'set'}")
    return f"A at seats {', '.join(map(str, a_seats))}: {calls} -> {outcome}, points {res.points}"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.0f}%" if n else "-"


Maker = Callable[[str, SplitMix64], Bot]
"""Makes a bot of a level with its generator."""


def uncapped(level: str, rng: SplitMix64, nodes: int | None = None, samples: int | None = None) -> Bot:
    """A bot of a level; an expert's work bounded by its counts alone (no
    wall-clock cap), so a loaded machine still measures the budget itself; ``nodes``
    and ``samples`` replace its default counts."""
    from bots.sampled_play import Budget  # the search is large: loaded when needed
    counts = {name: value for name, value in (("nodes", nodes), ("samples", samples)) if value is not None}
    return make_bot(level, rng, Budget(cap=math.inf, **counts))


def play_deal(a: str, b: str, rules: Rules, seed: int, i: int, make: Maker = make_bot
              ) -> ArenaResult:
    """Deal ``i`` of a match played once per side: a one-deal result. Its bots'
    generators are those the deals before it left (forked from ``SplitMix64(seed)``),
    so a deal plays the same whether the match runs in one process or many."""
    result = ArenaResult(rules, seed, BotStats(a), BotStats(b))
    rng = SplitMix64(seed)
    sides = rules.sides
    for _ in range(sides * rules.players * i):
        rng.fork()
    deal_seed = derive_seed(seed, i)
    diff = 0.0
    plays: list[str] = []
    for side in range(sides):
        levels = [a if rules.side_of(s) == side else b for s in range(rules.players)]
        stats = [result.a if rules.side_of(s) == side else result.b
                 for s in range(rules.players)]
        bots = [make(level, rng.fork()) for level in levels]
        hand = play_hand(rules, deal_seed, i % rules.players, bots,
                         lambda seat, t: stats[seat].times.append(t))
        plays.append(describe(hand, [s for s in range(rules.players)
                                     if rules.side_of(s) == side]))
        res = hand.result
        assert res is not None
        result.plays += 1
        if res.thrown_in:
            result.thrown_in += 1
        if res.contract is not None and res.declarer is not None:
            s = stats[res.declarer]
            if res.contract.is_misere:
                s.miseres += 1
                s.miseres_made += bool(res.made)
            else:
                s.contracts += 1
                s.made += bool(res.made)
        others = [p for k, p in enumerate(res.points) if k != side]
        diff += res.points[side] - statistics.fmean(others)
    result.diffs.append(diff / sides)
    result.plays_of.append(plays)
    return result


def _play_deal(job: tuple[str, str, Rules, int, int, Maker]) -> ArenaResult:
    return play_deal(*job)


def run_match(a: str, b: str, rules: Rules, deals: int, seed: int,
              make: Maker = make_bot, jobs: int = 1) -> ArenaResult:
    """Play ``deals`` duplicate deals between levels ``a`` and ``b``, over
    ``jobs`` processes (the same figures however many); a table the yardstick
    does not know is refused (``ValueError``)."""
    unknown = [name for name in YARDSTICK_UNKNOWN if getattr(rules, name)]
    if YARDSTICK in (a, b) and unknown:
        raise ValueError(f"the yardstick bot is frozen and does not play {', '.join(unknown)}: "
                         f"measure it at a table without {'them' if len(unknown) > 1 else 'it'}")
    result = ArenaResult(rules, seed, BotStats(a), BotStats(b))
    todo = [(a, b, rules, seed, i, make) for i in range(deals)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(_play_deal, todo, chunksize=1)
    else:
        done = [_play_deal(job) for job in todo]
    for one in done:
        result.diffs += one.diffs
        result.plays_of += one.plays_of
        result.plays += one.plays
        result.thrown_in += one.thrown_in
        for mine, theirs in ((result.a, one.a), (result.b, one.b)):
            mine.contracts += theirs.contracts
            mine.made += theirs.made
            mine.miseres += theirs.miseres
            mine.miseres_made += theirs.miseres_made
            mine.times += theirs.times
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bots.arena", description=__doc__.split(
        "\n\n")[0] if __doc__ else None)
    parser.add_argument("--a", default="normal", help="level of bot A")
    parser.add_argument("--b", default="easy", help="level of bot B")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="standard",
                        help="a preset name or rules string, e.g. standard,target=1000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", type=Path, default=None,
                        help="bid by this bidding model file instead of the shipped one")
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="also print the N deals each bot lost most on")
    parser.add_argument("--no-cap", action="store_true",
                        help="bound the expert by its counts alone, without the wall-clock cap")
    parser.add_argument("--nodes", type=int, default=None,
                        help="the expert's search nodes a decision (with --no-cap; its default if not given)")
    parser.add_argument("--samples", type=int, default=None,
                        help="the expert's sampled deals a decision (with --no-cap; its default if not given)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the same figures)")
    args = parser.parse_args(argv)
    if (args.nodes or args.samples) and not args.no_cap:
        parser.error("--nodes and --samples measure a budget by its counts alone: add --no-cap")
    if args.model is not None:
        bidmodel.use(args.model)
    try:
        result = run_match(args.a, args.b, Rules.parse(args.preset), args.deals, args.seed,
                           functools.partial(uncapped, nodes=args.nodes, samples=args.samples)
                           if args.no_cap else make_bot, args.jobs)
    except ValueError as e:
        parser.error(str(e))
    print(result.report())
    if args.worst:
        print(result.worst(args.worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
