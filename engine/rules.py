"""The table rules as one immutable value, with named presets and a rules string.

A rules string is a preset's name followed by the options that differ from
it: ``"standard"``, ``"standard,target=1000,slam=off"``.  ``str(rules)`` gives
the shortest such string from the nearest preset, and
``Rules.parse(str(r)) == r``.  Every option of RULES.md is a field here, with
its default; :data:`OPTIONS` describes each for a settings screen.

>>> r = Rules.parse("standard, target=1000, slam=off")
>>> r, r.target, r.slam is Slam.OFF
(Rules.parse('standard,slam=off,target=1000'), 1000, True)
>>> Rules.parse(str(r)) == r, r.bid_value(Bid.parse("7H"))
(True, 200)
>>> str(Rules(players=5, team_size=1, deck=Deck.FULL_52))
'five-handed'
>>> Rules.parse("standard,slam=300")
Traceback (most recent call last):
...
engine.errors.RulesError: illegal rules: slam must be one of 250, off, plus100, not 300
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any, Final, NamedTuple

from engine.bids import BIDS, BLIND_MISERE_ID, DOUBLE_NULLO_ID, HI_LO_ID, MISERE_ID, OPEN_MISERE_ID, Bid
from engine.decks import Deck
from engine.errors import RulesError
from engine.table import Table


class AllPass(StrEnum):
    """What happens when everyone passes."""

    REDEAL = "redeal"
    NO_TRUMPS = "no-trumps"


class MisereRank(StrEnum):
    """Where misere ranks in the auction."""

    ABOVE_SEVENS = "above-sevens"
    BETWEEN_EIGHTS = "8S-8C"
    BELOW_NO_TRUMPS = "below-8NT"
    """French Canadian: misere just below 8NT, open misere just below 10NT."""


class JokerLead(StrEnum):
    """Which suits a led suitless joker may name."""

    ANY = "any"
    NOT_VOID = "not-void"


class Slam(StrEnum):
    """The slam bonus."""

    TO_250 = "250"
    OFF = "off"
    PLUS_100 = "plus100"


class ScoringTable(StrEnum):
    """The values of the bids."""

    AVONDALE = "avondale"
    ORIGINAL = "original"
    PERFECT = "perfect"
    FRENCH_CANADIAN = "french-canadian"
    """Avondale's bids; misere ("petite") 500, open misere ("grosse") 1000."""


class Convention(StrEnum):
    """A convention card: what a side's calls show (its meanings: :mod:`bots.conventions`)."""

    NATURAL = "natural"
    JOKER_6NT = "joker-6nt"
    ACE_SHOWING = "ace-showing"


class PartnerShare(StrEnum):
    """What each partner of a five-handed called-partner contract scores."""

    HALF = "half"
    FULL = "full"


SCORING_TABLES: Final = tuple(ScoringTable)
_MISERE_VALUES: Final = {ScoringTable.AVONDALE: (250, 500), ScoringTable.ORIGINAL: (250, 500),
                         ScoringTable.PERFECT: (150, 250), ScoringTable.FRENCH_CANADIAN: (500, 1000)}
_MISERE_ORDERS: Final = {MisereRank.ABOVE_SEVENS: (95, 225), MisereRank.BETWEEN_EIGHTS: (105, 225),
                         MisereRank.BELOW_NO_TRUMPS: (135, 235)}
"""Auction ranks of misere and open misere by ``misere_rank`` (a bid ranks at ten times its id)."""


class VariantBid(NamedTuple):
    """A variant's bid: the option that allows it, its value, its auction rank."""

    option: str
    value: int
    order: int


