"""Hints as the player reads them: card names, never engine codes, each thing said once."""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from app.table.answers import answer  # noqa: E402
from app.table.session import PLAYER, Session, hint_text  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.hand import Phase  # noqa: E402

CODE = re.compile(r"\b(?:10|[2-9AKQJ])[SCDH]\b|\bJK\b", re.IGNORECASE)
"""An engine card code ('8h', 'AD', 'JK') in running text."""


def bots_to_player(session: Session) -> Session:
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))
    return session


def hint(session: Session) -> str:
    request = session.bot_request("hint")
    assert request is not None
    session.show_hint(request, answer(request))
    assert session.hint is not None
    return session.hint.text


def test_a_hint_names_its_action_once() -> None:
    assert (hint_text(Action.parse("bid 6NT", True), "bid six no trumps: you count about 6 tricks")
            == "Hint: bid six no trumps: you count about 6 tricks.")
    assert (hint_text(Action.parse("AD"), "cash the ace of diamonds: nobody can beat it")
            == "Hint: cash the ace of diamonds: nobody can beat it.")
    assert (hint_text(Action.parse("JH"), "lead the right bower to draw trumps: the opponents may still hold 8H")
            == "Hint: play jack of hearts. Lead the right bower to draw trumps: the opponents may still hold 8H.")


def test_the_kitty_hint_names_every_card_still_to_put_back() -> None:
    """The player bids ten no trumps (nobody can bid higher) and takes the kitty: the hint names
    the three cards to put back, then, one picked, the two left."""
    session = bots_to_player(Session(default_settings(), DealCode(7, 3)))
    session.bid("bid 10NT")
    bots_to_player(session)
    assert session.hand.phase == Phase.DISCARD and session.hand.to_act == PLAYER
    for picked in range(session.rules.kitty_size):
        text = hint(session)
        assert session.hint is not None
        cards = [Action.parse(a).discarded_card for a in session.hint.actions]
        assert len(set(cards)) == session.rules.kitty_size - picked, session.hint
        for card in cards:
            assert card is not None and card not in session.picks and card.name in text, text
        assert not CODE.search(text), text
        first = cards[0]
        assert first is not None
        session.tap(int(first))
    assert len(session.picks) == session.rules.kitty_size


def test_no_partner_at_a_table_without_teams() -> None:
    for seed in range(6):
        session = bots_to_player(Session(default_settings("two-handed"), DealCode(seed, 1)))
        if session.hand.phase == Phase.AUCTION:
            text = hint(session)
            assert "partner" not in text and not CODE.search(text), text


def test_card_play_hints_say_card_names() -> None:
    """The expert's hints in play (from sampled deals), taken as the player would see them."""
    session = Session(default_settings(), DealCode(3, 0))
    seen = 0
    while session.state in ("you", "bot") and seen < 3:
        if session.state == "bot":
            bots_to_player(session)
        elif session.hand.phase == Phase.AUCTION:
            session.bid("pass")
        else:
            text = hint(session)
            assert not CODE.search(text), text
            if " 0 of " in text:
                assert "no other card does better" in text or "against" in text, text
            session.match.apply(answer(session.bot_request("hint") or {})["action"], PLAYER)
            seen += 1
    assert seen == 3
