"""Each variant table played in the browser."""
