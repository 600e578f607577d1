"""HTML of the views (web/app/html/, web/app/table/render.py, dialogs.py) and the controller
(web/app/worker/controller.py)."""
from __future__ import annotations

import re
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html import svg  # noqa: E402
from app.table import render as table_render  # noqa: E402
from app.table.dialogs import score_sheet  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.model import SheetRow, SheetView  # noqa: E402
from app.table.view import card_view  # noqa: E402
from app.worker.controller import App  # noqa: E402
from app.store.saves import CANNOT_SAVE_FULL, SAVED_AGAIN  # noqa: E402
from app.worker import render  # noqa: E402
from engine.decks import Deck  # noqa: E402
from engine.hand import Phase  # noqa: E402
from engine.record import replay  # noqa: E402

VOID = {"input", "use", "rect", "path", "circle"}


class Markup(HTMLParser):
    """Start tags with their attributes, text inside buttons, and a check that tags nest."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.stack: list[str] = []
        self.buttons: list[tuple[dict[str, str], str]] = []
        self.feed(html)
        self.close()
        assert self.stack == [], f"unclosed: {self.stack}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag == "button":
            self.buttons.append((attributes, ""))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if "button" in self.stack and self.buttons:
            attributes, text = self.buttons[-1]
            self.buttons[-1] = (attributes, text + data)


def check(html: str) -> Markup:
    """Well nested, no inline style (the site's CSP forbids it), every button named."""
    markup = Markup(html)
    assert all("style" not in attrs for _, attrs in markup.tags)
    for attrs, text in markup.buttons:
        assert attrs.get("aria-label") or text.strip(), attrs
        assert attrs.get("type") in ("button", "submit")
    return markup


def drive(app: App) -> None:
    """Let the bots act until the player must act."""
    while (request := app.bot_request()) is not None:
        assert app.bot_answer(request, answer(request))


def test_start_screen_markup() -> None:
    app = App()
    html = app.regions()["start"]
    markup = check(html)
    assert any(t == "select" and a.get("data-action") == "set:rule:deck" for t, a in markup.tags)
    assert 'id="deal-code"' in html and "How this table plays" in html
    app.dispatch("start", "1-0-?")
    assert "Deal code: not a deal code: &#x27;1-0-?&#x27;" in app.regions()["start"]
    assert app.screen == "start"


def test_table_markup_through_a_hand() -> None:
    app = App()
    app.dispatch("start", "1-3-2")
    assert app.screen == "table" and app.marker == "you"
    regions = app.regions()
    assert set(regions) == {"top", "arena", "panel", "hand", "dialog"}
    for region in regions.values():
        check(region)
    bids = [a for a, _ in Markup(regions["panel"]).buttons if a.get("data-action") == "bid"]
    assert bids[0]["aria-label"] == "6♠ 40 points: six spades" and bids[-1]["data-value"] == "pass"
    cards = [a for a, _ in Markup(regions["hand"]).buttons]
    assert len(cards) == 10 and all(re.fullmatch(r"(\w+ of \w+|joker)", a["aria-label"]) for a in cards)
    app.dispatch("bid", "bid 10NT")
    drive(app)
    assert app.session is not None and app.session.hand.phase == Phase.DISCARD
    hand_html = app.regions()["hand"]
    assert hand_html.count("from the kitty") == 3
    for card in app.session.hand.hand_of(0)[:3]:
        app.dispatch("card", str(int(card)))
    assert 'aria-pressed="true"' in app.regions()["hand"]
    app.dispatch("discard")
    if app.session.hand.phase == Phase.JOKER:  # type: ignore[comparison-overlap]  # mypy keeps the narrowing above
        assert "Keep it without a suit" in app.regions()["panel"]
        app.dispatch("joker", "4")
    html = app.regions()["panel"]
    assert "Your lead." in html
    check(app.regions()["hand"])


def test_dimmed_cards_say_why_when_tapped() -> None:
    app = App(settings={"rules": "standard", "levels": ["human", "normal", "normal", "normal"],
                        "pace_ms": 0, "autoplay": False})
    for code in (f"1-0-{n}" for n in range(1, 60)):
        app.dispatch("new-game")
        app.dispatch("start", code)
        session = app.session
        assert session is not None
        session.set_autoplay(True)
        while app.bot_request() is not None and not (session.hand.phase == Phase.PLAY and session.hand.led >= 0
                                                     and session.hand.to_act == 0):
            request = app.bot_request()
            assert request is not None
            app.bot_answer(request, answer(request))
        session.set_autoplay(False)
        if session.state != "you":
            continue
        markup = Markup(app.regions()["hand"])
        dim = [a for a, _ in markup.buttons if a.get("aria-disabled") == "true"]
        if not dim:
            continue
        assert all(a["aria-label"].endswith("cannot be played now") for a in dim)
        app.dispatch("card", dim[0]["data-value"])
        assert "You can&#x27;t play the" in app.regions()["panel"]
        return
    pytest.fail("no deal with a card the player must not play")


def test_a_notice_at_the_table_is_its_first_sentence_and_the_rest_on_request() -> None:
    """Whole above the table, the storage-full notice took the seats' height on a phone."""
    first, rest = CANNOT_SAVE_FULL.split(". ", 1)
    html = render.app_notice(CANNOT_SAVE_FULL, table=True)
    assert f"<summary>{escape(first)}.</summary> <p>{escape(rest)}</p>" in html
    assert "<details" not in render.app_notice(CANNOT_SAVE_FULL)  # the start screen has the room
    assert "<details" not in render.app_notice(SAVED_AGAIN, table=True)  # one sentence: nothing more


def test_dialogs_new_game_and_export() -> None:
    app = App(seed=lambda: 42)
    app.dispatch("set:pace", "300")
    app.dispatch("start")
    for kind, heading in (("sheet", "Scores"), ("help", "How this table plays"), ("menu", "Menu")):
        app.dispatch("dialog", kind)
        assert f'<h2 id="dialog-title" tabindex="-1" autofocus>{heading}</h2>' in app.regions()["dialog"]
        check(app.regions()["dialog"])
    app.dispatch("dialog", "")
    assert app.regions()["dialog"] == ""
    record = app.export()
    assert record is not None and record["meta"]["settings"]["pace_ms"] == 300
    assert replay(record).first.seed == 42
    app.dispatch("pace", "1200")
    app.dispatch("new-game")
    assert app.screen == "start" and app.form.pace_ms == 1200 and app.export() is None


def test_an_answer_for_an_earlier_game_is_ignored() -> None:
    app = App()
    app.dispatch("start", "1-0-5")  # West bids first
    request = app.bot_request()
    assert request is not None
    app.dispatch("new-game")
    app.dispatch("start", "1-0-5")
    assert not app.bot_answer(request, answer(request))
    assert app.session is not None and app.session.hand.history == []


@pytest.mark.parametrize("deck", list(Deck))
def test_every_card_face_is_well_formed(deck: Deck) -> None:
    for card in deck.cards:
        face = table_render.face(card_view(card))
        Markup(face)
        assert face.startswith('<svg class="cf ') and 'aria-hidden="true"' in face
        assert "<text" not in face  # letters by reference: the button's only text is its name
    Markup(svg.back())
    sprite = svg.sprite()
    assert all(f'id="pip-{s}"' in sprite for s in ("S", "C", "D", "H", "star"))
    assert "<text" not in sprite  # drawn, not set: text is laid out anew for every card drawn (issue 16)
    glyphs = re.findall(r'href="#(glyph-[^"]+)"', "".join(table_render.face(card_view(c)) for c in deck.cards))
    assert set(glyphs) <= set(re.findall(r'<symbol id="(glyph-[^"]+)"', sprite))


def test_the_score_sheet_writes_one_minus_sign() -> None:
    sheet = SheetView(sides=("You & North", "West & East"), short=("You & N", "W & E"), totals=(-150, 40),
                      rows=(SheetRow(number=1, contract="7♥", dealer="North", result="set",
                                     points=(-150, 40), totals=(-150, 40)),), target=500)
    html = score_sheet(sheet)
    assert html.count("−150") == 3 and not re.search(r"(?<!\w)-\d", html)
