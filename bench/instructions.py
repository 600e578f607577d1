"""Benchmark: instructions a random hand, this tree against another, for each preset.

The clock on a shared machine cannot tell a few percent apart; the instructions executed
can (valgrind's cachegrind counts them, the same under any load).  Each tree plays
``--hands`` random hands of a preset with :func:`bench.hands.hands_per_second` (this
tree's harness, the tree's own engine) under ``valgrind --tool=cachegrind`` with
``PYTHONHASHSEED=0``; a run of no hands is the start-up, subtracted.  Prints each
preset's instructions a hand in both trees and after/before.  Slow (valgrind runs one
core at a fraction of native speed): a few hands, ``nice``.
Usage: ``python3 bench/instructions.py --against DIR [--hands N] [--preset NAME]``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine import PRESETS  # noqa: E402

# the tree's engine imported first, so the harness's own imports find it already loaded
_CODE = ("import sys, runpy; sys.path.insert(0, sys.argv[1]); import engine, engine.rng; "
         f"ns = runpy.run_path({str(HERE / 'hands.py')!r}, run_name='instructions'); "
         "sys.argv[3] == '0' or ns['hands_per_second'](engine.PRESETS[sys.argv[2]], "
         "int(sys.argv[3]))")


def instructions(tree: Path, preset: str, hands: int) -> int:
    """Instructions executed by a process playing ``hands`` hands of ``preset`` in ``tree``."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", _CODE, str(tree), preset, str(hands)],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{run.stderr}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the tree before")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append")
    args = parser.parse_args()
    trees = (args.against.resolve(), HERE.parent)
    start = [instructions(t, "standard", 0) for t in trees]
    print(f"{trees[0]} (before) and {trees[1]} (after): {args.hands} random hands a preset, "
          f"instructions a hand (start-up {start[0]:,} and {start[1]:,} subtracted)")
    for name in args.preset or list(PRESETS):
        before, after = ((instructions(t, name, args.hands) - s) / args.hands
                         for t, s in zip(trees, start))
        print(f"{name:18s} before {before:10,.0f}  after {after:10,.0f}  "
              f"after/before {after / before:.3f}", flush=True)


if __name__ == "__main__":
    main()
