"""The game a player sees, as pure Python (no DOM): settings, the session, view
models, rules help and their HTML.  ``web/main.py`` draws it; ``web/worker.py``
runs the bots.
"""
