// ScenarioPlayer front end (anywidget ESM, no bundler). Every step was computed in Python and
// arrived in the `steps` trait, so stepping needs no kernel: it works on a static docs page too.
// A step reads as a lesson: narration first, then the move and one sentence on what it did (or a
// refusal the example shows on purpose), what to look at, and the full change table folded away.

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
function icon(name) {
  return svg("svg", { viewBox: "0 0 16 16", class: "rbp-icon", "aria-hidden": "true" },
    [svg("path", { d: ICONS[name], fill: "currentColor" })]);
}

// The HTML of view `n`. The first view is a list of indices into the `fragments` trait; each later
// one is the splices ([at, removed, ...put]) that turn the view before it into it
// (tutor/widgets/fragments.py). Views are rebuilt once each, in order, and kept in `built`.
function viewHtml(model, built, n) {
  const views = model.get("views");
  while (built.length <= n) {
    const k = built.length;
    const current = k === 0 ? views[0].slice() : built[k - 1].slice();
    if (k > 0) for (const [at, removed, ...put] of views[k]) current.splice(at, removed, ...put);
    built.push(current);
  }
  const fragments = model.get("fragments");
  return built[n].map((i) => fragments[i]).join("");
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
  if (step.say) body.append(h("p", "rbp-say", step.say)); // narration first
  if (step.move) {
    const line = h("div", "rbp-move");
    if (step.by) line.append(h("span", "rbp-by", step.by));
    line.append(h("code", "rbp-notation", step.move));
    if (step.kind === "auto") line.append(h("span", "rbp-auto", "(시드로 정해진 우연)"));
    body.append(line);
  }
  if (step.verdict === "accepted") body.append(h("p", "rb-outcome", step.description));
  // A refusal the example shows on purpose is a lesson; one that should have been allowed is a failure.
  else if (step.verdict === "rejected") body.append(lessonBox(model, step.error, step.description, step.lesson ? "" : "✗ 거부됨 (기대와 다름)"));
  if (step.look && step.look.length) {
    const list = h("ul", "rbp-look");
    for (const line of step.look) list.append(h("li", "", line));
    body.append(h("div", "rbp-label", "이 예제에서 볼 것"), list);
  }
  if (step.failures && step.failures.length) {
    const list = h("ul", "rbp-failures");
    for (const line of step.failures) list.append(h("li", "", `✗ ${line}`));
    body.append(list);
  }
  if (step.changed && step.changed.length) {
    const table = h("table", "rbp-changed");
    const head = h("tr"); // columns with Korean heads, not "before→after" fragments
    head.append(h("th", "", "바뀐 것"), h("th", "", "전"), h("th", "", "후"));
    table.append(head);
    for (const [key, before, after] of step.changed) {
      const row = h("tr");
      row.append(h("th", "", key), h("td", "rbp-before", before), h("td", "rbp-after", after));
      table.append(row);
    }
    const details = h("details", "rbp-details");
    details.open = parts.changesOpen; // the reader's choice carries over from step to step
    details.addEventListener("toggle", () => { parts.changesOpen = details.open; });
    details.append(h("summary", "rbp-label", `바뀐 사실 ${step.changed.length}개`), table);
    body.append(details);
  }
  if (parts.shownView !== step.view) { // unchanged views keep their scroll position
    parts.view.innerHTML = viewHtml(model, parts.built, step.view);
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
  if (!model.get("ok")) head.append(h("span", "rbp-status rbp-bad", "✗ 기대와 다른 단계가 있음"));
  const fragment = model.get("workbench"); // this example in the question workbench, at the step shown
  const workbench = fragment ? h("a", "rbp-workbench", "작업대에서 열기") : null;
  if (workbench) {
    workbench.title = "이 예제를 질문 작업대에서 고치고 실행해 봅니다 (지금 보는 단계에서)";
    workbench.style.fontSize = "0.85rem";
    head.append(workbench);
  }

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

  const parts = { counter, buttons, body, view, built: [], changesOpen: false };
  const update = () => {
    renderStep(model, parts);
    if (workbench) workbench.href = `${docsRoot(model)}workbench.html#${fragment}${model.get("index") ? "." + model.get("index") : ""}`;
  };
  model.on("change:index", update);
  update();
  return () => model.off("change:index", update);
}

export default { render };
