"""PTN, Trickster's game-record format (../shared/PTN.md): read, replay and write.

A PTN record holds one deal: ``[Name "value"]`` tags, with the calls after
``[Auction]`` and the tricks after ``[Play]``.  :func:`read` turns a file of
one or more records into :class:`PtnRecord` values and :func:`replay` into a
:class:`~engine.match.Match`, every call and card applied with our checks.
Trick lines are in fixed seat order (column 1 is the ``[Play]`` seat, then
clockwise), so the order of play is worked out trick by trick with our
rules; a left bower stays in its printed suit.  Tags we do not know are kept
(``PtnRecord.tags``); a rule we do not play raises :class:`PtnError`.

Our own additions, for what no stored record shows: ``[Call "H7"]`` (or
``"Alone"``) for a five-handed called partner, ``[JokerSuit "H"]`` for a
no-trumps joker given a suit, ``[Piles "S:down+up ..."]`` for two players'
piles; ranks 11, 12 and 13 of the six-handed deck are written ``X``, ``Y``
and ``Z``; misere bids are written ``Misère`` and ``Open Misère``.

>>> game = replay(SAMPLE)
>>> [str(a) for _, a in game.hand.history[:4]]
['pass', 'bid 6C', 'pass', 'pass']
>>> game.hand.result.points, game.totals, game.outcome.reason
((30, 60), (340, 510), 'bid')
>>> read(dumps(game))[0].tags["Deal"] == read(SAMPLE)[0].tags["Deal"]
True
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import ALONE, PASS, Action, call, discard, joker_suit, make_bid, play
from engine.bids import MISERE, NO_TRUMPS, OPEN_MISERE, Bid, bid
from engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER, SECOND_JOKER, SPADES, Card, card
from engine.deal import Deal, DealCode
from engine.decks import Deck
from engine.errors import FiveHundredError, PositionError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.position import check_deal
from engine.rules import PRESETS, MisereRank, Rules

SEATS: Final = {2: ("S", "N"), 3: ("S", "W", "E"), 4: ("S", "W", "N", "E"),
                5: ("S", "SW", "NW", "NE", "SE"), 6: ("S", "SW", "NW", "N", "NE", "SE")}
"""PTN's seat letters, clockwise from South; index = our seat."""
_DEAL_SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
"""The order of the suit groups in a Deal hand."""
_SUIT_LETTER: Final = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS}
_LETTER_OF_SUIT: Final = {s: k for k, s in _SUIT_LETTER.items()}
_SUIT_SYMBOL: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANKS: Final = "23456789TXYZJQKA"
"""Rank letters in our rank-index order (X, Y, Z: our 11, 12, 13)."""
_UI_OPTIONS: Final = frozenset({"reviewLastDeal", "noSuggestions", "noWatching"})
_TAG: Final = re.compile(r'^\[(\w+)\s+"(.*)')


class PtnError(FiveHundredError):
    """A PTN record that cannot be read, or that uses rules we do not play."""


@dataclass(frozen=True)
class PtnRecord:
    """One PTN record: every tag in order (unknown ones kept), and the data lines."""

    tags: dict[str, str]
    auction: tuple[tuple[str, ...], ...] = ()
    play: tuple[tuple[str, ...], ...] = ()


# --- reading -------------------------------------------------------------------------------
def read(text: str) -> list[PtnRecord]:
    """The records of a PTN file (each ``[Event]`` tag starts a new one)."""
    records: list[PtnRecord] = []
    tags: dict[str, str] = {}
    data: dict[str, list[tuple[str, ...]]] = {"Auction": [], "Play": []}
    section = ""

    def flush() -> None:
        if tags:
            records.append(PtnRecord(dict(tags), tuple(data["Auction"]), tuple(data["Play"])))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        m = _TAG.match(line)
        if m:
            name, rest = m[1], m[2]
            if '"' not in rest:
                raise PtnError(f"line {number}: the tag {name} has no closing quote")
            if name == "Event" and tags:
                flush()
                tags, data = {}, {"Auction": [], "Play": []}
            tags[name] = _unescape(rest[:rest.rindex('"')])
            section = name
        elif section in data:
            data[section].append(tuple(_OPEN.sub("Open", line).split()))
        else:
            raise PtnError(f"line {number}: not a tag nor a line of calls or tricks: {line!r}")
    flush()
    if not records:
        raise PtnError("no PTN record found")
    return records


_OPEN: Final = re.compile(r"(?i)\bopen\s+(?=mis|nullo)")
"""The space in "Open Misère", one call of an Auction line."""


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value)


