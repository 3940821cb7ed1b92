"""Korean on the built site: a particle after a link or code fits the text the reader sees there (a
{doc} link shows the page's title, not what the author typed), no "을(를)" fallback anywhere, and the
ScenarioPlayer's sentences (narration, move descriptions, messages) have no empty names."""
import html
import json
import re

from .korean_text import PARTICLES, _END, fallbacks, orphans, wrong_particle

# An inline element whose text a particle may follow: links (doc, ref, term), code, emphasis.
_INLINE = re.compile(r"<(a|code|em|strong)\b[^>]*>((?:(?!</?\1\b).)*)</\1>(" + "|".join(PARTICLES) + ")" + _END, re.S)
_WIDGET_STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)
_SHOWN_FIELDS = ("say", "description", "message", "title")


def _plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _main(page: str) -> str:
    """The page without its scripts (widget state, search data) and styles."""
    return re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)


def particle_problems(page: str) -> list[str]:
    problems = []
    for m in _INLINE.finditer(_main(page)):
        word = _plain(m.group(2)).strip()
        right = wrong_particle(word, m.group(3))
        if right:
            problems.append(f"{word}{m.group(3)} (should be {word}{right})")
    return problems


def _shown_strings(value, key=""):
    """The strings of a widget's state that the player shows as sentences."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _shown_strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _shown_strings(v, key)
    elif isinstance(value, str) and key in _SHOWN_FIELDS:
        yield value


def widget_problems(page: str) -> list[str]:
    problems = []
    for block in _WIDGET_STATE.findall(page):
        for text in set(_shown_strings(json.loads(block))):
            problems += fallbacks(text) + orphans(text)
    return problems


def test_the_checks_find_the_known_kinds():
    assert particle_problems('<a href="g.html"><span class="doc">용어집</span></a>와 규칙') \
        == ["용어집와 (should be 용어집과)"]
    assert particle_problems('<a href="c.html"><span>1판 카드</span></a>을 펴') == ["1판 카드을 (should be 1판 카드를)"]
    assert particle_problems('<a href="e.html">턴 진행 예시</a>과 함께') == ["턴 진행 예시과 (should be 턴 진행 예시와)"]
    assert particle_problems('<a href="e.html">예시</a>와 <code>grow</code>로 <a>3</a>으로') == []
    state = {"steps": [{"description": "윤주는 을(를) 하지 않습니다."}]}
    page = f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(state)}</script>'
    assert len(widget_problems(page)) == 2  # the fallback and the empty name before it


def _every_page(site, check) -> dict[str, list[str]]:
    problems = {}
    for path in sorted(site.rglob("*.html")):
        found = check(path.read_text(encoding="utf-8"))
        if found:
            problems[path.relative_to(site).as_posix()] = found
    return problems


def test_particles_after_links_and_code_fit_what_the_reader_sees(site):
    assert _every_page(site, particle_problems) == {}


def test_no_particle_fallback_on_any_page(site):
    assert _every_page(site, lambda page: fallbacks(_plain(_main(page)))) == {}


def test_scenario_players_show_whole_sentences(site):
    assert _every_page(site, widget_problems) == {}
