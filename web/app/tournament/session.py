"""A tournament: the player and seven bots at two tables, rounds of four hands.

The engine's :class:`engine.tournament.Tournament` decides the seating, the
deals, who moves and the totals.  The player (tournament player 0) plays
their table's round through a :class:`app.table.session.Session`, like any game,
always at South: the table is *turned* so that the player's seat comes first.
Turning changes nobody's cards: dealing starts left of the dealer, so the deal
code with the dealer moved back by the player's seat deals every player the
same cards (:func:`turned`), and the actions of the turned game replay
unchanged into the engine's match of that table when the round ends.  The
pairs and the tie rule are the engine's seating's.

The other table is played by bots of the level the player chose (the expert
too) when the player's round ends, one move a tick of the worker
(:meth:`TournamentSession.play_on`, while the page shows its progress), each
decision seeded from the deal as the page seeds its bots.
"""

from __future__ import annotations

from typing import Any, Final

from bots.registry import make_bot
from engine.deal import DealCode
from engine.errors import FiveHundredError
from engine.match import Match
from engine.observation import observe
from engine.rng import MASK64, SplitMix64
from engine.tournament import HANDS_PER_ROUND, Tournament

from app.table.session import Session, bot_seed
from app.table.settings import Settings, check_settings

ME: Final = 0
"""The person's number among the tournament's players (the others are bots)."""
TABLES: Final = 2
_BOT_SALT: Final = 0x7AB1_E5EED
Played = list[list[list[list[str]]]]
"""Finished rounds as plain data: per round, per table, per hand, its actions as text."""


def turned(code: DealCode, seat: int, players: int = 4) -> DealCode:
    """The deal of ``code`` with seat ``seat`` renumbered 0 (and the others after it, in
    turn): each player gets the same cards, as dealing starts left of the dealer."""
    return DealCode(code.seed, (code.dealer - seat) % players, code.version)


def play_move(tournament: Tournament, table: int, level: str) -> bool:
    """One move at a table this round: a bot of ``level`` acts, or the next hand is dealt;
    False (and nothing done) once the table has played its round."""
    if tournament.table_done(table):
        return False
    match = tournament.matches[table]
    hand = match.hand
    if hand.is_over:
        tournament.next_hand(table)
    else:
        bot = make_bot(level, SplitMix64(bot_seed(match, _BOT_SALT)))
        match.apply(bot.act(observe(hand, hand.to_act)), hand.to_act)
    return True


def actions(match: Match) -> list[list[str]]:
    """A match's actions as text, hand by hand."""
    return [[str(a) for _, a in hand.history] for hand in match.hands]


