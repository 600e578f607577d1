"""HTML of the app's own notices and dialogs: a notice about saving or a link, a link to share,
the results of a shared hand and a hand replayed step by step; pure functions."""

from __future__ import annotations

from app.html.tags import button, tag, text, void
from app.worker.model import LinkResult, ReplayView, ShareView


def app_notice(words: str, kept: str = "", reload: bool = False, table: bool = False) -> str:
    """A notice about saving or a link, above the screen; ``kept``: a kept-aside save's key;
    ``reload``: the game was played on in another tab, and can be reloaded here; ``table``: over
    the seats, which need the height: its first sentence, the rest on request."""
    export = button("Export the unreadable save", "export-kept", kept, key="export-kept") if kept else ""
    if reload:
        export += button("Reload the game", "reload-game", key="reload-game", cls="btn primary")
    dismiss = button("Dismiss", "dismiss", key="dismiss", cls="btn ghost")
    first, _, rest = words.partition(". ")
    if table and rest:
        # the space keeps the words one text for whatever reads them whole
        said = tag("details", text("summary", first + ".") + " " + text("p", rest), data_key="notice-more")
    else:
        said = text("p", words)
    return tag("div", said + tag("div", export + dismiss, class_="row"),
               class_="notice app-notice" + (" at-table" if table else ""), role="status")


def share_dialog(view: ShareView) -> str:
    """A link to copy (the share, challenge or replay link)."""
    url = view.url
    field = tag("label", text("span", view.words) + void("input", type="text", readonly=True, value=url,
                                                           data_key="share-url", class_="share-url"), class_="field")
    buttons = (button("Copy the link", "copy-link", url, key="copy-link", cls="btn primary")
               # the system's share sheet, where the browser has one (the page shows it then)
               + tag("button", "Share…", type="button", class_="btn", data_action="web-share", data_value=url,
                     data_key="web-share", hidden=True)
               + tag("a", "Open the link", href=url, class_="btn ghost", data_key="share-open"))
    return (text("h2", view.title, id="dialog-title", tabindex="-1", autofocus=True) + field
            + tag("div", buttons, class_="row") + tag("p", "", class_="copy-status", role="status")
            + tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end"))


def link_results(results: tuple[LinkResult, ...]) -> str:
    """After a shared hand: the challenge and replay links, and both results side by side."""
    shown = "".join(tag("div", text("h3", r.who) + text("p", r.text), class_="link-result") for r in results)
    buttons = (button("Challenge a friend", "share", "challenge", key="challenge", cls="btn")
               + button("Replay link", "share", "replay", key="replay-link", cls="btn ghost"))
    return tag("section", (tag("div", shown, class_="link-results", role="group", aria_label="Results")
                           if shown else "") + tag("div", buttons, class_="row"), class_="shared-deal")


def replay_dialog(view: ReplayView) -> str:
    """A played hand, step by step: the bids and tricks so far."""
    lines = "".join(text("li", line) for line in view.lines)
    nav = (button("Previous", "replay-step", "-", key="replay-prev", disabled=view.step <= 0)
           + button("Next", "replay-step", "+", key="replay-next", disabled=view.step >= view.steps,
                    autofocus=True)
           + button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"))
    return (text("h2", "Replay", id="dialog-title", tabindex="-1") + text("p", view.title, class_="muted")
            + text("p", f"Step {view.step} of {view.steps}", class_="replay-step")
            + tag("ol", lines, class_="replay-lines") + tag("div", nav, class_="row"))
