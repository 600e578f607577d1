"""The typed view model: what the table screen and its dialogs show, as named tuples (cheaper
to create at start than dataclasses, and as immutable).

:mod:`app.table.view` builds them from the session (the player's seat sees what the rules
let South see, and nothing more); the renderers (:mod:`app.table.render`,
:mod:`app.table.panel`, :mod:`app.table.dialogs`) turn them into HTML.  A prompt is one of
several classes, told apart by its ``kind``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from app.html.tags import Choice
from app.table.help import Section


class CardView(NamedTuple):
    """A card: id, text ('JH'), words ('jack of hearts'), index, colour, whether it is a doubled
    deck's second copy, and its state in the player's hand."""

    id: int
    text: str
    label: str
    short: str
    rank: str
    suit: str
    colour: str
    copy: bool
    legal: bool = False
    selected: bool = False
    picked: bool = False
    kitty: bool = False
    called: bool = False
    covering: bool = False
    """Face up on a face-down card (two players' piles)."""


class SeatView(NamedTuple):
    """A seat: name, who plays it, dealer, turn, cards left (or an open hand), call, tricks, partner."""

    seat: int
    name: str
    place: str
    me: bool
    who: str
    dealer: bool
    to_act: bool
    declarer: bool
    cards: int
    call: str
    tricks: int | None
    sitting_out: bool
    exposed: tuple[CardView, ...]
    role: str
    partner: bool = False
    """The player's partner for the whole game (at five, :attr:`role` says who is, hand by hand)."""


class SideView(NamedTuple):
    """A scoring side over the table: its name, total and tricks this hand."""

    name: str
    total: int
    tricks: int
    mine: bool


class CalledCard(NamedTuple):
    """The card called for a partner (five players): '10♠' and its words."""

    short: str
    label: str


class ContractCall(NamedTuple):
    """What the contract line says about partners (app.table.partners.contract_call)."""

    called: CalledCard | None
    alone: bool
    note: str


class ContractView(NamedTuple):
    """The contract: the bid, who made it, the goal, trumps, the joker's suit, the discards
    (to their bidder), and the partners."""

    text: str
    label: str
    value: int
    declarer: str
    goal: str
    trumps: str
    joker: str
    discards: tuple[CardView, ...]
    called: CalledCard | None
    alone: bool
    note: str


class CallView(NamedTuple):
    """A call of the auction: who, '7♥' and 'seven hearts', or a pass; its place in the grid
    (round, and column: the seats from the dealer's left), whether it is the high call, and
    what it is based on (shown on a tap)."""

    seat: str
    text: str
    label: str
    passed: bool
    row: int = 0
    column: int = 0
    high: bool = False
    reason: str = ""
    shows: str = ""
    """What the call shows by its side's convention card ("6♣: the ace of clubs, not the
    ace of spades"), empty for a natural call."""


class HintView(NamedTuple):
    """The hint shown: its words, the actions it suggests ('bid 7H', 'discard 4S', …) and the
    cards they name, marked where the player taps them."""

    text: str
    actions: tuple[str, ...]
    cards: tuple[int, ...]


class TrickCard(NamedTuple):
    """A card on the table, in front of the position that played it."""

    card: CardView
    place: str
    seat: str
    winner: bool
    called: bool
    caption: str


class TrickView(NamedTuple):
    """The trick being played, else the last one (with its winner)."""

    cards: tuple[TrickCard, ...]
    winner: str
    title: str
    reviewing: bool


class PilePlace(NamedTuple):
    """One of the five places of a player's piles: its face-up card, and a face-down card beneath."""

    card: CardView | None
    down: bool


class PilesView(NamedTuple):
    """A player's five piles (two players)."""

    seat: int
    place: str
    me: bool
    name: str
    places: tuple[PilePlace, ...]
    to_act: bool
    sitting_out: bool
    tappable: bool


class BidOption(NamedTuple):
    """A legal bid: its action, text, words, value, place in the grid, and a note."""

    action: str
    text: str
    label: str
    value: int
    tricks: int
    column: int
    misere: bool
    note: str


class SuitOption(NamedTuple):
    """A suit to choose: for the joker, or named when leading it."""

    value: int
    symbol: str
    label: str
    colour: str


class CallOption(NamedTuple):
    """A card the player may call as partner."""

    id: int
    label: str
    colour: str
    text: str
    selected: bool


class CallGroup(NamedTuple):
    """The callable cards of one suit as they play (the joker alone)."""

    suit: int
    title: str
    symbol: str
    colour: str
    cards: tuple[CallOption, ...]


class ResultLine(NamedTuple):
    """A side's points for the hand just played."""

    name: str
    points: int
    role: str


class WaitPrompt(NamedTuple):
    """A bot is acting."""

    text: str
    kind: Literal["wait"] = "wait"


class BidPrompt(NamedTuple):
    """The player's call in the auction."""

    text: str
    bids: tuple[BidOption, ...]
    can_pass: bool
    kind: Literal["bid"] = "bid"
    blind: bool = False
    """The cards lie face down (blind misere): no hint, which would look at them."""


class DiscardPrompt(NamedTuple):
    """Choosing the cards to put back in the kitty."""

    need: int
    chosen: int
    text: str
    kind: Literal["discard"] = "discard"


class CallPrompt(NamedTuple):
    """Five players: call a card for a partner, or play alone."""

    groups: tuple[CallGroup, ...]
    can_alone: bool
    chosen: str
    text: str
    share: str
    kind: Literal["call"] = "call"


class SuitPrompt(NamedTuple):
    """Giving the joker a suit ('joker'), or naming the suit a led joker calls for ('name-suit')."""

    kind: Literal["joker", "name-suit"]
    suits: tuple[SuitOption, ...]
    text: str


class PlayPrompt(NamedTuple):
    """The player's card to play, from the hand or (two players) the piles."""

    text: str
    can_play: bool
    source: Literal["hand", "piles"]
    selected: str
    one_tap: bool = False
    """A tap plays the card (app.store.prefs), with no Play button."""
    kind: Literal["play"] = "play"


class ResultPrompt(NamedTuple):
    """The hand just played (or the game over): what was bid, what happened, the points."""

    kind: Literal["hand-over", "game-over"]
    title: str
    text: str
    points: tuple[ResultLine, ...]
    contract: str
    next: str
    next_button: str = "Next hand"


Prompt = WaitPrompt | BidPrompt | DiscardPrompt | CallPrompt | SuitPrompt | PlayPrompt | ResultPrompt


class SheetRow(NamedTuple):
    """A hand of the score sheet."""

    number: int
    dealer: str
    contract: str
    result: str
    points: tuple[int, ...]
    totals: tuple[int, ...]


class SheetView(NamedTuple):
    """The score sheet: the sides (full and short names), every hand, the totals."""

    sides: tuple[str, ...]
    short: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    target: int


class TableView(NamedTuple):
    """Everything the table screen shows."""

    state: str
    phase: str
    players: int
    hand_number: int
    deal_code: str
    seats: tuple[SeatView, ...]
    sides: tuple[SideView, ...]
    target: int
    contract: ContractView | None
    auction: tuple[CallView, ...]
    trick: TrickView
    piles: tuple[PilesView, ...]
    can_review: bool
    can_undo: bool
    """The player may take back their last call or card (app.table.session.Session.undo)."""
    hand: tuple[CardView, ...]
    prompt: Prompt
    notice: str
    sheet: SheetView
    outcome: str
    help: list[Section]
    rules_text: str
    autoplay: bool
    pace_ms: int
    paces: tuple[Choice, ...]
    hand_hidden: int = 0
    kitty: int = 0
    """The kitty's cards face down in the middle of the table (during the auction; 0: none there)."""
    """Cards of the player's hand lying face down, not looked at yet (blind misere)."""
    hint: HintView | None = None
    auction_seats: tuple[str, ...] = ()
    """The auction grid's columns: the seats in turn from the dealer's left."""


class Preference(NamedTuple):
    """A page setting (app.store.prefs) as a checkbox."""

    name: str
    label: str
    on: bool
