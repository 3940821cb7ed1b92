"""A Korean language for Sphinx's HTML search (Sphinx has none and would index Korean as English).

Results put the section that defines the searched term first: the section the glossary's entry for
the term links to, else a section whose title is the term (as in "공성"). A word players use for a term
(부패 for the site's 자원 낭비) is searched as the term: the glossary lists such words after "다른 이름:"
(see glossary_terms). Each result names its game (see JS_RESULTS).

Korean attaches particles and endings to words (인구를, 승리합니다), so a plain split on spaces
indexes forms a reader never types. Besides each word this indexes every 2+-syllable prefix of a
Hangul word (인구를 → 인구) and the word without a trailing particle or common ending (땅을 → 땅).
The query side strips the same suffixes (see JS_STEMMER for when).

Readers type terms without their spaces (자원낭비 for 자원 낭비, 3더미 for "더미 3개"). The index also
holds each glossary term of several words written together, wherever the text has the term (see
joined_forms), and a count glued to its noun (3 더미, 더미 3개 → 3더미); the search page reads a glossary
term typed together as the term (RB_JOINED) and splits any other word typed together that the index does
not hold into two words it does (자원낭비 → 자원 낭비; see JS_SCORER's rbSplit).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.search import SearchLanguage

from engines.core import GAMES
from engines.core.korean import HANGUL, SUFFIXES, josa, strip_suffix

def index_forms(word: str) -> list[str]:
    """The word, its 2+-syllable prefixes (Hangul words only) and its form without a particle."""
    forms = [word]
    if HANGUL.match(word):
        forms += [word[:n] for n in range(2, len(word))]
        stripped = strip_suffix(word)
        if stripped:
            forms.append(stripped)
    return list(dict.fromkeys(forms))


SPACED_TERMS: list[tuple[str, ...]] = []  # the glossary's terms of several words (set up by setup)
COUNT_BEFORE = re.compile(r"(?<![\w.])(\d{1,2}) ?([\uac00-\ud7a3]{1,4})(?![\uac00-\ud7a3])")
COUNT_AFTER = re.compile(r"(?<![\w])([\uac00-\ud7a3]{1,4}) (\d{1,2}) ?개")


def joined_forms(text: str) -> list[str]:
    """Forms a reader types without spaces: each glossary term of several words that ``text`` holds,
    written together (자원 낭비 → 자원낭비), and a count glued to its noun (3 더미, 더미 3개 → 3더미)."""
    words = [word.lower() for word in re.findall(r"\w+", text)]
    stems = [strip_suffix(word) or word for word in words]
    forms = []
    for term in SPACED_TERMS:
        n = len(term)
        if any(tuple(words[i:i + n - 1]) == term[:-1] and term[-1] in (words[i + n - 1], stems[i + n - 1])
               for i in range(len(words) - n + 1)):
            forms.append("".join(term))
    for count, noun in COUNT_BEFORE.findall(text):
        noun = strip_suffix(noun) or noun
        if noun != "개":  # 3개가: the noun comes before the count (COUNT_AFTER)
            forms.append(count + noun)
    for noun, count in COUNT_AFTER.findall(text):
        forms.append(count + noun)
    return list(dict.fromkeys(forms))


JS_STEMMER = """
var Stemmer = function () {
  var suffixes = %s;
  var hangul = /^[\\uac00-\\ud7a3]+$/;
  var known = function (w) {
    var index = (typeof Search !== "undefined" && Search._index) || null;
    return !index || Object.prototype.hasOwnProperty.call(index.terms, w) ||
      Object.prototype.hasOwnProperty.call(index.titleterms, w);
  };
  // Drop a trailing particle or ending (인구가 → 인구). A stem of 2+ syllables is always safe: every
  // page with the full word has it indexed as a prefix. A 1-syllable stem (땅을 → 땅) is used only
  // when the typed form itself is not in the index, so 사과 is not searched as 사.
  this.stemWord = function (w) {
    if (!hangul.test(w)) return w;
    for (var i = 0; i < suffixes.length; i++) {
      var s = suffixes[i];
      if (w.length > s.length && w.slice(-s.length) === s) {
        var stem = w.slice(0, -s.length);
        if (stem.length >= 2 || !known(w)) return stem;
      }
    }
    return w;
  };
};
"""


# Sphinx's scorer with two changes. The section the glossary names for the query's term (RB_DEFINED)
# gets the top score; a section whose title is the term itself (after its number, as in "18. 공성"),
# also when typed with a particle (공성을), comes next; both above the glossary's index entry and the
# pages that mention the term. A word players use (RB_SYNONYMS: 부패) is searched as the site's term
# (자원 낭비). Sphinx matches titles against the query as typed, so a one-word query is handed to that
# match without its particle (language_data.js loads after searchtools.js).
JS_SCORER = """
var rbQuery = function () {
  return (new URLSearchParams(window.location.search).get("q") || "").trim().toLowerCase();
};
// A glossary term typed without its spaces (자원낭비, also with a particle) is the term (자원 낭비).
var rbJoined = function (query) {
  return RB_JOINED[query] || RB_JOINED[new Stemmer().stemWord(query)] || query;
};
var rbKnown = function (w) {
  var index = (typeof Search !== "undefined" && Search._index) || null;
  return !!index && (Object.prototype.hasOwnProperty.call(index.terms, w) ||
    Object.prototype.hasOwnProperty.call(index.titleterms, w));
};
// A Hangul word typed together that the index does not hold, split where both halves are words it holds
// (2+ syllables each, the second maybe with a particle): 문화점수 → 문화 점수. A count glued to a noun
// the index does not hold as one (5코인) keeps the noun.
var rbSplit = function (query) {
  var stemmer = new Stemmer();
  return query.split(/\\s+/).map(function (w) {
    if (!/[\\uac00-\\ud7a3]/.test(w) || rbKnown(w) || rbKnown(stemmer.stemWord(w))) return w;
    var bare = w.replace(/^[0-9]+(?=[\\uac00-\\ud7a3])/, "");
    if (bare !== w && (rbKnown(bare) || rbKnown(stemmer.stemWord(bare)))) return bare;
    if (!/^[\\uac00-\\ud7a3]+$/.test(bare)) return w;
    for (var i = 2; i <= bare.length - 2; i++) {
      var head = bare.slice(0, i), tail = bare.slice(i);
      if (rbKnown(head) && (rbKnown(tail) || rbKnown(stemmer.stemWord(tail)))) return head + " " + tail;
    }
    return w;
  }).join(" ");
};
var rbTerm = function (query) {
  query = rbJoined(query);
  var stem = new Stemmer().stemWord(query);
  return RB_SYNONYMS[query] || RB_SYNONYMS[stem] || (query.indexOf(" ") < 0 ? stem : query);
};
var Scorer = {
  score: function (result) {
    var query = rbQuery();
    if (!query) return result[4];
    var term = rbTerm(query), defined = RB_DEFINED[term] || [];
    var section = result[1].split(" > ").pop().replace(/^[0-9][0-9.\\-]*\\s*/, "").trim().toLowerCase();
    var titled = result[6] === "title" && (section === query || section === term);
    // a section titled by the term inside the glossary's section (공성 in 8. 전투) is the more precise
    if (titled && defined.some(function (d) { return d.split("#")[0] === result[0]; })) return 1002;
    if (defined.indexOf(result[0] + result[2]) >= 0) return 1001;
    return titled ? 1000 : result[4];
  },
  objNameMatch: 11, objPartialMatch: 6, objPrio: {0: 15, 1: 5, 2: -5}, objPrioDefault: 0,
  title: 15, partialTitle: 7, term: 5, partialTerm: 2
};
// A result's summary is the page's prose: code, notebook cells and their output, widgets, the
// where-you-are line, search forms and other menus are taken out before Sphinx cuts its excerpt.
var RB_NOT_PROSE = [".headerlink", "script", "style", "pre", "div.highlight", ".cell_input", ".cell_output",
  ".output", "nav", "form", "search", "button", ".rb-where", ".rb-top-search", ".rb-live-link",
  ".related-pages", ".rule-source", ".jupyter-widgets", "[data-rulebook-live]", "details.rb-scenario-note"].join(", ");
