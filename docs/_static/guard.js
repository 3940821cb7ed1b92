// First in every page's <head>, right after the Content-Security-Policy (a classic script: it runs before
// anything else is read). Two guards the policy itself cannot give:
//  - Framing. A <meta> policy cannot set frame-ancestors, so another site could show these pages in an
//    invisible frame and lead the reader's clicks (clickjacking). A page framed by another origin stops
//    loading here (nothing after this script is read or run) and says so in Korean, with a link that
//    opens the page itself in a window of its own. Only the workbench's embed view (workbench.html?embed,
//    marked data-embeddable on this script) is made to be framed.
//  - Storage. localStorage may be missing or refuse every access (blocked cookies, a framed page, a private
//    window): rulebookStore reads and writes it without ever throwing, and says whether it keeps anything.
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
    window.stop(); // the rest of this page is neither read nor run
    var text = function (tag, words, style) {
      var node = document.createElement(tag);
      node.textContent = words;
      if (style) node.setAttribute("style", style);
      return node;
    };
    var body = document.body || document.documentElement.appendChild(document.createElement("body"));
    body.setAttribute("style", "margin:0;padding:1rem;font:16px/1.6 sans-serif;color:#222;background:#fff;overflow-wrap:anywhere");
    var box = text("div", "", "max-width:40rem");
    box.setAttribute("role", "alert");
    box.className = "rb-framed";
    var link = text("a", "이 페이지를 새 창에서 열기", "font-weight:bold");
    link.href = location.href;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    box.append(text("p", "이 페이지는 다른 사이트 안(프레임)에서는 열리지 않습니다. 다른 사이트가 이 페이지를 보이지 않게 겹쳐 " +
      "놓고 누르는 곳을 속이지 못하게 하려는 것입니다."), text("p", ""));
    box.lastChild.append(link);
    box.append(text("p", "다른 곳에 질문을 넣으려면 질문 작업대의 ‘퍼가기’ 코드를 쓰세요.", "color:#555;font-size:0.9em"));
    body.append(box);
    document.documentElement.classList.add("rb-framed-page");
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
