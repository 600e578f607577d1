"""Reviews kept: each hand's analysis, once worked out (ahead at the table, or by a review),
kept in the browser's storage, so that the hand's review opens from History with its
analysis done instead of searching it again.

A hand's answers live under ``<scope>review/<name>`` (:func:`hand_name`: a digest of the
hand itself, its rules, cards, dealer and every action, of the seat reviewed and of
:data:`bots.review.ANSWERS`), so they are never shown for another hand, nor from a solver
whose answers differ.  The value, compact::

    {"at": 1764840000000, "a": {"makeable": 7,
                                "trick 2": [[0, "KH", 6, 7, "AH", 1, 1],   (seat, card, played, best, best card, lost, turning)
                                            [1, "4H", 6]],                 (a best card: seat, card, played)
                                "contract 0": [1, "8S", 8, 1]}}            (seat, bid, tricks, settled)

(``null`` for a piece whose search ran out of its budget).  At most :data:`MAX_CHARS` are
kept in all, the oldest going first.  This is a cache, never a game: an entry that cannot
be read is removed and its analysis worked out again.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from engine.actions import Action
from engine.bids import Bid
from engine.hand import Hand

from app.review.model import ContractData, VerdictData
from app.store.saves import Storage, read_json

from bots.review import ANSWERS

REVIEW: Final = "review/"
MAX_CHARS: Final = 300_000
"""The most kept in all: some 300 hands (about 1,000 characters a hand, key and all: every
card's verdict), 15 whole games; about a tenth of what a browser gives the site (5 MiB, two bytes a character)."""
Answers = dict[str, object]
"""A review's answers, by :func:`app.review.review.piece_key`, as the worker sends them."""


class ReviewStore:
    """The analyses kept in ``storage`` under ``prefix`` (the site's scope, as :class:`app.store.saves.Saves`)."""

    def __init__(self, storage: Storage, prefix: str, clock: Callable[[], float] = time.time) -> None:
        self.storage, self.prefix, self.clock = storage, prefix + REVIEW, clock

    def answers(self, hand: Hand, seat: int) -> Answers:
        """The answers kept for ``hand`` seen from ``seat`` ({} if none, or if unreadable)."""
        key = self.prefix + hand_name(hand, seat)
        raw = self._get(key)
        if raw is None:
            return {}
        try:
            return decode(read_json(raw, what="review"))
        except Exception:  # noqa: BLE001 (whatever is wrong with it, it is worked out again)
            self._remove(key)
            return {}

    def keep(self, hand: Hand, seat: int, answers: Mapping[str, object]) -> None:
        """Keep ``answers`` for ``hand`` seen from ``seat`` (over what was kept), then let the
        oldest go past :data:`MAX_CHARS`; a store that refuses is left as it is, nothing
        removed (the analysis is worked out again)."""
        if not answers:
            return
        key = self.prefix + hand_name(hand, seat)
        text = json.dumps({"at": round(self.clock() * 1000), "a": encode(answers)}, separators=(",", ":"))
        try:
            self.storage.set(key, text)
        except Exception:  # noqa: BLE001 (full: the game's own saves come first)
            return
        self._trim(key)

    def make_room(self) -> None:
        """Let the older half of what is kept go (the store is full: the games come first)."""
        kept = self._kept()
        for key, _, _ in kept[:(len(kept) + 1) // 2]:
            self._remove(key)

    def _trim(self, key: str) -> None:
        """Remove the oldest entries but ``key``'s, just kept, until all fit in MAX_CHARS."""
        kept = self._kept()
        total = sum(size for _, _, size in kept)
        for old, _, size in kept:
            if total <= MAX_CHARS:
                break
            if old != key:
                self._remove(old)
                total -= size

    def _kept(self) -> list[tuple[str, int, int]]:
        """Every entry's key, when it was kept (0 if unreadable) and size, the oldest first."""
        out = []
        for key in self.storage.keys():
            if key.startswith(self.prefix):
                raw = self._get(key) or ""
                at = _AT.match(raw)  # as :meth:`keep` writes it: no need to read the whole entry
                out.append((key, int(at.group(1)) if at else 0, len(key) + len(raw)))
        return sorted(out, key=lambda k: k[1])

    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except Exception:  # noqa: BLE001 (unreadable storage: nothing kept)
            return None

    def _remove(self, key: str) -> None:
        try:
            self.storage.remove(key)
        except Exception:  # noqa: BLE001
            pass


_AT: Final = re.compile(r'\{"at":(\d{1,15}),')


def hand_name(hand: Hand, seat: int) -> str:
    """A digest naming the hand as played, the seat it is reviewed from, and the answers' version."""
    deal = hand.deal
    cards = [[list(map(int, h)) for h in deal.hands], list(map(int, deal.kitty)),
             [[[int(down), int(up)] for down, up in pile] for pile in deal.piles]]
    about = [ANSWERS, str(hand.rules), cards, hand.dealer, [str(a) for _, a in hand.history], seat]
    return hashlib.sha256(json.dumps(about, separators=(",", ":")).encode()).hexdigest()[:24]


def encode(answers: Mapping[str, object]) -> dict[str, Any]:
    """Answers as kept (see the module docstring)."""
    out: dict[str, Any] = {}
    for key, value in answers.items():
        if value is None or key == "makeable":
            out[key] = value
        elif key.startswith("trick "):
            out[key] = [[v["seat"], v["card"], v["played"]] if not v["lost"] else
                        [v["seat"], v["card"], v["played"], v["best"], v["best_card"], v["lost"], int(v["turning"])]
                        for v in cast("list[VerdictData]", value)]
        else:
            c = cast(ContractData, value)
            out[key] = [c["seat"], c["bid"], c["tricks"], int(c["settled"])]
    return out


def decode(data: Any) -> Answers:
    """Answers from what was kept; ValueError (or TypeError, KeyError) if it is not such."""
    kept = data["a"]
    if not isinstance(kept, dict):
        raise ValueError("not answers")
    out: Answers = {}
    for key, value in kept.items():
        kind, _, number = key.partition(" ")
        if key == "makeable":
            out[key] = None if value is None else _int(value)
        elif kind not in ("trick", "contract") or not number.isdigit():
            raise ValueError(f"no piece {key!r}")
        elif value is None:
            out[key] = None
        elif kind == "trick":
            out[key] = [_verdict(int(number), v) for v in value]
        else:
            seat, bid, tricks, settled = value
            if bid:
                Bid.parse(_text(bid))
            out[key] = ContractData(side=int(number), seat=_int(seat), bid=_text(bid), tricks=_int(tricks),
                                    settled=bool(_int(settled)))
    return out


def _verdict(trick: int, value: Any) -> VerdictData:
    if len(value) == 3:  # a best card
        value = [*value, value[2], value[1], 0, 0]
    seat, card, played, best, best_card, lost, turning = value
    for text in (card, best_card):
        if Action.parse(_text(text)).played_card is None:
            raise ValueError(f"no card {text!r}")
    return VerdictData(trick=trick, seat=_int(seat), card=card, played=_int(played), best=_int(best),
                       best_card=best_card, lost=_int(lost), turning=bool(_int(turning)))


def _int(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= 99:
        raise ValueError(f"not a count: {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 8:
        raise ValueError(f"not a card or bid: {value!r}")
    return value
