"""The solver's compact copy of a position.

Each card gets an index ``suit * w + rank`` where ``suit`` is its effective
suit under the hand's trump order (``NO_SUIT`` for a suitless joker) and
``rank`` its place by trick power within that suit, so a hand is one bit mask
and "the highest card of a suit" is a ``bit_length``.  A :class:`Board` holds
those tables, what the rules and the table decide for the search (flags), and
the live state the search changes in place and restores (``up``, ``state``,
``voids``, ``root``): the search's pieces read its fields into their own
local variables once, so the hot loop never looks an attribute up.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import NO_SUIT
from engine.decks import Deck
from engine.hand import Hand
from engine.rules import JokerLead

SUITS = 5
"""Effective suits: the four suits and ``NO_SUIT`` (a suitless joker)."""


@dataclass(slots=True)
class Root:
    """Where the search starts: the position to play, the cards in the trick
    (``k`` of them, ``tmask``), the led suit and the winner so far (position
    and power), the tricks still to play (the current one included) and the
    counted side's tricks won since the solver was built (``extra``)."""

    pos: int
    k: int
    led: int
    wpos: int
    wpow: int
    tmask: int
    left: int
    extra: int


@dataclass(slots=True, eq=False)
class Board:
    """A position in the solver's indices, and the flags of its search."""

    n: int
    """Positions at the table (players and piles)."""
    w: int
    """Indices a suit takes."""
    seg: list[int]
    """Each effective suit's indices, as a mask."""
    card_of: list[int]
    suit_of: list[int]
    power: list[int]
    bit: list[int]
    """Each index's bit (``1 << index``, read from a list in the hot loops)."""
    below: list[int]
    """The lower cards of an index's suit, as a mask."""
    lower: list[int]
    """The lower cards of an index's suit and every card of the suits before it."""
    under: list[int]
    """The card a pile's face-up card covers (``-1`` for none)."""
    down: list[int]
    """Per pile, its face-down cards still covered."""
    pile: list[bool]
    active: tuple[bool, ...]
    nact: int
    nxt: list[int]
    count: list[int]
    """1 for a position whose tricks are counted, else 0."""
    maxer: list[bool]
    """Whether a position plays to maximise the counted side's tricks."""
    trump: int
    plain: list[int]
    """The plain suits (not the trump suit) among the four."""
    tseg: int
    """The trumps that can still be played (none of a partner sitting out)."""
    jseg: int
    """The suitless jokers in no trumps, as a mask."""
    joker_any: bool
    """A led joker may name any suit."""
    forced: bool
    """A misere's joker must be played by a player void in the led suit."""
    track: bool
    """Voids change where a led joker may name a suit, so they are searched."""
    keyed_led: bool
    """The suits led so far change what may be played, so they key the table."""
    quick_on: bool
    twins: bool
    """Doubled cards: equal powers touch only their twin, no sure tricks."""
    sure_on: bool
    misere_cut: bool
    """A misere whose counted side may be proved safe (``misere.py``)."""
    has_piles: bool
    relative: bool
    """Table entries keyed by the ranks of the cards left (see ``transposition``)."""
    up: list[int]
    """Live: each position's playable cards."""
    state: list[int]
    """Live: the cards left in play (the trick's included) and the suits led."""
    voids: list[int]
    """Live: the suits each position is known void in."""
    root: Root


def board_of(hand: Hand, count: list[int], maxer: list[bool], misere: bool, left: int) -> Board:
    """The compact copy of ``hand`` (in its play phase) for a search whose
    counted positions are ``count`` and maximisers ``maxer``."""
    rules = hand.rules
    order = hand.order
    trump = order.trump
    groups = [sorted((c for c in rules.deck.cards if order.suit[c] == s),
                     key=lambda c: (order.power[c], c)) for s in range(SUITS)]
    w = max(len(g) for g in groups)
    size = SUITS * w
    idx_of: dict[int, int] = {}
    card_of = [-1] * size
    suit_of = [NO_SUIT] * size
    power = [0] * size
    below = [0] * size
    seg = [((1 << w) - 1) << (s * w) for s in range(SUITS)]
    for s, g in enumerate(groups):
        for r, card in enumerate(g):
            i = s * w + r
            idx_of[card] = i
            card_of[i] = card
            suit_of[i] = s
            power[i] = order.power[card]
            below[i] = seg[s] & ((1 << i) - 1)

    def compact(mask: int) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << idx_of[low.bit_length() - 1]
            mask ^= low
        return out

    n = rules.positions
    players = rules.players
    under = [-1] * size
    down = [0] * n
    for top, bottom in hand.under.items():
        under[idx_of[top]] = idx_of[bottom]
    for p in range(players, n):
        for top, bottom in hand.under.items():
            if (hand.held[p] | _played_by(hand, p)) >> top & 1:
                down[p] |= 1 << idx_of[bottom]
    up = [compact(hand.playable(p)) for p in range(n)]
    pile = [p >= players for p in range(n)]
    trick_cards = [idx_of[c] for c in hand.trick_cards]
    for p, c in zip(hand.trick_pos, trick_cards):
        if under[c] >= 0 and pile[p]:
            up[p] |= 1 << under[c]
    tmask = 0
    for c in trick_cards:
        tmask |= 1 << c
    remaining = tmask
    for p in range(n):
        remaining |= compact(hand.held[p])
    active = hand.active
    jseg = seg[NO_SUIT] if trump == NO_SUIT else 0
    tseg = seg[trump]
    for p in range(n):
        if not active[p]:  # a partner sitting out a misere never plays
            tseg &= ~compact(hand.held[p])
    joker_any = rules.joker_lead == JokerLead.ANY
    twins = rules.deck is Deck.DOUBLED
    has_piles = rules.table.has_piles
    win_pos, win_pow = -1, -1
    led = hand.led
    for p, c in zip(hand.trick_pos, trick_cards):
        s = suit_of[c]
        if (s == led or s == trump) and power[c] > win_pow:
            win_pow, win_pos = power[c], p
    return Board(
        n=n, w=w, seg=seg, card_of=card_of, suit_of=suit_of, power=power,
        bit=[1 << i for i in range(size)], below=below,
        lower=[below[i] | ((1 << (i - i % w)) - 1) for i in range(size)],
        under=under, down=down, pile=pile, active=active, nact=sum(active),
        nxt=list(hand.next_pos), count=count, maxer=maxer, trump=trump,
        plain=[s for s in range(4) if s != trump], tseg=tseg, jseg=jseg,
        joker_any=joker_any, forced=rules.misere_joker_forced and misere,
        track=bool(jseg) and not joker_any, keyed_led=bool(jseg), quick_on=not misere,
        twins=twins, sure_on=not twins, misere_cut=misere and not twins and not has_piles,
        has_piles=has_piles,
        relative=not twins and not has_piles,
        up=up, state=[remaining, hand.suits_led], voids=list(hand.voids),
        root=Root(hand.turn, len(trick_cards), led, win_pos, win_pow, tmask, left, 0))


def _played_by(hand: Hand, position: int) -> int:
    """Cards a position has played so far (finished tricks and the current one)."""
    out = 0
    for t in hand.tricks:
        for p, card in zip(t.positions, t.cards):
            if p == position:
                out |= 1 << card
    for p, c in zip(hand.trick_pos, hand.trick_cards):
        if p == position:
            out |= 1 << c
    return out
