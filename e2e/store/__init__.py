"""Games kept in the browser: saves, links, the list of games, storage, stats."""
