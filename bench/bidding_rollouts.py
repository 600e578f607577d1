"""Benchmark: would the normal bot do better with another call, the rest of the hand played out?

Its calls are tried against what the bots then do.  Each deal of the standard
table is played twice in duplicate (the normal bot at one side's seats, the
yardstick at the others', as in :mod:`bots.arena`); at each call of the normal
bot where a trick bid is open to it, the hand is played again from there for
each alternative: a pass, and the three lowest bids open in each denomination
the bidding model answers for (:func:`bots.bidding.model_chances`) and in the
one it bid, every seat's later calls and cards by its own bot (a fixed
generator per call, the same for every alternative).  An alternative's value
is its side's points less the other side's, the hand played out, less the
call's own.  Prints, per auction situation (:data:`bots.bidmodel.SITUATIONS`)
and deviation (a pass for the bid made, the bid one trick lower or higher, the
lowest open bid for a pass), the mean change and its 95% interval, and what
that deviation taken every time would change a hand.  A deviation whose
interval lies above zero is a call the bot should make more.  Deterministic
for a seed.  Usage: ``python bench/bidding_rollouts.py [--deals N] [--seed S] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import bidding, bidmodel  # noqa: E402
from bots.arena import half_width, play_out  # noqa: E402
from bots.protocol import Bot  # noqa: E402
from bots.registry import YARDSTICK, make_bot  # noqa: E402
from engine.actions import PASS, Action  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import STANDARD  # noqa: E402

LOWEST = 3
"""Bids tried in each denomination: the lowest open."""

Row = tuple[str, str, float]
"""An auction situation, a deviation, and what it changed (points)."""


def _bots(levels: list[str], seed: int) -> list[Bot]:
    rng = SplitMix64(seed)
    return [make_bot(level, rng.fork()) for level in levels]


def _alternatives(obs: Observation, chosen: Action) -> list[Action]:
    """A pass and the lowest bids open in each denomination worth trying."""
    bids = [a for a in obs.legal_actions if a.bid is not None and a.bid.is_trick_bid]
    if not bids:
        return []
    model = bidding.model_chances(obs, bidding.estimates(obs))
    denominations = {d for d in range(5) if model is not None and model[d] is not None}
    if chosen.bid is not None and chosen.bid.is_trick_bid:
        denominations.add(chosen.bid.denomination)
    out = [PASS]
    for d in sorted(denominations):
        out += sorted((a for a in bids if a.bid is not None and a.bid.denomination == d),
                      key=lambda a: a.bid.tricks if a.bid is not None else 0)[:LOWEST]
    return out if chosen in out else [*out, chosen]


def _deviations(chosen: Action, values: dict[Action, float]) -> list[tuple[str, float]]:
    """Each deviation's change against the call made."""
    b = chosen.bid
    out = []
    if chosen == PASS:
        bids = [a for a in values if a != PASS and a.bid is not None]
        if bids:
            lowest = min(bids, key=lambda a: (a.bid.tricks if a.bid else 0, a))
            out.append(("the lowest bid for a pass", values[lowest] - values[PASS]))
        return out
    if b is None or not b.is_trick_bid:
        return out
    out.append((f"a pass for a bid of {b.tricks}", values[PASS] - values[chosen]))
    for step, words in ((-1, "lower"), (1, "higher")):
        other = next((a for a in values if a.bid is not None and a.bid.is_trick_bid
                      and a.bid.denomination == b.denomination and a.bid.tricks == b.tricks + step),
                     None)
        if other is not None:
            out.append((f"one {words} for a bid of {b.tricks}", values[other] - values[chosen]))
    return out


def deal_rows(seed: int, i: int) -> list[Row]:
    """Deal ``i``'s deviations, both seatings."""
    rules = STANDARD
    rows: list[Row] = []
    deal = derive_seed(seed, i)
    for side in range(rules.sides):
        levels = ["normal" if rules.side_of(s) == side else YARDSTICK for s in range(rules.players)]
        bots = _bots(levels, derive_seed(seed + 1, 2 * i + side))
        hand = Hand.new(rules, deal, i % rules.players)
        calls: list[tuple[int, list[Action], Action, str]] = []
        while hand.phase == Phase.AUCTION:
            seat = hand.to_act
            obs = observe(hand, seat)
            action = bots[seat].act(obs)
            if levels[seat] == "normal" and (action == PASS or action.bid is not None):
                calls.append((len(hand.history), _alternatives(obs, action), action,
                              bidmodel.situation(bidmodel.read(obs))))
            hand.apply(action, seat)
        prefix = [a for _, a in hand.history]
        for at, alternatives, chosen, situation in calls:
            if not alternatives:
                continue
            values: dict[Action, float] = {}
            for alternative in alternatives:
                again = Hand.new(rules, deal, i % rules.players)
                for a in prefix[:at]:
                    again.apply(a)
                seat = again.to_act
                again.apply(alternative, seat)
                play_out(again, _bots(levels, derive_seed(seed + 2, 2 * i + side)))
                result = again.result
                assert result is not None
                mine = rules.side_of(seat)
                values[alternative] = result.points[mine] - result.points[1 - mine]
            rows += ((situation, what, change) for what, change in _deviations(chosen, values))
    return rows


def _deal_rows(job: tuple[int, int]) -> list[Row]:
    return deal_rows(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.seed, i) for i in range(args.deals)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            done = pool.map(_deal_rows, jobs, chunksize=1)
    else:
        done = [_deal_rows(job) for job in jobs]
    changes: dict[tuple[str, str], list[float]] = defaultdict(list)
    for rows in done:
        for situation, what, change in rows:
            changes[situation, what].append(change)
    hands = STANDARD.sides * args.deals
    print(f"normal v yardstick, standard, {args.deals} deals ({hands} hands), seed {args.seed}")
    print(f"{'situation':<24} {'deviation':<28} {'calls':>5} {'mean':>7} {'95%':>6} {'a hand':>7}")
    for (situation, what), values in sorted(changes.items()):
        n = len(values)
        margin = half_width(values)
        print(f"{situation:<24} {what:<28} {n:>5} {statistics.fmean(values):>+7.1f} {margin:>6.1f} "
              f"{sum(values) / hands:>+7.2f}")


if __name__ == "__main__":
    main()
