"""HTML of the hand review dialog (:mod:`app.review.review`'s view): the hands face up trick by
trick, the analysis as it comes, and the controls to step through it."""

from __future__ import annotations

from app.html.tags import button, tag, text
from app.review.model import ReviewLine, ReviewSuit, ReviewView
from app.table.render import face


def dialog(view: ReviewView) -> str:
    """The review: title, analysis, the table at the trick shown, and the controls."""
    title = text("h2", "Hand review", id="dialog-title", tabindex="-1")
    about = text("p", view.title, class_="review-title")
    if not view.reviewable:
        return title + about + _hand_nav(view) + _close()
    return title + about + _hand_nav(view) + _table(view) + _step_nav(view) + _analysis(view) + _close()


def _close() -> str:
    return tag("div", button("Close", "dialog", "", key="close-dialog", cls="btn ghost close"), class_="row end")


def _hand_nav(view: ReviewView) -> str:
    """Another hand of the game (a game from History has several)."""
    if view.hands <= 1:
        return ""
    n = view.number
    return tag("div", button("Previous hand", "review-hand", n - 1, key="review-prev-hand", disabled=n <= 0)
               + text("span", f"Hand {n + 1} of {view.hands}", class_="muted")
               + button("Next hand", "review-hand", n + 1, key="review-next-hand", disabled=n >= view.hands - 1),
               class_="row review-hands")


def _analysis(view: ReviewView) -> str:
    progress = ("Analysis complete." if view.done >= view.pieces
                else f"The analysis stopped: {view.stopped}" if view.stopped
                else f"Analysing, all cards known: {view.done} of {view.pieces} parts done…")
    contracts = "".join(tag("li", text("strong", c.side) + text("span", ": " + c.text,
                                                               class_="muted" if c.pending else None))
                        for c in view.contracts)
    others = "".join(text("h3", cards.title) + _lines(view, cards.lines, "review-others") for cards in view.others)
    return tag("section", text("p", progress, class_="review-progress muted", role="status")
               + "".join(text("p", words, class_="review-deal muted") for words in (view.auction, view.kitty) if words)
               + text("p", view.summary, class_="review-summary")
               + (text("p", view.turning, class_="review-turning") if view.turning else "")
               + (text("h3", "Best contracts, all cards known, given the auction")
                  + tag("ul", contracts, class_="review-contracts") if contracts else "")
               + text("h3", "Your cards")
               + text("p", "Judged with all cards known. The hint chooses on what your seat could see: where its "
                      "card differs from the one named here, the hint's was best on what you could see; with all "
                      "cards known, the card named here.", class_="review-note muted")
               + _lines(view, view.lines, "review-lines") + others,
               class_="review-analysis", aria_label="Double-dummy analysis")


def _lines(view: ReviewView, lines: tuple[ReviewLine, ...], cls: str) -> str:
    """A seat's cards judged, the trick shown marked."""
    return tag("ol", "".join(text("li", line.text, class_=" ".join(
        name for name, on in (("pending", line.pending), ("lost", line.lost),
                              ("current", 0 < line.trick == view.step)) if on) or None, data_trick=line.trick)
                             for line in lines), class_=cls)


def _open_hand(suits: tuple[ReviewSuit, ...], label: str) -> str:
    """A hand laid face up, a line of ranks a suit as the cards play (the bowers and the joker
    with the trumps), each card named for screen readers."""
    items = "".join(tag("li", text("span", s.symbol, class_="sym", aria_hidden="true")
                        + "".join(text("span", c.rank, role="img", aria_label=c.label) for c in s.cards),
                        class_=" ".join(filter(None, (s.colour, s.suit and f"suit-{s.suit}",
                                                      "trumps" if s.trumps else ""))))
                    for s in suits)
    return tag("ul", items, class_="open-hand", aria_label=label)


def _table(view: ReviewView) -> str:
    """The table after the tricks shown: every hand face up in its place (a line of ranks per
    suit, as a double-dummy diagram lays it out), and in the middle the last trick shown, each
    card in front of its player, the winner marked."""
    seats = "".join(tag("div", text("h3", s.name, class_="review-name")
                        + (_open_hand(s.suits, f"{s.name}'s cards") if s.cards
                           else text("p", "no cards left", class_="review-none")),
                        class_=f"review-seat at-{s.place}" + (" mine" if s.mine else ""))
                    for s in view.seats)
    trick = view.trick
    if trick is None:
        middle = text("p", "The hands at the first lead.", class_="review-trick-title")
    else:
        cards = "".join(tag("div", face(c.card) + text("span", c.who, class_="review-who", aria_hidden="true"),
                            class_=f"review-played at-{c.place}" + (" winner" if c.winner else ""), role="img",
                            aria_label=f"{c.who}: {c.card.label}" + (", won the trick" if c.winner else ""))
                        for c in trick.cards)
        middle = text("h3", trick.title, class_="review-trick-title") + tag("div", cards, class_="review-trick-cards")
    return tag("section", seats + tag("div", middle, class_="review-trick"),
               class_="review-table",
               aria_label=f"The table after trick {view.step}" if view.step else "The table at the first lead")


def _step_nav(view: ReviewView) -> str:
    step, steps = view.step, view.steps
    playing = view.playing
    return tag("div", button("Start", "review-step", 0, key="review-start", disabled=step <= 0)
               + button("Back", "review-step", "-", key="review-back", disabled=step <= 0)
               + button("Next trick", "review-step", "+", key="review-next", disabled=step >= steps,
                        autofocus=True)
               + button("Pause" if playing else "Play", "review-play", "off" if playing else "on", key="review-play",
                        disabled=steps == 0)
               + text("span", f"Trick {step} of {steps}", class_="review-step muted"),
               class_="row review-nav")
