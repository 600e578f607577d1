"""Benchmark: does solving sampled deals tell whether a bid makes better than counting tricks?

The question behind bidding by simulation.  At auction positions of the
standard table (the first zero to two bids made by normal bots), the seat's
three best trick bids by the normal bot's count each get a chance to make:
by the count (``bots.bidding.chance``), and by deals sampled from the seat's
view (``bots.sampling``, the auction read by the normal bot) with the seat
declaring the bid, the others passing, the kitty put back by the normal bot
and each deal solved double dummy, a probe cut off at the time limit counting
as a half.  The truth is the real deal played the same way, double dummy.
Prints the Brier score of each chance (mean squared error against made = 1,
set = 0; lower is better), also for the count moved to the real rate of
makes, and the time the samples took per position.  Deterministic for a seed
but for the probes the time limit cuts off.  Usage:
``python bench/bidding_chances.py [--positions N] [--samples K] [--limit S] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import bidding  # noqa: E402
from bots.normal import NormalBot  # noqa: E402
from bots.sampling import Sampler  # noqa: E402
from bots.solver import SearchTimeout, Solver  # noqa: E402
from engine.actions import BID_BASE, PASS_ID  # noqa: E402
from engine.bids import Bid  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import STANDARD  # noqa: E402

CANDIDATES = 3


def candidates(obs: Observation, est: list[float]) -> list[Bid]:
    """The seat's best trick bids by the normal bot's count ``est`` and expected score."""
    hand = bidding.bidding_hand(obs)
    bids = [a.bid for a in obs.legal_actions
            if a.bid is not None and not a.bid.is_misere and bidding.disciplined(obs, a.bid)]
    bids.sort(key=lambda b: -bidding.expected_score(obs.rules, b, est, hand))
    return bids[:CANDIDATES]


def made(hand: Hand, seat: int, bids: list[Bid], limit: float | None) -> list[float]:
    """For bids of one denomination: 1 if ``seat`` declaring it now makes it double
    dummy, 0 if not, 0.5 if the probe ran past ``limit`` seconds.  The hand is
    left as it was."""
    depth = len(hand.history)
    bot = NormalBot(SplitMix64(0))
    hand.push(BID_BASE + bids[0])
    while hand.phase == Phase.AUCTION:
        hand.push(PASS_ID)
    while hand.phase != Phase.PLAY:
        hand.push(bot.act(observe(hand, hand.to_act)))
    try:
        solver = Solver(hand, deadline=None if limit is None else time.monotonic() + limit)
        out = []
        for b in bids:
            try:
                out.append(float(solver.can_take(b.tricks)))
            except SearchTimeout:
                out.append(0.5)
        return out
    finally:
        while len(hand.history) > depth:
            hand.pop()


def by_denomination(hand: Hand, seat: int, bids: list[Bid], limit: float | None) -> dict[Bid, float]:
    """:func:`made` for each bid, one declared hand per denomination."""
    out: dict[Bid, float] = {}
    for d in sorted({b.denomination for b in bids}):
        same = [b for b in bids if b.denomination == d]
        out.update(zip(same, made(hand, seat, same, limit)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--limit", type=float, default=0.03, help="seconds per sampled probe")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = SplitMix64(args.seed)
    rows: list[tuple[float, float, float]] = []  # count, samples, truth
    cut = 0
    seconds: list[float] = []
    for i in range(args.positions):
        hand = Hand.new(STANDARD, derive_seed(args.seed, i), i % STANDARD.players)
        model = NormalBot(SplitMix64(derive_seed(args.seed, -1 - i)))
        for _ in range(i % 3):
            if hand.phase == Phase.AUCTION:
                hand.apply(model.act(observe(hand, hand.to_act)), hand.to_act)
        if hand.phase != Phase.AUCTION:
            continue
        seat = hand.to_act
        obs = observe(hand, seat)
        est = bidding.estimates(obs)
        bids = candidates(obs, est)
        if not bids:
            continue
        start = time.perf_counter()
        sampler = Sampler(obs, model=model.act)
        total = dict.fromkeys(bids, 0.0)
        for _ in range(args.samples):
            for b, v in by_denomination(sampler.sample(rng), seat, bids, args.limit).items():
                total[b] += v
                cut += v == 0.5
        seconds.append(time.perf_counter() - start)
        truth = by_denomination(hand, seat, bids, None)
        rows += [(bidding.chance(STANDARD, b, est), total[b] / args.samples, truth[b])
                 for b in bids]
    rate = statistics.fmean(r[2] for r in rows)
    shift = rate - statistics.fmean(r[0] for r in rows)

    def brier(chance: list[float]) -> float:
        return statistics.fmean((p - r[2]) ** 2 for p, r in zip(chance, rows))

    count = [r[0] for r in rows]
    moved = [min(1.0, max(0.0, p + shift)) for p in count]
    sampled = [r[1] for r in rows]
    print(f"{len(rows)} bids at {len(seconds)} positions, seed {args.seed}, {args.samples} sampled "
          f"deals, probes cut at {args.limit * 1000:.0f} ms ({cut} of {len(rows) * args.samples})")
    print(f"made double dummy on the real deal: {rate:.0%}; chance by the count {rate - shift:.0%}, "
          f"by the samples {statistics.fmean(sampled):.0%}")
    print(f"Brier score (lower is better): always {rate:.0%} {brier([rate] * len(rows)):.3f}, "
          f"count {brier(count):.3f}, count moved to the real rate {brier(moved):.3f}, "
          f"samples {brier(sampled):.3f}, "
          f"half and half {brier([(m + s) / 2 for m, s in zip(moved, sampled)]):.3f}")
    ms = sorted(s * 1000 for s in seconds)
    print(f"samples' time per position: median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms")


if __name__ == "__main__":
    main()
