"""The hand review: a played hand replayed trick by trick, all hands face up, beside the
double-dummy analysis that the bots' worker sends one piece at a time.

:class:`Review` holds the hand, the trick shown and the pieces answered so far;
:meth:`Review.request` is the next piece to ask for (a request of
:func:`app.table.answers.answer`, ``"fn": "review"``), :meth:`Review.take` stores its
answer, :meth:`Review.view` is its :class:`app.review.model.ReviewView` for :mod:`app.review.render`.
Once the hand shown is worked out, the hand before it is (the player steps back through a
game's hands); a hand's analysis comes from, and once complete goes to, the analyses kept in
the browser (:mod:`app.review.store`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, cast

from engine.actions import PASS, Action
from engine.bids import Bid
from engine.cards import NO_SUIT, SUIT_LETTERS, SUIT_SYMBOLS, Card, cards_of, ids_of
from engine.hand import Hand
from engine.record import replay
from engine.seats import seat_name
from engine.trumps import trump_order

from app.html.cards import SUIT_COLOURS, bid_short, hand_order, short
from app.review.model import (ContractData, Piece, ReviewCards, ReviewContract, ReviewLine, ReviewSeat, ReviewSuit,
                              ReviewTrick, ReviewTrickCard, ReviewView, VerdictData)
from app.review.store import ReviewStore
from app.table.view import card_view, place

from bots.review import made, sides, start_of_play

PLAYER: Final = 0
UNSETTLED: Final = "too long to work out within the search budget"


@dataclass
class Worked:
    """One hand's analysis as it comes."""

    number: int
    """The hand (0-based)."""
    pieces: list[Piece]
    answers: dict[str, object]
    """Pieces answered, by :func:`piece_key`, as the worker sent them: the figure an int, a
    trick's verdicts a list of :class:`VerdictData`, a side's best contract
    :class:`ContractData`; None when the search passed its budget."""
    kept: bool
    """The answers are all in the review's store already."""


