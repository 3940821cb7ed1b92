"""The scenario-format page (docs/guide/scenario-format.md) describes what the schema and limits enforce."""
import importlib
from pathlib import Path

import pytest

from engines.core import GAMES
from engines.core.protocol import MAX_MOVE_CHARS
from tutor import schema, yamlsource

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "guide" / "scenario-format.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_every_set_up_key_of_every_game_is_on_the_page(info):
    declared = importlib.import_module(f"{info.module}.setup_schema").SCHEMA
    keys = [*declared["properties"], *declared.get("$defs", {}).get("player", {}).get("properties", {})]
    missing = [key for key in keys if f"`{key}`" not in PAGE]
    assert not missing, f"{info.id}: set-up keys missing from the page: {missing}"


def test_the_limits_on_the_page_are_the_limits_in_the_code():
    assert f"{yamlsource.MAX_BYTES // 1024} KB까지" in PAGE
    assert f"{yamlsource.MAX_DEPTH}단계까지" in PAGE
    assert f"{yamlsource.MAX_VALUES:,}개" in PAGE
    assert f"±{yamlsource.MAX_INT:,}" in PAGE
    assert f"{MAX_MOVE_CHARS}자까지" in PAGE
    assert f"1~{schema.MAX_STEPS}단계" in PAGE


def test_the_exit_codes_on_the_page_match_the_command():
    from tutor.cli import EXIT_CODES
    for code in "0123":
        assert f"| {code} |" in PAGE and f"  {code}  " in EXIT_CODES
