"""The bidding model: a seat's chance of making each trick contract, read from
its hand and the auction.

For a denomination the seat might declare, :func:`features` reads the hand's
trick features (:func:`bots.evaluation.features`) and everything said: what
partner bid and how high, whether partner passed or bid misere, the
opponents' bids and passes, whether anyone has bid yet.  An ordered logistic
model turns them into the chance the seat's side takes at least ``k`` tricks
in the bots' own play for each ``k`` from :data:`FLOOR` to 10, fitted by
bidding_model/fit.py on deals played out by bidding_model/data.py, one fit per
table shape and for trump suits and no trumps.  :class:`PassFit` is the
value of passing (:func:`pass_features`), fitted to what the rest of the
auction brought when the seat passed.  The fitted weights ship as
``bots/data/bidding_model.json`` (its ``about`` names the commands and commits that
made them), a fit for every table shape of the presets: at the standard table it brought
+10.7 a deal against the yardstick in the arena (the normal bot now +18.4 with its last
tricks searched and its later bidding: docs/BIDDING.md), less than the issue's +20; a table
without a fit (a shape no preset has) uses the count (:mod:`bots.bidding`).
Inference is a few dot products in pure Python.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from math import exp
from pathlib import Path
from typing import Any, Final

from engine.actions import PASS
from engine.bids import NO_TRUMPS, Bid
from engine.observation import Observation
from engine.rules import Rules

from bots import conventions
from bots.evaluation import JOKERS, expected_tricks, features as hand_features

FLOOR: Final = 6
"""The lowest trick count the model tells apart (fewer read as ``FLOOR - 1``)."""
CUT: Final = 5.5
"""The model answers for a hand's best denomination by the count when it
rates it at this many tricks or more, and for those partner bid (the data
labels only those)."""
AUCTION_FEATURES: Final = (
    "partner bid it", "partner bid no trumps", "partner bid another suit", "partner's level",
    "partner passed", "partner bid misere", "opponents bid it", "opponents bid no trumps",
    "opponents' other suits", "opponents' level", "opponents passed", "nobody bid yet",
    "trumps when opponents bid it", "I bid it", "my level", "partner bid it after me",
    "partner's level in it", "joker alone", "joker alone after partner passed")
"""What the auction said, and what the count cannot see in the hand against it: the
joker with no other top card (no bower, ace or king of trumps, no side ace)."""
SITUATIONS: Final = ("opening", "over partner's bid", "over an opponent's bid",
                     "after partner passed")


def answers(rules: Rules, hand: int, denomination: int, partner_bid: bool) -> bool:
    """Does the model answer for this denomination: one partner bid, or the
    hand's best by the count when that reaches :data:`CUT`?"""
    return answered([expected_tricks(rules, hand, d) for d in range(5)], denomination,
                    partner_bid)


def answered(counts: list[float], denomination: int, partner_bid: bool) -> bool:
    """:func:`answers` from the count's tricks for each denomination."""
    return partner_bid or counts[denomination] >= CUT and denomination == counts.index(
        max(counts))


@dataclass(frozen=True)
class Said:
    """The auction as one seat reads it."""

    partner: frozenset[int]
    """Denominations partners bid."""
    partner_level: int
    """Tricks of partner's highest bid, 0 if none."""
    partner_passed: bool
    """A partner passed without having bid."""
    partner_misere: bool
    opponents: frozenset[int]
    opponents_level: int
    opponents_passed: int
    """Opponents who passed without having bid."""
    high_is_partners: bool | None
    """Who holds the high bid: partner (True), an opponent (False), nobody (None)."""
    own: frozenset[int] = frozenset()
    """Denominations the seat itself bid."""
    own_level: int = 0
    """Tricks of the seat's own highest bid, 0 if none."""
    raised: frozenset[int] = frozenset()
    """Denominations partner bid after the seat bid them (a raise: partner's
    level there already counts the seat's own values)."""


