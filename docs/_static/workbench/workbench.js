// The question workbench (질문 작업대): write a scenario, check and replay it as `tutor check` does,
// share it as a link. Everything runs in this page: Python (Pyodide) from the site's own files runs
// tutor.workbench, which checks and replays with the CLI's code; the steps are drawn by the
// ScenarioPlayer's own front end and a step's position opens in the Sandbox's own front end.
// This file holds the page's state and its changes (the text, the run shown, the step picked) and wires the
// controls to them. Apart from it: its calls to Python (python.js), what it draws from Python's answers
// (draw.js; form.js, the set-up form; board.js, the board editor), the link and its sharing (link.js,
// share.js), and the DOM helpers every live page uses (../live/dom.js).
import { encode } from "./link.js";
import { boardEditor } from "./board.js";
import { embedCode, embedded, openEmbed, readFragment, saveFile, savePicture } from "./share.js";
import { boardSpec, call, listen, model, python, session, suggest, text as textCall, widget } from "./python.js";
import { answerHead, moveButtons, moveGroup, suggestionList, tryList } from "./draw.js";
import { setupForm as makeSetupForm } from "./form.js";
import { button, h } from "../live/dom.js";

// The editor's code loads while Python starts (below), not before it; the embed view has no editor.
const editorCode = embedded ? null : import("../vendor/workbench/editor.js");
let cm = null;

const STORE = "rulebook-workbench-text";
const STORE_PREVIOUS = "rulebook-workbench-previous";
// Set before the stored text is run, cleared once its verdict and step tools are drawn: a text whose work
// never ended (the tab was closed, or the live client's budget stopped it) is restored but not run again
// until the reader asks (a link or a notebook may have planted it).
const STORE_RUNNING = "rulebook-workbench-running";
// localStorage that never throws (guard.js; a page without it, e.g. a test page, keeps nothing)
const store = globalThis.rulebookStore || { kept: false, get: () => null, set: () => false, remove() {} };
const root = document.getElementById("rb-workbench");
const $ = (selector) => root.querySelector(selector);
const live = globalThis.rulebookLive;

function status(text, kind = "") {
  const line = $(".rbw-status");
  line.textContent = text;
  line.className = `rbw-status ${kind}`;
}

// --- the editor ---------------------------------------------------------------------------------------
let editor = null;
let problems = [];
let lastText = "";
async function lintSource(view) {
  if (!session.ready) return [];
  const text = view.state.doc.toString();
  problems = await call("lint", text);
  showProblems(problems);
  return problems.map((p) => {
    const line = view.state.doc.line(Math.min(Math.max(p.line || 1, 1), view.state.doc.lines));
    return { from: line.from, to: line.to, severity: "error", message: `${p.line || "?"}번째 줄: ${p.message}` };
  });
}

function showProblems(list) {
  const box = $(".rbw-problems");
  box.replaceChildren();
  box.hidden = !list.length;
  if (!list.length) return;
  box.append(h("div", "rbw-problems-head", "이 글을 읽지 못하는 까닭 (고치면 바로 다시 확인합니다):"));
  const items = h("ul");
  for (const p of list) items.append(h("li", "", p.line ? `${p.line}번째 줄: ${p.message}` : p.message));
  box.append(items);
}

function makeEditor(text) {
  editor = new cm.EditorView({
    parent: $(".rbw-editor"),
    state: cm.EditorState.create({
      doc: text,
      extensions: [
        cm.lineNumbers(), cm.history(), cm.drawSelection(), cm.highlightActiveLine(), cm.indentOnInput(),
        cm.bracketMatching(), cm.syntaxHighlighting(cm.defaultHighlightStyle, { fallback: true }),
        cm.keymap.of([...cm.defaultKeymap, ...cm.historyKeymap, cm.indentWithTab,
          { key: "Mod-Enter", run: () => { runNow(); return true; } }]),
        cm.yaml(), cm.lintGutter(), cm.linter(lintSource, { delay: 250 }),
        cm.EditorView.lineWrapping,
        cm.EditorView.contentAttributes.of({ "aria-label": "시나리오 YAML" }),
        cm.EditorView.updateListener.of((update) => { if (update.docChanged) edited(); }),
      ],
    }),
  });
}

let embedText = ""; // the embed view's text (no editor there)
const text = () => (editor ? editor.state.doc.toString() : embedText);
function setText(value) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
}

let editTimer = 0;
function edited() {
  remember(STORE, text()); // nothing typed is lost: kept until 지우기
  clearTimeout(editTimer);
  editTimer = setTimeout(() => { if (session.ready) { setupForm.sync(); runNow(); showGaps(); } }, 400);
}

