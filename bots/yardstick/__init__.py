"""The yardstick: the normal bot frozen as it was at commit d0f5476.

Every strength figure is measured against this bot (``make_bot("yardstick",
rng)``, ``python -m bots.arena --b yardstick``), so a better normal bot shows
as a gain.  It is FROZEN: never tuned, never fixed, never refactored to share
code with the live bots (that would move the yardstick).  Its modules depend
only on the engine's public API and :mod:`bots.protocol`;
tests/golden/yardstick.json pins its decisions.
"""
