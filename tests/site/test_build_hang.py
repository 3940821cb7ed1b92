"""The docs build cannot hang on a notebook kernel (docs/_ext/kernel_guard.py): a kernel whose ports
another process took still runs its notebook (IPC sockets, no ports); a kernel that never answers
stops the build with a Korean error in well under a minute; the watchdog ends a stuck process.

Each case builds a one-notebook Sphinx project with myst-nb as the site does, in a bounded subprocess.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"

# Another process takes every port in the kernel's connection file before the kernel binds them,
# as happened in CI (ZMQError: Address already in use on the heartbeat port).
PORTS_TAKEN = """
import json, runpy, socket, sys
path = sys.argv[sys.argv.index("-f") + 1]
info = json.load(open(path))
held = []
if info["transport"] == "tcp":
    for key in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"):
        s = socket.socket(); s.bind((info["ip"], info[key])); s.listen(); held.append(s)
sys.argv = ["ipykernel_launcher", "-f", path]
runpy.run_module("ipykernel_launcher", run_name="__main__")
"""


def kernels(tmp_path: Path) -> dict[str, str]:
    """A Jupyter path with two kernels: one whose ports are taken, one that never answers."""
    wrapper = tmp_path / "ports_taken.py"
    wrapper.write_text(PORTS_TAKEN)
    specs = {"ports-taken": [sys.executable, str(wrapper), "-f", "{connection_file}"],
             "silent": [sys.executable, "-c", "import time; time.sleep(300)", "-f", "{connection_file}"]}
    for name, argv in specs.items():
        folder = tmp_path / "jupyter" / "kernels" / name
        folder.mkdir(parents=True)
        (folder / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": name, "language": "python"}))
    return {**os.environ, "JUPYTER_PATH": str(tmp_path / "jupyter"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "run"),
            "PYTHONPATH": os.pathsep.join([str(EXT), os.environ.get("PYTHONPATH", "")])}


def notebook(kernel: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 시험"),
                                         nbformat.v4.new_code_cell("print(6 * 7)")])
    nb.metadata["kernelspec"] = {"name": kernel, "display_name": kernel, "language": "python"}
    return nb


def build(tmp_path: Path, kernel: str, limit: float) -> tuple[subprocess.CompletedProcess, float]:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(textwrap.dedent(f"""\
        extensions = ["myst_nb", "kernel_guard"]
        nb_execution_mode = "cache"
        nb_execution_cache_path = {str(tmp_path / "cache")!r}
        nb_execution_raise_on_error = True
        nb_execution_timeout = 30
        kernel_start_timeout = 5
        """))
    nbformat.write(notebook(kernel), source / "index.ipynb")
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "html")]
    start = time.monotonic()
    result = subprocess.run(command, env=kernels(tmp_path), capture_output=True, text=True, timeout=limit)
    return result, time.monotonic() - start


def test_taken_ports_break_a_tcp_kernel(tmp_path: Path) -> None:
    """The case the guard is for: with nbclient's defaults (TCP) the kernel dies when its ports are taken
    (run in a bounded subprocess: unguarded, this is the execution that once hung)."""
    nbformat.write(notebook("ports-taken"), tmp_path / "plain.ipynb")
    code = ("import nbclient, nbformat, sys; nb = nbformat.read(sys.argv[1], 4)\n"
            "try: nbclient.execute(nb, timeout=20, startup_timeout=20)\n"
            "except RuntimeError as error: print('failed:', error)")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "plain.ipynb")], env=kernels(tmp_path),
                            capture_output=True, text=True, timeout=90)
    assert "failed: Kernel died before replying to kernel_info" in result.stdout, result.stderr
    assert "Address already in use" in result.stderr


def test_build_runs_the_notebook_when_ports_are_taken(tmp_path: Path) -> None:
    result, _ = build(tmp_path, "ports-taken", limit=120)
    assert result.returncode == 0, result.stderr
    assert "42" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")


def test_a_kernel_that_never_answers_stops_the_build_within_a_minute(tmp_path: Path) -> None:
    result, seconds = build(tmp_path, "silent", limit=120)
    assert result.returncode != 0
    assert "커널이 2번 모두 시작하지 못했습니다" in result.stderr, result.stderr
    assert "한 번 더 시작합니다" in result.stderr
    assert seconds < 60


def test_watchdog_ends_a_stuck_process_with_a_korean_error() -> None:
    code = "import time, kernel_guard; kernel_guard.Watchdog().arm(1, '시험 단계가 멈췄습니다'); time.sleep(60)"
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "PYTHONPATH": str(EXT)})
    assert result.returncode == 3
    assert time.monotonic() - start < 20
    assert "빌드를 멈춥니다: 시험 단계가 멈췄습니다" in result.stderr
    assert "time.sleep" in result.stderr or "<string>" in result.stderr  # the stuck thread's stack


def test_the_sphinx_run_is_bounded_and_leaves_nothing_behind(tmp_path: Path) -> None:
    """tutor.site runs Sphinx in its own process group with a time limit: past it, the group (kernels
    included) is killed and the build fails with a Korean message."""
    from tutor.site import BuildError, run_bounded

    marker = tmp_path / "child.pid"
    command = ["bash", "-c", f"sleep 120 & echo $! > {marker}; wait"]  # a child that would outlive its parent
    start = time.monotonic()
    with pytest.raises(BuildError, match="2초 안에 끝나지 않아 멈췄습니다"):
        run_bounded(command, 2, "시험 빌드")
    assert time.monotonic() - start < 15
    child = int(marker.read_text())
    time.sleep(0.5)
    assert not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]
    assert run_bounded(["true"], 10, "시험 빌드") == 0


def test_a_terminated_build_takes_its_sphinx_with_it(tmp_path: Path) -> None:
    """Sphinx runs in a process group of its own (for the time limit), so it would not get a signal
    sent to the build: ending the build (SIGTERM) must end it too."""
    marker = tmp_path / "child.pid"
    code = ("import sys; from tutor.site import run_bounded; "
            f"run_bounded(['bash', '-c', 'echo $$ > {marker}; sleep 120'], 100, 'x')")
    build = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(ROOT)})
    for _ in range(200):
        if marker.is_file() and marker.read_text().strip():
            break
        time.sleep(0.1)
    build.terminate()
    assert build.wait(timeout=20) == 143
    child = int(marker.read_text())
    time.sleep(0.5)
    assert not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]
