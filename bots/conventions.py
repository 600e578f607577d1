"""Convention cards: what each call shows, by the card of the side that made it.

A card is data (:data:`CARDS`): for each auction situation (the opening, the
response to partner's opening, the opener's rebid) the calls it defines,
each with what it shows (cards held, cards denied, a good suit) and its words
for the player.  :func:`shows` reads one call by its maker's card; a call the
card does not define, or a card's situation that does not arise, reads as
natural (None).  The bots bid by their side's card (:func:`call_for`) and read
every call by its maker's (:func:`readings`, for the sampler and the bidding's
picture of partner).

Natural is the bidding of :mod:`bots.bidding`, with no meanings beyond it.
Joker 6NT: whoever holds the joker and has a hand to open at six or seven (by
natural bidding: a weak hand with the joker passes, a hand worth eight bids it)
opens six no trumps (any other opening at six or seven denies it); partner
answers with its best suit at the cheapest level where its count with the joker
reaches it, a level higher with a trick more (else it passes); the opener then
places the contract (:func:`_placing`).  Ace-showing is Bryce
Francis' system as the reference text gives it: the opening shows the highest ace in the order
spades, clubs, diamonds, hearts (each denying those before), six no trumps the
joker without an ace, seven of a suit a good suit without aces or the joker,
seven no trumps a strong hand without either; the responder shows the joker
by no trumps at the cheapest level, else an ace by its suit at the cheapest
level (denying the joker and the aces before it that partner did not show),
and a good suit by a jump (or by partner's ace suit at the cheapest level);
the rebid is natural.  What the text leaves open, written into the words: the
system's kings, queens and jacks in later rounds are not played; a hand
with nothing to show opens or answers only as natural bidding would, by the
card's calls for a good suit.  It is played with raising one's own bid (and
bidding after a pass, where the table has it): :data:`NEEDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from engine.actions import PASS, Action, make_bid
from engine.bids import NO_TRUMPS, Bid, bid
from engine.cards import ACE, SUIT_NAMES, SUIT_SYMBOLS, mask_of
from engine.decks import Deck
from engine.observation import Observation
from engine.rules import Convention, Rules

from bots.evaluation import JOKERS, expected_tricks

History = Sequence[tuple[int, Action | None]]
"""An auction as the observation keeps it: (seat, call) in order."""

OPENING: Final = "opening"
RESPONSE: Final = "response"
REBID: Final = "rebid"

JOKER: Final = "joker"
"""An item a call shows: the joker; a suit index is that suit's ace."""


@dataclass(frozen=True)
class Meaning:
    """What one call shows, as data of a card."""

    held: tuple[int | str, ...] = ()
    """Items held (:data:`JOKER` or a suit's ace)."""
    denied: tuple[int | str, ...] = ()
    """Items not held."""
    good: bool = False
    """The call's suit is a good suit to play in (a natural bid), not an artificial one."""
    words: str = ""


@dataclass(frozen=True)
class Shows:
    """What a call shows, as masks of the table's deck."""

    held: tuple[int, ...] = ()
    """Masks the caller holds at least one card of each of."""
    denied: int = 0
    """Cards the caller does not hold."""
    artificial: bool = False
    """The denomination says nothing of where to play (an ace or the joker shown)."""
    words: str = ""


@dataclass(frozen=True)
class Card:
    """A convention card: its name, words and calls."""

    convention: Convention
    title: str
    summary: str
    needs: tuple[str, ...] = ()
    """Table rules the card is played with (the start screen sets them with it)."""
    openings: dict[str, Meaning] = field(default_factory=dict)
    """Opening calls by their text ("6S", "7NT"; "7*": seven of any suit)."""
    responses: dict[str, Meaning] = field(default_factory=dict)
    """Responses to partner's opening by step: "NT" (cheapest no trumps), "suit" (a suit at
    its cheapest level), "jump" (a suit one level above its cheapest); "partner's ace" (the
    suit of the ace partner showed, at its cheapest level)."""
    answers: tuple[str, ...] = ()
    """Openings the responses answer."""
    top: int = 7
    """The highest level of the responses: a response above it is natural."""
    natural_from: int = 11
    """The lowest opening level the card leaves natural (it shows and denies nothing)."""


_SUITS = range(4)
NEEDS: Final = ("raise_own_bid", "bid_after_pass")
"""The table rules Ace-showing asks for: the responder shows aces after passing, and the
opener raises its own bid."""


def _ace_opening(s: int) -> Meaning:
    return Meaning(held=(s,), denied=tuple(range(s)),
                   words=f"the ace of {SUIT_NAMES[s]}" + "".join(
                       f", not the ace of {SUIT_NAMES[t]}" for t in range(s)))


