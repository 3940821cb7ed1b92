// First in every page's <head>, right after the Content-Security-Policy (a classic script: it runs before
// anything else is read). Two guards the policy itself cannot give:
//  - Framing. A <meta> policy cannot set frame-ancestors, so another site could show these pages in an
//    invisible frame and lead the reader's clicks (clickjacking). In a page framed by another origin no
//    script after this one runs (a second policy allows none), and the page says so in Korean instead of
//    its content, with a link that opens the page itself in a window of its own. Only the workbench's embed view (workbench.html?embed,
//    marked data-embeddable on this script) is made to be framed.
//  - Storage. localStorage may be missing or refuse every access (blocked cookies, a framed page, a private
//    window): rulebookStore reads and writes it without ever throwing, and says whether it keeps anything
//    (`kept`); the site's own scripts use only it. For Sphinx's and furo's scripts, a refused store is
//    replaced by one kept for this page alone.
(function () {
  "use strict";
  var script = document.currentScript;

  function framedByAnotherSite() {
    if (window.top === window.self || location.protocol === "file:") return false;
    var ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length) {
      for (var i = 0; i < ancestors.length; i++) if (ancestors[i] !== location.origin) return true;
      return false;
    }
    try {
      return window.top.location.origin !== location.origin;
    } catch (error) {
      return true; // another origin's window: its address cannot be read
    }
  }
  var embeddable = script && script.hasAttribute("data-embeddable") &&
    new URLSearchParams(location.search).has("embed");
  if (!embeddable && framedByAnotherSite()) {
    // No script after this one runs: a second policy (policies only ever add up) allows none. The page is
    // still read, styled and then replaced by the refusal.
    var policy = document.createElement("meta");
    policy.httpEquiv = "Content-Security-Policy";
    policy.content = "script-src 'none'; worker-src 'none'";
    document.head.append(policy);
    document.documentElement.classList.add("rb-framed-page");
    document.addEventListener("DOMContentLoaded", function () {
      var text = function (tag, words) {
        var node = document.createElement(tag);
        node.textContent = words;
        return node;
      };
      var box = text("div", "");
      box.className = "rb-framed";
      box.setAttribute("role", "alert");
      box.setAttribute("style", "max-width:40rem;margin:1rem;font-size:1rem;line-height:1.6;overflow-wrap:anywhere");
      var link = text("a", "이 페이지를 새 창에서 열기");
      link.href = location.href;
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      link.setAttribute("style", "font-weight:bold");
      box.append(text("p", "이 페이지는 다른 사이트 안(프레임)에서는 열리지 않습니다. 다른 사이트가 이 페이지를 보이지 않게 " +
        "겹쳐 놓고 누르는 곳을 속이지 못하게 하려는 것입니다."), text("p", ""),
      text("p", "다른 곳에 질문을 넣으려면 질문 작업대의 ‘퍼가기’ 코드를 쓰세요."));
      box.children[1].append(link);
      box.lastChild.setAttribute("style", "font-size:0.9em;opacity:0.8");
      document.body.replaceChildren(box);
    });
    return;
  }

  // localStorage that never throws. kept: whether this browser keeps anything for the site.
  function storage() {
    try {
      var store = window.localStorage;
      var probe = "rulebook-storage-probe";
      store.setItem(probe, "1");
      store.removeItem(probe);
      return store;
    } catch (error) {
      return null;
    }
  }
  var local = storage();
  // Sphinx's and furo's own scripts (search highlighting, the theme) read localStorage without a guard: where
  // a store refuses access, a stand-in kept for this page alone answers them instead of an uncaught error.
  ["localStorage", "sessionStorage"].forEach(function (name) {
    try {
      var store = window[name];
      store.getItem("rulebook-storage-probe");
      return;
    } catch (error) { /* refused: stand in below */ }
    var items = new Map();
    var standIn = {
      getItem: function (key) { return items.has(String(key)) ? items.get(String(key)) : null; },
      setItem: function (key, value) { items.set(String(key), String(value)); },
      removeItem: function (key) { items.delete(String(key)); },
      clear: function () { items.clear(); },
      key: function (n) { return Array.from(items.keys())[n] ?? null; },
      get length() { return items.size; },
    };
    try {
      Object.defineProperty(window, name, { configurable: true, get: function () { return standIn; } });
    } catch (error) { /* not replaceable here: those scripts fail as they would without this page */ }
  });
  window.rulebookStore = {
    kept: local !== null,
    get: function (key) {
      try { return local ? local.getItem(key) : null; } catch (error) { return null; }
    },
    // → true when kept; false when the browser refused (no storage, or it is full)
    set: function (key, value) {
      try { if (local) { local.setItem(key, value); return true; } } catch (error) { /* refused */ }
      return false;
    },
    remove: function (key) {
      try { if (local) local.removeItem(key); } catch (error) { /* nothing kept to remove */ }
    },
    keys: function () {
      try { return local ? Object.keys(local) : []; } catch (error) { return []; }
    },
  };
})();
