"""Benchmark: how often a closed misère is made, by the bidder's danger, as the bots play it.

The bidding bots value a misère by a table of chances to make it by the danger
left in the hand once its two worst cards go (``bots.bidding._MISERE_CHANCE``,
:func:`bots.evaluation.misere_fit`). This measures that chance. Each deal of
the table is dealt; the first seat to call opens the lowest seven, the seat of
least danger among the others bids a closed misère, the rest pass; the hand is
played out, the bidder by the normal bot and the other seats by ``--level``.
Prints, per danger, the hands, the share made and its 95% interval, beside the
table's chance. Deterministic for a seed.
Usage: ``python bench/misere_chances.py [--table standard] [--deals N] [--seed S] [--level L] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import bidding  # noqa: E402
from bots.arena import play_out  # noqa: E402
from bots.evaluation import misere_fit  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from engine.actions import PASS, make_bid  # noqa: E402
from engine.bids import MISERE_ID  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import PRESETS, Rules  # noqa: E402

MISERE = make_bid(MISERE_ID)


def forced(rules: Rules, seed: int) -> tuple[Hand, int] | None:
    """The deal ``seed`` with its auction forced (see the module's text): the hand at
    its kitty, and the bidder's danger; None when the misère cannot be bid."""
    hand = Hand.new(rules, seed, seed % rules.players)
    opener = hand.to_act
    dangers = {s: misere_fit(hand.held[s], rules.deck, 2) for s in range(rules.players) if s != opener}
    bidder = min(dangers, key=lambda s: (dangers[s], s))
    while hand.phase == Phase.AUCTION:
        seat, legal = hand.to_act, hand.legal_actions()
        if seat == opener and not hand.history:
            # the lowest seven: the legal bids come in order of value
            action = next(a for a in legal if a.bid is not None and a.bid.tricks == 7)
        elif seat == bidder and MISERE in legal:
            action = MISERE
        else:
            action = PASS
        hand.apply(action, seat)
    if hand.contract is None or not hand.contract.is_misere:
        return None
    return hand, int(dangers[bidder])


def deal_result(job: tuple[Rules, int, int, str]) -> tuple[int, bool] | None:
    """One deal's misère played out: (the bidder's danger, made), or None."""
    rules, seed, i, level = job
    deal = derive_seed(seed, i)
    found = forced(rules, deal)
    if found is None:
        return None
    hand, danger = found
    play_out(hand, [make_bot("normal" if s == hand.declarer else level, SplitMix64(deal + s))
                    for s in range(rules.players)])
    assert hand.result is not None
    return danger, bool(hand.result.made)


def tally(results: Sequence[tuple[int, bool] | None], most: int) -> dict[int, tuple[int, int]]:
    """(hands, made) per danger, dangers above ``most`` counted at ``most``."""
    out: dict[int, tuple[int, int]] = {}
    for one in results:
        if one is None:
            continue
        danger, made = min(one[0], most), one[1]
        hands, wins = out.get(danger, (0, 0))
        out[danger] = (hands + 1, wins + made)
    return dict(sorted(out.items()))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--table", default="standard", choices=[n for n, r in PRESETS.items() if r.misere])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", help="the other seats' bot")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    rules = PRESETS[args.table]
    table = bidding._MISERE_CHANCE[rules.players, rules.team_size]
    jobs = [(rules, args.seed, i, args.level) for i in range(args.deals)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(deal_result, jobs, chunksize=4)
    else:
        results = [deal_result(job) for job in jobs]
    print(f"{args.table}: {args.deals} deals, seed {args.seed}, the others by {args.level}")
    print(f"{'danger':>6} {'hands':>6} {'made':>12} {'table':>6}")
    for danger, (hands, made) in tally(results, len(table)).items():
        p = made / hands
        half = 1.96 * math.sqrt(p * (1 - p) / hands)
        chance = f"{table[danger]:.2f}" if danger < len(table) else "0"
        label = f"{danger}+" if danger == len(table) else str(danger)
        print(f"{label:>6} {hands:>6} {p:>6.2f} ± {half:.2f} {chance:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