// Replacing the reader's text (a new start, a link, a file) keeps what they had, to bring back: `said` (a new
// question, an example, a file) is shown by the status with a button that puts the text and its step back.
let undo = null; // { text, step }: what "되돌리기" restores
function replaceText(value, said = "") {
  const old = store.get(STORE);
  if (old && old.trim() && old !== value && remember(STORE_PREVIOUS, old)) $(".rbw-restore").hidden = false;
  const shown = text();
  undo = said && shown.trim() && shown !== value ? { text: shown, step: stepShown() } : null;
  $(".rbw-undo-said").textContent = said;
  $(".rbw-undo-note").hidden = !undo;
  setText(value);
}

function undoReplace() {
  if (!undo) return;
  const { text: previous, step } = undo;
  undo = null;
  $(".rbw-undo-note").hidden = true;
  remember(STORE_PREVIOUS, text());
  wanted = { text: previous, step };
  setText(previous);
  status("앞의 글로 되돌렸습니다.", "rbw-ok");
}

// --- running ------------------------------------------------------------------------------------------
let player = null;
// The step to show when this very text is next run (a link's step, an example's, a step just added): tied
// to the text, because runs answer asynchronously and one already under way is for the text before.
let wanted = null;
let stepCount = 0;
let runGeneration = -1; // the Python generation whose last run the step tools ask about
async function runNow() {
  await python();
  for (const note of root.querySelectorAll(".rbw-unrun")) note.remove();
  const source = text();
  const started = performance.now();
  if (!embedded) remember(STORE_RUNNING, "1"); // cleared by settled() once the step tools are drawn
  root.dataset.runBegan = String(Math.round(started)); // for the browser test: when this run was asked for
  let result;
  try {
    result = await call("run", source);
  } catch (error) {
    if (error.stopped) return; // the budget stopped it: stopped() said so
    // a bug of ours or an engine's: say so, keep the page and the text
    status(`작업대 안에서 예상하지 못한 오류가 났습니다. 글은 그대로 저장되어 있습니다 (${String(error.message || error).split("\n").filter(Boolean).pop()}).`, "rbw-bad");
    settled();
    finished("error", started);
    return;
  }
  lastText = source;
  runGeneration = session.generation;
  const verdict = $(".rbw-verdict");
  verdict.replaceChildren();
  if (!embedded) drawBoard(source);
  if (result.problems) {
    showProblems(result.problems);
    verdict.append(h("div", "rbw-result rbw-bad", embedded ? "✘ 이 질문을 실행하지 못했습니다: 링크의 시나리오에 문제가 있습니다."
      : "✘ 실행하지 못했습니다: 위에 적힌 문제를 먼저 고치세요."));
    $(".rbw-steps").hidden = true;
    settled();
    finished("unusable", started);
    return;
  }
  showProblems([]);
  const p = result.player;
  const want = wanted && wanted.text === source ? wanted.step : null;
  if (want !== null) wanted = null;
  const failedAt = result.ok ? null : result.failed_at; // a failed run opens at its first failing step
  const keep = want !== null ? want : failedAt !== null ? failedAt
    : player && p.steps.length === stepCount ? player.get("index") : 0;
  stepCount = p.steps.length;
  player = model({ ...p, index: Math.min(keep, p.steps.length - 1), docs_url: "" });
  const { head, caption: said } = answerHead(result);
  caption = said;
  const report = h("details", "rbw-report");
  report.append(h("summary", "", "자세한 판정 기록"), h("pre", "", result.report));
  const mount = h("div", "rbw-player");
  verdict.append(head, mount, report);
  const question = $(".rbw-question-text");
  if (document.activeElement !== question && question.value !== (result.question || "")) {
    question.value = result.question || ""; // the text's own question, and what it suggests
    suggestions();
  }
  const pick = $(".rbw-game"); // the game picker follows the text's game
  if (result.game && pick.value !== result.game && games.some((g) => g.id === result.game)) {
    pick.value = result.game;
    fillGame();
  }
  if (result.game === pick.value) pickVariant(result.variant, true); // and its mode and edition (an example's)
  (await widget("player")).render({ model: player, el: mount });
  player.on("change:index", () => { stepTools(); });
  $(".rbw-steps").hidden = false;
  finished(result.ok ? "ok" : "failed", started);
  if (embedded) return;
  setTimeout(stepTools, 0); // the tools for the next step, once the verdict is on screen
}

let caption = { question: "", lines: [] }; // what the saved picture shows under the board (draw.js answerHead)

