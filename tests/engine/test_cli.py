"""The command line: deal and replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import PRESETS, DealCode, deal_cards
from engine.__main__ import main
from engine.cards import format_cards
from engine.match import Match
from engine.record import dumps
from engine.rng import SplitMix64
from tests.playout import play_match

ROOT = Path(__file__).resolve().parents[2]


class TestDealCommand:
    def test_prints_every_hand_and_kitty(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["deal", "1-0-k3x9a"]) == 0
        out = capsys.readouterr().out
        d = deal_cards(PRESETS["standard"], DealCode.parse("1-0-k3x9a"))
        for cards in (*d.hands, d.kitty):
            assert format_cards(sorted(cards)) in out

    def test_two_handed_piles(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["deal", "1-1-zz", "--rules", "two-handed"]) == 0
        assert capsys.readouterr().out.count("piles") == 2

    def test_bad_code(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["deal", "1-0-!!"]) == 1
        assert "not a deal code" in capsys.readouterr().err

    def test_runs_as_module(self) -> None:
        out = subprocess.run([sys.executable, "-m", "engine", "deal", "1-2-abc"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        assert "dealer North" in out


class TestReplayCommand:
    def record(self, tmp_path: Path) -> tuple[Path, Match]:
        match = Match(PRESETS["standard"], DealCode(31, 0))
        play_match(match, SplitMix64(8), max_hands=4)
        path = tmp_path / "game.json"
        path.write_text(dumps(match))
        return path, match

    def test_text_sheet(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path, match = self.record(tmp_path)
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        last = match.sheet[-1].totals
        assert all(str(t) in out for t in last)

    def test_json_sheet(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path, match = self.record(tmp_path)
        assert main(["replay", str(path), "--json"]) == 0
        sheet = json.loads(capsys.readouterr().out)
        assert [h["totals"] for h in sheet["hands"]] == [list(r.totals) for r in match.sheet]

    def test_tampered_record(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path, _ = self.record(tmp_path)
        data = json.loads(path.read_text())
        data["hands"][0]["actions"].insert(0, "bid 6S")
        data["hands"][0]["actions"].insert(0, "bid 7S")
        path.write_text(json.dumps(data))
        assert main(["replay", str(path)]) == 1
        assert "hand 1, action 2" in capsys.readouterr().err

    def test_missing_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["replay", str(tmp_path / "nope.json")]) == 2
        assert "cannot read" in capsys.readouterr().err
