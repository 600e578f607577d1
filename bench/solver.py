"""Benchmark: double-dummy solves of full ten-trick deals, and expert decision times.

Each deal is played in the longest suit of the seat holding it (six of that
suit, everyone else passing), after discarding the lowest side cards; the
solver then finds the declarer's tricks from the first lead (exactly, and as
one "can the contract be made?" probe).  Expert decision
times are measured over whole hands the expert plays at every seat.
Deterministic: the same seeds each run.  Usage:
``python bench/solver.py [--deals N] [--preset NAME] [--hands H] [--nodes N] [--misere]
[--against SOLVER [--repeat R] [--classes]]``.

``--misere`` solves misere deals instead: the seat of least misere danger bids a
closed misere (misere-anytime on), everyone else passing, and discards as the normal
bot does; the solver asks whether the defenders can make it take a trick, the
question the review and the expert's misere play ask.

``--against SOLVER`` compares another solver with this one side by side, in one
process: a git revision (its ``bots/solver``, a package or the single module of
568f5c8 and before), a package's directory or a single module's file.  On every
deal both solve, in turn (which goes first alternates), and the figures of each
follow, with the nodes searched (``Solver.searched``; a module without it is
given one by counting its block counter's remainder), the nodes a CPU second
and whether both found the same values with the same nodes on every deal.
bench/pyodide_solver.mjs runs the comparison in Pyodide.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.evaluation import misere_danger  # noqa: E402
from bots.expert import ExpertBot  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from bots.sampled_play import Budget  # noqa: E402
from bots.solver import Solver  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.rules import PRESETS, Rules  # noqa: E402
from engine.actions import BID_BASE, DISCARD_BASE, PASS_ID  # noqa: E402
from engine.bids import MISERE, bid  # noqa: E402
from engine.cards import cards_of  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.trumps import trump_order  # noqa: E402


def longest_suit_hand(rules: Rules, seed: int) -> Hand:
    """A hand in the play phase: six of the longest suit by its holder."""
    hand = Hand.new(rules, seed)
    lengths = [(sum(1 for c in cards_of(hand.held[s]) if c.suit == t), s, t)
               for s in range(rules.players) for t in range(4)]
    _, declarer, trump = max(lengths)
    while hand.phase == Phase.AUCTION:
        if hand.turn == declarer and hand.high < 0:
            hand.push(BID_BASE + bid(6, trump))
        else:
            hand.push(PASS_ID)
    order = trump_order(rules.deck, trump)
    while hand.phase == Phase.DISCARD:
        low = min(cards_of(hand.held[declarer]),
                  key=lambda c: (order.suit[c] == trump, order.power[c]))
        hand.push(DISCARD_BASE + low)
    while hand.phase != Phase.PLAY:
        hand.push(hand.legal_actions()[0])
    return hand


def solve_times(rules: Rules, deals: int) -> tuple[list[float], list[float]]:
    """Seconds per exact solve (tricks, guessing the contract) and per single
    probe "can the declarer make the contract?", from the first lead."""
    exact, probe = [], []
    for i in range(deals):
        hand = longest_suit_hand(rules, derive_seed(1, i))
        bid = hand.contract.tricks if hand.contract else 6
        start = time.perf_counter()
        Solver(hand).tricks(bid)
        exact.append(time.perf_counter() - start)
        start = time.perf_counter()
        Solver(hand).can_take(bid)
        probe.append(time.perf_counter() - start)
    return exact, probe


def misere_hand(rules: Rules, seed: int) -> Hand:
    """A hand in the play phase: a closed misere by the seat of least danger, its discards the
    normal bot's (``rules``: with misere any time)."""
    hand = Hand.new(rules, seed)
    bidder = min(range(rules.players), key=lambda s: misere_danger(hand.held[s], rules.deck))
    while hand.phase == Phase.AUCTION:
        hand.push(BID_BASE + MISERE if hand.turn == bidder and hand.high < 0 else PASS_ID)
    bot = make_bot("normal", SplitMix64(seed))
    while hand.phase != Phase.PLAY:
        hand.push(bot.act(observe(hand, hand.to_act)))
    return hand


