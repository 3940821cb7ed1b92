#!/usr/bin/env bash
# The main job: install, build the Korean docs site (notebooks executed, widgets offline) and serve it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh npm
bash scripts/setup-venv.sh docs
exec .venv/bin/tutor docs "$@"
