#!/usr/bin/env bash
# Install what building and testing need on a fresh Debian machine; safe to run again.
#   Debian's Chromium (Playwright cannot download browsers here) and npm, the wheel's
#   build backend, the project in editable mode with its test extra, and the
#   pinned npm packages (Pyodide, PyScript).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
sudo=$([ "$(id -u)" -eq 0 ] || echo sudo)

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# build.py builds the wheel with --no-build-isolation: install pyproject's build-system.requires.
mapfile -t build_requires < <("$python" -c \
  'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")')
"$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "${build_requires[@]}"
"$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-build-isolation -e '.[test]'

npm ci --no-audit --no-fund --loglevel=error
echo "setup done: $(/usr/bin/chromium --version 2>/dev/null), $("$python" --version), node $(node --version)"
