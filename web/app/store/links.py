"""Links that share a deal, challenge a friend to beat a result, or replay a whole hand.

A link is the page's address with a query string; link format 1::

    ?v=1&r=standard&d=1-0-k3x9a&s=0&k=Q1v0Yj                    share a deal
    ?v=1&r=standard&d=1-0-k3x9a&s=0&c=7H&b=2&t=8&p=-70&k=...    ... with the sharer's result
    ?v=1&r=standard&d=1-0-k3x9a&s=0&a=JXAk...&k=...              replay a played hand

==  ===========================================================================
v   link format version: 1
r   rules string (:meth:`engine.rules.Rules.parse`), e.g. ``standard,target=1000``
d   deal code (docs/DEALING.md: versioned, the same cards forever); its hand is
    hand 0 of ``Match(rules, code)``
s   the sharer's seat; whoever opens the link plays from the same seat
c   the contract: a bid (``7H``, ``MIS``, ``OPEN-MIS``), ``none`` (everyone
    passed and the hand was played in no trumps) or ``thrown`` (thrown in)
b   the declarer's seat (only with a bid)
t   tricks won by the declarer's side (with no bid: by the sharer's side)
p   points scored on the hand by the sharer's side
a   every action of the hand: each action id (:mod:`engine.actions`, 0 to 336)
    in 9 bits, packed big-endian, zero bits to a whole byte, base64url unpadded
g   a score pad's whole sheet, read-only (alone with ``v`` and ``k``): its JSON
    (:func:`app.pad.store.dump`) zlib-compressed, base64url unpadded
k   checksum: the first 6 characters of the base64url SHA-256 of the other
    fields, ``name=value`` joined by ``&`` in the order of this table
==  ===========================================================================

:func:`decode` checks everything (the checksum, the version, the rules, the
deal, a result's consistency; a replay's actions are replayed with every
check) and returns plain, re-generated data, or raises :class:`LinkError`
with a message for people.  It never echoes a link's text back as markup:
the page shows what it returns with ``textContent``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from typing import Final

from engine.bids import Bid
from engine.deal import DealCode, deal
from engine.errors import FiveHundredError
from engine.hand import Hand
from engine.rules import Rules
from engine.seats import seat_name

LINK_VERSION: Final = 1
FIELDS: Final = ("v", "r", "d", "s", "c", "b", "t", "p", "a", "g")
"""Link fields in checksum order; ``k`` is the checksum."""
MAX_QUERY: Final = 4000
NO_BID: Final = "none"
THROWN_IN: Final = "thrown"
_ACTION_BITS: Final = 9
_FORMATS: Final = {
    "v": re.compile(r"[0-9]{1,6}"),
    "r": re.compile(r"[A-Za-z0-9,=_.-]{1,300}"),
    "d": re.compile(r"[0-9a-zA-Z-]{1,24}"),
    "s": re.compile(r"[0-9]"),
    "c": re.compile(r"[A-Za-z0-9-]{1,8}"),
    "b": re.compile(r"[0-9]"),
    "t": re.compile(r"[0-9]{1,2}"),
    "p": re.compile(r"-?[0-9]{1,4}"),
    "a": re.compile(r"[A-Za-z0-9_-]{1,1200}"),
    "g": re.compile(r"[A-Za-z0-9_-]{1,3900}"),
    "k": re.compile(r"[A-Za-z0-9_-]{6}"),
}


class LinkError(ValueError):
    """A link that cannot be opened; the message says why, for people."""


@dataclass(frozen=True)
class Result:
    """How a hand went for one seat's side: what a challenge link carries."""

    contract: str
    """A bid's text ("7H", "MIS", "OPEN-MIS"), or NO_BID or THROWN_IN."""
    declarer: int
    """The declarer's seat; -1 with no bid."""
    tricks: int
    """Tricks won by the declarer's side (with no bid: by the seat's side)."""
    points: int
    """Points to the seat's side on this hand."""

    def describe(self, players: int) -> str:
        """One line of plain text: 'seven hearts by North: 8 tricks, 280 points'."""
        if self.contract == THROWN_IN:
            return "thrown in: nobody bid"
        points = f"{self.points} point{'' if abs(self.points) == 1 else 's'}"
        tricks = f"{self.tricks} trick{'' if self.tricks == 1 else 's'}"
        if self.contract == NO_BID:
            return f"nobody bid, played in no trumps: {tricks}, {points}"
        return (f"{Bid.parse(self.contract).name} by {seat_name(players, self.declarer)}: "
                f"{tricks}, {points}")


@dataclass(frozen=True)
class Link:
    """What a link holds, checked and re-generated: plain strings and numbers only."""

    rules: str
    """A canonical rules string: ``Rules.parse(rules)``."""
    deal: str
    """A canonical deal code: ``Match(Rules.parse(rules), DealCode.parse(deal))`` deals it."""
    seat: int
    result: Result | None = None
    """The sharer's result (a challenge, or a replay's outcome)."""
    actions: tuple[str, ...] = ()
    """A replay: every action of the hand in order, as engine action text."""

    @property
    def kind(self) -> str:
        """"deal", "challenge" or "replay"."""
        return "replay" if self.actions else "challenge" if self.result else "deal"


