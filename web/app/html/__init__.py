"""HTML's building blocks: tags and controls, words for cards and bids, the SVG cards (glyphs,
court figures) and the score chart; pure functions, no state."""