class Review:
    """One hand of a game record under review, seen from the player's seat."""

    def __init__(self, record: dict[str, Any], number: int = -1, source: str = "table",
                 store: ReviewStore | None = None) -> None:
        self.record = record
        self.store = store
        """Where analyses are kept: a hand's answers come from there, and go there once complete."""
        self.match = replay(record)
        self.source = source
        """Where it was opened: 'table' (after a hand) or 'history' (a finished game)."""
        self.step = 0
        """Tricks shown as played (0: the hands at the first lead)."""
        self.serial = 0
        """Changes with the hand reviewed: an answer for another serial is stale."""
        self.playing = False
        """Stepping on by itself, a trick at a time (the page keeps the time)."""
        self.stopped = ""
        """Why the analysis stopped before the end ('' while it goes on)."""
        self.shown = self._worked(number % len(self.match.hands))
        """The analysis of the hand shown."""
        self.before: Worked | None = None
        """The analysis of the hand before it, worked out once the hand shown's is complete:
        the player steps back through a game's hands, and a hand's review takes some seconds."""

    @property
    def number(self) -> int:
        """The hand shown (0-based)."""
        return self.shown.number

    @property
    def answers(self) -> dict[str, object]:
        """Pieces of the hand shown's analysis answered so far (:attr:`Worked.answers`)."""
        return self.shown.answers

    @property
    def pieces(self) -> list[Piece]:
        return self.shown.pieces

    @property
    def hand(self) -> Hand:
        return self.match.hands[self.number]

    @property
    def reviewable(self) -> bool:
        return reviewable(self.hand)

    @property
    def hands(self) -> int:
        return len([h for h in self.match.hands if h.is_over])

    def go(self, step: int) -> None:
        self.step = max(0, min(len(self.hand.tricks), step))
        self.playing = self.playing and self.step < len(self.hand.tricks)

    def play(self, on: bool) -> None:
        """Step on by itself (from the start if at the end), or stop."""
        if on and self.step >= len(self.hand.tricks):
            self.step = 0
        self.playing = on and self.reviewable

    def other_hand(self, number: int) -> None:
        """Review another finished hand of the game."""
        if 0 <= number < self.hands and number != self.number:
            self.step, self.serial = 0, self.serial + 1
            self.playing, self.stopped = False, ""
            before = self.before
            self.shown = before if before is not None and before.number == number else self._worked(number)
            self.before = None

    # --- the analysis, piece by piece ----------------------------------------------------
    def _worked(self, number: int) -> Worked:
        """A hand's analysis to work out: its pieces (:func:`pieces`), none if it is not
        reviewable; those kept for the hand (:attr:`store`) answered."""
        hand = self.match.hands[number]
        if not reviewable(hand):
            return Worked(number, [], {}, True)
        out, answers = pieces(hand), {}
        if self.store is not None:
            keys = {piece_key(p) for p in out}
            answers = {k: v for k, v in self.store.answers(hand, PLAYER).items() if k in keys}
        return Worked(number, out, answers, len(answers) == len(out))

    def request(self) -> dict[str, Any] | None:
        """The next piece to ask the worker for: of the hand shown, else of the hand before;
        None when all are in (or it stopped)."""
        if self.stopped:
            return None
        request = self._request(self.shown)
        if request is None and self.number:
            if self.before is None or self.before.number != self.number - 1:
                self.before = self._worked(self.number - 1)
            request = self._request(self.before)
        return request

    def _request(self, worked: Worked) -> dict[str, Any] | None:
        for piece in worked.pieces:
            if piece_key(piece) not in worked.answers:
                request: dict[str, Any] = {"fn": "review", "record": self.record, "hand": worked.number,
                                           "seat": PLAYER, "serial": self.serial, **piece}
                if piece["piece"] == "trick":
                    request["guess"] = guess_before(worked.answers, piece["trick"])
                return request
        return None

    @property
    def _figure(self) -> int | None:
        """The bidder's figure, if answered and settled."""
        figure = self.answers.get("makeable")
        return figure if isinstance(figure, int) else None

    def _verdicts(self, trick: int) -> list[VerdictData] | None:
        """A trick's verdicts, if answered and settled."""
        return cast("list[VerdictData] | None", self.answers.get(f"trick {trick}"))

    def _best(self, side: int) -> ContractData | None:
        """A side's best contract, if answered."""
        return cast("ContractData | None", self.answers.get(f"contract {side}"))

    def take(self, request: dict[str, Any], answer: dict[str, Any]) -> bool:
        """Store an answer; False if it is for another hand than the one shown or the one before."""
        worked = next((w for w in (self.shown, self.before) if w is not None and w.number == request.get("hand")), None)
        if request.get("serial") != self.serial or worked is None:
            return False
        if not answer.get("more"):  # else the same piece is asked again, its search going on
            worked.answers[piece_key(cast(Piece, request))] = answer["value"]
            if len(worked.answers) == len(worked.pieces) and not worked.kept and self.store is not None:
                self.store.keep(self.match.hands[worked.number], PLAYER, worked.answers)
                worked.kept = True
        return True

    @property
    def done(self) -> int:
        return sum(piece_key(p) in self.answers for p in self.pieces)

    # --- the view --------------------------------------------------------------------------
    def view(self) -> ReviewView:
        hand, rules = self.hand, self.match.rules
        head = ReviewView(number=self.number, hands=self.hands, source=self.source, step=self.step,
                          steps=len(hand.tricks), playing=self.playing, stopped=self.stopped, done=self.done,
                          pieces=len(self.pieces), reviewable=self.reviewable,
                          title=f"Hand {self.number + 1}: thrown in, no play to review")
        if not self.reviewable:
            return head
        start = start_of_play(hand)
        held = list(start.held)
        for t in hand.tricks[:self.step]:
            for p, c in zip(t.positions, t.cards):
                held[p] &= ~(1 << c)
        seats = tuple(ReviewSeat(position_name(hand, p), position_place(hand, p), hand.controller[p] == PLAYER,
                                 tuple(c for suit in suits for c in suit.cards), suits)
                      for p in range(rules.positions) for suits in [open_suits(hand, held[p])])
        trick = None
        if self.step:
            t = hand.tricks[self.step - 1]
            trick = ReviewTrick(f"Trick {self.step}, won by {position_name(hand, t.winner)}",
                                tuple(ReviewTrickCard(position_name(hand, p), position_place(hand, p), p == t.winner,
                                                      card_view(c, rules.deck))
                                      for p, c in zip(t.positions, t.cards)))
        return head._replace(title=self._title(), seats=seats, trick=trick, summary=self._summary(),
                             lines=self._lines(), turning=self._turning(), contracts=self._contracts(rules.players),
                             others=self._others(), auction=auction_words(hand), kitty=kitty_words(hand))

    def _title(self) -> str:
        hand, players = self.hand, self.match.rules.players
        contract = hand.contract
        result = hand.result
        assert result is not None
        if contract is None:
            return f"Hand {self.number + 1}: everyone passed, played in no trumps"
        took = result.bidders_tricks
        outcome = "made" if result.made else "set"
        return (f"Hand {self.number + 1}: {contract.name} by {seat_name(players, hand.declarer)}, "
                f"{took} trick{'s' * (took != 1)} taken, {outcome}")

    def _summary(self) -> str:
        if "makeable" not in self.answers:
            return "Working out what the bidder could have made…"
        value, hand = self._figure, self.hand
        if value is None:
            return f"What the bidder could have made is {UNSETTLED}."
        if hand.contract is None:
            return f"With all cards known, South's side could have taken {value} tricks."
        who = "bidders" if len(hand.sides.seats) > 1 else "bidder"
        if is_hi_lo(self.hand):  # the solver's most tricks: too few is certain, exactly five is not
            if value < hand.contract.tricks:
                return (f"With all cards known, the bidder could have taken at most {value} "
                        f"trick{'s' * (value != 1)}: the contract could not be made.")
            return (f"With all cards known, the bidder could have taken up to {value} tricks; "
                    "whether exactly five could have been kept to is not worked out.")
        if hand.contract.is_misere:  # the value: whether the defenders could force a trick
            who = "bidders" if len(hand.sides.positions) > 1 else "bidder"  # a partner sits out but in double nullo
            if value:
                return f"With all cards known, the defenders could have made the {who} take a trick: the contract could not be made."
            return f"With all cards known, the {who} could have taken no tricks: enough to make the contract."
        outcome = "enough to make the contract" if made(hand, value) else "the contract could not be made"
        return (f"With all cards known and best play by all from the first lead, the {who} could have taken "
                f"{value} trick{'s' * (value != 1)}: {outcome}. The count changes only where a card gave up tricks.")

    def _judged(self) -> tuple[list[VerdictData], bool, bool]:
        """Every card's verdict answered so far, in the order played, up to the first trick not
        answered; whether one is not answered yet, whether one is unsettled."""
        out: list[VerdictData] = []
        for piece in self.pieces:
            if piece["piece"] != "trick":
                continue
            key = f"trick {piece['trick']}"
            if key not in self.answers:
                return out, True, False
            verdicts = self._verdicts(piece["trick"])
            if verdicts is None:
                return out, False, True
            out += verdicts
        return out, False, False

    def _lines(self) -> tuple[ReviewLine, ...]:
        """Each trick's verdict on the player's cards, as it comes."""
        lines = []
        misere = self.hand.contract is not None and self.hand.contract.is_misere
        hinted = self._hinted()
        for piece in self.pieces:
            if piece["piece"] != "trick":
                continue
            t = piece["trick"]
            if PLAYER not in {self.hand.controller[p] for p in self.hand.tricks[t - 1].positions}:
                continue
            key = f"trick {t}"
            if key not in self.answers:
                lines.append(ReviewLine(t, f"Trick {t}: working it out…", 0, True))
                continue
            verdicts = self._verdicts(t)
            if verdicts is None:
                lines.append(ReviewLine(t, f"Trick {t}: {UNSETTLED}.", 0, False))
                continue
            lines += (ReviewLine(t, verdict_words(v, misere, v["card"] in hinted), v["lost"], False)
                      for v in verdicts if v["seat"] == PLAYER)
        return tuple(lines)

    def _hinted(self) -> set[str]:
        """The player's cards of the hand shown that the hint had chosen, asked for at the table
        (the record's meta data: app.table.session.Session.hinted)."""
        meta = self.record.get("meta")
        hints = meta.get("hints") if isinstance(meta, dict) else None
        if not isinstance(hints, dict):
            return set()
        return {str(a) for i, (_, a) in enumerate(self.hand.history) if hints.get(f"{self.number}:{i}") == str(a)}

    def _others(self) -> tuple[ReviewCards, ...]:
        """The other seats' cards that gave up tricks, seat by seat, once every trick is answered."""
        judged, pending, unsettled = self._judged()
        hand, players = self.hand, self.hand.players
        if pending or not self.pieces or not any(p["piece"] == "trick" for p in self.pieces):
            return ()
        misere = hand.contract is not None and hand.contract.is_misere
        out = []
        for seat in range(1, players):
            if not any(hand.controller[p] == seat for t in hand.tricks for p in t.positions):
                continue
            lost = tuple(ReviewLine(v["trick"], verdict_words(v, misere), v["lost"], False)
                         for v in judged if v["seat"] == seat and v["lost"])
            if not lost:
                last = "Every card worked out a best card." if unsettled else "Every card a best card."
                lost = (ReviewLine(0, last, 0, False),)
            out.append(ReviewCards(f"{seat_name(players, seat)}'s cards", lost))
        return tuple(out)

    def _turning(self) -> str:
        """Where the count changed the outcome, card by card (any seat's): the story from the
        bidder's figure on, each count the one after the card before."""
        if "makeable" not in self.answers:
            return ""
        if is_hi_lo(self.hand):
            return "A hi-lo's cards are not judged: the solver finds the most tricks, not exactly five."
        judged, pending, unsettled = self._judged()
        told = [turning_words(self.hand, v) for v in judged if v["turning"]]
        if pending:
            return " ".join(told)
        if unsettled:
            return " ".join(told + [f"Some tricks are {UNSETTLED}: a change there is not named."])
        if told:
            return " ".join(told)
        mine = [v for v in judged if v["seat"] == PLAYER and v["lost"]]
        lost = sum(v["lost"] for v in mine)
        if not lost:
            return "No card changed the outcome; every card you played was a best card, all cards known."
        first = mine[0]  # named here: on a phone the lines of each card are below the fold
        return (f"No card changed the outcome; your cards gave up {lost} trick{'s' * (lost != 1)} in all, "
                f"the first in trick {first['trick']} (the {_card_words(first['best_card'])} was best).")

    def _contracts(self, players: int) -> tuple[ReviewContract, ...]:
        """Each side's best contract, all cards known, given the auction, with a sentence of why."""
        hand = self.hand
        if hand.contract is None:
            return ()
        out = []
        for side in sides(hand):
            name = " and ".join(seat_name(players, s) for s in hand.table.side_seats(side))
            best = self._best(side)
            if best is None:
                out.append(ReviewContract(name, "working it out…", True))
                continue
            if best["bid"]:
                bid = Bid.parse(best["bid"])
                words = (f"{bid.name} by {seat_name(players, best['seat'])}"
                         + (": made with all cards known, for "
                            f"{self.match.rules.bid_value(bid)} points, the most of the contracts that beat the "
                            "other sides' bids" if best["settled"] else " (at least: a search ran out of its budget)"))
            else:
                words = ("no contract beating the other sides' bids can be made, all cards known" if best["settled"]
                         else "no contract beating the auction found within the search budget")
            out.append(ReviewContract(name, words, False))
        return tuple(out)


