"""Links: share a deal, challenge with a result, replay a hand; and refusing bad links."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import PRESETS, DealCode, Rules
from engine.deal import deal
from engine.hand import Hand
from engine.match import Match
from engine.rng import SplitMix64
from tests.playout import finish_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store import links  # noqa: E402
from app.store.links import (Link, LinkError, Result, challenge_link, deal_link, decode, pack,  # noqa: E402
                             replay_link, result_of, share_url, unpack)


def played(name: str, seed: int) -> tuple[Hand, DealCode]:
    """A hand of a preset dealt from a seed and played out at random."""
    rules = PRESETS[name]
    code = DealCode(seed * 7919, seed % rules.players)
    hand = Hand(rules, deal(rules, code), code.dealer)
    finish_hand(hand, SplitMix64(seed))
    return hand, code


def query(**fields: str) -> str:
    """A link with a correct checksum over arbitrary fields (to test what comes after it)."""
    return links._query(fields)


VALID = {"v": "1", "r": "standard", "d": "1-0-k3x9a", "s": "0"}


class TestShareADeal:
    def test_the_format(self) -> None:
        link = deal_link(PRESETS["standard"], DealCode.parse("1-0-k3x9a"))
        assert link.startswith("?v=1&r=standard&d=1-0-k3x9a&s=0&k=")
        assert len(link) == len("?v=1&r=standard&d=1-0-k3x9a&s=0&k=") + 6
        with_options = deal_link(Rules.parse("standard,target=1000,slam=off"), DealCode(5, 2), 0)
        assert "&r=standard,slam=off,target=1000&" in with_options  # readable, not %2C

    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_the_same_cards_from_the_same_seat(self, name: str) -> None:
        rules = PRESETS[name]
        code = DealCode(0xFEED_F00D_1234_5678, rules.players - 1)
        seat = rules.players - 1
        link = decode(deal_link(rules, code, seat))
        assert link == Link(str(rules), str(code), seat)
        assert link.kind == "deal"
        mine = Match(rules, code).hand
        theirs = Match(Rules.parse(link.rules), DealCode.parse(link.deal)).hand
        assert theirs.deal == mine.deal and theirs.dealer == mine.dealer

    def test_a_hand_later_in_a_match_is_shared_as_its_own_deal(self) -> None:
        match = Match(PRESETS["standard"], DealCode(42, 1))
        for _ in range(4):
            match.apply("pass")  # thrown in
        match.next_hand()
        link = decode(deal_link(match.rules, match.deal_code(1)))
        assert link is not None
        assert Match(PRESETS["standard"], DealCode.parse(link.deal)).hand.deal == match.hand.deal

    def test_pinned_forever(self) -> None:
        """A link made today opens to the same cards in every later release."""
        link = decode("?v=1&r=standard&d=1-0-9ix&s=0&k=E7kDk3")
        assert link == Link("standard", "1-0-9ix", 0)
        hand = Match(Rules.parse(link.rules), DealCode.parse(link.deal)).hand
        # docs/DEALING.md's test vector
        assert " ".join(map(str, hand.deal.hands[0])) == "AH 9H 5D 9C AC 7S JH 5C QH 8S"
        assert " ".join(map(str, hand.deal.kitty)) == "9D AD 6S"

    def test_share_url(self) -> None:
        page = "https://example.org/games/500/?v=1&r=old#top"
        assert share_url(page, "?v=1&r=x") == "https://example.org/games/500/?v=1&r=x"
        assert share_url("http://127.0.0.1:8000/", "?a") == "http://127.0.0.1:8000/?a"


class TestChallenge:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_result_round_trip(self, name: str) -> None:
        for seed in range(1, 6):
            hand, code = played(name, seed)
            link = decode(challenge_link(hand, code))
            assert link is not None and link.kind == "challenge"
            assert link.result == result_of(hand) and link.actions == ()
            assert link.deal == str(code)

    def test_results_side_by_side(self) -> None:
        rules = PRESETS["standard"]
        code = DealCode(77, 3)
        mine = Hand(rules, deal(rules, code), 3)
        for action in ("bid 6S", "pass", "pass", "pass"):
            mine.apply(action)
        finish_hand(mine, SplitMix64(1))
        link = decode(challenge_link(mine, code))
        assert link is not None and link.result is not None
        friend = Hand(rules, deal(rules, DealCode.parse(link.deal)), 3)
        for action in ("pass", "pass", "bid 7NT", "pass"):
            friend.apply(action)
        finish_hand(friend, SplitMix64(2))
        theirs, ours = link.result, result_of(friend)
        assert theirs.contract == "6S" and theirs.declarer == 0
        assert ours.contract == "7NT" and ours.declarer == 2
        assert theirs.describe(4) == (f"six spades by South: {theirs.tricks} trick"
                                      f"{'' if theirs.tricks == 1 else 's'}, {theirs.points} points")
        assert ours.describe(4).startswith("seven no trumps by North: ")

    def test_thrown_in_and_no_bid(self) -> None:
        rules = Rules.parse("standard,all_pass=no-trumps")
        hand = Hand(rules, deal(rules, DealCode(3, 0)), 0)
        for _ in range(4):
            hand.apply("pass")
        finish_hand(hand, SplitMix64(3))
        result = result_of(hand)
        assert result.contract == links.NO_BID and result.points == 10 * result.tricks
        assert decode(challenge_link(hand, DealCode(3, 0))) == Link(str(rules), "1-0-3", 0, result)
        assert result.describe(4).startswith("nobody bid, played in no trumps: ")
        thrown = Hand(PRESETS["standard"], deal(PRESETS["standard"], DealCode(3, 0)), 0)
        for _ in range(4):
            thrown.apply("pass")
        assert result_of(thrown) == Result(links.THROWN_IN, -1, 0, 0)
        assert decode(challenge_link(thrown, DealCode(3, 0))) is not None
        assert result_of(thrown).describe(4) == "thrown in: nobody bid"

    def test_unfinished_hands_have_no_result(self) -> None:
        hand = Hand.new(PRESETS["standard"], 1)
        with pytest.raises(ValueError):
            result_of(hand)
        with pytest.raises(ValueError):
            replay_link(hand, DealCode(1))


class TestReplay:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_replay_round_trip(self, name: str) -> None:
        for seed in range(1, 4):
            hand, code = played(name, seed)
            text = replay_link(hand, code, seat=1)
            link = decode(text)
            assert link is not None and link.kind == "replay"
            assert link.actions == tuple(str(a) for _, a in hand.history)
            assert link.result == result_of(hand, 1)
            assert len(text) < 250  # a whole hand fits a chat message

    def test_pinned_forever(self) -> None:
        link = decode("?v=1&r=standard&d=1-3-25&s=0&a=llKpVKSB6QBAAwPAYlE4kFwzCo_HwHGoMBw4F49GgIDwFB"
                      "oYGQfC4THgUEQmFo3FAEDo2EY&k=do3jeh")
        assert link is not None and link.kind == "replay" and len(link.actions) == 47
        assert link.actions[:8] == ("bid 6S", "pass", "pass", "pass", "discard JD", "discard 8C",
                                    "discard JC", "JK")
        assert link.result == Result("6S", 0, 4, -40)
        challenge = decode("?v=1&r=standard&d=1-3-25&s=0&c=6S&b=0&t=4&p=-40&k=wUYO5Q")
        assert challenge == Link("standard", "1-3-25", 0, link.result)

    @given(st.lists(st.integers(0, 511), max_size=200))
    def test_pack_round_trip(self, ids: list[int]) -> None:
        assert unpack(pack(ids)) == ids if ids else pack(ids) == ""

    @given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ ",
                   max_size=60))
    def test_unpack_garbage(self, text: str) -> None:
        try:
            ids = unpack(text)
        except LinkError:
            return
        assert pack(ids) == text


class TestRefusals:
    @pytest.mark.parametrize("text", ["", "?", "#", "?fbclid=abc&utm_source=chat", "?x=1&y"])
    def test_no_link_is_a_normal_start(self, text: str) -> None:
        assert decode(text) is None

    @pytest.mark.parametrize("text, says", [
        ("?v=2&r=standard&d=1-0-a&s=0&k=AAAAAA", "newer version of Five Hundred (link format 2"),
        ("?v=0&r=standard&d=1-0-a&s=0&k=AAAAAA", "format (0) is not one Five Hundred knows"),
        ("?r=standard&d=1-0-a&s=0", "no format version"),
        ("?v=1&r=standard&d=1-0-a&s=0", "checksum is missing"),
        ("?v=1&r=standard&d=1-0-a&s=0&k=AAAAAA", "checksum does not match"),
        ("?v=1&v=1", "says 'v' twice"),
        ("?v=1&r=<script>alert(1)</script>", "its rules is not readable"),
        ("?v=1&r=standard&d=1-0-k3x9a&s=0&k=abc", "its checksum is not readable"),
        ("?v=1&s=10", "its seat is not readable"),
        ("?v=1&r=%FF%FE", "its rules is not readable"),
        ("?v=1&p=" + "9" * 20, "its points is not readable"),
        ("?v=1&r=" + "s" * 5000, "too long"),
    ])
    def test_malformed(self, text: str, says: str) -> None:
        with pytest.raises(LinkError, match=re.escape(says)):
            decode(text)

    @pytest.mark.parametrize("fields, says", [
        ({"v": "1", "r": "standard"}, "does not say which deal and seat"),
        ({**VALID, "r": "poker"}, "rules that this version does not have: unknown rules preset 'poker'"),
        ({**VALID, "r": "standard,players=3"}, "rules that this version does not have: illegal rules"),
        ({**VALID, "r": "standard,target=lots"}, "rules that this version does not have"),
        ({**VALID, "d": "2-0-abc"}, "deal cannot be dealt: deal code version 2"),
        ({**VALID, "d": "1-4-abc"}, "deal cannot be dealt: dealer 4 is not a seat of 4"),
        ({**VALID, "d": "1-0-zzzzzzzzzzzzz"}, "deal cannot be dealt: deal code seed out of range"),
        ({**VALID, "s": "4"}, "seat 4 is not at a table of 4"),
        ({**VALID, "c": "7H", "t": "8"}, "result lacks"),
        ({**VALID, "c": "7H", "b": "1", "t": "11", "p": "0"}, "more than ten tricks"),
        ({**VALID, "c": "7Z", "b": "1", "t": "8", "p": "0"}, "contract is not a bid"),
        ({**VALID, "c": "7H", "t": "8", "p": "180"}, "not possible at this table"),
        ({**VALID, "c": "7H", "b": "4", "t": "8", "p": "180"}, "not possible at this table"),
        ({**VALID, "c": "7H", "b": "1", "t": "8", "p": "9999"}, "not possible at this table"),
        ({**VALID, "r": "tournament", "c": "MIS", "b": "1", "t": "0", "p": "0"},
         "not possible at this table"),
        ({**VALID, "c": "none", "t": "4", "p": "40"}, "not possible at this table"),  # redeal table
        ({**VALID, "c": "thrown", "t": "1", "p": "0"}, "not possible at this table"),
        ({**VALID, "c": "7H", "b": "1", "t": "8", "p": "180", "a": "AAAA"}, "both moves and a result"),
        ({**VALID, "a": "A"}, "moves are not readable"),
        ({**VALID, "a": "AAB"}, "moves are not readable"),  # base64 with stray bits
        ({**VALID, "a": "AAE"}, "moves are not readable"),  # padding bits set
        ({**VALID, "a": pack([330, 330, 330])}, "stops before the end of the hand"),
        ({**VALID, "a": pack([330, 330, 330, 330, 330])}, "does not replay: move 5: pass: the hand is over"),
        ({**VALID, "a": pack([305, 300])}, "does not replay: move 2: bid 6S is not legal now"),
        ({**VALID, "a": pack([500])}, "does not replay: move 1: not an action id: 500"),
        ({**VALID, "a": pack([90])}, "does not replay: move 1"),
    ])
    def test_refused(self, fields: dict[str, str], says: str) -> None:
        with pytest.raises(LinkError, match=re.escape(says)):
            decode(query(**fields))

    def test_extra_parameters_and_encodings_are_fine(self) -> None:
        text = deal_link(Rules.parse("standard,target=1000"), DealCode(99, 2))
        link = decode(text)
        assert link is not None
        assert decode(text + "&fbclid=IwAR3x") == link
        assert decode("?fbclid=1&" + text[1:]) == link
        assert decode(text.replace(",", "%2C").replace("=1000", "%3D1000")) == link
        assert decode("#" + text[1:]) == link

    def test_tampering_is_caught(self) -> None:
        hand, code = played("standard", 3)
        text = challenge_link(hand, code)
        points = next(p for p in text.split("&") if p.startswith("p="))
        with pytest.raises(LinkError, match="checksum does not match"):
            decode(text.replace(points, "p=500"))


# --- fuzzing: nothing but LinkError, whatever the input ----------------------------------

KEYS = st.sampled_from([*links.FIELDS, "k", "x", "V", ""])
VALUES = st.one_of(st.text(max_size=40), st.sampled_from(
    ["1", "standard", "1-0-k3x9a", "0", "7H", "MIS", "none", "thrown", "AAAA", "-1", "10"]))


def decoded_or_refused(text: str) -> Link | None:
    try:
        return decode(text)
    except LinkError as e:
        assert str(e).startswith("This link") and not set(str(e)) & set('<>&"')  # no markup
        return None


@settings(max_examples=400)
@given(st.text(max_size=300))
@example("?v=1&a=%80")
@example("?v=1&r=%")
def test_fuzz_any_text(text: str) -> None:
    decoded_or_refused(text)


@settings(max_examples=400)
@given(st.lists(st.tuples(KEYS, VALUES), max_size=10), st.booleans())
def test_fuzz_fields_with_a_valid_checksum(pairs: list[tuple[str, str]], sign: bool) -> None:
    fields = dict(pairs)
    text = links._query(fields) if sign else "?" + "&".join(f"{k}={v}" for k, v in pairs)
    link = decoded_or_refused(text)
    if link is not None:  # plain data, generated by the engine, never the link's own text
        assert link.rules == str(Rules.parse(link.rules)) and link.deal == str(DealCode.parse(link.deal))


@settings(max_examples=300)
@given(st.sampled_from(sorted(PRESETS)), st.integers(1, 50), st.data())
def test_fuzz_changed_links(name: str, seed: int, data: st.DataObject) -> None:
    hand, code = played(name, seed)
    text = data.draw(st.sampled_from([deal_link(hand.rules, code), challenge_link(hand, code),
                                      replay_link(hand, code)]))
    original = decode(text)
    at = data.draw(st.integers(0, len(text) - 1))
    change = data.draw(st.sampled_from(["delete", "insert", "replace", "cut"]))
    char = data.draw(st.characters(codec="utf-8"))
    changed = {"delete": text[:at] + text[at + 1:], "insert": text[:at] + char + text[at:],
               "replace": text[:at] + char + text[at + 1:], "cut": text[:at]}[change]
    link = decoded_or_refused(changed)
    assert link is None or link == original  # a changed link is refused, never misread
