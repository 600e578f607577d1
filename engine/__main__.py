"""Command line: ``python -m engine deal CODE`` and ``python -m engine replay FILE``.

``replay`` reads our JSON records and Trickster's PTN records (a ``.ptn`` file, or text
that starts with ``%`` or ``[``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import ptn
from engine.cards import format_cards
from engine.deal import DealCode, deal_cards
from engine.errors import FiveHundredError
from engine.match import Match
from engine.record import replay
from engine.rules import Rules
from engine.seats import seat_name, side_names

def show_deal(rules: Rules, code: DealCode) -> str:
    d = deal_cards(rules, code)
    lines = [f"Deal {code} ({rules}), dealer {seat_name(rules.players, code.dealer)}"]
    for seat, cards in enumerate(d.hands):
        lines.append(f"  {seat_name(rules.players, seat):8s} {format_cards(sorted(cards))}")
    for seat, piles in enumerate(d.piles):
        tops = " ".join(f"{up}/{down}" for down, up in piles)
        lines.append(f"  {seat_name(rules.players, seat):8s} piles (up/down) {tops}")
    lines.append(f"  {'Kitty':8s} {format_cards(sorted(d.kitty))}")
    return "\n".join(lines)


def score_sheet(match: Match) -> dict[str, object]:
    rules = match.rules
    return {
        "rules": str(rules),
        "sides": side_names(rules),
        "hands": [{"hand": row.number, "dealer": row.dealer,
                   "contract": str(row.result.contract) if row.result.contract else None,
                   "declarer": row.result.declarer, "tricks": list(row.result.tricks),
                   "made": row.result.made, "points": list(row.result.points),
                   "totals": list(row.totals), "summary": row.result.describe(rules)}
                  for row in match.sheet],
        "in_progress": not match.hand.is_over,
        "winner": side_names(rules)[match.outcome.winner] if match.outcome else None,
        "outcome": match.outcome.describe(side_names(rules)) if match.outcome else None,
    }


def show_sheet(match: Match) -> str:
    sheet = score_sheet(match)
    names = side_names(match.rules)
    width = max(12, *(len(n) for n in names))
    lines = [f"Rules: {sheet['rules']}",
             f"{'Hand':>4}  {'Contract':10s}" + "".join(f"{n:>{width}}" for n in names)]
    for row in match.sheet:
        contract = str(row.result.contract) if row.result.contract else "-"
        lines.append(f"{row.number:>4}  {contract:10s}"
                     + "".join(f"{t:>{width}}" for t in row.totals))
        lines.append(f"      {row.result.describe(match.rules)}")
    if match.outcome:
        lines.append(match.outcome.describe(names))
    elif not match.hand.is_over:
        lines.append(f"Hand {len(match.hands)} in progress.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="500 rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p_deal = sub.add_parser("deal", help="print the hands of a deal code")
    p_deal.add_argument("code")
    p_deal.add_argument("--rules", default="standard", help="rules string (default standard)")
    p_replay = sub.add_parser("replay", help="check a game record (ours, or Trickster's PTN) "
                                             "and print its score sheet")
    p_replay.add_argument("file", type=Path)
    p_replay.add_argument("--json", action="store_true", help="print the sheet as JSON")
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            print(show_deal(Rules.parse(args.rules), DealCode.parse(args.code)))
        else:
            try:
                text = args.file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                print(f"error: cannot read {args.file}: {e}", file=sys.stderr)
                return 2
            is_ptn = args.file.suffix.lower() == ".ptn" or text.lstrip()[:1] in ("%", "[")
            match = ptn.replay(text) if is_ptn else replay(text)
            print(json.dumps(score_sheet(match), indent=1) if args.json else show_sheet(match))
    except FiveHundredError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
