// A card's words where it is drawn: hovering over or tapping a card tile that names its card
// (tutor.views.common.card(about=…): data-card="<game's rule-id prefix>:<card>") shows its kind, cost and effect under it,
// with a link to its entry in the card reference. The words of a game's cards are one script the build
// writes (_static/card-words/<prefix>.js, from tutor.views.cards.words), loaded when a reader first asks: a
// script, not a fetch, so a page opened from a file has them too. One box for the whole page, in the
// browser's top layer (the Popover API), so a widget's scrolling box never cuts it off. Every page loads
// this: the players, the Sandbox, the practice table and the workbench draw their boards with the same tiles.
(function () {
  "use strict";
  const REF = /^[a-z_]+\/[a-z0-9-]+\.html#[a-z0-9-]+$/; // a page of this site and an anchor, nothing else
  const HOVER_MS = 120; // a pointer passing over a board does not flash every card's text
  const GAME = /^[a-z_]+$/;
  const loading = {}; // game → a promise of its words
  let box = null, shownFor = null, timer = 0;

  function wordsOf(game) {
    if (!GAME.test(game)) return Promise.resolve({});
    return loading[game] || (loading[game] = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = `${document.documentElement.dataset.content_root ?? ""}_static/card-words/${game}.js`;
      const done = () => resolve((globalThis.rulebookCardWords || {})[game] || {});
      script.onload = done;
      script.onerror = done;
      document.head.append(script);
    }));
  }

  async function ask(tile) {
    const [game] = tile.dataset.card.split(":");
    const words = (await wordsOf(game))[tile.dataset.card];
    if (words && tile.isConnected) show(tile, words[0], words[1]);
  }

  function make() {
    box = document.createElement("div");
    box.className = "rb-card-text";
    box.setAttribute("role", "tooltip");
    box.id = "rb-card-text";
    if (box.showPopover) box.popover = "manual";
    box.append(document.createElement("p"), document.createElement("a"));
    document.body.append(box);
    return box;
  }

  function show(tile, text, ref) {
    if (shownFor === tile) return;
    const panel = box || make();
    panel.querySelector("p").textContent = text;
    const link = panel.querySelector("a");
    link.hidden = !REF.test(ref);
    link.textContent = "카드 설명 전체 보기";
    link.href = REF.test(ref) ? (document.documentElement.dataset.content_root ?? "") + ref : "#";
    if (panel.showPopover) { if (panel.matches(":popover-open")) panel.hidePopover(); panel.showPopover(); }
    else panel.classList.add("rb-open");
    const at = tile.getBoundingClientRect(), width = Math.min(320, window.innerWidth - 16);
    panel.style.width = `${width}px`;
    panel.style.left = `${Math.max(8, Math.min(at.left, window.innerWidth - width - 8))}px`;
    const below = at.bottom + 6, height = panel.offsetHeight;
    panel.style.top = `${below + height < window.innerHeight ? below : Math.max(8, at.top - height - 6)}px`;
    tile.setAttribute("aria-describedby", panel.id);
    shownFor = tile;
  }

  function hide() {
    clearTimeout(timer);
    if (!box || !shownFor) return;
    shownFor.removeAttribute("aria-describedby");
    shownFor = null;
    if (box.hidePopover) { if (box.matches(":popover-open")) box.hidePopover(); }
    else box.classList.remove("rb-open");
  }

  const tileOf = (event) => event.target instanceof Element ? event.target.closest(".rb-card[data-card]") : null;
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return; // a finger taps instead
    const tile = tileOf(event);
    clearTimeout(timer);
    if (tile) timer = setTimeout(() => ask(tile), HOVER_MS);
    else if (!(event.target instanceof Element && box && box.contains(event.target))) timer = setTimeout(hide, HOVER_MS);
  });
  document.addEventListener("click", (event) => {
    const tile = tileOf(event);
    if (tile) { if (shownFor === tile && event.pointerType !== "mouse") hide(); else ask(tile); }
    else if (!(box && box.contains(event.target))) hide();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  window.addEventListener("scroll", hide, { passive: true });
})();
