"""Korean search: words are indexed without particles and by their 2+-syllable prefixes; a word players
use is searched as the site's term, and the section that defines a term comes first."""
import json
import re

import pytest

from tutor.site import DOCS

import korean_search
from korean_search import glossary_terms, index_forms, joined_forms, spaced_terms, strip_suffix

from .test_browser import browser, page, server, wait_until  # noqa: F401 (fixtures)


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


def test_terms_typed_together_and_counts_glued_to_nouns_are_indexed(monkeypatch):
    monkeypatch.setattr(korean_search, "SPACED_TERMS", spaced_terms(DOCS))
    assert ("자원", "낭비") in korean_search.SPACED_TERMS
    assert joined_forms("남은 자원 낭비를 셉니다") == ["자원낭비"]  # also with a particle after the term
    assert joined_forms("아무 더미 3개가 바닥나면") == ["3더미"]
    assert joined_forms("3 더미를 셉니다") == ["3더미"]
    assert joined_forms("자원은 낭비하지 않습니다, 3개가 남고 1.5 배") == []  # not the term, no noun, a decimal


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


def test_the_glossary_gives_players_words_and_defining_sections():
    terms = {term.term: term for term in glossary_terms(DOCS)}
    assert terms["자원 낭비"].other_names == ["부패"]
    assert terms["자원 낭비"].rule == "tta.advanced.corruption"
    assert terms["전쟁"].rule == "tta.full.wars"
    assert "서플라이" in terms["공급처"].other_names
    games_with_other_names = {path.parent.name for path in DOCS.glob("*/glossary.md")
                              if "다른 이름:" in path.read_text(encoding="utf-8")}
    assert {"dominion", "through_the_ages"} <= games_with_other_names


def test_the_search_page_knows_the_glossarys_words(site):
    data = (site / "_static" / "language_data.js").read_text(encoding="utf-8")
    synonyms = json.loads(re.search(r"var RB_SYNONYMS = (\{.*?\});", data).group(1))
    defined = json.loads(re.search(r"var RB_DEFINED = (\{.*?\});", data).group(1))
    assert synonyms["부패"] == "자원 낭비"
    assert defined["전쟁"] == ["through_the_ages/military#tta-full-wars"]


def _first_results(page, server, query, count=5):
    page.goto(server + "search.html?q=" + query)
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20000)
    wait_until(page, "document.querySelector('#search-results p.search-summary') !== null")
    return [results.nth(i).locator("a").first.get_attribute("href") for i in range(min(results.count(), count))]


@pytest.mark.parametrize("query, first", [
    ("부패", "through_the_ages/advanced.html#tta-advanced-corruption"),  # the 2015 word for the site's 자원 낭비
    ("전쟁", "through_the_ages/military.html#tta-full-wars"),  # the full game's section before the 2015 page
    ("전쟁을", "through_the_ages/military.html#tta-full-wars"),
    ("공성", "history_of_the_world/invasion.html#공성"),  # its own section inside the glossary's (8. 전투)
])
def test_search_puts_the_defining_section_first(page, server, query, first):  # noqa: F811
    hrefs = _first_results(page, server, query)
    assert hrefs[0] == first, hrefs
    assert page.outside == [] and page.errors == []


def test_the_index_holds_terms_typed_together(site):
    index = _index(site)
    assert "through_the_ages/advanced" in _pages(index, "자원낭비")
    assert {"dominion/ending", "dominion/summary"} <= _pages(index, "3더미")


@pytest.mark.parametrize("query, first", [
    ("자원낭비", ("through_the_ages/advanced.html#tta-advanced-corruption",)),  # the glossary's 자원 낭비, typed together
    ("자원낭비를", ("through_the_ages/advanced.html#tta-advanced-corruption",)),
    ("3더미", ("dominion/", "notebooks/dominion/")),  # the game ends when 3 supply piles (더미 3개) are empty
    ("군사카드", ("through_the_ages/", "notebooks/through_the_ages/", "glossary")),  # two words the index holds
])
def test_words_typed_without_spaces_are_found(page, server, query, first):  # noqa: F811
    hrefs = _first_results(page, server, query, count=20)
    assert len(hrefs) >= 3 and hrefs[0].startswith(first), hrefs
    assert page.outside == [] and page.errors == []


def test_a_players_word_finds_the_sites_pages(page, server):  # noqa: F811
    hrefs = _first_results(page, server, "트래시", count=20)  # 폐기장
    assert len(hrefs) > 3 and all(href.startswith(("dominion/", "notebooks/dominion/", "glossary")) for href in hrefs[:3]), hrefs
    assert page.locator(".rb-search-synonym").inner_text() == "이 사이트의 용어 ‘폐기장’으로 찾은 결과입니다 (트래시 → 폐기장)."


def test_search_works_from_file_urls(browser, site):  # noqa: F811
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((site / "search.html").as_uri() + "?q=공성")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20000)
    wait_until(page, "document.querySelector('#search-results p.search-summary') !== null")
    assert results.count() > 3
    assert results.first.locator("a").first.get_attribute("href") == "history_of_the_world/invasion.html#공성"
    assert errors == []  # no page fetched for a summary
    page.close()


@pytest.mark.parametrize("query", ["해자", "인구"])
def test_result_summaries_are_prose(page, server, query):  # noqa: F811
    """A summary quotes the page's words, never its code, a notebook's cells or the site's menus."""
    page.goto(server + "search.html?q=" + query)
    page.locator("#search-results ul.search li").first.wait_for(timeout=20000)
    wait_until(page, "document.querySelectorAll('#search-results p.context').length >= 5")
    page.wait_for_load_state("networkidle")
    summaries = page.locator("#search-results p.context").all_inner_texts()
    assert len(summaries) >= 5 and any(query in s for s in summaries), summaries
    for text in summaries:
        for piece in ("ScenarioPlayer", "Sandbox(", "Exercise", ".builtin", "import ", "›", "다음:", "검색어", "출처:"):
            assert piece not in text, (piece, text)
    assert page.outside == [] and page.errors == []