class TournamentSession:
    """A tournament in progress: the engine's Tournament, and the player's table this round."""

    def __init__(self, settings: Settings, tournament: Tournament, between_rounds: bool = False) -> None:
        self.tournament = tournament
        self.between_rounds = between_rounds
        """The round is over: the standings are shown until the next round starts."""
        self.others_playing = False
        """The player's table has played its round, the other table plays on (:meth:`play_on`)."""
        self.seats: tuple[int, ...] = ()
        """The players at the player's table by the session's seats (the player first)."""
        self.table = 0
        """The player's table (for the round the session plays)."""
        self.turn = 0
        """The player's seat at it in the engine's seating: the session's seat ``s`` is the
        engine's ``(s + turn) % 4``."""
        self.first = self._seat(between_rounds)
        """The round's first deal at the player's table, turned."""
        self.session = Session(settings, self.first)
        """The player's table: this round's game (or the round just finished)."""

    @staticmethod
    def new(settings: Settings, seed: int, rounds: int) -> TournamentSession:
        """A tournament from the start screen's settings (their rules and bot level)."""
        rules = check_settings(settings)[1]
        return TournamentSession(settings, Tournament(seed & MASK64, rounds, TABLES, rules))

    def _seat(self, last_round: bool) -> DealCode:
        """Seat the player for this round (or the round just finished): their table and seat,
        the players by the session's seats, and the turned deal code of the round."""
        t = self.tournament
        if last_round:
            seating, matches = [s for s, _ in t.history[-1]], t.played[-1]
        else:
            seating, matches = t.seating, t.matches
        self.table = next(i for i, seats in enumerate(seating) if ME in seats)
        seats = seating[self.table]
        self.turn = seats.index(ME)
        self.seats = seats[self.turn:] + seats[:self.turn]
        return turned(matches[self.table].first, self.turn)

    # --- state ------------------------------------------------------------------
    @property
    def level(self) -> str:
        """The bots' level."""
        return str(self.session.settings["levels"][1])

    @property
    def round_played(self) -> bool:
        """The player's table has played this round's four hands."""
        return len(self.session.match.sheet) == HANDS_PER_ROUND

    def total(self, player: int) -> int:
        """A player's individual total, this round's points at the player's table included."""
        total = self.tournament.totals[player]
        if not self.between_rounds and player in self.seats:
            total += self.session.match.totals[self.seats.index(player) % 2]
        return total

    # --- rounds -----------------------------------------------------------------------
    def end_round(self) -> None:
        """Once the player's table has played its hands: copy them into the tournament and let
        the other table play (:meth:`play_on`)."""
        if self.between_rounds or self.others_playing or not self.round_played:
            return
        t = self.tournament
        match = t.matches[self.table]
        for number, hand in enumerate(self.session.match.hands):
            if number:
                t.next_hand(self.table)
            for seat, action in hand.history:
                match.apply(action, (seat + self.turn) % 4)
        self.others_playing = True

    def play_on(self) -> None:
        """One move at the other table, by bots of the player's chosen level; after its last,
        the round is finished (the standings are shown)."""
        if not self.others_playing:
            return
        t = self.tournament
        if any(play_move(t, table, self.level) for table in range(len(t.seating)) if table != self.table):
            return
        t.finish_round()
        self.others_playing, self.between_rounds = False, True

    def progress(self) -> tuple[int, int]:
        """While the other tables play: (hands they have finished this round, hands in all)."""
        t = self.tournament
        others = [t.matches[i] for i in range(len(t.seating)) if i != self.table]
        return sum(len(m.sheet) for m in others), HANDS_PER_ROUND * len(others)

    def next_round(self) -> None:
        """Leave the standings for the next round's first hand (the session's pace and
        auto-play carry on)."""
        if not self.between_rounds or self.tournament.is_over:
            return
        self.between_rounds = False
        self.first = self._seat(False)
        self.session = Session(self.session.settings, self.first)

    # --- saving -----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The tournament as plain data for a save; the player's table's game this round
        is saved as the game (:meth:`restore` reads both back)."""
        t = self.tournament
        return {"seed": t.seed, "rounds": t.rounds, "between_rounds": self.between_rounds,
                "played": [[actions(m) for m in matches] for matches in t.played]}

    @staticmethod
    def restore(data: Any, settings: Settings, match: Match) -> TournamentSession:
        """A tournament read back from :meth:`to_data` and the player's game: every finished
        round replayed with every action checked.  A ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("it is not a tournament")
        seed, rounds, between, played = (data.get(k) for k in ("seed", "rounds", "between_rounds", "played"))
        if (type(seed) is not int or not 0 <= seed <= MASK64 or type(rounds) is not int
                or type(between) is not bool or not isinstance(played, list)):
            raise ValueError("a field is missing or malformed")
        try:
            t = Tournament(seed, rounds, TABLES, check_settings(settings)[1])
            for number, tables in enumerate(played):
                _replay_round(t, number, tables)
        except FiveHundredError as e:
            raise ValueError(str(e)) from None
        if (between and not played) or (not between and t.is_over):
            raise ValueError("its rounds do not match its state")
        ts = TournamentSession(settings, t, between)
        expected = actions(t.played[-1][ts.table]) if between else None
        if match.first != ts.first or len(match.hands) > HANDS_PER_ROUND or (
                expected is not None and actions(match) != expected):
            raise ValueError("the player's game is not this round's")
        ts.session = Session.resume(settings, match)
        return ts


def _replay_round(t: Tournament, number: int, tables: Any) -> None:
    """Play a finished round's actions (per table, per hand) into the tournament."""
    if not isinstance(tables, list) or len(tables) != len(t.seating):
        raise ValueError(f"round {number + 1} is malformed")
    for table, hands in enumerate(tables):
        where = f"round {number + 1}, table {table + 1}"
        if not isinstance(hands, list) or len(hands) != HANDS_PER_ROUND:
            raise ValueError(f"{where} does not have {HANDS_PER_ROUND} hands")
        match = t.matches[table]
        for n, texts in enumerate(hands):
            if not isinstance(texts, list) or not all(isinstance(a, str) for a in texts):
                raise ValueError(f"{where}, hand {n + 1} is malformed")
            try:
                if n:
                    t.next_hand(table)
                for text in texts:
                    match.apply(text)
            except FiveHundredError as e:
                raise ValueError(f"{where}, hand {n + 1}: {e}") from None
    t.finish_round()