// The stored text's work is done (its verdict and its step tools are drawn): a reload may run it again.
function settled() {
  if (!embedded) store.remove(STORE_RUNNING);
}

// What a stopped call was doing, as the start of "… 데 N초가 넘게 걸려".
const DOING = {
  run: "이 질문을 재생하고 판정하는 데", at_step: "이 단계에서 할 수 있는 행동을 찾는 데",
  refusals: "엔진이 거부할 행동을 찾는 데", spec: "시작 상태를 판에 그리는 데", form: "준비 양식을 만드는 데",
  lint: "글을 검사하는 데", with_form: "판이나 양식에서 고친 것을 글에 적는 데", with_step: "단계를 글에 적는 데",
  with_question: "질문을 글에 적는 데", sandbox_at: "실험판을 여는 데",
};

// The live client stopped a call past its budget and started a fresh Python (docs/_static/live/client.js):
// say what stopped and why, keep the text, and leave every control working (the next run starts afresh).
function stopped({ seconds, name }) {
  lastText = "";
  const doing = Object.hasOwn(DOING, name) ? DOING[name] : "엔진이 계산하는 데";
  const said = `${doing} ${seconds}초가 넘게 걸려 계산을 멈췄습니다. 엔진이 따져 볼 경우가 너무 많은 장면일 수 있습니다. ` +
    (embedded ? "링크 속 질문은 그대로이니 ‘다시 실행’을 누르거나 ‘질문 작업대에서 열기’로 열어 보세요."
      : "편집기의 글은 그대로 있습니다. 파이썬을 새로 시작했으니 글을 고치거나 ‘다시 실행’을 누르면 다시 확인합니다.");
  status("계산을 멈췄습니다. 까닭은 아래 ‘답’에 적었습니다.", "rbw-bad");
  const verdict = $(".rbw-verdict");
  if (name === "run") verdict.replaceChildren(); // the verdict shown was another text's
  for (const old of verdict.querySelectorAll(".rbw-stopped")) old.remove();
  const box = h("div", "rbw-result rbw-bad rbw-stopped");
  box.setAttribute("role", "alert");
  box.append(h("p", "", `⏱ ${said}`), button("rbw-btn rbw-run-again", "다시 실행", runNow));
  verdict.prepend(box);
  $(".rbw-steps").hidden = true; // its moves were the old Python's
  root.dataset.verdict = "stopped";
  root.dataset.stops = String(Number(root.dataset.stops || 0) + 1);
}
// a call stopped by the budget rejects wherever it was awaited; stopped() has said so already
window.addEventListener("unhandledrejection", (event) => { if (event.reason && event.reason.stopped) event.preventDefault(); });

// Storage: what cannot be kept is said once, in Korean (the page works the same without it).
function remember(key, value) {
  if (store.set(key, value)) return true;
  if (!embedded) noStorage();
  return false;
}
function noStorage() {
  if (root.querySelector(".rbw-storage-note")) return;
  const note = h("p", "rbw-storage-note rbw-hint", "이 브라우저가 이 사이트의 저장 공간을 막아 두어서 편집기의 글을 " +
    "저장하지 못합니다. 페이지를 닫거나 새로 고치면 글이 사라지니 ‘링크 복사’나 ‘내려받기’로 간직하세요.");
  note.setAttribute("role", "note");
  $(".rbw-status").after(note);
}

// --- the board editor (판에서 차리기): click a zone of the starting position to set what is there -----------
let board = null;
let boardPlayers = null;
let boardSaid = { text: null, said: "" }; // the last set-up written from the board and what was added to it
async function drawBoard(source) {
  let spec;
  try {
    spec = await boardSpec(source);
  } catch (error) { // not a scenario that can be read yet: the problems above say why
    if (error.stopped) return;
    $(".rbw-board-note").textContent = "위에 적힌 YAML의 문제를 먼저 고치면 판에서도 고칠 수 있습니다.";
    return;
  }
  if (source !== text()) return; // the text changed meanwhile: its own run draws it
  $(".rbw-board-note").textContent = source === boardSaid.text ? boardSaid.said : "";
  boardPlayers = { players: spec.players, seed: spec.seed };
  board ||= boardEditor($(".rbw-board"), writeSetup);
  board.draw(spec);
  root.dataset.boardDraws = String(Number(root.dataset.boardDraws || 0) + 1);
}

