"""Data for the bidding model: auctions as the bots bid them, every trick
contract labelled by the tricks the bots really take in it.

For each deal (``derive_seed(seed, i)``, dealer ``i % players``) the auction
is bid by yardstick bots (frozen, so the data does not move when the normal
bot changes) and kept whole; then for every seat and denomination the seat
declares it (the lowest bid, the others passing), puts back the kitty as the
yardstick does and normal bots play the hand out, every seat on its own
observation: the declaring side's tricks (``played``).  Double dummy makes
about a trick more than that, so the bots bid from ``played``; ``--dd`` also
solves each contract the model answers for double dummy (``tricks``, about
a hundred times slower).  A trick contract's result depends on the deal, the
declarer and the denomination only, so one label serves that seat's every
auction position.  The normal bots solve sampled deals for the last tricks
(:data:`bots.normal.ENDGAME_LEFT`); ``--endgame-left 0`` plays the hand-written
card throughout, as the bots did when the shipped model's data were made (about
20 times faster).  Chunks of deals go to one JSON file each under ``--out``
(gitignored); a chunk already written is skipped, so a stopped run resumes.
Deterministic from the seed; chunks run in parallel over ``--jobs`` processes.
Usage: ``nice -n 19 python -m bidding_model.data [--chunks N] [--size K]
[--jobs J] [--preset P] [--seed S] [--dd] [--endgame-left N] [--out DIR]``; fit with
bidding_model/fit.py.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.bidmodel import FLOOR, answers  # noqa: E402
from bots.normal import ENDGAME_LEFT, NormalBot  # noqa: E402
from bots.solver import Solver  # noqa: E402
from bots.yardstick.bidding import bidding_hand  # noqa: E402
from bots.yardstick.bot import YardstickBot  # noqa: E402
from engine.actions import ACTIONS, PASS_ID  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import Rules  # noqa: E402

DENOMINATIONS = 5
"""Spades, clubs, diamonds, hearts, no trumps."""
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "data" / "bidding"


def declared(rules: Rules, seed: int, dealer: int, seat: int, denomination: int) -> Hand | None:
    """The hand ready to play with ``seat`` declaring ``denomination`` (lowest
    bid, everyone else passing, the kitty put back by the yardstick), or None
    if no such bid can open the auction."""
    return declare(Hand.new(rules, seed, dealer), seat, denomination)


def declare(hand: Hand, seat: int, denomination: int) -> Hand | None:
    """:func:`declared` from a hand just dealt (changed in place)."""
    rules = hand.rules
    while hand.to_act != seat:
        hand.push(PASS_ID)
    bid = next((a for a in hand.legal_actions() if a.bid is not None
                and a.bid.is_trick_bid and not rules.is_inkle(a.bid)
                and a.bid.denomination == denomination), None)
    if bid is None:
        return None
    hand.push(bid)
    while hand.phase == Phase.AUCTION:
        hand.push(PASS_ID)
    bot = YardstickBot(SplitMix64(0))
    while hand.phase != Phase.PLAY:
        hand.push(bot.act(observe(hand, hand.to_act)))
    return hand


def solved_tricks(hand: Hand) -> int:
    """The declaring side's tricks double dummy, counted from :data:`FLOOR`
    (any fewer read as ``FLOOR - 1``)."""
    solver = Solver(hand)
    tricks = FLOOR - 1
    while tricks < 10 and solver.can_take(tricks + 1):
        tricks += 1
    return tricks


def played_tricks(hand: Hand, seed: int, endgame_left: int = ENDGAME_LEFT) -> int:
    """The declaring side's tricks when normal bots play the hand out, every
    seat on its own observation, solving sampled deals from ``endgame_left``
    tricks left (any fewer than :data:`FLOOR` read as ``FLOOR - 1``)."""
    bots = [NormalBot(SplitMix64(derive_seed(seed, s)), endgame_left) for s in range(hand.players)]
    while not hand.is_over:
        seat = hand.to_act
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    side = set(hand.bidders())
    won = sum(t for p, t in enumerate(hand.won) if hand.controller[p] in side)
    return max(FLOOR - 1, won)


def auction(rules: Rules, seed: int, dealer: int) -> list[tuple[int, int]]:
    """The auction as yardstick bots bid it: (seat, action id) pairs."""
    hand = Hand.new(rules, seed, dealer)
    bots = [YardstickBot(SplitMix64(derive_seed(seed, s))) for s in range(rules.players)]
    while hand.phase == Phase.AUCTION and not hand.is_over:
        seat = hand.to_act
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    return [(s, int(a)) for s, a in hand.history]


def deal_record(rules: Rules, seed: int, dealer: int, dd: bool,
                endgame_left: int = ENDGAME_LEFT) -> dict[str, Any]:
    """One deal: its auction and, for each seat and denomination, the tricks
    declaring it as the normal bots play it (``played``; -1 if no bid opens
    in it) and, with ``dd``, double dummy (``tricks``) for those the model
    answers for (:func:`bots.bidmodel.answers`; else -2)."""
    said = auction(rules, seed, dealer)
    hand = Hand.new(rules, seed, dealer)
    record: dict[str, Any] = {"seed": seed, "dealer": dealer, "auction": said}
    played, tricks = [], []
    for s in range(rules.players):
        held = bidding_hand(observe(hand, s))
        partners = {ACTIONS[a].bid for p, a in said
                    if p != s and rules.side_of(p) == rules.side_of(s)}
        row, dd_row = [], []
        for d in range(DENOMINATIONS):
            ready = declared(rules, seed, dealer, s, d)
            row.append(-1 if ready is None else played_tricks(ready, seed, endgame_left))
            if dd:
                wanted = answers(rules, held, d, any(b is not None and not b.is_misere
                                                     and b.denomination == d for b in partners))
                again = declared(rules, seed, dealer, s, d) if wanted else None
                dd_row.append(-2 if not wanted else -1 if again is None else solved_tricks(again))
        played.append(row)
        tricks.append(dd_row)
    record["played"] = played
    if dd:
        record["tricks"] = tricks
    return record


def chunk_path(out: Path, chunk: int) -> Path:
    return out / f"chunk-{chunk:05d}.json"


def write_chunk(job: tuple[str, int, int, int, str, bool, int]) -> int:
    """Label one chunk of deals and write its file (atomically); returns the chunk."""
    preset, seed, chunk, size, out, dd, endgame_left = job
    rules = Rules.parse(preset)
    deals = [deal_record(rules, derive_seed(seed, i), i % rules.players, dd, endgame_left)
             for i in range(chunk * size, (chunk + 1) * size)]
    path = chunk_path(Path(out), chunk)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.write_text(json.dumps({"preset": preset, "seed": seed, "chunk": chunk, "deals": deals}))
    tmp.replace(path)
    return chunk


def generate(preset: str, seed: int, chunks: range, size: int, out: Path, jobs: int,
             dd: bool = False, endgame_left: int = ENDGAME_LEFT) -> list[int]:
    """Write every chunk of ``chunks`` not yet on disk, ``jobs`` at a time."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(preset, seed, c, size, str(out), dd, endgame_left) for c in chunks
            if not chunk_path(out, c).exists()]
    if jobs <= 1:
        return [write_chunk(j) for j in todo]
    with multiprocessing.Pool(jobs) as pool:
        done = []
        for c in pool.imap_unordered(write_chunk, todo):
            done.append(c)
            print(f"{time.strftime('%H:%M:%S')} chunk {c} written", flush=True)
        return done


def load(out: Path) -> list[tuple[Rules, dict[str, Any]]]:
    """Every deal of every chunk under ``out``, with its table's rules, in chunk order."""
    deals = []
    for path in sorted(out.glob("chunk-*.json")):
        data = json.loads(path.read_text())
        rules = Rules.parse(data["preset"])
        deals += [(rules, d) for d in data["deals"]]
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="first chunk")
    parser.add_argument("--size", type=int, default=20, help="deals per chunk")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dd", action="store_true",
                        help="also solve the contracts double dummy (slow: seconds a deal)")
    parser.add_argument("--endgame-left", type=int, default=ENDGAME_LEFT,
                        help="tricks left from which the normal bots solve sampled deals "
                             "(0: the hand-written play throughout, about 20 times faster)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder of chunks (default data/bidding/PRESET-sSEED)")
    args = parser.parse_args()
    out = args.out or DEFAULT_OUT / f"{args.preset}-s{args.seed}"
    start = time.perf_counter()
    done = generate(args.preset, args.seed, range(args.first, args.first + args.chunks),
                    args.size, out, args.jobs, args.dd, args.endgame_left)
    print(f"{len(done)} chunks of {args.size} deals written to {out} in "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
