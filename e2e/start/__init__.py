"""The start screen, the guide and tournaments."""
