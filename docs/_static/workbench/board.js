// The workbench's board editor (판에서 차리기): the starting position drawn by the game's own view, each of
// its zones (`data-zone`, the set-up path it shows) opening an editor of what the scenario's `setup:` puts
// there, and a list of every set-up zone, drawn or not. What a zone holds comes from tutor.board_editor
// (the game's set-up schema as editor kinds, Korean labels, the names a picker offers). Every change is a
// new `setup:` value, handed to `write` (the page writes it into the text, minimally).
// Everything a scenario gives is shown with textContent; only the view's HTML (built and escaped by
// tutor.views) is inserted as markup.

import { button as makeButton, h } from "../live/dom.js";

// Zones whose order is part of the position (a deck's top comes first); other zones are sets of cards.
const ORDERED = new Set(["deck", "decks", "military_decks", "events", "future_events", "final_events", "card_row"]);
const MAX_RESULTS = 40; // picker results shown at once: enough to scan, few enough to draw at once

// the board's buttons: words first, the kind of button (its extra class) last
const button = (text, onClick, cls = "") => makeButton(`rbw-btn ${cls}`.trim(), text, onClick);

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const key = (path) => path.join("\0");

// Keys come from data (a player named "__proto__", a land named "constructor"): they are read and written as
// the object's own properties only, never through the prototype (`o[k] = v` with k "__proto__" would set
// the object's prototype; `o.hand` on it would reach Object.prototype).
const own = (object, k) => (object !== null && typeof object === "object" && Object.hasOwn(object, k) ? object[k] : undefined);
const put = (object, k, v) => Object.defineProperty(object, k, { value: v, writable: true, enumerable: true, configurable: true });
const has = (object, k) => object !== null && typeof object === "object" && Object.hasOwn(object, k);

function getAt(value, path) {
  let here = value;
  for (const part of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = own(here, part);
  }
  return here;
}

// `value` with `path` set to `next` (undefined: removed; emptied records go too, the text stays short).
function setAt(value, path, next) {
  const root = value && typeof value === "object" ? clone(value) : {};
  let here = root;
  for (const part of path.slice(0, -1)) {
    const child = own(here, part);
    if (!child || typeof child !== "object" || Array.isArray(child)) put(here, part, {});
    here = own(here, part);
  }
  const last = path[path.length - 1];
  if (next === undefined) { if (has(here, last)) delete here[last]; }
  else put(here, last, next);
  for (let depth = path.length - 1; depth > 0; depth--) {
    const parent = getAt(root, path.slice(0, depth - 1));
    const child = getAt(root, path.slice(0, depth));
    if (child && typeof child === "object" && !Array.isArray(child) && !Object.keys(child).length && has(parent, path[depth - 1])) {
      delete parent[path[depth - 1]];
    }
  }
  return root;
}

// The editor node at `path` in the zone tree (records by key; tables, counts and rows by their item).
function nodeAt(root, path) {
  let node = root;
  for (const part of path) {
    if (!node) return null;
    if (node.t === "record") node = (node.fields.find(([k]) => k === part) || [])[2];
    else if (node.t === "table" || node.t === "rows") node = node.item;
    else return null;
  }
  return node;
}

// What a zone holds, in a few words: "5장: 동, 동, 은…", "3", "없음".
function summary(node, value) {
  if (value === undefined) return "기본 준비";
  if (value === null) return "없음";
  if (Array.isArray(value)) {
    if (!value.length) return "비어 있음";
    const names = value.map((v) => (v === null ? "빈 칸" : typeof v === "object" ? "…" : String(v)));
    const head = names.slice(0, 4).join(", ") + (names.length > 4 ? " …" : "");
    return node && (node.t === "cards") ? `${value.length}장: ${head}` : head;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return "비어 있음";
    const head = entries.slice(0, 4).map(([k, v]) => (typeof v === "number" ? `${k} ${v}` : k)).join(", ");
    return head + (entries.length > 4 ? " …" : "");
  }
  if (typeof value === "boolean") return value ? "예" : "아니요";
  const choice = node && node.choices && node.choices.find(([v]) => v === value);
  return choice ? choice[1] : String(value);
}

