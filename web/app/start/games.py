"""HTML of the games in progress: the start screen's Resume list and the Delete confirmation."""

from __future__ import annotations

from app.html.tags import button, tag, text
from app.start.model import ConfirmView, GameInProgress


def resume_list(games: tuple[GameInProgress, ...], pad_refused: str = "") -> str:
    """The last game saved, the other games in progress folded under it, the way to the
    finished games (History & stats, where a game file is imported) and to the score pad of a
    game played with real cards (app.pad), at the table and rules chosen below; ``pad_refused``:
    why the choice below cannot be scored (the pad's button disabled, the reason beside it)."""
    reason = text("span", pad_refused, id="pad-refused", class_="muted") if pad_refused else ""
    history = tag("p", button("History & stats", "dialog", "history", key="start-history", cls="btn ghost")
                  + button("Score a real game", "pad-start", key="pad-start", cls="btn ghost",
                           label="Score a real game: keep the score of a game played with real cards, at the "
                                 "table and rules chosen below", disabled=bool(pad_refused),
                           described="pad-refused" if pad_refused else None) + reason, class_="row start-links")
    if not games:
        return history
    latest, *others = [_game_item(g) for g in games]
    more = (tag("details", text("summary", f"{len(others)} more game{'s' if len(others) > 1 else ''} in progress")
                + tag("ul", "".join(others), class_="games-in-progress"), data_key="more-games", class_="more-games")
            if others else "")
    return tag("section", text("h2", "Resume a game", id="resume-title") + tag("ul", latest, class_="games-in-progress")
               + more + history, class_="resume", aria_labelledby="resume-title")


def _game_item(g: GameInProgress) -> str:
    """One game in progress: what it is, its score and when it was saved; Resume and Delete."""
    return tag("li", tag("div", text("strong", g.title) + text("span", g.detail, class_="muted"),
                         class_="game-about")
               + tag("div", button("Resume", "resume", g.id, key=f"resume-{g.id}", cls="btn primary",
                                   label=f"Resume: {g.title}, {g.detail}")
                     + button("Delete", "ask-delete", g.id, key=f"delete-{g.id}", cls="btn ghost",
                              label=f"Delete: {g.title}, {g.detail}"), class_="row"),
               class_="game-in-progress")


def confirm_dialog(view: ConfirmView) -> str:
    """Are you sure? Before a game or a kept-aside save is deleted for good."""
    return (text("h2", view.title, id="dialog-title", tabindex="-1")
            + text("p", view.what) + text("p", "This cannot be undone.", class_="muted")
            + tag("div", (button("Export game", view.export, key="confirm-export", cls="btn") if view.export else "")
                  + button(view.yes, view.action, view.value, key="confirm-delete", cls="btn danger")
                  + button(view.no, "dialog", "", key="close-dialog", cls="btn ghost close", autofocus=True),
                  class_="row"))
