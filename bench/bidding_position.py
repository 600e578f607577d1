"""What each call is worth in one auction position, measured by play: the
seat's hand fixed, the hidden hands and kitty dealt at random (our seeded
generator) and kept only when yardstick bots (``--others normal``: normal
bots) make the calls said before; then for each call the rest of the auction
is bid by those bots (the seat itself by the normal bot) and normal bots play
it out.  A call's value is the
seat's side's points less the others' (on average), each sample playing every
call; printed with 95% intervals, and each call's difference from the first.
It judges a position test of tests/test_bidding_positions.py by the bots' own
play, where a rule of thumb says what the sound call is.
Usage: ``python bench/bidding_position.py --rules R --hand CARDS --seat S --dealer D
[--before CALLS] --calls CALLS [--samples N] [--seed S] [--model FILE] [--others LEVEL]`` (calls
comma-separated, as ``pass,bid 6C``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import bidmodel  # noqa: E402
from bots.arena import half_width  # noqa: E402
from bots.normal import NormalBot  # noqa: E402
from bots.protocol import Bot  # noqa: E402
from bots.yardstick.bot import YardstickBot  # noqa: E402
from engine import Hand  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import Rules  # noqa: E402


def deal(rules: Rules, mine: list[str], seat: int, seed: int) -> tuple[list[str], str]:
    """The seat's cards and the others' dealt at random from ``seed``: hands, kitty."""
    rest = [str(c) for c in rules.deck.cards if str(c) not in mine]
    SplitMix64(seed).shuffle(rest)
    size = len(mine)
    hands = [" ".join(mine) if s == seat else " ".join(rest[k * size:(k + 1) * size])
             for s, k in ((s, s - (s > seat)) for s in range(rules.players))]
    return hands, " ".join(rest[(rules.players - 1) * size:])


OTHERS: dict[str, type[Bot]] = {"yardstick": YardstickBot, "normal": NormalBot}
"""The bots that may bid the other seats' calls."""


def value(rules: Rules, cards: tuple[list[str], str], dealer: int, before: list[str], call: str,
          seat: int, seed: int, bidder: type[Bot] = YardstickBot) -> float:
    """The seat's side's points less the others' when it makes ``call``, the other seats
    bidding as ``bidder`` bots."""
    hand = Hand.from_cards(rules, cards[0], cards[1], dealer=dealer)
    for c in [*before, call]:
        hand.apply(c)
    normal: list[Bot] = [NormalBot(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]
    bidders: list[Bot] = [bidder(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]
    while not hand.is_over:
        s = hand.to_act
        bots = bidders if hand.phase == Phase.AUCTION and s != seat else normal
        hand.apply(bots[s].act(observe(hand, s)), s)
    assert hand.result is not None
    points, side = hand.result.points, rules.side_of(seat)
    others = [p for k, p in enumerate(points) if k != side]
    return points[side] - sum(others) / len(others)


def fits(rules: Rules, cards: tuple[list[str], str], dealer: int, before: list[str],
         seed: int, bidder: type[Bot] = YardstickBot) -> bool:
    """Do ``bidder`` bots make the calls ``before`` on this deal?"""
    hand = Hand.from_cards(rules, cards[0], cards[1], dealer=dealer)
    bots = [bidder(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]
    for c in before:
        if str(bots[hand.to_act].act(observe(hand, hand.to_act))) != c:
            return False
        hand.apply(c)
    return True


def interval(values: list[float]) -> str:
    mean, half = statistics.mean(values), half_width(values)
    return f"{mean:+7.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--hand", required=True, help="the seat's cards, as 'JK 5S 6S ...'")
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--dealer", type=int, required=True)
    parser.add_argument("--before", default="", help="the calls before the seat's, in order")
    parser.add_argument("--calls", required=True, help="the seat's calls to compare")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", type=Path, default=None,
                        help="the normal bot bids by this model file")
    parser.add_argument("--others", choices=sorted(OTHERS), default="yardstick",
                        help="the bots that bid the other seats' calls, before and after")
    args = parser.parse_args()
    bidmodel.use(args.model)
    rules = Rules.parse(args.rules)
    mine, before = args.hand.split(), [c for c in args.before.split(",") if c]
    calls = args.calls.split(",")
    values: dict[str, list[float]] = {c: [] for c in calls}
    tries = 0
    while len(values[calls[0]]) < args.samples:
        seed = derive_seed(args.seed, tries)
        tries += 1
        cards = deal(rules, mine, args.seat, seed)
        if not fits(rules, cards, args.dealer, before, seed, OTHERS[args.others]):
            continue
        for c in calls:
            values[c].append(value(rules, cards, args.dealer, before, c, args.seat, seed,
                                   OTHERS[args.others]))
    print(f"{args.samples} deals fitting the auction (of {tries} dealt)")
    for c in calls:
        print(f"  {c:12s} {interval(values[c])}")
    for c in calls[1:]:
        print(f"  {c} less {calls[0]}: "
              f"{interval([a - b for a, b in zip(values[c], values[calls[0]])])}")


if __name__ == "__main__":
    main()