// A set-up made on the board, written into the text as the form writes (only the `setup:` entry changes).
async function writeSetup(setup) {
  const answer = await call("with_form", text(), JSON.stringify({ ...boardPlayers, setup }));
  if (answer.problems) { // nothing typed is written over: the text's own problems come first
    const first = answer.problems[0];
    $(".rbw-board-note").textContent = "YAML의 문제를 먼저 고치면 판에서도 고칠 수 있습니다 " +
      `(${first.line ? `${first.line}번째 줄: ` : ""}${first.message})`;
    showProblems(answer.problems);
    return;
  }
  // what the game's set-up then needed, done for the reader (a card put in a hand joins the kingdom): said
  // under the board until the text changes again
  boardSaid = { text: answer.text, said: (answer.said || []).join(" ") };
  $(".rbw-board-note").textContent = boardSaid.said;
  if (answer.text !== text()) setText(answer.text);
}

// The verdict, how long the run took and how many runs so far, for the browser test and the benchmark.
function finished(verdict, started) {
  root.dataset.verdict = verdict;
  root.dataset.runMs = String(Math.round(performance.now() - started));
  root.dataset.runs = String(Number(root.dataset.runs || 0) + 1);
}

// --- steps: a move, an expected refusal or a question added right after the step shown ------------------
let here = null;
let chosen = null; // the move picked: {move (notation, for the file), text (Korean), refusal (the engine's, if refused)}
async function stepTools() {
  if (embedded || runGeneration !== session.generation) return; // the embed view only shows the steps; a stopped Python's run is gone
  const at = player.get("index");
  const answer = await call("at_step", at);
  settled();
  if (player.get("index") !== at) return; // the reader moved on while Python answered
  here = answer;
  $(".rbw-at").textContent = at === 0 ? "시작 상태에서" : `${at}단계 뒤에서`;
  $(".rbw-turn").textContent = here.turn;
  const moves = $(".rbw-moves");
  moves.replaceChildren(h("div", "rbw-label", "할 수 있는 행동 (눌러서 고르기)"));
  for (const group of here.groups) moves.append(moveGroup(group, [moveButtons(group.moves.map(([move, text]) => ({ move, text })), choose)]));
  if (!here.groups.length) moves.append(h("p", "rbw-hint", "이 단계에서는 할 수 있는 행동이 없습니다."));
  moves.dataset.at = String(at); // the step these moves are for (the browser test waits on it)
  const first = here.groups.length ? here.groups[0].moves[0][0] : "";
  $(".rbw-move-text").placeholder = first ? `예: ${first}` : "";
  $(".rbw-move-text").value = "";
  fill($(".rbw-fact-list"), "물어볼 사실 고르기", here.facts.map((fact, i) => [String(i), fact.label]));
  choose(null);
  $(".rbw-sandbox").replaceChildren();
  if (!$(".rbw-refused").hidden) showRefused(); // still open: the refusals of the step now shown
}

// "다른 행동 시도": the moves the engine would refuse at the step shown (each move's words once), with a search
// box over them (draw.js's tryList shows at most 30).
async function showRefused() {
  const box = $(".rbw-refused");
  const at = player.get("index");
  box.hidden = false;
  $(".rbw-try-other").setAttribute("aria-expanded", "true");
  box.replaceChildren(h("p", "rbw-hint", "엔진에 다른 행동들을 묻는 중입니다…"));
  const answer = await call("refusals", at);
  if (player.get("index") !== at || box.hidden) return;
  const seen = new Set();
  const groups = answer.groups.map((group) => ({
    label: group.label,
    moves: group.moves.filter((refused) => !seen.has(refused.text) && seen.add(refused.text)),
  })).filter((group) => group.moves.length);
  const search = h("input", "rbw-try-search");
  search.type = "search";
  search.placeholder = "찾기: 카드 이름이나 행동 (예: 알현실)";
  search.setAttribute("aria-label", "거부될 행동 찾기");
  const list = h("div", "rbw-try-list");
  box.replaceChildren(h("div", "rbw-label", "이 단계에서 엔진이 거부할 행동 (눌러서 고르기)"), search, list);
  const draw = () => list.replaceChildren(...tryList(groups, search.value, choose));
  search.addEventListener("input", draw);
  draw();
  if (answer.cut) box.append(h("p", "rbw-hint", "행동이 너무 많아 일부만 엔진에 물었습니다. 다른 행동은 ‘표기법으로 적기’로 물어보세요."));
}

