"""Who is who at the table: the bots named as people per table size, one name a seat; the
player's partner marked at their seat in words, not by colour alone; names derived from the
table's size, so a game saved before reads the same."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.render import table  # noqa: E402
from app.table.session import TABLE_NAMES, Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.rules import PRESETS  # noqa: E402


def seats(preset: str) -> list[tuple[str, str, bool]]:
    rules = PRESETS[preset]
    settings = {**default_settings(), "rules": str(rules), "levels": ["human"] + ["normal"] * (rules.players - 1)}
    return [(s.name, s.who.split(" · ")[0], s.partner) for s in table_view(Session(settings, DealCode(1, 1))).seats]


def test_each_table_size_names_its_bots_and_marks_the_partner() -> None:
    assert seats("standard") == [("South", "You", False), ("West", "Sam", False), ("North", "Jim", True),
                                 ("East", "Tina", False)]
    assert seats("cutthroat") == [("South", "You", False), ("West", "Sam", False), ("East", "Tina", False)]
    assert not any(partner for _, _, partner in seats("five-handed"))  # partners are called hand by hand
    six = seats("six-handed")
    assert [name for name, _, partner in six if partner] == ["North-West", "North-East"]  # every other seat
    for players, names in TABLE_NAMES.items():
        assert len(names) == players == len(set(names))


def test_the_partner_is_marked_in_words_at_the_seat() -> None:
    settings = default_settings()
    arena = table(table_view(Session(settings, DealCode(1, 1))))["arena"]
    north = arena[arena.index('class="seat seat-north'):]
    north = north[:north.index("</section>")]
    assert '<span class="partner-tag">Partner</span>' in north and 'aria-label="North, your partner: Jim' in north
    assert arena.count("partner-tag") == 1