def reviewable(hand: Hand) -> bool:
    """A hand that was played (not thrown in) and is over."""
    return hand.is_over and bool(hand.tricks)


def pieces(hand: Hand) -> list[Piece]:
    """What to ask for, in the order it matters: the bidder's double-dummy tricks, each
    trick's verdicts on every card (the turning points), then each side's best
    contract, the declaring side's first; of a hand in play, the tricks played so far."""
    out: list[Piece] = [{"piece": "makeable"}]
    out += [{"piece": "trick", "trick": t + 1, "seat": None} for t in range(len(hand.tricks)) if not is_hi_lo(hand)]
    if hand.contract is not None:
        declaring = hand.table.side_of(hand.declarer)
        out += [{"piece": "contract", "side": s} for s in sorted(sides(hand), key=lambda s: s != declaring)]
    return out


def guess_before(answers: dict[str, object], trick: int) -> int | None:
    """The value after the last card before ``trick`` (or at the first lead), as far
    as ``answers`` (a review's, by :func:`piece_key`) say: it saves the search probes."""
    figure = answers.get("makeable")
    guess = figure if isinstance(figure, int) else None
    for t in range(1, trick):
        verdicts = cast("list[VerdictData] | None", answers.get(f"trick {t}"))
        if verdicts:
            guess = verdicts[-1]["played"]
    return guess


