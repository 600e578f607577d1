"""The rules engine of 500 (Five Hundred): pure Python, no dependencies."""

from engine.actions import Action
from engine.bids import Bid
from engine.cards import Card
from engine.deal import Deal, DealCode, deal
from engine.errors import (DealCodeError, FiveHundredError, IllegalActionError,
                           InvalidActionError, NotYourTurnError, RecordError, RulesError)
from engine.hand import Hand, Phase, Trick
from engine.rules import PRESETS, Rules, find_preset
from engine.scoring import HandResult

__version__ = "0.1.0"

__all__ = [
    "Action", "Bid", "Card", "Deal", "DealCode", "DealCodeError", "FiveHundredError", "Hand",
    "HandResult", "IllegalActionError", "InvalidActionError", "NotYourTurnError", "PRESETS", "Phase",
    "RecordError", "Rules", "RulesError", "Trick", "deal", "find_preset",
]
