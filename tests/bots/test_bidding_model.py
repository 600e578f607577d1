"""The bidding model: its data pipeline end to end on a few deals, its reading
of the auction, and the normal bot bidding by a model when one ships."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bidding_model import data as bidding_data
from bidding_model import fit as bidding_fit
from bots import bidmodel
from bots.normal import NormalBot
from engine import PRESETS, Hand
from engine.bids import Bid
from engine.cards import Card, mask_of
from engine.hand import Phase
from engine.observation import Observation, observe
from engine.rules import Rules
from engine.rng import SplitMix64, derive_seed



@pytest.mark.slow
@pytest.mark.parametrize("preset", ("standard", "five-handed", "american"))
def test_pipeline_plays_deals_fits_and_writes_a_model_the_bots_read(tmp_path: Path,
                                                                    preset: str) -> None:
    rules = PRESETS[preset]
    written = bidding_data.generate(preset, 3, range(2), 2, tmp_path, jobs=1)
    assert sorted(written) == [0, 1]
    assert bidding_data.generate(preset, 3, range(2), 2, tmp_path, jobs=1) == []  # resumes
    deals = bidding_data.load(tmp_path)
    assert [d["seed"] for _, d in deals] == [derive_seed(3, i) for i in range(4)]
    played = [t for _, d in deals for row in d["played"] for t in row]
    assert len(played) == 4 * rules.players * 5
    assert all(bidmodel.FLOOR - 1 <= t <= 10 or t == -1 for t in played)
    assert len(set(played)) > 2  # the bots' play makes some contracts and not others
    rows = list(bidding_fit.rows(deals))
    assert rows and {r.situation for r in rows} <= set(bidmodel.SITUATIONS)
    fits = bidding_fit.fit_sets(rows, rows, min_rows=1)
    for name, table in fits.items():
        other = bidmodel.shape(PRESETS["six-handed"])  # a file holds every table's fits
        model = bidmodel.parse(bidding_fit.model_file({bidmodel.shape(rules): table,
                                                       other: table}, name))
        assert {shape for shape, _ in model} == {bidmodel.shape(rules), other}
        for (_, nt), fit in model.items():
            for r in rows:
                if r.nt == nt:
                    p = fit.chances(r.x[1:], r.x[0])
                    assert all(0 <= b <= a <= 1 for a, b in zip(p, p[1:])), p


def test_a_refit_keeps_the_tables_it_does_not_fit(tmp_path: Path) -> None:
    shipped = tmp_path / "shipped.json"
    shipped.write_text(json.dumps({"about": "made by hand", "fits": {"4-2-3": {"suit": 1}, "3-1-3": {"suit": 2}}}))
    model = bidding_fit.kept_tables({"about": "refitted.", "fits": {"3-1-3": {"suit": 3}}}, shipped)
    assert model["fits"] == {"3-1-3": {"suit": 3}, "4-2-3": {"suit": 1}}
    assert model["about"] == f"refitted. Kept from {shipped} (tables 4-2-3): made by hand"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_shipped_model_answers_at_every_table(preset: str) -> None:
    rules = PRESETS[preset]
    assert all(bidmodel.fit_for(rules, d) is not None for d in range(5))
    assert bidmodel.pass_fit_for(rules) is not None and bidmodel.call_fit_for(rules) is not None


def test_a_contract_is_labelled_by_the_bots_play_and_double_dummy() -> None:
    rules = PRESETS["standard"]
    seed = derive_seed(3, 0)
    ready = bidding_data.declared(rules, seed, 0, 1, 3)
    again = bidding_data.declared(rules, seed, 0, 1, 3)
    assert ready is not None and again is not None
    assert bidmodel.FLOOR - 1 <= bidding_data.played_tricks(ready, seed) <= 10
    assert ready.is_over and ready.declarer == 1 and ready.contract is not None
    assert bidmodel.FLOOR - 1 <= bidding_data.solved_tricks(again) <= 10
    assert again.phase == Phase.PLAY  # the solver leaves the hand as it was


def _said(*auction: str) -> bidmodel.Said:
    hand = Hand.new(PRESETS["standard"], 5, 3)  # seat 0 bids first
    for action in auction:
        hand.apply(action)
    return bidmodel.read(observe(hand, hand.to_act))


def test_the_model_reads_partners_and_opponents_bids_and_passes() -> None:
    opening = _said()
    assert bidmodel.situation(opening) == "opening" and opening.high_is_partners is None
    over_partner = _said("bid 7H", "pass")  # seat 2: partner bid seven hearts
    assert bidmodel.situation(over_partner) == "over partner's bid"
    assert over_partner.partner == {3} and over_partner.partner_level == 7
    assert over_partner.opponents_passed == 1 and not over_partner.partner_passed
    overcall = _said("bid 6S", "bid 7D")  # seat 2: partner's spades, then an overcall
    assert bidmodel.situation(overcall) == "over an opponent's bid"
    assert overcall.opponents == {2} and overcall.opponents_level == 7
    after_pass = _said("pass", "bid 6C")  # seat 2: partner passed, an opponent opened
    assert bidmodel.situation(after_pass) == "after partner passed"
    assert after_pass.partner_passed and after_pass.opponents == {1}
    x = bidmodel.features(PRESETS["standard"], 0, 2, overcall)
    assert x[-len(bidmodel.AUCTION_FEATURES):][6] == 1.0  # "opponents bid it"


def test_a_raise_of_the_seats_own_bid_is_read_as_a_raise() -> None:
    # seat 0 opened 7H, seat 2 raised to 8H: seat 0's next look sees its own bid
    # under partner's, so partner's level does not read as partner's values alone
    raised = _said("bid 7H", "pass", "bid 8H", "pass")
    assert raised.partner == {3} and raised.partner_level == 8
    assert raised.own == {3} and raised.own_level == 7 and raised.raised == {3}
    own = dict(zip(bidmodel.AUCTION_FEATURES,
                   bidmodel.features(PRESETS["standard"], 0, 3, raised)[-len(
                       bidmodel.AUCTION_FEATURES):]))
    assert own["I bid it"] == own["partner bid it after me"] == 1.0 and own["my level"] == 2.0
    fresh = _said("bid 6S", "pass", "bid 7H", "pass")  # partner's hearts: a suit of its own
    assert fresh.own == {0} and fresh.raised == frozenset()


def test_the_joker_alone_is_read_apart_from_the_count() -> None:
    # the joker with no bower, no ace or king of trumps and no side ace: the count
    # credits the joker as one trick whatever is behind it; the model sees it alone
    rules = PRESETS["standard"]
    alone = mask_of([Card.parse(c) for c in "JK 5S 6S 7C 8C 9C 4D 6D 7H 8H".split()])
    backed = mask_of([Card.parse(c) for c in "JK 5S 6S 7C 8C JC 4D 6D 7H AH".split()])
    passed = _said("pass", "pass")  # seat 2: partner (seat 0) passed
    assert passed.partner_passed

    def named(hand: int, d: int) -> dict[str, float]:
        return dict(zip(bidmodel.AUCTION_FEATURES, bidmodel.features(rules, hand, d, passed)[
            -len(bidmodel.AUCTION_FEATURES):]))

    assert named(alone, 1)["joker alone"] == named(alone, 1)[
        "joker alone after partner passed"] == 1.0
    assert named(alone, 4)["joker alone"] == 1.0  # no trumps: no side ace either
    assert named(backed, 1)["joker alone"] == named(backed, 4)["joker alone"] == 0.0
    raised = _said("bid 7H", "pass", "bid 8H", "pass")
    assert named(alone, 1)["partner's level in it"] == 0.0
    assert dict(zip(bidmodel.AUCTION_FEATURES, bidmodel.features(rules, 0, 3, raised)[
        -len(bidmodel.AUCTION_FEATURES):]))["partner's level in it"] == 3.0


def test_the_normal_bot_bids_by_a_model_when_one_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS["standard"]
    hand = Hand.new(rules, 2, 0)
    obs = observe(hand, hand.to_act)
    width = len(bidmodel.features(rules, 0, 0, bidmodel.read(obs)))

    def model(sure: bool) -> dict[tuple[str, bool], bidmodel.Fit]:
        b = 40.0 if sure else -40.0  # every contract made, or none
        return {(bidmodel.shape(rules), nt): bidmodel.Fit((0.0,) * width, (b,) * 5, 0.0)
                for nt in (False, True)}
    monkeypatch.setattr(bidmodel, "shipped", lambda: model(False))
    assert NormalBot(SplitMix64(1)).decide(obs).action.bid is None
    monkeypatch.setattr(bidmodel, "shipped", lambda: model(True))
    held = mask_of(obs.hand)
    b = NormalBot(SplitMix64(1)).decide(obs).action.bid
    assert b is not None and b.tricks >= 9 and bidmodel.answers(rules, held, b.denomination, False)


def positions_obs(deals: list[tuple[Rules, dict[str, Any]]]) -> Observation:
    """The first auction position of the first deal."""
    rules, deal = deals[0]
    return observe(Hand.new(rules, deal["seed"], deal["dealer"]), deal["auction"][0][0])


def test_the_value_of_passing_is_fitted_to_what_passing_brought(tmp_path: Path) -> None:
    rules = PRESETS["standard"]
    bidding_data.generate("standard", 3, range(1), 4, tmp_path, jobs=1)
    deals = bidding_data.load(tmp_path)
    positions = list(bidding_fit.pass_rows(deals))
    assert positions and all(len(r.x) == len(bidmodel.PASS_FEATURES) for r in positions)
    assert {r.situation for r in positions} <= set(bidmodel.SITUATIONS)
    assert len({r.value for r in positions}) > 1  # passing brings different contracts
    again = bidding_fit.rebid(deals)  # the normal bots' side only makes rows then
    assert len(again) == 2 * len(deals) and {d["side"] for _, d in again} == {0, 1}
    fit = bidding_fit.fit_pass(positions, positions)
    shape = bidmodel.shape(rules)
    bidmodel.use_data({"fits": {}})
    try:
        assert list(bidding_fit.call_rows(deals)) == []  # no model in use to bid by
    finally:
        bidmodel.use(None)
    width = len(bidmodel.features(rules, 0, 0, bidmodel.read(positions_obs(deals))))
    sure = bidmodel.Fit((0.0,) * width, (3.0, 2.0, 1.0, 0.0, -1.0), 0.0)
    bidmodel.use_data(bidding_fit.model_file({shape: {False: sure, True: sure}}, "test",
                                             {shape: fit}))
    try:  # the best call played on, the others bidding, where it beats passing
        calls = list(bidding_fit.call_rows(deals))
    finally:
        bidmodel.use(None)
    assert calls and all(len(r.x) == len(bidmodel.CALL_FEATURES) for r in calls)
    call_fit = bidding_fit.fit_pass(calls, calls, "the best call", bidmodel.CALL_FEATURES)
    path = tmp_path / "model.json"
    path.write_text(json.dumps(bidding_fit.model_file({}, "test", {shape: fit}, {shape: call_fit})))
    bidmodel.use(path)
    try:
        assert bidmodel.pass_fit_for(rules) == fit and bidmodel.fit_for(rules, 0) is None
        assert bidmodel.call_fit_for(rules) == call_fit
        r = positions[0]
        assert fit.value(r.x) == pytest.approx(sum(w * v for w, v in zip(fit.weights, r.x)))
    finally:
        bidmodel.use(None)
    assert bidmodel.pass_fit_for(rules) not in (None, fit)  # the shipped model's again
    assert bidmodel.call_fit_for(rules) not in (None, call_fit)


def test_the_normal_bot_bids_only_what_beats_passing(tmp_path: Path) -> None:
    rules = PRESETS["standard"]
    hand = Hand.new(rules, 2, 0)
    obs = observe(hand, hand.to_act)
    width = len(bidmodel.features(rules, 0, 0, bidmodel.read(obs)))
    chances = {bidmodel.shape(rules): {False: bidmodel.Fit((0.0,) * width, (1.0, 0.0, -1.0, -2.0,
                                                                            -3.0), 0.0)}}

    def bid_with(passing: float, calling: float | None = None) -> Bid | None:
        pass_fit = bidmodel.PassFit((passing,) * 4 + (0.0,) * (len(bidmodel.PASS_FEATURES) - 4))
        calls = None if calling is None else {bidmodel.shape(rules): bidmodel.PassFit(
            (0.0,) + (calling,) * 4 + (0.0,) * (len(bidmodel.PASS_FEATURES) - 4))}
        path = tmp_path / "model.json"
        path.write_text(json.dumps(bidding_fit.model_file(
            chances, "test", {bidmodel.shape(rules): pass_fit}, calls)))
        bidmodel.use(path)
        try:
            return NormalBot(SplitMix64(1)).decide(obs).action.bid
        finally:
            bidmodel.use(None)
    assert bid_with(-1000.0) is not None  # passing costs more than any contract
    assert bid_with(+1000.0) is None  # passing is worth more than any contract
    # with a value of the best call, that value must beat passing too
    assert bid_with(-1000.0, -2000.0) is None
    assert bid_with(-1000.0, 0.0) is not None
    assert bid_with(+1000.0, +2000.0) is None  # the contract's score must beat it first
