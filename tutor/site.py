"""Build the docs site strictly and serve it locally (what ``tutor docs`` runs).

The build fetches the pinned widget JavaScript and Pyodide first (``scripts/fetch-widget-js.sh``),
makes the wheels the live Sandbox loads (``tutor.livesite``), runs Sphinx with warnings as errors,
then builds the JupyterLite site into ``html/lite``. Notebooks are executed at build time and cached
in ``docs/_build/.jupyter_cache``; ``force`` rebuilds everything and re-executes them.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import signal
import subprocess
import sys
import threading
import webbrowser
from collections.abc import Iterator
from pathlib import Path

from .livesite import (FILE_BUNDLE, LiveBuildError, build_lite, build_live, prune_live, write_file_bundle,
                       write_service_worker)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# TUTOR_BUILD_DIR builds elsewhere (two checkouts or two engineers building at once must not share it)
BUILD = Path(os.environ.get("TUTOR_BUILD_DIR") or DOCS / "_build").resolve()
HTML = BUILD / "html"


SPHINX_TIMEOUT = float(os.environ.get("TUTOR_BUILD_TIMEOUT") or 3600)
"""Seconds the Sphinx run may take in all (a cold build executes every notebook: 10-20 minutes here)."""


class BuildError(RuntimeError):
    """The docs could not be built; the message (Korean) says why, Sphinx's output says where."""


def run_bounded(command: list[str], timeout: float, what: str) -> int:
    """Run ``command`` in its own process group; past ``timeout`` seconds, end the whole group (a notebook
    kernel with it) and raise ``BuildError`` saying ``what`` took too long. Returns the exit status."""
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True)
    # Its own group does not get our signals: a terminated build must not leave Sphinx running on.
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143)) if main else None
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise BuildError(f"{what}: {timeout:.0f}초 안에 끝나지 않아 멈췄습니다.") from None
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)  # Ctrl+C or SIGTERM: leave no Sphinx or kernel behind
        raise
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


def fetch_widget_js() -> None:
    script = ROOT / "scripts" / "fetch-widget-js.sh"
    env = {**os.environ, "PYTHON": sys.executable}
    try:
        failed = subprocess.run(["bash", str(script)], env=env, timeout=1200).returncode != 0
    except subprocess.TimeoutExpired:
        failed = True
    if failed:
        raise BuildError("위젯 자바스크립트를 가져오지 못했습니다 (scripts/fetch-widget-js.sh, npm 필요).")


def build(force: bool = False, usb: bool = False) -> Path:
    """Build ``docs/`` into ``docs/_build/html`` with ``-W``; returns the output folder. ``usb`` also
    writes the USB build's ``file-bundle.js``, with which the Sandbox runs from a
    page opened as a file; without it, a bundle left by an earlier USB build is removed."""
    if not (DOCS / "conf.py").is_file():
        raise BuildError(f"문서 원본이 없습니다: {DOCS} (저장소에서 설치해야 합니다).")
    if force:
        shutil.rmtree(BUILD, ignore_errors=True)  # environment, pages and executed notebooks
    fetch_widget_js()
    try:
        build_live()
        command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                   "-d", str(BUILD / "doctrees"), str(DOCS), str(HTML)]
        if run_bounded(command, SPHINX_TIMEOUT, "문서 빌드(Sphinx)") != 0:
            raise BuildError("문서 빌드가 실패했습니다. 위의 경고와 오류를 고치세요 (경고도 오류로 칩니다).")
        prune_live(HTML)
        build_lite(HTML, ROOT / "notebooks", BUILD)
        write_service_worker(HTML)
        if usb:
            write_file_bundle(HTML)
        else:  # one an earlier USB build left would grow the default site
            (HTML / "_static" / "vendor" / "live" / FILE_BUNDLE).unlink(missing_ok=True)
    except LiveBuildError as error:
        raise BuildError(str(error)) from None
    return HTML


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # Pyodide's module and WebAssembly files, whatever the system's MIME table says
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving(path: Path) -> Iterator[str]:
    """``path`` served as ``serve`` does, on a free local port in a background thread, for as long as the
    ``with`` lasts; yields the base URL (the browser tests and benchmarks open the built site this way)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def serve(path: Path, port: int = 8000, open_browser: bool = True) -> None:
    """Serve ``path`` on http://127.0.0.1:port/ until Ctrl+C."""
    handler = functools.partial(_QuietHandler, directory=str(path))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"{url} 에서 문서를 보여 줍니다 (끝내려면 Ctrl+C).", flush=True)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("문서 서버를 멈췄습니다.")
