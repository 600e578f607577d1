"""Fit the bidding model (bots/bidmodel.py) to labelled deals and measure it.

Reads the chunks bidding_model/data.py wrote, replays each auction and at
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
It also fits the value of passing
(:class:`bots.bidmodel.PassFit`): at every position where the seat may pass,
the rest of the auction is bid with the seat passing and the contract it
ends in scored by its label (a misere played out), regressed on
:func:`bots.bidmodel.pass_features` (``--pass-deals N``: on the first N deals
only, as it is dearer).  ``--rebid MODEL`` first bids every deal again, once
for each side, normal bots bidding by that model file on that side and
yardstick bots on the other (the labels stay: a contract's result does not
depend on the auction), and fits from the normal bots' side only: the model
then reads partner's bids as the normal bot makes them, not as the yardstick does.
One model file holds a fit for each table shape given (one ``--data`` folder
a table, made with bidding_model/data.py ``--preset``).
``--keep MODEL`` carries over the tables of a model file not fitted here.
Usage: ``python -m bidding_model.fit [--data DIR ...] [--label played|tricks] [--holdout H]
[--deals N] [--pass-deals N] [--rebid MODEL] [--keep MODEL] [--write FILE]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import takewhile
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bidding_model.data import DEFAULT_OUT, load, played_tricks  # noqa: E402
from bots import bidding, bidmodel  # noqa: E402
from bots.evaluation import expected_tricks  # noqa: E402
from bots.yardstick import bidding as yardstick  # noqa: E402
from bots.normal import NormalBot  # noqa: E402
from bots.protocol import Bot  # noqa: E402
from bots.yardstick.bot import YardstickBot  # noqa: E402
from engine.actions import PASS, PASS_ID  # noqa: E402
from engine.bids import NO_TRUMPS, bid  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.scoring import score_hand  # noqa: E402

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


def positions(deals: list[tuple[Rules, dict[str, Any]]]
              ) -> Iterator[tuple[int, dict[str, Any], Hand, Observation]]:
    """Every auction position that makes a row: the deal's index, the deal, the
    hand at that point (its auction goes on once the caller is done with it)
    and the seat's observation."""
    for i, (rules, deal) in enumerate(deals):
        hand = Hand.new(rules, deal["seed"], deal["dealer"])
        for seat, action in deal["auction"]:
            if hand.is_over or hand.to_act != seat:
                break
            obs = observe(hand, seat)
            if action in {int(a) for a in obs.legal_actions} and _reads(deal, rules, seat):
                yield deal.get("deal", i), deal, hand, obs
            hand.push(action)


def rows(deals: list[tuple[Rules, dict[str, Any]]], label: str = "played") -> Iterator[Row]:
    """Every (auction position, denomination) the model answers for, labelled
    by ``label``: the tricks in the bots' play (``played``) or double dummy (``tricks``)."""
    for i, deal, _, obs in positions(deals):
        rules, seat = obs.rules, obs.seat
        held = yardstick.bidding_hand(obs)
        said = bidmodel.read(obs)
        est = yardstick.estimates(obs)
        for d in range(5):
            t = deal[label][seat][d]
            if t < bidmodel.FLOOR - 1 or not bidmodel.answers(rules, held, d, d in said.partner):
                continue
            yield Row(i, d == NO_TRUMPS, bidmodel.situation(said),
                      [expected_tricks(rules, held, d), *bidmodel.features(rules, held, d, said)],
                      t, [yardstick.chance(rules, bid(k, d), est) for k in LEVELS])


@dataclass
class PassRow:
    deal: int
    situation: str
    x: list[float]
    """:func:`bots.bidmodel.pass_features`."""
    value: float
    """What passing brought the seat's side: the auction bid on by yardstick
    bots, the contract scored by its label (a misere played out)."""


