"""The rules engine: cards, deals, auction, play, scoring, matches, records, PTN, the CLI."""
