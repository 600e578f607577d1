"""One game at the table: settings, the engine's Match, and the player's actions.

The player sits at seat 0 (South).  Every action goes through the engine,
which checks it; an illegal one leaves the game as it was and sets
``notice`` to a sentence saying why.  Bots are asked through plain-data
requests (:meth:`Session.bot_request`), answered by :func:`app.table.answers.answer`
in the worker or on the page's own thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from bots.claim import claim_order
from engine.actions import ALONE, Action, call, discard, joker_suit, lead_joker, play
from engine.bids import BLIND_MISERE
from engine.cards import CARDS, Card
from engine.deal import DealCode, deal
from engine.errors import FiveHundredError, IllegalActionError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.record import to_record
from engine.rng import MASK64, SplitMix64, derive_seed
from engine.seats import seat_name

from app.table.settings import AUTOPLAY_LEVEL, HUMAN, Settings, SettingsError, check_settings

PLAYER: Final = 0
"""The player's seat."""
NAMES: Final = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus")
"""The players' names, by their number: a tournament's eight (app.tournament)."""
TABLE_NAMES: Final = {2: ("You", "Sam"), 3: ("You", "Sam", "Tina"), 4: ("You", "Sam", "Jim", "Tina"),
                      5: ("You", "Sam", "Jim", "Kate", "Tina"), 6: ("You", "Sam", "Lena", "Jim", "Kate", "Tina")}
"""The bots at a table, by seat from the player's left, per table size: Jim sits opposite (a
partner at four), Sam on the left and Tina on the right.  Derived from the table's size, never
stored: a game saved before reads the same."""
CLAIM: Final = "claim"
"""Who plays the player's cards once they claimed the rest of the tricks (bots.claim)."""
_BOT_SALT: Final = 0xB07_5EED_5A17
Request = dict[str, Any]


def bot_seed(match: Match, salt: int = _BOT_SALT) -> int:
    """The seed of a bot's next decision in a game: from the game's first deal and the
    decision's place in it, so that a deal code decides how the bots play."""
    return derive_seed(match.first.seed ^ salt, len(match.hands) * 1000 + len(match.hand.history))


def hint_text(action: Action, reason: str) -> str:
    """'Hint: bid seven hearts: you count ...', naming the action once: the reason may name it."""
    card = action.played_card or action.discarded_card or action.called_card
    if action.name in reason or (card is not None and card.name in reason):
        return f"Hint: {reason}."
    return f"Hint: {action.name}. {reason[:1].upper()}{reason[1:]}."


def kitty_hint_text(actions: Sequence[Action], reasons: Sequence[str]) -> str:
    """'Hint: put back the four of spades, the five of spades and the nine of clubs. …': every
    card named, then the reasons not already said (a card 'as planned' is), without the card."""
    names = [f"the {c.name}" for a in actions if (c := a.discarded_card) is not None]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    said = (r.split(": ", 1)[1] if r.startswith("put back the ") and ": " in r else r for r in reasons)
    why = "; ".join(r for r in dict.fromkeys(said) if not r.endswith("as planned"))
    return f"Hint: put back {listed}." + (f" {why[:1].upper()}{why[1:]}." if why else "")


class Hint(NamedTuple):
    """The hint shown: the actions it suggests (every card to put back of the kitty) and its words,
    for the position of ``stamp`` (:attr:`Session.stamp`)."""

    stamp: str
    actions: tuple[str, ...]
    text: str


