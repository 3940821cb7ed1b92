// What the workbench draws from Python's answers, and nothing else: the verdict's head, the moves of a step,
// the moves the engine would refuse there, and what the question suggests. Each function makes elements
// (text as textContent) from an answer; the page (workbench.js) puts them in place and says what a click does.
import { button, h } from "../live/dom.js";

// The verdict's head: the question, the engine's answers to what was asked, then its answers to what the steps
// expect without asking (an example's refusals and checked facts: the first few, the rest folded), and what
// the run means, or what to do next when nothing has been asked yet. → { head, caption }: the caption is
// what the saved picture shows under the board (the question and the answer lines).
const SHOWN_ANSWERS = 6;
const TRY_ASKING = "아래 단계 도구에서 행동을 골라 ‘할 수 있나요?’로 묻거나, 사실을 골라 ‘이 값은?’으로 엔진에 물어보세요.";
export function answerHead(result) {
  const checked = result.checked || [];
  const told = result.answers.length || checked.length;
  const head = h("div", `rbw-result ${!result.ok ? "rbw-bad" : told ? "rbw-ok" : "rbw-idle"}`);
  const caption = { question: result.question || "", lines: [] };
  if (result.question) head.append(h("p", "rbw-question", `질문: ${result.question}`));
  for (const answer of result.answers) {
    for (const line of answer.lines) {
      head.append(h("p", "rbw-answer", line));
      caption.lines.push(line);
    }
  }
  // after the reader's own answers, an example's are folded whole; alone, the first few are shown
  let budget = result.answers.length ? 0 : SHOWN_ANSWERS;
  let rest = 0;
  const more = h("details", "rbw-more-answers");
  for (const step of checked) {
    const shown = step.lines.slice(0, budget);
    budget -= shown.length;
    if (shown.length) {
      head.append(answerGroup(step, shown, true));
      if (step.move) caption.lines.push(asking(step));
      caption.lines.push(...shown);
    }
    if (shown.length < step.lines.length) {
      more.append(answerGroup(step, step.lines.slice(shown.length), !shown.length));
      rest += step.lines.length - shown.length;
    }
  }
  if (rest) {
    const named = result.answers.length ? `거부될 행동과 확인한 사실에 대한 답 ${rest}개` : `나머지 답 ${rest}개`;
    more.prepend(h("summary", "", named));
    head.append(more);
    caption.lines.push(`(${named}는 작업대에서 볼 수 있습니다.)`);
  }
  if (!result.ok) head.append(h("p", "", "✘ 예상과 다른 단계가 있습니다 (✗ 표시). 재생기가 그 단계를 보여 줍니다."));
  else if (checked.length && !result.answers.length) head.append(h("p", "", "✔ 통과: 모든 기대(거부될 행동, 확인한 사실)가 맞습니다."));
  else if (!told && result.moves) head.append(h("p", "", `✔ 모든 행동을 규칙대로 할 수 있습니다. ${TRY_ASKING}`));
  else if (!told) head.append(h("p", "", `아직 엔진에 물은 것이 없습니다. ${TRY_ASKING}`));
  return { head, caption };
}

// A step's answers to what it expects (some of them, when the rest are folded), under the move it asks about.
const asking = (step) => `${step.at}단계: ‘${step.move}’ 할 수 있나요?`;
function answerGroup(step, lines, withMove) {
  const group = h("div", "rbw-checked");
  group.dataset.at = step.at;
  if (withMove && step.move) group.append(h("p", "rbw-asked", asking(step)));
  for (const line of lines) group.append(h("p", "rbw-checked-answer", line));
  return group;
}

// A group of moves as the practice table draws it: its Korean title and count, then its buttons.
export function moveGroup(group, parts) {
  const box = h("div", "rbw-group");
  box.append(h("div", "rbw-group-head", `${group.label} (${group.moves.length})`), ...parts);
  return box;
}

