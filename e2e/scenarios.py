"""Deals for the browser tests, found with the engine and the very bots the page runs.

The page's bots are deterministic for a deal code (their seeds come from it, see
app.table.session), so a game simulated here with :class:`app.table.session.Session` and
:func:`app.table.answers.answer` is the game the browser will show.  A *plan* is the
player's decisions in order, as the page offers them:

    ("bid", "bid 7H") ("bid", "pass")        a call
    ("discard", "4S 5C 6D")                   the cards to put back, then confirm
    ("call", "AS") ("call", "alone")          five players: call a card for a partner, or play alone
    ("joker", "4")                            give the joker a suit (0-3) or none (4)
    ("play", "JH")                            play a card
    ("lead-joker", "JK:H")                    lead a suitless joker, naming a suit ("JK2:H": the second joker)
    ("pile", "JH") ("pile-lead-joker", "JK:H")  the same from the player's piles (two players)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from app.html.cards import hand_order
from app.table.answers import answer
from app.table.session import PLAYER, Session
from app.table.settings import Settings, default_settings
from engine.bids import NO_TRUMPS
from engine.cards import JOKER, SUIT_LETTERS, Card
from engine.deal import DealCode, deal
from engine.hand import Phase
from engine.observation import observe
from engine.rules import Rules
from engine.trumps import trump_order

Step = tuple[str, str]
Strategy = Callable[[Session], Step]


@dataclass
class Scenario:
    """A deal code, the player's plan for its first hand, and the simulated game after it."""

    code: str
    settings: Settings
    plan: list[Step]
    session: Session
    notes: dict[str, Any] = field(default_factory=dict)


def settings_for(table: str = "standard", level: str = "normal") -> Settings:
    settings = default_settings(table)
    settings["levels"] = ["human"] + [level] * (len(settings["levels"]) - 1)
    settings["pace_ms"] = 0
    return settings


def shown_hand(session: Session) -> list[Card]:
    """The player's cards in the order the page shows them."""
    hand = session.hand
    return hand_order(session.rules, tuple(hand.hand_of(PLAYER)), hand.contract, hand.joker_suit)


def simulate(settings: Settings, code: DealCode, strategy: Strategy,
             until: Callable[[Session], bool] = lambda s: False) -> Scenario:
    """Play the first hand (or ``until`` it is decided): the bots as on the page, the player by ``strategy``."""
    session = Session(settings, code)
    plan: list[Step] = []
    while session.state in ("you", "bot") and not until(session):
        if session.state == "bot":
            request = session.bot_request()
            assert request is not None
            session.apply_bot(request, answer(request))
            continue
        step = strategy(session)
        plan.append(step)
        perform(session, step)
        assert not session.notice, f"{step}: {session.notice}"
    return Scenario(str(code), settings, plan, session)


def perform(session: Session, step: Step) -> None:
    """Take one planned decision through the session, as the page's controls do."""
    kind, value = step
    if kind == "bid":
        session.bid(value)
    elif kind == "discard":
        for c in value.split():
            session.tap(Card.parse(c))
        session.discard()
    elif kind == "call" and value == "alone":
        session.play_alone()
    elif kind == "call":
        session.choose_call(Card.parse(value))
        session.call_partner()
    elif kind == "joker":
        session.give_joker(int(value))
    elif kind in ("play", "pile"):
        session.play(Card.parse(value))
    elif kind in ("lead-joker", "pile-lead-joker"):
        joker, suit = value.split(":")
        session.play(Card.parse(joker))
        session.name_suit(SUIT_LETTERS.index(suit))
    else:
        raise ValueError(f"unknown step {step}")


def auction_over(session: Session) -> bool:
    return session.hand.phase != Phase.AUCTION


def find(table: str, want: Callable[[Scenario], bool], strategy: Strategy, *, dealer: int = -1,
         seeds: Iterable[int] = range(1, 5000), pre: Callable[[Rules, DealCode], bool] = lambda r, c: True,
         until: Callable[[Session], bool] = lambda s: False, level: str = "normal",
         auction: Callable[[Scenario], bool] | None = None, by_auction: bool = False) -> Scenario:
    """The first deal (by default dealt by the seat on South's right: South bids first) whose simulated
    hand ``want``s; ``pre`` skips deals before they are played, ``until`` stops each as soon as it is decided.
    ``auction``: a condition of ``want`` that the auction decides: each deal is simulated to its auction's
    end first, and played on only if it meets it (the bots' play is most of a simulation's time);
    ``by_auction``: the auction decides ``want`` itself (``auction=want``)."""
    settings = settings_for(table, level)
    rules = Rules.parse(settings["rules"])
    dealer = dealer % rules.players
    auction = want if by_auction else auction
    for seed in seeds:
        code = DealCode(seed, dealer)
        if not pre(rules, code):
            continue
        if auction is not None and not auction(simulate(settings, code, strategy, auction_over)):
            continue
        scenario = simulate(settings, code, strategy, until)
        if want(scenario):
            return scenario
    raise LookupError(f"no deal found for {table}")


# --- strategies -----------------------------------------------------------------------------
def shown_piles(session: Session) -> list[Card]:
    """The face-up cards of the player's piles, in their places from the left (two players)."""
    piles = observe(session.hand, PLAYER).piles
    return [up for up, _ in piles[PLAYER] if up is not None] if piles else []


