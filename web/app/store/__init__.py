"""What the browser keeps: saved games (and their formats), the page's preferences, and the
links that share a deal."""
