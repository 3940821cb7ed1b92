#!/usr/bin/env bash
# Install the Debian packages named that this machine does not have yet (a package counts as present when
# dpkg has it or a command of its name exists): npm fetches the pinned widget JavaScript for the docs;
# chromium runs the browser test; poppler-utils (pdftotext) and fonts-nanum (a Korean font) let the print
# test read the summaries back from PDF.
set -euo pipefail
missing=""
for package in "$@"; do
  command -v "$package" >/dev/null 2>&1 || dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
    || missing="$missing $package"
done
[ -n "$missing" ] || exit 0
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "설치할 시스템 패키지:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
