"""Answering the bots' requests: plain data in, plain data out.

A request (built by :meth:`app.session.Session.bot_request`)::

    {"fn": "decide" | "hint", "record": <engine game record>, "seat": 1,
     "level": "normal", "seed": 1234, "stamp": "1:5"}

and, for a hint while the player picks cards to put back, ``"picks": ["4S"]``.

The answer: ``{"action": "bid 7H", "reason": "..."}``.  The worker runs
:func:`answer`; when it cannot, the page runs it on :func:`fallback` of the
request, which asks a quick bot instead.

The hand review (built by :meth:`app.review.Review.request`) asks for one piece of
the double-dummy analysis of a finished hand at a time (see :mod:`bots.review`)::

    {"fn": "review", "record": <record>, "hand": 0, "seat": 0, "serial": 0, "piece": "makeable"}
    ... "piece": "trick", "trick": 3, "guess": 8        (``guess``: the value before, or null)
    ... "piece": "tricks", "side": 1, "denomination": 4

answered ``{"value": 8}`` (the declaring side's tricks from the first lead),
``{"value": [<bots.review.Verdict as a dict>, ...]}`` (the seat's cards in that
trick) and ``{"value": 9}`` (the side's tricks in that denomination, -1 if no
contract there beats the auction); each ``null`` if its search ran out of nodes.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from bots import review
from bots.claim import claim_play
from bots.hints import hint
from bots.registry import make_bot
from engine.actions import discard
from engine.cards import Card
from engine.observation import observe
from engine.record import replay
from engine.rng import SplitMix64

from app.session import CLAIM
from app.settings import FALLBACK_LEVELS


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Replay the record and ask the bot (or, for 'hint', the hint) for the seat to act;
    for 'review', one piece of the hand's analysis."""
    if request["fn"] == "review":
        return {"value": review_piece(request)}
    hand = replay(request["record"]).hand
    seat = request["seat"]
    for card in request.get("picks", ()):  # a hint while the player picks the kitty's cards
        hand.apply(discard(Card.parse(card)), seat)
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    obs = observe(hand, seat)
    if request["fn"] == "hint":
        decision = hint(obs)
    elif request["level"] == CLAIM:
        return {"action": str(claim_play(obs)), "reason": "the rest of the tricks are claimed"}
    else:
        decision = make_bot(request["level"], SplitMix64(request["seed"])).decide(obs)
    return {"action": str(decision.action), "reason": decision.reason}


def review_piece(request: dict[str, Any]) -> Any:
    """One piece of the review of a finished hand of the record (plain data)."""
    hand = replay(request["record"]).hands[request["hand"]]
    piece = request["piece"]
    if piece == "makeable":
        return review.makeable(hand)
    if piece == "trick":
        verdicts = review.trick_verdicts(hand, request["trick"], request["seat"], request.get("guess"))
        return None if verdicts is None else [asdict(v) for v in verdicts]
    if piece == "tricks":
        return review.denomination_tricks(hand, request["side"], request["denomination"])
    raise ValueError(f"no review piece {piece!r}")


def fallback(request: dict[str, Any]) -> dict[str, Any]:
    """The same request for a bot quick enough for the page's own thread."""
    level = "normal" if request["fn"] == "hint" else request["level"] if request["level"] == CLAIM else (
        FALLBACK_LEVELS.get(request["level"], "normal"))
    return {**request, "fn": "decide", "level": level}
