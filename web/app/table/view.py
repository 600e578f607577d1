"""The table's view model (app.table.model) for the player's seat.

Everything about the current hand comes from ``observe(hand, PLAYER)``: the
player sees what the rules let South see, and nothing more.  The score
sheet and results are public.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Literal

from engine.actions import BREACH, PASS, PASS_ID, Action
from engine.bids import BLIND_MISERE, DOUBLE_NULLO, HI_LO, NO_TRUMPS, Bid
from engine.breach import breach_figure
from engine.cards import NO_SUIT, SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.decks import Deck
from engine.hand import Phase
from engine.observation import Observation, observe
from engine.rules import Rules
from engine.scoring import HandResult

from bots.conventions import meaning

from app.html.cards import bid_short, card_name, colour, hand_order, rank_text, short, suit_word
from app.table.help import rules_help, rules_words
from app.table.model import (BidOption, BidPrompt, CallView, CardView, ContractView, DiscardPrompt, HintView, PilePlace,
                             PilesView, PlayPrompt, Prompt, ResultLine, ResultPrompt, SeatView, SheetRow, SheetView,
                             SideView, SuitOption, SuitPrompt, TableView, TrickCard, TrickView, WaitPrompt)
from app.table.partners import (call_prompt, contract_call, result_role, seat_role, share_words, sheet_partner,
                                sitting_out_status)
from app.table.session import PLAYER, Session
from app.table.settings import HUMAN, pace_choices

LEVEL_WORDS: Final = {"easy": "Easy bot", "normal": "Normal bot", "expert": "Expert bot"}
MISERE_RANKS: Final = {"above-sevens": ("above the sevens", "between 10♦ and 10♥"),
                       "8S-8C": ("between 8♠ and 8♣", "between 10♦ and 10♥"),
                       "below-8NT": ("just below 8NT", "just below 10NT")}
"""Where misère and open misère rank among the bids, by the ``misere_rank`` rule."""
VARIANT_NOTES: Final = {BLIND_MISERE: "before looking, above every bid",
                        DOUBLE_NULLO: "both partners play, between 10♣ and 10♦",
                        HI_LO: "exactly five tricks, between 9♣ and 9♦"}
"""The variants' bids' notes beside them in the bidding."""


def card_view(card: Card, deck: Deck | None = None, **flags: bool) -> CardView:
    """A card: id, text ('JH'), words ('jack of hearts'; with the ``deck``'s two jokers, 'white
    joker'), its index and colour, whether it is a doubled deck's second copy, and flags."""
    return CardView(id=int(card), text=str(card), label=card_name(card, deck), short=short(card),
                    rank=rank_text(card), suit="" if card.is_joker else SUIT_LETTERS[card.suit],
                    colour=colour(card, deck), copy=card.is_copy, **flags)


def side_names(session: Session) -> list[str]:
    """Scoring sides as the player reads them: 'You & North', 'West & East'; 'You', 'West'."""
    rules = session.rules
    names = []
    for side in range(rules.sides):
        seats = [s for s in range(rules.players) if rules.side_of(s) == side]
        names.append(" & ".join("You" if s == PLAYER else session.seat_name(s) for s in seats))
    return names


def short_side_names(session: Session) -> list[str]:
    """At five and six, sides with their seats' initials for the score sheet's narrow columns:
    'You & N', 'SW & NE'; 'NW'.  The full names otherwise."""
    if not session.rules.table.more_than_four:
        return side_names(session)
    return [" & ".join("You" if name == "You" else "".join(w[0] for w in name.split("-"))
                       for name in side.split(" & ")) for side in side_names(session)]


def table_view(session: Session, one_tap: bool = False) -> TableView:
    """Everything the table screen shows (``one_tap``: a card is played by one tap, app.store.prefs)."""
    obs = observe(session.hand, PLAYER)
    rules = session.rules
    sides = side_names(session)
    tricks = [0] * rules.sides
    for position, won in enumerate(obs.won):
        tricks[rules.side_of(session.hand.controller[position])] += won
    return TableView(
        state=session.state,
        phase=obs.phase.name.lower(),
        players=rules.players,
        hand_number=len(session.match.hands),
        deal_code=str(session.match.deal_code(len(session.match.hands) - 1)),
        seats=tuple(_seat(session, obs, s) for s in range(rules.players)),
        sides=tuple(SideView(name=name, total=total, tricks=tricks[i], mine=rules.side_of(PLAYER) == i)
                    for i, (name, total) in enumerate(zip(sides, session.match.totals))),
        target=rules.target,
        contract=_contract(session, obs),
        auction=_auction(session, obs),
        trick=_trick(session, obs),
        piles=_piles(session, obs),
        can_review=bool(obs.tricks) and bool(obs.trick_cards),
        can_undo=session.undo_point() is not None,
        hand=() if session.cards_hidden else _hand(session, obs),
        prompt=_prompt(session, obs, one_tap),
        notice=session.notice,
        sheet=_sheet(session, sides),
        outcome=session.match.outcome.describe(sides) if session.match.outcome else "",
        help=rules_help(rules),
        rules_text=rules_words(rules),
        autoplay=bool(session.settings["autoplay"]),
        pace_ms=int(session.settings["pace_ms"]),
        paces=pace_choices(),
        hand_hidden=len(obs.hand) if session.cards_hidden else 0,
        kitty=rules.kitty_size if obs.phase == Phase.AUCTION else 0,
        hint=_hint(session),
        auction_seats=tuple(session.seat_name((obs.dealer + 1 + k) % rules.players) for k in range(rules.players)),
    )


def _hint(session: Session) -> HintView | None:
    """The hint asked for at this position, if any (the game has not moved since)."""
    hint = session.hint
    if hint is None or hint.stamp != session.stamp or session.state != "you":
        return None
    actions = [Action.parse(a, session.hand.phase == Phase.AUCTION) for a in hint.actions]
    cards = tuple(int(c) for a in actions
                  if (c := a.played_card or a.discarded_card or a.called_card) is not None)
    return HintView(text=hint.text, actions=hint.actions, cards=cards)


def _seat(session: Session, obs: Observation, seat: int) -> SeatView:
    level = session.level(seat)
    name = session.seat_name(seat)
    sitting_out = not obs.active[seat] and obs.phase >= Phase.PLAY
    exposed: tuple[CardView, ...] = ()
    if obs.exposed and seat == obs.declarer and seat != PLAYER:
        exposed = tuple(card_view(c, obs.rules.deck) for c in hand_order(obs.rules, obs.exposed, obs.contract, obs.joker_suit))
    return SeatView(
        seat=seat, name=name, place=name.lower(), me=seat == PLAYER,
        who="You" if level == HUMAN else ("You (auto-play)" if seat == PLAYER
                                          else f"{session.bot_name(seat)} · {LEVEL_WORDS[level]}"),
        dealer=seat == obs.dealer, to_act=seat == obs.to_act,
        declarer=seat == obs.declarer, cards=obs.held_counts[seat],
        call=_last_call(obs, seat),
        tricks=sum(obs.won[seat::obs.rules.players]) if obs.phase >= Phase.PLAY else None,  # piles' too
        sitting_out=sitting_out, exposed=exposed, role=seat_role(obs, seat), partner=session.partner(seat),
    )


def _auction_end(obs: Observation) -> int:
    """How many actions the auction took: the calls before the first other action."""
    return next((i for i, (_, a) in enumerate(obs.history) if a is None or a.bid is None and a != PASS_ID),
                len(obs.history))


def _calls(obs: Observation) -> list[tuple[int, Action]]:
    """The auction's calls (not the breach round's, which follow the kitty)."""
    return [(s, a) for _, s, a in _indexed_calls(obs)]


def _indexed_calls(obs: Observation) -> list[tuple[int, int, Action]]:
    """The auction's calls with their places in the hand's history."""
    return [(i, s, a) for i, (s, a) in enumerate(obs.history[:_auction_end(obs)]) if a is not None]


def _call_text(action: Action) -> tuple[str, str]:
    """A call's short text and words: ('7♥', 'seven hearts'), ('Pass', 'pass')."""
    b = action.bid
    return (bid_short(b), b.name) if b is not None else ("Pass", "pass")


