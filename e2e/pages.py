"""Page objects: one class per screen, locators in __init__."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from app.html.cards import bid_short, card_name
from app.table.settings import TOURNAMENT
from engine.cards import SUIT_LETTERS, SUIT_NAMES, Card
from engine.rules import Rules
from e2e.scenarios import Step

PYTHON_START_TIMEOUT_MS = 120_000  # Pyodide takes about 4 s here, a minute on this shared machine at its busiest
TURN_TIMEOUT_MS = 30_000  # the bots' turns, with no pause: well under a second each
GAME_TIMEOUT_MS = 240_000  # a whole game played by the bots
HAND_OVER = re.compile("^(hand-over|game-over)$")


def exact(name: str) -> re.Pattern[str]:
    """An accessible name that starts with ``name``, followed by nothing or by a comma."""
    return re.compile(f"^{re.escape(name)}(,|$)")


class App:
    """The readiness contract of web/index.html."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.body = page.locator("body")

    def open(self) -> None:
        self.page.goto("./", wait_until="domcontentloaded")

    def expect_start_usable(self) -> None:
        """The start screen as built takes input (before any Python)."""
        expect(self.body).to_have_attribute("data-start", "usable", timeout=PYTHON_START_TIMEOUT_MS)

    def expect_ready(self) -> None:
        """The app's Python (its one worker) has drawn the first screen."""
        expect(self.body).to_have_attribute("data-ready", "true", timeout=PYTHON_START_TIMEOUT_MS)

    def expect_worker_ready(self) -> None:
        """The app's worker has answered the page."""
        expect(self.body).to_have_attribute("data-worker", "ready", timeout=PYTHON_START_TIMEOUT_MS)

    def expect_answered(self) -> None:
        """The worker has answered every message the page sent it (and the page stored its writes)."""
        expect(self.body).to_have_attribute("data-busy", "no")

    def expect_turn(self, turn: str | re.Pattern[str], timeout: float = TURN_TIMEOUT_MS) -> None:
        """What the game waits for: 'start', 'you', 'bot', 'hand-over', 'game-over'."""
        expect(self.body).to_have_attribute("data-turn", turn, timeout=timeout)


class LoadingScreen:
    """Plain HTML: the progress, when Deal is pressed before Python is ready; or why it could not start."""

    def __init__(self, page: Page) -> None:
        self.root = page.locator("#loading")
        self.heading = self.root.get_by_role("heading", name="Five Hundred")
        self.status = page.locator("#loading-status")
        self.bar = page.locator("#loading-bar")