// The move picked (pressed, and said in words) and the buttons that act on it.
function choose(pick, button = null) {
  chosen = pick;
  for (const pressed of root.querySelectorAll(".rbw-move[aria-pressed='true']")) pressed.setAttribute("aria-pressed", "false");
  if (button) {
    button.setAttribute("aria-pressed", "true");
    $(".rbw-move-text").value = "";
  }
  $(".rbw-chosen").textContent = !pick ? "위에서 행동을 눌러 고르세요."
    : pick.refusal ? `고른 행동: ${pick.text} (엔진이 거부할 행동)` : `고른 행동: ${pick.text}`;
  $(".rbw-add-move").hidden = Boolean(pick && pick.refusal);
  $(".rbw-add-refused").hidden = !(pick && pick.refusal);
  for (const cls of [".rbw-add-move", ".rbw-add-refused", ".rbw-ask-move"]) $(cls).disabled = !pick;
}

// A select's options: a first one with no value that says what to pick, then [value, text] pairs.
function fill(select, prompt, items) {
  select.replaceChildren(h("option", "", prompt));
  select.options[0].value = "";
  for (const [value, text] of items) {
    const option = h("option", "", text);
    option.value = value;
    select.append(option);
  }
}

async function addStep(step) {
  const at = player.get("index");
  // steps shown are the file's steps plus moves drawn from the seed: count the file's up to here
  const fileSteps = player.get("steps").slice(1, at + 1).filter((s) => s.kind !== "auto").length;
  const next = await textCall("with_step", text(), JSON.stringify(step), fileSteps);
  wanted = { text: next, step: at + 1 }; // the new step
  setText(next);
}

// --- the set-up form (form.js) --------------------------------------------------------------------------
const setupForm = makeSetupForm($(".rbw-form"), $(".rbw-form-note"), { text, setText, showProblems });

// --- starting points ----------------------------------------------------------------------------------
let games = [];
async function fillStart() {
  games = await call("games");
  const pick = $(".rbw-game");
  pick.replaceChildren(...games.map((g) => Object.assign(h("option", "", g.title), { value: g.id })));
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((g) => g.id === wanted)) pick.value = wanted;
  pick.addEventListener("change", fillGame);
  await fillGame();
}

const PLAYER_NAMES = ["윤주", "민호", "서연", "지훈", "하늘", "도윤"];
let builtinList = [];
async function fillGame() {
  const game = games.find((g) => g.id === $(".rbw-game").value);
  const count = $(".rbw-count");
  count.replaceChildren();
  for (let n = game.min; n <= game.max; n++) count.append(Object.assign(h("option", "", `${n}명`), { value: n }));
  const options = $(".rbw-options");
  options.replaceChildren();
  for (const option of game.options.filter((o) => ["mode", "edition", "draft"].includes(o.name))) {
    const select = Object.assign(h("select"), { name: option.name });
    select.dataset.option = "1";
    for (const [choice, label] of option.choices) select.append(Object.assign(h("option", "", label), { value: JSON.stringify(choice) }));
    select.value = JSON.stringify(option.default);
    select.addEventListener("change", optionNote);
    const label = h("label", "rbw-field", `${option.label}: `);
    label.append(select);
    options.append(label);
  }
  optionNote();
  if (game.starts.length) { // the moments the engine's set-up keys can start at (a later epoch, after the draft)
    const select = h("select", "rbw-start-at");
    select.append(...game.starts.map((start) => Object.assign(h("option", "", start), { value: start })));
    const label = h("label", "rbw-field", "시작할 때: ");
    label.append(select);
    options.append(label);
  }
  builtinList = builtinList.length ? builtinList : await call("builtins");
  const examples = $(".rbw-example");
  examples.replaceChildren(...builtinList.filter((b) => b.game === game.id)
    .map((b) => Object.assign(h("option", "", b.title), { value: b.name })));
}

// What the chosen choices include (a mode's parts), as the engine declares them: a line under the pickers.
function optionNote() {
  const game = games.find((g) => g.id === $(".rbw-game").value);
  const notes = [...root.querySelectorAll(".rbw-options select[data-option]")].map((select) => {
    const option = game.options.find((o) => o.name === select.name);
    const choice = option.choices.find(([value]) => JSON.stringify(value) === select.value);
    return choice && choice[2] ? `${choice[1]}: ${choice[2]}` : "";
  }).filter(Boolean);
  $(".rbw-option-note").textContent = notes.join(" ");
}

// The pickers show a text's options: those it names, and (``whole``: the text is all there is) the engine's
// defaults for those it leaves out.
function pickVariant(variant, whole) {
  const game = games.find((g) => g.id === $(".rbw-game").value);
  for (const select of root.querySelectorAll(".rbw-options select[data-option]")) {
    const option = game.options.find((o) => o.name === select.name);
    const named = variant && Object.hasOwn(variant, select.name);
    if (!named && !whole) continue;
    const value = JSON.stringify(named ? variant[select.name] : option.default);
    if ([...select.options].some((o) => o.value === value)) select.value = value;
  }
  optionNote();
}