VARIANT_BIDS: Final = {
    BLIND_MISERE_ID: VariantBid("blind_misere", 1000, 250),
    DOUBLE_NULLO_ID: VariantBid("double_nullo", 450, 215),
    HI_LO_ID: VariantBid("hi_lo", 350, 165),
}
"""Blind misere: 1000 in every table of the reference, listed last: above every bid.
Double nullo: the Perfect table's double misere, 450 (the only value the reference
gives, used with every table), ranking between ten clubs and ten diamonds (the
reference's "split the colours" order, where 450 falls in the Perfect table).
Hi-lo: 350 in every table (the Perfect table's figure, the one the reference gives),
above nine clubs and below nine diamonds whatever misere's rank."""
_PLAYER_DECKS: Final = {
    2: (Deck.STANDARD, Deck.MIXED_FOURS, Deck.FULL),
    3: (Deck.PIQUET,),
    4: (Deck.STANDARD, Deck.MIXED_FOURS, Deck.FULL, Deck.FRENCH_CANADIAN),
    5: (Deck.FULL_52,),
    6: (Deck.SIX_HANDED, Deck.DOUBLED),
}
_TEAM_SIZES: Final = {2: (1,), 3: (1,), 4: (2,), 5: (1,), 6: (3, 2)}


def _opt(default: Any, group: str, label: str, help: str, choices: tuple[Any, ...] = ()) -> Any:
    return field(default=default, metadata={"group": group, "label": label, "help": help,
                                            "choices": choices})