var rbProse = function (htmlString, anchor) {
  var doc = new DOMParser().parseFromString(htmlString, "text/html");
  doc.querySelectorAll(RB_NOT_PROSE).forEach(function (el) { el.remove(); });
  var main = doc.querySelector('[role="main"]'), part = null;
  if (!main) return "";
  try { part = anchor ? main.querySelector(anchor) : null; } catch (error) { part = null; }  // a label that is no selector
  return (part || main).textContent.replace(/\\s+/g, " ");
};
if (typeof Search !== "undefined") {
  Search.htmlToText = rbProse;
  var parseQuery = Search._parseQuery;
  Search._parseQuery = function (query) {
    var lower = query.trim().toLowerCase(), term = rbTerm(lower);
    // a player's word or a term typed together: the term; else words typed together, split
    var parsed = parseQuery(term !== new Stemmer().stemWord(lower) ? term : rbSplit(query));
    if (term && term.indexOf(" ") < 0) parsed[0] = term;
    return parsed;
  };
  // The sections the glossary names for the term are results even when the query is not their title.
  var termsSearch = Search.performTermsSearch;
  Search.performTermsSearch = function (searchTerms, excludedTerms) {
    var results = termsSearch(searchTerms, excludedTerms), index = Search._index;
    (RB_DEFINED[rbTerm(rbQuery())] || []).forEach(function (target) {
      var doc = target.split("#")[0], anchor = target.split("#")[1], file = index.docnames.indexOf(doc);
      if (file < 0) return;
      var title = index.titles[file];
      Object.keys(index.alltitles).forEach(function (name) {
        index.alltitles[name].forEach(function (found) {
          if (found[0] === file && found[1] === anchor && name !== title) title = index.titles[file] + " > " + name;
        });
      });
      results.push([doc, title, "#" + anchor, null, 0, index.filenames[file], "title"]);
    });
    return results;
  };
}
"""

# Each result gets the name of its game (or 안내 for the site's own pages) in front of its title. Opened
# from a file (file://, a USB stick) the browser may not read other pages, so results go without the
# summary Sphinx would fetch from each page (instead of one error per result).
JS_RESULTS = """
if (location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
  DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
}
(function () {
  var games = %s;
  var label = function (href) {
    var parts = href.split("#")[0].split("/");
    if (parts[0] === "notebooks") parts = parts.slice(1);
    return games[parts[0]] || "안내";
  };
  var mark = function (item) {
    var link = item.querySelector("a");
    if (!link || item.querySelector(".rb-search-game")) return;
    var tag = document.createElement("span");
    tag.className = "rb-search-game";
    tag.textContent = label(link.getAttribute("href"));
    item.insertBefore(tag, item.firstChild);
  };
  document.addEventListener("DOMContentLoaded", function () {
    var results = document.getElementById("search-results");
    if (!results) return;
    var query = rbJoined(rbQuery()), term = query && RB_SYNONYMS[query] || RB_SYNONYMS[new Stemmer().stemWord(query)];
    new MutationObserver(function () {
      results.querySelectorAll("ul.search > li").forEach(mark);
      var list = results.querySelector("ul.search");
      if (term && list && !results.querySelector(".rb-search-synonym")) {  // say which word was searched
        var note = document.createElement("p");
        note.className = "rb-search-synonym";
        note.textContent = RB_NOTES[term];
        list.parentNode.insertBefore(note, list);
      }
    }).observe(results, {childList: true, subtree: true});
  });
})();
"""


class Term(NamedTuple):
    term: str  # as the site writes it, without the game in parentheses: 자원 낭비
    other_names: list[str]  # words players use for it: 부패
    rule: str | None  # the label of the rule section that defines it: tta.advanced.corruption


OTHER_NAMES = re.compile(r"다른 이름: ([^.\n]+)\.")
REF = re.compile(r"\{ref\}`(?:[^`<]*<)?([\w.:-]+)>?`")


def glossary_terms(docs: Path) -> list[Term]:
    """Every entry of the site's glossaries (docs/glossary.md and each game's docs/<game>/glossary.md)."""
    terms = []
    for path in [docs / "glossary.md", *sorted(docs.glob("*/glossary.md"))]:
        for block in re.findall(r"```\{glossary\}\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S):
            for entry in re.split(r"\n(?=\S)", block.strip()):
                name, _, definition = entry.partition("\n")
                others = OTHER_NAMES.search(definition)
                rule = REF.search(definition)
                terms.append(Term(re.sub(r"\s*\([^)]*\)$", "", name.strip()),
                                  [re.sub(r"\(.*?\)", "", n).strip() for n in others.group(1).split(",")] if others else [],
                                  rule.group(1) if rule else None))
    return terms


JS_TERMS = "var RB_SYNONYMS = %s;\nvar RB_DEFINED = %s;\nvar RB_NOTES = %s;\nvar RB_JOINED = %s;\n"
JS_BASE = (JS_STEMMER % ("[" + ", ".join(f'"{s}"' for s in SUFFIXES) + "]") + JS_SCORER
           + JS_RESULTS % json.dumps({info.id: info.title for info in GAMES}, ensure_ascii=False))


class SearchKorean(SearchLanguage):
    lang = "ko"
    language_name = "Korean"
    js_stemmer_code = JS_TERMS % ("{}", "{}", "{}", "{}") + JS_BASE  # the glossary's words are added by search_terms

    def split(self, input: str) -> list[str]:
        return [form for word in super().split(input) for form in index_forms(word)] + joined_forms(input)


def search_terms(app: Sphinx, env: BuildEnvironment) -> None:
    """Hand the glossary's words to the search page: other name → term, term → its defining sections,
    term → the note above the results that says the term was searched for."""
    labels = env.domains.standard_domain.labels
    synonyms, defined, notes, joined = {}, {}, {}, {}
    for term in glossary_terms(Path(app.srcdir)):
        key = term.term.lower()
        if " " in key:
            joined[key.replace(" ", "")] = key
        synonyms.update({name.lower(): key for name in term.other_names})
        if term.other_names:
            particle = josa(term.term, "으로")[len(term.term):]
            notes[key] = f"이 사이트의 용어 ‘{term.term}’{particle} 찾은 결과입니다 ({', '.join(term.other_names)} → {term.term})."
        if term.rule in labels:
            docname, anchor, _ = labels[term.rule]
            defined.setdefault(key, []).append(f"{docname}#{anchor}")
    SearchKorean.js_stemmer_code = JS_TERMS % tuple(json.dumps(data, ensure_ascii=False)
                                                    for data in (synonyms, defined, notes, joined)) + JS_BASE


def spaced_terms(docs: Path) -> list[tuple[str, ...]]:
    """The glossary's terms of several words (and their other names of several words), as word tuples."""
    names = {name for term in glossary_terms(docs) for name in [term.term, *term.other_names]}
    return sorted({tuple(re.findall(r"\w+", name.lower())) for name in names if len(re.findall(r"\w+", name)) > 1})


def setup(app: Sphinx) -> dict:
    SPACED_TERMS[:] = spaced_terms(Path(app.srcdir))
    app.add_search_language(SearchKorean)
    app.connect("env-updated", search_terms)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
