"""The start screen's model and the rules help (web/app/start/form.py, web/app/table/help.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.start.form import StartForm  # noqa: E402
from app.start.model import RuleOption, StartView  # noqa: E402
from app.table.help import option_text, rules_help  # noqa: E402
from app.table.settings import TABLES, SettingsError  # noqa: E402
from engine.rules import OPTIONS, PRESETS, Rules  # noqa: E402


def option(view: StartView, name: str) -> RuleOption:
    return next(o for g in view.groups for o in g.options if o.name == name)


def names(view: StartView) -> set[str]:
    return {o.name for g in view.groups for o in g.options}


def test_default_form_is_the_standard_table() -> None:
    form = StartForm()
    assert form.settings == {"rules": "standard", "levels": ["human", "normal", "normal", "normal"],
                             "pace_ms": 700, "autoplay": False}
    view = form.view()
    assert [t.value for t in view.tables] == ["standard", "cutthroat", "two-handed", "five-handed", "six-handed",
                                                   "six-handed-pairs", "american", "french-canadian"]
    assert [s.name for s in view.seats] == ["West", "North", "East"]
    assert not names(view) & {"players", "team_size", "partner_share"}  # fixed at this table
    assert [c.value for c in option(view, "deck").choices] == ["43", "45", "43-mixed", "46"]
    assert view.groups[0].name == "Deck"


def test_only_valid_combinations_can_be_chosen() -> None:
    form = StartForm()
    assert all(c.enabled for c in option(form.view(), "point_spread").choices)
    form.set("rule:target", "0")
    assert form.rules.target == 0
    spread = option(form.view(), "point_spread")
    assert {c.value: c.enabled for c in spread.choices} == {"on": False, "off": True}
    form.set("rule:point_spread", "on")  # refused: the rules stay playable
    assert form.message == "Table rules: illegal rules: point spread needs two sides and a target"
    assert form.rules.target == 0 and not form.rules.point_spread
    form.reset_rules()
    assert form.rules == PRESETS["standard"]


@pytest.mark.parametrize("table", TABLES)
def test_every_offered_choice_makes_a_table_that_can_be_played(table: str) -> None:
    form = StartForm()
    form.set("table", table)
    for o in (o for g in form.view().groups for o in g.options):
        assert o.help.endswith(".") and o.label
        for c in o.choices:
            if c.enabled:
                Rules.parse(f"{form.rules},{o.name}={c.value}")


@pytest.mark.parametrize("table", TABLES)
def test_every_table_rule_the_table_can_vary_is_offered(table: str) -> None:
    """RULES.md's table rules: all of them at four players; fewer where a rule cannot apply."""
    form = StartForm()
    form.set("table", table)
    expected = {f.name for f in OPTIONS} - {"players", "team_size", "partner_share"}
    rules = form.rules
    if rules.sides != 2:
        expected -= {"point_spread", "failed_to_defenders"}
    if rules.players == 5:
        expected |= {"partner_share"}
        expected -= {"breach"}  # asking the defenders in turn would show the secret partner
    if rules.players in (3, 5):
        expected -= {"deck"}  # one deck each
    if rules.players == 2:
        expected -= {"open_misere"}
    if not rules.table.two_partnerships:
        expected -= {"double_nullo"}
    if rules.one_round_auction:
        expected -= {"bid_after_pass"}  # it needs an auction that goes round
    if rules.team_size == 1:
        expected -= {"convention", "their_convention"}  # convention cards are for partners
    assert names(form.view()) == expected


def test_decks_are_named_in_words() -> None:
    form = StartForm()
    form.set("table", "six-handed")
    assert [c.label for c in option(form.view(), "deck").choices] == [
        "63 cards: 11s, 12s and red 13s added", "63 cards: 52 and a second deck's 2s, 3s and red 4s"]


def test_switching_tables_changes_the_seats() -> None:
    form = StartForm()
    form.set("level:3", "expert")
    form.set("table", "cutthroat")
    assert form.rules == PRESETS["cutthroat"] and form.levels == ["human", "normal", "normal"]
    assert "misere_anytime" in names(form.view())
    form.set("table", "standard")
    assert len(form.levels) == 4
    form.set("level:0", "expert")  # the player's own seat is not a bot's
    form.set("level:9", "expert")
    form.set("level:1", "superhuman")
    assert form.levels[:2] == ["human", "normal"]


def test_pace_autoplay_and_deal() -> None:
    form = StartForm()
    form.set("pace", "0")
    form.set("autoplay", "on")
    form.set("deal", "  1-0-abc ")
    assert (form.pace_ms, form.autoplay, form.deal) == (0, True, "1-0-abc")
    assert form.checked()["pace_ms"] == 0
    form.set("table", "nonsense")
    assert form.table == "standard"


def test_settings_round_trip_through_the_form() -> None:
    settings = {"rules": "standard,target=1000", "levels": ["human", "easy", "expert", "normal"],
                "pace_ms": 300, "autoplay": True}
    assert StartForm(settings).settings == settings
    with pytest.raises(SettingsError):
        StartForm({**settings, "levels": ["human"]})


def test_option_text_is_the_rules_string_text() -> None:
    rules = Rules.parse("standard,deck=45,slam=off,inkle=on")
    assert [option_text(getattr(rules, n)) for n in ("deck", "slam", "inkle", "target")] == ["45", "off", "on", "500"]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_help_covers_every_preset(preset: str) -> None:
    sections = rules_help(PRESETS[preset])
    assert [s.title for s in sections][:3] == ["The table", "The cards", "Bidding"]
    assert all(s.paragraphs for s in sections)


def test_help_follows_the_tables_options() -> None:
    def text(rules: str) -> str:
        return " ".join(p for s in rules_help(Rules.parse(rules)) for p in s.paragraphs)
    assert "43 cards" in text("standard") and "33 cards" in text("cutthroat")
    assert "your partner" in text("standard") and "their own score" in text("cutthroat")
    assert "only once someone has bid a seven" in text("standard")
    assert "may be bid at any time" in text("cutthroat,misere_anytime=on")
    assert "bids or passes once" in text("standard,one_round_auction=on")
    assert "no target" in text("standard,target=0")
    assert "1000 or more" in text("standard,target=1000")
    assert "played in no trumps" in text("standard,all_pass=no-trumps")
    assert "Open misère" not in text("standard,open_misere=off")
    scoring = next(s for s in rules_help(Rules()) if s.title == "Scoring")
    assert scoring.table is not None and scoring.table.rows[0] == ("6", "40", "60", "80", "100", "120")
    assert scoring.table.rows[-1][-1] == "520"
