"""Benchmark: instructions a random hand, this tree against another, for each preset.

The clock on a shared machine cannot tell a few percent apart; the instructions executed
can (valgrind's cachegrind counts them, the same under any load).  Each tree plays
``--hands`` random hands of a preset with :func:`bench.hands.hands_per_second` (this
tree's harness, the tree's own engine) under ``valgrind --tool=cachegrind`` with
``PYTHONHASHSEED=0``; a run of no hands is the start-up, subtracted.  Prints each
preset's instructions a hand in both trees and after/before (by default every preset both
trees have).  Slow (valgrind runs one
core at a fraction of native speed): a few hands, ``nice``.
``--solver FILE`` does the same for the double-dummy solver: ``--hands`` of bench/solver.py's
deals, each solved exactly and probed, by the solver module ``FILE`` (as ``bench/solver.py
--against`` takes) and by this tree's ``bots.solver``.
Usage: ``python3 bench/instructions.py --against DIR | --solver FILE [--hands N]
[--preset NAME]``.
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
_HANDS = ("import sys, runpy; sys.path.insert(0, sys.argv[1]); import engine, engine.rng; "
          f"ns = runpy.run_path({str(HERE / 'hands.py')!r}, run_name='instructions'); "
          "sys.argv[3] == '0' or ns['hands_per_second'](engine.PRESETS[sys.argv[2]], "
          "int(sys.argv[3]))")
# bench/solver.py's deals, each solved exactly and probed by bots.solver or a module's Solver
_SOLVES = ("import sys, runpy; from pathlib import Path; "
           f"ns = runpy.run_path({str(HERE / 'solver.py')!r}, run_name='instructions'); "
           "Solver = ns['against'](Path(sys.argv[1])) if sys.argv[1] else ns['Solver']; "
           "rules = ns['PRESETS'][sys.argv[2]]\n"
           "for i in range(int(sys.argv[3])):\n"
           "    hand = ns['longest_suit_hand'](rules, ns['derive_seed'](1, i))\n"
           "    Solver(hand).tricks(hand.contract.tricks)\n"
           "    Solver(hand).can_take(hand.contract.tricks)")


def instructions(code: str, where: str, preset: str, count: int) -> int:
    """Instructions executed by a process running the harness ``code`` (``_HANDS`` or
    ``_SOLVES``) on ``count`` hands of ``preset``, ``where`` the tree or solver module."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", code, where, preset, str(count)],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{run.stderr}")
    return int(found.group(1).replace(",", ""))


def presets_of(tree: Path) -> set[str]:
    """The preset names of the engine in ``tree``."""
    code = "import sys; sys.path.insert(0, sys.argv[1]); import engine; print(*engine.PRESETS)"
    return set(subprocess.run([sys.executable, "-c", code, str(tree)], capture_output=True,
                              text=True, check=True).stdout.split())


def compare(code: str, before: str, after: str, presets: list[str], count: int) -> None:
    """Instructions a hand of each preset, ``before`` and ``after``, start-up subtracted."""
    start = [instructions(code, w, "standard", 0) for w in (before, after)]
    print(f"{before or 'bots.solver'} (before) and {after or 'bots.solver'} (after): {count} "
          f"hands a preset, instructions a hand (start-up {start[0]:,} and {start[1]:,} "
          "subtracted)")
    for name in presets:
        b, a = ((instructions(code, w, name, count) - s) / count
                for w, s in zip((before, after), start))
        print(f"{name:18s} before {b:14,.0f}  after {a:14,.0f}  after/before {a / b:.3f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="the tree before")
    parser.add_argument("--solver", type=Path,
                        help="a solver module before (as bench/solver.py --against)")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append")
    args = parser.parse_args()
    if args.solver:
        compare(_SOLVES, str(args.solver.resolve()), "", args.preset or ["standard"],
                args.hands)
    if args.against:
        both = presets_of(args.against)
        compare(_HANDS, str(args.against.resolve()), str(HERE.parent),
                args.preset or [p for p in PRESETS if p in both], args.hands)


if __name__ == "__main__":
    main()
