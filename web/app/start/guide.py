"""The first-game guide: four short steps on the table itself, over the top of the felt.

It shows while the "guide" preference is on (app.store.prefs: offered with the page's other
settings, kept between visits); "Hide the guide" turns it off, the Rules dialog turns it on
again.  It never takes the focus from the player's decision.
"""

from __future__ import annotations

from app.html.tags import button, tag, text
from app.store.prefs import Preferences
from app.table.help import guide_steps
from engine.rules import Rules

PREF = "guide"


class Guide:
    """Which step is shown, and whether the guide is shown at all (the preference)."""

    def __init__(self, prefs: Preferences) -> None:
        self.prefs, self.step = prefs, 0

    @property
    def shown(self) -> bool:
        return self.prefs.values.get(PREF, False)

    def act(self, value: str) -> None:
        """'next', 'back', 'open' (from the first step) or 'close' (remembered)."""
        if value == "next":
            self.step += 1
        elif value == "back":
            self.step = max(self.step - 1, 0)
        elif value in ("open", "close"):
            self.step = 0
            self.prefs.set(PREF, value == "open")

    def html(self, rules: Rules) -> str:
        """The guide's current step, or '' when it is hidden."""
        if not self.shown:
            return ""
        steps = guide_steps(rules)
        self.step = min(self.step, len(steps) - 1)
        step, last = steps[self.step], self.step == len(steps) - 1
        buttons = (button("Back", "guide", "back", key="guide-back", cls="btn ghost", disabled=self.step == 0)
                   + button("Done" if last else "Next", "guide", "close" if last else "next", key="guide-next",
                            cls="btn")
                   + button("Hide the guide", "guide", "close", key="guide-close", cls="btn ghost"))
        title = text("h2", f"First game, {self.step + 1} of {len(steps)}: {step.title}", id="guide-title")
        return tag("aside", title + text("p", step.text) + tag("div", buttons, class_="row"),
                   class_="guide", aria_labelledby="guide-title")
