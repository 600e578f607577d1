"""The hand review's consistency: over random hands of every preset, played by the normal bots,
each hand's review worked out as the bots' worker answers it (slice by slice), and what it
states checked against exact solves (:func:`bots.review.contradictions`): every count exact,
each count before a card the count after the one before it, every turning point a change of
outcome.  Prints the contradictions found (there should be none) and the hands checked; on
stderr, each hand as it is done, with its CPU time (a run stopped early has its count).

    nice python3 bench/review_consistency.py [--hands 200] [--jobs 1] [--preset NAME] [--from-seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from app.review.review import guess_before, piece_key, pieces  # noqa: E402
from app.table.answers import SLICE_NODES, work_on  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from bots.review import Analysis, Verdict, contradictions  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.rules import PRESETS  # noqa: E402


def played_hand(preset: str, seed: int) -> Hand | None:
    """A hand of ``preset`` dealt from ``seed`` and played by the normal bots; None if thrown in."""
    rules, rng = PRESETS[preset], SplitMix64(seed)
    hand = Hand.new(rules, rng.next_u64(), rng.below(rules.players))
    bots = [make_bot("normal", rng.fork()) for _ in range(rules.players)]
    while not hand.is_over:
        hand.push(bots[hand.to_act].act(observe(hand, hand.to_act)))
    return hand if hand.tricks else None


def check(hand: Hand) -> list[str]:
    """What the review of ``hand`` states that exact solves do not bear out: the bidder's figure
    and every trick's verdicts, asked of one analysis slice by slice as the review asks them."""
    analysis, spent, answers = Analysis(hand), dict[tuple[object, ...], int](), dict[str, object]()
    for piece in pieces(hand):
        if piece["piece"] == "contract":
            continue
        request = {"seat": 0, **piece, "guess": guess_before(answers, piece.get("trick", 0))}
        done, value = False, None
        while not done:
            done, value = work_on(analysis, spent, request, SLICE_NODES)
        answers[piece_key(piece)] = value
    figure = answers["makeable"]
    assert figure is None or isinstance(figure, int)
    verdicts = [Verdict(**v) for k, vs in answers.items() if k.startswith("trick ") and isinstance(vs, list)
                for v in vs]
    return contradictions(hand, figure, verdicts)


def run(job: tuple[str, int]) -> tuple[str, int, bool, list[str], float]:
    preset, seed = job
    start = time.process_time()
    hand = played_hand(preset, seed)
    wrong = [] if hand is None else check(hand)
    return preset, seed, hand is not None, wrong, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200, help="hands played a preset (thrown-in hands dealt again)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", action="append", help="a preset (default: every one)")
    parser.add_argument("--from-seed", type=int, default=1, help="the first seed (a stopped run carries on)")
    args = parser.parse_args()
    start, checked, found = time.perf_counter(), dict[str, int](), 0
    for preset in args.preset or list(PRESETS):
        seed = args.from_seed - 1
        with ProcessPoolExecutor(args.jobs) as pool:
            while checked.get(preset, 0) < args.hands:  # thrown-in hands dealt again
                jobs = [(preset, seed + k) for k in range(1, args.hands - checked.get(preset, 0) + 1)]
                seed += len(jobs)
                for name, dealt, played, wrong, cpu in pool.map(run, jobs):
                    checked[name] = checked.get(name, 0) + played
                    print(f"{name} seed {dealt}: {'checked' if played else 'thrown in'} ({checked[name]}), "
                          f"{cpu:.1f} s of CPU", file=sys.stderr, flush=True)
                    found += len(wrong)
                    for line in wrong:
                        print(f"{name} seed {dealt}: {line}", flush=True)
        print(f"{preset}: {checked[preset]} hands checked (seeds {args.from_seed}-{seed})", flush=True)
    print(f"{found} contradictions in {sum(checked.values())} hands, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