def misere_solves(rules: Rules, deals: int) -> tuple[list[float], list[int], int]:
    """Seconds and nodes per probe "can the defenders make the bidder take a trick?" from the
    first lead, and how many of the misere were set so."""
    times, nodes, set_ = [], [], 0
    for i in range(deals):
        hand = misere_hand(rules, derive_seed(3, i))
        solver = Solver(hand)
        start = time.perf_counter()
        set_ += solver.can_take(1)
        times.append(time.perf_counter() - start)
        nodes.append(solver.searched)
    return times, nodes, set_


def against(source: str) -> Any:
    """The ``Solver`` class of another solver: a git revision's, a package directory's or a
    single module's (``source``)."""
    path = Path(source)
    if path.is_dir():
        return _package_solver(path)
    if path.is_file():
        return _module_solver(path)
    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(["git", "ls-tree", "--name-only", f"{source}:bots/solver"], cwd=root,
                           capture_output=True, text=True)
    out = Path(tempfile.mkdtemp(prefix="solver-"))
    if files.returncode:  # no package at that revision: the single module
        module = out / "solver.py"
        module.write_bytes(_git_show(root, f"{source}:bots/solver.py"))
        return _module_solver(module)
    for name in files.stdout.split():
        if name.endswith(".py"):
            (out / name).write_bytes(_git_show(root, f"{source}:bots/solver/{name}"))
    return _package_solver(out)


def _git_show(root: Path, spec: str) -> bytes:
    return subprocess.run(["git", "show", spec], cwd=root, capture_output=True,
                          check=True).stdout


def _package_solver(path: Path) -> Any:
    """The ``Solver`` of the solver package at ``path``, imported as ``bots.solver`` for the
    time it loads (its modules import one another by that name; each function keeps its own
    module's globals), this tree's then put back."""
    def ours() -> dict[str, Any]:
        return {name: module for name, module in sys.modules.items()
                if name == "bots.solver" or name.startswith("bots.solver.")}
    saved = ours()
    for name in saved:
        del sys.modules[name]
    try:
        spec = importlib.util.spec_from_file_location(
            "bots.solver", path / "__init__.py", submodule_search_locations=[str(path)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["bots.solver"] = module
        spec.loader.exec_module(module)
        return module.Solver
    finally:
        for name in ours():
            del sys.modules[name]
        sys.modules.update(saved)


def _module_solver(path: Path) -> Any:
    """The ``Solver`` class of the single solver module at ``path``, with ``searched``
    (exact nodes) added where it lacks it."""
    spec = importlib.util.spec_from_file_location("solver_against", path)
    assert spec is not None and spec.loader is not None
    source = path.read_text()
    if "def searched" not in source:  # count the nodes: the search itself untouched
        source = source.replace(
            "        self._root = root\n",
            "        self._root = root\n        self._searched = lambda: st.nodes + 4096 - ticks\n")
        source += ("\n\nSolver.searched = property(lambda self: self._searched())"
                   "  # type: ignore[attr-defined]\n")
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, str(path), "exec"), module.__dict__)
    return module.Solver


