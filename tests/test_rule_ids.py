"""The rule-section spine: every cited id is defined in the docs; every defined id has a passing example."""
import functools

from engines.core import get_game
from engines.core.registry import GAMES
from tutor.replay import replay
from tutor.rules import ROOT, cited_in_notebook, cited_in_text, defined_sections, notebooks_dir, scenario_rules
from tutor.scenario import load_scenario


@functools.cache
def sections():
    return defined_sections()


def _engine_citations() -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in sorted((ROOT / "engines").rglob("*")):
        if path.suffix in (".py", ".yaml", ".yml", ".json"):
            for rule in cited_in_text(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, []).append(path.relative_to(ROOT).as_posix())
    return cited


def test_ids_cited_by_engines_are_defined():
    missing = {rule: files for rule, files in _engine_citations().items() if rule not in sections()}
    assert not missing, f"cited but not defined in docs/: {missing}"


def test_every_verb_names_a_defined_rule():
    missing = {f"{info.id} {verb}": v.rule for info in GAMES for verb, v in get_game(info.id).verbs.items()
               if v.rule not in sections()}
    assert not missing, f"verbs whose rule is missing or not defined in docs/: {missing}"


def test_ids_named_by_scenarios_are_defined():
    missing = {p.name: [r for r in rules if r not in sections()] for p, rules in scenario_rules().items()}
    assert not {k: v for k, v in missing.items() if v}, missing


def test_ids_cited_by_notebooks_are_defined():
    missing = {}
    for path in sorted(notebooks_dir().rglob("*.ipynb")):
        bad = [r for r in cited_in_notebook(path) if r not in sections()]
        if bad:
            missing[path.name] = bad
    assert not missing, missing


def test_every_defined_section_has_a_passing_scenario():
    covered: set[str] = set()
    for path, rules in scenario_rules().items():
        if replay(load_scenario(path)).ok:
            covered.update(rules)
    uncovered = sorted(set(sections()) - covered)
    assert not uncovered, f"sections without a validated example: {uncovered}"

