"""Notebook execution that cannot hang the docs build.

myst-nb executes each notebook through jupyter-cache and nbclient. Two things once made that hang:
a kernel given a TCP port that another process took first (``ZMQError: Address already in use``), and
jupyter_client's heartbeat thread, which ``stop()`` can wait on forever when a kernel fails as it
starts. So here:

- kernels talk over IPC sockets (files in a private folder), not TCP ports: no port to lose;
- a kernel that does not start is started once more, then the build stops with a Korean error;
- a watchdog bounds every phase (start, each cell, clean-up): a stuck kernel becomes a clear error,
  with every thread's stack, and the kernel killed, instead of a build that never ends.

myst-nb has no setting for nbclient's options, so this passes ours through the function it calls
(jupyter-cache's ``single_nb_execution``, whose extra keywords go to ``NotebookClient``).
"""
from __future__ import annotations

import faulthandler
import os
import shutil
import sys
import tempfile
import threading
import time
import weakref
from typing import Any

from jupyter_client import AsyncKernelManager
from jupyter_cache.executors import utils as jcache_utils
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

START_ATTEMPTS = 2
"""A kernel that does not answer within ``kernel_start_timeout`` seconds (a Sphinx setting, default 30)
is started this many times in all."""
GRACE = 25
"""Seconds the watchdog allows beyond nbclient's own limits before it stops the build."""

_kernels: weakref.WeakSet[IpcKernelManager] = weakref.WeakSet()


class IpcKernelManager(AsyncKernelManager):
    """A kernel whose sockets are files in its own folder: nothing another process can bind first."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.transport = "ipc"
        self.folder = tempfile.mkdtemp(prefix="rb-kernel-")  # short: a socket path has ~100 bytes
        self.ip = os.path.join(self.folder, "k")
        _kernels.add(self)
        weakref.finalize(self, shutil.rmtree, self.folder, True)

    def kill_now(self) -> None:
        process = getattr(self.provisioner, "process", None)
        if process is not None and process.poll() is None:
            process.kill()


class Watchdog:
    """Stops the process (exit status 3) when ``arm``'s deadline passes before the next ``arm`` or
    ``disarm``: prints ``what`` in Korean, every thread's stack, and kills the kernels."""

    def __init__(self) -> None:
        self._deadline: float | None = None
        self._what = ""
        self._lock = threading.Condition()
        threading.Thread(target=self._watch, name="kernel-watchdog", daemon=True).start()

    def arm(self, seconds: float, what: str) -> None:
        with self._lock:
            self._deadline, self._what = time.monotonic() + seconds, what
            self._lock.notify()

    def disarm(self) -> None:
        self.arm(float("inf"), "")

    def _watch(self) -> None:
        with self._lock:
            while True:
                left = (self._deadline or float("inf")) - time.monotonic()
                if left <= 0:
                    break
                self._lock.wait(None if left == float("inf") else left)
        print(f"\n빌드를 멈춥니다: {self._what} (커널이 멈춘 것으로 보입니다; 아래는 각 스레드가 멈춘 자리).",
              file=sys.stderr, flush=True)
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        for kernel in list(_kernels):
            kernel.kill_now()
        os._exit(3)


_watchdog: Watchdog | None = None


def guarded_execution(nb: Any, cwd: str | None, timeout: int | None, allow_errors: bool,
                      **kwargs: Any) -> jcache_utils.ExecutionResult:
    """``single_nb_execution`` on an IPC kernel, started at most ``START_ATTEMPTS`` times, watched."""
    global _watchdog
    _watchdog = _watchdog or Watchdog()
    assert _app is not None
    watchdog, name = _watchdog, f"노트북 {_app.env.temp_data.get('docname', '')}"
    start_timeout = _app.config.kernel_start_timeout
    cell_limit = timeout + GRACE if timeout and timeout > 0 else float("inf")
    hooks = {
        "on_cell_start": lambda cell, cell_index: watchdog.arm(
            cell_limit, f"{name}: {cell_index + 1}번째 셀이 {cell_limit:.0f}초 안에 끝나지 않았습니다"),
        "on_cell_complete": lambda cell, cell_index: watchdog.arm(
            GRACE, f"{name}: {cell_index + 1}번째 셀 다음 단계(다음 셀이나 커널 정리)가 {GRACE}초 넘게 걸립니다"),
    }
    try:
        for attempt in range(1, START_ATTEMPTS + 1):
            watchdog.arm(start_timeout + GRACE,
                         f"{name}: 커널이 {start_timeout + GRACE}초 동안 시작하지도, 실패를 알리지도 않았습니다")
            started: list[bool] = []
            try:
                return jcache_utils.single_nb_execution(
                    nb, cwd=cwd, timeout=timeout, allow_errors=allow_errors,
                    kernel_manager_class=IpcKernelManager, startup_timeout=start_timeout,
                    on_notebook_start=lambda notebook: started.append(True), **hooks, **kwargs)
            except Exception as error:  # a kernel that did not start, or died
                if started:
                    raise ExtensionError(f"{name}: 실행하는 도중에 커널이 멈췄습니다 ({error}).") from error
                if attempt == START_ATTEMPTS:
                    raise ExtensionError(f"{name}: 커널이 {attempt}번 모두 시작하지 못했습니다 ({error}). "
                                         "빌드를 멈춥니다.") from error
                print(f"{name}: 커널이 시작하지 못해 한 번 더 시작합니다 ({error}).", file=sys.stderr, flush=True)
        raise AssertionError("unreachable")
    finally:
        watchdog.disarm()


_app: Sphinx | None = None


def setup(app: Sphinx) -> dict:
    from myst_nb.core.execute import cache

    global _app
    _app = app
    app.add_config_value("kernel_start_timeout", 30, "")
    cache.single_nb_execution = guarded_execution  # the one function myst-nb's cache mode calls
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
