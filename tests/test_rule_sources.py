"""Every rule section names its source (issue 35): the rulebook's lines, a card's text, a reference file,
or our reading with its reason; and every cited place exists and speaks of the section's subject."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tutor import site

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


def _built_page(html: Path, section) -> str:
    page = html / f"{section.page}.html"
    if not page.is_file():
        pytest.skip(f"the site is not built ({page})")
    return page.read_text(encoding="utf-8")


def test_the_built_page_shows_each_section_source_under_its_heading():
    """Checked over the last build (docs/_build/html), when there is one."""
    html = site.HTML
    if not (html / "index.html").is_file():
        pytest.skip("the site is not built")
    problems = []
    for rule, section in SECTIONS.items():
        text = _built_page(html, section)
        anchor = rule.replace(".", "-")
        at = text.find(f'id="{anchor}"')
        if at < 0:
            problems.append(f"{rule}: no section #{anchor} on {section.page}")
            continue
        heading_end = re.compile(r"</h[1-6]>").search(text, at)
        after = text[heading_end.end():heading_end.end() + 200] if heading_end else ""
        if 'class="rule-source"' not in after or "출처:" not in text[heading_end.end():heading_end.end() + 400]:
            problems.append(f"{rule}: no 출처 line right under the heading on {section.page}")
    assert problems == [], problems[:10]


def test_the_built_page_names_the_rulebook_and_its_place_without_copying_it():
    html = site.HTML
    if not (html / "index.html").is_file():
        pytest.skip("the site is not built")
    text = _built_page(html, SECTIONS["dominion.turn.buy"])
    start = text.find('id="dominion-turn-buy"')
    line = text[text.find('<p class="rule-source">', start):]
    line = line[:line.find("</p>")]
    assert "출처:</span> 도미니언 규칙서, ‘2. 구입 단계’" in line
    assert "구입 단계가 되면 공급처에서" not in text  # the rulebook's sentences are cited, never copied