class StartScreen:
    """The table, its rules, the bots, the pace, auto-play and an optional deal code."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("#start")
        self.deal_button = self.root.get_by_role("button", name="Deal")
        self.deal_code = self.root.get_by_role("textbox", name=re.compile("Deal code"))
        self.table = self.root.get_by_role("combobox", name="Table", exact=True)
        self.pace = self.root.get_by_role("combobox", name="Bot pause")
        self.autoplay = self.root.get_by_role("checkbox", name="Auto-play my hand")
        self.rules = self.root.locator("details.rules-options")
        self.message = self.root.get_by_role("alert")

    def choose_table(self, title: str) -> None:
        """Pick the table whose name starts with ``title`` ('Cutthroat'); wait until the form
        shows its seats (the app's worker redraws it)."""
        options = self.table.locator("option").all_inner_texts()
        self.table.select_option(label=next(o for o in options if o.startswith(title)))
        table = self.table.input_value()
        if table != TOURNAMENT:
            expect(self.root.locator("fieldset.bots select")).to_have_count(Rules.parse(table).players - 1)

    def show_rules(self, shown: bool = True) -> None:
        """Open (or close) the table rules, whichever way another test left them."""
        if (self.rules.get_attribute("open") is not None) != shown:
            self.rules.locator("summary").click()

    def level(self, seat: str) -> Locator:
        return self.root.get_by_role("combobox", name=seat, exact=True)

    def option(self, label: str) -> Locator:
        return self.rules.get_by_label(label, exact=True)

    def start(self, table: str = "Standard", deal: str = "", pace: str = "No pause",
              autoplay: bool = False, level: str = "Normal") -> None:
        """Choose a table and settings, then deal."""
        expect(self.table).to_be_visible()  # not Deal: a tournament chosen in an earlier test shows none
        self.choose_table(table)
        for select in self.root.locator("fieldset.bots select").all():
            select.select_option(label=level)
        self.pace.select_option(label=pace)
        self.autoplay.set_checked(autoplay)
        self.deal_code.fill(deal)
        self.deal_button.click()

    def start_with_rule(self, deal: str, option: str, changed: str, sentence: str = "") -> None:
        """Start a Standard game (normal bots, no pause, no auto-play) on a deal code with the
        usual rules and one table rule ticked; ``changed``: how the rules' summary then reads;
        ``sentence``: what the option's sentence on the start screen says."""
        expect(self.table).to_be_visible()
        self.choose_table("Standard")
        for select in self.root.locator("fieldset.bots select").all():
            select.select_option(label="Normal")
        self.pace.select_option(label="No pause")
        self.autoplay.set_checked(False)
        self.deal_code.fill(deal)
        self.show_rules()
        self.rules.get_by_role("button", name=re.compile("usual rules")).click()
        # the worker's answer first: else it could untick the option after it is ticked
        expect(self.rules.locator("summary")).to_have_text(re.compile(r"usual rules\)$"))
        if sentence:
            expect(self.option(option).locator("xpath=ancestor::div[contains(@class,'option')]")
                   ).to_contain_text(sentence)
        self.option(option).check()
        expect(self.rules.locator("summary")).to_have_text(f"Table rules (changed: {changed})")
        self.deal_button.click()

    def start_tournament(self, rounds: int = 6, level: str = "Normal", pace: str = "No pause",
                         autoplay: bool = False) -> None:
        """Choose a tournament, its rounds and the bots' level, then start it."""
        self.choose_table("Tournament")
        self.root.get_by_role("combobox", name="All seven bots").select_option(label=level)
        self.root.get_by_role("combobox", name="Rounds").select_option(label=f"{rounds} rounds")
        self.pace.select_option(label=pace)
        self.autoplay.set_checked(autoplay)
        self.root.get_by_role("button", name="Start the tournament").click()


class ResumeList:
    """The start screen's games in progress: what each is, Resume, and Delete (after a yes)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("#start section.resume")
        self.games = self.root.locator("li.game-in-progress")
        self.dialog = page.locator("#dialog")

    def show_all(self) -> None:
        """Unfold the games under the last one saved (when there are any)."""
        more = self.root.locator("details.more-games")
        if more.count() and more.get_attribute("open") is None:
            more.locator("summary").click()

    def game(self, index: int) -> Locator:
        """A game of the list, the last saved first (unfolded if need be)."""
        if index:
            self.show_all()
        return self.games.nth(index)

    def texts(self) -> list[str]:
        self.show_all()
        return [" ".join(t.split()) for t in self.games.locator(".game-about").all_inner_texts()]

    def resume(self, index: int = 0) -> None:
        self.game(index).get_by_role("button", name=re.compile("^Resume")).click()

    def delete(self, index: int = 0, confirm: bool = True) -> None:
        """Delete a game: the button, then the dialog's Delete (or Keep it)."""
        self.game(index).get_by_role("button", name=re.compile("^Delete")).click()
        expect(self.dialog.get_by_role("heading", name="Delete this game?")).to_be_visible()
        self.dialog.get_by_role("button", name="Delete" if confirm else "Keep it", exact=True).click()
        expect(self.dialog).to_be_hidden()


class StandingsScreen:
    """A tournament's results after a round: each table, the standings, the next round's tables."""

    def __init__(self, page: Page) -> None:
        self.root = page.locator("#standings")
        self.title = self.root.get_by_role("heading", level=1)
        self.summary = self.root.locator(".standings-summary")
        self.tables = self.root.locator(".round-table")
        self.rows = self.root.get_by_role("table").locator("tbody tr")
        self.next_tables = self.root.locator(".next-tables li")
        self.next_round = self.root.get_by_role("button", name="Next round")

    def standings(self) -> list[list[str]]:
        """The standings table: place, player, this round, total, row by row."""
        return [row.locator("th, td").all_inner_texts() for row in self.rows.all()]


class TableScreen:
    """The table: scores and tools, the seats and the trick, the panel, the player's hand."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.app = App(page)
        self.root = page.locator("#table")
        self.top = page.locator("#top")
        self.arena = page.locator("#arena")
        self.panel = page.locator("#panel")
        self.hand = page.locator("#hand")
        self.cards = self.hand.get_by_role("button")
        self.notice = self.panel.get_by_role("status")
        self.hint_note = page.locator("#hint-note")
        self.play_button = self.panel.get_by_role("button", name=re.compile("^Play"))
        self.put_back = self.panel.get_by_role("button", name=re.compile("^Put back"))
        self.next_hand = self.panel.get_by_role("button", name="Next hand")
        self.call_picker = self.panel.get_by_role("group", name="Cards you can call")
        self.side_totals = self.top.locator(".side-total")
        self.round_bar = self.top.locator(".round-bar")
        self.trick = self.arena.locator(".trick")
        self.dialog = page.locator("#dialog")

    def seat(self, name: str) -> Locator:
        return self.arena.locator(f".seat-{name.lower()}")

    def card(self, name: str) -> Locator:
        """A card of the player's hand by its name ('jack of hearts', 'two of spades (second deck)')."""
        return self.hand.get_by_role("button", name=exact(name))

    def pile_card(self, name: str) -> Locator:
        """A face-up card of the player's piles, as a button (two players, in play)."""
        return self.arena.locator(".piles.me").get_by_role("button", name=exact(name))

    def pile_places(self, place: str) -> list[list[Any]]:
        """A player's piles ('south', 'north'), place by place: the face-up card's name ('' for
        none) and whether a card back shows there; [] once all are gone."""
        places: list[list[Any]] = self.arena.locator(f".piles-{place} .pile").evaluate_all(
            "els => els.map(e => [(e.querySelector('.pile-card, .card')?.getAttribute('aria-label') || '')"
            ".split(',')[0], !!e.querySelector('.pile-back')])")
        return places

    @staticmethod
    def tap(card: Locator, force: bool = False) -> None:
        """Tap a card of the fan where a person would: on its corner index, which overlaps nothing.
        ``force``: tap a card marked aria-disabled (which the page still explains)."""
        card.click(position={"x": 10, "y": 24}, force=force)

    def bid_button(self, text: str) -> Locator:
        """A bid by its action text ('bid 7H', 'pass')."""
        if text == "pass":
            return self.panel.get_by_role("button", name="Pass")
        from engine.actions import Action
        bid = Action.parse(text, True).bid
        assert bid is not None
        return self.panel.get_by_role("button", name=re.compile(f"^{re.escape(bid_short(bid))} [0-9]"))

    def tool(self, name: str) -> Locator:
        return self.top.get_by_role("button", name=name)

    def open_dialog(self, tool: str) -> Locator:
        self.tool(tool).click()
        expect(self.dialog).to_be_visible()
        return self.dialog

    def close_dialog(self) -> None:
        self.dialog.get_by_role("button", name="Close").click()
        expect(self.dialog).to_be_hidden()

    def totals(self) -> list[int]:
        return [int(t.replace("−", "-").replace("+", "")) for t in self.side_totals.all_inner_texts()]

    def take(self, step: Step, way: str = "click") -> None:
        """Carry out one planned decision (see scenarios.py) once it is the player's turn.
        ``way`` of playing a card: 'click' (card, then Play), 'twice' (tap it twice), 'keys'
        (and of calling a partner: 'keys', else a click on the card then Call)."""
        self.app.expect_turn("you")
        kind, value = step
        if kind == "bid":
            self.bid_button(value).click()
        elif kind == "discard":
            for c in value.split():
                self.tap(self.card(card_name(Card.parse(c))))
            self.put_back.click()
        elif kind == "call" and value == "alone":
            self.panel.get_by_role("button", name="Play alone").click()
        elif kind == "call":
            name = card_name(Card.parse(value))
            cell = self.call_picker.get_by_role("button", name=exact(name))
            if way == "keys":  # choose it, then Enter again calls it
                cell.focus()
                cell.press("Enter")
                expect(cell).to_have_attribute("aria-pressed", "true")
                cell.press("Enter")
            else:
                cell.click()
                self.panel.get_by_role("button", name=f"Call the {name}").click()
        elif kind == "joker":
            index = int(value)
            name = "Keep it without a suit" if index == 4 else SUIT_NAMES[index]
            self.panel.get_by_role("button", name=name).click()
        elif kind in ("play", "pile"):
            name = card_name(Card.parse(value))
            card = self.card(name) if kind == "play" else self.pile_card(name)
            if way == "keys":
                card.focus()
                card.press("Enter")
                card.press("Enter")
            elif way == "twice":
                self.tap(card)
                self.tap(card)
            else:
                self.tap(card)
                self.play_button.click()
        elif kind in ("lead-joker", "pile-lead-joker"):
            joker, suit = value.split(":")
            name = card_name(Card.parse(joker))
            self.lead_joker(self.card(name) if kind == "lead-joker" else self.pile_card(name), suit)
        else:
            raise ValueError(step)

    def lead_joker(self, joker: Locator, suit: str) -> None:
        """Lead a suitless joker, naming ``suit`` ('H')."""
        self.tap(joker)
        self.play_button.click()
        expect(self.panel).to_contain_text("name the suit")
        self.panel.get_by_role("button", name=SUIT_NAMES[SUIT_LETTERS.index(suit)]).click()

    def set_pace(self, pace: str = "No pause") -> None:
        """Set the bots' pause ('No pause', '1.2 s'), through the menu."""
        self.open_dialog("Menu").get_by_role("combobox", name="Bot pause").select_option(label=pace)
        self.close_dialog()

    def new_game(self) -> None:
        """Back to the start screen, through the menu."""
        self.open_dialog("Menu").get_by_role("button", name="New game").click()
        self.app.expect_turn("start")

    def export(self, where: Locator | None = None) -> dict[str, Any]:
        """Export the game record (a download) and read it."""
        with self.page.expect_download() as info:
            if where is None:
                self.open_dialog("Menu").get_by_role("button", name="Export game").click()
            else:
                where.click()
        data: dict[str, Any] = json.loads(Path(info.value.path()).read_text())
        if self.dialog.is_visible():
            self.close_dialog()
        return data
