"""Fit the bidding model (bots/bidmodel.py) to labelled deals and measure it.

Reads the chunks bench/bidding_data.py wrote, replays each auction and at
every auction position takes, for each denomination the model answers for,
the seat's features and the label: the tricks the bots took playing the
contract out (``--label played``, the default) or double dummy (``tricks``).
Deals are split by index: every ``--holdout``-th deal is held out.  Two
feature sets are fitted by ordered logistic regression (Newton's method,
light ridge): the count (the yardstick's trick count from the hand) plus the
auction, and the hand's trick features plus the auction.  On the held-out
deals each is scored by the Brier score of its chance of at least k tricks (k
from 6 to 10) against the yardstick's count chance, per auction situation;
the better set by held-out Brier is written with ``--write``.  Needs numpy
(fitting only; the bots do not).
One model file holds a fit for each table shape given (one ``--data`` folder
a table, made with bench/bidding_data.py ``--preset``).
Usage: ``python bench/bidding_fit.py [--data DIR ...] [--label played|tricks] [--holdout H]
[--write FILE]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bidding_data import DEFAULT_OUT, load  # noqa: E402
from bots import bidmodel  # noqa: E402
from bots.evaluation import expected_tricks  # noqa: E402
from bots.yardstick import bidding as yardstick  # noqa: E402
from engine.bids import NO_TRUMPS, bid  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rules import Rules  # noqa: E402

LEVELS = range(bidmodel.FLOOR, 11)
RIDGE = 1.0
MIN_ROWS = 150
"""Fewer rows than this for trump suits or no trumps: no fit there."""


@dataclass
class Row:
    deal: int
    nt: bool
    situation: str
    x: list[float]
    tricks: int
    count: list[float]
    """The yardstick's chance of each level in :data:`LEVELS`, by its count."""


def rows(deals: list[tuple[Rules, dict[str, Any]]], label: str = "played") -> Iterator[Row]:
    """Every (auction position, denomination) the model answers for, labelled
    by ``label``: the tricks in the bots' play (``played``) or double dummy (``tricks``)."""
    for i, (rules, deal) in enumerate(deals):
        hand = Hand.new(rules, deal["seed"], deal["dealer"])
        for seat, action in deal["auction"]:
            if hand.is_over or hand.to_act != seat:
                break
            obs = observe(hand, seat)
            if action in {int(a) for a in obs.legal_actions}:
                held = yardstick.bidding_hand(obs)
                said = bidmodel.read(obs)
                est = yardstick.estimates(obs)
                for d in range(5):
                    t = deal[label][seat][d]
                    if t < bidmodel.FLOOR - 1 or not bidmodel.answers(rules, held, d,
                                                                    d in said.partner):
                        continue
                    yield Row(i, d == NO_TRUMPS, bidmodel.situation(said),
                              [expected_tricks(rules, held, d),
                               *bidmodel.features(rules, held, d, said)], t,
                              [yardstick.chance(rules, bid(k, d), est) for k in LEVELS])
            hand.push(action)