def rules_of(record: PtnRecord) -> Rules:
    """Our rules for a record's table: its players and ``GameOptionsJson``."""
    tags = record.tags
    if tags.get("GameCode", "FiveHundred") != "FiveHundred":
        raise PtnError(f"not a record of 500: the game is {tags['GameCode']!r}")
    players = len(_deal_field(record)[1])
    if players not in SEATS:
        raise PtnError(f"{players} hands dealt: 500 is played by 2 to 6")
    options = _options(tags.get("GameOptionsJson", ""))
    preset = {2: "two-handed", 3: "cutthroat", 4: "standard", 5: "five-handed",
              6: "six-handed"}[players]
    base = PRESETS[preset]
    change: dict[str, Any] = {"defenders_win": True, "misere_anytime": True}
    for key, value in options.items():
        if key in _UI_OPTIONS:
            continue
        if key == "variation" and value in (0, 1):
            change["one_round_auction"] = change["inkle"] = value == 0
        elif key == "bidAfterPass" and value in (0, 2):  # 2: "bid after pass if bid changed"
            change["bid_after_pass"] = value == 2
        elif key == "mustBidToWin" and isinstance(value, bool):
            change["defenders_win"] = not value
        elif key == "whenNullo" and value == 1:
            change["misere_anytime"] = False
        elif key == "S8Overbid250Nullo" and isinstance(value, bool):
            change["misere_rank"] = (MisereRank.ABOVE_SEVENS if value
                                     else MisereRank.BETWEEN_EIGHTS)
        elif key == "deckSize" and (players, value) in _PTN_DECKS:
            change["deck"] = _PTN_DECKS[players, value]
        elif key == "gameOverScore" and isinstance(value, int):
            change["target"] = value
        elif key == "isPartnership" and value == (players in (4, 6)):
            continue
        else:
            raise PtnError(f"a rule we do not play: {key} = {json.dumps(value)}")
    try:
        return dataclasses.replace(base, **change)
    except FiveHundredError as e:
        raise PtnError(f"rules we do not play: {e}") from None


