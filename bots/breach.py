"""Whether a defender calls breach (the breach rule), for the normal and expert bots.

A defender calls breach when its own count of sure tricks defending (the
contract's trumps, :func:`bots.evaluation.sure_tricks`) reaches the breach
figure by itself: five against a seven, four against an eight, three against a
nine, two against a ten.  Against a misere it never calls: its own cards say
little of the three tricks the bidder would have to take.
"""

from __future__ import annotations

from engine.actions import BREACH, PASS
from engine.breach import breach_figure
from engine.cards import mask_of
from engine.observation import Observation

from bots.evaluation import sure_tricks
from bots.protocol import Decision


def decide(obs: Observation) -> Decision:
    """Breach or pass, by the seat's own sure tricks against the contract."""
    contract = obs.contract
    assert contract is not None
    if contract.is_misere:
        return Decision(PASS, "pass: your cards cannot count the tricks a misère bidder takes")
    need = 12 - contract.tricks
    sure = sure_tricks(mask_of(obs.hand), obs.rules.deck, contract.denomination)
    if sure >= need:
        return Decision(BREACH, f"breach: you hold {sure} sure tricks yourself, and "
                                f"{breach_figure(contract)} breaches {contract.name}")
    return Decision(PASS, f"pass: you count {sure} sure tricks, and a breach needs {need}")
