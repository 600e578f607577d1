"""Answering the bots' requests: plain data in, plain data out.

A request (built by :meth:`app.table.session.Session.bot_request`)::

    {"fn": "decide" | "hint", "record": <engine game record>, "seat": 1,
     "level": "normal", "seed": 1234, "stamp": "1:5"}

and, for a hint while the player picks cards to put back, ``"picks": ["4S"]``.

The answer: ``{"action": "bid 7H", "reason": "..."}``; a hint's also has ``"actions"`` and
``"reasons"``, every card still to put back while the player takes the kitty (else the one).  When :func:`answer` fails
(a bug of ours), :func:`fallbacks` of the request ask ever simpler bots instead.

The hand review (built by :meth:`app.review.review.Review.request`) asks for one piece of
the double-dummy analysis of a finished hand at a time (see :mod:`bots.review`)::

    {"fn": "review", "record": <record>, "hand": 0, "seat": 0, "serial": 0, "piece": "makeable"}
    ... "piece": "trick", "trick": 3, "guess": 8        (``guess``: the value before, or null)
    ... "piece": "contract", "side": 1

answered ``{"value": 8}`` (the declaring side's tricks from the first lead),
``{"value": [<bots.review.Verdict as a dict>, ...]}`` (the seat's cards in that
trick), each ``null`` if its search ran out of nodes, and ``{"value": <bots.review.Contract
as a dict>}`` (the side's best contract, a lower bound if not settled); or ``{"more": true}``:
the piece's search goes on when it is asked again (:data:`SLICE_NODES`). Each answer also
says the ``nodes`` it searched.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from bots import review
from bots.claim import claim_play
from bots.hints import hints
from bots.registry import make_bot
from engine.actions import discard
from engine.cards import Card
from engine.observation import observe
from engine.record import replay
from engine.rng import SplitMix64

from app.table.session import CLAIM
from app.table.settings import FALLBACK_LEVELS


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Replay the record and ask the bot (or, for 'hint', the hint) for the seat to act;
    for 'review', one piece of the hand's analysis."""
    if request["fn"] == "review":
        return review_piece(request)
    hand = replay(request["record"]).hand
    seat = request["seat"]
    for card in request.get("picks", ()):  # a hint while the player picks the kitty's cards
        hand.apply(discard(Card.parse(card)), seat)
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    if request["fn"] == "hint":
        plan = hints(hand, seat)
        return {"action": str(plan[0].action), "reason": plan[0].reason,
                "actions": [str(d.action) for d in plan], "reasons": [d.reason for d in plan]}
    obs = observe(hand, seat)
    if request["level"] == CLAIM:
        return {"action": str(claim_play(obs)), "reason": "the rest of the tricks are claimed"}
    decision = make_bot(request["level"], SplitMix64(request["seed"])).decide(obs)
    return {"action": str(decision.action), "reason": decision.reason}


SLICE_NODES: Final = 50_000
"""Nodes one answer of the review may search: a piece that needs more answers ``more`` and is
asked again (its solver and table kept, so the search goes on from where it was), so that the
player's input waits for one slice at most, never for a whole piece."""


def review_piece(request: dict[str, Any]) -> dict[str, Any]:
    """One slice of a piece of the review of a finished hand of the record: ``{"value": ...}``
    (plain data), or ``{"more": True}`` when the piece needs another slice, answered by the
    hand's :class:`bots.review.Analysis`, kept for the next piece while the hand is the same."""
    global _analysis
    record, number = request["record"], request["hand"]
    if _analysis is None or _analysis[1] != number or _analysis[0] != record:
        _analysis = record, number, review.Analysis(replay(record).hands[number]), {}
    analysis, spent = _analysis[2], _analysis[3]
    before = analysis.searched
    done, value = work_on(analysis, spent, request, SLICE_NODES)
    nodes = analysis.searched - before
    return {"value": value, "nodes": nodes} if done else {"more": True, "nodes": nodes}


def work_on(analysis: review.Analysis, spent: dict[tuple[Any, ...], int], piece: dict[str, Any],
            nodes: int) -> tuple[bool, Any]:
    """A slice of ``nodes`` of a review piece (``piece``, ``trick``, ``side``, ``seat``,
    ``guess`` as in a request) on ``analysis``: (True, its value as plain data) once
    answered, (False, None) when it needs another slice.  ``spent``: the nodes each piece
    was given so far; a piece given :data:`bots.review.NODE_LIMIT` in all answers None."""
    kind = piece["piece"]
    key = (kind, piece.get("trick"), piece.get("side"))
    spent[key] = spent.get(key, 0) + nodes
    value: Any
    if kind == "makeable":
        value = analysis.makeable(nodes)
    elif kind == "trick":
        verdicts = analysis.trick_verdicts(piece["trick"], piece["seat"], piece.get("guess"), nodes)
        value = None if verdicts is None else [asdict(v) for v in verdicts]
    elif kind == "contract":
        return True, asdict(analysis.best_contract(piece["side"]))
    else:
        raise ValueError(f"no review piece {kind!r}")
    return value is not None or spent[key] >= review.NODE_LIMIT, value


_analysis: tuple[dict[str, Any], int, review.Analysis, dict[tuple[Any, ...], int]] | None = None
"""The record, the hand and the analysis the last review piece was of, and the nodes each
piece was given."""


def fallbacks(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The same request for ever simpler bots, to ask in turn when a bot fails: a hint's,
    and a claimed hand's card, from the normal bot down."""
    level = "normal" if request["fn"] == "hint" or request["level"] == CLAIM else FALLBACK_LEVELS.get(request["level"])
    chain = []
    while level is not None:
        chain.append({**request, "fn": "decide", "level": level})
        level = FALLBACK_LEVELS.get(level)
    return chain
