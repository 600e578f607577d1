"""The score pad: a game played with real cards, scored by the engine (model, session, render, store)."""