def compare(rules: Rules, deals: int, solvers: dict[str, Any], repeat: int) -> None:
    """Both solvers on the same deals in turn, ``repeat`` times each (the best
    time of a deal kept), timed in CPU time of this process (other work on the
    machine slows it less than the clock): figures, nodes, agreement."""
    times: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in solvers}
    nodes = dict.fromkeys(solvers, 0)
    ratios = []  # per deal, the second solver's time over the first's (both solves)
    same = True
    names = list(solvers)
    for i in range(deals):
        hand = longest_suit_hand(rules, derive_seed(1, i))
        bid = hand.contract.tricks if hand.contract else 6
        seen = set()
        best: dict[str, list[float]] = {name: [float("inf")] * 2 for name in names}
        for r in range(repeat):
            for name in names if (i + r) % 2 == 0 else names[::-1]:
                start = time.process_time()
                solver = solvers[name](hand)
                value = solver.tricks(bid)
                best[name][0] = min(best[name][0], time.process_time() - start)
                searched = solver.searched
                start = time.process_time()
                solver = solvers[name](hand)
                made = solver.can_take(bid)
                best[name][1] = min(best[name][1], time.process_time() - start)
                seen.add((name, value, searched, made, solver.searched))
        for name in names:
            times[name][0].append(best[name][0])
            times[name][1].append(best[name][1])
        ratios.append(sum(best[names[1]]) / sum(best[names[0]]))
        same = same and len({found[1:] for found in seen}) == 1
        nodes = {name: nodes[name] + sum(f[2] + f[4] for f in seen if f[0] == name)
                 for name in names}
    rate = {name: nodes[name] / (sum(times[name][0]) + sum(times[name][1])) for name in names}
    for name in names:
        exact, probe = times[name]
        print(_figures(f"{name}: full-deal solve", exact), f"  total {sum(exact):7.2f} s")
        print(_figures(f"{name}: contract probe", probe), f"  total {sum(probe):7.2f} s")
        print(f"{name}: nodes searched {nodes[name]}, {rate[name]:,.0f} a CPU second")
    a, b = names
    ratio = sum(times[b][0]) / sum(times[a][0])
    ratio_probe = sum(times[b][1]) / sum(times[a][1])
    print(f"{b}/{a} total time: solve {ratio:.3f}, probe {ratio_probe:.3f}; "
          f"nodes a second {rate[b] / rate[a]:.3f} (a deal's median {1 / statistics.median(ratios):.3f}); "
          f"same values and nodes on every deal: {same}")


def decision_times(rules: Rules, hands: int, budget: Budget) -> list[float]:
    """Time of every expert play decision over whole hands (one legal move excluded)."""
    out = []
    bots = [ExpertBot(SplitMix64(derive_seed(7, s)), budget) for s in range(rules.players)]
    for i in range(hands):
        hand = longest_suit_hand(rules, derive_seed(2, i))
        while not hand.is_over:
            obs = observe(hand, hand.to_act)
            start = time.perf_counter()
            action = bots[hand.to_act].act(obs)
            if len(obs.legal_actions) > 1:
                out.append(time.perf_counter() - start)
            hand.apply(action)
    return out


def _figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"{name:28s} n={len(ms):4d} median {statistics.median(ms):7.1f} ms   "
            f"p90 {ms[int(0.9 * (len(ms) - 1))]:7.1f} ms   worst {ms[-1]:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--hands", type=int, default=10, help="hands for expert decisions")
    parser.add_argument("--nodes", type=int, default=Budget().nodes,
                        help="the expert's search nodes a decision")
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append")
    parser.add_argument("--against", metavar="SOLVER",
                        help="another solver to compare: a git revision, a package or a module")
    parser.add_argument("--misere", action="store_true", help="misere deals: the bidder's safety")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --against: solves of each deal by each solver")
    parser.add_argument("--classes", action="store_true",
                        help="with --against: bounds kept for classes of positions (the review's)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    for name in args.preset or ["standard"]:
        rules = PRESETS[name]
        if args.against:
            print(f"{name}: {args.against} (before) and bots.solver (after), {args.deals} deals")
            solvers = {"before": against(args.against), "after": Solver}
            if args.classes:
                solvers = {name: functools.partial(s, classes=True) for name, s in solvers.items()}
            compare(rules, args.deals, solvers, args.repeat)
            continue
        if args.misere:
            times, nodes, set_ = misere_solves(Rules.parse(f"{name},misere-anytime=on"), args.deals)
            print(_figures(f"{name}: misere probe", times), f"  total {sum(times):7.2f} s")
            print(f"{name}: nodes median {statistics.median(nodes):.0f}, worst {max(nodes)}, "
                  f"total {sum(nodes)}; set {set_} of {len(nodes)}")
            continue
        exact, probe = solve_times(rules, args.deals)
        print(_figures(f"{name}: full-deal solve", exact))
        print(_figures(f"{name}: contract probe", probe))
        if args.hands:
            print(_figures(f"{name}: expert decision", decision_times(rules, args.hands,
                                                                      Budget(nodes=args.nodes))))


if __name__ == "__main__":
    main()