def _last_call(obs: Observation, seat: int) -> str:
    if obs.phase != Phase.AUCTION:
        return ""
    calls = [a for s, a in _calls(obs) if s == seat]
    return _call_text(calls[-1])[0] if calls else ""


def _auction(session: Session, obs: Observation) -> tuple[CallView, ...]:
    """The calls as a grid (as a bridge bidding history): a row a round, a column a seat from
    the dealer's left, read in order row by row (a seat skipped in a round, as after a pass,
    leaves its cell empty); the breach round in a row of its own after the last."""
    players = obs.rules.players
    calls = _indexed_calls(obs)
    high = max((i for i, _, a in calls if a.bid is not None), default=-1)
    row, last = 0, -1
    out = []
    for k, (i, seat, action) in enumerate(calls):
        text, label = _call_text(action)
        column = (seat - obs.dealer - 1) % players
        row += column <= last  # the turn went round past the dealer's left
        last = column
        before = [(s, a) for _, s, a in calls[:k]]
        out.append(CallView(seat=session.seat_name(seat), text=text, label=label, passed=action == PASS_ID,
                            row=row, column=column, high=i == high,
                            reason=call_reason(session, obs.rules, i, seat, action),
                            shows=meaning(obs.rules, before, seat, action) or ""))
    return tuple(out) + _breach_round(session, obs, row + 1 if calls else 0)