// A search box over a kind's names (Korean, English and every alias), or free text where a kind has none.
function picker(names, onPick, { placeholder = "이름 검색 (한국어·영어·별칭)", free = false } = {}) {
  const box = h("div", "rbw-picker");
  const input = h("input", "rbw-picker-input");
  input.type = "search";
  input.placeholder = placeholder;
  input.setAttribute("aria-label", placeholder);
  const results = h("div", "rbw-picker-results");
  const show = () => {
    const wanted = input.value.trim().toLowerCase();
    const found = (names || []).filter(([name, other]) => !wanted || name.toLowerCase().includes(wanted)
      || (other || "").toLowerCase().includes(wanted));
    results.replaceChildren(...found.slice(0, MAX_RESULTS).map(([name, other]) => {
      const b = button(name, () => { onPick(name); input.value = ""; show(); input.focus(); }, "rbw-pick");
      if (other) b.title = other;
      return b;
    }));
    if (found.length > MAX_RESULTS) results.append(h("span", "rbw-hint", `그 밖에 ${found.length - MAX_RESULTS}개: 더 적어서 좁히세요.`));
    if (free && wanted && !found.some(([name]) => name.toLowerCase() === wanted)) {
      results.append(button(`‘${input.value.trim()}’ 더하기`, () => { onPick(input.value.trim()); input.value = ""; show(); }, "rbw-pick"));
    }
    if (!results.childElementCount) results.append(h("span", "rbw-hint", wanted ? "맞는 이름이 없습니다." : ""));
  };
  input.addEventListener("input", show);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const first = results.querySelector(".rbw-pick");
    if (first) first.click();
  });
  box.append(input, results);
  show();
  return box;
}

