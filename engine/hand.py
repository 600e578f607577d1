"""One hand of 500, from the deal to the score: a mutable state with push/pop.

Positions are the places that play to a trick: the seats, and for two players
also each player's piles (positions 2 and 3, played by seats 0 and 1).  Cards
in a position are kept as bit masks of card ids.  ``apply`` checks an action,
``push`` applies a known-legal one quickly, ``pop`` undoes the last action.

The snapshot rule of push/pop: every attribute of a hand holds an immutable
value (ints, tuples, frozen values) that an action rebinds, never changes in
place, except ``under`` (built once, only read), the undo stack, and the log
named in ``_LOGS``, which grows by one action a push.  So a shallow copy of
the attributes is a snapshot, and ``pop`` restores one and drops the log's
last entry (``tests/engine/test_position.py`` checks the rule).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from enum import IntEnum
from typing import Any, Final, NamedTuple

from engine.actions import (ACTIONS, ALONE_ID, BID_BASE, BREACH_ID, CALL_BASE, DISCARD_BASE,
                            JOKER_SUIT_BASE, LEAD_JOKER_BASE, PASS_ID, Action)
from engine.bids import BIDS, BLIND_MISERE_ID, MISERE_ID, NO_TRUMPS, Bid
from engine.breach import can_breach, defenders_in_turn, with_breach
from engine.cards import CARDS, JOKER_ID, NO_SUIT, SECOND_JOKER_ID, Card, cards_of, ids_of, mask_of
from engine.deal import Deal, DealCode, deal_cards
from engine.errors import (FiveHundredError, IllegalActionError, InvalidActionError,
                           NotYourTurnError, PositionError)
from engine.position import Cards, check_deal, format_deal, make_deal, split_position
from engine.rules import AllPass, JokerLead, Rules
from engine.scoring import HandResult, score_hand
from engine.table import Sides, Table
from engine.trumps import TrumpOrder, joker_lead_suits, may_lead_joker, trump_order

_JOKERS = (1 << JOKER_ID) | (1 << SECOND_JOKER_ID)
_LOGS: Final = ("history",)
"""The attributes that change in place (they only grow); every other one is immutable."""


class Phase(IntEnum):
    AUCTION = 0
    DISCARD = 1
    CALL = 2
    JOKER = 3
    PLAY = 4
    OVER = 5
    BREACH = 6
    """The defenders in turn may call breach, before the first lead (the breach rule)."""


_AUCTION, _DISCARD, _CALL, _JOKER, _PLAY, _OVER, _BREACH = tuple(Phase)


class Trick(NamedTuple):
    """A finished trick: who led, who played what, who won (an immutable value)."""

    leader: int
    positions: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    led: int
    """The suit led (the suit named, for a led suitless joker)."""

    def __repr__(self) -> str:
        plays = " ".join(f"{p}:{c}" for p, c in zip(self.positions, self.cards))
        return f"<Trick {plays} won by {self.winner}>"


_SUIT_PLAYS: dict[int, tuple[Action, ...]] = {}
"""Play actions of the cards in one 16-bit block of a mask, keyed ``block | offset``."""


def _suit_plays(key: int) -> tuple[Action, ...]:
    base = (key >> 16 & 15) * 16 + (key >> 20)
    plays = _SUIT_PLAYS[key] = tuple([ACTIONS[base + i] for i in ids_of(key & 0xFFFF)])
    return plays


def _plays(mask: int, base: int = 0) -> list[Action]:
    """The actions ``base + card`` of the cards in a mask, in id order (a block of 16
    ids at a time): plays, or with ``base=DISCARD_BASE`` discards."""
    out: list[Action] = []
    offset = base << 20
    while mask:
        block = mask & 0xFFFF
        if block:
            key = block | offset
            out += _SUIT_PLAYS.get(key) or _suit_plays(key)
        mask >>= 16
        offset += 0x10000
    return out


class Hand:
    """The state of one hand.  Build one with :meth:`Hand.new` or from a deal.
    ``barred`` is a seat that may only pass in the auction (the set rule); ``totals``
    the game's scores before this hand (one per side; empty outside a game)."""

    def __init__(self, rules: Rules, deal: Deal, dealer: int, barred: int = -1,
                 totals: tuple[int, ...] = ()) -> None:
        self.rules = rules
        self.deal = deal
        self.dealer = dealer
        self.barred = barred
        self.totals = totals
        self.table: Table = rules.table
        n = self.table.positions
        self.players = rules.players
        self.controller: tuple[int, ...] = self.table.controller
        held = [mask_of(h) for h in deal.hands]
        up = [0] * len(held)
        under: dict[int, int] = {}
        for piles in deal.piles:
            held.append(mask_of(c for pile in piles for c in pile))
            up.append(mask_of(top for _, top in piles))
            under.update({top: down for down, top in piles})
        self.under: Mapping[int, int] = under
        """The face-down pile card under each face-up one (two players); never changed."""
        self.held: tuple[int, ...] = tuple(held)
        """Cards still held by each position (face-down pile cards included)."""
        self.up: tuple[int, ...] = tuple(up)
        """Face-up cards of the pile positions (two players), which they play from."""
        self.kitty = mask_of(deal.kitty)
        self.discards = 0
        """The cards put back, out of play (in double nullo, once passed, the partner's)."""
        self.discarded: tuple[int, ...] = (0,) * self.players
        """The cards each seat put back (double nullo: the declarer's passed ones too)."""
        self.phase = Phase.AUCTION
        self.turn = (dealer + 1) % self.players
        self.history: list[tuple[int, Action]] = []
        # auction
        self.high = -1
        self.high_bidder = -1
        self.passed = 0
        self.bid_seats = 0
        self.seven_bid = False
        self.raising = False
        # contract
        self.contract: Bid | None = None
        self.declarer = -1
        self.called: Card | None = None
        self.partner = -1
        self.partner_known = False
        self.joker_suit = NO_SUIT
        self.order: TrumpOrder = trump_order(rules.deck, NO_SUIT)
        self.active: tuple[bool, ...] = (True,) * n
        self.next_pos: tuple[int, ...] = tuple((p + 1) % n for p in range(n))
        # play
        self.leader = -1
        self.led = -1
        self.trick_pos: tuple[int, ...] = ()
        self.trick_cards: tuple[Card, ...] = ()
        self.winning = -1
        """Position winning the trick so far (-1 before the lead)."""
        self.best = -1
        """Power of the card winning the trick so far."""
        self.tricks: tuple[Trick, ...] = ()
        self.won: tuple[int, ...] = (0,) * n
        self.suits_led = 0
        self.voids: tuple[int, ...] = (0,) * n
        self.exposed = False
        self.breacher = -1
        """The defender who called breach (-1: none)."""
        self.to_ask: tuple[int, ...] = ()
        """The defenders still to say whether they breach (the breach phase)."""
        self.result: HandResult | None = None
        self._undo: list[dict[str, Any]] = []
        """The snapshots of the attributes before each push (the same list in each)."""

    @staticmethod
    def new(rules: Rules, seed: int, dealer: int = 0) -> Hand:
        """A freshly dealt hand from a seed."""
        return Hand(rules, deal_cards(rules, DealCode(seed, dealer)), dealer)

    @staticmethod
    def from_cards(rules: Rules, hands: Sequence[Cards], kitty: Cards = (),
                   piles: Sequence[str | Iterable[tuple[int, int]]] = (), dealer: int = 0,
                   partial: bool = False) -> Hand:
        """A hand dealt from given cards (text or ids; two players' piles as
        ``"down+up ..."`` per seat), checked: a card twice, a card not in this deck or
        wrong counts raise :class:`PositionError`.  A ``partial`` deal may be short.

        >>> from engine.rules import PRESETS
        >>> h = Hand.from_cards(PRESETS["standard"], ["AS", "KS", "QS", "JS"], "5H 6H 7H",
        ...                     partial=True)
        >>> h.to_act, [str(a) for a in h.legal_actions()][-3:]
        (1, ['bid 10H', 'bid 10NT', 'pass'])
        >>> Hand.from_cards(PRESETS["standard"], ["AS", "KS", "QS"], partial=True)
        Traceback (most recent call last):
        ...
        engine.errors.PositionError: 3 hands dealt to a table of 4
        """
        if not 0 <= dealer < rules.players:
            raise PositionError(f"dealer {dealer} is not a seat of {rules.players} players")
        return Hand(rules, make_deal(rules, hands, kitty, piles, partial), dealer)

    def position(self) -> str:
        """This position as one line of text (see :mod:`engine.position`):
        ``Hand.from_position(h.position())`` replays it.

        >>> from engine.rules import PRESETS
        >>> h = Hand.new(PRESETS["standard"], 7, dealer=3)
        >>> h.apply("bid 6S")
        >>> text = h.position()
        >>> text.split("|")[:2], text.split("|")[-1]
        (['standard', '3'], 'bid 6S')
        >>> Hand.from_position(text).position() == text
        True
        """
        actions = ",".join(str(a) for _, a in self.history)
        dealer = f"{self.dealer} barred {self.barred}" if self.barred >= 0 else str(self.dealer)
        return f"{self.rules}|{dealer}|{format_deal(self.deal)}|{actions}"

    @staticmethod
    def from_position(text: str, partial: bool = False) -> Hand:
        """The hand of a position's text, its actions replayed with full checks."""
        rules, dealer, barred, dealt, actions = split_position(text)
        check_deal(rules, dealt, partial)
        hand = Hand(rules, dealt, dealer, barred)
        for i, action in enumerate(actions):
            try:
                hand.apply(action)
            except FiveHundredError as e:
                raise PositionError(f"action {i + 1} ({action!r}): {e}") from None
        return hand

    # --- who acts ------------------------------------------------------------
    @property
    def to_act(self) -> int:
        """The seat to act (for a pile position, its owner); -1 when over."""
        return -1 if self.phase == _OVER else self.controller[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def play_begun(self) -> bool:
        """The play has begun: the first lead is due or made (not a hand thrown in)."""
        return self.phase == _PLAY or bool(self.tricks)

    def playable(self, position: int) -> int:
        """Mask of the cards a position plays from: its hand, or its face-up pile cards."""
        return self.held[position] if position < self.players else self.up[position]

    def hand_of(self, position: int) -> list[Card]:
        """Cards held by a position, in id order."""
        return cards_of(self.held[position])

    # --- legal actions ------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action for the one to act: bids low to high then pass; else by id."""
        phase = self.phase
        if phase == _PLAY:
            return self._legal_plays()
        if phase == _AUCTION:
            return self._legal_bids()
        if phase == _DISCARD:
            return _plays(self.held[self.turn], DISCARD_BASE)
        if phase == _CALL:
            others = self.rules.deck.mask & ~self.held[self.declarer] & ~self.discards
            return [ACTIONS[CALL_BASE + c] for c in ids_of(others)] + [ACTIONS[ALONE_ID]]
        if phase == _JOKER:
            return [ACTIONS[JOKER_SUIT_BASE + s] for s in range(5)]
        if phase == _BREACH:
            return [ACTIONS[BREACH_ID], ACTIONS[PASS_ID]]
        return []

    def _legal_bids(self) -> list[Action]:
        if self.turn == self.barred:
            return [ACTIONS[PASS_ID]]
        rules = self.rules
        start = bisect_right(rules.bid_orders, rules.bid_order(self.high)) if self.high >= 0 else 0
        key = (start, rules.inkle and len(self.history) >= 2,
               rules.misere_anytime or self.seven_bid, rules.blind_misere and self.first_call)
        cache = rules.legal_bids_cache
        bids = cache.get(key)
        if bids is None:
            _, no_six, misere_ok, blind_ok = key
            bids = cache[key] = tuple(
                [ACTIONS[BID_BASE + b] for b in rules.biddable[start:]
                 if (misere_ok or b != MISERE_ID) and not (no_six and b < 5)
                 and (blind_ok or b != BLIND_MISERE_ID)]
                + [ACTIONS[PASS_ID]])
        return list(bids)

    @property
    def first_call(self) -> bool:
        """The seat to act has made no call yet this hand (blind misere is bid only then)."""
        return all(seat != self.turn for seat, _ in self.history)

    def _legal_plays(self) -> list[Action]:
        pos = self.turn
        mine = self.held[pos] if pos < self.players else self.up[pos]
        order = self.order
        if self.led < 0:
            jokers = mine & _JOKERS if order.trump == NO_SUIT and self.joker_suit == NO_SUIT else 0
            plays = _plays(mine & ~jokers)
            if jokers and may_lead_joker(self.suits_led, mine & ~jokers):
                suits = joker_lead_suits(self.rules.joker_lead == JokerLead.ANY, self.voids[pos])
                for j in ids_of(jokers):
                    plays += [ACTIONS[LEAD_JOKER_BASE + (j - JOKER_ID) * 4 + s] for s in suits]
            return plays
        follow = mine & order.masks[self.led]
        if follow:
            return _plays(follow)
        if (self.rules.misere_joker_forced and self.contract is not None
                and self.contract.is_misere and mine & order.masks[NO_SUIT]):
            return _plays(mine & order.masks[NO_SUIT])
        return _plays(mine)

    # --- applying actions ---------------------------------------------------
    def apply(self, action: int | str, seat: int | None = None) -> None:
        """Apply an action after checking it: ``seat``, if given, must be the one
        to act.  Raises :class:`NotYourTurnError` or :class:`IllegalActionError`."""
        if isinstance(action, str):
            a = Action.parse(action, self.phase == Phase.AUCTION)
        elif 0 <= action < len(ACTIONS) and str(ACTIONS[action]):
            a = ACTIONS[action]
        else:
            raise InvalidActionError(f"not an action id: {action!r}")
        if self.phase == _OVER:
            raise IllegalActionError(f"{a}: the hand is over")
        if seat is not None and seat != self.to_act:
            raise NotYourTurnError(f"{a}: it is seat {self.to_act}'s turn, not seat {seat}'s")
        legal = self._legal_plays() if self.phase == _PLAY else self.legal_actions()
        if a not in legal:
            raise IllegalActionError(f"{a} is not legal now: {self.why_illegal(a)}")
        self.push(a)

    def why_illegal(self, action: int) -> str:
        """A short reason why an action is not legal for the one to act now."""
        a = ACTIONS[action]
        phase = self.phase
        card = a.played_card
        if phase != _PLAY and card is not None or phase == _PLAY and card is None:
            return f"it is the {phase.name.lower()} phase"
        if phase == _PLAY and card is not None:
            if not self.playable(self.turn) >> card & 1:
                return f"the {card.name} is not in your hand"
            if self.led < 0:
                if not may_lead_joker(self.suits_led, self.playable(self.turn) & ~_JOKERS):
                    return ("the joker may be led only once all four suits have been led, "
                            "or as your last card")
                return "that suit may not be named"
            if self.order.masks[self.led] & self.playable(self.turn):
                return f"you must follow {('spades', 'clubs', 'diamonds', 'hearts')[self.led]}"
            return "you must play the joker"
        if (b := a.bid) is not None:
            if self.turn == self.barred:
                return ("you lost a breach last hand: you may not bid in this one" if self.rules.breach
                        else "you were set last hand: you may not bid in this one")
            if self.high >= 0 and self.rules.bid_order(b) <= self.rules.bid_order(self.high):
                return f"{b.name} does not beat {BIDS[self.high].name}"
            if b not in self.rules.biddable:
                return f"{b.name} is not played at this table"
            if b == MISERE_ID:
                return "misere may be bid only once someone has bid seven"
            if b == BLIND_MISERE_ID:
                return "blind misere is bid only as your first call, before looking"
            return "only the first two to speak may bid six"
        return "not allowed at this point"

    def push(self, action: int) -> None:
        """Apply a legal action without checking it (for search); undo with pop."""
        self._undo.append(self.__dict__.copy())
        self.history.append((self.controller[self.turn], ACTIONS[action]))
        phase = self.phase
        if phase == _PLAY:
            self._play(action)
        elif phase == _AUCTION:
            self._bid(action)
        elif phase == _DISCARD:
            self._discard(action - DISCARD_BASE)
        elif phase == _CALL:
            self._call(action)
        elif phase == _BREACH:
            self._breach(action)
        else:
            self.joker_suit = action - JOKER_SUIT_BASE
            self._start_play()

    def pop(self) -> Action:
        """Undo the last action and return it."""
        self.__dict__ = self._undo.pop()
        return self.history.pop()[1]

    # --- auction --------------------------------------------------------------
    def _bid(self, action: int) -> None:
        seat = self.turn
        n = self.players
        reopened = False
        if action == PASS_ID:
            if not self.raising:
                self.passed |= 1 << seat
        else:
            b = action - BID_BASE
            if (self.rules.bid_after_pass and self.high >= 0
                    and BIDS[b].denomination != BIDS[self.high].denomination):
                self.passed = 0  # a new denomination: every seat that passed may bid again
                reopened = True
            self.high, self.high_bidder = b, seat
            self.bid_seats |= 1 << seat
            if BIDS[b].tricks >= 7:
                self.seven_bid = True
        if self.raising:
            if not reopened:
                return self._end_auction()
            self.raising = False
        if self.rules.one_round_auction:
            if len(self.history) >= n:
                return self._maybe_raise()
            self.turn = (seat + 1) % n
            return None
        left = ((1 << n) - 1) & ~self.passed
        if left == 0 or (self.high >= 0 and left == 1 << self.high_bidder):
            return self._maybe_raise()
        nxt = (seat + 1) % n
        while self.passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self.turn = nxt
        return None

    def _maybe_raise(self) -> None:
        if self.rules.raise_own_bid and self.high >= 0 and self.bid_seats & (self.bid_seats - 1):
            self.raising = True
            self.turn = self.high_bidder
        else:
            self._end_auction()

    def _end_auction(self) -> None:
        self.raising = False
        rules = self.rules
        if self.high < 0:
            if rules.all_pass == AllPass.REDEAL:
                return self._throw_in()
            self.leader = (self.dealer + 1) % self.players
            return self._start_play()
        bid = BIDS[self.high]
        if rules.is_inkle(bid):
            return self._throw_in()
        self.contract = bid
        self.declarer = d = self.high_bidder
        held = [*self.held]
        held[d] |= self.kitty
        self.held = (*held,)
        self.phase = Phase.DISCARD
        self.turn = d
        return None

    def _throw_in(self) -> None:
        self.phase = Phase.OVER
        n = self.players
        self.result = HandResult(None, None, (), (0,) * n, (0,) * self.rules.sides, thrown_in=True)

    # --- kitty, partner, joker ----------------------------------------------
    def _discard(self, card: int) -> None:
        d = self.turn
        bit = 1 << card
        held, discarded = [*self.held], [*self.discarded]
        held[d] &= ~bit
        discarded[d] |= bit
        self.held, self.discarded = (*held,), (*discarded,)
        self.discards |= bit
        if self.discards.bit_count() < self.rules.kitty_size:
            return None
        if self.contract.passes_discards and d == self.declarer:  # type: ignore[union-attr]
            return self._pass_discards()
        if self.table.called_partner and not self.contract.partner_folds:  # type: ignore[union-attr]
            self.phase = Phase.CALL
        else:
            self._after_call()

    def _pass_discards(self) -> None:
        """Double nullo: the declarer's discards go to its partner, who discards as many."""
        partner = self.table.partner_of(self.declarer)
        held = [*self.held]
        held[partner] |= self.discards
        self.held = (*held,)
        self.discards = 0
        self.turn = partner

    def _call(self, action: int) -> None:
        if action != ALONE_ID:
            self.called = CARDS[action - CALL_BASE]
            self.partner = next(p for p in range(self.players) if self.held[p] >> self.called & 1)
        self._after_call()

    def _after_call(self) -> None:
        assert self.contract is not None
        if self.contract.denomination == NO_TRUMPS and self._names_jokers():
            self.phase = Phase.JOKER
        else:
            self._start_play()

    def _names_jokers(self) -> bool:
        """Whether the declarer may give the jokers a suit: holding every joker of the deck
        (with two jokers, both or neither, our choice: a suit given to one joker alone would
        leave the other's order unsaid)."""
        jokers = self.rules.deck.jokers
        return self.held[self.declarer] & jokers == jokers

    def _start_play(self) -> None:
        rules = self.rules
        n = rules.positions
        contract = self.contract
        trump = NO_SUIT if contract is None else contract.denomination  # NO_TRUMPS == NO_SUIT
        self.order = trump_order(rules.deck, trump, self.joker_suit)
        if contract is not None and contract.partner_folds:
            self.active = self.table.misere_active(self.declarer)
            self.next_pos = tuple(next((p + k) % n for k in range(1, n + 1)
                                       if self.active[(p + k) % n]) for p in range(n))
        if contract is not None:
            self.leader = self.declarer
        self.turn = self.leader
        self.phase = Phase.PLAY
        if contract is not None and can_breach(rules, contract):
            self.to_ask = defenders_in_turn(rules, self.declarer, self.sides.seats)
            self.phase, self.turn = Phase.BREACH, self.to_ask[0]

    def _breach(self, action: int) -> None:
        """A defender calls breach (the asking ends) or passes (the next one is asked)."""
        if action == BREACH_ID:
            self.breacher, self.to_ask = self.turn, ()
        else:
            self.to_ask = self.to_ask[1:]
        if self.to_ask:
            self.turn = self.to_ask[0]
        else:
            self.phase, self.turn = Phase.PLAY, self.leader

    # --- play -----------------------------------------------------------------
    def _play(self, action: int) -> None:
        pos = self.turn
        card = action if action < LEAD_JOKER_BASE else JOKER_ID + (action - LEAD_JOKER_BASE) // 4
        bit = 1 << card
        held = [*self.held]
        held[pos] &= ~bit
        self.held = (*held,)
        if pos >= self.players:
            up = [*self.up]
            up[pos] &= ~bit
            self.up = (*up,)
        order = self.order
        suit = order.suit[card]
        if not self.trick_cards:
            self.led = led = suit if action < LEAD_JOKER_BASE else (action - LEAD_JOKER_BASE) % 4
            self.suits_led |= 1 << led
            self.leader = self.winning = pos
            self.best = order.power[card]
        else:
            led = self.led
            if suit != led:
                voids = [*self.voids]
                voids[pos] |= 1 << led
                self.voids = (*voids,)
                if suit == order.trump and order.power[card] > self.best:
                    self.best, self.winning = order.power[card], pos
            elif order.power[card] > self.best:
                self.best, self.winning = order.power[card], pos
        if self.called is not None and card == self.called:
            self.partner_known = True
        self.trick_pos += (pos,)
        self.trick_cards += (CARDS[card],)
        nxt = self.next_pos[pos]
        if nxt != self.leader:
            self.turn = nxt
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        winner = self.winning
        if self.under:
            up = [*self.up]
            for p, c in zip(self.trick_pos, self.trick_cards):
                below = self.under.get(c)
                if below is not None and p >= self.players:
                    up[p] |= 1 << below
            self.up = (*up,)
        self.tricks = tricks = (*self.tricks,
                                Trick(self.leader, self.trick_pos, self.trick_cards, winner, self.led))
        won = [*self.won]
        won[winner] += 1
        self.won = (*won,)
        self.trick_pos = self.trick_cards = ()
        self.led = self.winning = -1
        self.leader = self.turn = winner
        if len(tricks) == 1 and self.contract is not None and self.contract.is_open:
            self.exposed = True
        elif len(tricks) == 10:
            self._score()

    def _score(self) -> None:
        self.phase = Phase.OVER
        tricks = [0] * self.players
        for p, t in enumerate(self.won):
            tricks[self.controller[p]] += t
        if self.contract is None:
            self.result = score_hand(self.rules, None, None, (), tuple(tricks))
            return
        self.result = score_contract(self.rules, self.contract, self.declarer, self.sides.seats,
                                     tuple(tricks), self.breacher)

    # --- sides ------------------------------------------------------------------
    @property
    def sides(self) -> Sides:
        """Who scores with the declarer: the whole truth (a secret partner included)."""
        return self.sides_seen_by(-1)

    def sides_seen_by(self, seat: int) -> Sides:
        """The declarer's side as ``seat`` knows it (-1: the truth; -2: what all know)."""
        contract = self.contract
        return self.table.sides_of_hand(
            self.declarer if contract is not None else -1, self.partner,
            contract is not None and contract.partner_folds, self.phase > _CALL,
            self.partner_known, seat)

    def bidders(self) -> tuple[int, ...]:
        """Seats scored as the declarer's side (5P: the declarer and the partner, if any)."""
        return self.sides.seats

    def declaring_side(self) -> tuple[int, ...]:
        """Seats known to all on the declarer's side (5P: partner once revealed)."""
        return self.sides_seen_by(-2).seats

    def __repr__(self) -> str:
        return (f"<Hand {self.rules} dealer={self.dealer} phase={self.phase.name} "
                f"actions={len(self.history)}>")


def score_contract(rules: Rules, contract: Bid, declarer: int, bidders: tuple[int, ...],
                   tricks: tuple[int, ...], breacher: int = -1) -> HandResult:
    """A contract's score from the tricks each seat took (``bidders``: the declarer's side,
    ``breacher``: the defender who called breach, -1 if none), as a played hand scores it:
    a score pad's hands score by the same rules."""
    return with_breach(rules, score_hand(rules, contract, declarer, bidders, tricks), breacher)
