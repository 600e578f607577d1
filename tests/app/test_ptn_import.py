"""A Trickster Cards PTN record imported as a game file (web/app/store/saves.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.ptn import SAMPLE

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store.saves import SaveError, parse_game_file  # noqa: E402


def test_a_ptn_record_is_a_game_file() -> None:
    game = parse_game_file("\n" + SAMPLE)
    assert game.match.totals == (340, 510) and game.match.is_over
    assert game.settings["rules"] == str(game.match.rules)


@pytest.mark.parametrize(("text", "why"), [
    ('[Event "x"]\n[GameCode "Bridge"]\n', "not a record of 500: the game is 'Bridge'"),
    (SAMPLE.replace("C7 CQ JH C5", "C7 CQ JH C4"), "does not replay here"),
])
def test_a_ptn_record_we_cannot_play_says_why(text: str, why: str) -> None:
    with pytest.raises(SaveError, match=why):
        parse_game_file(text)
