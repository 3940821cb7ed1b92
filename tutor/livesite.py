"""The live parts of the docs site: the wheels the in-page Sandbox loads, and the JupyterLite build.

``build_live`` puts into ``docs/_static/vendor/live/`` (git-ignored) the project's own wheel, a
pure-Python PyYAML wheel (PyPI has none: it is made from PyYAML's pinned sdist, whose pure-Python
package is the same code the C extension only speeds up), and ``live-config.js``, which tells
``sandbox.js`` where Pyodide and the wheels are. ``build_lite`` builds ``<site>/lite/``, the notebooks
on JupyterLite's Pyodide kernel; its copy of Pyodide's core (fetched into ``docs/_build/pyodide`` by
``scripts/fetch-widget-js.sh``) is the one the site ships, and the in-page Sandbox loads it too.
``write_file_bundle`` (the USB build, ``tutor docs --usb``) puts those same files into one classic script,
``file-bundle.js``, so that the Sandbox runs in a page opened from a file (file://) too.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from .schema import SCHEMA_WHEELS
from .widgets.common import write_rule_index

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "docs" / "_static" / "vendor"
LIVE = VENDOR / "live"
UNZIP = VENDOR / "unzip" / "unzip.js"
"""fflate, which unzips the wheels as Python starts (``docs/_static/live/boot.js``; scripts/fetch-widget-js.sh)."""
PYODIDE = ROOT / "docs" / "_build" / "pyodide"
# Downloads are kept between builds where scripts/fetch-widget-js.sh keeps its npm packages.
CACHE = Path(os.environ.get("RULEBOOK_CACHE")
             or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "executable-rulebook") / "pypi"

PYYAML = ("6.0.3", "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f")  # version, sdist sha256

CONFIG_JS = """\
// Where the live Sandbox finds Python (Pyodide) and the engines on this site: no other server.
(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, "");
  var site = base + "../../../";
  var live = window.rulebookLive = {
    pyodide: site + "lite/static/pyodide/",  // the JupyterLite build's copy
    wheels: %(wheels)s.map(function (w) { return base + w; }),  // in a folder named for their content
    snapshot: %(snapshot)s,  // Python with the engines imported, made by the build (tutor.livesite.make_snapshot)
    unzip: base + "../unzip/unzip.js",  // fflate, which unzips the wheels (docs/_static/live/boot.js)
  };
  function sandboxes() {  // [game id, opening position] of each Sandbox in the page's widget state
    var found = [];
    document.querySelectorAll('script[type="application/vnd.jupyter.widget-state+json"]').forEach(function (s) {
      if (s.textContent.indexOf('"position"') < 0) return;  // no Sandbox: spare parsing a player's megabytes
      var models = JSON.parse(s.textContent).state;
      for (var id in models) {
        var state = models[id].state || {};
        if (state.game_id && state.position) found.push([state.game_id, state.position]);
      }
    });
    return found;
  }
  // Run by sandbox.js as Python starts: a throwaway first move in each game of the page (tutor.warmup),
  // so that the reader's first move does not wait for card data and caches.
  live.warm = async function (python) {
    var done = {};
    for (var [game, position] of sandboxes()) {
      if (done[game]) continue;
      done[game] = true;
      await python.call("tutor.warmup", "warm_up", game, position);
    }
  };
  // Opened from a file (file://, a USB stick), a page may not fetch() or import modules: the USB build
  // (tutor docs --usb) puts Python and the engines in one classic script instead, file-bundle.js. Resolves
  // to its loadPyodide; fails when this site was built without it.
  live.fileBundle = function () {
    return live.bundle || (live.bundle = new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = base + "file-bundle.js";
      script.onload = function () { resolve(live.fromFiles); };
      // said to the reader after "…실행할 수 없습니다": Korean, and no file names
      script.onerror = function () {
        reject(new Error("이 사이트는 USB용으로 만들지 않아 파일에서 연 페이지에 파이썬이 들어 있지 않습니다"));
      };
      document.head.append(script);
    }));
  };
  // Keep Pyodide and the wheels in Cache Storage (rulebook-sw.js, one cache per content hash): fetched in
  // the background once a page with a Sandbox has loaded, then served from there, offline too.
  // Browsers allow this on https and on this computer (127.0.0.1); elsewhere the HTTP cache does it.
  // JupyterLite (lite/) shares this origin: the first time it opens under a service worker whose address
  // it has not marked with its version, it unregisters every worker of the origin, ours included. So its
  // own worker is registered here too (it then controls lite/, the narrower scope), and both addresses
  // carry its version.
  window.addEventListener("load", function () {
    if (!("serviceWorker" in navigator && window.isSecureContext)) return;
    var ours = new URL(site + "rulebook-sw.js", location.href).href;
    var lite = new URL(site + "lite/service-worker.js?enableCache=false", location.href).href;
    try {
      localStorage.setItem(ours + "-version", %(lite_version)s);
      localStorage.setItem(lite + "-version", %(lite_version)s);
    } catch (error) { return; }  // storage refused: registering would only let JupyterLite remove ours
    navigator.serviceWorker.register(lite).catch(function () {});
    if (sandboxes().length || document.querySelector("[data-rulebook-live]")) {
      navigator.serviceWorker.register(ours).catch(function () {});
    }
  });
})();
"""
SERVICE_WORKER = """\
// Keeps the in-page Python (Pyodide) and the project's wheels in Cache Storage, so a second visit
// loads them from there, offline too; the pages a reader opened are kept as well, for when the network is
// gone. Made by tutor.livesite with the SHA-256 of every file the build produced: Cache Storage belongs to
// the whole origin (any script of it, a notebook's included, may write there), so a copy is served only
// while its hash is the build's, and a copy that is not is fetched again from the server.
const CACHE = "rulebook-live-%(version)s";  // Python's files, cache first
const PAGES = "rulebook-pages-%(version)s";  // everything else: network first, a copy kept for offline
const address = (path) => new URL(path, self.location).href;
const FILES = new Map(Object.entries(%(files)s).map(([path, hash]) => [address(path), hash]));
const SITE = new Map(Object.entries(%(site)s).map(([path, hash]) => [address(path), hash]));