def result_of(hand: Hand, seat: int = 0) -> Result:
    """The result of a finished hand, seen from ``seat``'s side."""
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over")
    rules = hand.rules
    side = rules.side_of(seat)
    if result.thrown_in:
        return Result(THROWN_IN, -1, 0, 0)
    if result.contract is None or result.declarer is None:
        tricks = sum(t for p, t in enumerate(result.tricks) if rules.side_of(p) == side)
        return Result(NO_BID, -1, tricks, result.points[side])
    return Result(str(result.contract), result.declarer, result.bidders_tricks, result.points[side])


# --- encoding ----------------------------------------------------------------------


def deal_link(rules: Rules, code: DealCode, seat: int = 0) -> str:
    """The query string that shares a deal: ``?v=1&r=...&d=...&s=0&k=...``."""
    return _query(_deal_fields(rules, code, seat))


def challenge_link(hand: Hand, code: DealCode, seat: int = 0) -> str:
    """A deal link with the sharer's result of the finished hand ``hand`` (dealt from ``code``)."""
    r = result_of(hand, seat)
    fields = _deal_fields(hand.rules, code, seat) | {"c": r.contract, "t": str(r.tricks),
                                                    "p": str(r.points)}
    if r.declarer >= 0:
        fields["b"] = str(r.declarer)
    return _query(fields)


def replay_link(hand: Hand, code: DealCode, seat: int = 0) -> str:
    """A link that replays the finished hand ``hand`` (dealt from ``code``) trick by trick."""
    if not hand.is_over:
        raise ValueError("the hand is not over")
    return _query(_deal_fields(hand.rules, code, seat) | {"a": pack([a for _, a in hand.history])})


def share_url(page: str, query: str) -> str:
    """The page's address (``location.href``) with its query and fragment replaced."""
    return page.split("#")[0].split("?")[0] + query


def pack(actions: list[int]) -> str:
    """Action ids, 9 bits each, big-endian, as unpadded base64url."""
    bits = len(actions) * _ACTION_BITS
    value = 0
    for a in actions:
        value = value << _ACTION_BITS | a
    size = (bits + 7) // 8
    data = (value << (size * 8 - bits)).to_bytes(size, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unpack(text: str) -> list[int]:
    """The action ids that :func:`pack` wrote; LinkError if ``text`` is not such a packing."""
    if len(text) % 4 == 1 or not _FORMATS["a"].fullmatch(text):
        raise LinkError("This link is damaged: its moves are not readable.")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    count, spare = divmod(len(data) * 8, _ACTION_BITS)
    value = int.from_bytes(data, "big")
    canonical = base64.urlsafe_b64encode(data).rstrip(b"=").decode() == text
    if not canonical or spare >= 8 or value & ((1 << spare) - 1):
        raise LinkError("This link is damaged: its moves are not readable.")
    value >>= spare
    mask = (1 << _ACTION_BITS) - 1
    return [value >> (_ACTION_BITS * (count - 1 - i)) & mask for i in range(count)]


def _deal_fields(rules: Rules, code: DealCode, seat: int) -> dict[str, str]:
    return {"v": str(LINK_VERSION), "r": str(rules), "d": str(code), "s": str(seat)}


def _checksum(fields: dict[str, str]) -> str:
    text = "&".join(f"{name}={fields[name]}" for name in FIELDS if name in fields)
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).decode()[:6]


def _query(fields: dict[str, str]) -> str:
    ordered: list[tuple[str, str]] = [(name, fields[name]) for name in FIELDS if name in fields]
    ordered.append(("k", _checksum(fields)))
    from urllib.parse import quote  # only a link made needs it: not imported at start
    return "?" + "&".join(f"{name}={quote(value, safe=',=-')}" for name, value in ordered)


# --- decoding ----------------------------------------------------------------------


def sheet_link(text: str) -> str:
    """The query of a link that shows a score pad's sheet (its JSON ``text``) read-only."""
    import zlib  # only a sheet shared needs it: not imported at start
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).rstrip(b"=").decode()
    return _query({"v": str(LINK_VERSION), "g": packed})


def decode_sheet(query: str) -> str | None:
    """The score sheet's JSON text in a query string (None when it holds none), the link's
    version and checksum checked; raises LinkError. The sheet itself is for the score pad
    to check (:func:`app.pad.store.parse`)."""
    fields = _fields(query)
    if "g" not in fields:
        return None
    _check(fields)
    if set(fields) != {"v", "g", "k"}:
        raise LinkError("This link is damaged: it holds a score sheet and a deal.")
    import zlib
    text = fields["g"]
    try:
        data = zlib.decompressobj().decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), MAX_QUERY * 8)
        return data.decode()
    except (ValueError, zlib.error):
        raise LinkError("This link is damaged: its score sheet is not readable.") from None