def longest_suit(session: Session) -> int:
    """The suit in which the player holds most trumps (bowers and joker counted)."""
    held = session.hand.held[PLAYER]
    deck = session.rules.deck
    return max(range(4), key=lambda s: (held & trump_order(deck, s).masks[s]).bit_count())


def first_legal(session: Session, keep_joker: bool = False) -> Step:
    """Play the first card the page shows as playable, from the hand or (two players) the piles
    (saving the joker to lead it, if asked)."""
    piles = session.hand.turn == session.piles
    legal = session.hand.legal_actions()
    leads = [a for a in legal if a.named_suit is not None]
    if leads and (keep_joker or len(legal) == len(leads)):
        return ("pile-lead-joker" if piles else "lead-joker", str(leads[0]))
    playable = session.playable_cards()
    cards = [c for c in (shown_piles(session) if piles else shown_hand(session)) if c in playable]
    if keep_joker and len(cards) > 1:
        cards = [c for c in cards if c != JOKER]
    return ("pile" if piles else "play", str(cards[0]))


def lowest(session: Session, k: int) -> list[Card]:
    """The player's ``k`` weakest cards for the contract, as a person would put back."""
    hand = session.hand
    assert hand.contract is not None
    order = trump_order(session.rules.deck, hand.contract.denomination, hand.joker_suit)
    return sorted(shown_hand(session), key=lambda c: (order.suit[c] == order.trump, order.power[c]))[:k]


def strongest_call(session: Session) -> str:
    """The best card the player does not hold (the first the partner picker shows)."""
    hand = session.hand
    assert hand.contract is not None
    order = trump_order(session.rules.deck, hand.contract.denomination)
    cards = [c for a in hand.legal_actions() if (c := a.called_card) is not None]
    return str(max(cards, key=lambda c: (order.suit[c] == order.trump, order.power[c])))


def bidder(first_bid: Callable[[Session], str], *, joker: int = 4, keep_joker: bool = False,
           call: Callable[[Session], str] = strongest_call) -> Strategy:
    """Open with ``first_bid`` then pass; put back the weakest cards; call a partner with ``call``
    (five players); play the first legal card."""
    def strategy(session: Session) -> Step:
        hand = session.hand
        if hand.phase == Phase.AUCTION:
            mine = [a for s, a in hand.history if s == PLAYER]
            return ("bid", first_bid(session) if not mine else "pass")
        if hand.phase == Phase.DISCARD:
            return ("discard", " ".join(str(c) for c in lowest(session, session.rules.kitty_size)))
        if hand.phase == Phase.CALL:
            return ("call", call(session))
        if hand.phase == Phase.JOKER:
            return ("joker", str(joker))
        return first_legal(session, keep_joker)
    return strategy


def passer(session: Session) -> Step:
    """Pass in the auction, then play the first legal card."""
    if session.hand.phase == Phase.AUCTION:
        return ("bid", "pass")
    return first_legal(session)


def seven_in_longest(session: Session) -> str:
    return f"bid 7{SUIT_LETTERS[longest_suit(session)]}"


def bot_wins_first_trick() -> Scenario:
    """The player bids, takes the kitty and leads; a bot wins the first trick."""
    return find("standard", lambda s: s.session.hand.declarer == PLAYER and len(s.session.hand.tricks) > 1
                and s.session.hand.tricks[0].winner != PLAYER, bidder(seven_in_longest),
                auction=lambda s: s.session.hand.declarer == PLAYER)


def holds_joker(rules: Rules, code: DealCode) -> bool:
    return JOKER in deal(rules, code).hands[PLAYER]


def declared(scenario: Scenario, contract: str, seat: int = PLAYER) -> bool:
    hand = scenario.session.hand
    return hand.declarer == seat and str(hand.contract) == contract


def led_joker(scenario: Scenario) -> bool:
    return any(kind == "lead-joker" for kind, _ in scenario.plan)


def no_trumps_with_joker(scenario: Scenario) -> bool:
    hand = scenario.session.hand
    return (hand.declarer == PLAYER and hand.contract is not None
            and hand.contract.denomination == NO_TRUMPS and not hand.contract.is_misere and led_joker(scenario))


def replayed(scenario: Scenario) -> Iterator[tuple[int, Step, Session]]:
    """The scenario played again: the game as the page shows it when the player takes each step
    (index in the plan, the step, the session), the step taken once the caller moves on."""
    session = Session(scenario.settings, DealCode.parse(scenario.code))
    for index, step in enumerate(scenario.plan):
        while session.state == "bot":
            request = session.bot_request()
            assert request is not None
            session.apply_bot(request, answer(request))
        yield index, step, session
        perform(session, step)


def first_refusal(scenario: Scenario) -> tuple[int, str, str] | None:
    """The first of the player's plays where another card of the hand must not be played:
    (index in the plan, that card, the suit to follow)."""
    for index, step, session in replayed(scenario):
        hand = session.hand
        if step[0] == "play" and hand.led >= 0 and hand.led < 4:
            playable = session.playable_cards()
            refused = [c for c in shown_hand(session) if c not in playable]
            if refused:
                return index, str(refused[0]), ("spades", "clubs", "diamonds", "hearts")[hand.led]
    return None
