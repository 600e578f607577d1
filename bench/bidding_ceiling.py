"""Benchmark: what the bidding model's errors cost, and whether simulation reads the auction better.

The normal bot bids by the model's chance of making each trick contract
(:func:`bots.bidding.model_chances`).  Here those chances are replaced, and
each deal is played in duplicate against the yardstick (as in
:mod:`bots.arena`) by the shipped normal bot and by the variant, so the two
are compared on the same deals:

- ``--chances oracle``: the label the model is fitted to, read from the real
  deal (the seat declaring the denomination, the lowest bid, the others
  passing, the kitty put back by the yardstick, normal bots playing it out:
  bench/bidding_data.py).  No bot may see the deal: this is the ceiling of a
  perfect model of that label, with the same calls made from it.
- ``--chances sampled``: deals sampled from the seat's view
  (:mod:`bots.sampling`, the other seats' calls read by the normal bot), each
  contract declared on them as above and played out by normal bots with the
  hand-written play (about 3 ms), blended with the model's chance counted as
  ``--prior`` deals.  Bidding by simulation, as GIB bids at bridge.

Prints both bots' points a deal against the yardstick, the paired difference
with its 95% interval and the deals that changed.  Deterministic for a seed.
Usage: ``python bench/bidding_ceiling.py --chances oracle|sampled [--samples K]
[--prior M] [--deals N] [--first F] [--seed S] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bidding_data import declare, declared, played_tricks  # noqa: E402

from bots import bidding, bidmodel  # noqa: E402
from bots.arena import half_width, play_deal  # noqa: E402
from bots.registry import YARDSTICK  # noqa: E402
from bots.sampling import Sampler  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import STANDARD, Rules  # noqa: E402

ChanceFn = Callable[[Observation, list[float]], bidding.Chances | None]
"""What :func:`bots.bidding.model_chances` is: an observation and the count's tricks to chances."""


@contextmanager
def chances_by(fn: ChanceFn) -> Iterator[None]:
    """The bots in this process bid by ``fn`` for the ``with`` block."""
    shipped = bidding.model_chances
    setattr(bidding, "model_chances", fn)
    try:
        yield
    finally:
        setattr(bidding, "model_chances", shipped)


def _steps(tricks: int) -> list[float]:
    """Chances of at least each trick count from the model's floor: certain up to ``tricks``."""
    return [1.0 if tricks >= k else 0.0 for k in range(bidmodel.FLOOR, 11)]


def oracle(rules: Rules, seed: int, dealer: int) -> ChanceFn:
    """The chances of the real deal dealt from ``seed``: where the shipped model
    answers, certainty of the tricks the seat's side takes declaring it."""
    shipped = bidding.model_chances
    tricks: dict[tuple[int, int], int | None] = {}

    def chances(obs: Observation, est: list[float]) -> bidding.Chances | None:
        out = shipped(obs, est)
        if out is None:
            return None
        for d, answer in enumerate(out):
            if answer is None:
                continue
            if (obs.seat, d) not in tricks:
                ready = declared(rules, seed, dealer, obs.seat, d)
                tricks[obs.seat, d] = None if ready is None else played_tricks(ready, seed)
            taken = tricks[obs.seat, d]
            if taken is not None:
                out[d] = _steps(taken)
        return out
    return chances


def sampled(samples: int, prior: float) -> ChanceFn:
    """The chances of ``samples`` deals drawn from the seat's view, each
    contract played out, blended with the shipped model's as ``prior`` deals."""
    shipped = bidding.model_chances
    busy = False

    def chances(obs: Observation, est: list[float]) -> bidding.Chances | None:
        nonlocal busy
        out = shipped(obs, est)
        if out is None or busy:
            return out
        wanted = [d for d, a in enumerate(out) if a is not None]
        if not wanted:
            return out
        busy = True  # the sampler reads the others' calls by the shipped model
        try:
            sampler = Sampler(obs, model=lambda seen: bidding.choose_bid(seen).action)
            history = tuple(int(a) for _, a in obs.history if a is not None)
            rng = SplitMix64(hash((obs.seat, bidding.bidding_hand(obs), history)) & (2**63 - 1))
            taken: dict[int, list[int]] = {d: [] for d in wanted}
            for _ in range(samples):
                deal = sampler.sample(rng).deal
                for d in wanted:
                    ready = declare(Hand(obs.rules, deal, obs.dealer), obs.seat, d)
                    if ready is not None:
                        taken[d].append(played_tricks(ready, 0, 0))
        finally:
            busy = False
        for d, results in taken.items():
            answer = out[d]
            if results and answer is not None:
                n = len(results)
                out[d] = [(sum(t >= k for t in results) + prior * p) / (n + prior)
                          for k, p in zip(range(bidmodel.FLOOR, 11), answer)]
        return out
    return chances


def deal_pair(job: tuple[str, int, float, int, int]) -> tuple[float, float]:
    """Deal ``i`` of the match against the yardstick: the shipped normal bot's
    points a deal, then the variant's."""
    how, samples, prior, seed, i = job
    rules = STANDARD
    shipped = play_deal("normal", YARDSTICK, rules, seed, i).diffs[0]
    fn = (oracle(rules, derive_seed(seed, i), i % rules.players) if how == "oracle"
          else sampled(samples, prior))
    with chances_by(fn):
        variant = play_deal("normal", YARDSTICK, rules, seed, i).diffs[0]
    return shipped, variant


def _interval(xs: list[float]) -> str:
    mean, half = statistics.fmean(xs), half_width(xs)
    return f"{mean:+.2f} [{mean - half:+.1f}, {mean + half:+.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--chances", choices=("oracle", "sampled"), required=True)
    parser.add_argument("--samples", type=int, default=16, help="deals sampled a call (sampled)")
    parser.add_argument("--prior", type=float, default=8.0,
                        help="the model's chance counted as this many deals (sampled)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first deal")
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.chances, args.samples, args.prior, args.seed, i)
            for i in range(args.first, args.first + args.deals)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            pairs = pool.map(deal_pair, jobs, chunksize=1)
    else:
        pairs = [deal_pair(job) for job in jobs]
    shipped = [a for a, _ in pairs]
    variant = [b for _, b in pairs]
    print(f"seed {args.seed}, deals {args.first}-{args.first + args.deals - 1}, chances {args.chances}"
          + (f" ({args.samples} deals, prior {args.prior:g})" if args.chances == "sampled" else ""))
    print(f"shipped normal v yardstick: {_interval(shipped)}")
    print(f"variant v yardstick:        {_interval(variant)}")
    print(f"variant less shipped:       {_interval([b - a for a, b in pairs])}, "
          f"{sum(a != b for a, b in pairs)} of {len(pairs)} deals change")


if __name__ == "__main__":
    main()