// One editor per kind of zone. `value` is the zone's value; `set(next)` writes it (undefined: removed).
function editor(node, value, set, ctx, label = "", where = "") {
  const wrap = h("div", `rbw-ed rbw-ed-${node.t}`);
  const names = (kind) => own(ctx.names, kind) || [];
  const tools = (items) => { const row = h("div", "rbw-ed-tools"); row.append(...items); return row; };
  if (node.t === "either") {
    const branches = node.branches;
    const fits = (b, v) => (b.t === "const" ? v === b.value : b.t === "counts" || b.t === "table" || b.t === "record"
      ? v && typeof v === "object" && !Array.isArray(v) : b.t === "cards" || b.t === "rows" || b.t === "texts" || b.t === "picks"
        ? Array.isArray(v) : v !== undefined && v !== null && typeof v !== "object");
    const current = branches.findIndex((b) => fits(b, value));
    const at = current >= 0 ? current : branches.findIndex((b) => b.t !== "const");
    if (branches.length > 1) {
      const row = h("div", "rbw-ed-either");
      branches.forEach((b, i) => {
        const label = b.t === "const" ? b.label : b.t === "counts" ? "분야마다 장수로" : b.t === "table" ? "칸 번호로"
          : b.t === "cards" && b.holes ? "칸 차례대로" : "카드를 하나씩";
        const choice = button(label, () => set(b.t === "const" ? b.value : b.t === "counts" ? {} : []), "rbw-toggle");
        choice.setAttribute("aria-pressed", String(i === at && current >= 0));
        row.append(choice);
      });
      wrap.append(row);
    }
    const branch = branches[at];
    if (branch.t !== "const") wrap.append(editor(branch, current === at ? value : undefined, set, ctx, label, where));
    return wrap;
  }
  if (node.t === "cards") {
    const list = Array.isArray(value) ? value : [];
    const chips = h("ol", "rbw-chips");
    list.forEach((name, i) => {
      const chip = h("li", "rbw-chip");
      chip.append(h("span", "rbw-chip-name", name === null ? "빈 칸" : name));
      if (list.length > 1 && (ctx.ordered || node.holes)) {
        if (i > 0) chip.append(button("↑", () => { const n = [...list]; [n[i - 1], n[i]] = [n[i], n[i - 1]]; set(n); }, "rbw-mini"));
        if (i < list.length - 1) chip.append(button("↓", () => { const n = [...list]; [n[i + 1], n[i]] = [n[i], n[i + 1]]; set(n); }, "rbw-mini"));
      }
      if (node.holes && name !== null) chip.append(button("비우기", () => { const n = [...list]; n[i] = null; set(n); }, "rbw-mini"));
      const remove = button("×", () => set(list.filter((_, j) => j !== i)), "rbw-mini rbw-remove");
      remove.setAttribute("aria-label", `${name === null ? "빈 칸" : name} 빼기`);
      chip.append(remove);
      chip.querySelectorAll(".rbw-mini").forEach((b) => { if (!b.getAttribute("aria-label")) b.setAttribute("aria-label", `${name} ${b.textContent}`); });
      chips.append(chip);
    });
    if (!list.length) chips.append(h("li", "rbw-hint", "비어 있습니다."));
    wrap.append(chips);
    if (list.length < node.max) {
      wrap.append(picker(names(node.names).filter(([n]) => !node.unique || !list.includes(n)), (name) => set([...list, name])));
      if (node.holes) wrap.append(button("빈 칸 더하기", () => set([...list, null])));
    }
    const notes = [];
    if (node.min && node.min === node.max) notes.push(`${node.max}장이어야 합니다 (지금 ${list.length}장).`);
    if (ctx.ordered && !node.holes) notes.push("맨 앞이 맨 위 카드(먼저 뽑는 카드)입니다.");
    if (notes.length) wrap.append(h("p", "rbw-hint", notes.join(" ")));
    if (list.length) wrap.append(tools([button("모두 빼기", () => set([]))]));
    return wrap;
  }
  if (node.t === "counts" || (node.t === "table" && node.item.t === "number")) {
    const counts = value && typeof value === "object" && !Array.isArray(value) ? value : {};
    const item = node.t === "counts" ? node : node.item;
    const rows = h("div", "rbw-counts");
    for (const [name, n] of Object.entries(counts)) {
      const row = h("div", "rbw-count-row");
      row.append(h("span", "rbw-count-name", name));
      row.append(number({ min: item.min, max: item.max }, n, (next) => set({ ...counts, [name]: next }), `${name} 수`));
      const remove = button("×", () => set(setAt(counts, [name], undefined)), "rbw-mini rbw-remove");
      remove.setAttribute("aria-label", `${name} 빼기`);
      row.append(remove);
      rows.append(row);
    }
    if (!Object.keys(counts).length) rows.append(h("p", "rbw-hint", "비어 있습니다."));
    wrap.append(rows);
    const keys = node.names ? names(node.names) : (node.keys || []).map(([k, l]) => [String(k), l === String(k) ? "" : l]);
    const more = keys.filter(([n]) => !has(counts, n));
    if (more.length) wrap.append(picker(more, (name) => set({ ...counts, [name]: Math.max(item.min, 1) })));
    return wrap;
  }
  if (node.t === "number") {
    wrap.append(number(node, typeof value === "number" ? value : undefined, set, label));
    if (value !== undefined) wrap.append(tools([button("기본으로", () => set(undefined))]));
    return wrap;
  }
  if (node.t === "choice" || node.t === "picks") {
    const many = node.t === "picks";
    const chosen = many ? (Array.isArray(value) ? value : []) : value;
    const row = h("div", "rbw-ed-either");
    for (const [v, text] of node.choices) {
      const on = many ? chosen.includes(v) : chosen === v;
      const b = button(text, () => set(many ? (on ? chosen.filter((c) => c !== v) : [...chosen, v]) : v), "rbw-toggle");
      b.setAttribute("aria-pressed", String(on));
      row.append(b);
    }
    wrap.append(row);
    if (!many && value !== undefined) wrap.append(tools([button("기본으로", () => set(undefined))]));
    return wrap;
  }
  if (node.t === "name") {
    wrap.append(h("p", "rbw-ed-current", value === undefined ? "정하지 않음 (기본 준비)" : value === null ? "없음" : value));
    wrap.append(picker(names(node.names), (name) => set(name)));
    const more = [];
    if (node.nullable) more.push(button("없음으로", () => set(null)));
    if (value !== undefined) more.push(button("기본으로", () => set(undefined)));
    if (more.length) wrap.append(tools(more));
    return wrap;
  }
  if (node.t === "flag") {
    const box = h("input");
    box.type = "checkbox";
    box.checked = value === true;
    box.addEventListener("change", () => set(box.checked));
    const l = h("label", "rbw-field", " 예");
    l.prepend(box);
    wrap.append(l);
    return wrap;
  }
  if (node.t === "text") {
    const input = h("input", "rbw-grow");
    input.type = "text";
    input.value = typeof value === "string" ? value : "";
    input.setAttribute("aria-label", label || "글");
    input.addEventListener("change", () => set(input.value.trim() ? input.value : undefined));
    wrap.append(input);
    return wrap;
  }
  if (node.t === "texts") {
    const list = Array.isArray(value) ? value : [];
    const chips = h("ol", "rbw-chips");
    list.forEach((text, i) => {
      const chip = h("li", "rbw-chip");
      chip.append(h("span", "rbw-chip-name", text), button("×", () => set(list.filter((_, j) => j !== i)), "rbw-mini rbw-remove"));
      chips.append(chip);
    });
    wrap.append(chips);
    if (list.length < node.max) wrap.append(picker(ctx.suggest || [], (text) => set([...list, text]), { placeholder: "이름 적기", free: true }));
    return wrap;
  }
  if (node.t === "record") {
    const record = value && typeof value === "object" && !Array.isArray(value) ? value : {};
    for (const [k, l, child] of node.fields) {
      const head = h("summary", "", `${l}: `);
      head.append(h("span", "rbw-zone-summary", summary(child, own(record, k))));
      wrap.append(part(ctx, `${where}\0${k}`, head,
        () => [editor(child, own(record, k), (next) => set(setAt(record, [k], next)), ctx, l, `${where}\0${k}`)]));
    }
    return wrap;
  }
  if (node.t === "table" || node.t === "rows") {
    const table = node.t === "rows";
    const entries = table ? (Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : [])
      : Object.entries(value && typeof value === "object" && !Array.isArray(value) ? value : {});
    for (const [k, v] of entries) {
      const head = h("summary", "", `${table ? `${k}번` : k}: `);
      head.append(h("span", "rbw-zone-summary", summary(node.item, v)));
      const put = (next) => {
        if (table) {
          const list = [...value];
          if (next === undefined) list.splice(Number(k) - 1, 1);
          else list[Number(k) - 1] = next;
          set(list);
        } else set(setAt(value, [k], next === undefined ? undefined : next));
      };
      wrap.append(part(ctx, `${where}\0${k}`, head, () => [editor(node.item, v, put, ctx, k, `${where}\0${k}`),
        tools([button(table ? "이 줄 빼기" : `${k} 빼기`, () => put(undefined), "rbw-remove")])]));
    }
    if (!entries.length) wrap.append(h("p", "rbw-hint", "비어 있습니다."));
    const blank = node.item.t === "record" ? {} : node.item.t === "cards" || node.item.t === "texts" ? [] : null;
    if (table) wrap.append(tools([button("줄 더하기", () => set([...(Array.isArray(value) ? value : []), blank]))]));
    else {
      const keys = node.names ? names(node.names) : node.keys ? node.keys.map(([k2, l2]) => [String(k2), l2 === String(k2) ? "" : l2])
        : (ctx.suggest || []);
      const current = value && typeof value === "object" ? value : {};
      wrap.append(picker(keys.filter(([n]) => !has(current, n)), (name) => set(setAt(current, [name], blank)),
        { placeholder: "더할 이름 검색", free: !node.names && !node.keys }));
    }
    return wrap;
  }
  wrap.append(h("p", "rbw-hint", "이 항목은 YAML에서 고치세요."));
  return wrap;
}

