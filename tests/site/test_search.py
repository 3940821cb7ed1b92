"""Korean search: words are indexed without particles and by their 2+-syllable prefixes."""
import json
import re

from tutor.site import DOCS

from korean_search import index_forms, strip_suffix


def test_particles_and_endings_are_stripped():
    assert strip_suffix("인구를") == "인구"
    assert strip_suffix("땅을") == "땅"
    assert strip_suffix("승리합니다") == "승리"
    assert strip_suffix("제국에서") == "제국"
    assert strip_suffix("가") is None  # nothing would remain
    assert strip_suffix("Dominion") is None


def test_index_forms_hold_the_word_its_prefixes_and_its_stem():
    assert index_forms("인구를") == ["인구를", "인구"]
    assert index_forms("문화유산") == ["문화유산", "문화", "문화유"]
    assert index_forms("땅을") == ["땅을", "땅"]
    assert index_forms("buy") == ["buy"]


def _index(site):
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(re.fullmatch(r"Search\.setIndex\((.*)\)\s*", text, re.S).group(1))


def _pages(index, term):
    hits = index["terms"].get(term, [])
    hits = [hits] if isinstance(hits, int) else hits
    titles = index["titleterms"].get(term, [])
    titles = [titles] if isinstance(titles, int) else titles
    return {index["docnames"][i] for i in [*hits, *titles]}


def test_searching_a_bare_noun_finds_pages_that_only_use_it_with_particles(site):
    index = _index(site)
    found = _pages(index, "인구")
    # pages whose text has 인구 only glued to a particle or another word (인구를, 인구가 …)
    glued = {page.relative_to(DOCS).with_suffix("").as_posix() for page in DOCS.glob("*/*.md")
             if page.name != "glossary.md" and re.search(r"인구\w", page.read_text(encoding="utf-8"))}
    assert glued, "no docs page talks about 인구"
    assert glued <= found
    assert "through_the_ages/round2" in found  # the population rules of the simple game


def test_the_search_language_is_korean(site):
    index = _index(site)
    assert (site / "_static" / "language_data.js").read_text(encoding="utf-8").count("hangul") >= 1
    assert index["envversion"]  # a real index