// A row of move buttons, each with its Korean description on screen and its notation kept for the file;
// `choose(pick, button)` hears a click.
export function moveButtons(picks, choose) {
  const row = h("div", "rbw-buttons");
  row.append(...picks.map((pick) => {
    const node = button("rbw-btn rbw-move", pick.text, () => choose(pick, node));
    node.dataset.move = pick.move;
    node.setAttribute("aria-pressed", "false");
    return node;
  }));
  return row;
}

// "다른 행동 시도": the moves the engine would refuse here, each with its reason and rule. A move whose words
// repeat another's is shown once; at most TRY_SHOWN at a time, narrowed by a search over the words and reasons.
const TRY_SHOWN = 30;
// The groups' moves whose words or reason hold every word searched (spaces ignored, as Korean is often
// written with or without them), TRY_SHOWN at most; within a kind of move, the moves refused for one
// reason under it.
export function tryList(groups, query, choose) {
  const squeeze = (text) => text.replace(/\s+/g, "").toLowerCase();
  const words = query.split(/\s+/).filter(Boolean).map(squeeze);
  const fits = (refused) => words.every((word) => squeeze(`${refused.text} ${refused.reason} ${refused.move}`).includes(word));
  const out = [];
  let left = TRY_SHOWN, found = 0;
  for (const group of groups) {
    const matching = group.moves.filter(fits);
    found += matching.length;
    const shown = matching.slice(0, left);
    left -= shown.length;
    if (!shown.length) continue;
    const reasons = new Map();
    for (const refused of shown) {
      const key = `${refused.reason}\n${refused.rule}`;
      reasons.set(key, [...(reasons.get(key) || []), refused]);
    }
    out.push(moveGroup({ label: group.label, moves: matching }, [...reasons.values()].map((same) => {
      const part = h("div", "rbw-refusal");
      const why = h("div", "rbw-why");
      why.append(h("span", "rbw-reason", same[0].reason), " ", ruleLink(same[0]));
      part.append(why, moveButtons(same.map((refused) => ({ move: refused.move, text: refused.text, refusal: refused })), choose));
      return part;
    })));
  }
  if (!found) {
    out.push(h("p", "rbw-hint", words.length ? "찾는 말이 든 행동이 없습니다. 다른 말로 찾아보세요."
      : "이 단계에서 엔진이 거부할 다른 행동을 찾지 못했습니다."));
  } else if (found > TRY_SHOWN) {
    out.push(h("p", "rbw-hint", `${found}개 가운데 ${TRY_SHOWN}개만 보입니다. 위 칸에 찾을 말을 적어 좁히세요.`));
  }
  return out;
}

function ruleLink(refused) {
  const label = `규칙: ${refused.title || "이 행동의 규칙"}`;
  if (!refused.href) return h("span", "rbw-rule", label);
  return siteLink("rbw-rule", label, refused.href);
}

// The examples and rule sections suggested for the question (tutor.suggest), each with the words it shares
// with it; `start(name)` starts from an example.
export function suggestionList(found, start) {
  const shared = (item) => h("span", "rbw-hint", item.words.length ? ` — 겹치는 말: ${item.words.join(", ")}` : "");
  const part = (title, items, line) => (items.length ? [h("p", "rbw-suggest-head", title), list(items.map(line))] : []);
  const list = (lines) => {
    const out = h("ul", "rbw-suggest-list");
    out.append(...lines);
    return out;
  };
  return [
    ...part("이 질문과 가까운 예제", found.examples, (example) => {
      const item = h("li", "rbw-suggest-example");
      item.append(h("span", "rbw-suggest-title", example.title), shared(example), " ",
        button("rbw-btn rbw-suggest-start", "이 예제에서 시작", () => start(example.name)));
      return item;
    }),
    ...part("관련 규칙", found.rules, (rule) => {
      const item = h("li");
      item.append(siteLink("rbw-suggest-rule", rule.title, rule.href), shared(rule));
      return item;
    }),
  ];
}

// A link to a page of the site, opened beside the workbench (which keeps its question and its Python).
function siteLink(cls, text, href) {
  const link = h("a", cls, text);
  link.href = (document.documentElement.dataset.content_root ?? "") + href;
  link.target = "_blank";
  link.rel = "noopener";
  return link;
}
