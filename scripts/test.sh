#!/usr/bin/env bash
# Every test, on a fresh machine: installs what it needs, type-checks the
# engine, the bots, the benchmarks, the bidding model's tools, the build, the
# page's app package (web/app), the scripts and the tests (all strict), then
# runs the pytest suites (engine and bots in tests/, the built site in Chromium
# in e2e/) in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
bash scripts/setup.sh
MYPYPATH=web "$python" -m mypy engine bots bench bidding_model sitebuild build.py
MYPYPATH=web "$python" -m mypy --strict --explicit-package-bases web/app web/main.py
MYPYPATH=web:bench "$python" -m mypy --explicit-package-bases scripts tests e2e
"$python" -m pytest tests e2e "$@"