def read(obs: Observation) -> Said:
    """What the auction so far says to ``obs.seat``."""
    rules = obs.rules
    mine = rules.side_of(obs.seat)
    partner: set[int] = set()
    opponents: set[int] = set()
    levels = [0, 0]
    bid_seats: set[int] = set()
    passed: set[int] = set()
    misere = False
    high: bool | None = None
    own: set[int] = set()
    own_level = 0
    raised: set[int] = set()
    shown = conventions.artificial(rules, obs.history)
    for i, (seat, action) in enumerate(obs.history):
        b = None if action is None else action.bid
        if seat == obs.seat:
            if b is not None and not b.is_misere and i not in shown:
                own.add(b.denomination)
                own_level = max(own_level, b.tricks)
            continue
        ours = rules.side_of(seat) == mine
        if ours and b is not None and not b.is_misere and b.denomination in own:
            raised.add(b.denomination)
        if action == PASS and seat not in bid_seats:
            passed.add(seat)
        if b is None:
            continue
        bid_seats.add(seat)
        passed.discard(seat)  # back in the bidding after a pass (a table rule)
        high = ours
        if b.is_misere:
            misere |= ours
            continue
        if i not in shown:  # a call showing cards names no place to play
            (partner if ours else opponents).add(b.denomination)
        levels[not ours] = max(levels[not ours], b.tricks)
    return Said(frozenset(partner), levels[0],
                any(rules.side_of(s) == mine for s in passed) and not partner and not misere,
                misere, frozenset(opponents), levels[1],
                sum(1 for s in passed if rules.side_of(s) != mine), high,
                frozenset(own), own_level, frozenset(raised))


def situation(said: Said) -> str:
    """The auction situation, one of :data:`SITUATIONS`."""
    if said.partner_passed:
        return SITUATIONS[3]
    if said.high_is_partners is None:
        return SITUATIONS[0]
    return SITUATIONS[1] if said.high_is_partners else SITUATIONS[2]


def features(rules: Rules, hand: int, denomination: int, said: Said) -> list[float]:
    """The model's inputs: the hand's trick features, then :data:`AUCTION_FEATURES`."""
    d = denomination
    x = hand_features(hand, rules.deck, d)
    nt = d == NO_TRUMPS
    opp_same = d in said.opponents
    alone = float(bool(hand & JOKERS) and not any(x[1:2] if nt else x[2:7]))
    return [*map(float, x),
            float(d in said.partner), float(NO_TRUMPS in said.partner and not nt),
            float(bool(said.partner - {d, NO_TRUMPS})),
            float(max(0, said.partner_level - 5)),
            float(said.partner_passed), float(said.partner_misere),
            float(opp_same), float(NO_TRUMPS in said.opponents and not nt),
            float(len(said.opponents - {d, NO_TRUMPS})),
            float(max(0, said.opponents_level - 5)),
            float(said.opponents_passed), float(said.high_is_partners is None),
            float(x[0]) * opp_same if not nt else 0.0,
            float(d in said.own), float(max(0, said.own_level - 5)), float(d in said.raised),
            float(max(0, said.partner_level - 5)) * (d in said.partner), alone,
            alone * said.partner_passed]


PASS_FEATURES: Final = (
    *SITUATIONS, "opponents' level", "partner's level", "opponents' contract value",
    "partner's contract value", "best count", "count in the opponents' suit",
    "opponents passed", "joker", "opponents passed after partner passed")
"""What the value of a pass is read from: the situation, how high each side
bid, the hand's strength (to declare, and against the opponents' suit)."""


def pass_features(rules: Rules, hand: int, said: Said, high: Bid | None) -> list[float]:
    """The inputs of the value of passing (:data:`PASS_FEATURES`); ``high``:
    the highest bid so far."""
    counts = [expected_tricks(rules, hand, d) for d in range(5)]
    value = 0.0 if high is None else rules.bid_value(high) / 100
    theirs = said.high_is_partners is False
    against = (counts[high.denomination] if theirs and high is not None and not high.is_misere
               else 0.0)
    return [*(float(situation(said) == s) for s in SITUATIONS),
            float(max(0, said.opponents_level - 5)), float(max(0, said.partner_level - 5)),
            value if theirs else 0.0, value if said.high_is_partners else 0.0,
            max(counts), against, float(said.opponents_passed), float(bool(hand & JOKERS)),
            float(said.opponents_passed) * said.partner_passed]


CALL_FEATURES: Final = ("the call's expected score", *PASS_FEATURES)
"""What the value of the best call is read from: its expected score by the
model as if it were the contract, and what the value of passing reads."""