def design(data: list[Row], columns: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Stacked binary rows: one per (row, level), level dummies then the columns."""
    n, m = len(data), len(LEVELS)
    x = np.array([[r.x[c] for c in columns] for r in data], dtype=float).reshape(n, len(columns))
    z = np.zeros((n * m, m + len(columns)))
    y = np.zeros(n * m)
    for j, k in enumerate(LEVELS):
        z[j::m, j] = 1.0
        z[j::m, m:] = x
        y[j::m] = [r.tricks >= k for r in data]
    return z, y


def fit(data: list[Row], columns: list[int]) -> np.ndarray:
    """Ordered-logit coefficients (level intercepts, then the columns' weights)."""
    z, y = design(data, columns)
    beta = np.zeros(z.shape[1])
    ridge = RIDGE * np.eye(z.shape[1])
    ridge[:len(LEVELS), :len(LEVELS)] = 0.0
    for _ in range(30):
        p = 1 / (1 + np.exp(-(z @ beta)))
        grad = z.T @ (y - p) - ridge @ beta
        hess = (z * (p * (1 - p))[:, None]).T @ z + ridge
        step = np.linalg.solve(hess, grad)
        beta += step
        if np.abs(step).max() < 1e-8:
            break
    return beta


def to_fit(beta: np.ndarray, columns: list[int], width: int) -> bidmodel.Fit:
    """The model's Fit over features (the count column dropped: it is not an input)."""
    m = len(LEVELS)
    weights = [0.0] * width
    count_weight = 0.0
    for c, w in zip(columns, beta[m:]):
        if c == 0:
            count_weight = float(w)
        else:
            weights[c - 1] = float(w)
    return bidmodel.Fit(tuple(weights), tuple(float(b) for b in beta[:m]), count_weight)


def brier(data: list[Row], chances: list[list[float]]) -> float:
    return float(np.mean([(p - (r.tricks >= k)) ** 2
                          for r, ps in zip(data, chances) for k, p in zip(LEVELS, ps)]))


Fits = dict[bool, bidmodel.Fit]
"""A table's fits by no trumps (True) or trump suits (False)."""


def fit_sets(train: list[Row], test: list[Row], min_rows: int = MIN_ROWS) -> dict[str, Fits]:
    """Both feature sets fitted on ``train``, each set's held-out Brier printed."""
    fits: dict[str, Fits] = {}
    for nt in (False, True):
        part = [r for r in train if r.nt == nt]
        held = [r for r in test if r.nt == nt]
        if len(part) < min_rows:
            print(f"{'no trumps' if nt else 'trump suits'}: {len(part)} rows, too few to fit "
                  "(the bots keep the count there)")
            continue
        width = len(part[0].x) - 1
        hand_width = width - len(bidmodel.AUCTION_FEATURES)
        sets = {"count + auction": [0, *range(1 + hand_width, 1 + width)],
                "hand + auction": list(range(1, 1 + width))}
        for name, columns in sets.items():
            f = to_fit(fit(part, columns), columns, width)
            fits.setdefault(name, {})[nt] = f
            print(f"{'no trumps' if nt else 'trump suits'}, {name}: held-out Brier "
                  f"{brier(held, chances(f, held)):.4f}, count "
                  f"{brier(held, [r.count for r in held]):.4f} ({len(held)} rows)")
    return fits


def chances(fits: bidmodel.Fit | Fits, data: list[Row]) -> list[list[float]]:
    """A fit's (or a table's fits') chances for each row."""
    return [(fits if isinstance(fits, bidmodel.Fit) else fits[r.nt]).chances(r.x[1:], r.x[0])
            for r in data]


def model_file(tables: dict[str, Fits], about: str) -> dict[str, Any]:
    """The JSON of a model file holding each table shape's fits."""
    return {"about": about, "fits": {shape: {
        "nt" if nt else "suit": {"weights": f.weights, "intercepts": f.intercepts,
                                 "count": f.count} for nt, f in fits.items()}
        for shape, fits in tables.items()}}


def fit_table(data: Path, label: str, holdout: int) -> tuple[Rules, Fits, str]:
    """Fit one table's chunks, print the held-out Brier scores by situation and
    return its rules, its better feature set's fits and a note of how they were made."""
    deals = load(data)
    rules = deals[0][0]
    everything = list(rows(deals, label))
    train = [r for r in everything if r.deal % holdout]
    test = [r for r in everything if not r.deal % holdout]
    print(f"{len(deals)} deals from {data}: {len(train)} rows to fit, {len(test)} held out")
    fits = fit_sets(train, test)
    fitted = {nt for table in fits.values() for nt in table}
    test = [r for r in test if r.nt in fitted]  # the bots keep the count elsewhere
    if not fits:
        return rules, {}, f"{rules}: too few rows to fit"
    scores = {name: brier(test, chances(f, test)) for name, f in fits.items()}
    best = min(scores, key=scores.__getitem__)
    count = brier(test, [r.count for r in test])
    print(f"chosen: {best}. Held-out Brier by situation (chance of k = 6..10 tricks; lower is "
          "better):")
    for s in bidmodel.SITUATIONS:
        held = [r for r in test if r.situation == s]
        if held:
            print(f"  {s:24s} model {brier(held, chances(fits[best], held)):.4f}  count "
                  f"{brier(held, [r.count for r in held]):.4f}  ({len(held)} rows)")
    print(f"  {'all':24s} model {scores[best]:.4f}  count {count:.4f}")
    first = json.loads(min(data.glob("chunk-*.json")).read_text())
    about = (f"{rules}: data by `nice -n 19 python bench/bidding_data.py --preset "
             f"{first['preset']} --seed {first['seed']} --size {len(first['deals'])}` "
             f"({len(deals)} deals, {best}); held-out Brier {scores[best]:.4f} against the "
             f"count's {count:.4f}")
    return rules, fits[best], about


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, nargs="+", default=[DEFAULT_OUT / "standard-s2001"],
                        help="folders of chunks, one a table")
    parser.add_argument("--label", choices=("played", "tricks"), default="played",
                        help="tricks in the bots' play or double dummy")
    parser.add_argument("--holdout", type=int, default=4, help="hold out every H-th deal")
    parser.add_argument("--write", type=Path, default=None, help="model file to write")
    args = parser.parse_args()
    tables: dict[str, Fits] = {}
    notes = []
    for data in args.data:
        rules, fits, note = fit_table(data, args.label, args.holdout)
        if fits:
            tables[bidmodel.shape(rules)] = fits
        notes.append(note)
    if args.write:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        folders = " ".join(f"data/bidding/{d.name}" for d in args.data)
        about = (f"Fitted by `python bench/bidding_fit.py --data {folders} --label {args.label} "
                 f"--holdout {args.holdout} --write {args.write}` at commit {commit}. "
                 + "; ".join(notes) + ".")
        args.write.write_text(json.dumps(model_file(tables, about), indent=1) + "\n")
        print(f"written to {args.write}")


if __name__ == "__main__":
    main()