// A folded part of a zone (a player's record, a land's row); it stays open across redraws (`ctx.opened`).
function part(ctx, where, head, body) {
  const details = h("details", "rbw-ed-field");
  details.append(head);
  const fill = () => { if (details.open && details.childElementCount === 1) details.append(...body()); };
  details.addEventListener("toggle", () => {
    if (details.open) ctx.opened.add(where);
    else ctx.opened.delete(where);
    fill();
  });
  if (ctx.opened.has(where)) {
    details.open = true;
    fill();
  }
  return details;
}

function number(node, value, set, label) {
  const row = h("span", "rbw-number");
  const input = h("input");
  input.type = "number";
  input.min = String(node.min ?? 0);
  input.max = String(node.max ?? 999);
  input.value = value === undefined ? "" : String(value);
  input.placeholder = "기본";
  input.setAttribute("aria-label", label || "수");
  const clamp = (n) => Math.min(node.max ?? 999, Math.max(node.min ?? 0, n));
  input.addEventListener("change", () => { if (input.value !== "") set(clamp(Math.round(Number(input.value)))); });
  const minus = button("−", () => set(clamp((value ?? node.min ?? 0) - 1)), "rbw-mini");
  const plus = button("+", () => set(clamp((value ?? node.min ?? 0) + 1)), "rbw-mini");
  minus.setAttribute("aria-label", `${label} 하나 줄이기`);
  plus.setAttribute("aria-label", `${label} 하나 늘리기`);
  row.append(minus, input, plus);
  return row;
}

