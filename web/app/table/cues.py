"""Which sound the table calls for after a change: 'card' (a card played), 'trick' (a trick won),
'made' or 'set' (the contract made, or defeated); the page plays it (web/sound.js)."""

from __future__ import annotations

from typing import Final

from engine.match import Match

CUES: Final = ("card", "trick", "made", "set")


class Cues:
    """Remembers what the table showed at the last look, to say what is new since."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.seen = (0, 0, 0)
        """Hands begun, actions and tricks of the last one."""

    def after(self, match: Match | None) -> str:
        """The cue for what happened since the last call, the weightiest of them; '' for none,
        and for a game just opened or another hand (a resumed game makes no sound)."""
        if match is None or not match.hands:
            self.match = None
            return ""
        hand = match.hand
        now = (len(match.hands), len(hand.history), len(hand.tricks))
        before, same = self.seen, match is self.match
        self.match, self.seen = match, now
        if not same or now[0] != before[0] or now[1] <= before[1]:
            return ""
        result = hand.result if hand.is_over else None  # over now, and not at the last look
        if result is not None and result.made is not None:
            return "made" if result.made else "set"
        if now[2] > before[2]:
            return "trick"
        if any(action.played_card is not None for _, action in hand.history[before[1]:]):
            return "card"
        return ""
