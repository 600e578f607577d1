"""The score pad in the browser."""
