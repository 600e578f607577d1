"""The browser tests, a package: its modules import one another as ``e2e.*``, for pytest and mypy alike."""
