"""Anchors a teacher can link to: Korean headings and glossary terms get ids made from their text
(#수업-준비-체크리스트, #term-공성), not numbers that shift when a page changes (#id6, #term-66)."""
import re

from korean_anchors import slug


def test_slug_keeps_hangul_digits_and_latin_letters():
    assert slug("6-7. 승점 획득") == "6-7-승점-획득"
    assert slug("우연 (chance)") == "우연-chance"
    assert slug("행동 (도미니언)") == "행동-도미니언"


def test_no_section_or_term_has_a_numbered_anchor(site):
    numbered = {}
    for path in sorted(site.rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        found = re.findall(r'<section id="(id\d+)"', page) + re.findall(r'<dt id="(term-\d+)"', page)
        if found:
            numbered[path.relative_to(site).as_posix()] = found
    assert numbered == {}


def test_glossary_terms_are_linked_by_their_names(site):
    glossary = (site / "glossary.html").read_text(encoding="utf-8")
    assert 'id="term-공성-세계의-역사"' in glossary  # the term 공성 (세계의 역사)
    ids = set(re.findall(r'<dt id="([^"]+)"', glossary))
    assert len(ids) > 50
    links = set()
    for path in site.rglob("*.html"):
        links |= set(re.findall(r'href="(?:\.\./)*glossary\.html#([^"]+)"', path.read_text(encoding="utf-8")))
    assert links, "no page links a glossary term"
    assert links <= ids  # every {term} link lands on a term


def test_the_old_numbered_anchor_still_lands(site):
    """A link made before (#id6) keeps working: the numbered id stays on the section as a second anchor."""
    teachers = (site / "guide" / "teachers.html").read_text(encoding="utf-8")
    assert '<section id="수업-준비-체크리스트">' in teachers
    assert re.search(r'<section id="수업-준비-체크리스트">\s*<span id="id\d+"></span>', teachers)