@dataclass(frozen=True)
class PassFit:
    """The value of passing, in points for the seat's side less the others',
    as ``weights . pass_features``: what the auction then brings (the
    opponents' contract, partner's, or none), fitted to the bots' auctions.
    The value of the best call is a fit of the same form over :data:`CALL_FEATURES`
    (the others may still outbid it)."""

    weights: tuple[float, ...]

    def value(self, x: list[float]) -> float:
        return sum(w * v for w, v in zip(self.weights, x))


@dataclass(frozen=True)
class Fit:
    """An ordered logit: the chance of at least ``FLOOR + i`` tricks is
    ``sigmoid(intercepts[i] + weights . x + count * the count's tricks)``."""

    weights: tuple[float, ...]
    intercepts: tuple[float, ...]
    count: float

    def chances(self, x: list[float], tricks: float) -> list[float]:
        """Chance of at least ``k`` tricks for ``k`` from :data:`FLOOR` to 10,
        from :func:`features` ``x`` and the count's ``tricks``."""
        z = self.count * tricks + sum(w * v for w, v in zip(self.weights, x))
        out, last = [], 1.0
        for b in self.intercepts:
            t = b + z
            last = min(last, 1 / (1 + exp(-t)) if t > -40 else 0.0)
            out.append(last)
        return out


def shape(rules: Rules) -> str:
    """A table shape's key in the model file."""
    return f"{rules.players}-{rules.team_size}-{rules.kitty_size}"


Fits = dict[tuple[str, bool], Fit]
"""Chance fits by (table shape, no trumps)."""
PassFits = dict[str, PassFit]
"""Fits of the value of passing (or of the best call) by table shape."""


def parse(data: dict[str, Any]) -> Fits:
    """Fits by (table shape, no trumps) from the model file's JSON."""
    return {(key, nt == "nt"): Fit(tuple(f["weights"]), tuple(f["intercepts"]), f["count"])
            for key, fits in data["fits"].items() for nt, f in fits.items()
            if nt in ("nt", "suit")}


def parse_pass(data: dict[str, Any], kind: str = "pass") -> PassFits:
    """The value of passing (``kind`` "call": of the best call) by table shape,
    where the model file has it."""
    return {key: PassFit(tuple(fits[kind]["weights"]))
            for key, fits in data["fits"].items() if kind in fits}


_in_use: tuple[Fits, PassFits, PassFits] | None = None
"""Fits the bots bid by instead of the shipped ones (see :func:`use`)."""


def use(path: Path | None) -> None:
    """Bid by the model file at ``path`` instead of the shipped one (None: the
    shipped one again), for the benchmarks that measure a fit before it ships."""
    use_data(None if path is None else json.loads(path.read_text()))


def use_data(data: dict[str, Any] | None) -> None:
    """Bid by a model file's JSON (see :func:`use`)."""
    global _in_use
    _in_use = None if data is None else (parse(data), parse_pass(data), parse_pass(data, "call"))


@lru_cache(maxsize=1)
def _shipped_file() -> dict[str, Any]:
    try:
        text = resources.files("bots").joinpath("data/bidding_model.json").read_text()
    except FileNotFoundError:
        return {"fits": {}}
    return dict(json.loads(text))


@lru_cache(maxsize=1)
def shipped() -> Fits:
    """The chance fits shipped in the wheel (none if the file is missing)."""
    return parse(_shipped_file())


@lru_cache(maxsize=1)
def shipped_pass() -> PassFits:
    """The values of passing shipped in the wheel."""
    return parse_pass(_shipped_file())


@lru_cache(maxsize=1)
def shipped_call() -> PassFits:
    """The values of the best call shipped in the wheel."""
    return parse_pass(_shipped_file(), "call")


def fit_for(rules: Rules, denomination: int) -> Fit | None:
    """The fit in use for this table and denomination, if any."""
    fits = shipped() if _in_use is None else _in_use[0]
    return fits.get((shape(rules), denomination == NO_TRUMPS))


def pass_fit_for(rules: Rules) -> PassFit | None:
    """The value of passing in use for this table, if any."""
    fits = shipped_pass() if _in_use is None else _in_use[1]
    return fits.get(shape(rules))


def call_fit_for(rules: Rules) -> PassFit | None:
    """The value of the best call in use for this table, if any."""
    fits = shipped_call() if _in_use is None else _in_use[2]
    return fits.get(shape(rules))
