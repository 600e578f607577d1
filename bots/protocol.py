"""The one protocol every bot follows, so the web game, tests and the arena
use any bot the same way.

A bot is built with its own random generator and decides from an
:class:`~engine.observation.Observation` alone: it never sees a
:class:`~engine.hand.Hand`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from engine.actions import Action
from engine.observation import Observation
from engine.rng import SplitMix64


@dataclass(frozen=True)
class Decision:
    """An action and the reason for it in plain words (shown as a hint)."""

    action: Action
    reason: str


class Bot(ABC):
    """A player: call :meth:`act` with its seat's observation when it is to act."""

    level: str = "bot"

    def __init__(self, rng: SplitMix64) -> None:
        self.rng = rng

    @abstractmethod
    def decide(self, obs: Observation) -> Decision:
        """Choose one of ``obs.legal_actions``, with a reason."""

    def act(self, obs: Observation) -> Action:
        return self.decide(obs).action
