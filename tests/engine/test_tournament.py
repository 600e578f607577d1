"""The tournament format: rounds of four hands, moving pairs, individual totals."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, RulesError
from engine.rng import SplitMix64
from engine.tournament import ROUNDS, Tournament, split


def finish(t: Tournament, rng: SplitMix64) -> None:
    for table, match in enumerate(t.matches):
        while not t.table_done(table):
            hand = match.hand
            while not hand.is_over:
                legal = hand.legal_actions()
                match.apply(legal[rng.below(len(legal))])
            if not t.table_done(table):
                t.next_hand(table)


class TestTournament:
    def test_round_of_four_hands_each_seat_deals_once(self) -> None:
        t = Tournament(seed=3)
        finish(t, SplitMix64(1))
        for match in t.matches:
            assert [h.dealer for h in match.hands] == [0, 1, 2, 3]

    def test_totals_are_individual_sums(self) -> None:
        t = Tournament(seed=4)
        rng = SplitMix64(2)
        expected = [0] * 8
        for _ in range(2):
            finish(t, rng)
            for seats, match in zip(t.seating, t.matches):
                for seat, player in enumerate(seats):
                    expected[player] += match.totals[seat % 2]
            t.finish_round()
        assert t.totals == expected

    def test_losing_pair_moves_and_pairs_split(self) -> None:
        t = Tournament(seed=5)
        finish(t, SplitMix64(3))
        before = list(t.seating)
        scores = t.round_totals()
        t.finish_round()
        for table, (seats, (ns, ew)) in enumerate(zip(before, scores)):
            stay = {seats[0], seats[2]} if ns > ew else {seats[1], seats[3]}
            move = {seats[1], seats[3]} if ns > ew else {seats[0], seats[2]}
            assert stay <= set(t.seating[table])
            assert move <= set(t.seating[(table + 1) % 2])
        for seats in t.seating:
            new_pairs = [{seats[0], seats[2]}, {seats[1], seats[3]}]
            for old in before:
                assert {old[0], old[2]} not in new_pairs and {old[1], old[3]} not in new_pairs

    def test_full_tournament_and_standings(self) -> None:
        t = Tournament(seed=6, rounds=6)
        rng = SplitMix64(4)
        while not t.is_over:
            finish(t, rng)
            t.finish_round()
        assert len(t.history) == 6
        standings = t.standings()
        assert sorted(s.player for s in standings) == list(range(8))
        assert [s.total for s in standings] == sorted(t.totals, reverse=True)
        assert standings[0].place == 1
        with pytest.raises(IllegalActionError):
            t.finish_round()

    def test_the_lower_pair_moves_and_north_south_on_a_tie(self) -> None:
        seats = (5, 1, 6, 2)  # North-South 5 & 6, East-West 1 & 2
        assert split(seats, (120, -40)) == ((5, 6), (1, 2))
        assert split(seats, (-40, 120)) == ((1, 2), (5, 6))
        assert split(seats, (80, 80)) == ((1, 2), (5, 6))

    def test_finished_rounds_keep_their_matches(self) -> None:
        t = Tournament(seed=8)
        finish(t, SplitMix64(5))
        matches = list(t.matches)
        t.finish_round()
        assert t.played == [matches]
        assert [(m.totals[0], m.totals[1]) for m in t.played[0]] == [s for _, s in t.history[0]]
        assert all(m is not n for m, n in zip(t.matches, matches))  # the next round is dealt anew

    def test_round_must_be_complete(self) -> None:
        t = Tournament(seed=7)
        with pytest.raises(IllegalActionError):
            t.finish_round()

    def test_rounds_bounds(self) -> None:
        with pytest.raises(RulesError):
            Tournament(seed=1, rounds=5)
        with pytest.raises(RulesError):
            Tournament(seed=1, rounds=11)
        assert [Tournament(seed=1, rounds=n).rounds for n in ROUNDS] == [6, 7, 8, 9, 10]

    def test_tournament_rules(self) -> None:
        rules = Tournament(seed=1).rules
        assert not rules.misere and not rules.open_misere and rules.target == 0
        assert rules.slam == "plus100"
