#!/usr/bin/env bash
# Put the widget JavaScript the docs serve into docs/_static/vendor/ (git-ignored), so built pages
# render widgets with no network: require.js, the ipywidgets HTML manager (embed bundle) and
# anywidget's front end. Pyodide's core (Python in WebAssembly) goes to docs/_build/pyodide: the site
# ships it once, in its JupyterLite build (lite/static/pyodide), where the live Sandbox loads it too. npm packages are pinned by version and sha512 and cached; anywidget's AMD
# build is copied from the installed Python package, so it always matches the kernel side.
# The question workbench's CodeMirror 6 and json-editor come from docs/_frontend/: `npm ci` installs
# exactly its package-lock.json (npm checks every tarball's sha512 there) and a pinned esbuild bundles
# the editor and the picture maker (html-to-image) into a module each; json-editor ships a browser
# build, copied as it is. fflate, the live Python's unzipper, is bundled as a classic script (unzip.js).
# Idempotent: does nothing when the vendor folder already holds these versions.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-.venv/bin/python}
OUT=docs/_static/vendor
PYODIDE_OUT=docs/_build/pyodide
CACHE=${RULEBOOK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/executable-rulebook}/npm

HTML_MANAGER=@jupyter-widgets/html-manager@1.0.15
HTML_MANAGER_SHA=sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==
REQUIREJS=requirejs@2.3.7
REQUIREJS_SHA=sha512-DouTG8T1WanGok6Qjg2SXuCMzszOo0eHeH9hDZ5Y4x8Je+9JB38HdTLT4/VA8OaUhBa0JPVHJ0pyBkM1z+pDsw==
PYODIDE=pyodide@314.0.6  # the version jupyterlite-pyodide-kernel 0.8 expects
PYODIDE_SHA=sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==

read -r ANYWIDGET_VERSION ANYWIDGET_JS < <("$PYTHON" -c '
import anywidget, pathlib
print(anywidget.__version__, pathlib.Path(anywidget.__file__).parent / "nbextension" / "index.js")')

FRONTEND=docs/_frontend
frontend_hash=$(cat "$FRONTEND/package-lock.json" "$FRONTEND/editor.js" "$FRONTEND/picture.js" "$FRONTEND/unzip.js" \
  | openssl dgst -sha256 -r | cut -c1-16)
stamp="$HTML_MANAGER $REQUIREJS $PYODIDE anywidget@$ANYWIDGET_VERSION workbench@$frontend_hash fonts=woff"
if [[ -f $OUT/.stamp && $(<"$OUT/.stamp") == "$stamp" && -f $PYODIDE_OUT/.stamp ]]; then
  exit 0
fi

# fetch SPEC SHA → prints the path of the verified tarball (downloaded once into the cache)
fetch() {
  local spec=$1 sha=$2 name tgz
  name=${spec#@}; name=${name//\//-}; name=${name/@/-}
  tgz=$CACHE/$name.tgz
  mkdir -p "$CACHE"
  if [[ ! -f $tgz ]]; then
    (cd "$CACHE" && npm pack --silent "$spec" >/dev/null)
  fi
  if [[ "sha512-$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)" != "$sha" ]]; then
    rm -f "$tgz"
    echo "fetch-widget-js: checksum mismatch for $spec" >&2
    exit 1
  fi
  echo "$tgz"
}

html_manager=$(fetch "$HTML_MANAGER" "$HTML_MANAGER_SHA")
requirejs=$(fetch "$REQUIREJS" "$REQUIREJS_SHA")
pyodide=$(fetch "$PYODIDE" "$PYODIDE_SHA")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/html-manager" "$tmp/requirejs" "$tmp/pyodide" "$tmp/out/html-manager" "$tmp/out/anywidget" \
  "$tmp/pyodide-out"
tar xzf "$html_manager" -C "$tmp/html-manager"
tar xzf "$requirejs" -C "$tmp/requirejs"
tar xzf "$pyodide" -C "$tmp/pyodide"
cp "$tmp/pyodide/package/"{pyodide.mjs,pyodide.js,pyodide.asm.mjs,pyodide.asm.wasm,python_stdlib.zip,pyodide-lock.json} \
   "$tmp/pyodide-out/"
echo "$PYODIDE" > "$tmp/pyodide-out/.stamp"
cp "$tmp/requirejs/package/require.js" "$tmp/out/require.js"
# the icon fonts as WOFF2 and WOFF only: every browser the site supports takes one of them before the
# EOT, TrueType and SVG copies its style sheet also lists (1.9 MB the site need not carry)
cp "$tmp/html-manager/package/dist/embed-amd.js" "$tmp/html-manager/package/dist/"*.{woff,woff2} \
   "$tmp/out/html-manager/"
cp "$ANYWIDGET_JS" "$tmp/out/anywidget/index.js"
mkdir -p "$tmp/frontend" "$tmp/out/workbench"
cp "$FRONTEND/package.json" "$FRONTEND/package-lock.json" "$FRONTEND/editor.js" "$FRONTEND/picture.js" \
  "$FRONTEND/unzip.js" "$tmp/frontend/"
(cd "$tmp/frontend" && npm ci --silent --ignore-scripts --no-audit --no-fund --prefer-offline --cache "$CACHE/_npm")
"$tmp/frontend/node_modules/.bin/esbuild" "$tmp/frontend/editor.js" "$tmp/frontend/picture.js" --bundle --format=esm \
  --minify --log-level=warning --outdir="$tmp/out/workbench"
cp "$tmp/frontend/node_modules/@json-editor/json-editor/dist/jsoneditor.js" "$tmp/out/workbench/"
# the live Python's wheels are unzipped in JavaScript (docs/_static/live/boot.js) by fflate, bundled as a
# classic script: the worker, a page opened from a file and the snapshot build in Node all load it
"$tmp/frontend/node_modules/.bin/esbuild" "$tmp/frontend/unzip.js" --bundle --format=iife --minify \
  --log-level=warning --outdir="$tmp/out/unzip"
echo "$stamp" > "$tmp/out/.stamp"

rm -rf "$OUT" "$PYODIDE_OUT"
mkdir -p "$(dirname "$OUT")" "$(dirname "$PYODIDE_OUT")"
mv "$tmp/out" "$OUT"
mv "$tmp/pyodide-out" "$PYODIDE_OUT"
echo "fetch-widget-js: $stamp → $OUT"
