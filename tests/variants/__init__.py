"""Each variant table whole: its rules in the engine, its bots, its help and view in the app."""
