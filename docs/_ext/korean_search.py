"""A Korean language for Sphinx's HTML search (Sphinx has none and would index Korean as English).

Results put the section that defines the searched term first (its title is the term, as in "공성"),
and each result names its game (see JS_RESULTS).

Korean attaches particles and endings to words (인구를, 승리합니다), so a plain split on spaces
indexes forms a reader never types. Besides each word this indexes every 2+-syllable prefix of a
Hangul word (인구를 → 인구) and the word without a trailing particle or common ending (땅을 → 땅).
The query side strips the same suffixes (see JS_STEMMER for when).
"""
from __future__ import annotations

import json
import re

from sphinx.application import Sphinx
from sphinx.search import SearchLanguage

from engines.core import GAMES

HANGUL = re.compile(r"^[\uac00-\ud7a3]+$")

# Particles and common predicate endings, longest first so 에서 wins over 서.
SUFFIXES = sorted({
    "은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도", "만", "랑", "나",
    "에서", "에게", "으로", "부터", "까지", "마다", "보다", "처럼", "만큼", "이나", "이랑", "께서",
    "한테", "라는", "라고", "과는", "와는", "에는", "에도", "으로는", "에서는", "에서도", "에게는",
    "까지는", "부터는", "이라는", "이라고", "으로부터", "에서부터",
    "합니다", "입니다", "됩니다", "습니다", "하는", "하면", "하고", "한다", "해야", "하여", "해서",
    "했다", "된다", "되는", "되면", "이다", "이며", "하지", "할", "한", "된", "될",
}, key=len, reverse=True)


def strip_suffix(word: str) -> str | None:
    """The word without its trailing particle or ending, if it has one and something remains."""
    if not HANGUL.match(word):
        return None
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            return word[: -len(suffix)]
    return None


def index_forms(word: str) -> list[str]:
    """The word, its 2+-syllable prefixes (Hangul words only) and its form without a particle."""
    forms = [word]
    if HANGUL.match(word):
        forms += [word[:n] for n in range(2, len(word))]
        stripped = strip_suffix(word)
        if stripped:
            forms.append(stripped)
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


# Sphinx's scorer with one change: a section whose title is the query itself (after its number, as in
# "18. 공성"), also when typed with a particle (공성을), gets the top score, above the glossary's index
# entry and the pages that mention it. Sphinx matches titles against the query as typed, so a one-word
# query is handed to that match without its particle (language_data.js loads after searchtools.js).
JS_SCORER = """
var Scorer = {
  score: function (result) {
    var query = (new URLSearchParams(window.location.search).get("q") || "").trim().toLowerCase();
    var stem = new Stemmer().stemWord(query);
    var section = result[1].split(" > ").pop().replace(/^[0-9][0-9.\\-]*\\s*/, "").trim().toLowerCase();
    return result[6] === "title" && query && (section === query || section === stem) ? 1000 : result[4];
  },
  objNameMatch: 11, objPartialMatch: 6, objPrio: {0: 15, 1: 5, 2: -5}, objPrioDefault: 0,
  title: 15, partialTitle: 7, term: 5, partialTerm: 2
};
if (typeof Search !== "undefined") {
  var parseQuery = Search._parseQuery;
  Search._parseQuery = function (query) {
    var parsed = parseQuery(query);
    var words = query.trim().toLowerCase().split(/\\s+/);
    if (words.length === 1 && words[0]) parsed[0] = new Stemmer().stemWord(words[0]);
    return parsed;
  };
}
"""

# Each result gets the name of its game (or 안내 for the site's own pages) in front of its title.
JS_RESULTS = """
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
    new MutationObserver(function () {
      results.querySelectorAll("ul.search > li").forEach(mark);
    }).observe(results, {childList: true, subtree: true});
  });
})();
"""


class SearchKorean(SearchLanguage):
    lang = "ko"
    language_name = "Korean"
    js_stemmer_code = (JS_STEMMER % ("[" + ", ".join(f'"{s}"' for s in SUFFIXES) + "]") + JS_SCORER
                       + JS_RESULTS % json.dumps({info.id: info.title for info in GAMES}, ensure_ascii=False))

    def split(self, input: str) -> list[str]:
        return [form for word in super().split(input) for form in index_forms(word)]


def setup(app: Sphinx) -> dict:
    app.add_search_language(SearchKorean)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