// The board editor in `mount`. `write(setup)` writes a new set-up into the text; `draw(spec)` (re)draws it
// from tutor.board_editor.spec, keeping the zone the reader has open.
export function boardEditor(mount, write) {
  let spec = null;
  let open = null; // the path of the zone being edited
  let value = {};

  const labelOf = (path) => {
    const out = [];
    let node = spec.zones;
    for (const part of path) {
      const field = node && node.t === "record" ? node.fields.find(([k]) => k === part) : null;
      out.push(field ? field[1] : part);
      node = field ? field[2] : node && node.item;
    }
    return out.join(" · ");
  };
  const current = (path) => {
    const set = getAt(value, path);
    return set !== undefined ? set : clone(own(spec.start, key(path)));
  };

  // Where a game empties a player's zones the scenario leaves out once it gives one (Dominion, Carta), the
  // first zone set for a player brings the others as the reader sees them, so the board changes only there.
  const withSiblings = (path) => {
    if (!spec.together || path.length < 2 || !spec.players.includes(path[0]) || getAt(value, [path[0]]) !== undefined) return value;
    let next = value;
    for (const [k, v] of Object.entries(spec.start)) {
      const parts = k.split("\0");
      if (parts.length === 2 && parts[0] === path[0]) next = setAt(next, parts, clone(v));
    }
    return next;
  };
  const opened = new Set(); // the folded parts the reader opened, kept across redraws
  function edit(path) {
    const node = nodeAt(spec.zones, path);
    if (key(path) !== key(open || [])) {
      opened.clear();
      // a small record (a land: its army, buildings, fort) shows its parts at once
      if (node && node.t === "record" && node.fields.length <= 4) node.fields.forEach(([k]) => opened.add(`\0${k}`));
    }
    open = path;
    const box = mount.querySelector(".rbw-zone-editor");
    const typing = box.contains(document.activeElement) && document.activeElement.classList.contains("rbw-picker-input");
    box.replaceChildren();
    if (!node) { box.hidden = true; return; }
    box.hidden = false;
    const title = h("h3", "rbw-zone-title", `고치는 중: ${labelOf(path)}`);
    const from = getAt(value, path) === undefined && own(spec.start, key(path)) !== undefined
      ? h("p", "rbw-hint", "게임의 기본 준비에서 시작합니다. 고치면 질문에 적힙니다.") : null;
    const ctx = { opened, names: spec.names, ordered: path.some((part) => ORDERED.has(part)), suggest: spec.suggest };
    const body = editor(node, current(path), (next) => {
      value = setAt(withSiblings(path), path, next);
      write(value);
      edit(path); // redrawn at once from the new value; the run that follows redraws the board
    }, ctx, labelOf(path));
    const close = button("닫기", () => { open = null; box.hidden = true; box.replaceChildren(); mark(); });
    const reset = getAt(value, path) !== undefined
      ? button("기본 준비로 되돌리기", () => { value = setAt(value, path, undefined); write(value); edit(path); }) : null;
    box.append(title, ...(from ? [from] : []), body, h("div", "rbw-ed-tools"));
    box.lastChild.append(...(reset ? [reset] : []), close);
    mark();
    const search = box.querySelector(".rbw-picker-input");
    if (typing && search) search.focus({ preventScroll: true }); // the reader adding card after card keeps typing
  }

  function mark() {
    for (const zone of mount.querySelectorAll("[data-zone]")) {
      zone.classList.toggle("rbw-zone-open", open !== null && (zone.dataset.opens || zone.dataset.zone) === JSON.stringify(open));
    }
  }

  // Every zone of the set-up, by player then the rest, each a button that opens it.
  function list() {
    const out = h("div", "rbw-zone-list");
    const group = (title, fields, base) => {
      const part = h("div", "rbw-zone-group");
      part.append(h("h3", "rbw-zone-group-title", title));
      const row = h("div", "rbw-zone-buttons");
      for (const [k, l, child] of fields) {
        const path = [...base, k];
        const b = button("", () => edit(path), "rbw-zone-button");
        b.append(h("span", "rbw-zone-label", l), h("span", "rbw-zone-summary", summary(child, current(path))));
        b.dataset.zone = JSON.stringify(path);
        row.append(b);
      }
      part.append(row);
      out.append(part);
    };
    const fields = spec.zones.t === "record" ? spec.zones.fields : [];
    for (const [k, l, child] of fields.filter(([k]) => spec.players.includes(k))) {
      if (child.t === "record") group(l, child.fields, [k]);
    }
    group("게임 전체", fields.filter(([k]) => !spec.players.includes(k)), []);
    return out;
  }

  function draw(next) {
    spec = next;
    value = clone(spec.value) || {};
    const board = h("div", "rbw-board-view");
    board.innerHTML = spec.board; // tutor.views' HTML: every string in it is escaped there
    if (!spec.board) board.append(h("p", "rbw-hint", "시나리오를 실행할 수 있게 되면 시작 상태가 여기 그려집니다."));
    for (const zone of board.querySelectorAll("[data-zone]")) {
      zone.tabIndex = 0;
      zone.setAttribute("role", "button");
      zone.title = "눌러서 고치기";
      // a pile of the supply or a suit of an area opens the zone that holds it
      let path = JSON.parse(zone.dataset.zone);
      while (path.length > 1 && !nodeAt(spec.zones, path)) path = path.slice(0, -1);
      zone.dataset.opens = JSON.stringify(path);
      zone.addEventListener("click", (event) => { event.stopPropagation(); edit(path); });
      zone.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); edit(path); } });
    }
    const box = h("div", "rbw-zone-editor");
    box.hidden = true;
    mount.replaceChildren(board, box, list());
    if (open && nodeAt(spec.zones, open)) edit(open);
    else mark();
  }

  return { draw, get open() { return open; } };
}