def contract_value(hand: Hand, deal: dict[str, Any], side: int, seed: int) -> float:
    """A side's points less the others' (on average) for the hand whose auction
    just ended: a trick contract scored by the deal's played label, a misere
    played out by normal bots, a hand thrown in 0."""
    rules = hand.rules
    if hand.is_over and hand.result is not None and hand.contract is None:
        points = hand.result.points
    else:
        contract, declarer = hand.contract, hand.declarer
        assert contract is not None
        if contract.is_misere:
            ready = copy.deepcopy(hand)
            bots = [YardstickBot(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]
            while ready.phase != Phase.PLAY:
                ready.push(bots[ready.to_act].act(observe(ready, ready.to_act)))
            played_tricks(ready, seed)
            assert ready.result is not None
            points = ready.result.points
        else:
            took = deal["played"][declarer][contract.denomination]
            bidders = tuple(s for s in range(rules.players)
                            if rules.side_of(s) == rules.side_of(declarer))
            defender = next(s for s in range(rules.players) if s not in bidders)
            tricks = [0] * rules.players
            tricks[declarer], tricks[defender] = took, 10 - took
            points = score_hand(rules, int(bid(contract.tricks, contract.denomination)), declarer,
                                bidders, tuple(tricks)).points
    others = [p for k, p in enumerate(points) if k != side]
    return points[side] - sum(others) / len(others)


def passed_value(hand: Hand, deal: dict[str, Any], seat: int, call: int = PASS_ID) -> float:
    """What passing (or another ``call``) brings ``seat``'s side: the rest of
    the auction bid by yardstick bots, the contract scored (:func:`contract_value`)."""
    rules = hand.rules
    bots = _bidders(rules, deal)
    pushed = 1
    hand.push(call)
    while hand.phase == Phase.AUCTION and not hand.is_over:
        hand.push(bots[hand.to_act].act(observe(hand, hand.to_act)))
        pushed += 1
    value = contract_value(hand, deal, rules.side_of(seat), deal["seed"])
    for _ in range(pushed):
        hand.pop()
    return value


def _reads(deal: dict[str, Any], rules: Rules, seat: int) -> bool:
    """Does this seat's position make a row: every seat's, or in a deal re-bid
    (:func:`rebid`) the normal bots' side's only."""
    return "side" not in deal or rules.side_of(seat) == deal["side"]


def _bidders(rules: Rules, deal: dict[str, Any]) -> list[Bot]:
    """The bots that bid a deal: yardstick bots, or in a deal re-bid
    (:func:`rebid`) normal bots on its side."""
    seed = deal["seed"]
    return [NormalBot(SplitMix64(derive_seed(seed, s))) if rules.side_of(s) == deal.get("side", -1)
            else YardstickBot(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]


def rebid(deals: list[tuple[Rules, dict[str, Any]]]) -> list[tuple[Rules, dict[str, Any]]]:
    """Each deal bid again, once for each side, by normal bots (bidding by the
    model in use, :func:`bots.bidmodel.use`) on that side and yardstick bots on
    the others, as in the arena against the yardstick: the model then reads
    partner's bids as the normal bot makes them.  The labels stay (a trick
    contract's result does not depend on the auction)."""
    out = []
    for i, (rules, deal) in enumerate(deals):
        for side in range(rules.sides):
            again = {**deal, "side": side, "deal": i}
            bots = _bidders(rules, again)
            hand = Hand.new(rules, deal["seed"], deal["dealer"])
            while hand.phase == Phase.AUCTION and not hand.is_over:
                seat = hand.to_act
                hand.apply(bots[seat].act(observe(hand, seat)), seat)
            again["auction"] = [(s, int(a)) for s, a in hand.history]
            out.append((rules, again))
    return out


def pass_rows(deals: list[tuple[Rules, dict[str, Any]]]) -> Iterator[PassRow]:
    """Every auction position where the seat may pass, with what passing brings."""
    for i, deal, hand, obs in positions(deals):
        if PASS not in obs.legal_actions:
            continue
        said = bidmodel.read(obs)
        x = bidmodel.pass_features(obs.rules, yardstick.bidding_hand(obs), said,
                                   yardstick.read_auction(obs).high)
        yield PassRow(i, bidmodel.situation(said), x, passed_value(hand, deal, obs.seat))


def call_rows(deals: list[tuple[Rules, dict[str, Any]]]) -> Iterator[PassRow]:
    """Every auction position where the best call's fitted value decides
    (:func:`bots.bidding.call_features`, by the model in use), with what the
    normal bot's best call brings when the others bid on."""
    for i, deal, hand, obs in positions(deals):
        found = bidding.call_features(obs)
        if found is not None:
            call, x = found
            yield PassRow(i, bidmodel.situation(bidmodel.read(obs)), x,
                          passed_value(hand, deal, obs.seat, int(call)))


def fit_pass(train: list[PassRow], test: list[PassRow], what: str = "passing",
             names: tuple[str, ...] = bidmodel.PASS_FEATURES) -> bidmodel.PassFit:
    """Least squares (light ridge) of what passing (or the best call) brings on
    its features; the held-out error printed by situation against the situation's mean alone."""
    x = np.array([r.x for r in train])
    y = np.array([r.value for r in train])
    w = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)
    fit = bidmodel.PassFit(tuple(float(v) for v in w))
    print(f"value of {what}: {len(train)} positions fitted, {len(test)} held out; weights "
          + ", ".join(f"{n} {v:+.2f}" for n, v in zip(names, w)))
    for s in (*bidmodel.SITUATIONS, None):
        held = [r for r in test if s is None or r.situation == s]
        base = [r for r in train if s is None or r.situation == s]
        if not held:
            continue
        mean = float(np.mean([r.value for r in base]))
        err = np.sqrt(np.mean([(fit.value(r.x) - r.value) ** 2 for r in held]))
        flat = np.sqrt(np.mean([(mean - r.value) ** 2 for r in held]))
        print(f"  {s or 'all':24s} mean {np.mean([r.value for r in held]):+6.1f}  held-out RMS "
              f"error {err:.1f} (the situation's mean alone {flat:.1f}; {len(held)} positions)")
    return fit


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


def model_file(tables: dict[str, Fits], about: str,
               passes: dict[str, bidmodel.PassFit] | None = None,
               calls: dict[str, bidmodel.PassFit] | None = None) -> dict[str, Any]:
    """The JSON of a model file holding each table shape's fits (and values of
    passing and of the best call)."""
    out: dict[str, Any] = {"about": about, "fits": {shape: {
        "nt" if nt else "suit": {"weights": f.weights, "intercepts": f.intercepts,
                                 "count": f.count} for nt, f in fits.items()}
        for shape, fits in tables.items()}}
    for shape, p in (passes or {}).items():
        out["fits"].setdefault(shape, {})["pass"] = {"weights": p.weights}
    for shape, p in (calls or {}).items():
        out["fits"].setdefault(shape, {})["call"] = {"weights": p.weights}
    return out


def kept_tables(model: dict[str, Any], keep: Path) -> dict[str, Any]:
    """``model`` with the table shapes of the model file ``keep`` that it does not fit
    carried over as they are, and ``keep``'s note of how they were made."""
    kept = json.loads(keep.read_text())
    carried = {s: f for s, f in kept["fits"].items() if s not in model["fits"]}
    return {"about": f"{model['about']} Kept from {keep} (tables {', '.join(carried)}): {kept['about']}",
            "fits": {**model["fits"], **carried}}


def fit_table(data: Path, label: str, holdout: int, pass_deals: int | None = None,
              rebid_by: Path | None = None, limit: int | None = None
              ) -> tuple[Rules, Fits, bidmodel.PassFit | None, bidmodel.PassFit | None, str]:
    """Fit one table's chunks, print the held-out Brier scores by situation and
    return its rules, its better feature set's fits, the values of passing and
    of the best call (the best call chosen by those fits; None where too few rows to fit)
    and a note of how they were made."""
    deals = load(data)[:limit]
    if rebid_by is not None:
        bidmodel.use(rebid_by)
        deals = rebid(deals)
        print(f"auctions re-bid by normal bots bidding by {rebid_by} against yardstick bots")
    rules = deals[0][0]
    everything = list(rows(deals, label))
    train = [r for r in everything if r.deal % holdout]
    test = [r for r in everything if not r.deal % holdout]
    print(f"{len(deals)} deals from {data}: {len(train)} rows to fit, {len(test)} held out")
    fits = fit_sets(train, test)
    fitted = {nt for table in fits.values() for nt in table}
    test = [r for r in test if r.nt in fitted]  # the bots keep the count elsewhere
    if not fits:
        return rules, {}, None, None, f"{rules}: too few rows to fit"
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
    kind = best if rebid_by is None else f"{best}, auctions re-bid by {rebid_by}"
    about = (f"{rules}: data by `nice -n 19 python -m bidding_model.data --preset "
             f"{first['preset']} --seed {first['seed']} --size {len(first['deals'])}` "
             f"({len(deals)} deals, {kind}); held-out Brier {scores[best]:.4f} against the "
             f"count's {count:.4f}")

    def fitted_on(found: Iterator[PassRow], what: str,
                  names: tuple[str, ...]) -> bidmodel.PassFit:
        positions = list(takewhile(lambda r: pass_deals is None or r.deal < pass_deals,
                                   found))
        return fit_pass([r for r in positions if r.deal % holdout],
                        [r for r in positions if not r.deal % holdout], what, names)
    passes = fitted_on(pass_rows(deals), "passing", bidmodel.PASS_FEATURES)
    shape = bidmodel.shape(rules)
    bidmodel.use_data(model_file({shape: fits[best]}, "", {shape: passes}))
    try:
        calls = fitted_on(call_rows(deals), "the best call", bidmodel.CALL_FEATURES)
    finally:
        bidmodel.use_data(None)
    return rules, fits[best], passes, calls, about


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, nargs="+", default=[DEFAULT_OUT / "standard-s2001"],
                        help="folders of chunks, one a table")
    parser.add_argument("--label", choices=("played", "tricks"), default="played",
                        help="tricks in the bots' play or double dummy")
    parser.add_argument("--holdout", type=int, default=4, help="hold out every H-th deal")
    parser.add_argument("--pass-deals", type=int, default=None,
                        help="fit the value of passing on the first N deals only (it replays "
                             "auctions: slower)")
    parser.add_argument("--deals", type=int, default=None, help="fit the first N deals only")
    parser.add_argument("--rebid", type=Path, default=None, metavar="MODEL",
                        help="bid every deal again, normal bots bidding by this model file on "
                             "one side and yardstick bots on the other (once for each side)")
    parser.add_argument("--keep", type=Path, default=None, metavar="MODEL",
                        help="carry over this model file's tables not fitted here (and its note)")
    parser.add_argument("--write", type=Path, default=None, help="model file to write")
    args = parser.parse_args()
    tables: dict[str, Fits] = {}
    passes: dict[str, bidmodel.PassFit] = {}
    calls: dict[str, bidmodel.PassFit] = {}
    notes = []
    for data in args.data:
        rules, fits, passing, calling, note = fit_table(data, args.label, args.holdout, args.pass_deals,
                                               args.rebid, args.deals)
        if fits:
            tables[bidmodel.shape(rules)] = fits
        if passing is not None:
            passes[bidmodel.shape(rules)] = passing
        if calling is not None:
            calls[bidmodel.shape(rules)] = calling
        notes.append(note)
    if args.write:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        folders = " ".join(f"data/bidding/{d.name}" for d in args.data)
        about = (f"Fitted by `python -m bidding_model.fit --data {folders} --label {args.label} "
                 f"--holdout {args.holdout}"
                 + (f" --pass-deals {args.pass_deals}" if args.pass_deals else "")
                 + (f" --rebid {args.rebid}" if args.rebid else "")
                 + (f" --deals {args.deals}" if args.deals else "")
                 + (f" --keep {args.keep}" if args.keep else "")
                 + f" --write {args.write}` at commit {commit}. "
                 + "; ".join(notes) + ".")
        out = model_file(tables, about, passes, calls)
        if args.keep:
            out = kept_tables(out, args.keep)
        args.write.write_text(json.dumps(out, indent=1) + "\n")
        print(f"written to {args.write}")


if __name__ == "__main__":
    main()
