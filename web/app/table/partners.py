"""Partners at five and six: the partner picker, the called card and who is known to hold
it, the seats that sit out a misère, and how the bidders share the score.

Only what seat 0 may see is used: ``observe(hand, PLAYER)`` tells the called card
(public once called) and the partner once seat 0 knows it (the called card was
played, or seat 0 holds it).
"""

from __future__ import annotations

from engine.actions import ALONE
from engine.cards import NO_SUIT, SUIT_NAMES, SUIT_SYMBOLS
from engine.hand import Phase
from engine.observation import Observation
from engine.rules import PartnerShare
from engine.scoring import HandResult
from engine.trumps import trump_order

from app.html.cards import SUIT_COLOURS, card_name, colour, hand_order, rank_text, short
from app.table.help import partner_share
from app.table.model import CallGroup, CalledCard, CallOption, CallPrompt, ContractCall
from app.table.session import PLAYER, Session


def _who(session: Session, seat: int) -> str:
    return "You" if seat == PLAYER else session.seat_name(seat)


def _and(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def called_played(obs: Observation) -> bool:
    """Whether the called card is on the table or in a finished trick (everyone knows its holder)."""
    return obs.called is not None and (obs.called in obs.trick_cards
                                       or any(obs.called in t.cards for t in obs.tricks))


# --- the partner picker ---------------------------------------------------------------
def call_prompt(session: Session, obs: Observation) -> CallPrompt:
    """The cards the player may call, grouped by suit as they play (trumps first, the joker and
    the left bower with them, high to low), the one chosen so far, and playing alone."""
    contract = obs.contract
    assert contract is not None
    callable_cards = [c for a in obs.legal_actions if (c := a.called_card) is not None]
    order = trump_order(obs.rules.deck, contract.denomination)
    groups: list[tuple[int, list[CallOption]]] = []
    for c in hand_order(obs.rules, tuple(callable_cards), contract):
        suit = order.suit[c]
        if not groups or groups[-1][0] != suit:
            groups.append((suit, []))
        groups[-1][1].append(CallOption(id=int(c), label=card_name(c), colour=colour(c),
                                        text=rank_text(c) if c.suit == suit else short(c),
                                        selected=c == session.selected))
    chosen = session.selected if session.selected in callable_cards else None
    share = f"partners each score {partner_share(obs.rules)}"
    share += "; alone, you score it all" if obs.rules.partner_share == PartnerShare.HALF else ""
    return CallPrompt(groups=tuple(_group(suit, order.trump, tuple(cards)) for suit, cards in groups),
                      can_alone=ALONE in obs.legal_actions,
                      chosen=card_name(chosen) if chosen is not None else "",
                      text="Call a partner, or play alone.",
                      share=f"Its holder plays with you, unknown to the others until it is played; {share}.")


def _group(suit: int, trump: int, cards: tuple[CallOption, ...]) -> CallGroup:
    if suit == NO_SUIT:
        return CallGroup(suit=suit, title="The joker", symbol="★", colour="joker", cards=cards)
    name = SUIT_NAMES[suit]
    return CallGroup(suit=suit, title=f"Trumps: {name}" if suit == trump else name.capitalize(),
                     symbol=SUIT_SYMBOLS[suit], colour=SUIT_COLOURS[suit], cards=cards)


# --- the table: the contract line and the seats -------------------------------------------
def contract_call(session: Session, obs: Observation) -> ContractCall:
    """What the contract line says about partners: the called card (or playing alone), what
    the player knows of its holder, and who sits out a misère."""
    called = None
    if obs.called is not None:
        called = CalledCard(short=short(obs.called), label=card_name(obs.called))
    alone = (obs.rules.table.called_partner and obs.called is None and obs.phase > Phase.CALL
             and obs.contract is not None and not obs.contract.is_misere)
    notes = [note for note in (_partner_note(session, obs), sitting_out_note(session, obs)) if note]
    return ContractCall(called=called, alone=alone, note=" ".join(notes))


def _partner_note(session: Session, obs: Observation) -> str:
    if obs.called is None:
        return ""
    declarer, partner = obs.declarer, obs.partner
    bidder = "your" if declarer == PLAYER else f"{session.seat_name(declarer)}'s"
    if called_played(obs):
        if partner == PLAYER:
            return f"You are {bidder} partner."
        return f"{session.seat_name(partner)} holds it: {bidder} partner."
    if partner == PLAYER:
        return f"You hold it: you are {bidder} partner, secret until you play it."
    return f"Whoever holds it is {bidder} partner, secret until it is played."


def sitting_out_note(session: Session, obs: Observation) -> str:
    """Who sits out a misère with the hand laid down: 'North-West and North-East sit out, ...'."""
    if obs.phase < Phase.PLAY:
        return ""
    out = [s for s in range(obs.rules.players) if not obs.active[s]]
    if not out:
        return ""
    names = _and([_who(session, s) for s in out])
    if len(out) > 1:
        return f"{names} sit out, their hands laid down."
    return "You sit out, your hand laid down." if out == [PLAYER] else f"{names} sits out, the hand laid down."


def sitting_out_status(session: Session, obs: Observation) -> str:
    """While the player sits out a misère: "North-East's misère: you sit out, your hand laid down. "."""
    if obs.phase < Phase.PLAY or obs.active[PLAYER]:
        return ""
    return f"{session.seat_name(obs.declarer)}'s misère: you sit out, your hand laid down. "


def seat_role(obs: Observation, seat: int) -> str:
    """At five: 'Bidder', 'Partner' once revealed, 'Partner (secret)' for the player holding
    the called card; '' otherwise."""
    if not obs.rules.table.called_partner or obs.declarer < 0 or obs.phase == Phase.AUCTION:
        return ""
    if seat == obs.declarer:
        return "Bidder"
    if seat == obs.partner:
        return "Partner" if called_played(obs) else "Partner (secret)"
    return ""


# --- the result and the score sheet --------------------------------------------------------
def share_words(session: Session, result: HandResult) -> str:
    """At five: who the partners were and their share of the bid; '' otherwise."""
    if not session.rules.table.called_partner or result.contract is None or result.declarer is None:
        return ""
    declarer = _who(session, result.declarer)
    if len(result.bidders) == 1:
        return "" if result.contract.is_misere else f"{declarer} played alone, for the whole bid."
    partner = next(p for p in result.bidders if p != result.declarer)
    names = f"{declarer} and {'you' if partner == PLAYER else session.seat_name(partner)}"
    return f"{names} were partners: each scores {partner_share(session.rules)}."


def result_role(session: Session, result: HandResult, seat: int) -> str:
    """At five (a side is a seat): 'bidder' or 'partner' for a line of the result."""
    if not session.rules.table.called_partner or result.declarer is None:
        return ""
    if seat == result.declarer:
        return "bidder"
    return "partner" if seat in result.bidders else ""


def sheet_partner(session: Session, result: HandResult) -> str:
    """At five, after the declarer's name on the score sheet: ' & North-East' or ' alone'."""
    if not session.rules.table.called_partner or result.contract is None or result.contract.is_misere:
        return ""
    partners = [p for p in result.bidders if p != result.declarer]
    return f" & {session.seat_name(partners[0])}" if partners else " alone"