def decode(query: str) -> Link | None:
    """The link in a query string (``location.search``; a leading "?" or "#" is fine):
    None when it holds no link, else a checked :class:`Link`; raises LinkError."""
    fields = _fields(query)
    if not fields:
        return None
    _check(fields)
    missing = [name for name in "rds" if name not in fields]
    if missing:
        raise LinkError("This link is incomplete: it does not say which "
                        + " and ".join({"r": "rules", "d": "deal", "s": "seat"}[n] for n in missing)
                        + ".")
    try:
        rules = Rules.parse(fields["r"])
    except FiveHundredError as e:
        raise LinkError(f"This link asks for rules that this version does not have: {e}.") from None
    try:
        code = DealCode.parse(fields["d"])
        deal(rules, code)
    except FiveHundredError as e:
        raise LinkError(f"This link's deal cannot be dealt: {e}.") from None
    seat = int(fields["s"])
    if seat >= rules.players:
        raise LinkError(f"This link's seat {seat} is not at a table of {rules.players}.")
    link = Link(str(rules), str(code), seat)
    has_result = any(name in fields for name in "cbtp")
    if "a" in fields:
        if has_result:
            raise LinkError("This link is damaged: it holds both moves and a result.")
        return _replay(link, rules, code, unpack(fields["a"]))
    if has_result:
        return Link(link.rules, link.deal, seat, _result(fields, rules))
    return link


def _check(fields: dict[str, str]) -> None:
    """LinkError unless the link's format version is ours and its checksum matches."""
    if "v" not in fields:
        raise LinkError("This link is damaged: it has no format version.")
    version = int(fields["v"])
    if version > LINK_VERSION:
        raise LinkError(f"This link was made by a newer version of Five Hundred (link format "
                        f"{version}; this one reads format {LINK_VERSION}). Reload the page to "
                        f"update the app, then open the link again.")
    if version != LINK_VERSION:
        raise LinkError(f"This link's format ({version}) is not one Five Hundred knows.")
    if "k" not in fields:
        raise LinkError("This link is incomplete: its checksum is missing.")
    if fields["k"] != _checksum(fields):
        raise LinkError("This link is damaged or was changed: its checksum does not match.")


def _fields(query: str) -> dict[str, str]:
    """The link's fields from a query string, each checked against its format."""
    text = query.removeprefix("?").removeprefix("#")
    if len(text) > MAX_QUERY:
        raise LinkError("This link is too long to be a link of Five Hundred.")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        name, _, raw = part.partition("=")
        if name not in _FORMATS:
            continue  # not ours (e.g. a tracking parameter added by a chat app)
        from urllib.parse import unquote  # only a link opened needs it: not imported at start
        try:
            value = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            value = ""
        if name in fields:
            raise LinkError(f"This link is damaged: it says {name!r} twice.")
        if not _FORMATS[name].fullmatch(value):
            raise LinkError(f"This link is damaged: its {_FIELD_NAMES[name]} is not readable.")
        fields[name] = value
    return fields


def _result(fields: dict[str, str], rules: Rules) -> Result:
    if not all(name in fields for name in "ctp"):
        raise LinkError("This link is incomplete: its result lacks the contract, tricks or points.")
    contract, tricks, points = fields["c"], int(fields["t"]), int(fields["p"])
    declarer = int(fields["b"]) if "b" in fields else -1
    if tricks > 10:
        raise LinkError("This link is damaged: its result has more than ten tricks.")
    if contract in (NO_BID, THROWN_IN):
        thrown = contract == THROWN_IN
        consistent = declarer < 0 and (
            (tricks, points) == (0, 0) if thrown
            else rules.all_pass == "no-trumps" and points == 10 * tricks)
    else:
        try:
            bid = Bid.parse(contract)
        except FiveHundredError:
            raise LinkError("This link is damaged: its contract is not a bid.") from None
        contract = str(bid)
        consistent = (bid in rules.biddable and 0 <= declarer < rules.players
                      and abs(points) <= 2 * max(rules.bid_value(b) for b in rules.biddable))
    if not consistent:
        raise LinkError("This link is damaged: its result is not possible at this table.")
    return Result(contract, declarer, tricks, points)


def _replay(link: Link, rules: Rules, code: DealCode, actions: list[int]) -> Link:
    hand = Hand(rules, deal(rules, code), code.dealer)
    for number, action in enumerate(actions, 1):
        try:
            hand.apply(action)
        except FiveHundredError as e:
            raise LinkError(f"This link's hand does not replay: move {number}: {e}.") from None
    if not hand.is_over:
        raise LinkError("This link's hand stops before the end of the hand.")
    return Link(link.rules, link.deal, link.seat, result_of(hand, link.seat),
                tuple(str(a) for _, a in hand.history))


_FIELD_NAMES: Final = {"v": "version", "r": "rules", "d": "deal code", "s": "seat",
                       "c": "contract", "b": "declarer", "t": "tricks", "p": "points",
                       "a": "list of moves", "g": "score sheet", "k": "checksum"}
