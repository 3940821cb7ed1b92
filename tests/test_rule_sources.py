"""Every rule section names its source (issue 35): the rulebook's lines, a card's text, a reference file,
or our reading with its reason; and every cited place exists and speaks of the section's subject."""
from __future__ import annotations

import re

import pytest
import yaml

from tutor.rules import defined_sections
from tutor.sources import KINDS, REFERENCE, SEEDS, load_sources, mentions, source_files

SECTIONS = defined_sections()
SOURCES = load_sources()
CITED = [(rule, i, c) for rule, cs in SOURCES.items() for i, c in enumerate(cs) if c.file]


def test_every_rule_section_has_a_source():
    missing = sorted(set(SECTIONS) - set(SOURCES))
    assert not missing, f"rule sections without a source in tutor/sources/*.yaml: {missing}"


def test_no_source_for_an_undefined_section():
    unknown = sorted(set(SOURCES) - set(SECTIONS))
    assert not unknown, f"sources for ids the docs do not define: {unknown}"


def test_each_file_holds_its_own_games_ids():
    for path in source_files():
        game = path.stem
        for rule in yaml.safe_load(path.read_text(encoding="utf-8")):
            assert SECTIONS.get(rule) is None or SECTIONS[rule].game == game, f"{rule} is in {path.name}"


def test_every_entry_is_a_citation_or_a_reason():
    for rule, citations in SOURCES.items():
        assert citations, f"{rule}: an empty list of sources"
        for c in citations:
            assert c.kind in KINDS
            assert c.text.strip(), rule
            if c.kind in ("reading", "ours"):
                assert re.search(r"[가-힣]", c.text), f"{rule}: the reason is not in Korean: {c.text}"
            else:
                assert 1 <= len(c.about) <= 3, f"{rule}: 1–3 words of `about`, not {c.about}"
                start, end = c.lines
                assert 1 <= start <= end, f"{rule}: lines {c.lines}"


def test_a_rule_section_cites_something_besides_a_site_note():
    """Only sections about the site's own tools (notation, facts, options) may say nothing but `ours`."""
    tools = re.compile(r"\.(notation|facts|options|map-data)(\.|$)")
    for rule, citations in SOURCES.items():
        if all(c.kind == "ours" for c in citations):
            assert tools.search(rule), f"{rule} is a rule section: cite the rulebook or give a reading"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not here")
@pytest.mark.parametrize("rule,index,c", CITED, ids=[f"{r}#{i}" for r, i, _ in CITED])
def test_cited_lines_exist_and_speak_of_the_subject(rule, index, c):
    folder = REFERENCE if c.kind == "reference" else SEEDS
    if c.kind == "reference" and not folder.is_dir():
        pytest.skip("the reference files are not here")
    assert c.path.is_file(), f"{rule}: no file {c.path}"
    words = c.words()
    assert words is not None, f"{rule}: {c.file} has no lines {c.lines}"
    for word in c.about:
        assert mentions(words, word), f"{rule}: lines {c.lines} of {c.file} do not say {word!r}"
    written = [line for line in words if line.strip()]
    assert len(written) <= 60, f"{rule}: cite the passage, not a chapter ({len(written)} lines)"
