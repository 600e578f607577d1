"""HTML of the start screen: the table, the bots, the table rules and how the table plays."""

from __future__ import annotations

from app.html.tags import Choice, button, checkbox, select, tag, text, void
from app.start.model import OptionGroup, RuleOption, StartView, TableChoice, TournamentChoice
from app.table.dialogs import help_sections, preferences
from app.table.model import Preference


def start(view: StartView, resume: str = "", prefs: tuple[Preference, ...] = ()) -> str:
    """The start screen; ``resume``: the games in progress (app.start.games), above the form;
    ``prefs``: the page's own settings (app.store.prefs)."""
    tour = view.tournament
    choices: tuple[TableChoice | TournamentChoice, ...] = (*view.tables, tour)
    tables = select("Table", "table-choice", "set:table", (Choice(t.value, t.label) for t in choices),
                    next(t.value for t in choices if t.chosen))
    bots = "".join(select(s.name, f"level-{s.seat}", f"set:level:{s.seat}", s.levels, s.level) for s in view.seats)
    if tour.chosen:
        bots = (select("All seven bots", "level-all", "set:level:all", tour.levels, tour.level)
                + select("Rounds", "rounds", "set:rounds", tour.round_choices, tour.rounds))
    summary = "changed: " + view.rules_text if view.changed else "the table's usual rules"
    rules = (tag("summary", "Table rules " + text("span", f"({summary})", class_="muted"))
             + "".join(_option_group(g) for g in view.groups)
             + tag("p", button("Back to the table’s usual rules", "reset-rules", key="reset-rules")))
    deal = tag("label", tag("span", "Deal code " + text("span", "(optional)", class_="muted"))
               + void("input", id="deal-code", name="deal", value=view.deal, placeholder="e.g. 1-0-k3x9a",
                      autocomplete="off", spellcheck="false", data_action="set:deal", data_key="deal"), class_="field")
    play = (select("Bot pause", "pace", "set:pace", view.paces, view.pace_ms)
            + checkbox("Auto-play my hand", "autoplay", "set:autoplay", view.autoplay)
            + preferences(prefs) + ("" if tour.chosen else deal))
    message = text("p", view.message, class_="form-message", role="alert") if view.message else ""
    form = (tag("div", tables, class_="tables")
            + tag("fieldset", text("legend", "Bots") + tag("div", bots, class_="fields"), class_="bots")
            + ("" if tour.chosen else tag("details", rules, class_="rules-options", data_key="rules-options"))
            + tag("fieldset", text("legend", "Play") + tag("div", play, class_="fields"), class_="play-options")
            + message + tag("button", "Start the tournament" if tour.chosen else "Deal", type="submit",
                            class_="btn primary big", data_key="start", data_autofocus=True))
    brand = text("h1", "Five Hundred") + text("p", "The card game 500: you sit South, the bots take the other seats.")
    how = tag("details", text("summary", "How this table plays") + help_sections(view.help),
              class_="help-inline", data_key="start-help")
    return tag("div", tag("header", brand, class_="brand") + resume
               + tag("form", form, id="start-form", class_="start-form", novalidate=True) + how, class_="start-wrap")


def _option_group(group: OptionGroup) -> str:
    return tag("fieldset", text("legend", group.name) + "".join(_option(o) for o in group.options),
               class_="option-group")


def _option(option: RuleOption) -> str:
    """A table rule: a switch or a drop-down whose invalid choices are disabled, with its help."""
    name, help_id = option.name, f"help-{option.name}"
    if option.kind == "switch":
        enabled = all(c.enabled for c in option.choices)
        control = checkbox(option.label, f"rule-{name}", f"set:rule:{name}", option.value == "on",
                           disabled=not enabled, aria_describedby=help_id)
    else:
        control = select(option.label, f"rule-{name}", f"set:rule:{name}", option.choices, option.value,
                         aria_describedby=help_id)
    return tag("div", control + text("p", option.help, class_="help", id=help_id), class_="option")
