// ScenarioPlayer front end (anywidget ESM, no bundler). Every step was computed in Python and
// arrived in the `steps` trait, so stepping needs no kernel: it works on a static docs page too.

// Button icons drawn as inline SVG (a bar and triangles): they need no font, unlike ⏮ and ⏭, which
// show as empty boxes where the font lacks them. Paths on a 16×16 grid, filled with the text colour.
const ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  prev: "M12 3v10L4 8z",
  next: "M4 3v10l8-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
};
const BUTTONS = [
  ["first", "처음으로"],
  ["prev", "이전 단계 (←)"],
  ["next", "다음 단계 (→)"],
  ["last", "마지막으로"],
];
const SVG = "http://www.w3.org/2000/svg";

function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "rbp-icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function renderStep(model, parts) {
  const steps = model.get("steps");
  const index = Math.max(0, Math.min(model.get("index"), steps.length - 1));
  const step = steps[index];
  parts.counter.textContent = index === 0 ? `시작 / ${steps.length - 1}단계` : `${index} / ${steps.length - 1}단계`;
  parts.buttons.first.disabled = parts.buttons.prev.disabled = index === 0;
  parts.buttons.next.disabled = parts.buttons.last.disabled = index === steps.length - 1;

  const body = parts.body;
  body.replaceChildren();
  if (step.say) body.append(h("p", "rbp-say", step.say));
  if (step.move) {
    const line = h("div", "rbp-move");
    if (step.by) line.append(h("span", "rbp-by", step.by));
    const refused = step.verdict === "rejected" ? " rbp-refused" : "";
    line.append(h("span", "rbp-desc" + refused, step.description || ""), h("code", "rbp-notation", step.move));
    if (step.kind === "auto") line.append(h("span", "rbp-auto", "(시드로 정해진 우연)"));
    body.append(line);
  }
  if (step.verdict === "accepted") {
    body.append(h("div", "rbp-verdict rbp-ok", "✓ 규칙에 맞는 행동입니다"));
  } else if (step.verdict === "rejected" && step.error) {
    const box = h("div", "rbp-verdict rbp-bad");
    const expected = step.expected === "illegal" ? " (시나리오가 기대한 대로 거부)" : "";
    box.append(h("div", "rbp-reason", `✗ 거부됨${expected}: ${step.error.message}`));
    const meta = h("div", "rbp-meta");
    meta.append(h("code", "rbp-code", step.error.code));
    if (step.error.rule) meta.append(" ", ruleLink(model, step.error.rule, "rbp-rule"));
    box.append(meta);
    body.append(box);
  }
  if (step.checked && step.checked.length) {
    const list = h("ul", "rbp-expected");
    for (const line of step.checked) list.append(h("li", "", line));
    body.append(h("div", "rbp-label", "확인할 사실"), list);
  }
  if (step.failures && step.failures.length) {
    const list = h("ul", "rbp-failures");
    for (const line of step.failures) list.append(h("li", "", `✗ ${line}`));
    body.append(list);
  } else if (step.checked && step.checked.length) {
    body.append(h("div", "rbp-verdict rbp-ok", "✓ 모든 사실이 시나리오와 같습니다"));
  }
  if (step.changed && step.changed.length) {
    const table = h("table", "rbp-changed");
    for (const [key, before, after] of step.changed) {
      const row = h("tr");
      row.append(h("th", "", key), h("td", "rbp-before", before), h("td", "rbp-arrow", "→"), h("td", "rbp-after", after));
      table.append(row);
    }
    body.append(h("div", "rbp-label", "바뀐 사실"), table);
  }
  if (parts.shownView !== step.view) { // unchanged views keep their scroll position
    parts.view.innerHTML = model.get("views")[step.view];
    parts.shownView = step.view;
  }
}

function render({ model, el }) {
  const root = h("div", "rbp");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", `시나리오 재생: ${model.get("title")}`);

  const head = h("div", "rbp-head");
  head.append(h("span", "rbp-title", model.get("title")), h("span", "rbp-game", model.get("game_title")));
  const status = model.get("ok");
  head.append(h("span", status ? "rbp-status rbp-ok" : "rbp-status rbp-bad",
    status ? "✓ 모든 기대가 맞음" : "✗ 기대와 다른 단계가 있음"));

  const nav = h("div", "rbp-nav");
  const buttons = {};
  for (const [name, label] of BUTTONS) {
    const button = h("button", `rbp-btn rbp-${name}`);
    button.append(icon(name));
    button.type = "button";
    button.title = label;
    button.setAttribute("aria-label", label);
    buttons[name] = button;
  }
  const counter = h("span", "rbp-counter");
  counter.setAttribute("aria-live", "polite");
  nav.append(buttons.first, buttons.prev, counter, buttons.next, buttons.last);

  const body = h("div", "rbp-step");
  const view = h("div", "rbp-viewbox");
  root.append(head, nav, body, view);
  el.append(root);

  const last = () => model.get("steps").length - 1;
  const go = (index) => {
    model.set("index", Math.max(0, Math.min(index, last())));
    model.save_changes(); // syncs to Python in a live kernel; harmless on a static page
  };
  buttons.first.addEventListener("click", () => go(0));
  buttons.prev.addEventListener("click", () => go(model.get("index") - 1));
  buttons.next.addEventListener("click", () => go(model.get("index") + 1));
  buttons.last.addEventListener("click", () => go(last()));
  root.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(model.get("index") + moves[event.key]);
    } else if (event.key === "Home") {
      go(0);
    } else if (event.key === "End") {
      go(last());
    }
  });

  const parts = { counter, buttons, body, view };
  const update = () => renderStep(model, parts);
  model.on("change:index", update);
  update();
  return () => model.off("change:index", update);
}

export default { render };
