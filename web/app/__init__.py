"""The game a player sees, as pure Python (no DOM): settings, the session, view
models, rules help and their HTML.  It runs, with the bots, in the page's one
Python worker (``web/main.py``, :mod:`app.worker.bridge`); ``web/page.js`` draws what it answers.
"""
