"""bench/solver.py: another solver loaded beside this tree's, side by side in one process."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import bots.solver
from engine.rng import derive_seed
from engine.rules import PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import solver as bench  # noqa: E402


def test_a_solver_package_loads_beside_this_trees_and_searches_the_same(tmp_path: Path) -> None:
    package = tmp_path / "other"
    shutil.copytree(Path(bots.solver.__file__).parent, package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    other = bench.against(str(package))
    assert other is not bots.solver.Solver
    assert Path(other.__init__.__code__.co_filename).parent == package
    assert sys.modules["bots.solver"] is bots.solver  # this tree's modules put back
    hand = bench.longest_suit_hand(PRESETS["standard"], derive_seed(1, 0))
    ours, theirs = bots.solver.Solver(hand), other(hand)
    assert ours.tricks() == theirs.tricks() and ours.searched == theirs.searched > 0
