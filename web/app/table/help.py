"""Rules help for the table being played, in plain words, built from its Rules."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, Final, NamedTuple

from engine.bids import BLIND_MISERE, DOUBLE_NULLO, HI_LO, MISERE, OPEN_MISERE, bid
from engine.decks import Deck
from engine.rules import (OPTIONS, PRESET_TITLES, PRESETS, AllPass, Convention, JokerLead, MisereRank, PartnerShare, Rules,
                          ScoringTable, Slam)
from engine.seats import seat_name

from bots.conventions import CARDS

from app.html.cards import bid_short

DECK_WORDS: Final = {
    Deck.STANDARD: "43 cards: ace down to 4 in hearts and diamonds, ace down to 5 in spades "
                   "and clubs, and one joker.",
    Deck.FULL: "45 cards: ace down to 4 in every suit, and one joker.",
    Deck.MIXED_FOURS: "43 cards: ace down to 4, except the 4 of spades and the 4 of diamonds, "
                      "and one joker. The 4 of the trump suit's colour counts as a trump.",
    Deck.PIQUET: "33 cards: ace down to 7 in every suit, and one joker.",
    Deck.FULL_52: "52 cards and one joker.",
    Deck.SIX_HANDED: "63 cards: 52, one joker, 11s and 12s in every suit and 13s in hearts "
                     "and diamonds (13, 12 and 11 rank between the queen and the 10).",
    Deck.DOUBLED: "52 cards, one joker, and a second deck's 2s, 3s and red 4s (marked “2nd” and "
                  "tinted blue); of two identical cards in a trick, the first played wins.",
    Deck.FRENCH_CANADIAN: "46 cards: ace down to 4 in every suit (no 2s or 3s), and two jokers: the "
                          "white joker (“la blanche”) ranks above the black joker. The cards are dealt "
                          "3, 3 and 4 at a time, 3 to the kitty after each of the first two rounds; "
                          "no kitty card is shown.",
}


class ValueTable(NamedTuple):
    """The bid values as a table: its heading, and a row of text per number of tricks."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Section(NamedTuple):
    """A section of the rules help: its title, its paragraphs and (scoring) the bid values."""

    title: str
    paragraphs: tuple[str, ...]
    table: ValueTable | None = None


class GuideStep(NamedTuple):
    """A step of the first-game guide (app.start.guide)."""

    title: str
    text: str

CHOICE_LABELS: Final = {
    **{name: {c.value: card.title for c, card in CARDS.items()}
       for name in ("convention", "their_convention")},
    "deck": {"43": "43 cards", "45": "45 cards: all four 4s, kitty of 5",
             "43-mixed": "43 cards: 4♠ and 4♦ out, trump-colour 4 a trump",
             "63": "63 cards: 11s, 12s and red 13s added",
             "63-doubled": "63 cards: 52 and a second deck's 2s, 3s and red 4s",
             "46": "46 cards: two jokers, kitty of 6"},
    "all_pass": {"redeal": "Redeal", "no-trumps": "Play it in no trumps"},
    "misere_rank": {"above-sevens": "Above the sevens", "8S-8C": "Between 8♠ and 8♣",
                    "below-8NT": "Just below 8NT (open misère just below 10NT)"},
    "joker_lead": {"any": "Any suit", "not-void": "Not a suit the leader is void in"},
    "slam": {"250": "250 for all ten tricks", "off": "No bonus", "plus100": "100 more"},
    "scoring": {"avondale": "Avondale", "original": "Original", "perfect": "Perfect",
                "french-canadian": "French Canadian: misère 500, open misère 1000"},
    "target": {"0": "No target"},
    "partner_share": {"half": "Half the bid", "full": "The full bid"},
}


def option_text(value: Any) -> str:
    """A value as the rules string writes it: 'on', '45', 'redeal'."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def rule_changes(rules: Rules, table: str) -> str:
    """How ``rules`` differ from a table's usual rules, in words: 'misère off, game to 1000'."""
    base = PRESETS[table]
    parts = [_option_words(f, getattr(rules, f.name)) for f in OPTIONS
             if getattr(rules, f.name) != getattr(base, f.name)]
    return ("; " if any("," in p for p in parts) else ", ").join(parts)


