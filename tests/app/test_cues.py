"""The table's sound cues (web/app/table/cues.py): one for each card played, trick won and contract
made or set, none for a game just opened; and none at all with sounds off."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.table.answers import answer  # noqa: E402
from app.table.cues import Cues  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.worker.controller import App  # noqa: E402
from engine.deal import DealCode  # noqa: E402


def play_hand(session: Session, cues: Cues) -> list[str]:
    """Each action of one hand by the bots (the player's seat on auto-play), and the cue after it."""
    heard = []
    while session.state not in ("hand-over", "game-over"):
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
        heard.append(cues.after(session.match))
    return heard


def test_each_card_and_trick_has_its_cue_and_the_last_trick_says_made_or_set() -> None:
    for seed in range(1, 8):
        session = Session({**default_settings(), "autoplay": True}, DealCode(seed, 0))
        cues = Cues()
        assert cues.after(session.match) == ""  # the first look: a game opened, no sound
        heard = play_hand(session, cues)
        hand, result = session.hand, session.hand.result
        assert result is not None
        plays = sum(a.played_card is not None for _, a in hand.history)
        if result.made is None:  # thrown in, or all passed and played in no trumps
            assert heard.count("trick") == len(hand.tricks)
            continue
        assert heard[-1] == ("made" if result.made else "set")
        assert heard.count("trick") == len(hand.tricks) - 1
        assert heard.count("card") == plays - len(hand.tricks)
        assert heard.count("") == len(hand.history) - plays  # bids, the kitty: silent
        session.next_hand()
        assert cues.after(session.match) == ""  # a new deal: silent until a card is played


def test_no_cue_for_another_game_or_with_sounds_off() -> None:
    cues = Cues()
    first = Session({**default_settings(), "autoplay": True}, DealCode(3, 0))
    cues.after(first.match)
    play_hand(first, Cues())
    assert cues.after(Session(default_settings(), DealCode(4, 0)).match) == ""
    assert cues.after(None) == ""
    app = App()
    app.dispatch("set:autoplay", "on")
    app.dispatch("start", "1-0-5")
    app.sound()
    heard = []
    while app.session is not None and app.session.state not in ("hand-over", "game-over"):
        request = app.bot_request()
        assert request is not None
        app.bot_answer(request, answer(request))
        heard.append(app.sound())
        if len(heard) == 30:
            app.dispatch("pref:sound", "off")
    assert "card" in heard[:30] and set(heard[30:]) == {""} and len(heard) > 40
