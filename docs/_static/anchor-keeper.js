// Keeps a rule link on its rule. A page's players and exercises draw after the browser has scrolled to
// the link's anchor, and each one drawn above it pushes the rule down the page (thousands of pixels on
// the card pages). While they draw, the anchor is put back at the top after every change of the page's
// height and every scroll the reader did not make, until the reader scrolls, clicks or types (their own
// scrolling always wins), or for at most half a minute. A page can be still for seconds and then grow again (a slow machine draws in spurts), so
// stillness alone never lets go.
(function () {
  "use strict";
  var MOST_MS = 30000;  // never hold a page longer than this
  var held = null;

  function target() {
    var id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  }

  function release() {
    if (!held) return;
    document.documentElement.style.scrollBehavior = held.behavior;
    held.observer.disconnect();
    clearTimeout(held.most);
    window.removeEventListener("scroll", held.place);
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.removeEventListener(type, release, true);
    });
    held = null;
  }

  function hold() {
    release();
    var element = target();
    if (!element || typeof ResizeObserver === "undefined") return;
    var place = function () {
      element.scrollIntoView({block: "start"});
    };
    held = {observer: new ResizeObserver(place), most: setTimeout(release, MOST_MS), place: place,
            behavior: document.documentElement.style.scrollBehavior};
    // The theme scrolls smoothly: a rule pushed 30,000 px down would glide back for seconds, so while held
    // the page jumps (the reader's own scrolling, after release, is smooth again).
    document.documentElement.style.scrollBehavior = "auto";
    // The body keeps the window's height on this theme: watch the column the page's content grows in.
    held.observer.observe(element.closest("article") || document.body);
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.addEventListener(type, release, {capture: true, passive: true});
    });
    // A widget that takes focus scrolls the page without changing its size: any scroll while held is not
    // the reader's (their input lets go first), so it puts the rule back too.
    window.addEventListener("scroll", place, {passive: true});
    place();
  }

  window.addEventListener("hashchange", hold);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hold);
  else hold();
})();
