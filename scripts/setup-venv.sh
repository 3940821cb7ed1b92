#!/usr/bin/env bash
# Create .venv (if missing) and install the project with the given extras, e.g. "docs" or "test".
set -euo pipefail
cd "$(dirname "$0")/.."
extras=${1:-docs}
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extras]"