@dataclass(frozen=True)
class Rules:
    """Every table option; the defaults are the Standard table of RULES.md."""

    players: int = _opt(4, "Table", "Players", "How many play: two to six.", (2, 3, 4, 5, 6))
    team_size: int = _opt(2, "Table", "Team size",
                          "Partners per side: 1 plays for oneself; six players make two teams "
                          "of three or three teams of two.", (1, 2, 3))
    deck: Deck = _opt(Deck.STANDARD, "Deck", "Deck", "Which cards are used.", tuple(Deck))
    one_round_auction: bool = _opt(False, "Auction", "One-round auction",
                                   "American style: each player bids or passes once.")
    inkle: bool = _opt(False, "Auction", "Inkles",
                       "Only the first two to speak may bid six; if nobody bids above six "
                       "the hand is redealt.")
    all_pass: AllPass = _opt(AllPass.REDEAL, "Auction", "When everyone passes",
                         "Redeal, or play the hand in no trumps with 10 a trick to each side.",
                         tuple(AllPass))
    raise_own_bid: bool = _opt(False, "Auction", "Raise own bid",
                               "The last bidder left may raise their own bid, if more than one "
                               "player bid.")
    bid_after_pass: bool = _opt(False, "Auction", "Bid after a pass",
                                "A player who passed may bid again once someone changes the "
                                "denomination of the highest bid, at the same or a higher level "
                                "(the first bid changes nothing; misere plays in no trumps, so "
                                "it changes a suit bid but not a no trumps one). A change brings "
                                "back every player who passed; the bidding ends when all but the "
                                "highest bidder have passed since the last change.")
    misere: bool = _opt(True, "Misere", "Misere", "A bid to take no trick, worth 250.")
    open_misere: bool = _opt(True, "Misere", "Open misere",
                             "Misere with the hand laid face up after the first trick, worth 500.")
    misere_rank: MisereRank = _opt(MisereRank.ABOVE_SEVENS, "Misere", "Misere ranks",
                            "Above every seven and below every eight, or between eight spades "
                            "and eight clubs.", tuple(MisereRank))
    misere_anytime: bool = _opt(False, "Misere", "Misere any time",
                                "Misere may be bid before anyone has bid seven.")
    joker_lead: JokerLead = _opt(JokerLead.ANY, "Joker", "Led joker names",
                           "A suitless joker led in no trumps or misere may name any suit, or "
                           "only a suit its leader has not shown void in.", tuple(JokerLead))
    misere_joker_forced: bool = _opt(False, "Joker", "Joker forced in misere",
                                     "In misere, a player who cannot follow suit must play the "
                                     "joker.")
    slam: Slam = _opt(Slam.TO_250, "Scoring", "Slam",
                     "All ten tricks on a bid worth less than 250 scores 250; or no bonus; or "
                     "100 more on any bid below ten tricks (tournaments).",
                     tuple(Slam))
    defenders_win: bool = _opt(False, "Scoring", "Defenders can win",
                               "American: tricks alone can take a side to the target; if both "
                               "sides pass it on one hand, the bidders win.")
    point_spread: bool = _opt(False, "Scoring", "Point spread",
                              "The game also ends when one side is positive, the other negative, "
                              "and they are the target apart.")
    scoring: ScoringTable = _opt(ScoringTable.AVONDALE, "Scoring", "Scoring table",
                        "The values of the bids: Avondale, Original or Perfect.", SCORING_TABLES)
    target: int = _opt(500, "Scoring", "Target",
                       "Points to win (and minus that to lose); 0 plays with no target.",
                       (500, 1000, 250, 0))
    set_rule: bool = _opt(False, "Scoring", "Set rule",
                          "A declarer set by one trick more than beating the contract needs "
                          "(the defenders take five tricks against a seven, four against an "
                          "eight; a misere bidder takes three) may not bid in the next hand.")
    partner_share: PartnerShare = _opt(PartnerShare.HALF, "Five players", "Called partner scores",
                              "Each partner of a called-partner contract wins or loses half the "
                              "bid, or the full value.", tuple(PartnerShare))
    blind_misere: bool = _opt(False, "Misere", "Blind misere",
                              "A misere bid as a player's first call, before looking at the "
                              "cards: worth 1000, it outranks every bid; the partner sits out.")
    double_nullo: bool = _opt(False, "Misere", "Double nullo",
                              "Both partners play to take no trick, worth 450, between ten clubs "
                              "and ten diamonds: the caller passes its discards to partner, who "
                              "keeps what it wants and discards as many (four players).")
    failed_to_defenders: bool = _opt(False, "Scoring", "Failed bids score to the defenders",
                                     "Points are never subtracted: a side that fails its "
                                     "contract loses nothing, and its value goes to the other "
                                     "side (French Canadian).")
    hi_lo: bool = _opt(False, "Auction", "Hi-lo",
                       "A bid to win exactly five tricks and lose five, worth 350, between nine "
                       "clubs and nine diamonds: played in no trumps, the bidder's partners sit "
                       "out, the defenders score 10 a trick.")
    breach: bool = _opt(False, "Scoring", "Breach",
                        "Before the first lead a defender may call breach on a seven or more, or "
                        "a misere: beating it by one trick more than needed scores the "
                        "contract's value to the breaching side, else the breaching side loses "
                        "it; the loser of a breach may not bid in the next hand.")

    convention: Convention = _opt(Convention.NATURAL, "Auction", "Your side's convention card",
                                  "What your side's calls show: natural bidding; the joker opens "
                                  "six no trumps; or Bryce Francis' ace-showing calls.",
                                  tuple(Convention))
    their_convention: Convention = _opt(Convention.NATURAL, "Auction", "Their convention card",
                                        "The card the other side's bots bid by.", tuple(Convention))

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):  # an option given as its text becomes its enum
            kind = type(f.default)
            value = getattr(self, f.name)
            if issubclass(kind, StrEnum) and not isinstance(value, kind) and value in list(kind):
                object.__setattr__(self, f.name, kind(value))
        problems = self.problems()
        if problems:
            raise RulesError("illegal rules: " + "; ".join(problems))

    def problems(self) -> list[str]:
        """Why this combination of options cannot be played (empty if it can)."""
        out = []
        if self.players not in _PLAYER_DECKS:
            return [f"players must be 2 to 6, not {self.players}"]
        for f in dataclasses.fields(self):
            choices = f.metadata["choices"]
            value = getattr(self, f.name)
            if choices and f.name not in ("target", "team_size") and value not in choices:
                out.append(f"{f.name} must be one of {', '.join(map(_text, choices))}, "
                           f"not {_text(value)}")
        if self.deck not in _PLAYER_DECKS[self.players]:
            out.append(f"{self.players} players use the deck "
                       + " or ".join(d.value for d in _PLAYER_DECKS[self.players]))
        if self.team_size not in _TEAM_SIZES[self.players]:
            out.append(f"{self.players} players play in teams of "
                       + " or ".join(map(str, _TEAM_SIZES[self.players])))
        if self.players == 2 and self.open_misere:
            out.append("two players do not play open misere")
        if self.players != 5 and self.partner_share != PartnerShare.HALF:
            out.append("partner_share applies to five players only")
        if self.target < 0 or self.target % 10:
            out.append("target must be a multiple of 10, at least 0")
        if self.breach and self.set_rule:
            out.append("breach and the set rule are not played together: choose one")
        if self.breach and self.table.called_partner:
            out.append("breach is not played with a called partner: asking the defenders in "
                       "turn would show who the secret partner is")
        if self.point_spread and (self.sides != 2 or self.target == 0):
            out.append("point spread needs two sides and a target")
        if self.double_nullo and not self.table.two_partnerships:
            out.append("double nullo is played by two partnerships of two (four players)")
        if self.bid_after_pass and self.one_round_auction:
            out.append("bidding after a pass needs an auction that goes round: not with the "
                       "one-round auction")
        if self.team_size == 1 and {self.convention, self.their_convention} != {Convention.NATURAL}:
            out.append("convention cards are played by partners")
        if self.failed_to_defenders and self.sides != 2:
            out.append("failed bids score to the defenders only with two sides")
        return out

    # --- derived facts -------------------------------------------------
    @cached_property
    def table(self) -> Table:
        """The table's structure: positions, sides, piles, a called partner."""
        return Table.of(self.players, self.team_size)

    def convention_of(self, player: int) -> Convention:
        """The card a seat's side bids by: ``convention`` for the first side (South's)."""
        return self.convention if self.side_of(player) == 0 else self.their_convention

    @property
    def sides(self) -> int:
        """Number of scoring sides (players for individual games)."""
        return self.players // self.team_size

    def side_of(self, player: int) -> int:
        """The side a seat scores for: seats ``s, s + sides, ...`` are partners."""
        return player % self.sides

    @property
    def positions(self) -> int:
        """Playing positions at a trick: two players also play from their piles."""
        return self.table.positions

    @property
    def kitty_size(self) -> int:
        return self.deck.kitty_size

    def bid_value(self, bid: int) -> int:
        """Points for a contract under the scoring table."""
        b = BIDS[bid]
        if b in VARIANT_BIDS:
            return VARIANT_BIDS[b].value
        if b.is_misere:
            return _MISERE_VALUES[self.scoring][b.is_open]
        t, d = b.tricks, b.denomination
        if self.scoring == ScoringTable.ORIGINAL:
            return 20 * (d + 1) * (t - 4)
        return 40 + 20 * d + 100 * (t - 6) - (20 if self.scoring == ScoringTable.PERFECT else 0)

    def bid_order(self, bid: int) -> int:
        """Auction rank of a bid: higher beats lower."""
        if bid in VARIANT_BIDS:
            return VARIANT_BIDS[bid].order
        if bid in (MISERE_ID, OPEN_MISERE_ID):
            return _MISERE_ORDERS[self.misere_rank][bid == OPEN_MISERE_ID]
        return bid * 10

    @cached_property
    def biddable(self) -> tuple[Bid, ...]:
        """The bids this table allows, lowest first."""
        allowed = [b for b in BIDS if self.allows(b)]
        return tuple(sorted(allowed, key=self.bid_order))

    def is_inkle(self, b: Bid) -> bool:
        """Whether ``b`` is an inkle here: a six bid at a table with inkles, which may be bid
        (by the first two to speak) but never becomes a contract."""
        return self.inkle and b.is_trick_bid and b.tricks == 6

    def allows(self, b: Bid) -> bool:
        """Whether this table plays a bid: a trick bid always, a special one by its option."""
        if b in VARIANT_BIDS:
            return bool(getattr(self, VARIANT_BIDS[b].option))
        return not b.is_misere or (self.misere if b == MISERE_ID else self.open_misere)

    @cached_property
    def bid_orders(self) -> tuple[int, ...]:
        """``bid_order`` of each of ``biddable``, ascending."""
        return tuple(self.bid_order(b) for b in self.biddable)

    @cached_property
    def legal_bids_cache(self) -> dict[tuple[int, bool, bool, bool], tuple[Any, ...]]:
        """Memo for the auction's legal actions (see ``Hand._legal_bids``)."""
        return {}

    # --- text ------------------------------------------------------------
    def __str__(self) -> str:
        best = min(PRESETS.items(), key=lambda kv: (len(self._diff(kv[1])), kv[0] != "standard"))
        return ",".join([best[0], *(f"{k}={_text(v)}" for k, v in self._diff(best[1]))])

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    def _diff(self, base: Rules) -> list[tuple[str, Any]]:
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)
                if getattr(self, f.name) != getattr(base, f.name)]

    @staticmethod
    def parse(text: str) -> Rules:
        """Parse a rules string: a preset name, then ``,option=value`` pairs."""
        name, *pairs = [p.strip() for p in text.strip().split(",")]
        if name not in PRESETS:
            raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}")
        fields = {f.name: f for f in dataclasses.fields(Rules)}
        changes: dict[str, Any] = {}
        for pair in pairs:
            key, eq, raw = pair.partition("=")
            key = key.strip().replace("-", "_")
            if not eq or key not in fields:
                raise RulesError(f"unknown rules option {pair!r}")
            changes[key] = _value(fields[key], raw.strip())
        return dataclasses.replace(PRESETS[name], **changes)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Deck):
        return value.value
    return str(value)


