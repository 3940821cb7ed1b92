// The DOM helpers of every live page (the practice game, the workbench and its board editor): an element's
// text is always its textContent, never markup, so whatever a scenario, a link or a save holds stays text.
export function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// A button (type "button": never a form's submit) with its classes, its words and what a click does.
export function button(cls, text, onClick) {
  const node = h("button", cls, text);
  node.type = "button";
  if (onClick) node.addEventListener("click", onClick);
  return node;
}
