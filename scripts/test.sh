#!/usr/bin/env bash
# Every test, on a fresh machine: installs what it needs, type-checks the
# engine, the bots, the benchmarks, the bidding model's tools, the build, the
# page's app package (web/app), the scripts and the tests (all strict), and
# runs the pytest suites (engine, bots and app in tests/, the built site in
# Chromium in e2e/) in one run, in two pytest-xdist workers (the e2e tests
# mostly wait on Chromium: two overlap well on two cores), handed out in turn,
# the long tests first (conftest.py), so the two end together. The type checks run
# meanwhile; the command fails if either fails. Extra arguments go to pytest
# (`-n 0`: one process).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
bash scripts/setup.sh
typecheck() {
  MYPYPATH=web "$python" -m mypy engine bots bench bidding_model sitebuild build.py
  MYPYPATH=web "$python" -m mypy --strict --explicit-package-bases web/app web/main.py
  MYPYPATH=web:bench "$python" -m mypy --explicit-package-bases scripts tests e2e conftest.py
}
typecheck_log=$(mktemp)
trap 'rm -f "$typecheck_log"' EXIT
(set -e; typecheck) >"$typecheck_log" 2>&1 &
typecheck_pid=$!
tests=0
"$python" -m pytest -n 2 --dist load tests e2e "$@" || tests=$?
typed=0
wait "$typecheck_pid" || typed=$?
cat "$typecheck_log"
[ "$tests" -eq 0 ] || exit "$tests"
exit "$typed"