def rules_words(rules: Rules) -> str:
    """The table and its changed rules, in words: 'Standard (4 players, partners); changed:
    misère off, game to 1000'; the table alone when nothing is changed."""
    table = str(rules).split(",")[0]
    changes = rule_changes(rules, table)
    return PRESET_TITLES[table] + (f"; changed: {changes}" if changes else "")


def _option_words(option: dataclasses.Field[Any], value: Any) -> str:
    label = str(option.metadata["label"]).lower().replace("misere", "misère")
    if option.name == "target":
        return f"game to {value}" if value else "no target"
    key = option_text(value)
    if isinstance(value, bool):
        return f"{label} {key}"
    words = CHOICE_LABELS.get(option.name, {}).get(key, key)
    return words if option.name == "deck" else f"{label}: {words[:1].lower()}{words[1:]}"


def rules_help(rules: Rules) -> list[Section]:
    """The rules help's sections for this table."""
    return [_table(rules), _cards(rules), _auction(rules), _kitty(rules), _trumps(rules),
            _joker(rules), _play(rules), _scoring(rules), _winning(rules)]


def partner_share(rules: Rules) -> str:
    """What each partner of a called-partner contract scores: 'half the bid' or 'the whole bid'."""
    return "half the bid" if rules.partner_share == PartnerShare.HALF else "the whole bid"


def _table(rules: Rules) -> Section:
    n = rules.players
    table = rules.table
    if table.has_piles:
        return Section("The table", (
            "2 players, each keeping their own score: you sit South and North sits opposite. Each "
            "plays from a hand and from five piles of cards laid in front of them, in view of both.",))
    if table.called_partner:
        text = (f"{n} players, each keeping their own score. The winning bidder calls a card for a "
                "partner, or plays alone: whoever holds the called card is the partner, secret until "
                f"the card is played. Partners each score {partner_share(rules)}; the others defend, "
                "each scoring their own tricks.")
    elif rules.team_size == 1:
        text = (f"{n} players, each keeping their own score. The winning bidder plays alone; "
                "the others defend together for that hand, each scoring their own tricks.")
    elif rules.team_size == 3:
        partners = " and ".join(seat_name(n, s) for s in range(rules.sides, n, rules.sides))
        text = (f"{n} players in two teams of three, seated alternately: you sit South with {partners}; "
                "a team shares one score.")
    else:
        partner = seat_name(n, rules.sides % n)
        text = (f"{n} players in partnerships: you sit South with {partner} as your partner; "
                "partners sit opposite and share one score.")
    return Section("The table", (text, "Play goes clockwise (to the left)."))


def _cards(rules: Rules) -> Section:
    k = rules.kitty_size
    if rules.table.has_piles:
        deal = (f"Each player gets 10 cards in hand and, in front of them, five piles of two cards: "
                f"one face down with one face up on it. {k} go face down to the kitty. The deal "
                "passes to the other player after every hand.")
    else:
        deal = (f"Everyone gets 10 cards and {k} go face down to the kitty. The deal passes to the "
                "left after every hand.")
    return Section("The cards", (DECK_WORDS[rules.deck], deal))


