"""Game records: rules, deal codes and actions as versioned JSON, and replay.

Version 1::

    {"format": "five-hundred-record", "version": 1, "rules": "standard",
     "hands": [{"deal": "1-0-k3x9a", "actions": ["bid 7H", "pass", ...]}, ...],
     "meta": {...}}

A hand with undos (``Match.take_back``) says where they happened: ``"undos": [[12, 9], ...]``,
each the number of actions before and after it; ``"actions"`` are the line played on.

A hand dealt from given cards also records them (``"cards"``, the deal fields of
a position's text, see :mod:`engine.position`).  A game started part-way (``Match(..., totals=...)``) also records its starting
``"totals"``, one per side.  Replaying applies every action with full checks, so a tampered record is
refused with a message saying which hand and action is wrong.
"""

from __future__ import annotations

import json
from typing import Any, Final

from engine.deal import Deal, DealCode
from engine.errors import FiveHundredError, RecordError
from engine.match import Match
from engine.position import format_deal, parse_deal
from engine.rules import Rules

FORMAT: Final = "five-hundred-record"
RECORD_VERSION: Final = 1


def to_record(match: Match, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a match (its hands so far) as JSON-ready data."""
    return {
        "format": FORMAT,
        "version": RECORD_VERSION,
        "rules": str(match.rules),
        "hands": [{"deal": str(match.deal_code(i)), "actions": [str(a) for _, a in h.history]}
                  | ({"cards": format_deal(h.deal)} if match.given[i] else {})
                  | ({"undos": [list(u) for u in match.undos[i]]} if match.undos[i] else {})
                  for i, h in enumerate(match.hands)],
        "meta": meta or {},
    } | ({"totals": list(match.start_totals)} if any(match.start_totals) else {})


def dumps(match: Match, meta: dict[str, Any] | None = None) -> str:
    return json.dumps(to_record(match, meta), indent=1)


def replay(record: dict[str, Any] | str) -> Match:
    """Rebuild a match from a record (data or JSON text), checking every action."""
    data = _load(record) if isinstance(record, str) else record
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a game record of Five Hundred")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record has no version")
    if version > RECORD_VERSION:
        raise RecordError(f"the record is version {version}, newer than this app reads "
                          f"({RECORD_VERSION}); update the app")
    if version < 1:
        raise RecordError(f"unknown record version {version}")
    rules = _field(data, "rules", str, "the record")
    hands = _field(data, "hands", list, "the record")
    if not hands:
        raise RecordError("the record has no hands")
    try:
        parsed_rules = Rules.parse(rules)
        first = DealCode.parse(_field(_hand(hands, 0), "deal", str, "hand 1"))
    except FiveHundredError as e:
        raise RecordError(f"hand 1: {e}") from None
    totals = data.get("totals")
    try:
        match = Match(parsed_rules, first, None if totals is None else tuple(
            _field(data, "totals", list, "the record")), _cards(_hand(hands, 0)))
    except FiveHundredError as e:
        raise RecordError(f"hand 1: {e}") from None
    for number, entry in enumerate(hands):
        where = f"hand {number + 1}"
        entry = _hand(hands, number)
        if number:
            try:
                match.next_hand(_cards(entry))
            except FiveHundredError as e:
                raise RecordError(f"{where}: {e}") from None
        code = _field(entry, "deal", str, where)
        if code != str(match.deal_code(number)):
            raise RecordError(f"{where}: deal {code!r} does not follow from the first deal "
                              f"(expected {match.deal_code(number)})")
        actions = _field(entry, "actions", list, where)
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise RecordError(f"{where}, action {i + 1}: not text")
            try:
                match.apply(text)
            except FiveHundredError as e:
                raise RecordError(f"{where}, action {i + 1} ({text!r}): {e}") from None
        if number < len(hands) - 1 and not match.hand.is_over:
            raise RecordError(f"{where}: the hand is not finished but more hands follow")
        match.undos[number] = _undos(entry, where)
    return match


def _cards(entry: dict[str, Any]) -> Deal | None:
    """A hand's given cards (a game from a position or another app's record), if any."""
    cards = entry.get("cards")
    return None if cards is None else parse_deal(_field(entry, "cards", str, "a hand"))


def _undos(entry: dict[str, Any], where: str) -> list[tuple[int, int]]:
    """A hand's undos: pairs of action counts, each taking the hand back to fewer actions."""
    undos = entry.get("undos", [])
    if not isinstance(undos, list) or not all(
            isinstance(u, list) and len(u) == 2 and all(type(n) is int for n in u) and 0 <= u[1] < u[0]
            for u in undos):
        raise RecordError(f"{where}: malformed 'undos'")
    return [(u[0], u[1]) for u in undos]


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise RecordError(f"the record is not valid JSON: {e}") from None


def _hand(hands: list[Any], number: int) -> dict[str, Any]:
    entry = hands[number]
    if not isinstance(entry, dict):
        raise RecordError(f"hand {number + 1}: not an object")
    return entry


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise RecordError(f"{where}: missing or malformed {key!r}")
    return value
