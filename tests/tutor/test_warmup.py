"""What the build's memory snapshot holds after ``warm_games`` and ``warm_questions``: a page's warm-up (or
the workbench's first question) then imports and compiles nothing, so a reader's first move does not pay
Python's first-call costs (tutor.warmup, scripts/make-snapshot.mjs); in the browser these cost a first
move 100-200 ms, and the workbench's first check 0.7 s."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tutor.widgets import Sandbox

ROOT = Path(__file__).resolve().parents[2]
# The snapshot's own start: boot.js's IMPORTS, then make-snapshot.mjs's warm-up line.
BOOT = (ROOT / "docs" / "_static" / "live" / "boot.js").read_text(encoding="utf-8")
IMPORTS = re.search(r"const IMPORTS = `(.*?)`;", BOOT, re.S).group(1)
SNAPSHOT_WARM = re.search(r'runPython\("(import tutor\.warmup;[^"]*)"\)',
                          (ROOT / "scripts" / "make-snapshot.mjs").read_text(encoding="utf-8")).group(1)
PAGES = ["dominion/chapel", "carta_impera_victoria/culture", "through_the_ages/2015-card-row",
         "history_of_the_world/fortify"]

PROBE = """
import builtins, json, sys
{imports}
{warm}
from tutor.warmup import warm_up
positions = json.loads(sys.stdin.read())
loaded, compiled, compile = set(sys.modules), [], builtins.compile
builtins.compile = lambda source, *args, **kwargs: compiled.append(args[0]) or compile(source, *args, **kwargs)
for game_id, position in positions:
    warm_up(game_id, position)
builtins.compile = compile
print(json.dumps([sorted(set(sys.modules) - loaded), compiled]))
"""


def test_after_the_snapshots_warm_up_a_pages_warm_up_imports_and_compiles_nothing():
    positions = [[s.game_id, s.position] for s in map(Sandbox.builtin, PAGES)]
    code = PROBE.format(imports=IMPORTS, warm=SNAPSHOT_WARM)
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(positions), capture_output=True,
                          text=True, timeout=120, cwd=ROOT, check=True)
    assert json.loads(done.stdout) == [[], []]


def test_without_it_the_first_warm_up_imports_a_view_and_compiles_type_hints():
    """The check above can fail: a fresh Python imports a game's view and reads its state's hints."""
    positions = [[s.game_id, s.position] for s in map(Sandbox.builtin, PAGES[-1:])]
    code = PROBE.format(imports=IMPORTS, warm="")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(positions), capture_output=True,
                          text=True, timeout=120, cwd=ROOT, check=True)
    modules, compiled = json.loads(done.stdout)
    assert "tutor.views.history_of_the_world" in modules and compiled


QUESTION = """
import json, sys
{imports}
{warm}
from tutor import board_editor, workbench
loaded = set(sys.modules)
for game in ["dominion", "through_the_ages"]:
    text = workbench.new_scenario(game, json.dumps(["윤주", "민호"]), "{{}}")
    assert json.loads(workbench.run(text))["ok"]
    workbench.form(text), workbench.at_step(0), board_editor.spec(text)
print(json.dumps(sorted(set(sys.modules) - loaded)))
"""


def question_imports(warm: str) -> list[str]:
    code = QUESTION.format(imports=IMPORTS, warm=warm)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
    return json.loads(done.stdout)


def test_after_the_snapshots_warm_up_the_workbenchs_first_question_imports_nothing():
    """The workbench checks a question's schema with jsonschema: the snapshot holds it, imported and used."""
    assert question_imports(SNAPSHOT_WARM) == []


def test_without_warm_questions_the_first_question_imports_the_schema_checker():
    assert "jsonschema" in question_imports("import tutor.warmup; tutor.warmup.warm_games()")