def _breach_round(session: Session, obs: Observation, row: int) -> tuple[CallView, ...]:
    """The defenders' breach calls after the auction (the breach rule): 'Breach' or 'No breach',
    in grid ``row``."""
    if not obs.rules.breach:
        return ()
    start = _auction_end(obs)
    return tuple(CallView(seat=session.seat_name(seat), text=text, label=text.lower(), passed=action == PASS_ID,
                          row=row, column=(seat - obs.dealer - 1) % obs.rules.players,
                          reason=call_reason(session, obs.rules, i, seat, action))
                 for i, (seat, action) in enumerate(obs.history[start:], start) if action in (BREACH, PASS)
                 for text in ("No breach" if action == PASS else "Breach",))


def call_reason(session: Session, rules: Rules, index: int, seat: int, action: Action) -> str:
    """What a call (the hand's action ``index``) is based on, shown on a tap: a bot's own reason
    (said of the bot, without the call it names first), else what the call naturally says
    ('' for a person's pass)."""
    said = session.reasons.get((len(session.match.hands) - 1, index)) if session.level(seat) != HUMAN else None
    return _of_them(said.removeprefix(action.name + ": ")) if said else natural_reading(action, rules)


def _of_them(reason: str) -> str:
    """A bot's reason, worded for the player as a hint ('you count …'), said of the bot."""
    return re.sub(r"\b(you|your)\b", lambda m: "they" if m.group(1) == "you" else "their", reason)


def natural_reading(action: Action, rules: Rules) -> str:
    """What a call says by itself: 'a long, strong hearts suit, about 7 tricks with partner and
    the kitty' (seven hearts); '' for a pass."""
    b = action.bid
    if action == BREACH:
        return "the defenders expect the contract to fail"
    if b is None:
        return ""
    helpers = "with partner and the kitty" if rules.team_size > 1 else "with the kitty"
    if b == BLIND_MISERE:
        return "to take no trick, called before looking at the cards"
    if b == DOUBLE_NULLO:
        return "both partners to take no trick"
    if b.is_hi_lo:
        return f"to take exactly {b.tricks} tricks"
    if b.is_misere:
        return "a hand of low cards to take no trick" + (", played face up" if b.is_open else "")
    if b.denomination == NO_TRUMPS:
        return f"strength in every suit, about {b.tricks} tricks {helpers}"
    return f"a long, strong {SUIT_NAMES[b.denomination]} suit, about {b.tricks} tricks {helpers}"