def _auction(rules: Rules) -> Section:
    low = "six" if not rules.inkle else "six (an inkle: only the first two to speak may bid it)"
    text = [f"Bids run from {low} to ten tricks, in spades, clubs, diamonds, hearts or no "
            "trumps, in that order. Each bid must beat the last: more tricks, or as many in a "
            "higher suit."]
    if rules.one_round_auction:
        text.append("Everyone bids or passes once, in turn from the dealer's left.")
    elif rules.bid_after_pass:
        text.append("The bidding goes round from the dealer's left. Bidding after a pass: once "
                    "you pass you are out until someone changes the denomination of the highest "
                    "bid (another suit or no trumps, at the same or a higher level; the first "
                    "bid changes nothing). Then everyone who passed may bid again, in turn; the "
                    "bidding ends when all but the highest bidder have passed since the last "
                    "change. Misère plays in no trumps: a misère over a suit bid is a change, "
                    "over no trumps it is not (our choice: the reference says only \"changes "
                    "the suit of their bid\").")
    else:
        text.append("The bidding goes round from the dealer's left until all but one have "
                    "passed; once you pass you are out of the bidding for that hand.")
    if rules.raise_own_bid:
        text.append("The last bidder left may raise their own bid, if someone else bid too."
                    + (" A raise in another denomination brings back everyone who passed."
                       if rules.bid_after_pass else ""))
    if rules.all_pass == AllPass.REDEAL:
        text.append("If everyone passes, the hand is thrown in and the next dealer deals.")
    else:
        text.append("If everyone passes, the hand is played in no trumps and each side scores "
                    "10 a trick.")
    if rules.inkle:
        text.append("If nobody bids above six, the hand is redealt.")
    if rules.set_rule:
        text.append("Set rule: a declarer set by one trick more than beating the contract needs "
                    "(the defenders take five tricks against a seven, four against an eight, "
                    "three against a nine, two against a ten, six against a six; a misère "
                    "bidder takes three) may only pass in the next hand's bidding, even if that "
                    "hand is thrown in. Only the declarer is barred, not the partners.")
    if rules.misere:
        when = "at any time" if rules.misere_anytime else "only once someone has bid a seven"
        rank = _MISERE_RANK_WORDS[rules.misere_rank][0]
        text.append(f"Misère ({rules.bid_value(MISERE)} points) promises to take no trick. It ranks "
                    f"{rank} and may be bid {when}.")
    if rules.open_misere:
        text.append(f"Open misère ({rules.bid_value(OPEN_MISERE)} points) is misère with the "
                    f"bidder's hand laid face up after the first trick. It ranks "
                    f"{_MISERE_RANK_WORDS[rules.misere_rank][1]} and may be bid at any time, even first.")
    text += _hi_lo(rules) + _breach(rules)
    if (rules.misere or rules.open_misere) and not rules.table.has_piles:
        out = ("The bidder's partners lay their hands down and sit out." if rules.team_size == 3
               else "The bidder's partner lays the hand down and sits out." if rules.team_size > 1
               else "The bidder plays alone against the others.")
        text.append(out)
    return Section("Bidding", tuple(text + _nullo_bids(rules) + _cards_words(rules)))


def _cards_words(rules: Rules) -> list[str]:
    """Each side's convention card in words, where partners play and a side plays one."""
    if rules.team_size == 1 or rules.convention == rules.their_convention == Convention.NATURAL:
        return []
    return [f"{whose} convention card, {CARDS[c].title}: {CARDS[c].summary}"
            for whose, c in (("Your side's", rules.convention), ("The other side's", rules.their_convention))]


def _nullo_bids(rules: Rules) -> list[str]:
    """The variants' bids to take no trick: blind misère, double nullo."""
    text = []
    if rules.blind_misere:
        text.append(f"Blind misère ({rules.bid_value(BLIND_MISERE)} points, the value in every "
                    "scoring table of the reference) is misère called before you look at your "
                    "cards: only as your first call of the hand (your cards stay face down until "
                    "you look or call it). It outranks every bid, so everyone else then passes; "
                    "it may be called even before anyone has bid a seven (our choice). The "
                    "bidder takes the kitty and the partner sits out, as in misère.")
    if rules.double_nullo:
        text.append(f"Double nullo ({rules.bid_value(DOUBLE_NULLO)} points: the reference gives "
                    "only the Perfect table's value, used here with every table) promises that "
                    "both partners take no trick. It ranks between ten clubs and ten diamonds "
                    "(the reference's order) and may be called at any time, even if partner "
                    f"passed. The caller picks up the kitty and gives the {rules.kitty_size} "
                    "cards they put back to their partner, who keeps the ones they want and "
                    f"puts back {rules.kitty_size}; both partners play.")
    return text


_MISERE_RANK_WORDS: Final = {
    MisereRank.ABOVE_SEVENS: ("above every seven and below every eight", "between ten diamonds and ten hearts"),
    MisereRank.BETWEEN_EIGHTS: ("between eight spades and eight clubs", "between ten diamonds and ten hearts"),
    MisereRank.BELOW_NO_TRUMPS: ("between eight hearts and eight no trumps (only eight no trumps or more "
                                 "beats it)", "between ten hearts and ten no trumps (only ten no trumps "
                                 "beats it)")}
"""Where misère and open misère rank, by the ``misere_rank`` rule."""