def _value(f: dataclasses.Field[Any], raw: str) -> Any:
    default = f.default
    try:
        if isinstance(default, bool):
            return {"on": True, "off": False}[raw]
        if isinstance(default, Deck):
            return Deck(raw)
        if isinstance(default, int):
            return int(raw)
    except (KeyError, ValueError):
        raise RulesError(f"bad value {raw!r} for rules option {f.name}") from None
    return raw  # text options: __post_init__ makes it the option's enum, or reports it


def find_preset(name: str) -> Rules:
    """A preset by name."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}") from None


STANDARD: Final = Rules()
PRESETS: Final[dict[str, Rules]] = {
    "standard": STANDARD,
    "cutthroat": Rules(players=3, team_size=1, deck=Deck.PIQUET),
    "two-handed": Rules(players=2, team_size=1, misere=False, open_misere=False),
    "five-handed": Rules(players=5, team_size=1, deck=Deck.FULL_52),
    "six-handed": Rules(players=6, team_size=3, deck=Deck.SIX_HANDED),
    "six-handed-pairs": Rules(players=6, team_size=2, deck=Deck.SIX_HANDED),
    "american": Rules(deck=Deck.FULL, one_round_auction=True, inkle=True, open_misere=False,
                      misere_rank=MisereRank.BETWEEN_EIGHTS, defenders_win=True),
    "tournament": Rules(misere=False, open_misere=False, slam=Slam.PLUS_100, target=0),
    "french-canadian": Rules(deck=Deck.FRENCH_CANADIAN, misere_rank=MisereRank.BELOW_NO_TRUMPS,
                             scoring=ScoringTable.FRENCH_CANADIAN, target=1000, defenders_win=True,
                             failed_to_defenders=True),
}
PRESET_TITLES: Final = {
    "standard": "Standard (4 players, partners)",
    "cutthroat": "Cutthroat (3 players)",
    "two-handed": "Two-handed, with piles",
    "five-handed": "Five-handed, called partner",
    "six-handed": "Six-handed, two teams of three",
    "six-handed-pairs": "Six-handed, three teams of two",
    "american": "American (one round, inkles, 45 cards)",
    "tournament": "Tournament table (rounds of four hands)",
    "french-canadian": "French Canadian (two jokers, kitty of six, to 1000)",
}
OPTIONS: Final = tuple(dataclasses.fields(Rules))
"""Each option's field: ``metadata`` holds its group, label, help sentence and choices."""