// What the question or its board names that the text's game mode lacks, with one button that switches the
// text's mode and keeps everything else.
let gapsAsked = 0;
async function showGaps() {
  const asked = ++gapsAsked;
  const source = text();
  const gaps = await call("mode_gaps", source);
  if (asked !== gapsAsked) return; // a later text was asked about
  const box = $(".rbw-mode-gap");
  box.replaceChildren(...gaps.map((gap) => {
    const line = h("p", "", `${gap.say} `);
    line.append(button("rbw-btn rbw-switch-mode", gap.button, async () => {
      const next = await textCall("with_variant", text(), JSON.stringify(gap.variant));
      if ($(".rbw-game").value === gap.game) pickVariant(gap.variant, false); // the picker says what the text now has
      if (next !== text()) setText(next);
    }));
    return line;
  }));
  box.hidden = !gaps.length;
}

async function newGame() {
  const box = $(".rbw-link"); // a new question: the old one's link and status go
  box.value = "";
  box.hidden = true;
  status("");
  if (location.hash) history.replaceState(null, "", location.href.split("#")[0]);
  const game = $(".rbw-game").value;
  const players = PLAYER_NAMES.slice(0, Number($(".rbw-count").value));
  const variant = Object.fromEntries([...root.querySelectorAll(".rbw-options select[data-option]")].map((s) => [s.name, JSON.parse(s.value)]));
  const startAt = $(".rbw-start-at");
  replaceText(await textCall("new_scenario", game, JSON.stringify(players), JSON.stringify(variant), startAt ? startAt.value : ""),
    "새 질문을 만들었습니다.");
}

async function fromExample() {
  await startExample($(".rbw-example").value, Math.max(0, Number($(".rbw-example-step").value) || 0));
}

async function startExample(name, step) {
  const example = await textCall("builtin_text", name);
  wanted = { text: example, step };
  replaceText(example, "예제에서 새로 시작했습니다.");
}

// --- start from the question: as the reader types it, the examples and rule sections of the chosen game it
// most likely concerns (tutor.suggest), each example one click from starting there
let suggestTimer = 0;
async function suggestions() {
  const box = $(".rbw-suggest");
  const question = $(".rbw-question-text").value.trim();
  const found = question && session.ready ? await suggest(question, $(".rbw-game").value) : { examples: [], rules: [] };
  if (question !== $(".rbw-question-text").value.trim()) return; // typed on meanwhile: that call will answer
  box.replaceChildren(...suggestionList(found, startSuggested));
  box.hidden = !box.childElementCount;
}
const startSuggested = afterStart((name) => startExample(name, 0));
$(".rbw-question-text").addEventListener("input", () => {
  clearTimeout(suggestTimer);
  suggestTimer = setTimeout(suggestions, 300);
});

async function fromFile(file) {
  if (file.size > 256 * 1024) {
    status(`파일이 너무 큽니다 (${Math.round(file.size / 1024)} KB; 시나리오는 256 KB까지 읽습니다).`, "rbw-bad");
    return;
  }
  try {
    replaceText(new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()), `${file.name} 파일을 불러왔습니다.`);
  } catch {
    status("파일이 UTF-8이 아닙니다. 편집기에서 인코딩을 UTF-8로 바꿔 다시 저장하세요.", "rbw-bad");
  }
}

// --- sharing ------------------------------------------------------------------------------------------
const stepShown = () => (player ? player.get("index") : 0);

// Shows `value` in its read-only box (the other share box hidden) and copies it: `done` says so.
async function copyOut(selector, value, done) {
  for (const other of root.querySelectorAll(".rbw-link, .rbw-embed-code")) other.hidden = true;
  const box = $(selector);
  box.value = value;
  box.hidden = false;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      copied = true;
    }
  } catch { /* shown in the box below to copy by hand */ }
  box.select();
  if (!copied) copied = document.execCommand && document.execCommand("copy");
  status(copied ? done : "아래 칸의 글을 직접 복사하세요.", "rbw-ok");
}

async function copyLink() {
  const url = location.href.split("#")[0] + "#" + await encode(text(), stepShown());
  await copyOut(".rbw-link", url, `링크를 복사했습니다 (${url.length.toLocaleString()}자). 이 링크를 열면 같은 시나리오가 열리고 실행됩니다.`);
  history.replaceState(null, "", url);
}