def _contract(session: Session, obs: Observation) -> ContractView | None:
    contract = obs.contract
    if contract is None:
        return None
    joker = ""
    if contract.denomination == NO_SUIT and obs.phase >= Phase.PLAY and obs.joker_suit != NO_SUIT:
        joker = f"The joker is a {SUIT_NAMES[obs.joker_suit][:-1]}."
    partners = contract_call(session, obs)
    return ContractView(
        text=bid_short(contract), label=contract.name, value=obs.rules.bid_value(contract),
        declarer="You" if obs.declarer == PLAYER else session.seat_name(obs.declarer),
        goal="to take no trick" if contract.is_misere else
        f"to take {'exactly ' * contract.is_hi_lo}{contract.tricks} tricks",
        trumps="no trumps" if contract.denomination == NO_SUIT else suit_word(contract.denomination),
        joker=joker,
        discards=tuple(card_view(c, obs.rules.deck) for c in obs.discards) if obs.phase >= Phase.PLAY else (),
        called=partners.called, alone=partners.alone, note=partners.note,
    )


def _trick(session: Session, obs: Observation) -> TrickView:
    """The cards on the table: the trick being played, else the last one (with its winner)."""
    places = [_position(session, p) for p in range(obs.rules.positions)]
    if obs.trick_cards and not session.reviewing:
        plays, winner, title = zip(obs.trick_positions, obs.trick_cards), -1, f"Trick {len(obs.tricks) + 1}"
    elif obs.tricks:
        last = obs.tricks[-1]
        plays, winner = zip(last.positions, last.cards), last.winner
        title = f"Trick {len(obs.tricks)}, won by {places[winner][2]}"
        if session.reviewing:
            title = "Last trick: " + title
    else:
        return TrickView(cards=(), winner="", title="", reviewing=False)
    captioned = obs.rules.table.crowded  # piles, or more seats than a trick's four places
    cards = tuple(TrickCard(card=card_view(c, obs.rules.deck), place=places[p][1], seat=places[p][0], winner=p == winner,
                            called=c == obs.called,
                            caption=places[p][2][:1].upper() + places[p][2][1:] if captioned else "")
                  for p, c in plays)
    return TrickView(cards=cards, winner=places[winner][0] if winner >= 0 else "", title=title,
                     reviewing=session.reviewing)


def _position(session: Session, position: int) -> tuple[str, str, str]:
    """Who plays at a position: its name ('North', "North's piles"), its place on the table
    ('north', 'north-piles') and how the player says it ('you', 'your piles', 'North')."""
    seat = session.hand.controller[position]
    name = session.seat_name(seat)
    piles = position >= session.rules.players
    where = place(name, piles)
    if not piles:
        return name, where, "you" if seat == PLAYER else name
    return f"{name}'s piles", where, "your piles" if seat == PLAYER else f"{name}'s piles"


def place(seat_name: str, piles: bool) -> str:
    """Where a seat (or its piles) sits on the table, as the styles name it: 'north',
    'north-west', 'north-piles'."""
    return seat_name.lower() + ("-piles" if piles else "")


def _hand(session: Session, obs: Observation) -> tuple[CardView, ...]:
    playable = session.playable_cards()
    kitty = set(obs.kitty) if obs.phase == Phase.DISCARD else set()
    return tuple(card_view(c, obs.rules.deck, legal=c in playable, selected=c == session.selected,
                           picked=c in session.picks, kitty=c in kitty, called=c == obs.called)
                 for c in hand_order(obs.rules, obs.hand, obs.contract, obs.joker_suit))


def _piles(session: Session, obs: Observation) -> tuple[PilesView, ...]:
    """Two players: each one's five piles in their places (index = seat), each place with its
    face-up card (or None) and whether a face-down card lies there.  In play the player's
    face-up cards are tapped like the hand's."""
    playable = session.playable_cards()
    out = []
    for seat in range(len(obs.piles)):
        places = tuple(PilePlace(card=None if up is None else card_view(
                           up, legal=up in playable, selected=up == session.selected, covering=down), down=down)
                       for up, down in obs.piles[seat])
        name = session.seat_name(seat)
        sitting_out = obs.phase >= Phase.PLAY and not obs.active[obs.rules.players + seat]  # a misere bidder's
        out.append(PilesView(seat=seat, place=name.lower(), me=seat == PLAYER,
                             name="Your piles" if seat == PLAYER else f"{name}'s piles", places=places,
                             to_act=obs.phase == Phase.PLAY and obs.turn == obs.rules.players + seat,
                             sitting_out=sitting_out,
                             tappable=seat == PLAYER and obs.phase == Phase.PLAY and not sitting_out))
    return tuple(out)


