#!/usr/bin/env bash
# Every test, on a fresh machine: installs what it needs, type-checks the
# engine and bots, then runs the pytest suites (engine and bots in tests/,
# the built site in Chromium in e2e/) in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
bash scripts/setup.sh
"$python" -m mypy engine bots
"$python" -m pytest tests e2e "$@"