async function copyEmbed() {
  const code = embedCode(await encode(text(), stepShown()), $(".rbw-question-text").value.trim());
  await copyOut(".rbw-embed-code", code, "퍼가기 코드를 복사했습니다. 게시판이나 블로그의 HTML에 붙이면 그 자리에 질문과 답, 단계가 나옵니다.");
}

async function picture() {
  const board = root.querySelector(".rbw-player .rbp-viewbox");
  if (!board) {
    status("먼저 실행해서 판을 보여 주세요.", "rbw-bad");
    return;
  }
  status(`${await savePicture(board, stepShown(), caption)} 파일을 내려받았습니다.`, "rbw-ok");
}

function download() {
  saveFile(new Blob([text()], { type: "application/yaml" }), "질문.yaml");
  status("질문.yaml을 내려받았습니다. 파이썬이 있으면 `tutor check 질문.yaml`로 똑같이 확인할 수 있습니다.", "rbw-ok");
}

async function openSandbox() {
  const traits = await call("sandbox_at", player.get("index"));
  const mount = $(".rbw-sandbox");
  mount.replaceChildren();
  (await widget("sandbox")).render({ model: model({ ...traits, docs_url: "" }), el: mount });
  mount.scrollIntoView({ block: "nearest" });
}

// --- wiring -------------------------------------------------------------------------------------------
// Python, started: false (and said why) where this browser cannot run it.
async function started() {
  try {
    await python();
    return true;
  } catch (error) {
    status(`이 브라우저에서는 작업대를 실행할 수 없습니다 (${error.message || error}). 최신 Chrome·Edge·Firefox·Safari가 필요합니다.`, "rbw-bad");
    return false;
  }
}

// The start controls need Python and the game list: pressed before the page is ready, they wait for it and
// say so (not lost, and never run against an empty game picker).
let pageReady = null;
let waitNote = ""; // said while a control pressed before the page was ready waits for it
const whenReady = new Promise((resolve) => { pageReady = resolve; });
function afterStart(action) {
  return async (...args) => {
    if (!root.classList.contains("rbw-ready")) {
      waitNote = "준비되면 누른 일을 바로 하겠습니다.";
      status(`파이썬을 준비하는 중입니다… ${waitNote}`);
      await whenReady;
      waitNote = "";
    }
    return action(...args);
  };
}

async function start() {
  if (!live) {
    status("이 쪽은 문서 사이트에서만 움직입니다 (브라우저용 파이썬 설정을 찾지 못했습니다).", "rbw-bad");
    return;
  }
  if (embedded) return openEmbed(root, showEmbedded);
  if (!store.kept) noStorage();
  let initial = store.get(STORE) || "";
  let unfinished = Boolean(store.get(STORE_RUNNING)) && Boolean(initial.trim());
  const { link, problem: linkProblem = "" } = await readFragment();
  if (link) {
    if (initial.trim() && initial !== link.text) remember(STORE_PREVIOUS, initial);
    unfinished = false; // the reader opened this link: it runs (the budget bounds it)
    initial = link.text;
    wanted = { text: link.text, step: link.step };
  } else if (linkProblem) {
    const said = $(".rbw-link-problem");
    said.textContent = `${linkProblem} 편집기에는 이 브라우저에 저장된 글을 그대로 두었습니다.`;
    said.hidden = false;
  }
  cm = await editorCode;
  // the editor's bundle was just evaluated (0.1 s on a slow machine): the editor is drawn in a task of its
  // own, so the page answers input in between
  await new Promise((resolve) => setTimeout(resolve, 0));
  makeEditor(initial);
  $(".rbw-restore").hidden = !store.get(STORE_PREVIOUS);
  if (!await started()) return;
  await fillStart();
  status("");
  if (!text().trim()) await newGame();
  clearTimeout(editTimer); // the text is run here, once: not again by the editor's timer for the new question
  if (unfinished) holdBack();
  else if (!linkProblem) await runNow(); // the verdict first; then the form and the editor's marks
  root.classList.add("rbw-ready");
  pageReady();
  if (linkProblem) return;
  setupForm.sync();
  showGaps();
  cm.forceLinting(editor);
}

// The stored text's last run never finished: restored, not run until the reader asks.
function holdBack() {
  const note = h("div", "rbw-result rbw-unrun");
  note.setAttribute("role", "status");
  const run = button("rbw-btn rbw-run-held", "이 글 실행하기", runNow);
  note.append(h("p", "", "지난번에 이 글을 실행하다가 끝까지 마치지 못했습니다 (페이지를 닫았거나 계산이 너무 오래 걸렸습니다). " +
    "그래서 이번에는 저절로 실행하지 않고 글만 불러 두었습니다. 글을 살펴본 뒤 실행하려면 아래 단추를 누르세요."), run);
  $(".rbw-verdict").replaceChildren(note);
  root.dataset.verdict = "held";
}