def _hi_lo(rules: Rules) -> list[str]:
    """Hi-lo in words, with the choices made where the reference leaves one."""
    if not rules.hi_lo:
        return []
    out = ("the bidder's partners lay their hands down and sit out" if rules.team_size == 3
           else "the bidder's partner lays the hand down and sits out" if rules.team_size > 1
           else "the bidder's piles sit out" if rules.table.has_piles
           else "the bidder plays alone against the others")
    return [f"Hi-lo ({rules.bid_value(HI_LO)} points, in every scoring table: the Perfect table's "
            "value) promises to win exactly five tricks and lose five. It ranks above nine clubs "
            "and below nine diamonds, wherever misère ranks, and may be bid at any time. It is "
            f"played as no trumps (the joker the only trump, played only when void); {out}. "
            "Defenders score 10 a trick against it, as against a trick bid. Every table here "
            "plays ten tricks a hand, so it is always five won and five lost."]


def _breach(rules: Rules) -> list[str]:
    """The breach rule in words, with the choices made where the reference leaves one."""
    if not rules.breach:
        return []
    return ["Breach: after a contract of seven or more, or a misère, and before the first lead, "
            "each defender in turn from the declarer's left may call breach: a claim to beat the "
            "contract by one trick more than beating it needs (the defenders take five tricks "
            "against a seven, four against an eight, three against a nine, two against a ten; a "
            "misère bidder takes three). The first call ends the asking. The contract scores as "
            "usual. The breach call is worth the contract's value (our choice): the breaching "
            "side scores it if the breach comes off, and loses it if not. A breach's points "
            "never win or lose the game on that hand. A breacher who fails, or a declarer who is "
            "breached, may only pass in the next hand's bidding. Hi-lo cannot be breached, and "
            "breach is not played with the set rule, nor with a called partner (the asking would "
            "show who the partner is)."]


def _kitty(rules: Rules) -> Section:
    k = rules.kitty_size
    return Section("The kitty", (
        f"The winning bidder picks up the {k} kitty cards"
        + (" into their hand (never onto the piles)" if rules.table.has_piles else "")
        + f", then puts back any {k} cards face down (kitty cards included) and leads the first trick.",))


def _trumps(rules: Rules) -> Section:
    text = ["With a trump suit, the trumps from the top are: the joker, the jack of trumps "
            "(right bower), the other jack of the same colour (left bower, which now belongs "
            "to the trump suit), then ace, king, queen, 10 and down.",
            "The other suits rank ace, king, queen, jack, 10 and down."]
    if rules.deck is Deck.MIXED_FOURS:
        text.append("The 4 of the trump colour also counts as a trump, the lowest one.")
    if rules.deck.two_jokers:
        text.append("With two jokers, the white joker is the highest trump and the black joker the "
                    "next, above the right bower: a trump suit has 14 trumps.")
    return Section("Trumps", tuple(text))


def _joker(rules: Rules) -> Section:
    text = ["In no trumps and misère the joker is the only trump. If the bidder holds it, "
            "they may give it a suit before the first lead: it is then the highest card of "
            "that suit.",
            "A joker without a suit wins any trick it is in. You may play it only when you "
            "cannot follow the suit led, and lead it only once all four suits have been led, "
            "or when it is your last card."]
    if rules.joker_lead == JokerLead.ANY:
        text.append("When you lead it, you name the suit the others must follow: any suit.")
    else:
        text.append("When you lead it, you name the suit the others must follow: one you have "
                    "not shown to be void in.")
    if rules.misere_joker_forced:
        text.append("In misère, a player who cannot follow suit must play the joker.")
    if rules.deck.two_jokers:
        text.append("With two jokers, both are trumps without a suit, the white joker above the "
                    "black: a led joker loses only to the white joker. The bidder may give the "
                    "jokers a suit only when holding both, and then gives it to both (our choice: "
                    "the rules we follow do not say).")
    return Section("The joker in no trumps and misère", tuple(text))


def _play(rules: Rules) -> Section:
    text = ["Follow the suit led if you can (when trumps are led, any trump follows, the left "
            "bower included); otherwise play any card.",
            "The highest trump wins the trick; with no trump in it, the highest card of the suit "
            "led. The winner leads the next trick."]
    if rules.table.has_piles:
        text += ["A trick is four cards: each player plays one from their hand and one of the "
                 "face-up cards of their piles. The turns go round your hand, North's hand, your "
                 "piles, North's piles, from whichever of the four won the last trick: a hand or "
                 "piles that win lead the next one.",
                 "A hand and its piles each follow suit on their own: the piles must follow with a "
                 "face-up card if they have one, whatever the hand holds. Face-down cards cannot be "
                 "played: when a face-up card is played, the card under it is turned face up once "
                 "the trick is over. The tricks your piles win are yours."]
        if rules.misere:
            text.append("In misère the bidder's piles sit out: each trick is three cards.")
    return Section("Playing", tuple(text))