async function sha256(response) {
  const bytes = await response.clone().arrayBuffer();
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A response is kept only when it is what the build produced; the server's answer is served either way.
async function keep(name, url, response, hash) {
  if (response.ok && hash && await sha256(response) === hash) await (await caches.open(name)).put(url, response.clone());
  return response;
}

// A copy the build made, or nothing (a copy written by anything else is dropped).
async function verified(name, url, hash) {
  const cache = await caches.open(name);
  const hit = await cache.match(url);
  if (hit && hash && await sha256(hit) === hash) return hit;
  if (hit) await cache.delete(url);
  return null;
}

// From the server itself, never the browser's HTTP cache: after a rebuild, the new files.
const fromServer = (url) => fetch(url, { cache: "no-cache", redirect: "follow" });

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([...FILES].map(([url, hash]) => fromServer(url).then((r) => keep(CACHE, url, r, hash))
    .catch(() => {}))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("rulebook-") && name !== CACHE && name !== PAGES;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  let url = event.request.url.split(/[?#]/)[0];
  if (event.request.method !== "GET" || !url.startsWith(self.registration.scope)) return;
  if (FILES.has(url)) {
    const hash = FILES.get(url);
    event.respondWith(verified(CACHE, url, hash).then((hit) => hit || fromServer(url).then((r) => keep(CACHE, url, r, hash))));
    return;
  }
  if (url.endsWith("/")) url += "index.html";
  const hash = SITE.get(url);
  event.respondWith(fromServer(event.request.url).then((response) => {
    // a navigation may not be answered with a response that was redirected: send the browser there instead
    if (response.redirected && event.request.mode === "navigate") return Response.redirect(response.url, 302);
    return keep(PAGES, url, response, hash);
  }, () => verified(PAGES, url, hash).then((hit) => hit || Response.error())));
});
"""
FILE_BUNDLE_JS = """\
// Made by tutor.livesite for the USB build (tutor docs --usb): the in-page Python (Pyodide) and the
// engines' wheels in one classic script, for a site opened from a file (file://), where browsers refuse
// fetch() and module imports. The files are the site's own (lite/static/pyodide/, _static/vendor/live/),
// in base64; while Pyodide starts, fetch() of one of their addresses is answered from here.
(function () {
  var live = globalThis.rulebookLive, files = %s, types = {wasm: "application/wasm", json: "application/json"};
  var href = function (url) { return new URL(url, location.href).href.split(/[?#]/)[0]; };
  var folder = href(live.pyodide), wheels = live.wheels.map(href);
  var own = function (url) {  // the name of a file held here, if url is its address
    var address = href(url), name = address.split("/").pop();
    return files[name] && (address === folder + name || wheels.indexOf(address) >= 0) ? name : null;
  };
  var fetchFromNetwork = globalThis.fetch;
  globalThis.fetch = function (url, options) {
    var name = own(url instanceof Request ? url.url : url);
    if (!name) return fetchFromNetwork.apply(this, arguments);
    var bytes = Uint8Array.from(atob(files[name]), function (c) { return c.charCodeAt(0); });
    var type = types[name.split(".").pop()] || "application/octet-stream";
    return Promise.resolve(new Response(bytes, {headers: {"Content-Type": type}}));
  };
  live.fromFiles = {loadPyodide: function (options) {
    return live.loadPyodide(Object.assign({createPyodideModule: live.createPyodideModule}, options));
  }};
})();
// Pyodide's pyodide.asm.mjs, an ES module made a function (the module's own address: its folder)
(function () {
%s
  globalThis.rulebookLive.createPyodideModule = _createPyodideModule;
})();
// Pyodide's own classic loader, pyodide.js
(function () {
%s
  globalThis.rulebookLive.loadPyodide = globalThis.loadPyodide;
})();
"""
FILE_BUNDLE = "file-bundle.js"
BUNDLED = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
"""Pyodide's files that ``loadPyodide`` fetches; ``pyodide.asm.mjs`` and ``pyodide.js`` become code."""


class LiveBuildError(RuntimeError):
    pass


def _run(command: list[str], timeout: float = 900, **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run`` bounded: a command still running after ``timeout`` seconds is killed and
    counts as failed, so a stuck pip or JupyterLite build cannot hang the docs build."""
    try:
        return subprocess.run(command, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired as error:
        return subprocess.CompletedProcess(command, -9, error.stdout, error.stderr)


def build_live(python: str = sys.executable) -> list[Path]:
    """(Re)make the wheels and the config when the sources changed; returns the wheels."""
    write_rule_index()  # goes into the wheel: rule links in JupyterLite, which has no docs/
    stamp = _sources_stamp()
    if (LIVE / ".stamp").is_file() and (LIVE / ".stamp").read_text() == stamp:
        return live_wheels(LIVE)
    out = VENDOR / "live.partial"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    stage_wheels(out, [_project_wheel(python, out), _pyyaml_wheel(out), *_schema_wheels(out)])
    (out / ".stamp").write_text(stamp)
    shutil.rmtree(LIVE, ignore_errors=True)
    out.rename(LIVE)
    return live_wheels(LIVE)


def stage_wheels(live: Path, wheels: list[Path]) -> None:
    """Moves ``wheels`` into ``live/<content hash>/``, makes Python's memory snapshot there and writes
    ``live-config.js`` naming them. A rebuilt wheel keeps its file name: the folder, named for the wheels and
    the Pyodide they were made for, gives it a new address, which no browser cache and no older service
    worker holds, so a returning reader loads the new one."""
    digest = hashlib.sha256(b"".join(hashlib.sha256(w.read_bytes()).digest() for w in wheels)
                            + (PYODIDE / ".stamp").read_bytes()).hexdigest()[:16]
    (live / digest).mkdir()
    staged = [w.replace(live / digest / w.name) for w in wheels]
    snapshot = make_snapshot(live / digest / SNAPSHOT, staged)
    config = {"wheels": json.dumps([f"{digest}/{w.name}" for w in staged]),
              "snapshot": f'base + "{digest}/{snapshot.name}"',
              "lite_version": json.dumps(_installed("jupyterlite-core"))}
    (live / "live-config.js").write_text(CONFIG_JS % config, encoding="utf-8")


SNAPSHOT = "python.snapshot.gz"
"""Pyodide's memory with the wheels unpacked and the engines imported (``scripts/make-snapshot.mjs``)."""


def make_snapshot(target: Path, wheels: list[Path]) -> Path:
    """Python's memory snapshot for the page to restore (``docs/_static/live/boot.js`` falls back to a normal
    start when it cannot); made in Node with the site's own Pyodide, bounded in time like every build step."""
    command = ["node", str(ROOT / "scripts" / "make-snapshot.mjs"), str(PYODIDE),
               str(ROOT / "docs" / "_static" / "live" / "boot.js"), str(UNZIP), str(target), *map(str, wheels)]
    try:
        done = _run(command, timeout=300, capture_output=True, text=True)
    except FileNotFoundError:
        raise LiveBuildError("Node.js가 없어 파이썬 메모리 스냅숏을 만들지 못했습니다 (scripts/test.sh가 npm과 함께 설치합니다).") from None
    if done.returncode != 0 or not target.is_file():
        print(done.stderr[-3000:], file=sys.stderr)
        raise LiveBuildError("파이썬 메모리 스냅숏을 만들지 못했습니다 (scripts/make-snapshot.mjs).")
    return target


def prune_live(html: Path) -> None:
    """Sphinx copies static files but never removes one: drop from the built site's live folder what the
    source folder no longer has (the wheel folders of earlier builds), so the site does not grow."""
    built = html / "_static" / "vendor" / "live"
    for path in built.iterdir() if built.is_dir() else []:
        if not (LIVE / path.name).exists() and path.name != FILE_BUNDLE:
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def live_wheels(live: Path) -> list[Path]:
    """The wheels in a live folder (``docs/_static/vendor/live`` or its copy in the built site)."""
    return sorted(live.glob("*/*.whl"))


def write_service_worker(html: Path) -> Path:
    """``html/rulebook-sw.js``: the service worker that keeps the Sandbox's Python files in Cache Storage and
    the pages read for offline use, each with the SHA-256 the build gave it (``SERVICE_WORKER``). It sits at
    the site's root because a service worker only serves pages at or below its own folder."""
    python = [f"lite/static/pyodide/{name}" for name in [*PYODIDE_CORE, "pyodide-lock.json"] if name != "pyodide.js"]
    python.append(UNZIP.relative_to(ROOT / "docs").as_posix())
    built = html / "_static" / "vendor" / "live"
    python += [p.relative_to(html).as_posix() for p in [*live_wheels(built), *built.glob(f"*/{SNAPSHOT}")]]
    files = {path: hashlib.sha256((html / path).read_bytes()).hexdigest() for path in sorted(python)}
    target = html / "rulebook-sw.js"
    site = {}
    for path in sorted(html.rglob("*")):
        name = path.relative_to(html).as_posix()
        if path.is_file() and not path.name.startswith(".") and path != target and name not in files:
            site[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    version = hashlib.sha256(json.dumps([files, site]).encode()).hexdigest()[:16]
    target.write_text(SERVICE_WORKER % {"version": version, "files": json.dumps(files, indent=0),
                                        "site": json.dumps(site, indent=0)}, encoding="utf-8")
    return target


def write_file_bundle(html: Path) -> Path:
    """``html/_static/vendor/live/file-bundle.js`` (the USB build): the Sandbox's Pyodide and wheels, taken
    from the built site itself, in one script that a page opened from a file can load (``FILE_BUNDLE_JS``)."""
    pyodide, live = html / "lite" / "static" / "pyodide", html / "_static" / "vendor" / "live"
    module, tail = (pyodide / "pyodide.asm.mjs").read_text(encoding="utf-8").rstrip(), "export default _createPyodideModule;"
    if not module.endswith(tail):
        raise LiveBuildError("이 Pyodide 판의 pyodide.asm.mjs는 USB판으로 묶을 수 없습니다 (끝 줄이 다릅니다).")
    code = module.removesuffix(tail).replace("import.meta.url", "globalThis.rulebookLive.pyodide")
    wheels = live_wheels(live)
    files = {path.name: base64.b64encode(path.read_bytes()).decode()
             for path in [*(pyodide / name for name in BUNDLED), *wheels]}
    target = live / FILE_BUNDLE
    target.write_text(FILE_BUNDLE_JS % (json.dumps(files), code, (pyodide / "pyodide.js").read_text(encoding="utf-8")),
                      encoding="utf-8")
    return target


def _sources_stamp() -> str:
    digest = hashlib.sha256(PYYAML[1].encode())
    for folder in ("engines", "tutor"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    # and what the snapshot is made with: its script, boot.js and the Pyodide it runs in
    for path in ("pyproject.toml", "scripts/make-snapshot.mjs", "docs/_static/live/boot.js", "docs/_build/pyodide/.stamp",
                 UNZIP.relative_to(ROOT).as_posix()):
        digest.update((ROOT / path).read_bytes())
    return digest.hexdigest()


def _project_wheel(python: str, out: Path) -> Path:
    command = [python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)]
    if _run(command, cwd=ROOT).returncode != 0:
        raise LiveBuildError("프로젝트 휠(wheel)을 만들지 못했습니다 (pip wheel).")
    return _without_cli_requirements(next(out.glob("executable_rulebook-*.whl")))


BROWSER_SKIPS = ("jsonschema",)
"""Requirements met otherwise in the browser: jsonschema 4.18+ needs rpds-py, which has no pure-Python wheel,
so the site ships 4.17 beside the project's wheel (``_schema_wheels``)."""


def _without_cli_requirements(wheel: Path) -> Path:
    """The wheel with ``BROWSER_SKIPS`` taken out of its metadata, so that piplite can install it offline."""
    with zipfile.ZipFile(wheel) as source:
        files = {name: source.read(name) for name in source.namelist() if not name.endswith("/RECORD")}
        record = next(name for name in source.namelist() if name.endswith(".dist-info/RECORD"))
    metadata = next(name for name in files if name.endswith(".dist-info/METADATA"))
    files[metadata] = b"\n".join(line for line in files[metadata].split(b"\n")
                                 if not line.startswith(tuple(f"Requires-Dist: {r}".encode() for r in BROWSER_SKIPS)))
    files.update(_json_twins(files))
    wheel.unlink()
    return _write_wheel(wheel, files, record)


def _json_twins(files: dict[str, bytes]) -> dict[str, bytes]:
    """``name.yaml.json`` beside each engine data file that JSON holds exactly: Pyodide parses JSON in C
    but YAML in pure Python (Through the Ages' cards took seconds), and ``load_data`` prefers the twin."""
    import yaml

    twins = {}
    for name, data in files.items():
        if name.startswith("engines/") and name.endswith(".yaml"):
            value = yaml.safe_load(data)
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            if json.loads(text) == value:  # no int keys, dates or other values JSON would change
                twins[name + ".json"] = text.encode()
    return twins


def _schema_wheels(out: Path) -> list[Path]:
    """Copies of jsonschema and what it needs (``SCHEMA_WHEELS``, and attrs at Pyodide's version), so the
    workbench checks a file's schema as ``tutor check`` does, with the checker in the memory snapshot."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    specs = [*SCHEMA_WHEELS, f"attrs=={lock['packages']['attrs']['version']}"]
    return [Path(shutil.copy(wheel, out)) for wheel in _pypi_wheels(specs)]


def _pyyaml_wheel(out: Path) -> Path:
    version, sha256 = PYYAML
    sdist = CACHE / f"pyyaml-{version}.tar.gz"
    if not sdist.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                   "-d", str(CACHE), f"PyYAML=={version}"]
        if _run(command).returncode != 0:
            raise LiveBuildError("PyYAML 소스 배포판을 받지 못했습니다 (PyPI 필요).")
    if hashlib.sha256(sdist.read_bytes()).hexdigest() != sha256:
        sdist.unlink()
        raise LiveBuildError(f"PyYAML {version} 소스의 체크섬이 맞지 않습니다.")
    files: dict[str, bytes] = {}
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if member.isfile() and parts[1:3] == ["lib", "yaml"] and member.name.endswith(".py"):
                files["yaml/" + parts[-1]] = tar.extractfile(member).read()
    info = f"PyYAML-{version}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: PyYAML\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: executable-rulebook\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = b"yaml\n"
    return _write_wheel(out / f"pyyaml-{version}-py3-none-any.whl", files, f"{info}/RECORD")


def _write_wheel(path: Path, files: dict[str, bytes], record: str) -> Path:
    lines = []
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={digest},{len(data)}")
    lines.append(f"{record},,")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
        wheel.writestr(record, "\n".join(lines) + "\n")
    return path



# --- JupyterLite: every notebook live in the browser, shipped inside the site at <site>/lite/ -----------
LITE_WHEELS = ["ipywidgets", "anywidget", "jupyterlab_widgets", "comm", "psygnal"]
"""Wheels the notebooks need beyond the project's, at the versions of this environment."""
LITE_LOCKED = ["micropip", "ipython", "jedi", "pyyaml", "typing-extensions", "attrs"]
"""Pyodide packages the kernel loads (with what they depend on), taken from PyPI at Pyodide's versions."""
PYODIDE_CORE = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
LITE_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "litePluginSettings": {KERNEL: {"disablePyPIFallback": True}},
        # menus and dialogs in Korean, from the language pack the docs extra installs
        "settingsOverrides": {"@jupyterlab/translation-extension:plugin": {"locale": "ko_KR"}},
    },
}
LITE_APPS = ["notebooks", "tree"]
"""The JupyterLite apps the site ships: a notebook page's "브라우저에서 실행" opens the notebooks app (tree is
its file list). Not the REPL, which runs the code in its address (``repl/?code=``): a link could then
run a script on the site's origin, which the workbench and the Sandbox share."""
SETUP_CELL = ("# 준비: 규칙 엔진을 이 사이트에 든 휠에서 불러옵니다 (펼쳐 보지 않아도 됩니다).\n"
              "%pip install -q executable-rulebook " + SCHEMA_WHEELS[0])
"""The first code cell in JupyterLite, folded as the test cells are: a student sees its one Korean line."""


def build_lite(html: Path, notebooks: Path, build: Path, python: str = sys.executable) -> Path:
    """Build the JupyterLite site into ``html/lite`` (skipped when nothing it holds changed)."""
    wheels = build_live(python)
    stamp = hashlib.sha256((LIVE / ".stamp").read_bytes() + (PYODIDE / ".stamp").read_bytes())
    for path in sorted(notebooks.rglob("*.ipynb")):
        stamp.update(path.relative_to(notebooks).as_posix().encode() + path.read_bytes())
    stamp.update((html / "objects.inv").read_bytes())  # the titles the notebooks' MyST roles become
    stamp.update(json.dumps([LITE_CONFIG, LITE_APPS]).encode())
    target = html / "lite"
    if (target / ".stamp").is_file() and (target / ".stamp").read_text() == stamp.hexdigest():
        return target
    source, out = build / "lite-src", build / "lite.partial"
    shutil.rmtree(source, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    _lite_pyodide(source / "static" / "pyodide", next(w for w in wheels if w.name.startswith("pyyaml")))
    pypi = source / "pypi"
    pypi.mkdir(parents=True)
    shutil.copy(next(w for w in wheels if w.name.startswith("executable_rulebook")), pypi)
    for wheel in _pypi_wheels([f"{name}=={_installed(name)}" for name in LITE_WHEELS] + SCHEMA_WHEELS):
        shutil.copy(wheel, pypi)
    _lite_contents(notebooks, source / "contents", site_titles(html / "objects.inv"))
    (source / "jupyter-lite.json").write_text(json.dumps(LITE_CONFIG), encoding="utf-8")
    command = [python, "-m", "jupyterlite_core", "build", "--lite-dir", str(source), "--output-dir", str(out),
               "--contents", str(source / "contents"), "--no-sourcemaps",
               *(f"--apps={app}" for app in LITE_APPS), "--no-unused-shared-packages"]
    result = _run(command, cwd=source, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout, result.stderr, sep="\n", file=sys.stderr)
        raise LiveBuildError("JupyterLite 사이트를 만들지 못했습니다 (jupyter lite build).")
    (out / ".stamp").write_text(stamp.hexdigest())
    shutil.rmtree(target, ignore_errors=True)
    out.rename(target)
    return target


def _lite_pyodide(folder: Path, pyyaml: Path) -> None:
    """Pyodide's core plus the pure-Python packages the kernel needs, with a lock file listing only
    those: PyPI's builds of them differ from Pyodide's byte for byte, so names and checksums are ours."""
    folder.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy(PYODIDE / name, folder)
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    wanted, todo = set(), list(LITE_LOCKED)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name not in wanted:
            wanted.add(name)
            todo += packages[name]["depends"]
    files = {"pyyaml": pyyaml}
    specs = [f"{name}=={packages[name]['version']}" for name in sorted(wanted - set(files))]
    files.update(zip(sorted(wanted - set(files)), _pypi_wheels(specs)))
    for name, wheel in files.items():
        shutil.copy(wheel, folder)
        packages[name].update(file_name=wheel.name, sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
    lock["packages"] = {name: packages[name] for name in sorted(wanted)}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def _pypi_wheels(specs: list[str]) -> list[Path]:
    """Pure-Python wheels from PyPI (pip checks PyPI's hashes), cached; in the order of ``specs``."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def cached(spec: str) -> Path | None:
        name, version = spec.split("==")
        stem = name.lower().replace("-", "_")
        return next((p for p in folder.glob("*-py*-none-any.whl")
                     if p.name.lower().startswith(f"{stem}-{version}-")), None)

    missing = [spec for spec in specs if cached(spec) is None]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                   "--platform", "any", "--python-version", "3.14", "-d", str(folder), *missing]
        if _run(command).returncode != 0:
            raise LiveBuildError(f"순수 파이썬 휠을 받지 못했습니다 (PyPI 필요): {' '.join(missing)}")
    wheels = [cached(spec) for spec in specs]
    if None in wheels:
        raise LiveBuildError(f"순수 파이썬 휠이 없습니다: {specs[wheels.index(None)]}")
    return wheels


def _installed(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def _lite_contents(notebooks: Path, contents: Path, titles: dict[str, str]) -> None:
    """The notebooks as JupyterLite opens them (``lite_notebook``), in the same folders."""
    for path in sorted(notebooks.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        docname = "notebooks/" + path.relative_to(notebooks).with_suffix("").as_posix()
        notebook = lite_notebook(json.loads(path.read_text(encoding="utf-8")), docname, titles)
        target = contents / path.relative_to(notebooks)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")


TEST_TAG = "test"
"""The tag of a cell that only checks the lesson (nbval runs it): the site leaves it out, JupyterLite folds it."""
FOLDED = {"source_hidden": True, "outputs_hidden": True}
CHECK_NOTE = "# 확인 칸: 위 예제가 규칙대로 흘러가는지 검사합니다 (펼쳐 보지 않아도 됩니다)."
"""The first line of a folded test cell, the one line JupyterLab shows of it."""


def lite_notebook(notebook: dict, docname: str, titles: dict[str, str]) -> dict:
    """One notebook as JupyterLite opens it: on the Pyodide kernel, installing the project first, its
    MyST roles written as Markdown JupyterLab can show (``lite_markdown``), and its test cells folded
    (they still run with the others, so Run All checks the lesson in the browser too)."""
    notebook["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                          "language": "python"}
    for cell in notebook["cells"]:
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cell["source"] = lite_markdown(source, docname, titles)
        elif TEST_TAG in cell["metadata"].get("tags", []):
            cell["metadata"]["jupyter"] = {**cell["metadata"].get("jupyter", {}), **FOLDED}
            cell["source"] = CHECK_NOTE + "\n" + source
    setup = {"cell_type": "code", "execution_count": None, "id": "rulebook-lite-setup",
             "metadata": {"jupyter": dict(FOLDED)}, "outputs": [], "source": SETUP_CELL}
    first_code = next((i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"), 0)
    notebook["cells"].insert(first_code, setup)
    return notebook


def site_titles(inventory: Path) -> dict[str, str]:
    """Every rule-section id and page of the built site (its ``objects.inv``) → its title."""
    from sphinx.util.inventory import InventoryFile

    with inventory.open("rb") as stream:
        entries = InventoryFile.load(stream, "", posixpath.join)
    return {name: item.display_name for kind in ("std:label", "std:doc") for name, item in entries[kind].items()}


ROLE = re.compile(r"\{(ref|doc)\}`([^`]+)`")
ROLE_LINE = re.compile(r"^(?:- )?(\{(?:ref|doc)\}`[^`]+`)$", re.MULTILINE)


def lite_markdown(text: str, docname: str, titles: dict[str, str]) -> str:
    """A notebook's Markdown for JupyterLab, which shows MyST roles as raw text: a rule section or a
    page of the site becomes its title in quotes (JupyterLab opens a relative link as a file of its own,
    not as a page of the site), another notebook a link that opens it in JupyterLite. A role alone on
    its line, bulleted or not (the "규칙 절" lists), becomes a list item with the section's id to search the
    site for."""
    def role(match: re.Match[str], listed: bool = False) -> str:
        kind, target = match.groups()
        if kind == "ref":
            title = titles.get(target, target)
            return f"‘{title}’ (`{target}`)" if listed else f"‘{title}’"
        page = target.lstrip("/") if target.startswith("/") else posixpath.join(posixpath.dirname(docname), target)
        page = posixpath.normpath(page)
        title = titles.get(page, posixpath.basename(page))
        if page.startswith("notebooks/"):
            return f"[{title}]({posixpath.relpath(page, posixpath.dirname(docname))}.ipynb)"
        return f"‘{title}’"

    text = ROLE_LINE.sub(lambda line: "- " + role(ROLE.match(line.group(1)), listed=True), text)
    return ROLE.sub(role, text)
