"""Answering the bots' requests: plain data in, plain data out.

A request (built by :meth:`app.session.Session.bot_request`)::

    {"fn": "decide" | "hint", "record": <engine game record>, "seat": 1,
     "level": "normal", "seed": 1234, "stamp": "1:5"}

and, for a hint while the player picks cards to put back, ``"picks": ["4S"]``.

The answer: ``{"action": "bid 7H", "reason": "..."}``.  The worker runs
:func:`answer`; when it cannot, the page runs it on :func:`fallback` of the
request, which asks a quick bot instead.
"""

from __future__ import annotations

from typing import Any

from bots.hints import hint
from bots.registry import make_bot
from engine.actions import discard
from engine.cards import Card
from engine.observation import observe
from engine.record import replay
from engine.rng import SplitMix64

from app.settings import FALLBACK_LEVELS


def answer(request: dict[str, Any]) -> dict[str, str]:
    """Replay the record and ask the bot (or, for 'hint', the hint) for the seat to act."""
    hand = replay(request["record"]).hand
    seat = request["seat"]
    for card in request.get("picks", ()):  # a hint while the player picks the kitty's cards
        hand.apply(discard(Card.parse(card)), seat)
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    obs = observe(hand, seat)
    if request["fn"] == "hint":
        decision = hint(obs)
    else:
        decision = make_bot(request["level"], SplitMix64(request["seed"])).decide(obs)
    return {"action": str(decision.action), "reason": decision.reason}


def fallback(request: dict[str, Any]) -> dict[str, Any]:
    """The same request for a bot quick enough for the page's own thread."""
    level = "normal" if request["fn"] == "hint" else FALLBACK_LEVELS.get(request["level"], "normal")
    return {**request, "fn": "decide", "level": level}