def is_hi_lo(hand: Hand) -> bool:
    """A hi-lo: its cards are not judged (the solver counts most tricks, or fewest, where
    hi-lo is made by exactly five: a card that takes the most is not the best card)."""
    return hand.contract is not None and hand.contract.is_hi_lo


def piece_key(piece: Piece) -> str:
    """'makeable', 'trick 3', 'contract 1'."""
    kind = piece["piece"]
    if kind == "trick":
        return f"trick {piece['trick']}"
    if kind == "contract":
        return f"contract {piece['side']}"
    return str(kind)


def position_name(hand: Hand, position: int) -> str:
    """'South', "North's piles"."""
    name = seat_name(hand.players, hand.controller[position])
    return name if position < hand.players else f"{name}'s piles"


def position_place(hand: Hand, position: int) -> str:
    """Where a position sits on the table (:func:`app.table.view.place`)."""
    return place(seat_name(hand.players, hand.controller[position]), position >= hand.players)


def _card_words(text: str) -> str:
    card = Action.parse(text).played_card
    return "?" if card is None else card.name


def verdict_words(v: VerdictData, misere: bool = False, hinted: bool = False) -> str:
    """'Trick 3: the nine of hearts, a best card.' / '… gave up 1 trick: with all cards known, the
    king of hearts was best.'; the card the hint had chosen (``hinted``), on what the seat could
    see: '… gave up 1 trick: the hint's choice, best on what you could see; with all cards known,
    the king of hearts.'"""
    played = f"Trick {v['trick']}: the {_card_words(v['card'])}"
    if not v["lost"]:
        return f"{played}, a best card" + (", the hint's choice." if hinted else ".")
    best = _card_words(v["best_card"])
    why = (f"the hint's choice, best on what you could see; with all cards known, the {best}." if hinted
           else f"with all cards known, the {best} was best.")
    if misere:  # a misere's value is made or set: a card that lost changed it
        return f"{played} changed the misere's outcome: {why}"
    return f"{played} gave up {v['lost']} trick{'s' * (v['lost'] != 1)}: {why}"


