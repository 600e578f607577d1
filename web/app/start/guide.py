"""The first-game guide: four short steps on the table itself, over the top of the felt.

It shows while the "guide" preference is on (app.store.prefs: offered on a first visit's table and
with the page's other settings, kept between visits); "Hide the guide" turns it off, the Rules dialog
turns it on again.  Turned on in the middle of a hand it starts at the step of that part of the
hand.  It never takes the focus from the player's decision.
"""

from __future__ import annotations

from typing import Final

from app.html.tags import button, tag, text
from app.store.prefs import Preferences
from app.table.help import guide_steps
from engine.hand import Phase
from engine.rules import Rules

PREF = "guide"
PHASE_STEPS: Final = {Phase.AUCTION: 0, Phase.DISCARD: 1, Phase.CALL: 1, Phase.BREACH: 1, Phase.JOKER: 3,
                      Phase.PLAY: 2}
"""The step a guide turned on starts at, by the part of the hand on the table: the bidding, the
kitty (and the calls that follow it), the joker's suit, the bowers (the play); else the first."""


class Guide:
    """Which step is shown (None: the guide was just turned on, it starts where the hand is), and
    whether the guide is shown at all (the preference)."""

    def __init__(self, prefs: Preferences) -> None:
        self.prefs = prefs
        self.step: int | None = None

    @property
    def shown(self) -> bool:
        return self.prefs.values.get(PREF, False)

    def act(self, value: str) -> None:
        """'next', 'back', 'open' or 'close' (remembered)."""
        if value == "next":
            self.step = (self.step or 0) + 1
        elif value == "back":
            self.step = max((self.step or 0) - 1, 0)
        elif value in ("open", "close"):
            self.turned(value == "open")

    def turned(self, on: bool) -> None:
        """The preference set (here, from the offer, or among the settings): a guide turned on
        starts at the hand's current step."""
        self.step = None
        self.prefs.set(PREF, on)

    def html(self, rules: Rules, phase: Phase | None = None) -> str:
        """The guide's current step, or '' when it is hidden; ``phase``: the part of the hand on
        the table, where a guide just turned on starts."""
        if not self.shown:
            return ""
        steps = guide_steps(rules)
        if self.step is None:
            self.step = PHASE_STEPS.get(phase, 0) if phase is not None else 0
        self.step = min(self.step, len(steps) - 1)
        step, last = steps[self.step], self.step == len(steps) - 1
        buttons = (button("Back", "guide", "back", key="guide-back", cls="btn ghost", disabled=self.step == 0)
                   + button("Done" if last else "Next", "guide", "close" if last else "next", key="guide-next",
                            cls="btn")
                   + button("Hide the guide", "guide", "close", key="guide-close", cls="btn ghost"))
        title = text("h2", f"First game, {self.step + 1} of {len(steps)}: {step.title}", id="guide-title")
        return tag("aside", title + text("p", step.text) + tag("div", buttons, class_="row"),
                   class_="guide", aria_labelledby="guide-title")

    @staticmethod
    def offer() -> str:
        """A first visit's offer, where the guide would show: the guide, or no thanks (either
        remembered)."""
        words = tag("p", text("strong", "New to Five Hundred?", id="guide-offer-title")
                    + " A short guide on the table explains each part of your first hand as it comes.")
        buttons = (button("Show me the guide", "guide", "open", key="guide-offer-yes", cls="btn")
                   + button("No thanks", "guide", "close", key="guide-offer-no", cls="btn ghost"))
        return tag("aside", words + tag("div", buttons, class_="row"), class_="guide guide-offer",
                   aria_labelledby="guide-offer-title")
