"""The table in the browser: a game, a hand, undo, the keyboard, motion, words, the look."""