def _prompt(session: Session, obs: Observation, one_tap: bool) -> Prompt:
    """What the panel asks of the player now (or tells them while they wait)."""
    state = session.state
    if state in ("game-over", "hand-over"):
        return _result(session, "game-over" if state == "game-over" else "hand-over")
    name = session.seat_name(obs.to_act)
    if state == "bot":
        doing = {Phase.AUCTION: "is bidding", Phase.DISCARD: "is taking the kitty",
                 Phase.CALL: "is calling a partner", Phase.JOKER: "is choosing the joker's suit",
                 Phase.BREACH: "may call breach"}
        who = "Auto-play" if obs.to_act == PLAYER else name
        out = sitting_out_status(session, obs)
        return WaitPrompt(text=f"{out}{who} {doing.get(obs.phase, 'is thinking')}…")
    legal = obs.legal_actions
    if obs.phase == Phase.AUCTION:
        return _blind_bidding(obs) if session.cards_hidden else _bidding(obs, looked=True)
    if obs.phase == Phase.DISCARD:
        k = obs.rules.kitty_size
        return DiscardPrompt(need=k, chosen=len(session.picks), text=_discard_text(obs, k))
    if obs.phase == Phase.CALL:
        return call_prompt(session, obs)
    if obs.phase == Phase.BREACH:
        return _breach(obs)
    if obs.phase == Phase.JOKER:
        return SuitPrompt(kind="joker", suits=_suits(range(4)),
                          text="You hold both jokers: give them a suit, or keep them without one?"
                          if obs.rules.deck.two_jokers else "You hold the joker: give it a suit, or keep it without one?")
    if session.naming:
        suits = [a.named_suit for a in legal if a.played_card == session.selected and a.named_suit is not None]
        return SuitPrompt(kind="name-suit", suits=_suits(suits),
                          text="You lead the joker: name the suit the others must follow.")
    piles = obs.position != PLAYER
    whose = "Your piles'" if piles else "Your"
    if obs.led < 0:
        text = f"{whose} lead."
    elif obs.led == NO_SUIT:
        text = f"{whose} turn."
    else:
        text = f"{whose} turn: follow {SUIT_NAMES[obs.led]} if you can."
    selected = session.selected
    return PlayPrompt(text=text, can_play=selected is not None, source="piles" if piles else "hand",
                      selected=selected.name if selected is not None else "", one_tap=one_tap)


def bid_option(rules: Rules, b: Bid, action: str) -> BidOption:
    """A bid as the grid shows it: value, place, and a note (an inkle, a misère's rank)."""
    note = VARIANT_NOTES.get(b) or (f"ranks {MISERE_RANKS[rules.misere_rank][b.is_open]}" if b.is_misere
                                    else "an inkle" if rules.is_inkle(b) else "")
    return BidOption(action=action, text=bid_short(b), label=b.name, value=rules.bid_value(b),
                     tricks=b.tricks, column=b.denomination, misere=not b.is_trick_bid, note=note)


def _bidding(obs: Observation, looked: bool) -> BidPrompt:
    """The legal bids with their values, an inkle or a misère's rank named, and what this call is
    (once ``looked`` at the cards, no blind misère)."""
    rules = obs.rules
    bids = []
    inkles = False
    for a in obs.legal_actions:
        b = a.bid
        if b is None or looked and b == BLIND_MISERE:
            continue
        inkles |= rules.is_inkle(b)
        bids.append(bid_option(rules, b, str(a)))
    text = "Your bid: one round only, so this is your one call." if rules.one_round_auction else "Your bid."
    if inkles:
        text += " A six is an inkle: if nobody bids more, the hand is redealt."
    if obs.back_after_pass:
        text += " You passed, but the denomination has changed since: you may bid again."
    if obs.barred == obs.seat:
        text = ("You lost a breach last hand (the breach rule): you may only pass." if rules.breach
                else "You were set last hand (the set rule): you may only pass.")
    return BidPrompt(text=text, bids=tuple(bids), can_pass=any(a == PASS_ID for a in obs.legal_actions))


