// What every widget's front end shares; each widget's module is this file followed by its own
// (tutor.widgets.common.esm), so anywidget still gets one self-contained module without a bundler.

function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// The docs root: the page's own on a Sphinx page, the site around a JupyterLite build shipped in
// it (<site>/lite/...), else the `docs_url` trait (the site served by `tutor docs`).
function docsRoot(model) {
  const root = document.documentElement.dataset.content_root;
  if (root !== undefined) return root;
  const at = location.href.indexOf("/lite/");
  return at >= 0 ? location.href.slice(0, at + 1) : model.get("docs_url");
}

// A link to a rule section (class `cls`), or its name alone where the section has no page.
function ruleLink(model, rule, cls) {
  const info = (model.get("rules") || {})[rule];
  // the section's title for the reader; its id (the CLI's word) only in the tooltip
  const label = info ? `규칙: ${info.title}` : `규칙: ${rule}`;
  const link = h(info && info.href ? "a" : "span", cls, label);
  link.title = rule;
  if (!info || !info.href) return link;
  link.href = docsRoot(model) + info.href;
  if (document.documentElement.dataset.content_root === undefined) link.target = "_blank";
  return link;
}

const SVG = "http://www.w3.org/2000/svg";

// An inline SVG element with attributes: marks drawn this way need no font, unlike emoji (🚫) and
// rare symbols (⏮), which show as empty boxes where the reader's fonts lack them.
function svg(tag, attributes, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// The "no entry" mark of a refusal: a ring with a bar across it, in the text colour.
function refusedMark() {
  const line = { stroke: "currentColor", "stroke-width": "2", fill: "none" };
  return svg("svg", { viewBox: "0 0 16 16", class: "rb-mark", "aria-hidden": "true" },
    [svg("circle", { cx: "8", cy: "8", r: "6.5", ...line }), svg("line", { x1: "3.4", y1: "3.4", x2: "12.6", y2: "12.6", ...line })]);
}

// A refused move as a lesson (class rb-lesson): the mark, what was tried (when known), the rules'
// reason and a link to the rule, whose tooltip gives the error code (a code is engine notation: never
// in the sentence). `head` replaces the mark for a refusal that went against the scenario (a failure,
// not a lesson).
function lessonBox(model, error, attempt, head) {
  const box = h("div", head ? "rb-failure" : "rb-lesson");
  const title = h("div", "rb-lesson-head", head || "규칙상 할 수 없는 행동");
  if (!head) title.prepend(refusedMark());
  box.append(title);
  if (attempt) box.append(h("div", "rb-attempt", `시도: ${attempt}`));
  if (!error) return box;
  box.append(h("div", "rb-reason", error.message));
  const meta = h("div", "rb-lesson-meta");
  const tip = `오류 코드: ${error.code} (오류 색인에서 찾을 수 있습니다)`;
  if (error.rule) {
    const link = ruleLink(model, error.rule, "rb-rule");
    link.title = tip;
    meta.append(link);
  } else box.title = tip;
  box.append(meta);
  return box;
}
