#!/usr/bin/env bash
# Install the Debian packages named (by the command they provide) that this machine does not have yet:
# npm fetches the pinned widget JavaScript for the docs; chromium runs the browser test.
set -euo pipefail
missing=""
for cmd in "$@"; do
  command -v "$cmd" >/dev/null 2>&1 || missing="$missing $cmd"
done
[ -n "$missing" ] || exit 0
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "설치할 시스템 패키지:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
