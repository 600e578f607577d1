"""Actions: every move a player can make, as dense named integers.

====================  ==========  =============================================
kind                  ids         text
====================  ==========  =============================================
play a card           card id     ``JH``
lead a suitless joker 76 + 4j + s ``JK:H`` (the suit the others must follow)
discard to the kitty  100 + card  ``discard JH``
call a partner (5P)   200 + card  ``call JH``
bid                   300 + bid   ``bid 7H``, ``bid MIS`` (``7H`` alone is the card)
pass                  330         ``pass``
play alone (5P)       331         ``alone``
give the joker a suit 332 + s     ``joker H``, ``joker none`` (keep it suitless)
call breach           337         ``breach`` (a defender, before the first lead)
====================  ==========  =============================================

Bids carry the word ``bid`` so that ``bid 7H`` (seven hearts) never reads as
``7H`` (the seven of hearts).

>>> Action.parse("bid 7H").bid, Action.parse("7H").played_card, Action.parse("7H", auction=True)
(Bid.parse('7H'), Card.parse('7H'), Action.parse('bid 7H'))
>>> Action.parse("JK:H").name
'lead the joker, calling hearts'
"""

from __future__ import annotations

from typing import Final

from engine.bids import BIDS, Bid
from engine.cards import CARD_COUNT, CARDS, JOKER_ID, NO_SUIT, SUIT_LETTERS, SUIT_NAMES, Card
from engine.errors import InvalidActionError

LEAD_JOKER_BASE: Final = 76
DISCARD_BASE: Final = 100
CALL_BASE: Final = 200
BID_BASE: Final = 300
PASS_ID: Final = 330
ALONE_ID: Final = 331
JOKER_SUIT_BASE: Final = 332
BREACH_ID: Final = 337
ACTION_COUNT: Final = BREACH_ID + 1


class Action(int):
    """One move.  Compare and hash as its int id."""

    __slots__ = ()

    @property
    def played_card(self) -> Card | None:
        """The card put on the trick, for a play (a led joker included)."""
        if self < LEAD_JOKER_BASE:
            return CARDS[self]
        if self < DISCARD_BASE:
            return CARDS[JOKER_ID + (self - LEAD_JOKER_BASE) // 4]
        return None

    @property
    def named_suit(self) -> int | None:
        """The suit named with a led suitless joker, or given to the joker."""
        if LEAD_JOKER_BASE <= self < DISCARD_BASE:
            return (self - LEAD_JOKER_BASE) % 4
        if JOKER_SUIT_BASE <= self < BREACH_ID:
            return self - JOKER_SUIT_BASE
        return None

    @property
    def discarded_card(self) -> Card | None:
        return CARDS[self - DISCARD_BASE] if DISCARD_BASE <= self < CALL_BASE else None

    @property
    def called_card(self) -> Card | None:
        return CARDS[self - CALL_BASE] if CALL_BASE <= self < BID_BASE else None

    @property
    def bid(self) -> Bid | None:
        return BIDS[self - BID_BASE] if BID_BASE <= self < PASS_ID else None

    @property
    def name(self) -> str:
        """Words for people: 'play jack of hearts', 'bid seven hearts'."""
        card = self.played_card
        if card is not None:
            if self >= LEAD_JOKER_BASE:
                return f"lead the {card.name}, calling {SUIT_NAMES[self.named_suit or 0]}"
            return f"play {card.name}"
        if (c := self.discarded_card) is not None:
            return f"discard {c.name}"
        if (c := self.called_card) is not None:
            return f"call the {c.name} as partner"
        if (b := self.bid) is not None:
            return f"bid {b.name}"
        if self == PASS_ID:
            return "pass"
        if self == ALONE_ID:
            return "play alone"
        if self == BREACH_ID:
            return "call breach"
        s = self - JOKER_SUIT_BASE
        return "keep the joker without a suit" if s == NO_SUIT else f"make the joker a {SUIT_NAMES[s][:-1]}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Action.parse({_TEXT[self]!r})"

    @staticmethod
    def parse(text: str, auction: bool = False) -> Action:
        """Parse an action's text form (case-insensitive).  A bid may drop the
        word 'bid' unless that reads as a card ('8NT', 'MIS'); in the auction
        (``auction=True``) always: '7H' is then the bid, not the card."""
        key = " ".join(text.upper().split())
        action = _BY_TEXT.get("BID " + key) if auction else None
        action = action if action is not None else _BY_TEXT.get(key)
        if action is None:
            raise InvalidActionError(f"not an action: {text!r}")
        return action


def _text(a: int) -> str | None:
    if a < CARD_COUNT:
        return str(CARDS[a])
    if LEAD_JOKER_BASE <= a < LEAD_JOKER_BASE + 8:
        joker = CARDS[JOKER_ID + (a - LEAD_JOKER_BASE) // 4]
        return f"{joker}:{SUIT_LETTERS[(a - LEAD_JOKER_BASE) % 4]}"
    if DISCARD_BASE <= a < DISCARD_BASE + CARD_COUNT:
        return f"discard {CARDS[a - DISCARD_BASE]}"
    if CALL_BASE <= a < CALL_BASE + CARD_COUNT:
        return f"call {CARDS[a - CALL_BASE]}"
    if BID_BASE <= a < BID_BASE + len(BIDS):
        return f"bid {BIDS[a - BID_BASE]}" if str(BIDS[a - BID_BASE]) else None
    if a == PASS_ID:
        return "pass"
    if a == ALONE_ID:
        return "alone"
    if a == BREACH_ID:
        return "breach"
    if JOKER_SUIT_BASE <= a < BREACH_ID:
        s = a - JOKER_SUIT_BASE
        return "joker none" if s == NO_SUIT else f"joker {SUIT_LETTERS[s]}"
    return None


_TEXT: Final = tuple(_text(a) or "" for a in range(ACTION_COUNT))
ACTIONS: Final = tuple(Action(a) for a in range(ACTION_COUNT))
"""Every action id; ids in the gaps between kinds are never used."""
_BY_TEXT: Final = {t.upper(): ACTIONS[a] for a, t in enumerate(_TEXT) if t}
_BY_TEXT.update({str(b): ACTIONS[BID_BASE + b] for b in BIDS if str(b) and str(b) not in _BY_TEXT})

PASS: Final = ACTIONS[PASS_ID]
ALONE: Final = ACTIONS[ALONE_ID]
BREACH: Final = ACTIONS[BREACH_ID]


def play(card: int) -> Action:
    return ACTIONS[card]


def lead_joker(joker: int, suit: int) -> Action:
    return ACTIONS[LEAD_JOKER_BASE + (joker - JOKER_ID) * 4 + suit]


def discard(card: int) -> Action:
    return ACTIONS[DISCARD_BASE + card]


def call(card: int) -> Action:
    return ACTIONS[CALL_BASE + card]


def make_bid(b: int) -> Action:
    return ACTIONS[BID_BASE + b]


def joker_suit(suit: int) -> Action:
    return ACTIONS[JOKER_SUIT_BASE + suit]
