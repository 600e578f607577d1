"""Seeded deals: golden deals, an independent re-implementation of docs/DEALING.md, deal codes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.cards import format_cards
from engine import position
from engine.deal import Deal, DealCode, deal_cards
from engine.decks import Deck
from engine.errors import DealCodeError
from engine.hand import Hand
from engine.rng import SplitMix64, derive_seed
from engine.rules import PRESETS, Rules
from tests.conftest import cards

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "deals.json").read_text())["deals"]
DEALING_MD = (ROOT / "docs" / "DEALING.md").read_text()
RULES_OF_DECK = {"43": "standard", "45": "standard,deck=45", "43-mixed": "standard,deck=43-mixed",
                 "33": "cutthroat", "53": "five-handed", "63": "six-handed",
                 "63-doubled": "six-handed,deck=63-doubled", "46": "french-canadian"}


# --- an independent re-implementation of docs/DEALING.md, sharing no engine code -----------
M64 = (1 << 64) - 1


class Spec64:
    def __init__(self, seed: int) -> None:
        self.s = seed

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = 2 ** 64 - 2 ** 64 % n
        x = self.next()
        while x >= limit:
            x = self.next()
        return x % n


RANKS = "2 3 4 5 6 7 8 9 10 11 12 13 J Q K A".split()
COPIES = "2S' 2C' 2D' 2H' 3S' 3C' 3D' 3H' 4D' 4H'".split()


def spec_deck(name: str) -> list[str]:
    """The deck in id order, as text, from the table of docs/DEALING.md."""
    low = {"43": "5544", "45": "4444", "43-mixed": "5454", "33": "7777", "46": "4444"}.get(name, "2222")
    ids: dict[str, int] = {"JK": 64, "JK2": 65} if name == "46" else {"JK": 64}
    for s, letter in enumerate("SCDH"):
        for r, rank in enumerate(RANKS):
            extra = rank in ("11", "12") or rank == "13" and letter in "DH"
            plain = rank not in ("11", "12", "13")
            if plain and r >= RANKS.index(low[s]) or extra and name == "63":
                ids[rank + letter] = s * 16 + r
    if name == "63-doubled":
        ids.update({c: 66 + i for i, c in enumerate(COPIES)})
    return sorted(ids, key=ids.__getitem__)


def spec_deal(deck: str, players: int, seed: int, dealer: int) -> dict[str, Any]:
    """Hands, kitty and piles, as text, dealt exactly as docs/DEALING.md says."""
    a = spec_deck(deck)
    g = Spec64(seed)
    for i in range(len(a) - 1, 0, -1):
        j = g.below(i + 1)
        a[i], a[j] = a[j], a[i]
    order = [(dealer + 1 + k) % players for k in range(players)]
    hands: list[list[str]] = [[] for _ in range(players)]
    kitty: list[str] = []
    packets = {"45": [(3, 3), (4, 2), (3, 0)], "46": [(3, 3), (3, 3), (4, 0)]}.get(
        deck, [(3, 1), (4, 1), (3, 1)])
    for each, to_kitty in packets:
        for seat in order:
            hands[seat] += [a.pop(0) for _ in range(each)]
        kitty += [a.pop(0) for _ in range(to_kitty)]
    out: dict[str, Any] = {"hands": [" ".join(h) for h in hands], "kitty": " ".join(kitty)}
    if players == 2:
        down = {seat: [a.pop(0) for _ in range(5)] for seat in order}
        up = {seat: [a.pop(0) for _ in range(5)] for seat in order}
        out["piles"] = [" ".join(f"{d}/{u}" for d, u in zip(down[s], up[s])) for s in range(2)]
    assert not a
    return out


def as_text(d: Deal) -> dict[str, Any]:
    out: dict[str, Any] = {"hands": [format_cards(h) for h in d.hands],
                           "kitty": format_cards(d.kitty)}
    if d.piles:
        out["piles"] = [" ".join(f"{a}/{b}" for a, b in p) for p in d.piles]
    return out


class TestGoldenDeals:
    def test_every_deck_and_two_players_are_pinned(self) -> None:
        assert {g["deck"] for g in GOLDEN} == {d.value for d in Deck}
        assert any("piles" in g for g in GOLDEN)
        assert len(GOLDEN) >= 6 * len(Deck)

    @pytest.mark.parametrize("g", GOLDEN, ids=lambda g: f"{g['rules']}:{g['code']}")
    def test_deal_matches(self, g: dict[str, Any]) -> None:
        rules = Rules.parse(g["rules"])
        code = DealCode.parse(g["code"])
        assert code == DealCode(g["seed"], g["dealer"]) and str(code) == g["code"]
        expected = position.make_deal(rules, g["hands"], g["kitty"], g.get("piles", ()))
        assert deal_cards(rules, code) == expected
        assert rules.deck.value == g["deck"]

    @pytest.mark.parametrize("g", GOLDEN, ids=lambda g: f"{g['rules']}:{g['code']}")
    def test_golden_follows_the_written_spec(self, g: dict[str, Any]) -> None:
        players = Rules.parse(g["rules"]).players
        got = spec_deal(g["deck"], players, g["seed"], g["dealer"])
        assert got == {k: g[k] for k in ("hands", "kitty", "piles") if k in g}


class TestDealingSpec:
    @pytest.mark.parametrize("deck", [d.value for d in Deck])
    def test_canonical_deck_order(self, deck: str) -> None:
        assert spec_deck(deck) == [str(c) for c in Deck(deck).cards]

    @pytest.mark.parametrize("rules", [*RULES_OF_DECK.values(), "two-handed"])
    def test_engine_deals_as_the_spec_says(self, rules: str) -> None:
        r = Rules.parse(rules)
        g = Spec64(2024)
        for k in range(12):
            seed = g.next() if k % 2 else k
            dealer = k % r.players
            got = as_text(deal_cards(r, DealCode(seed, dealer)))
            assert got == spec_deal(r.deck.value, r.players, seed, dealer), (seed, dealer)

    def test_generator_matches(self) -> None:
        for seed in (0, 1, 2 ** 64 - 1, 0x123456789ABCDEF):
            ours, spec = SplitMix64(seed), Spec64(seed)
            assert [ours.next_u64() for _ in range(50)] == [spec.next() for _ in range(50)]
            ours, spec = SplitMix64(seed), Spec64(seed)
            for n in (1, 2, 3, 7, 43, 63, 2 ** 63 + 1, 2 ** 64 - 1):
                assert ours.below(n) == spec.below(n)

    def test_match_hand_seeds(self) -> None:
        for m, k in ((0, 0), (0, 1), (12345, 3), (2 ** 64 - 1, 7)):
            assert derive_seed(m, k) == Spec64((m + k * 0x9E3779B97F4A7C15) & M64).next()


class TestDealingDoc:
    """The test vectors printed in docs/DEALING.md hold."""

    def vector(self, label: str) -> list[str]:
        m = re.search(rf"^{re.escape(label)}:? (.+)$", DEALING_MD, re.MULTILINE)
        assert m, label
        return m.group(1).split()

    def test_generator_vectors(self) -> None:
        for seed in (0, 1):
            g = SplitMix64(seed)
            assert [int(x, 16) for x in self.vector(f"SplitMix64({seed})")] == [
                g.next_u64() for _ in range(3)]
        g = SplitMix64(0)
        assert [int(x) for x in self.vector("below(43) x5 from seed 0")] == [
            g.below(43) for _ in range(5)]

    def test_deal_vector(self) -> None:
        code = DealCode.parse("1-0-9ix")
        assert code == DealCode(12345, 0)
        shuffled = list(Deck.STANDARD.cards)
        SplitMix64(12345).shuffle(shuffled)
        assert " ".join(self.vector("shuffled")) == format_cards(shuffled)
        d = deal_cards(PRESETS["standard"], code)
        for seat in range(4):
            assert " ".join(self.vector(f"seat {seat}")) == format_cards(d.hands[seat])
        assert " ".join(self.vector("kitty")) == format_cards(d.kitty)

    def test_standard_deck_listing(self) -> None:
        listing = re.search(r"standard deck `43` in id order is:\n\n```text\n(.+?)```",
                            DEALING_MD, re.DOTALL)
        assert listing and cards(listing.group(1)) == Deck.STANDARD.cards


class TestDealShape:
    @pytest.mark.parametrize("rules", [*RULES_OF_DECK.values(), "two-handed"])
    def test_every_card_dealt_once(self, rules: str) -> None:
        r = Rules.parse(rules)
        for seed in range(20):
            d = deal_cards(r, DealCode(seed, seed % r.players))
            assert len(d.hands) == r.players and all(len(h) == 10 for h in d.hands)
            assert len(d.kitty) == r.kitty_size
            pile_cards = [c for p in d.piles for pair in p for c in pair]
            everything = [c for h in d.hands for c in h] + list(d.kitty) + pile_cards
            assert sorted(everything) == list(r.deck.cards)
            if r.players == 2:
                assert len(d.piles) == 2 and all(len(p) == 5 for p in d.piles)
            else:
                assert d.piles == ()

    def test_dealer_moves_the_first_packet(self) -> None:
        r = PRESETS["standard"]
        shuffled = list(r.deck.cards)
        SplitMix64(7).shuffle(shuffled)
        for dealer in range(4):
            d = deal_cards(r, DealCode(7, dealer))
            assert d.hands[(dealer + 1) % 4][:3] == tuple(shuffled[:3])
            assert d.hands[dealer][-3:] == tuple(shuffled[-4:-1])
            assert d.kitty == (shuffled[12], shuffled[29], shuffled[-1])

    def test_hand_new_is_the_same_deal(self) -> None:
        r = PRESETS["six-handed"]
        h = Hand.new(r, 99, 4)
        assert h.deal == deal_cards(r, DealCode(99, 4)) and h.dealer == 4 and h.to_act == 5


class TestDealCode:
    @pytest.mark.parametrize("seed", [0, 1, 35, 36, 12345, 2 ** 64 - 1])
    def test_round_trip(self, seed: int) -> None:
        code = DealCode(seed, 3)
        assert DealCode.parse(str(code)) == code
        assert eval(repr(code), {"DealCode": DealCode}) == code
        assert DealCode.parse(str(code).upper()) == code

    def test_base_36(self) -> None:
        assert str(DealCode(0)) == "1-0-0" and str(DealCode(35, 2)) == "1-2-z"
        assert str(DealCode(36)) == "1-0-10" and str(DealCode(12345)) == "1-0-9ix"
        assert str(DealCode(2 ** 64 - 1)) == "1-0-3w5e11264sgsf"

    @pytest.mark.parametrize("text, message", [
        ("", "not a deal code"), ("1-0", "not a deal code"), ("1-0-!", "not a deal code"),
        ("1-10-abc", "not a deal code"), ("x-0-abc", "not a deal code"),
        ("2-0-abc", "version 2 is not known"), ("1-0-3w5e11264sgsg", "out of range"),
    ])
    def test_bad_codes(self, text: str, message: str) -> None:
        with pytest.raises(DealCodeError, match=message):
            DealCode.parse(text)

    def test_dealer_must_be_a_seat(self) -> None:
        with pytest.raises(DealCodeError, match="dealer 4 is not a seat of 4 players"):
            deal_cards(PRESETS["standard"], DealCode(1, 4))


class TestRng:
    def test_shuffle_is_a_permutation(self) -> None:
        items = list(range(100))
        SplitMix64(5).shuffle(items)
        assert sorted(items) == list(range(100)) and items != list(range(100))

    def test_below_choice_random_fork(self) -> None:
        g = SplitMix64(3)
        assert all(0 <= g.below(6) < 6 for _ in range(200))
        assert {g.below(3) for _ in range(200)} == {0, 1, 2}
        assert all(0.0 <= g.random() < 1.0 for _ in range(200))
        assert g.choice(["a"]) == "a"
        with pytest.raises(ValueError):
            g.below(0)
        a, b = SplitMix64(11), SplitMix64(11)
        assert a.fork().next_u64() == b.fork().next_u64()
        assert SplitMix64(11).fork().state == SplitMix64(11).next_u64()

    def test_seed_is_reduced_modulo_2_64(self) -> None:
        assert SplitMix64(2 ** 64 + 5).next_u64() == SplitMix64(5).next_u64()
