"""How the normal bot plays its cards: sound partnership rules on tracked cards.

Declarers draw trumps from the top while the opponents may hold any (and
count them out), then cash winners; partners play low when their side's card
is sure to win, second hand low, third hand high, and never trump a
partner's sure winner.  The joker is kept for a trick that partner cannot
win.  Misere is played by the danger of what is left in hand, and defended on
the bidder's known voids and, once an open misere is laid down, its cards.
A hi-lo is played as no trumps until the bidder has five tricks, then as a
misere (``Knowledge.misere``).
"""

from __future__ import annotations

from engine.actions import ACTIONS, LEAD_JOKER_BASE, Action
from engine.bids import DENOMINATION_NAMES
from engine.cards import CARDS, JACK, NO_SUIT, SUIT_NAMES, card, cards_of, mask_of
from engine.observation import Observation

from bots.evaluation import JOKERS
from bots.knowledge import Knowledge
from bots.protocol import Decision


def play(obs: Observation) -> Decision:
    """The normal bot's card for this trick."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return Decision(legal[0], "it is the only card you can play")
    kn = Knowledge(obs)
    if kn.misere:
        return _misere_declarer(kn) if kn.declaring else _misere_defence(kn)
    if not obs.trick_cards:
        if kn.trump == NO_SUIT:
            return _lead_no_trumps(kn)
        return _lead_declaring(kn) if kn.declaring else _lead_defending(kn)
    return _follow(kn)


# --- words -------------------------------------------------------------------
def words(kn: Knowledge, c: int) -> str:
    """A card in words, bowers and joker by their names."""
    if 1 << c & JOKERS:
        return "the " + kn.obs.rules.deck.card_name(CARDS[c])  # 'the white joker' where two
    if kn.trump != NO_SUIT:
        if c == card(kn.trump, JACK):
            return "the right bower"
        if c == card(kn.trump ^ 1, JACK):
            return "the left bower"
    return "the " + CARDS[c].name


def _play(c: int, reason: str) -> Decision:
    return Decision(ACTIONS[c], reason)


# --- following ---------------------------------------------------------------
def _follow(kn: Knowledge) -> Decision:
    obs = kn.obs
    cards = [int(a) for a in obs.legal_actions]
    pos, best = kn.winner()
    later = kn.later()
    rivals = [p for p in later if not kn.ally[p]]
    friends = [p for p in later if kn.ally[p]]
    winners = [c for c in cards if kn.beats(c, best)]
    safe = [c for c in winners if kn.safe(c)]
    if kn.ally[pos]:
        if not any(kn.may_beat(p, best) for p in rivals):
            return _low(kn, cards, "partner's card already wins the trick")
        keep = [c for c in safe if not 1 << c & JOKERS]
        if keep:
            c = kn.lowest(mask_of(keep))
            return _play(c, f"partner's card could be beaten: {words(kn, c)} makes sure of "
                            "the trick")
        follow = [c for c in winners if kn.suit_of(c) == obs.led and not _precious(kn, c)]
        if follow:
            c = kn.highest(mask_of(follow))
            return _play(c, f"third hand high: {words(kn, c)} makes the opponents pay to win")
        return _low(kn, cards, "partner is winning the trick for now")
    friend_may_win = any(kn.may_beat(p, best) for p in friends)
    if safe:
        c = kn.lowest(mask_of(safe))
        if friend_may_win and _precious(kn, c):
            return _low(kn, cards, f"second hand low: keep {words(kn, c)} for a trick "
                                   "partner cannot win")
        return _play(c, f"{words(kn, c)} wins the trick")
    if winners:
        if not rivals:
            c = kn.lowest(mask_of(winners))
            return _play(c, f"win the trick as cheaply as possible with {words(kn, c)}")
        if friend_may_win and len(obs.trick_cards) == 1 and CARDS[best].rank < JACK:
            return _low(kn, cards, "second hand low: partner plays after you")
        if CARDS[best].rank >= JACK:
            c = kn.lowest(mask_of(winners))
            return _play(c, f"cover {words(kn, best)} with {words(kn, c)}")
        follow = [c for c in winners if kn.suit_of(c) == obs.led]
        if follow:
            c = kn.highest(mask_of(follow))
            return _play(c, f"third hand high: {words(kn, c)} makes the opponents pay to win")
        c = kn.lowest(mask_of(winners))
        return _play(c, f"trump with {words(kn, c)}")
    return _low(kn, cards, "you cannot win this trick")


def _precious(kn: Knowledge, c: int) -> bool:
    """The joker and the bowers: cards to keep for a trick partner cannot win."""
    return bool(1 << c & JOKERS) or kn.trump != NO_SUIT and kn.power(c) >= kn.power(
        card(kn.trump ^ 1, JACK))


def _low(kn: Knowledge, cards: list[int], why: str) -> Decision:
    """The cheapest card: the lowest of the suit led, else the least useful discard."""
    follow = [c for c in cards if kn.suit_of(c) == kn.obs.led]
    if follow:
        c = kn.lowest(mask_of(follow))
        return _play(c, f"{why}: play your lowest, {words(kn, c)}")
    c = min(cards, key=lambda x: _keep_value(kn, x))
    return _play(c, f"{why}: throw away {words(kn, c)}")


def _keep_value(kn: Knowledge, c: int) -> float:
    """How much a card is worth keeping (discards go lowest first)."""
    if 1 << c & JOKERS:
        return 1000.0
    s = kn.suit_of(c)
    if s == kn.trump:
        return 500.0 + kn.power(c)
    value = float(CARDS[c].rank)
    if kn.master(c):
        value += 40
    length = kn.in_suit(kn.mine, s).bit_count()
    if length == 1 and kn.trump != NO_SUIT and kn.in_suit(kn.mine, kn.trump):
        value -= 4
    if length >= 4 and kn.trump == NO_SUIT:
        value += 3
    return value


# --- leading in a trump contract ---------------------------------------------
def _plain(kn: Knowledge) -> list[int]:
    return [int(a) for a in kn.obs.legal_actions if a < LEAD_JOKER_BASE]


def _ruffable(kn: Knowledge, c: int) -> bool:
    """Might an opponent trump this card (shown void in its suit, trumps left)?"""
    s = kn.suit_of(c)
    trumps = kn.order.masks[kn.order.trump]
    return any(kn.void_in(p, s) and kn.possible[p] & trumps for p in kn.opponents)


def _cash(kn: Knowledge, cards: list[int]) -> Decision | None:
    """Cash a winner that cannot be trumped, from the longest suit."""
    masters = [c for c in cards if kn.suit_of(c) != kn.trump and kn.master(c)
               and not _ruffable(kn, c) and not 1 << c & JOKERS]
    if not masters:
        return None
    c = max(masters, key=lambda x: (kn.in_suit(kn.mine, kn.suit_of(x)).bit_count(), kn.power(x)))
    return _play(c, f"cash {words(kn, c)}: nobody can beat it")


def _lead_declaring(kn: Knowledge) -> Decision:
    obs = kn.obs
    cards = _plain(kn)
    trump = kn.trump
    trumps = kn.in_suit(kn.mine, trump)
    out = kn.in_suit(kn.opponents_hold(), trump)
    if trumps and out and (trumps.bit_count() > 1 or out.bit_count() == 1):
        top = kn.highest(trumps)
        if kn.master(top):
            return _play(top, f"lead {words(kn, top)} to draw trumps: the opponents may still "
                              f"hold {_count(out)}")
        if obs.seat == obs.declarer and trumps.bit_count() >= 2:
            if out & ~kn.above[top]:
                return _play(top, f"lead {words(kn, top)}, your highest trump, to force out "
                                  "the higher ones")
            if trumps.bit_count() > out.bit_count():
                low = kn.lowest(trumps)
                return _play(low, f"lead {words(kn, low)}: the opponents' trumps are all higher "
                                  "than yours, so make them spend them on your small ones")
    cash = _cash(kn, cards)
    if cash:
        return cash
    side = [c for c in cards if kn.suit_of(c) != trump]
    if not side:
        c = kn.highest(trumps)
        return _play(c, f"only trumps left: lead {words(kn, c)}")
    for c in sorted(side, key=kn.power):
        s = kn.suit_of(c)
        if any(kn.ally[p] and p != kn.me and kn.void_in(p, s) for p in range(kn.n)
               if kn.obs.active[p]):
            return _play(c, f"lead a {SUIT_NAMES[s][:-1]} for partner to trump")
    return _lead_long(kn, side, "lead from your longest suit to set up its cards")


def _count(mask: int) -> str:
    n = mask.bit_count()
    return f"{n} trump" if n == 1 else f"{n} trumps"


def _lead_long(kn: Knowledge, cards: list[int], why: str) -> Decision:
    """Lead from the longest suit: the top of a touching honour pair, else low."""
    def length(c: int) -> int:
        return kn.in_suit(mask_of(cards), kn.suit_of(c)).bit_count()
    s = kn.suit_of(max(cards, key=lambda c: (length(c), -_honour_loss(kn, c))))
    suit = kn.in_suit(mask_of(cards), s)
    top = kn.highest(suit)
    second = suit & ~(1 << top)
    theirs = kn.opponents_hold()
    if second and CARDS[top].rank >= JACK and \
            kn.above[kn.highest(second)] & theirs == kn.above[top] & theirs:
        return _play(top, f"{why}: lead {words(kn, top)}, the top of a sequence")
    c = kn.lowest(suit)
    return _play(c, f"{why}: lead {words(kn, c)}")


def _honour_loss(kn: Knowledge, c: int) -> int:
    """1 when leading this suit would lead away from a lone king or queen."""
    suit = kn.in_suit(kn.mine, kn.suit_of(c))
    top = kn.highest(suit)
    return int(not kn.master(top) and CARDS[top].rank >= JACK and suit.bit_count() <= 2)


def _lead_defending(kn: Knowledge) -> Decision:
    cards = _plain(kn)
    trump = kn.trump
    cash = _cash(kn, cards)
    if cash:
        return cash
    trumps = kn.in_suit(kn.mine, trump)
    side = [c for c in cards if kn.suit_of(c) != trump]
    tmask = kn.order.masks[trump]
    for c in sorted(side, key=kn.power):
        s = kn.suit_of(c)
        if any(kn.ally[p] and p != kn.me and kn.obs.active[p] and kn.void_in(p, s)
               and kn.possible[p] & tmask for p in range(kn.n)):
            return _play(c, f"lead a {SUIT_NAMES[s][:-1]} for partner to trump")
    if trumps:
        for c in side:
            if kn.in_suit(kn.mine, kn.suit_of(c)).bit_count() == 1 and CARDS[c].rank < JACK:
                return _play(c, f"lead your single {SUIT_NAMES[kn.suit_of(c)][:-1]} "
                                "so you can trump the suit later")
    bid = _partner_suit(kn, side)
    if bid is not None:
        return bid
    open_ = [c for c in side if not any(kn.void_in(p, kn.suit_of(c)) for p in kn.opponents)]
    if open_ or side:
        return _lead_long(kn, open_ or side, "lead a suit the declarer must follow")
    c = kn.lowest(trumps)
    return _play(c, f"only trumps left: lead {words(kn, c)}")


def _partner_suit(kn: Knowledge, cards: list[int]) -> Decision | None:
    """Lead the suit partner bid, if held."""
    rules = kn.obs.rules
    if rules.team_size < 2:
        return None
    me = rules.side_of(kn.obs.seat)
    for seat, action in reversed(kn.obs.history):
        if seat == kn.obs.seat or rules.side_of(seat) != me or action is None:
            continue
        b = action.bid
        if b is None or b.is_misere or b.denomination > 3:
            continue
        suit = [c for c in cards if kn.suit_of(c) == b.denomination]
        if suit:
            c = kn.highest(mask_of(suit)) if len(suit) <= 2 else kn.lowest(mask_of(suit))
            return _play(c, f"lead partner's suit, {DENOMINATION_NAMES[b.denomination]}")
    return None


# --- leading in no trumps ------------------------------------------------------
def _lead_no_trumps(kn: Knowledge) -> Decision:
    cards = _plain(kn)
    if not cards:
        return _joker_lead(kn)
    last_two = _joker_before_last_card(kn)
    if last_two:
        return last_two
    cash = _cash(kn, cards)
    if cash:
        return cash
    if not kn.declaring:
        bid = _partner_suit(kn, cards)
        if bid is not None:
            return bid
    return _lead_long(kn, cards, "set up your longest suit")


def _joker_lead(kn: Knowledge) -> Decision:
    """Lead the suitless joker, naming the suit where the others hold most cards."""
    leads = [a for a in kn.obs.legal_actions if a >= LEAD_JOKER_BASE]
    a = max(leads, key=lambda x: kn.in_suit(kn.opponents_hold(), Action(x).named_suit or 0)
            .bit_count())
    s = Action(a).named_suit or 0
    return Decision(a, f"lead the joker calling {SUIT_NAMES[s]}: it wins the trick")


def _joker_before_last_card(kn: Knowledge) -> Decision | None:
    """With the suitless joker and one card that is not sure to win left, lead
    the joker naming that card's suit: the others must follow with the suit,
    so the last card may take the last trick too (led first, it loses)."""
    rest = kn.mine & ~JOKERS
    if kn.mine.bit_count() != 2 or rest.bit_count() != 1:
        return None
    c = rest.bit_length() - 1
    s = kn.suit_of(c)
    if kn.master(c):
        return None
    lead = next((a for a in kn.obs.legal_actions
                 if a >= LEAD_JOKER_BASE and Action(a).named_suit == s), None)
    if lead is None:
        return None
    return Decision(lead, f"lead the joker calling {SUIT_NAMES[s]}: it wins the trick and "
                          f"draws the others' {SUIT_NAMES[s]}, so your {CARDS[c].name} may "
                          "win the last one")


# --- misere ----------------------------------------------------------------------
def _plain_plays(kn: Knowledge) -> list[int]:
    """The legal plays of a card other than a suitless joker."""
    jokers = kn.order.masks[NO_SUIT]
    return [int(a) for a in kn.obs.legal_actions if a < LEAD_JOKER_BASE and not 1 << a & jokers]


def _misere_declarer(kn: Knowledge) -> Decision:
    obs = kn.obs
    cards = _plain_plays(kn)
    if not cards:
        return Decision(obs.legal_actions[0], "only the joker is left")
    theirs = kn.opponents_hold()
    if not obs.trick_cards:
        def risk(c: int) -> tuple[int, int]:
            suit = kn.order.masks[kn.suit_of(c)]
            over = (theirs & kn.above[c]).bit_count()
            under = (theirs & suit & ~kn.above[c] & ~(1 << c)).bit_count()
            return (under if over else 100 + under, -over)
        c = min(cards, key=risk)
        if risk(c)[0] >= 100:
            return _play(c, f"every card is a winner: lead {words(kn, c)} and hope")
        return _play(c, f"lead {words(kn, c)}: the others hold higher cards of the suit")
    pos, best = kn.winner()
    follow = [c for c in cards if kn.suit_of(c) == obs.led]
    if follow:
        under = [c for c in follow if not kn.beats(c, best)]
        if under:
            c = _safest_shed(kn, under)
            return _play(c, f"play {words(kn, c)} under {words(kn, best)}: it cannot win")
        if any(kn.may_beat(p, kn.lowest(mask_of(follow))) for p in kn.later() if not kn.ally[p]):
            c = kn.lowest(mask_of(follow))
            return _play(c, f"play your lowest, {words(kn, c)}, and hope someone plays higher")
        c = kn.highest(mask_of(follow))
        return _play(c, f"this trick is lost: get rid of {words(kn, c)}")
    c = _safest_shed(kn, cards)
    return _play(c, f"throw away {words(kn, c)}, your most dangerous card")


def _safest_shed(kn: Knowledge, cards: list[int]) -> int:
    """The card whose loss leaves the misere hand safest, the highest on a tie."""
    return min(cards, key=lambda c: (_live_danger(kn, kn.mine & ~(1 << c)), -kn.power(c)))


def _live_danger(kn: Knowledge, hand: int) -> int:
    """Misere danger of a hand against the cards still out: the ``i``-th lowest
    card of a suit (from 0) is at risk when the opponents hold more than ``2i``
    lower cards of it (as :func:`bots.evaluation.misere_danger`)."""
    theirs = kn.opponents_hold()
    danger = 0
    for s in range(4):
        suit = kn.order.masks[s]
        for i, c in enumerate(sorted(cards_of(hand & suit), key=kn.power)):
            below = (theirs & suit & ~kn.above[c] & ~(1 << c)).bit_count()
            danger += max(0, below - 2 * i)
    return danger


def _misere_defence(kn: Knowledge) -> Decision:
    obs = kn.obs
    cards = _plain_plays(kn)
    if not cards:
        return Decision(obs.legal_actions[0], "only the joker is left")
    bidders = kn.opponents  # the bidder; in double nullo both partners
    theirs = 0
    for p in bidders:
        theirs |= kn.possible[p]
    if not obs.trick_cards:
        return _misere_attack(kn, cards, theirs)
    pos, best = kn.winner()
    follow = [c for c in cards if kn.suit_of(c) == obs.led]
    if pos in bidders:
        under = [c for c in cards if not kn.beats(c, best)]
        if under:
            c = max(under, key=lambda x: (kn.suit_of(x) == obs.led, kn.power(x)))
            return _play(c, f"stay under {words(kn, best)} so the bidder takes the trick")
        c = kn.highest(mask_of(follow or cards))
        return _play(c, "you cannot stay under the bidder's card: get rid of "
                        f"{words(kn, c)}")
    if all(p in obs.trick_positions for p in bidders):
        c = kn.highest(mask_of(follow or cards))
        return _play(c, f"the bidder is safe this trick: get rid of {words(kn, c)}")
    if follow:
        d_follow = kn.in_suit(theirs, obs.led)
        if obs.exposed and d_follow:
            lowest = kn.lowest(d_follow)
            if not kn.beats(lowest, best):
                c = kn.highest(mask_of(follow))
                return _play(c, f"the bidder can play under {words(kn, best)}: get rid of "
                                f"{words(kn, c)}")
            under = [c for c in follow if kn.power(c) < kn.power(lowest)]
            if under:
                c = kn.highest(mask_of(under))
                return _play(c, f"play {words(kn, c)}, under every card the bidder holds")
        c = kn.lowest(mask_of(follow))
        return _play(c, f"play low with {words(kn, c)} so the bidder cannot duck under")
    c = kn.highest(mask_of(cards))
    return _play(c, f"get rid of {words(kn, c)} while it cannot win")


def _misere_attack(kn: Knowledge, cards: list[int], theirs: int) -> Decision:
    """Lead against a misere: a low card of a suit the bidder still holds."""
    def score(s: int) -> float:
        mine = kn.in_suit(mask_of(cards), s)
        low = kn.lowest(mine)
        held = kn.in_suit(theirs, s)
        if not held:
            return -100.0
        if kn.obs.exposed:
            return 50.0 + kn.power(kn.lowest(held)) - kn.power(low) if \
                kn.power(low) < kn.power(kn.lowest(held)) else -50.0 + held.bit_count()
        over = (held & kn.above[low]).bit_count()
        under = (held & ~kn.above[low] & ~(1 << low)).bit_count()
        return over - 2 * under
    suits = sorted({kn.suit_of(c) for c in cards}, key=score, reverse=True)
    s = suits[0]
    c = kn.lowest(kn.in_suit(mask_of(cards), s))
    if score(s) <= -100:
        return _play(c, "the bidder is void in all your suits: lead low and wait")
    return _play(c, f"lead low in {SUIT_NAMES[s]}, a suit the bidder has not shown void in")

