"""Benchmark: two levels' bidding, scored double dummy.

A duplicate match of the auction only: every deal is bid twice (level A at
one side's seats and level B at the other's, then swapped), the bots also
put back the kitty, call and place the joker, and the final contract's
tricks come from the double-dummy solver instead of a play.  The points per
deal (A minus B, with a 95% interval) and how often the contracts each level
wins are made double dummy measure the bidding alone, without the noise of
the play: a change to one level's bidding shows here in a few hundred deals.
Two-sided tables only (the solver counts one side's tricks).
Deterministic for a seed.  Usage:
``python bench/bidding_dd.py [--a LEVEL] [--b LEVEL] [--deals N] [--preset P] [--seed S]
[--jobs J] [--model FILE]`` (``--model``: bid by a model file not shipped).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import bidmodel  # noqa: E402
from bots.arena import half_width  # noqa: E402
from bots.sampled_play import Scores  # noqa: E402
from bots.protocol import Bot  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from bots.solver import Solver  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import Rules  # noqa: E402


def bid_hand(rules: Rules, seed: int, dealer: int, bots: list[Bot]) -> Hand:
    """The hand bid (and the kitty put back, partner called, joker placed) by the bots."""
    hand = Hand.new(rules, seed, dealer)
    while hand.phase < Phase.PLAY and not hand.is_over:
        seat = hand.to_act
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    return hand


def double_dummy_points(hand: Hand, side: int) -> tuple[float, bool]:
    """A side's points less the other's with the contract played double dummy,
    and whether the contract is made."""
    if hand.is_over:
        assert hand.result is not None
        points = hand.result.points
        return points[side] - points[1 - side], False
    rules = hand.rules
    scores = Scores(hand, next(s for s in range(rules.players) if rules.side_of(s) == side))
    contract = hand.contract
    guess = None if contract is None else 0 if contract.is_misere else contract.tricks
    took = Solver(hand, scores.counted).tricks(guess)
    return scores.utility(took), contract is not None and scores.made(took)


def play_deal(args: tuple[str, str, str, int, int]) -> tuple[float, list[tuple[str, bool]]]:
    """Deal ``i`` bid at both tables: A's points less B's, and each contract won
    (by "A" or "B") with whether it is made double dummy."""
    a, b, preset, seed, i = args
    rules = Rules.parse(preset)
    rng = SplitMix64(seed)
    for _ in range(2 * rules.players * i):  # the generators the deals before took
        rng.fork()
    diff = 0.0
    contracts = []
    for side in range(2):
        levels = [a if rules.side_of(s) == side else b for s in range(rules.players)]
        hand = bid_hand(rules, derive_seed(seed, i), i % rules.players,
                        [make_bot(level, rng.fork()) for level in levels])
        points, made = double_dummy_points(hand, side)
        if not hand.is_over and hand.contract is not None:
            contracts.append(("A" if rules.side_of(hand.declarer) == side else "B", made))
        diff += points
    return diff / 2, contracts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--a", default="expert", help="level of bidder A")
    parser.add_argument("--b", default="normal", help="level of bidder B")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (same figures)")
    parser.add_argument("--model", type=Path, default=None,
                        help="bid by this bidding model file instead of the shipped one")
    args = parser.parse_args()
    if args.model is not None:
        bidmodel.use(args.model)
    rules = Rules.parse(args.preset)
    if rules.sides != 2:
        parser.error("the table needs two sides")
    jobs = [(args.a, args.b, args.preset, args.seed, i) for i in range(args.deals)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_deal, jobs)
    else:
        results = [play_deal(j) for j in jobs]
    diffs = [d for d, _ in results]
    record = {"A": [0, 0], "B": [0, 0]}  # contracts won, made double dummy
    for _, contracts in results:
        for tag, made in contracts:
            record[tag][0] += 1
            record[tag][1] += made
    mean = statistics.fmean(diffs)
    margin = half_width(diffs)
    print(f"{args.a} (A) v {args.b} (B) bidding, {rules}, {len(diffs)} deals, seed {args.seed}")
    print(f"A minus B, contracts played double dummy: {mean:+.1f} points per deal, "
          f"95% interval [{mean - margin:+.1f}, {mean + margin:+.1f}]")
    for tag, level in (("A", args.a), ("B", args.b)):
        won, made_dd = record[tag]
        print(f"{tag} {level:>7}: contracts won {won}, made double dummy {made_dd}")


if __name__ == "__main__":
    main()
