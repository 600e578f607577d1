"""History & stats: the statistics of the games played, and the dialog that shows them."""
