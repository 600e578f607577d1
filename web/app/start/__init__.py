"""Getting started: the start screen (its form, view and HTML, the games in progress) and the
first-game guide."""
