#!/usr/bin/env bash
# The whole test suite on a fresh machine: Chromium for the browser test, the project in .venv,
# the strict docs build, then pytest (unit, scenarios, rule-id spine, site, browser) and nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh chromium npm poppler-utils fonts-nanum
bash scripts/setup-venv.sh test
bash scripts/build-docs.sh
export TUTOR_DOCS_REUSE=1  # the site tests use the build made just above
exec .venv/bin/pytest --nbval-lax -p no:cacheprovider tests notebooks "$@"
