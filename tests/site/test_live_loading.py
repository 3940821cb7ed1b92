"""What makes the in-page Sandbox quick to start and to make its first move: the browser wheel's JSON
copies of the engines' data, the warm-up a page runs while the reader reads, and the service worker
that keeps Python's files in Cache Storage (tutor.livesite, tutor.warmup, engines.core.data)."""
import hashlib
import json
import re
from pathlib import Path

import yaml

from engines.core import get_game
from engines.core.data import load_data
from tutor.livesite import _json_twins, write_service_worker
from tutor.warmup import warm_up
from tutor.widgets.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]


def test_json_twins_hold_exactly_the_yaml_data():
    files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "engines").rglob("*.yaml")}
    twins = _json_twins(files)
    assert "engines/through_the_ages/cards/age_1.yaml.json" in twins  # the slow one in the browser
    for name, text in twins.items():
        assert json.loads(text) == yaml.safe_load(files[name.removesuffix(".json")]), name


def test_load_data_prefers_a_json_twin(tmp_path, monkeypatch):
    package = tmp_path / "twin_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cards.yaml").write_text("이름: 야믈\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_data("twin_pkg", "cards.yaml") == {"이름": "야믈"}
    load_data.cache_clear()
    (package / "cards.yaml.json").write_text('{"이름": "제이슨"}', encoding="utf-8")
    assert load_data("twin_pkg", "cards.yaml") == {"이름": "제이슨"}
    load_data.cache_clear()


WARMED = ["dominion/chapel", "carta_impera_victoria/culture", "through_the_ages/2015-card-row",
          "history_of_the_world/boost-timing"]


def test_warm_up_runs_for_each_game_and_leaves_the_readers_position_alone():
    for name in WARMED:
        sandbox = Sandbox.builtin(name)
        game = get_game(sandbox.game_id)
        before = game.to_json(sandbox.state)
        warm_up(sandbox.game_id, sandbox.position)
        assert game.to_json(sandbox.state) == before and not sandbox.session.moves, name


def test_service_worker_holds_the_hash_of_every_file_and_is_versioned_by_their_content(tmp_path):
    html = tmp_path / "html"
    pyodide = html / "lite" / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]:
        (pyodide / name).write_bytes(name.encode())
    from tutor import livesite

    wheels = html / "_static" / "vendor" / "live" / "0123456789abcdef"
    wheels.mkdir(parents=True)
    for wheel in livesite.live_wheels(livesite.LIVE):
        (wheels / wheel.name).write_bytes(b"wheel")
    unzip = html / livesite.UNZIP.relative_to(livesite.ROOT / "docs")
    unzip.parent.mkdir(parents=True)
    unzip.write_bytes(b"unzip")
    (html / "index.html").write_text("<p>첫 쪽</p>", encoding="utf-8")
    first = write_service_worker(html).read_text(encoding="utf-8")

    def table(name: str, text: str) -> dict[str, str]:
        return json.loads(re.search(rf"const {name} = new Map\(Object\.entries\((\{{.*?\}})\)", text, re.S).group(1))

    files, site = table("FILES", first), table("SITE", first)
    assert "lite/static/pyodide/pyodide.asm.wasm" in files and all((html / f).is_file() for f in files)
    assert any(f.endswith(".whl") and "/0123456789abcdef/" in f for f in files)
    assert "_static/vendor/unzip/unzip.js" in files  # Python cannot start without it
    for path, digest in {**files, **site}.items():  # what the worker checks a cached copy against
        assert digest == hashlib.sha256((html / path).read_bytes()).hexdigest(), path
    assert "index.html" in site and "rulebook-sw.js" not in site and not set(files) & set(site)
    (pyodide / "pyodide.asm.wasm").write_bytes(b"another Pyodide")
    second = write_service_worker(html).read_text(encoding="utf-8")
    version = re.compile(r'const CACHE = "(rulebook-live-[0-9a-f]+)"')
    assert version.search(first).group(1) != version.search(second).group(1)
