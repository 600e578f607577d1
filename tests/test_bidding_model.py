"""The bidding model: its data pipeline end to end on a few deals, and the
shipped fit."""

from __future__ import annotations

import sys
from pathlib import Path

from bots import bidmodel
from engine import PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bidding_data  # noqa: E402
import bidding_fit  # noqa: E402


def test_pipeline_solves_deals_fits_and_writes_a_model_the_bots_read(tmp_path: Path) -> None:
    rules = PRESETS["standard"]
    written = bidding_data.generate("standard", 3, range(2), 1, tmp_path, jobs=1)
    assert sorted(written) == [0, 1]
    assert bidding_data.generate("standard", 3, range(2), 1, tmp_path, jobs=1) == []  # resumes
    deals = bidding_data.load(tmp_path)
    assert [d["seed"] for _, d in deals] == [bidding_data.derive_seed(3, i) for i in range(2)]
    solved = [t for _, d in deals for row in d["tricks"] for t in row if t != -2]
    assert solved and all(bidmodel.FLOOR - 1 <= t <= 10 or t == -1 for t in solved)
    rows = list(bidding_fit.rows(deals))
    assert rows and {r.situation for r in rows} <= set(bidmodel.SITUATIONS)
    fits = bidding_fit.fit_sets(rows, rows)
    for name, table in fits.items():
        model = bidmodel.parse(bidding_fit.model_file(rules, table, name))
        for (shape, nt), fit in model.items():
            assert shape == bidmodel.shape(rules)
            for r in rows:
                if r.nt == nt:
                    p = fit.chances(r.x[1:], r.x[0])
                    assert all(0 <= b <= a <= 1 for a, b in zip(p, p[1:])), p
