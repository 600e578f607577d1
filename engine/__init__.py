"""The rules engine of 500 (Five Hundred): pure Python, no dependencies."""

from engine.actions import Action
from engine.bids import Bid
from engine.cards import Card
from engine.deal import Deal, DealCode, deal_cards
from engine.errors import (DealCodeError, FiveHundredError, IllegalActionError,
                           InvalidActionError, NotYourTurnError, PositionError, RecordError,
                           RulesError)
from engine.hand import Hand, Phase, Trick
from engine.match import Match
from engine.rules import PRESETS, Rules, find_preset
from engine.scoring import HandResult
from engine.table import Sides, Table

__version__ = "0.1.0"

__all__ = [
    "Action", "Bid", "Card", "Deal", "DealCode", "DealCodeError", "FiveHundredError", "Hand",
    "HandResult", "IllegalActionError", "InvalidActionError", "Match", "NotYourTurnError",
    "PRESETS", "Phase", "PositionError", "RecordError", "Rules", "RulesError", "Sides", "Table",
    "Trick", "deal_cards", "find_preset",
]
