"""Convention cards on the table: chosen on the start screen where partners play, each
call's meaning in the auction, the rules page naming both sides' cards, links keeping them."""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from app.start.form import StartForm  # noqa: E402
from app.store.links import deal_link, decode  # noqa: E402
from app.table import render as table_render  # noqa: E402
from app.table.help import rules_help  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.table.view import table_view  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rules import Convention, Rules  # noqa: E402
from tests.app.test_view import bots_play  # noqa: E402

from bots import conventions  # noqa: E402

CARDS_TABLE = "standard,convention=joker-6nt,their_convention=ace-showing,raise_own_bid=on"


def test_the_start_screen_offers_cards_where_partners_play_and_ace_showing_sets_its_rules() -> None:
    form = StartForm()
    names = {o.name for g in form.view().groups for o in g.options}
    assert {"convention", "their_convention"} <= names
    form.set("rule:their_convention", "ace-showing")
    assert form.rules.their_convention == Convention.ACE_SHOWING and form.rules.raise_own_bid
    assert form.rules.bid_after_pass
    form.set("table", "cutthroat")
    assert not {"convention", "their_convention"} & {o.name for g in form.view().groups for o in g.options}


def test_the_rules_page_shows_both_sides_cards() -> None:
    bidding = next(s for s in rules_help(Rules.parse(CARDS_TABLE)) if s.title == "Bidding")
    words = " ".join(bidding.paragraphs)
    assert "Your side's convention card, Joker 6NT" in words
    assert "The other side's convention card, Ace-showing" in words


def test_a_deal_link_keeps_the_cards() -> None:
    link = decode(deal_link(Rules.parse(CARDS_TABLE), DealCode(5, 1)))
    assert link is not None and Rules.parse(link.rules) == Rules.parse(CARDS_TABLE)


def test_each_call_in_the_auction_says_what_it_showed_by_its_sides_card() -> None:
    shown = []
    for n in range(1, 9):
        settings = {**default_settings(), "rules": CARDS_TABLE, "autoplay": True}
        session = bots_play(Session(settings, DealCode(n, 1)),
                            until=lambda s: s.hand.phase.name != "AUCTION")
        obs = observe(session.hand, 0)
        calls = [(s, a) for s, a in obs.history if a is not None and (a.bid is not None or a.name == "pass")]
        view = table_view(session)
        for i, call in enumerate(view.auction):
            seat, action = calls[i]
            assert call.shows == (conventions.meaning(obs.rules, calls[:i], seat, action) or "")
            if call.shows:
                shown.append(call.shows)
                html = "".join(table_render.table(view).values())
                words = escape(call.shows.partition(": ")[2])
                assert f"showing {words}" in html and f"by their card, {words}" in html  # its name, its popover
    assert shown  # some call showed something under these cards


def test_a_tournament_keeps_the_cards_chosen_for_it() -> None:
    form = StartForm()
    form.set("table", "tournament")
    form.set("rule:convention", "joker-6nt")
    rules = Rules.parse(form.checked()["rules"])
    assert rules.convention == Convention.JOKER_6NT and rules.target == 0
