"""The kitty on the table: face down in the middle while the players bid, named for screen
readers, gone from there once the auction is over (web/motion.js sends it to the declarer)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.answers import answer  # noqa: E402
from app.table.render import table  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.rules import PRESETS  # noqa: E402

KITTY = '<div class="kitty" role="img" aria-label="The kitty: {} face down" data-key="kitty">'


def test_the_kitty_lies_face_down_in_the_middle_until_the_auction_ends() -> None:
    for preset, words in (("standard", "3 cards"), ("american", "5 cards")):
        rules = PRESETS[preset]
        settings = {**default_settings(), "rules": str(rules), "autoplay": True}
        session = Session(settings, DealCode(3, 1))
        arena = table(table_view(session))["arena"]
        center = arena[arena.index('class="center"'):]
        assert KITTY.format(words) in center and center.count('class="kitty-card') == rules.kitty_size
        while session.hand.phase == Phase.AUCTION:
            request = session.bot_request()
            assert request is not None
            session.apply_bot(request, answer(request))
        assert 'class="kitty"' not in table(table_view(session))["arena"]