def _options(text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise PtnError(f"GameOptionsJson is not JSON: {e}") from None
    if not isinstance(value, dict):
        raise PtnError("GameOptionsJson is not an object")
    return value


def _seat(letter: str, players: int, what: str) -> int:
    try:
        return SEATS[players].index(letter.strip().upper())
    except ValueError:
        raise PtnError(f"{what}: {letter!r} is not a seat of {players} "
                       f"({' '.join(SEATS[players])})") from None


def _deal_field(record: PtnRecord) -> tuple[str, list[str]]:
    deal = record.tags.get("Deal")
    if not deal or ":" not in deal:
        raise PtnError("the record has no Deal (like \"E:Q86.T5.876.6.H ...\")")
    first, _, hands = deal.partition(":")
    return first, hands.split()


def _rank(letter: str, where: str) -> int:
    i = _RANKS.find(letter.upper())
    if i < 0:
        raise PtnError(f"{where}: {letter!r} is not a rank")
    return i


def parse_card(text: str, where: str = "card") -> Card:
    """A card of a PTN card list, suit first: ``C8``, ``HQ``, ``ST``, ``JH`` (the joker).

    >>> parse_card("ST"), parse_card("JH"), parse_card("SJ")
    (Card.parse('10S'), Card.parse('JK'), Card.parse('JS'))
    """
    t = text.strip().upper()
    if t == "JH":
        return JOKER
    if t == "JL":
        return SECOND_JOKER
    if len(t) != 2 or t[0] not in _SUIT_LETTER:
        raise PtnError(f"{where}: {text!r} is not a card")
    return card(_SUIT_LETTER[t[0]], _rank(t[1], where))


def card_text(c: Card) -> str:
    """A card as PTN writes it in card lists (suit first)."""
    if c.is_joker:
        return "JH" if c == JOKER else "JL"
    return _LETTER_OF_SUIT[c.suit] + _RANKS[c.rank]


def _card_list(text: str, where: str) -> list[Card]:
    t = text.replace(" ", "")
    if len(t) % 2:
        raise PtnError(f"{where}: {text!r} is not a list of two-letter cards")
    return [parse_card(t[i:i + 2], where) for i in range(0, len(t), 2)]


def _hand(text: str, where: str) -> tuple[Card, ...]:
    groups = text.split(".")
    if text == "-":
        raise PtnError(f"{where}: the hand is unknown, so the deal cannot be replayed")
    if len(groups) not in (4, 5):
        raise PtnError(f"{where}: {text!r} is not a hand like Q86.T5.876.6.H")
    out = [card(s, _rank(r, where)) for s, g in zip(_DEAL_SUITS, groups) for r in g]
    for j in groups[4] if len(groups) == 5 else "":
        if j.upper() not in "HL":
            raise PtnError(f"{where}: {j!r} is not a joker (H or L)")
        out.append(JOKER if j.upper() == "H" else SECOND_JOKER)
    return tuple(out)


def _call(text: str) -> Bid | None:
    """A bid of an Auction line (None for a pass)."""
    t = text.strip()
    for symbol, letter in _SUIT_SYMBOL.items():
        t = t.replace(symbol, letter)
    t = t.upper()
    if t == "PASS":
        return None
    if t in ("MISÈRE", "MISERE", "NULLO", "MIS"):
        return MISERE
    if t in ("OPENMISÈRE", "OPENMISERE", "OPENNULLO", "OPEN-MIS"):
        return OPEN_MISERE
    m = re.fullmatch(r"(10|[6-9]|I)(NT|[SCDH])", t)
    if not m:
        raise PtnError(f"Auction: {text!r} is not a call")
    tricks = 6 if m[1] == "I" else int(m[1])
    return bid(tricks, NO_TRUMPS if m[2] == "NT" else _SUIT_LETTER[m[2]])


def _bid_text(b: Bid) -> str:
    if b.is_misere:
        return "Open Misère" if b.is_open else "Misère"
    d = "NT" if b.denomination == NO_TRUMPS else "♠♣♦♥"[b.denomination]
    return f"{b.tricks}{d}"


# --- replaying -------------------------------------------------------------------------------
def deal_of(record: PtnRecord, rules: Rules) -> tuple[Deal, int]:
    """The record's deal (checked) and dealer."""
    players = rules.players
    first, hands = _deal_field(record)
    start = _seat(first, players, "Deal")
    dealt: list[tuple[Card, ...]] = [()] * players
    for i, text in enumerate(hands):
        seat = (start + i) % players
        dealt[seat] = _hand(text, f"Deal, {SEATS[players][seat]}")
    kitty = _card_list(record.tags.get("Undealt", ""), "Undealt")
    piles: tuple[tuple[tuple[Card, Card], ...], ...] = ()
    if "Piles" in record.tags:
        by_seat: dict[int, tuple[tuple[Card, Card], ...]] = {}
        for part in record.tags["Piles"].split("/"):
            seat_letter, _, pairs = part.strip().partition(":")
            by_seat[_seat(seat_letter, players, "Piles")] = tuple(
                (parse_card(d, "Piles"), parse_card(u, "Piles"))
                for d, u in (p.split("+") for p in pairs.split()))
        piles = tuple(by_seat.get(s, ()) for s in range(players))
    if "Dealer" not in record.tags:
        raise PtnError("the record has no Dealer")
    dealer = _seat(record.tags["Dealer"], players, "Dealer")
    deal = Deal(tuple(dealt), tuple(kitty), piles)
    try:
        check_deal(rules, deal)
    except PositionError as e:
        raise PtnError(f"Deal: {e}") from None
    return deal, dealer


def replay(text: str) -> Match:
    """A game from a PTN file: each record's deal replayed move for move with our rules.

    ``GameScores`` (when given) sets the scores the game started from, so that the
    score sheet ends where the record does.
    """
    records = read(text)
    rules = rules_of(records[0])
    match = _replay(records, rules, None)
    start = _start_totals(match, records[-1])
    return match if start is None else _replay(records, rules, start)


def _replay(records: list[PtnRecord], rules: Rules, totals: tuple[int, ...] | None) -> Match:
    match: Match | None = None
    for number, record in enumerate(records, 1):
        where = f"record {number}" if len(records) > 1 else "the record"
        try:
            if rules_of(record) != rules:
                raise PtnError("its rules differ from the first record's")
            deal, dealer = deal_of(record, rules)
            if match is None:
                match = Match(rules, DealCode(0, dealer), totals, deal)
            elif dealer != match.deal_code(len(match.hands)).dealer:
                raise PtnError(f"the deal does not pass left: {SEATS[rules.players][dealer]} "
                               "deals")
            else:
                match.next_hand(deal)
            _replay_hand(match, record)
        except FiveHundredError as e:
            raise PtnError(f"{where}: {e}") from None
    assert match is not None
    return match


def _start_totals(match: Match, record: PtnRecord) -> tuple[int, ...] | None:
    """The scores the game started from: the record's GameScores less the hands played."""
    scores = record.tags.get("GameScores")
    if not scores:
        return None
    rules = match.rules
    first, _, numbers = scores.partition(":")
    try:
        by_seat = [int(n) for n in numbers.split()]
    except ValueError:
        raise PtnError(f"GameScores: {scores!r} is not a list of scores") from None
    start = _seat(first, rules.players, "GameScores")
    seat_scores = {(start + i) % rules.players: s for i, s in enumerate(by_seat)}
    end = tuple(seat_scores.get(rules.table.side_seats(side)[0], 0)
                for side in range(rules.sides))
    played = [sum(row.result.points[s] for row in match.sheet) for s in range(rules.sides)]
    return tuple(e - p for e, p in zip(end, played))


def _replay_hand(match: Match, record: PtnRecord) -> None:
    hand = match.hand
    rules = match.rules
    players = rules.players
    tags = record.tags
    seat = _seat(tags.get("Auction", SEATS[players][(hand.dealer + 1) % players]), players,
                 "Auction")
    for line in record.auction:
        for token in line:
            if token != "-":
                if hand.phase != Phase.AUCTION:
                    raise PtnError(f"Auction: {token!r} after the auction is over")
                b = _call(token)
                _apply_match(match, make_bid(b) if b is not None else PASS, seat,
                             f"Auction, {SEATS[players][seat]} {token}")
            seat = (seat + 1) % players
    if hand.phase == Phase.DISCARD:
        declarer = hand.declarer
        if "Declarer" in tags and _seat(tags["Declarer"], players, "Declarer") != declarer:
            raise PtnError(f"Declarer: {tags['Declarer']} did not win the auction")
        removed = tags.get("CardsRemoved", "")
        cards = _card_list(removed.partition(":")[2], "CardsRemoved")
        for c in cards:
            _apply_match(match, discard(c), declarer, f"CardsRemoved, {card_text(c)}")
    if hand.phase == Phase.CALL:
        called = tags.get("Call")
        if called is None:
            raise PtnError("the record does not say which card was called for a partner")
        action = ALONE if called.lower() == "alone" else call(parse_card(called, "Call"))
        _apply_match(match, action, hand.declarer, "Call")
    if hand.phase == Phase.JOKER:
        suit = tags.get("JokerSuit", "none").upper()
        s = 4 if suit == "NONE" else _SUIT_LETTER.get(suit, -1)
        if s < 0:
            raise PtnError(f"JokerSuit: {suit!r} is not a suit")
        _apply_match(match, joker_suit(s), hand.declarer, "JokerSuit")
    if not record.play:
        return
    if hand.phase != Phase.PLAY:
        raise PtnError(f"the play cannot start in the {hand.phase.name.lower()} phase (are "
                       "calls, CardsRemoved, Call or JokerSuit missing?)")
    first = _seat(tags.get("Play", ""), players, "Play")
    positions = rules.positions
    for number, line in enumerate(record.play, 1):
        if hand.phase != Phase.PLAY:
            raise PtnError(f"trick {number}: the hand is over after {number - 1} tricks")
        columns = {(first + i) % positions: token for i, token in enumerate(line)}
        for _ in range(positions):
            pos = hand.turn
            token = columns.get(pos, "-")
            if token == "-":  # the record ends here (exported mid-trick)
                if number == len(record.play):
                    return
                raise PtnError(f"trick {number}: no card for {SEATS[players][pos % players]}, "
                               "yet more tricks follow")
            c = parse_card(token, f"trick {number}")
            _apply_match(match, _lead_or_play(hand, c, columns), hand.to_act,
                         f"trick {number}, {card_text(c)}")
            if not hand.trick_pos:
                break


def _apply_match(match: Match, action: Action, seat: int, what: str) -> None:
    try:
        match.apply(action, seat)
    except FiveHundredError as e:
        raise PtnError(f"{what}: {e}") from None


def _lead_or_play(hand: Hand, c: Card, columns: dict[int, str]) -> Action:
    """The action that plays ``c``: a led suitless joker names the suit the others follow."""
    legal = hand.legal_actions()
    if play(c) in legal:
        return play(c)
    named = [a for a in legal if a.played_card == c]
    for a in named:  # the named suit that the others' cards follow
        hand.push(a)
        try:
            ok = _followers_legal(hand, columns)
        finally:
            hand.pop()
        if ok:
            return a
    return named[0] if named else play(c)


def _followers_legal(hand: Hand, columns: dict[int, str]) -> bool:
    pushed = 0
    try:
        while hand.trick_pos and hand.phase == Phase.PLAY:
            token = columns.get(hand.turn, "-")
            if token == "-":
                return True
            a = play(parse_card(token))
            if a not in hand.legal_actions():
                return False
            hand.push(a)
            pushed += 1
        return True
    finally:
        for _ in range(pushed):
            hand.pop()


# --- writing ---------------------------------------------------------------------------------
def dumps(match: Match, keep: Sequence[PtnRecord] = ()) -> str:
    """A game as PTN: one record per hand (the hand in progress included).  The tags of
    ``keep[i]`` that we do not write ourselves (names, dates, unknown ones) are kept in
    record ``i``."""
    out = []
    for i in range(len(match.hands)):
        text = _record(match, i)
        if i < len(keep):
            text = _keep_tags(text, keep[i], match.rules)
        out.append(text)
    return "\n".join(out)


def _keep_tags(text: str, kept: PtnRecord, rules: Rules) -> str:
    """A record of ours with ``kept``'s other tags added (before Dealer), and its Event and
    options text in place of ours when they say the same rules."""
    lines = text.splitlines()
    ours = {m[1]: i for i, m in enumerate(map(_TAG.match, lines)) if m}
    same = rules_of(PtnRecord({**kept.tags, "Deal": f"S:{' '.join(['-'] * rules.players)}"}))
    for name in ("Event", "GameOptionsJson"):
        if name in kept.tags and name in ours and same == rules:
            lines[ours[name]] = f'[{name} "{_escape(kept.tags[name])}"]'
    extra = [f'[{k} "{_escape(v)}"]' for k, v in kept.tags.items() if k not in ours]
    at = ours["Dealer"]
    return "\n".join(lines[:at] + extra + lines[at:]) + "\n"


def _record(match: Match, number: int) -> str:
    rules = match.rules
    hand = match.hands[number]
    table = rules.table
    players = rules.players
    seats = SEATS[players]
    if rules.deck is Deck.DOUBLED:
        raise PtnError("PTN has no way to write the doubled deck's second copies")
    totals = match.sheet[number].totals if number < len(match.sheet) else match.totals
    by_seat = [totals[table.side_of(s)] for s in range(players)]
    options = _options_json(rules)
    lines = ["% PTN ---------------------------",
             f'[Event "500 ({rules})"]', '[GameCode "FiveHundred"]']
    if options:
        lines.append(f'[GameOptionsJson "{_escape(json.dumps(options, separators=(",", ":")))}"]')
    lines.append(f'[GameScores "S:{" ".join(map(str, by_seat))}"]')
    d = hand.deal
    lines.append(f'[Dealer "{seats[hand.dealer]}"]')
    lines.append(f'[Deal "{seats[hand.dealer]}:' + " ".join(
        _hand_text(d.hands[(hand.dealer + i) % players]) for i in range(players)) + '"]')
    lines.append(f'[Undealt "{"".join(card_text(c) for c in d.kitty)}"]')
    if d.piles:
        lines.append('[Piles "' + " / ".join(
            f"{seats[s]}:" + " ".join(f"{card_text(a)}+{card_text(b)}" for a, b in p)
            for s, p in enumerate(d.piles)) + '"]')
    calls = [(s, a) for s, a in hand.history if a.bid is not None or str(a) == "pass"]
    if hand.contract is not None:
        lines.append(f'[Declarer "{seats[hand.declarer]}"]')
        lines.append(f'[Contract "{_bid_text(hand.contract)}"]')
    first = (hand.dealer + 1) % players
    lines.append(f'[Auction "{seats[first]}"]')
    row: list[str] = []
    seat = first
    for s, a in calls:
        while seat != s:
            row.append("-")
            seat = (seat + 1) % players
        row.append("Pass" if a.bid is None else _bid_text(a.bid))
        seat = (seat + 1) % players
    lines += [" ".join(row[i:i + players]) for i in range(0, len(row), players)]
    discards = [a.discarded_card for _, a in hand.history if a.discarded_card is not None]
    if hand.declarer >= 0 and hand.phase > Phase.AUCTION:
        who = seats[hand.declarer]
        lines.append(f'[CardsAdded "{who}:{"".join(card_text(c) for c in d.kitty)}"]')
        lines.append(f'[CardsRemoved "{who}:{"".join(card_text(c) for c in discards)}"]')
    for _, a in hand.history:
        if a.called_card is not None:
            lines.append(f'[Call "{card_text(a.called_card)}"]')
        elif a == ALONE:
            lines.append('[Call "Alone"]')
        elif a.named_suit is not None and a.played_card is None:
            suit = a.named_suit
            lines.append(f'[JokerSuit "{_LETTER_OF_SUIT[suit] if suit < 4 else "none"}"]')
    tricks = [(t.positions, t.cards) for t in hand.tricks]
    if hand.trick_pos:
        tricks.append((hand.trick_pos, hand.trick_cards))
    if tricks:
        n = rules.positions
        first_seat = table.controller[tricks[0][0][0]]
        lines.append(f'[Play "{seats[first_seat]}"]')
        for positions, cards in tricks:
            col = {p: card_text(c) for p, c in zip(positions, cards)}
            lines.append(" ".join(col.get((first_seat + i) % n, "-") for i in range(n)))
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _hand_text(cards: tuple[Card, ...]) -> str:
    groups = ["".join(_RANKS[c.rank] for c in sorted(cards, key=lambda c: -c.rank)
                      if not c.is_joker and c.suit == s) for s in _DEAL_SUITS]
    jokers = "".join("H" if c == JOKER else "L" for c in cards if c.is_joker)
    return ".".join(groups + ([jokers] if jokers else []))


def _options_json(rules: Rules) -> dict[str, Any]:
    """The GameOptionsJson of our rules, where PTN can say them."""
    out: dict[str, Any] = {}
    if not rules.one_round_auction:
        out["variation"] = 1
    if rules.bid_after_pass:
        out["bidAfterPass"] = 2
    if not rules.defenders_win:
        out["mustBidToWin"] = True
    if not rules.misere_anytime:
        out["whenNullo"] = 1
    if rules.misere_rank == MisereRank.BETWEEN_EIGHTS:
        out["S8Overbid250Nullo"] = False
    if rules.deck in (Deck.FULL, Deck.FRENCH_CANADIAN):
        out["deckSize"] = int(rules.deck.value)
    if rules.target != 500:
        out["gameOverScore"] = rules.target
    if rules != rules_of_options(rules.players, out):
        raise PtnError(f"PTN cannot say these rules: {rules}")
    return out


_PTN_DECKS: Final = {(4, 43): Deck.STANDARD, (4, 45): Deck.FULL, (2, 43): Deck.STANDARD,
                     (2, 45): Deck.FULL, (4, 46): Deck.FRENCH_CANADIAN}
"""Trickster's deckSize by head count: 46 is 45 and the black joker (its 'low joker', our JK2)."""


def rules_of_options(players: int, options: dict[str, Any]) -> Rules:
    """Our rules for a table of ``players`` with these GameOptionsJson options."""
    hands = " ".join(["-"] * players)
    return rules_of(PtnRecord({"Deal": f"S:{hands}", "GameOptionsJson": json.dumps(options)}))


SAMPLE: Final = """\
% PTN ---------------------------
% A real record, from TricksterBots issue #298 (the last hand of a game).
[Event "Trickster Cards: Play 500 - Australian with 3-card kitty, must bid to win, \
misère after 7, open misère ±500"]
[GameCode "FiveHundred"]
[GameOptionsJson "{\\"variation\\":1,\\"mustBidToWin\\":true,\\"whenNullo\\":1,\
\\"S8Overbid250Nullo\\":false,\\"noWatching\\":true}"]
[GameScores "S:340 510 340 510"]
[West "Joann (Auto)"]
[North "Jessica (Auto)"]
[East "Basil (Auto)"]
[South "BigVern (3760732)"]
[Dealer "E"]
[Deal "E:Q86.T5.876.6.H T97.AK6.QJ.95 AK.97.A5.AKT7 J.J84.KT94.QJ"]
[Undealt "C8HQS5"]
[Declarer "W"]
[Contract "6♣"]
[Auction "S"]
Pass 6♣ Pass Pass
[CardsAdded "W:S5HQC8"]
[CardsRemoved "W:H7H9HQ"]
[Play "W"]
C7 CQ JH C5
C8 H4 H5 HA
CT CJ C6 C9
DA D4 D6 DJ
CK SJ HT DQ
D5 DK D7 S9
CA DT D8 S7
SA H8 S6 ST
SK HJ S8 H6
S5 D9 SQ HK
"""
"""A real record (TricksterBots issue #298) for the doctests and tests."""