CARDS: Final[dict[Convention, Card]] = {
    Convention.NATURAL: Card(Convention.NATURAL, "Natural",
                             "Each call proposes its contract: a suit bid shows length and "
                             "strength there, no trumps the joker and stoppers."),
    Convention.JOKER_6NT: Card(
        Convention.JOKER_6NT, "Joker 6NT",
        "Whoever holds the joker and has a hand to open at six or seven opens six no trumps; "
        "any other opening at six or seven denies the joker, and eight or more is natural. "
        "Partner answers with its best suit at the cheapest level where, with the joker, it "
        "counts that many tricks (a level higher with a trick more, while no one has come in), "
        "else passes. The opener then places the contract: it raises partner's suit with a "
        "trick to spare, names its own suit where that counts a trick more, else passes.",
        openings={"6NT": Meaning(held=(JOKER,), words="the joker"),
                  "*": Meaning(denied=(JOKER,), good=True, words="not the joker")},
        responses={"suit": Meaning(good=True, words="the best suit, answering the joker"),
                   "jump": Meaning(good=True, words="the best suit with a trick more, answering the joker")},
        answers=("6NT",), top=8, natural_from=8),
    Convention.ACE_SHOWING: Card(
        Convention.ACE_SHOWING, "Ace-showing",
        "Bryce Francis' system. Openings: 6\u2660 the ace of spades, 6\u2663 the ace of clubs "
        "without the ace of spades, 6\u2666 and 6\u2665 likewise; 6NT the joker without aces; "
        "seven of a suit a good suit without aces or the joker; 7NT a strong hand without "
        "either. The responder shows the joker by no trumps at the cheapest level, else an "
        "ace by its suit at the cheapest level, a good suit by a jump (or by bidding partner's "
        "ace suit). The opener then places the contract. Kings and later rounds are natural. "
        "Played with raising one's own bid, and bidding after a pass where the table has it.",
        needs=NEEDS,
        openings={**{f"6{'SCDH'[s]}": _ace_opening(s) for s in _SUITS},
                  "6NT": Meaning(held=(JOKER,), denied=tuple(_SUITS), words="the joker, no ace"),
                  "7*": Meaning(denied=(JOKER, *_SUITS), good=True,
                                words="a good suit, no ace and not the joker"),
                  "7NT": Meaning(denied=(JOKER, *_SUITS), good=True,
                                 words="a strong hand, no ace and not the joker")},
        responses={"NT": Meaning(held=(JOKER,), words="the joker"),
                   "suit": Meaning(denied=(JOKER,), words="the ace"),
                   "partner's ace": Meaning(denied=(JOKER,), good=True,
                                            words="a good suit with partner's ace, not the joker"),
                   "jump": Meaning(denied=(JOKER,), good=True,
                                   words="a good suit, not the joker")},
        answers=("6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT")),
}


def card_of(rules: Rules, seat: int) -> Card:
    """The card a seat's side bids by."""
    return CARDS[rules.convention_of(seat)]


@lru_cache(maxsize=None)
def _item_mask(deck: Deck, item: int | str) -> int:
    if item == JOKER:
        return JOKERS & deck.mask
    return mask_of(c for c in deck.cards if not c.is_joker and c.suit == item and c.rank == ACE)


def _calls(history: History) -> list[tuple[int, Action]]:
    """The auction's calls (the history's first part)."""
    out = []
    for seat, a in history:
        if a is None or a != PASS and a.bid is None:
            break
        out.append((seat, a))
    return out


def cheapest(rules: Rules, high: Bid | None, denomination: int) -> int:
    """The fewest tricks a bid in ``denomination`` needs to outrank ``high`` (11: none does)."""
    for t in range(6, 11):
        if high is None or rules.bid_order(bid(t, denomination)) > rules.bid_order(high):
            return t
    return 11


def situation(rules: Rules, before: History, seat: int) -> tuple[str, Bid | None]:
    """A seat's auction situation by its card before its call, and the opening it answers
    (in a response): :data:`OPENING`, :data:`RESPONSE`, :data:`REBID` or "" (none of
    them: the card is silent)."""
    bids = _bids(before)
    if not bids:
        return OPENING, None
    first_seat, first = bids[0]
    card = card_of(rules, seat)
    if first_seat == seat:
        return REBID, first
    mine = [s for s, _ in bids if s == seat]
    if (rules.side_of(first_seat) == rules.side_of(seat) and not mine and first.is_trick_bid
            and str(first) in card.answers):
        return RESPONSE, first
    return "", None


