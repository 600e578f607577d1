"""A tournament's views, as named tuples: the round bar over the table, the players' names and totals
at the table, the standings screen after each round, and the format's rules help.

Players are named by :data:`app.table.session.NAMES`; pairs by their two names, the
player's first ("You & Cleo").
"""

from __future__ import annotations

from typing import NamedTuple

from engine.rules import Rules
from engine.tournament import HANDS_PER_ROUND, split

from app.html.cards import minus
from app.table.help import Section, rules_help
from app.table.model import ResultPrompt, TableView
from app.table.session import NAMES
from app.tournament.session import ME, TournamentSession



class RoundBar(NamedTuple):
    """Over the table: 'Round 2 of 6, hand 3 of 4' and the player's total."""

    text: str
    total: int


class OthersView(NamedTuple):
    """The other table's progress while it plays its round."""

    title: str
    text: str
    done: int
    hands: int


class PairResult(NamedTuple):
    """A pair's points at a table this round, and whether it moves."""

    name: str
    points: int
    moves: bool
    mine: bool


class RoundTable(NamedTuple):
    """A table's result this round (the player's pair first), and who moves where."""

    number: int
    pairs: tuple[PairResult, ...]
    mine: bool
    text: str


class Standing(NamedTuple):
    """A player's place, this round's points and total."""

    place: int
    name: str
    points: int
    total: int
    me: bool


class NextTable(NamedTuple):
    """A table of the next round: its two pairs (the player's first)."""

    number: int
    pairs: tuple[str, ...]
    mine: bool


class StandingsView(NamedTuple):
    """After a round: each table's result, the standings, the next round's tables."""

    title: str
    over: bool
    summary: str
    tables: tuple[RoundTable, ...]
    standings: tuple[Standing, ...]
    caption: str
    next_round: str
    next_tables: tuple[NextTable, ...]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def pair_name(pair: tuple[int, ...]) -> str:
    """'You & Cleo', 'Ben & Dev'."""
    return " & ".join(NAMES[p] for p in sorted(pair))


def round_bar(ts: TournamentSession) -> RoundBar:
    """Over the table: the round and hand being played, and the player's total so far."""
    t = ts.tournament
    hand = len(ts.session.match.hands)
    return RoundBar(f"Round {t.round + 1} of {t.rounds}, hand {hand} of {HANDS_PER_ROUND}", ts.total(ME))


def adjust_table(view: TableView, ts: TournamentSession) -> TableView:
    """A table view (app.table.view.table_view of the player's session) made a tournament's:
    each seat's player and total, the pairs by their names, the format in the rules help, and
    after the round's last hand the way on to the results."""
    seats = tuple(seat if ts.seats[seat.seat] == ME else
                  seat._replace(who=f"{NAMES[ts.seats[seat.seat]]} · {minus(ts.total(ts.seats[seat.seat]))}")
                  for seat in view.seats)
    pairs = [pair_name(ts.seats[side::2]) for side in (0, 1)]
    sides = tuple(side._replace(name=name) for side, name in zip(view.sides, pairs))
    prompt = view.prompt
    if isinstance(prompt, ResultPrompt):  # the hand's result names the pairs alike
        prompt = prompt._replace(points=tuple(line._replace(name=name) for line, name in zip(prompt.points, pairs)))
        if prompt.kind == "hand-over" and ts.round_played:
            prompt = prompt._replace(next="That was the round's last hand.", next_button="Round results")
    return view._replace(seats=seats, sides=sides, prompt=prompt,
                         sheet=view.sheet._replace(sides=tuple(pairs), short=tuple(pairs)),
                         help=tournament_help(ts.tournament.rules, ts.tournament.rounds))


def others_view(ts: TournamentSession) -> OthersView:
    """While the other table plays its round: the round, its hands done, who plays there."""
    t = ts.tournament
    done, hands = ts.progress()
    level = ts.level
    return OthersView(f"Round {t.round + 1} of {t.rounds}: the other table is playing",
                      f"{done} of {hands} hands played there, by the {level} bots. The standings follow.",
                      done, hands)


def standings_view(ts: TournamentSession) -> StandingsView:
    """After a round: each table's result and who moves, the next round's tables, and the
    standings (place, name, this round's points, total); at the end, the final standings."""
    t = ts.tournament
    over = t.is_over
    number = len(t.history)
    points = [0] * len(t.totals)
    tables = []
    for index, (seats, scores) in enumerate(t.history[-1]):
        _, moving = split(seats, scores)
        pairs = []
        for pair, score in (((seats[0], seats[2]), scores[0]), ((seats[1], seats[3]), scores[1])):
            for p in pair:
                points[p] = score
            pairs.append(PairResult(pair_name(pair), score, pair == moving and not over, ME in pair))
        pairs.sort(key=lambda p: not p.mine)
        tables.append(RoundTable(index + 1, tuple(pairs), ME in seats,
                                 "" if over else _moves(moving, scores, (index + 1) % len(t.seating) + 1)))
    ranked = t.standings()
    standings = tuple(Standing(s.place, NAMES[s.player], points[s.player], s.total, s.player == ME) for s in ranked)
    mine = next(s for s in ranked if s.player == ME)
    joint = sum(s.place == mine.place for s in ranked) > 1
    place = ("joint " if joint else "") + ordinal(mine.place)
    verb = "finished" if over else "are"
    return StandingsView(
        title="Final standings" if over else f"Round {number} of {t.rounds}: results",
        over=over,
        summary=f"You {verb} {place} of {len(ranked)}, with {minus(mine.total)} points.",
        tables=tuple(tables),
        standings=standings,
        caption=f"Standings after {'the last round' if over else f'round {number}'}",
        next_round="" if over else f"Round {number + 1}",
        next_tables=() if over else tuple(
            NextTable(i + 1, tuple(sorted((pair_name((s[0], s[2])), pair_name((s[1], s[3]))),
                                          key=lambda name: not name.startswith(NAMES[ME]))), ME in s)
            for i, s in enumerate(t.seating)),
    )


def _moves(pair: tuple[int, int], scores: tuple[int, int], table: int) -> str:
    """Who moves to which table, and why."""
    they = "you" if ME in pair else "they"
    if scores[0] == scores[1]:
        return (f"A tie at {scores[0]}: {pair_name(pair)} move to table {table}, "
                f"as the pair of the round's first dealer.")
    return f"{pair_name(pair)} move to table {table}: {they} scored less."


def tournament_help(rules: Rules, rounds: int) -> list[Section]:
    """The rules help of the tournament's tables, its format in place of winning a game."""
    fmt = Section("The tournament", (
        "Eight players at two tables: you and seven bots, in pairs. A round is four hands, "
        f"each player dealing once, with no target; the tournament plays {rounds} rounds.",
        "Everyone keeps their own total: the points of their pair on every hand they play.",
        "After each round, at each table the pair that scored less moves to the other table "
        "(on a tie, the pair of the round's first dealer), and every pair splits up: you have "
        "a new partner every round.",
        "The highest total after the last round wins."))
    return [fmt if s.title == "Winning" else s for s in rules_help(rules)]
