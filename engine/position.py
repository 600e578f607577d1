"""Positions set up by hand: a deal from given cards, checked, and its text form.

A position's one-line text form, like chess's FEN, is six fields separated by
``|``: the rules string, the dealer's seat, the hands (seat 0 first,
separated by ``/``), the kitty, two players' piles (each seat's five
``down+up`` pairs, separated by ``/``; empty at other tables) and the
actions so far (separated by ``,``).  A seat barred from bidding by the set
rule follows the dealer: ``0 barred 2``::

    standard|0|5S 6S 7S 8S 9S 10S JS QS KS AS/...|4H 5H 6H||bid 7S,pass,pass,pass

:meth:`engine.hand.Hand.position` writes it and
:meth:`engine.hand.Hand.from_position` reads it back, replaying the actions
with full checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.cards import Card, format_cards, parse_cards
from engine.deal import Deal
from engine.errors import FiveHundredError, PositionError
from engine.rules import Rules

HAND_SIZE: Final = 10
PILES: Final = 5
"""Piles in front of each of two players."""

Cards = str | Iterable[int]
"""Cards given as text (``"JH 10S JK"``) or as card ids."""


def _cards(given: Cards) -> tuple[Card, ...]:
    if isinstance(given, str):
        return tuple(parse_cards(given))
    return tuple(Card(c) for c in given)


def _pairs(given: str | Iterable[tuple[int, int]]) -> tuple[tuple[Card, Card], ...]:
    """Pile pairs ``(down, up)``, or text ``"4H+AS 5H+KS ..."`` (``/`` also parts a pair)."""
    if isinstance(given, str):
        out = []
        for pair in given.split():
            down, sep, up = pair.replace("/", "+").partition("+")
            if not sep:
                raise PositionError(f"a pile is written down+up, not {pair!r}")
            out.append((Card.parse(down), Card.parse(up)))
        return tuple(out)
    return tuple((Card(d), Card(u)) for d, u in given)


def make_deal(rules: Rules, hands: Sequence[Cards], kitty: Cards = (),
              piles: Sequence[str | Iterable[tuple[int, int]]] = (),
              partial: bool = False) -> Deal:
    """A deal from given cards, checked against the table (see :func:`check_deal`).

    >>> from engine.rules import PRESETS
    >>> make_deal(PRESETS["standard"], ["JH JH", "", "", ""], partial=True)
    Traceback (most recent call last):
    ...
    engine.errors.PositionError: the jack of hearts is dealt twice
    """
    try:
        deal = Deal(tuple(_cards(h) for h in hands), _cards(kitty),
                    tuple(_pairs(p) for p in piles))
    except PositionError:
        raise
    except FiveHundredError as e:
        raise PositionError(str(e)) from None
    check_deal(rules, deal, partial)
    return deal


def check_deal(rules: Rules, deal: Deal, partial: bool = False) -> None:
    """Raise :class:`PositionError` naming the fault if the deal cannot be played at
    this table: a card twice, a card not in this deck, or wrong counts.  A ``partial``
    deal may hold fewer cards (a position where only the first tricks matter)."""
    table = rules.table
    if len(deal.hands) != table.players:
        raise PositionError(f"{len(deal.hands)} hands dealt to a table of {table.players}")
    seen: set[int] = set()
    cards = [c for h in deal.hands for c in h] + list(deal.kitty)
    cards += [c for piles in deal.piles for pair in piles for c in pair]
    deck = rules.deck
    for c in cards:
        if c in seen:
            raise PositionError(f"the {c.name} is dealt twice")
        if not deck.mask >> c & 1:
            raise PositionError(f"the {c.name} is not in this table's deck "
                                f"({len(deck.cards)} cards)")
        seen.add(c)
    _count(partial, "the kitty", len(deal.kitty), rules.kitty_size, "card")
    for seat, h in enumerate(deal.hands):
        _count(partial, f"seat {seat}", len(h), HAND_SIZE, "card")
    if deal.piles and not table.has_piles:
        raise PositionError("piles dealt at a table that plays without them")
    if table.has_piles:
        if len(deal.piles) != table.players and (deal.piles or not partial):
            raise PositionError(f"{len(deal.piles)} sets of piles for {table.players} players")
        for seat, piles in enumerate(deal.piles):
            _count(partial, f"seat {seat}'s piles", len(piles), PILES, "pile")


def _count(partial: bool, who: str, n: int, full: int, what: str) -> None:
    if n > full or (n < full and not partial):
        raise PositionError(f"{who} holds {n} {what}{'s' * (n != 1)}, not {full}")


def format_deal(deal: Deal) -> str:
    """The hands, kitty and piles fields of a position's text."""
    hands = "/".join(format_cards(h) for h in deal.hands)
    piles = "/".join(" ".join(f"{d}+{u}" for d, u in p) for p in deal.piles)
    return f"{hands}|{format_cards(deal.kitty)}|{piles}"


def split_position(text: str) -> tuple[Rules, int, int, Deal, list[str]]:
    """A position's text as its parts: rules, dealer, the seat barred from bidding
    (-1 for none), the (unchecked) deal, action texts."""
    fields = [f.strip() for f in text.strip().split("|")]
    if len(fields) != 6:
        raise PositionError(f"a position has 6 fields separated by '|', not {len(fields)}")
    rules_text, dealer, hands, kitty, piles, actions = fields
    try:
        rules = Rules.parse(rules_text)
    except FiveHundredError as e:
        raise PositionError(f"rules: {e}") from None
    dealer, marked, barred = (f.strip() for f in dealer.partition(" barred "))
    if not dealer.isdigit() or int(dealer) >= rules.players:
        raise PositionError(f"dealer {dealer!r} is not a seat of {rules.players} players")
    if marked and (not (rules.set_rule or rules.breach) or not barred.isdigit() or int(barred) >= rules.players):
        raise PositionError(f"barred {barred!r} is not a seat of {rules.players} players "
                            "playing the set rule or the breach rule")
    deal = parse_deal("|".join((hands, kitty, piles)))
    return (rules, int(dealer), int(barred) if marked else -1, deal,
            [a.strip() for a in actions.split(",") if a.strip()])


def parse_deal(text: str) -> Deal:
    """A deal from the hands, kitty and piles fields of :func:`format_deal` (unchecked)."""
    hands, kitty, piles = (f.strip() for f in (text.split("|") + ["", ""])[:3])
    try:
        return Deal(tuple(_cards(h) for h in hands.split("/")), _cards(kitty),
                    tuple(_pairs(p) for p in piles.split("/")) if piles else ())
    except PositionError:
        raise
    except FiveHundredError as e:
        raise PositionError(str(e)) from None
