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
  const label = info ? `규칙: ${info.title} (${rule})` : `규칙: ${rule}`;
  if (!info || !info.href) return h("span", cls, label);
  const link = h("a", cls, label);
  link.href = docsRoot(model) + info.href;
  if (document.documentElement.dataset.content_root === undefined) link.target = "_blank";
  return link;
}

// A refused move as a lesson (class rb-lesson): the mark, what was tried (when known), the rules'
// reason, a link to the rule and the error code. `head` replaces the mark for a refusal that went
// against the scenario (a failure, not a lesson).
function lessonBox(model, error, attempt, head) {
  const box = h("div", head ? "rb-failure" : "rb-lesson");
  box.append(h("div", "rb-lesson-head", head || "🚫 규칙상 할 수 없는 행동"));
  if (attempt) box.append(h("div", "rb-attempt", `시도: ${attempt}`));
  if (!error) return box;
  box.append(h("div", "rb-reason", error.message));
  const meta = h("div", "rb-lesson-meta");
  if (error.rule) meta.append(ruleLink(model, error.rule, "rb-rule"), " ");
  const code = h("code", "rb-code", error.code);
  code.title = "오류 코드 (오류 색인에서 찾을 수 있습니다)";
  meta.append(code);
  box.append(meta);
  return box;
}