def _scoring(rules: Rules) -> Section:
    rows = tuple((str(t), *(str(rules.bid_value(bid(t, d))) for d in range(5))) for t in range(6, 11))
    failing = ("; if they fail, they lose its value." if not rules.failed_to_defenders else
               ". Points are never subtracted: if they fail, its value goes to the other side, who "
               "still score their tricks too (our choice: the French Canadian rules we follow do not say).")
    text = ["Bidders who make their bid score its value (nothing more for extra tricks)" + failing]
    if rules.slam == Slam.TO_250:
        text.append("Slam: all ten tricks on a bid worth less than 250 scores 250 instead.")
    elif rules.slam == Slam.PLUS_100:
        text.append("Slam: all ten tricks on a bid below ten scores 100 more.")
    defenders = "each defender scores 10 for each trick they take" if rules.team_size == 1 \
        else "the defenders score 10 for each trick they take"
    if rules.table.has_piles:
        defenders = "the other player scores 10 for each trick they take"
    text.append(f"Against a trick bid, {defenders}; against misère, nothing.")
    misere = [f"{bid_short(b).lower()} {rules.bid_value(b)}"
              for b in (MISERE, OPEN_MISERE, BLIND_MISERE, DOUBLE_NULLO) if b in rules.biddable]
    if misere:
        text.append("Worth: " + " and ".join(misere) + ".")
    if rules.scoring == ScoringTable.FRENCH_CANADIAN:
        text.append("The French Canadian table: the trick bids as Avondale, misère (“petite”) 500 "
                    "and open misère (“grosse”, played with the hand face up) 1000.")
    return Section("Scoring", tuple(text), ValueTable(("Tricks", "♠", "♣", "♦", "♥", "NT"), rows))


def _winning(rules: Rules) -> Section:
    target = rules.target
    if target == 0:
        return Section("Winning", ("There is no target: play as many hands as you like.",))
    text = [f"A side wins by reaching {target} or more on a hand in which it made its own bid."]
    if rules.defenders_win:
        points = "tricks and the value of a bid the other side fails" if rules.failed_to_defenders else "tricks"
        text.append(f"Defenders' {points} can win too; if both sides pass the target on the same "
                    "hand, the bidders win.")
    else:
        text.append("Defenders' trick points alone never win the game.")
    if not rules.failed_to_defenders:  # else no side ever falls below zero
        text.append(f"A side at minus {target} or below loses: it goes out backwards.")
    if rules.point_spread:
        text.append(f"The game also ends when one side is above zero, the other below, and they "
                    f"are {target} or more apart.")
    return Section("Winning", tuple(text))


def guide_steps(rules: Rules) -> list[GuideStep]:
    """The first-game guide (app.start.guide): four short steps, in the order a
    hand needs them: the bidding, the kitty, the bowers, the joker."""
    k = rules.kitty_size
    misere = " Misère bids to take no trick at all." if rules.misere else ""
    return [
        GuideStep("Bidding", "Each player in turn bids how many tricks (6 to 10) their side will take "
                                     "with a suit as trumps or in no trumps, or passes. Each bid must beat the "
                                     "last: the bid buttons show what each is worth. The highest bid is the "
                                     f"contract.{misere}"),
        GuideStep("The kitty", f"The winning bidder picks up the {k} kitty cards, then puts back any {k} "
                                       "face down: keep the strong cards, throw away the weak ones."),
        GuideStep("The bowers", "With a suit as trumps, its jack (the right bower) and the other jack of "
                                        "the same colour (the left bower) are the second and third highest "
                                        "trumps: J♥ counts as a diamond when diamonds are trumps, and J♦ as a "
                                        "heart when hearts are."),
        GuideStep("The jokers", "The white joker is the highest trump of all, the black joker the next. "
                                        "In no trumps and misère they win any trick they are in (the white over "
                                        "the black), but you may play one only when you cannot follow suit "
                                        "(Rules says when you may lead it).")
        if rules.deck.two_jokers else
        GuideStep("The joker", "The joker is the highest trump of all. In no trumps and misère it wins "
                                       "any trick it is in, but you may play it only when you cannot follow "
                                       "suit (Rules says when you may lead it)."),
    ]
