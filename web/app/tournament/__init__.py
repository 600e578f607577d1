"""The tournament: eight players over rounds at two tables, its views and their HTML."""