class Session:
    """A game in progress and what the player has picked so far."""

    def __init__(self, settings: Settings, first: DealCode) -> None:
        self.settings, self.rules = check_settings(settings)
        deal(self.rules, first)  # a DealCodeError now, not halfway through the game
        self.match = Match(self.rules, first)
        self.notice = ""
        """A sentence for the player: why an action was refused, what an undo took back."""
        self.hint: Hint | None = None
        """The hint asked for at this position (shown, and its actions marked, until the game moves)."""
        self.hinted: dict[str, str] = {}
        """The hint's card at each card play the player asked it for, by 'hand:action' (0-based
        indexes): the hand review names it where the best card with all cards known differs."""
        self.reasons: dict[tuple[int, int], str] = {}
        """The bots' reasons for their actions, by hand and action (0-based): the auction shows a
        call's on a tap."""
        self.selected: Card | None = None
        """The card tapped once, to be played by Play or a second tap; or chosen to call as partner."""
        self.picks: list[Card] = []
        """Cards chosen to put back in the kitty."""
        self.naming = False
        """Choosing the suit the others must follow a led suitless joker in."""
        self.reviewing = False
        """Showing the last trick."""
        self.undo_allowed = True
        """Undo is offered (a casual game: not a challenge, a shared deal or a tournament)."""
        self.claims: list[int] = []
        """The hands (0-based) whose rest of the tricks the player claimed: their cards play out
        by the claim (saved with the game)."""
        self.trick_seen = (0, 0)
        """The hand and the trick the player last tapped away (:meth:`trick_waits`)."""
        self.looked = False
        """The player has looked at this hand's cards (blind misere: until then they lie face down)."""

    @staticmethod
    def new(settings: Settings, deal_code: str = "", seed: int = 0) -> Session:
        """A game from settings and a deal code, or from a seed when the code is blank;
        a SettingsError with a message for the player if either is wrong."""
        try:
            if deal_code.strip():
                first = DealCode.parse(deal_code)
            else:
                players = check_settings(settings)[1].players
                first = DealCode(seed & MASK64, SplitMix64(seed).below(players))
            return Session(settings, first)
        except FiveHundredError as e:
            raise SettingsError(f"Deal code: {e}") from None

    @staticmethod
    def resume(settings: Settings, match: Match) -> Session:
        """A game read back from a save or a game file, where it was."""
        session = Session(settings, match.first)
        session.match = match
        session.looked = True  # the cards may have been seen before the save: no blind call
        return session

    # --- state ------------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.match.hand

    @property
    def claimed(self) -> bool:
        """The player claimed the rest of this hand's tricks."""
        return len(self.match.hands) - 1 in self.claims

    def level(self, seat: int) -> str:
        """Who plays a seat: a bot level, or HUMAN."""
        if seat == PLAYER:
            return CLAIM if self.claimed else AUTOPLAY_LEVEL if self.settings["autoplay"] else HUMAN
        return str(self.settings["levels"][seat])

    @property
    def state(self) -> str:
        """'you' (the player is to act), 'bot', 'hand-over' or 'game-over'."""
        if self.match.is_over:
            return "game-over"
        if self.hand.is_over:
            return "hand-over"
        return "you" if self.level(self.hand.to_act) == HUMAN else "bot"

    @property
    def stamp(self) -> str:
        """Changes with every action: an answer computed for another stamp is stale."""
        return f"{len(self.match.hands)}:{len(self.hand.history)}:{len(self.match.undos[-1])}"

    def seat_name(self, seat: int) -> str:
        return seat_name(self.rules.players, seat)

    def bot_name(self, seat: int) -> str:
        """Who sits in a seat, as a person's name (:data:`TABLE_NAMES`)."""
        return TABLE_NAMES[self.rules.players][seat]

    def partner(self, seat: int) -> bool:
        """Whether a seat is the player's partner for the whole game (a side of two or three)."""
        rules = self.rules
        return seat != PLAYER and rules.side_of(seat) == rules.side_of(PLAYER)

    def record(self) -> dict[str, Any]:
        """The engine's game record, with the settings as meta data."""
        return to_record(self.match, {"settings": self.settings} | ({"hints": dict(self.hinted)} if self.hinted else {}))

    # --- bots ---------------------------------------------------------------------
    def bot_request(self, fn: str = "decide") -> Request | None:
        """What to ask the bots: 'decide' for a bot to act, 'hint' for the player's turn."""
        wanted = "bot" if fn == "decide" else "you"
        if self.state != wanted:
            return None
        seat = self.hand.to_act
        request = {"fn": fn, "record": to_record(self.match), "seat": seat, "level": self.level(seat),
                   "seed": bot_seed(self.match), "stamp": self.stamp}
        if fn == "hint" and self.hand.phase == Phase.DISCARD and len(self.picks) < self.rules.kitty_size:
            request["picks"] = [str(c) for c in self.picks]  # the hint names a card not yet picked
        return request

    def apply_bot(self, request: Request, answer: dict[str, str]) -> bool:
        """Apply a bot's answer to its request; False if the game has moved on since.
        An illegal answer raises the engine's error."""
        if request["stamp"] != self.stamp or self.state != "bot":
            return False
        self.reasons[len(self.match.hands) - 1, len(self.hand.history)] = answer["reason"]
        self.match.apply(answer["action"], request["seat"])
        self._reset()
        return True

    def show_hint(self, request: Request, answer: dict[str, Any]) -> None:
        """Show a hint's answer (:func:`app.table.answers.answer`), if the game has not moved since."""
        if request["stamp"] != self.stamp:
            return
        actions = [Action.parse(a, self.hand.phase == Phase.AUCTION) for a in answer.get("actions", [answer["action"]])]
        reasons = answer.get("reasons", [answer["reason"]])
        text = (kitty_hint_text(actions, reasons) if len(actions) > 1
                else hint_text(actions[0], reasons[0]))
        self.hint = Hint(self.stamp, tuple(map(str, actions)), text)
        if self.hand.phase == Phase.PLAY:
            self.hinted[f"{len(self.match.hands) - 1}:{len(self.hand.history)}"] = str(actions[0])

    def close_hint(self) -> None:
        """Put the hint away (its words lie over the seats at the foot of the table)."""
        self.hint = None

    # --- the player's actions -----------------------------------------------------
    def tap(self, card: int, one_tap: bool = False) -> None:
        """A tap on a card of the player's hand (or face-up on their piles): pick it for the
        kitty, select it, or play it when it was already selected (``one_tap``: at once)."""
        c = self._held(card)
        if c is None or not self._my_turn():
            return
        phase = self.hand.phase
        if phase == Phase.DISCARD:
            if c in self.picks:
                self.picks.remove(c)
            elif len(self.picks) < self.rules.kitty_size:
                self.picks.append(c)
            else:
                self.notice = f"You have already chosen {self.rules.kitty_size} cards: tap one to put it back."
                return
            self.notice = ""
        elif phase == Phase.PLAY:
            if not self._playable(c):
                self.notice = self._why_not(c)
            elif self.selected == c or one_tap:
                self.play(c)
            else:
                self.selected, self.notice, self.naming = c, "", False
        else:
            self.notice = {Phase.AUCTION: "Bid first.", Phase.CALL: "Call a partner first.",
                           Phase.BREACH: "Call breach or pass first."}.get(
                phase, "Choose the joker's suit first.")

    def pick_again(self, cards: tuple[int, ...]) -> None:
        """The cards chosen for the kitty before a reload, chosen again (those the player may choose)."""
        if self.hand.phase == Phase.DISCARD:
            for card in cards:
                self.tap(card)

    def play_selected(self) -> None:
        if self.selected is None:
            self.notice = "Tap a card first."
        else:
            self.play(self.selected)

    def play(self, card: int) -> None:
        """Play a card; leading a suitless joker asks for the suit to name first."""
        c = self._held(card)
        if c is None or not self._my_turn():
            return
        if not self._playable(c):
            self.notice = self._why_not(c)
        elif play(c) in self.hand.legal_actions():
            self._act(play(c))
        else:
            self.selected, self.naming, self.notice = c, True, ""

    def name_suit(self, suit: int) -> None:
        """The suit named when leading the selected suitless joker."""
        if self.selected is not None and self.naming:
            self._act(lead_joker(self.selected, suit))

    def cancel(self) -> None:
        self.selected, self.naming, self.picks, self.notice = None, False, [], ""

    def bid(self, text: str) -> None:
        """A call in the auction: 'bid 7H', 'bid MIS', 'pass' (blind misère only before looking)."""
        if self._my_turn() and not self.cards_hidden and text.upper() == f"BID {BLIND_MISERE}":
            self.notice = "You have looked at your cards: blind misère is called only before looking."
        elif self._my_turn():
            self._act(text)

    @property
    def cards_hidden(self) -> bool:
        """Blind misere: the player's cards lie face down, not looked at, until their first call."""
        hand = self.hand
        return (self.rules.blind_misere and not self.looked and self.level(PLAYER) == HUMAN
                and hand.phase == Phase.AUCTION and all(s != PLAYER for s, _ in hand.history))

    def look(self) -> None:
        """Turn the hand face up (blind misere may then no longer be called)."""
        self.looked, self.notice = True, ""

    def discard(self) -> None:
        """Put the chosen cards back in the kitty."""
        if not self._my_turn():
            return
        k = self.rules.kitty_size
        if self.hand.phase != Phase.DISCARD or len(self.picks) != k:
            self.notice = f"Choose {k} cards to put back first ({len(self.picks)} chosen)."
            return
        for c in self.picks:
            self.match.apply(discard(c), PLAYER)
        self._reset()

    def choose_call(self, card: int) -> None:
        """Choose the card to call as partner (five players); choosing it again calls it."""
        if not self._my_turn():
            return
        if not 0 <= card < len(CARDS) or call(card) not in self.hand.legal_actions():
            self.notice = "You can't call that card: call one you don't hold."
        elif self.selected == card:
            self.call_partner()
        else:
            self.selected, self.notice = CARDS[card], ""

    def call_partner(self) -> None:
        """Call the chosen card: whoever holds it is the player's partner."""
        if self.selected is None:
            self.notice = "Choose the card to call first."
        elif self._my_turn():
            self._act(call(self.selected))

    def play_alone(self) -> None:
        """Play the contract with no partner (five players)."""
        if self._my_turn():
            self._act(ALONE)

    def give_joker(self, suit: int) -> None:
        """Give the joker a suit (0-3) or keep it suitless (4), before the first lead."""
        if self._my_turn():
            self._act(joker_suit(suit))

    def next_hand(self) -> None:
        if self.state == "hand-over":
            self.match.next_hand()
            self.looked = False
            self._reset()

    def undo_point(self) -> int | None:
        """How many actions of the hand stay if the player takes back their last call or card
        (their whole put-back of the kitty at once, and the bots' moves after it); None if
        there is nothing to take back."""
        if not self.undo_allowed or self.state not in ("you", "bot") or self.level(PLAYER) != HUMAN:
            return None
        history = self.hand.history
        mine = [i for i, (seat, _) in enumerate(history) if seat == PLAYER]
        if not mine:
            return None
        point = mine[-1]
        while point > 0 and history[point - 1][0] == PLAYER and history[point][1].discarded_card is not None \
                and history[point - 1][1].discarded_card is not None:
            point -= 1
        return point

    def undo(self) -> None:
        """Take back the player's last call or card, and the bots' moves after it."""
        point = self.undo_point()
        if point is None:
            self.notice = "There is nothing of yours to take back in this hand."
            return
        history = self.hand.history
        taken = history[point][1]
        bots = sum(seat != PLAYER for seat, _ in history[point:])
        self.match.take_back(point)
        self._reset()
        what = _taken_words(taken)
        after = f" and the {bots} {'move' if bots == 1 else 'moves'} after it" if bots else ""
        self.notice = f"Taken back: {what}{after}. Your turn again."

    def claimable(self) -> int:
        """The tricks the player may claim now, proven from their own view (0: none)."""
        if self.state != "you" or self.hand.phase != Phase.PLAY:
            return 0
        cards = claim_order(observe(self.hand, PLAYER))
        return len(cards) if cards and len(cards) > 1 else 0

    def claim(self) -> None:
        """Claim the rest of the tricks: the claim plays the player's cards from now on."""
        if self.claimable():
            self.claims.append(len(self.match.hands) - 1)
            self.notice = ""
        elif self._my_turn():
            self.notice = "You can't claim the rest yet: they are not yours whatever the others hold."

    def trick_done(self) -> bool:
        """A finished trick is on the table, a bot (or auto-play) is to lead the next one, and the
        player has not tapped the trick away (:meth:`go_on`)."""
        hand = self.hand
        return (self.state == "bot" and hand.phase == Phase.PLAY and bool(hand.tricks) and not hand.trick_cards
                and self.trick_seen != (len(self.match.hands), len(hand.tricks)))

    def trick_waits(self) -> bool:
        """:meth:`trick_done`, and the player plays their own cards: it may wait for their tap."""
        return self.trick_done() and self.level(PLAYER) == HUMAN

    def go_on(self) -> None:
        """The player tapped the finished trick away: the next one is led."""
        self.trick_seen = (len(self.match.hands), len(self.hand.tricks))

    def set_autoplay(self, on: bool) -> None:
        self.settings["autoplay"] = on
        self._reset()

    def set_pace(self, pace_ms: int) -> None:
        self.settings["pace_ms"] = max(0, min(10_000, pace_ms))

    def toggle_review(self) -> None:
        self.reviewing = not self.reviewing and bool(self.hand.tricks)

    # --- helpers ------------------------------------------------------------------
    def playable_cards(self) -> set[Card]:
        """Cards the player may play now (a suitless joker that may be led included)."""
        if self.state != "you" or self.hand.phase != Phase.PLAY:
            return set()
        return {c for a in self.hand.legal_actions() if (c := a.played_card) is not None}

    @property
    def piles(self) -> int:
        """The position of the player's piles (two players), else -1."""
        position = PLAYER + self.rules.players
        return position if position < self.rules.positions else -1

    def _held(self, card: int) -> Card | None:
        """The card, if the player holds it or, in play, it lies face up on their piles
        (else None, and a notice)."""
        mine = self.hand.held[PLAYER]
        if self.piles >= 0 and self.hand.phase == Phase.PLAY:
            mine |= self.hand.playable(self.piles)
        if 0 <= card < len(CARDS) and mine >> card & 1:
            return CARDS[card]
        self.notice = "That card is not in your hand."
        return None

    def _playable(self, card: Card) -> bool:
        return card in self.playable_cards()

    def _why_not(self, card: Card) -> str:
        hand = self.hand
        if hand.playable(hand.turn) >> card & 1:
            why = hand.why_illegal(play(card))
        elif hand.turn == self.piles:
            why = "it is your piles' turn: play one of their face-up cards"
        else:
            why = "it is your hand's turn, not your piles'"
        return f"You can't play the {self.rules.deck.card_name(card)}: {why}."

    def _my_turn(self) -> bool:
        state = self.state
        if state == "you":
            return True
        if state == "bot":
            self.notice = f"Wait: it is {self.seat_name(self.hand.to_act)}'s turn."
        return False

    def _act(self, action: Action | str) -> None:
        """Apply the player's action, or say why it cannot be made."""
        try:
            a = Action.parse(action, self.hand.phase == Phase.AUCTION) if isinstance(action, str) else action
            self.match.apply(a, PLAYER)
        except IllegalActionError:
            self.notice = f"You can't {a.name}: {self.hand.why_illegal(a)}."
            return
        except FiveHundredError as e:
            self.notice = _sentence(str(e))
            return
        self._reset()

    def _reset(self) -> None:
        self.selected, self.picks, self.naming, self.reviewing, self.notice = None, [], False, False, ""


def _taken_words(action: Action) -> str:
    """What an undo takes back: 'your pass', 'your bid of seven hearts', 'your jack of hearts'."""
    if action.discarded_card is not None:
        return "your put-back of the kitty"
    if (card := action.played_card) is not None:
        return f"your {card.name}"
    if (bid := action.bid) is not None:
        return f"your bid of {bid.name}"
    return "your pass" if action.name == "pass" else f"your choice to {action.name}"


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