def turning_words(hand: Hand, v: VerdictData) -> str:
    """Where a card changed the outcome: 'Trick 2: West's nine of spades let the contract back
    in (7 tricks to 8): the king of spades instead would have set it.'"""
    contract = hand.contract
    assert contract is not None
    who = "your" if v["seat"] == PLAYER else f"{seat_name(hand.players, v['seat'])}'s"
    card = f"{who} {_card_words(v['card'])}"
    best = _card_words(v["best_card"])
    lost = contract.made_by(v["best"])  # else the card let the contract in
    what = "misere" if contract.is_misere else "contract"
    counts = "" if contract.is_misere else f" ({v['best']} tricks to {v['played']})"
    if lost:
        return f"Trick {v['trick']}: {card} let the {what} go{counts}: the {best} instead would have made it."
    return f"Trick {v['trick']}: {card} let the {what} in{counts}: the {best} instead would have set it."


def open_suits(hand: Hand, held: int) -> tuple[ReviewSuit, ...]:
    """Cards held, a line a suit as the cards play: the bowers and the joker with the trumps."""
    rules, contract = hand.rules, hand.contract
    trump = NO_SUIT if contract is None else contract.denomination
    order = trump_order(rules.deck, trump, hand.joker_suit)
    lines: dict[int, list[Card]] = {}
    for c in hand_order(rules, tuple(Card(c) for c in ids_of(held)), contract, hand.joker_suit):
        lines.setdefault(order.suit[c], []).append(c)
    return tuple(ReviewSuit("★", "", "joker", False, tuple(card_view(c, rules.deck) for c in cards)) if s == NO_SUIT
                 else ReviewSuit(SUIT_SYMBOLS[s], SUIT_LETTERS[s], SUIT_COLOURS[s], s == trump,
                                 tuple(card_view(c, rules.deck) for c in cards))
                 for s, cards in lines.items())


def auction_words(hand: Hand) -> str:
    """'The auction: South 7♦, West pass, North 8♦, …'."""
    bids = [f"{seat_name(hand.players, s)} {'pass' if a.bid is None else bid_short(a.bid)}"
            for s, a in hand.history if a.bid is not None or a == PASS]
    return "The auction: " + ", ".join(bids) + "." if bids else ""


def kitty_words(hand: Hand) -> str:
    """'The kitty: J♥ 4♣ 9♦; South put back 5♣ 6♣ 7♠.'"""
    if not hand.deal.kitty:
        return ""
    kitty = " ".join(short(c) for c in hand.deal.kitty)
    start = start_of_play(hand)
    if not start.discards or hand.contract is None:
        return f"The kitty: {kitty}."
    put = " ".join(short(c) for c in cards_of(start.discards))
    return f"The kitty: {kitty}; {seat_name(hand.players, hand.declarer)} put back {put}."
