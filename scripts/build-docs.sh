#!/usr/bin/env bash
# Build the docs site strictly (warnings are errors) into docs/_build/html, fetching the pinned
# widget JavaScript first. Same as `tutor docs --build-only`. Usage: scripts/build-docs.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
force=False
[[ ${1:-} == --force ]] && force=True
"$PYTHON" -c "
import sys
from tutor.site import BuildError, build
try:
    print(build(force=$force))
except BuildError as error:
    sys.exit(f'build-docs: {error}')
"
