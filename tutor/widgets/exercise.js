// Exercise front end (anywidget ESM, no bundler): the reader picks a choice, then sees whether it
// was right, the engine's explanation and a link to the rule. The engine's answer arrived in the
// traits, so this works on a static docs page without a kernel.

function reveal(model, box) {
  const chosen = model.get("chosen");
  const correct = model.get("correct");
  const choices = model.get("choices");
  box.replaceChildren();
  if (chosen < 0) return;
  const right = chosen === correct;
  box.className = `rbx-result ${right ? "rbx-right" : "rbx-wrong"}`;
  box.append(h("div", "rbx-verdict", right ? "✓ 맞았습니다." : `✗ 틀렸습니다. 정답은 「${choices[correct]}」입니다.`));
  const notes = model.get("notes");
  const note = notes[chosen] || {};
  if (!right && note.message) box.append(h("p", "rbx-note", `고른 보기가 안 되는 이유: ${note.message}`));
  box.append(h("p", "rbx-explanation", model.get("explanation")));
  // The engine's reasons for the other wrong choices, and every fact the move changed: there to open, not in the way.
  const others = notes.map((n, i) => [i, n]).filter(([i, n]) => n.message && i !== chosen);
  if (others.length) {
    const list = h("ul", "rbx-others");
    for (const [i, n] of others) list.append(h("li", "", `「${choices[i]}」 ${n.message}`));
    box.append(fold("다른 보기가 안 되는 이유", list));
  }
  const changed = model.get("changed");
  if (changed.length) {
    const table = h("table", "rbx-changed");
    for (const [key, before, after] of changed) {
      const row = h("tr");
      row.append(h("th", "", key), h("td", "rbx-before", before), h("td", "", "→"), h("td", "rbx-after", after));
      table.append(row);
    }
    box.append(fold(`바뀐 사실 모두 보기 (${changed.length}개)`, table));
  }
  const more = h("p", "rbx-more");
  more.append(ruleLink(model, (!right && note.rule) || model.get("rule"), "rbx-rule"));
  box.append(more);
}

function fold(title, body) {
  const details = h("details", "rbx-fold");
  details.append(h("summary", "", title), body);
  return details;
}

function render({ model, el }) {
  const root = h("div", "rbx");
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", `연습 문제: ${model.get("title")}`);
  root.dataset.exercise = model.get("name");

  const head = h("div", "rbx-head");
  head.append(h("span", "rbx-title", model.get("title")), h("span", "rbx-level", model.get("level")));
  if (model.get("ruleset")) head.append(h("span", "rbx-ruleset", model.get("ruleset")));
  root.append(head, h("p", "rbx-question", model.get("question")));

  const move = model.get("move");
  if (move && move.notation) {
    const line = h("div", "rbx-move");
    line.append(h("span", "rbx-by", move.by), h("span", "", move.description), h("code", "", move.notation));
    root.append(line);
  }

  const board = h("details", "rbx-board");
  board.append(h("summary", "", "지금 판 보기"));
  const view = h("div", "rbx-viewbox");
  view.innerHTML = model.get("view");
  board.append(view);
  root.append(board);

  const list = h("div", "rbx-choices");
  const buttons = model.get("choices").map((label, i) => {
    const button = h("button", "rbx-choice", label);
    button.type = "button";
    button.addEventListener("click", () => {
      model.set("chosen", i);
      model.save_changes(); // syncs to Python in a live kernel; harmless on a static page
    });
    list.append(button);
    return button;
  });
  const result = h("div", "rbx-result");
  result.setAttribute("aria-live", "polite");
  const again = h("button", "rbx-again", "다시 풀기");
  again.type = "button";
  again.addEventListener("click", () => {
    model.set("chosen", -1);
    model.save_changes();
  });
  root.append(list, result, again);
  el.append(root);

  const update = () => {
    const chosen = model.get("chosen");
    buttons.forEach((button, i) => {
      button.disabled = chosen >= 0;
      button.classList.toggle("rbx-picked", i === chosen);
      button.classList.toggle("rbx-answer", chosen >= 0 && i === model.get("correct"));
    });
    again.hidden = chosen < 0;
    reveal(model, result);
  };
  model.on("change:chosen", update);
  update();
  return () => model.off("change:chosen", update);
}

export default { render };