// The embed view runs the link's text as it is (share.js reads the link and draws the rest).
async function showEmbedded(link) {
  embedText = link.text;
  wanted = { text: link.text, step: link.step };
  if (!await started()) return null;
  await runNow();
  root.classList.add("rbw-ready");
  return player;
}

$(".rbw-new").addEventListener("click", afterStart(newGame));
$(".rbw-from-example").addEventListener("click", afterStart(fromExample));
$(".rbw-file").addEventListener("change", afterStart((event) => { if (event.target.files[0]) fromFile(event.target.files[0]); }));
$(".rbw-run").addEventListener("click", afterStart(runNow));
$(".rbw-undo").addEventListener("click", undoReplace);
$(".rbw-copy").addEventListener("click", copyLink);
$(".rbw-embed").addEventListener("click", copyEmbed);
$(".rbw-picture").addEventListener("click", picture);
$(".rbw-download").addEventListener("click", download);
$(".rbw-open-sandbox").addEventListener("click", openSandbox);
$(".rbw-clear").addEventListener("click", afterStart(() => {
  if (!confirm("편집기의 글을 지우고 브라우저에 저장된 글도 지울까요?")) return;
  store.remove(STORE);
  store.remove(STORE_PREVIOUS);
  store.remove(STORE_RUNNING);
  $(".rbw-restore").hidden = true;
  newGame();
}));
$(".rbw-restore").addEventListener("click", () => {
  const previous = store.get(STORE_PREVIOUS);
  if (previous) {
    remember(STORE_PREVIOUS, text());
    setText(previous);
  }
});
// The move picked, as a step: "add" (a move), "refused" (an expected refusal, with the engine's code for the
// file) or "ask" (the question "할 수 있나요?").
function moveStep(kind) {
  if (!chosen) {
    status("더할 행동을 먼저 고르세요.", "rbw-bad");
    return;
  }
  const step = here.by ? { by: here.by, move: chosen.move } : { move: chosen.move };
  if (kind === "refused") Object.assign(step, { expect: "illegal", error: chosen.refusal.code });
  if (kind === "ask") step.ask = true;
  addStep(step);
}
$(".rbw-add-move").addEventListener("click", () => moveStep("add"));
$(".rbw-add-refused").addEventListener("click", () => moveStep("refused"));
$(".rbw-ask-move").addEventListener("click", () => moveStep("ask"));
$(".rbw-try-other").addEventListener("click", () => {
  const box = $(".rbw-refused");
  if (box.hidden) {
    showRefused();
    return;
  }
  box.hidden = true;
  $(".rbw-try-other").setAttribute("aria-expanded", "false");
  if (chosen && chosen.refusal) choose(null);
});
$(".rbw-move-text").addEventListener("input", () => { // typed notation, for experts: picked as it is written
  const typed = $(".rbw-move-text").value.trim();
  choose(typed ? { move: typed, text: `표기법 ‘${typed}’` } : null);
});
$(".rbw-ask-fact").addEventListener("click", () => {
  const index = $(".rbw-fact-list").value;
  if (index === "") {
    status("물어볼 사실을 고르세요.", "rbw-bad");
    return;
  }
  const fact = here.facts[Number(index)];
  const expected = $(".rbw-expect").value.trim();
  $(".rbw-expect").value = "";
  addStep({ ask: true, check: { [fact.key]: expected ? expectation(fact.value, expected) : null } });
});

// The reader's own expectation of a fact, typed in words, in the shape of the fact's value: a number, 예/아니요,
// names separated by commas for a list; a real check, which fails when the engine says otherwise.
function expectation(now, typed) {
  if (typeof now === "number" && Number.isFinite(Number(typed))) return Number(typed);
  if (typeof now === "boolean") return ["예", "네", "true", "yes"].includes(typed.toLowerCase());
  if (Array.isArray(now)) return typed.split(/[,，、]/).map((part) => part.trim()).filter(Boolean);
  return typed;
}
$(".rbw-question-text").addEventListener("change", async () => {
  const next = await textCall("with_question", text(), $(".rbw-question-text").value);
  if (next !== text()) setText(next);
});
window.addEventListener("hashchange", () => location.reload());
root.dataset.wired = "1"; // for the browser test: the controls answer from here on
listen((said) => { if (said) status(waitNote ? `${said} ${waitNote}` : said); }, stopped);
if (live && !embedded) python().catch(() => {}); // start-up errors are said by start()
start();
