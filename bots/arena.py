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
bot gets its own generator forked from ``SplitMix64(seed)``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.hand import Hand
from engine.observation import observe
from engine.rng import SplitMix64, derive_seed
from engine.rules import Rules

from bots.protocol import Bot
from bots.registry import YARDSTICK, make_bot

YARDSTICK_UNKNOWN: Final = ("hi_lo", "breach")
"""Table rules newer than the frozen yardstick bot: it does not know their bids or calls."""

Timer = Callable[[int, float], None]
"""Called with the seat and the seconds each decision took."""


def play_hand(rules: Rules, seed: int, dealer: int, bots: Sequence[Bot],
              timer: Timer | None = None) -> Hand:
    """Play one hand to its end, each seat's bot acting on its own observation."""
    hand = Hand.new(rules, seed, dealer)
    while not hand.is_over:
        seat = hand.to_act
        start = time.perf_counter()
        action = bots[seat].act(observe(hand, seat))
        if timer is not None:
            timer(seat, time.perf_counter() - start)
        hand.apply(action, seat)
    return hand


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

    @property
    def mean(self) -> float:
        return statistics.fmean(self.diffs) if self.diffs else 0.0

    @property
    def margin(self) -> float:
        """Half-width of the 95% interval of the mean (normal approximation)."""
        if len(self.diffs) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.diffs) / math.sqrt(len(self.diffs))

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


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.0f}%" if n else "-"


def run_match(a: str, b: str, rules: Rules, deals: int, seed: int,
              make: Callable[[str, SplitMix64], Bot] = make_bot) -> ArenaResult:
    """Play ``deals`` duplicate deals between levels ``a`` and ``b``; a table the
    yardstick does not know is refused (``ValueError``)."""
    unknown = [name for name in YARDSTICK_UNKNOWN if getattr(rules, name)]
    if YARDSTICK in (a, b) and unknown:
        raise ValueError(f"the yardstick bot is frozen and does not play {', '.join(unknown)}: "
                         f"measure it at a table without {'them' if len(unknown) > 1 else 'it'}")
    result = ArenaResult(rules, seed, BotStats(a), BotStats(b))
    rng = SplitMix64(seed)
    sides = rules.sides
    for i in range(deals):
        deal_seed = derive_seed(seed, i)
        diff = 0.0
        for side in range(sides):
            levels = [a if rules.side_of(s) == side else b for s in range(rules.players)]
            stats = [result.a if rules.side_of(s) == side else result.b
                     for s in range(rules.players)]
            bots = [make(level, rng.fork()) for level in levels]
            hand = play_hand(rules, deal_seed, i % rules.players, bots,
                             lambda seat, t: stats[seat].times.append(t))
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
    args = parser.parse_args(argv)
    try:
        result = run_match(args.a, args.b, Rules.parse(args.preset), args.deals, args.seed)
    except ValueError as e:
        parser.error(str(e))
    print(result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
