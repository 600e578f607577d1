"""A game at the table: its settings, the session (the match and the bots' turns), the view the
player's seat sees (with the partners' calls, the sound cues and the rules in words), its HTML
and dialogs, and the answers to the bots' requests."""
