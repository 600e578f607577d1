"""bench/misere_chances.py: closed misères forced and played out, by the bidder's danger."""

from __future__ import annotations

import sys
from pathlib import Path

from bots.evaluation import misere_fit
from engine.cards import mask_of
from engine.hand import Phase
from engine.rules import PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import misere_chances  # noqa: E402


def test_the_seat_of_least_danger_bids_the_misere_over_the_openers_seven() -> None:
    rules = PRESETS["standard"]
    found = [misere_chances.forced(rules, seed) for seed in range(6)]
    assert any(f is not None for f in found)
    for f in found:
        if f is None:
            continue
        hand, danger = f
        opener, first = hand.history[0]
        assert first.bid is not None and first.bid.tricks == 7
        declarer = hand.declarer
        assert declarer != opener and hand.contract is not None and hand.contract.is_misere
        assert hand.phase != Phase.AUCTION
        dangers = [misere_fit(mask_of(hand.deal.hands[s]), rules.deck, 2) for s in range(4) if s != opener]
        assert danger == int(min(dangers))


def test_a_played_misere_is_tallied_at_its_danger() -> None:
    result = misere_chances.deal_result((PRESETS["standard"], 3, 0, "normal"))
    assert result is not None
    danger, made = result
    assert misere_chances.tally([result, None], 99) == {danger: (1, int(made))}
    # dangers past the table's end counted at its end, in order of danger
    assert list(misere_chances.tally([(9, True), (1, False), None, (5, False), (1, True)], 5).items()) == [
        (1, (2, 1)), (5, (2, 1))]