def _discard_text(obs: Observation, k: int) -> str:
    """What the cards put back are for: the kitty, or in double nullo partner's hand."""
    if obs.contract is not None and obs.contract.passes_discards:
        if obs.seat != obs.declarer:
            return (f"Double nullo: your partner gave you the {k} cards they put back. "
                    f"Keep the ones you want and choose {k} to put back.")
        return (f"You won the auction: the {k} kitty cards are in your hand. Choose {k} cards "
                "to give your partner, who keeps the ones they want and puts back as many.")
    return f"You won the auction: the {k} kitty cards are in your hand. Choose {k} cards to put back."


def _blind_bidding(obs: Observation) -> BidPrompt:
    """Cards face down (blind misere): the one call open before looking."""
    bids = tuple(b for b in _bidding(obs, looked=False).bids if b.action == f"bid {BLIND_MISERE}")
    return BidPrompt(text="Your cards are face down. Look at them, or call blind misère now: "
                          "only before you look.", bids=bids, can_pass=False, blind=True)


def _breach(obs: Observation) -> BidPrompt:
    """A defender's breach call, before the first lead: Breach, or pass."""
    contract = obs.contract
    assert contract is not None
    value = obs.rules.bid_value(contract)
    call = BidOption(action="breach", text="Breach", label="call breach", value=value, tricks=0, column=0,
                     misere=True, note=f"if {breach_figure(contract)}")
    return BidPrompt(text=f"Breach {contract.name}? If {breach_figure(contract)}, your side scores {value}; "
                          f"if not, it loses {value} and you may not bid next hand. Breach, or pass.",
                     bids=(call,), can_pass=True)


def _suits(suits: Iterable[int]) -> tuple[SuitOption, ...]:
    return tuple(SuitOption(value=s, symbol=SUIT_SYMBOLS[s], label=SUIT_NAMES[s], colour="red" if s >= 2 else "black")
                 for s in suits)


def _result(session: Session, kind: Literal["hand-over", "game-over"]) -> ResultPrompt:
    """The hand just played: what was bid, what happened, who scored what and why."""
    result = session.hand.result
    assert result is not None
    sides = side_names(session)
    lines = tuple(ResultLine(name=name, points=p, role=result_role(session, result, i))
                  for i, (name, p) in enumerate(zip(sides, result.points)))
    title = f"Hand {len(session.match.hands)}"
    if result.thrown_in:
        text = "Everyone passed: the hand is thrown in. No score."
    else:
        text = " ".join(t for t in (result.describe(session.rules), share_words(session, result)) if t)
    next_dealer = session.seat_name((session.hand.dealer + 1) % session.rules.players)
    return ResultPrompt(kind=kind, title=title, text=text, points=lines, contract=_result_contract(session, result),
                        next="" if session.match.is_over else f"{next_dealer} deals next.")


def _result_contract(session: Session, result: HandResult) -> str:
    if result.contract is None or result.declarer is None:
        return ""
    who = "You" if result.declarer == PLAYER else session.seat_name(result.declarer)
    return f"{who} bid {result.contract.name} ({session.rules.bid_value(result.contract)})."


def _sheet(session: Session, sides: list[str]) -> SheetView:
    rows = tuple(SheetRow(number=row.number, dealer=session.seat_name(row.dealer),
                          contract=_sheet_contract(session, row.result), result=sheet_result(row.result),
                          points=tuple(row.result.points), totals=tuple(row.totals)) for row in session.match.sheet)
    return SheetView(sides=tuple(sides), short=tuple(short_side_names(session)), rows=rows,
                     totals=tuple(session.match.totals), target=session.rules.target)


def _sheet_contract(session: Session, result: HandResult) -> str:
    if result.thrown_in:
        return "Thrown in"
    if result.contract is None or result.declarer is None:
        return "All passed (NT)"
    return f"{bid_short(result.contract)} {session.seat_name(result.declarer)}{sheet_partner(session, result)}"


def sheet_result(result: HandResult) -> str:
    """A hand's result on the score sheet: 'made, 9 tricks', 'failed, 6 tricks' ('' with no contract)."""
    if result.made is None:
        return ""
    took = result.bidders_tricks
    word = "slam" if result.slam else ("made" if result.made else "failed")
    return f"{word}, {took} {'trick' if took == 1 else 'tricks'}"

