"""The hand review (bots/review.py) against the solver itself, on fixed positions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from engine.actions import PASS, Action
from engine.bids import Bid
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64
from engine.rules import PRESETS, Rules
from tests.conftest import make_hand, run

from bots import review
from bots.review import Verdict
from bots.registry import make_bot
from bots.solver import SearchTimeout, Solver, declaring_positions

# South (seat 0) declares six spades holding six cards: the top three trumps and the top hearts.
# West holds one small trump and no heart: a heart led first is ruffed, a trump led first draws it.
HANDS = ["JS JC AS AH KH QH", "6S 4D 5D 6D 7D 8D", "4H 5H 6H 7H 8H 9H", "5C 6C 7C 8C 9C 10C"]
AUCTION = ("bid 6S", "pass", "pass", "pass", "discard 9D", "discard 10D", "discard JD")


def six_spades(*plays: str) -> Hand:
    """The hand above, dealt by East (South speaks first), played as far as ``plays``."""
    return run(make_hand("standard", HANDS, "9D 10D JD", dealer=3), *AUCTION, *plays)


def verdicts(hand: Hand, trick: int, seat: int) -> list[Verdict]:
    """:func:`review.trick_verdicts`, which the default budget suffices for here."""
    found = review.trick_verdicts(hand, trick, seat)
    assert found is not None
    return found


def test_makeable_is_the_solvers_value_at_the_first_lead() -> None:
    hand = six_spades("AH", "6S", "4H", "5C")
    assert review.makeable(hand) == 6 == Solver(six_spades()).tricks()


def test_the_heart_led_into_the_ruff_is_the_turning_point() -> None:
    hand = six_spades("AH", "6S", "4H", "5C", "4D")
    (verdict,) = verdicts(hand, 1, 0)
    assert (verdict.trick, verdict.card, verdict.played, verdict.best, verdict.lost) == (1, "AH", 5, 6, 1)
    assert verdict.turning
    values = Solver(six_spades()).values()
    assert values[Action.parse(verdict.best_card)] == 6 and values[Action.parse("AH")] == 5


def test_a_best_card_gives_up_nothing() -> None:
    hand = six_spades("JS", "6S", "4H", "5C", "AS")
    (verdict,) = verdicts(hand, 1, 0)
    assert (verdict.card, verdict.best_card, verdict.lost, verdict.turning) == ("JS", "JS", 0, False)
    assert verdicts(hand, 1, 1)[0].lost == 0  # West's forced trump


def test_a_trick_not_reached_has_no_verdict() -> None:
    assert review.trick_verdicts(six_spades("JS"), 2, 0) == []


@pytest.mark.parametrize("table, seed", [("standard", 3), ("cutthroat", 4), ("five-handed", 5)])
def test_verdicts_equal_the_solvers_values_late_in_a_random_hand(table: str, seed: int) -> None:
    rules, rng = PRESETS[table], SplitMix64(seed)
    hand = Hand.new(rules, rng.next_u64(), 0)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])
    if hand.contract is None:
        pytest.skip("everyone passed")
    checked = 0
    for number, position, action in review.plays(hand):
        if number < 7:
            continue
        seat = position.controller[position.turn]
        counted = declaring_positions(position)
        values = Solver(position, counted).values()
        wants = max if (seat in hand.sides.seats) != hand.contract.is_misere else min
        best = wants(values.values())
        verdict = next(v for v in verdicts(hand, number, seat) if v.card == str(action))
        assert (verdict.played, verdict.best, verdict.lost) == (values[action], best, abs(best - values[action]))
        assert values[Action.parse(verdict.best_card)] == best
        checked += 1
    assert checked == sum(len(t.cards) for t in hand.tricks[6:])


def test_the_declaring_side_makes_six_and_scores_most_in_no_trumps() -> None:
    hand = six_spades("JS", "6S", "4H", "5C")
    # in no trumps the jacks are plain, and each is still the top of its suit
    contract = review.Analysis(hand).best_contract(0)
    assert (contract.bid, contract.seat, contract.tricks, contract.settled) == ("6NT", 0, 6, True)
    assert review.Analysis(hand).best_contract(1).bid == ""  # seven would be needed over six


def takes(tricks: dict[int, int]) -> Callable[[Bid], bool]:
    """A side that takes ``tricks[denomination]`` tricks in each denomination."""
    return lambda b: tricks[b.denomination] >= b.tricks


def test_the_best_contract_scores_most_among_those_beating_the_other_sides_bids() -> None:
    hand = run(make_hand("standard", HANDS, "9D 10D JD", dealer=3), "bid 6S", "bid 7D", "pass", "bid 8H",
               "pass", "pass", "discard 9D", "discard 10D", "discard JD")
    assert review.side_declarer(hand, 1) == 3  # East bid highest for the side
    west_east = review.best_contract(hand, 1, takes({0: 9, 1: 8, 2: 9, 3: 10, 4: -1}))
    assert west_east.bid == "10H"
    # North-South must beat East's eight hearts: eight spades does not, nine spades does.
    assert review.best_contract(hand, 0, takes({0: 9, 1: -1, 2: -1, 3: -1, 4: -1})).bid == "9S"
    assert review.best_contract(hand, 0, takes({0: 8, 1: -1, 2: -1, 3: -1, 4: -1})).bid == ""


def test_a_probe_out_of_budget_leaves_the_best_found_so_far_unsettled() -> None:
    hand = run(make_hand("standard", HANDS, "9D 10D JD", dealer=3), "bid 6S", "bid 7D", "pass", "bid 8H",
               "pass", "pass", "discard 9D", "discard 10D", "discard JD")

    def take(b: Bid) -> bool:
        if b.denomination == 1:  # clubs: the search runs out of nodes
            raise SearchTimeout
        return b.tricks <= 9 and b.denomination == 0

    unsure = review.best_contract(hand, 0, take, first=0)
    assert unsure.bid == "9S" and not unsure.settled


def test_an_inkle_is_never_the_best_contract() -> None:
    rules, rng = PRESETS["american"], SplitMix64(1)
    while True:
        hand = Hand.new(rules, rng.next_u64(), 0)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.below(len(legal))])
        if hand.contract is not None and not hand.contract.is_misere:
            break
    side = rules.table.side_of(hand.declarer)
    assert review.best_contract(hand, side, takes({d: 6 for d in range(5)})).bid == ""  # six bids are inkles here
    assert review.best_contract(hand, side, takes({d: 10 for d in range(5)})).bid == "10NT"


def bots_hand(table: str, seed: int) -> Hand:
    """A hand of ``table`` played by the normal bots that reached the play in a suit or no trumps."""
    rules, rng = PRESETS[table], SplitMix64(seed)
    while True:
        hand = Hand.new(rules, rng.next_u64(), 0)
        bots = [make_bot("normal", rng.fork()) for _ in range(rules.players)]
        while not hand.is_over:
            hand.push(bots[hand.to_act].act(observe(hand, hand.to_act)))
        if hand.contract is not None and not hand.contract.is_misere and hand.tricks:
            return hand


@pytest.mark.slow
@pytest.mark.parametrize("table, seed", [("standard", 11), ("cutthroat", 13), ("two-handed", 15)])
def test_one_analysis_answers_what_fresh_solvers_do(table: str, seed: int) -> None:
    """Its solvers kept from piece to piece, in any order, the analysis's figures are those of
    solvers built afresh for each (where they answer within the budget): the bidder's, the
    cards', each side's best contract (each denomination solved exactly)."""
    hand = bots_hand(table, seed)
    analysis = review.Analysis(hand)
    answered = 0
    for trick in (9, 5, 8):
        for seat in {0, hand.declarer}:
            fresh = review.trick_verdicts(hand, trick, seat)  # within the same budget: it may run out
            assert analysis.trick_verdicts(trick, seat) == fresh or fresh is None
            answered += fresh is not None
    assert answered
    figure, fresh_figure = analysis.makeable(), review.makeable(hand)
    assert figure == fresh_figure or fresh_figure is None
    rules = hand.rules
    start = review.start_of_play(hand)
    for side in review.sides(hand):
        seat = review.side_declarer(hand, side)
        exact = {}
        for b in review._contracts(hand, side):
            if b.denomination not in exact:
                made_up = review._contract_hand(start, seat, b)
                exact[b.denomination] = Solver(made_up, hand.table.side_positions(side)).tricks()
        makes = [b for b in review._contracts(hand, side) if exact[b.denomination] >= b.tricks]
        best = max(makes, key=lambda b: (rules.bid_value(b), rules.bid_order(b)), default=None)
        contract = analysis.best_contract(side, node_limit=10**8)  # the oracle ran to the end too
        assert (contract.bid, contract.seat, contract.settled) == ("" if best is None else str(best), seat, True)


def test_a_search_past_its_node_limit_gives_no_answer_rather_than_run_on() -> None:
    rules, rng = PRESETS["standard"], SplitMix64(3)
    hand = Hand.new(rules, rng.next_u64(), 0)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])
    assert review.makeable(hand, node_limit=1) is None
    assert review.trick_verdicts(hand, 1, 0, node_limit=1) is None
    assert review.makeable(hand) == Solver(review.start_of_play(hand)).tricks()


def variant_hand(rules: Rules, bid: str, seed: int) -> Hand:
    """A hand of ``rules`` where South bids seven spades, West ``bid`` and the others pass,
    then played out, the bidders' side playing its lowest card (lowest suit first), the others
    at random."""
    rng = SplitMix64(seed)
    hand = run(Hand.new(rules, rng.next_u64(), 3), "bid 7S", f"bid {bid}")
    while not hand.is_over:
        legal = hand.legal_actions()
        low = hand.phase == Phase.PLAY and hand.to_act in hand.sides.seats
        hand.apply(PASS if PASS in legal else legal[0] if low else legal[rng.below(len(legal))])
    return hand


@pytest.mark.parametrize("bid, option", [("MIS", ""), ("BLIND-MIS", "blind_misere"),
                                         ("DOUBLE-NULLO", "double_nullo")])
def test_a_misere_is_judged_by_whether_the_bidders_take_a_trick(bid: str, option: str) -> None:
    """Every value is the solver's: 1 if the defenders can make the bidder (double nullo: the
    pair, both playing) take a trick, else 0; a card that changes it is the turning point."""
    rules = replace(PRESETS["standard"], blind_misere=option == "blind_misere", double_nullo=option == "double_nullo")
    judged = 0
    for seed in range(12):
        hand = variant_hand(rules, bid, seed)
        counted = declaring_positions(hand)
        assert len(counted) == (2 if option == "double_nullo" else 1)
        start = review.start_of_play(hand)
        assert review.makeable(hand) == int(Solver(start, counted).can_take(1))
        for number, position, action in review.plays(hand):
            if number < 7:
                continue
            seat = position.controller[position.turn]
            values = {a: min(v, 1) for a, v in Solver(position, counted).values().items()}
            best = (min if seat in hand.sides.seats else max)(values.values())
            verdict = next(v for v in verdicts(hand, number, seat) if v.card == str(action))
            assert (verdict.played, verdict.best, verdict.lost) == (values[action], best, abs(best - values[action]))
            assert values[Action.parse(verdict.best_card)] == best
            assert verdict.turning == (verdict.lost == 1)
            judged += verdict.lost
        if judged:
            break
    assert judged or option == "double_nullo"  # two low-card players are soon caught: it is set early


def test_every_card_of_a_trick_is_judged_and_the_counts_make_one_story() -> None:
    """Every seat's cards (a defender's too), each count before a card the count after the
    one before it, from the figure on; :func:`review.contradictions` finds none."""
    hand = bots_hand("standard", 21)
    analysis = review.Analysis(hand)
    figure = analysis.makeable()
    story = [v for t in range(1, 11) for v in verdicts_of(analysis, t)]
    assert [v.card for v in story] == [str(c) for t in hand.tricks for c in t.cards]
    assert {v.seat for v in story} == {0, 1, 2, 3}
    counts = [figure] + [v.played for v in story]
    assert [v.best for v in story] == counts[:-1]
    assert review.contradictions(hand, figure, story) == []


def test_a_story_that_does_not_add_up_is_a_contradiction() -> None:
    hand = six_spades("AH", "6S", "4H", "5C", "4D")
    (verdict,) = verdicts(hand, 1, 0)
    assert review.contradictions(hand, 6, [verdict]) == []
    assert review.contradictions(hand, 5, [verdict]) == [
        "the figure 5 is 6 exactly", "trick 1, AH: the count before it is 6, after the card before 5"]
    wrong = replace(verdict, best=7, lost=2)
    assert len(review.contradictions(hand, 6, [wrong])) == 2  # the chain and the count
    assert review.contradictions(hand, 6, [replace(verdict, turning=False)]) == [
        "trick 1, AH: turning point False, made True then False"]
    for card in ("AH", "KH"):  # a best card that gives up the trick: the one played or another
        assert review.contradictions(hand, 6, [replace(verdict, best_card=card)]) == [
            "trick 1, AH: best 6, played 5, the best card's 5; exactly 6, 5"]


def verdicts_of(analysis: review.Analysis, trick: int) -> list[Verdict]:
    found = analysis.trick_verdicts(trick)
    assert found is not None
    return found
