"""The hand review's view, as named tuples (:meth:`app.review.review.Review.view`, drawn by
:mod:`app.review.render`), and the analysis' answers as the bots' worker sends them (plain
JSON, typed for mypy)."""

from __future__ import annotations

from typing import Literal, NamedTuple, TypedDict

from app.table.model import CardView


class Piece(TypedDict, total=False):
    """A piece of the analysis to ask for: 'makeable', 'trick' (with its number), 'contract'
    (with its side)."""

    piece: Literal["makeable", "trick", "contract"]
    trick: int
    seat: None
    """A trick's cards: every seat's (None)."""
    side: int


class VerdictData(TypedDict):
    """A card's verdict as the worker answers it (:class:`bots.review.Verdict`, as data)."""

    trick: int
    seat: int
    card: str
    played: int
    best: int
    best_card: str
    lost: int
    turning: bool


class ContractData(TypedDict):
    """A side's best contract as the worker answers it (:class:`bots.review.Contract`, as data)."""

    side: int
    seat: int
    bid: str
    tricks: int
    settled: bool


class ReviewSuit(NamedTuple):
    """A line of an open hand: a suit as the cards play (the bowers and the joker with the trumps)."""

    symbol: str
    """'♠', '★' for a suitless joker."""
    suit: str
    """'S', '' for a suitless joker."""
    colour: str
    trumps: bool
    cards: tuple[CardView, ...]


class ReviewSeat(NamedTuple):
    """A position's cards, face up, after the tricks shown."""

    name: str
    place: str
    """Where it sits on the table, as the table names it ('north', 'north-west', 'south-piles')."""
    mine: bool
    cards: tuple[CardView, ...]
    suits: tuple[ReviewSuit, ...] = ()


class ReviewTrickCard(NamedTuple):
    """A card of the trick shown: who played it, whether it won."""

    who: str
    place: str
    """Where its player sits (:attr:`ReviewSeat.place`)."""
    winner: bool
    card: CardView


class ReviewTrick(NamedTuple):
    """The last trick shown: 'Trick 3, won by East' and its cards."""

    title: str
    cards: tuple[ReviewTrickCard, ...]


class ReviewLine(NamedTuple):
    """A line of a seat's cards judged: a trick's verdict on one card, or that it is being
    worked out."""

    trick: int
    text: str
    lost: int
    pending: bool


class ReviewCards(NamedTuple):
    """A seat's cards judged: 'Your cards' (every card), 'West's cards' (those that gave up tricks)."""

    title: str
    lines: tuple[ReviewLine, ...]


class ReviewContract(NamedTuple):
    """A side's best contract, all cards known, in words."""

    side: str
    text: str
    pending: bool


class ReviewView(NamedTuple):
    """The review dialog: the hand, the trick shown, the analysis so far."""

    number: int
    hands: int
    source: str
    step: int
    steps: int
    playing: bool
    stopped: str
    done: int
    pieces: int
    reviewable: bool
    title: str
    seats: tuple[ReviewSeat, ...] = ()
    trick: ReviewTrick | None = None
    summary: str = ""
    lines: tuple[ReviewLine, ...] = ()
    """Your cards judged."""
    turning: str = ""
    """Where the count changed the outcome, card by card (any seat's)."""
    contracts: tuple[ReviewContract, ...] = ()
    others: tuple[ReviewCards, ...] = ()
    """The other seats' cards judged."""
    auction: str = ""
    kitty: str = ""
