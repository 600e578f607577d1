"""The tests in CPython, by feature: engine/, bots/, variants/, app/ (web/app) and site/ (build, docs); helpers shared as ``tests.*``."""
