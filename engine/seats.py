"""Names of seats and sides for people (the player sits South, seat 0)."""

from __future__ import annotations

from typing import Final

from engine.rules import Rules

SEAT_NAMES: Final = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}


def seat_name(players: int, seat: int) -> str:
    return SEAT_NAMES[players][seat]


def side_names(rules: Rules) -> list[str]:
    """Names of the scoring sides: partners joined with ' & '."""
    return [" & ".join(seat_name(rules.players, p) for p in range(rules.players)
                       if rules.side_of(p) == s) for s in range(rules.sides)]
