"""tutor.site.serve: the built site over http://127.0.0.1 (what `tutor docs` opens)."""
import socket
import subprocess
import sys
import time
import urllib.request


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_on_localhost(site):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", f"from tutor.site import serve; serve({str(site)!r}, port={port}, open_browser=False)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
        for _ in range(50):
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=5).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert "실행되는 규칙서" in page
    finally:
        server.terminate()
        server.wait(timeout=10)