def meaning_of(rules: Rules, before: History, seat: int, call: Action) -> Meaning | None:
    """The card's meaning of ``call`` by ``seat`` after ``before``, or None (natural)."""
    b = call.bid
    if b is None or not b.is_trick_bid:
        return None
    card = card_of(rules, seat)
    where, opening = situation(rules, before, seat)
    d = b.denomination
    if where == OPENING:
        if b.tricks >= card.natural_from:
            return None
        seven_any = "7*" if b.tricks == 7 and d != NO_TRUMPS else ""
        return card.openings.get(str(b)) or card.openings.get(seven_any) or card.openings.get("*")
    if where != RESPONSE or opening is None:
        return None
    calls = _calls(before)
    high = max((a.bid for _, a in calls if a.bid is not None), key=rules.bid_order)
    level = cheapest(rules, high, d)
    if b.tricks > card.top:
        return None
    shown = _opening_items(rules, _opener(calls), opening)
    if d == NO_TRUMPS:
        return card.responses.get("NT") if b.tricks == level else None
    if b.tricks == level + 1:
        return card.responses.get("jump")
    if b.tricks != level:
        return None
    if d in shown and "partner's ace" in card.responses:
        return card.responses["partner's ace"]
    m = card.responses.get("suit")
    if m is None or m.good:
        return m
    # an ace: denies the joker and the aces before it that partner did not show
    return replace(m, held=(d,), denied=(JOKER, *(s for s in range(d) if s not in shown)),
                   words=f"the ace of {SUIT_NAMES[d]}, not the joker" + "".join(
                       f", not the ace of {SUIT_NAMES[s]}" for s in range(d) if s not in shown))


def _opener(calls: list[tuple[int, Action]]) -> int:
    return next(s for s, a in calls if a.bid is not None)


def _opening_items(rules: Rules, opener: int, opening: Bid) -> tuple[int | str, ...]:
    m = card_of(rules, opener).openings.get(str(opening))
    return () if m is None else m.held


def shows(rules: Rules, before: History, seat: int, call: Action) -> Shows | None:
    """What ``call`` by ``seat`` after ``before`` shows by the seat's card, in the
    table's cards; None where the card reads it as natural."""
    m = meaning_of(rules, before, seat, call)
    if m is None:
        return None
    deck = rules.deck
    denied = 0
    for item in m.denied:
        denied |= _item_mask(deck, item)
    return Shows(tuple(_item_mask(deck, i) for i in m.held), denied, not m.good, m.words)


def meaning(rules: Rules, before: History, seat: int, call: Action) -> str | None:
    """A call's words for the table by its side's card ("6♣: the ace of clubs, not the
    ace of spades"), or None for a natural call."""
    s = shows(rules, before, seat, call)
    if s is None or call.bid is None:
        return None
    b = call.bid
    text = f"{b.tricks}{'NT' if b.denomination == NO_TRUMPS else SUIT_SYMBOLS[b.denomination]}"
    return f"{text}: {s.words}"


def readings(rules: Rules, history: History) -> list[tuple[int, Shows]]:
    """Every call the makers' cards explain, with what it shows, in auction order."""
    out = []
    calls = _calls(history)
    for i, (seat, a) in enumerate(calls):
        s = shows(rules, calls[:i], seat, a)
        if s is not None:
            out.append((seat, s))
    return out


def artificial(rules: Rules, history: History) -> frozenset[int]:
    """The indexes in ``history`` of calls whose denomination shows cards, not a
    place to play (for the bidding's picture of the auction)."""
    if rules.convention == rules.their_convention == Convention.NATURAL:
        return frozenset()
    calls = _calls(history)
    return frozenset(i for i, (seat, a) in enumerate(calls)
                     if (s := shows(rules, calls[:i], seat, a)) is not None and s.artificial)


def _cheapest_call(obs: Observation, denomination: int, extra: int = 0) -> Action | None:
    """The legal bid in ``denomination`` at the cheapest level (plus ``extra``), if any."""
    rules = obs.rules
    high = max((b for _, b in _bids(obs.history)), key=rules.bid_order, default=None)
    t = cheapest(rules, high, denomination) + extra
    if t > 10:
        return None
    a = make_bid(bid(t, denomination))
    return a if a in obs.legal_actions else None


