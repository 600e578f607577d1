"""Errors by cause, all ``ValueError``s."""


class FiveHundredError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidActionError(FiveHundredError):
    """Text that cannot be parsed as a card, bid or action."""


class IllegalActionError(FiveHundredError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """An action by a seat that is not the one to act."""


class RulesError(FiveHundredError):
    """A rules string that cannot be parsed, or an illegal combination of options."""


class DealCodeError(FiveHundredError):
    """A deal code that is malformed or from an unknown version."""


class RecordError(FiveHundredError):
    """A game record that is corrupt, of an unknown version, or not replayable."""


class PositionError(FiveHundredError):
    """A position that cannot be set up: a card twice, a card not in the deck, wrong
    counts for the table, or a position text that does not parse or replay."""