def call_for(obs: Observation, natural: Action, hand: int) -> tuple[Action, str] | None:
    """The call the seat's card asks for and why, where it differs from the natural
    ``natural`` call; None where the card leaves the natural call."""
    rules = obs.rules
    card = card_of(rules, obs.seat)
    if card.convention == Convention.NATURAL:
        return None
    where, opening = situation(rules, obs.history, obs.seat)
    deck = rules.deck
    held = [item for item in (*_SUITS, JOKER) if hand & _item_mask(deck, item)]
    got: Action | None = None
    placing = ""
    if card.convention == Convention.JOKER_6NT:
        if (where == OPENING and JOKER in held and natural.bid is not None and natural.bid.is_trick_bid
                and natural.bid.tricks < card.natural_from):
            got = _cheapest_call(obs, NO_TRUMPS)
            got = got if got is not None and got.bid is not None and got.bid.tricks == 6 else None
        elif where == RESPONSE:  # partner's joker counted in: the answer must reach its level
            counts = [expected_tricks(rules, hand | _item_mask(deck, JOKER), d) for d in _SUITS]
            best = max(reversed(_SUITS), key=counts.__getitem__)
            got = _cheapest_call(obs, best)
            level = 11 if got is None or got.bid is None else got.bid.tricks
            if level > card.top:
                got = None
            elif counts[best] + 0.5 < level:
                got = PASS
            elif level < card.top and counts[best] + 0.5 >= level + 1 and len(_bids(obs.history)) == 1:
                got = _cheapest_call(obs, best, 1) or got  # a trick more, while no one has come in
        elif where == REBID:
            got, placing = _placing(obs, hand) or (None, "")
    elif where == OPENING and natural.bid is not None and natural.bid.is_trick_bid:
        first = next((i for i in held if i != JOKER), JOKER if JOKER in held else None)
        if first is None:
            got = make_bid(bid(7, natural.bid.denomination))
        else:
            got = make_bid(bid(6, NO_TRUMPS if first == JOKER else int(first)))
        got = got if got in obs.legal_actions else None
    elif where == RESPONSE and opening is not None:
        shown = _opening_items(rules, _opener(_calls(obs.history)), opening)
        show = [i for i in (JOKER, *_SUITS) if i in held and i not in shown]
        if show:
            got = _cheapest_call(obs, NO_TRUMPS if show[0] == JOKER else int(show[0]))
            got = got if got is not None and got.bid is not None and got.bid.tricks <= card.top else None
        elif natural.bid is not None and natural.bid.is_trick_bid and natural.bid.tricks <= card.top + 1:
            d = natural.bid.denomination  # no ace to show: a natural suit goes by a jump
            got = _cheapest_call(obs, d, 0 if d in shown else 1) if d != NO_TRUMPS else None
            got = got if got is not None else PASS
    if got is None or got == natural:
        return None
    m = meaning(rules, obs.history, obs.seat, got)
    name = got.name.removeprefix('bid ')
    if placing:
        return got, f"{name}: by your side's card ({card.title}) the opener places the contract: {placing}"
    why = (f"{name}: your side's card ({card.title}) asks for it"
           + (f": it shows {m.split(': ', 1)[1]}" if m else ": no call of the card fits"))
    return got, why


def _bids(history: History) -> list[tuple[int, Bid]]:
    """The auction's bids, with their bidders."""
    return [(seat, a.bid) for seat, a in _calls(history) if a.bid is not None]


def _placing(obs: Observation, hand: int) -> tuple[Action, str] | None:
    """The Joker 6NT opener's call while partner's answer is the high bid, and why: a raise
    with a trick to spare, its own suit where that counts a trick more, else a pass; None
    (natural) once the opponents have bid over the answer, or with no answer."""
    rules = obs.rules
    bids = _bids(obs.history)
    ours = [(seat, b) for seat, b in bids if rules.side_of(seat) == rules.side_of(obs.seat)]
    if (len(ours) != 2 or str(ours[0][1]) != "6NT" or ours[1][0] == obs.seat or bids[-1] != ours[1]
            or ours[1][1].denomination == NO_TRUMPS):
        return None
    answer = ours[1][1]
    own = [expected_tricks(rules, hand, d) for d in _SUITS]  # the joker in hand, partner average
    d = answer.denomination
    raised = _cheapest_call(obs, d)
    if own[d] >= answer.tricks + 1 and raised is not None:
        return raised, f"a raise of partner's {SUIT_NAMES[d]}, with a trick to spare"
    best = max(reversed(_SUITS), key=own.__getitem__)
    got = _cheapest_call(obs, best)
    if (best != d and own[best] >= own[d] + 1 and got is not None and got.bid is not None
            and own[best] >= got.bid.tricks + 1):
        return got, f"its own {SUIT_NAMES[best]}, a trick more than partner's {SUIT_NAMES[d]}"
    return PASS, f"partner's {SUIT_NAMES[d]} stands"
