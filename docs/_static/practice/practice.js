// The practice game (연습 게임) of docs/<game>/practice.md: set up a table, play a whole game in this page.
// The rules run in the site's Python through the one live client (rulebookLive.python(), off the page in a
// Web Worker); every request goes to tutor.practice and answers with a snapshot this file draws.
// The computer's turns run here one move at a time, with a visible "생각하는 중" state; between two people's
// turns the page shows only the hand-off screen, and the board it receives is already drawn for the next person.

import { button, h } from "../live/dom.js";

const root = document.querySelector(".rbp");
const GAME = root.dataset.game;
const SAVE_KEY = `rulebook-practice-${GAME}`;
const KEY = "t1";
// ms between the computer's moves: at the normal pace each move stays on screen, next to the board, long
// enough to read it.
const BOT_PAUSE = { slow: 2000, normal: 1000, fast: 0 };
const live = globalThis.rulebookLive;
// localStorage that never throws (guard.js): a browser that keeps nothing still plays, and is told so
const store = globalThis.rulebookStore || { kept: false, get: () => null, set: () => false, remove() {} };
const docsRoot = document.documentElement.dataset.content_root ?? "../";
const botTimes = (globalThis.rulebookBotTimes = []); // ms per computer move, the worker's round trip included (benchmarks read it)


// --- Python --------------------------------------------------------------------------------------------
// The site's one live client (docs/_static/live/client.js): tutor.practice in a Web Worker, so the page
// keeps drawing and answering while Python starts and the computer thinks.
const call = (name, ...args) => live.python().call("tutor.practice", name, ...args);

// --- the page's parts ------------------------------------------------------------------------------------
const status = root.querySelector(".rbp-status");
const setup = h("section", "rbp-setup");
const handoff = h("section", "rbp-handoff");
const table = h("section", "rbp-table");
setup.hidden = handoff.hidden = table.hidden = true;
root.append(setup, handoff, table);
const say = (text, warn = false) => { status.textContent = text; status.classList.toggle("rbp-warn", warn); };

let info = null; // tutor.practice.setup_info
let snapshot = null;
let busy = false;
let speed = "normal";
let undoAsked = false;
let resignAsked = ""; // the resignation move waiting for its confirmation
let generation = 0; // a new game or set-up stops the computer's moves that were due in the old one

function ruleLink(rule) {
  const known = info && Object.hasOwn(info.rules, rule) ? info.rules[rule] : null; // a rule id is data: own keys only
  const label = known ? `규칙: ${known.title}` : `규칙: ${rule}`;
  if (!known) return h("span", "rbp-rule", label);
  const link = h("a", "rbp-rule", label);
  link.href = docsRoot + known.href;
  link.target = "_blank";
  return link;
}

function lesson(head, problem) {
  const box = h("div", "rbp-lesson");
  box.append(h("div", "rbp-lesson-head", head), h("div", "rbp-reason", problem.message));
  if (problem.rule) {
    const meta = h("div", "rbp-lesson-meta");
    const link = ruleLink(problem.rule);
    if (problem.code) link.title = `오류 코드: ${problem.code}`; // the engine's code stays out of the sentence
    meta.append(link);
    box.append(meta);
  }
  return box;
}

// --- set-up ----------------------------------------------------------------------------------------------
function seatRow(name, level) {
  const row = h("div", "rbp-seat");
  const input = h("input", "rbp-name");
  input.value = name;
  input.maxLength = 12;
  input.setAttribute("aria-label", "이름");
  const select = h("select", "rbp-level");
  select.setAttribute("aria-label", "누가 앉나요");
  select.append(new Option("사람", ""));
  for (const [id, label] of info.levels) select.append(new Option(`컴퓨터 (${label})`, id));
  select.value = level;
  row.append(input, select);
  return row;
}

function drawSetup(saved) {
  generation += 1;
  setup.replaceChildren();
  setup.append(h("h2", "rbp-h", "새 게임 준비"));
  if (saved) {
    const box = h("div", "rbp-saved");
    box.append(h("span", "", "이 브라우저에 하던 게임이 저장되어 있습니다. "),
      button("rbp-btn rbp-resume", "이어서 하기", () => resume(saved)));
    setup.append(box);
  }
  const seats = h("div", "rbp-seats");
  info.names.slice(0, info.min).forEach((name, i) => seats.append(seatRow(name, i === 0 ? "" : "normal")));
  const count = h("div", "rbp-row");
  const more = button("rbp-btn rbp-more", "자리 더하기", () => {
    if (seats.children.length < info.max) seats.append(seatRow(info.names[seats.children.length], "normal"));
    sync();
  });
  const fewer = button("rbp-btn rbp-fewer", "자리 빼기", () => {
    if (seats.children.length > info.min) seats.lastChild.remove();
    sync();
  });
  const sync = () => {
    more.disabled = seats.children.length >= info.max;
    fewer.disabled = seats.children.length <= info.min;
  };
  sync();
  count.append(h("span", "rbp-hint", `${info.min}~${info.max}명`), more, fewer);
  setup.append(h("h3", "rbp-h3", "자리"), seats, count);
  const choices = h("div", "rbp-row");
  for (const choice of info.choices) {
    const label = h("label", "rbp-field", `${choice.label} `);
    const select = h("select", "rbp-choice");
    select.dataset.key = choice.key;
    for (const [id, text] of choice.values) select.append(new Option(text, id));
    label.append(select);
    choices.append(label);
  }
  const seed = h("input", "rbp-seed");
  seed.type = "number";
  seed.min = "0";
  seed.value = String(1 + Math.floor(Math.random() * 9999));
  const seedLabel = h("label", "rbp-field", "시드 ");
  seedLabel.title = "같은 시드면 카드 섞기와 주사위가 똑같이 나옵니다.";
  seedLabel.append(seed);
  choices.append(seedLabel);
  setup.append(h("h3", "rbp-h3", "준비"), choices);
  const problem = h("div", "rbp-problem");
  problem.setAttribute("role", "alert");
  const start = button("rbp-btn rbp-start", "게임 시작", async () => {
    const request = {
      game: GAME,
      seats: [...seats.children].map((row) => ({ name: row.querySelector(".rbp-name").value,
        level: row.querySelector(".rbp-level").value })),
      picked: Object.fromEntries([...choices.querySelectorAll(".rbp-choice")].map((s) => [s.dataset.key, s.value])),
      seed: Number(seed.value) || 0,
    };
    const answer = JSON.parse(await call("page_new", KEY, JSON.stringify(request)));
    if (answer.problem) {
      problem.textContent = answer.problem;
      return;
    }
    store.remove(SAVE_KEY);
    show(answer);
  });
  setup.append(problem, h("div", "rbp-row", ""), start);
  const strategy = h("details", "rbp-strategy");
  strategy.open = true;
  strategy.append(h("summary", "", "컴퓨터는 이렇게 둡니다"));
  const list = h("ul");
  for (const [, label, text] of info.levels) {
    const item = h("li");
    item.append(h("b", "", `${label}: `), text);
    list.append(item);
  }
  strategy.append(list);
  setup.append(strategy);
  setup.hidden = false;
  table.hidden = handoff.hidden = true;
}

async function resume(saved) {
  const answer = JSON.parse(await call("page_resume", KEY, saved));
  if (answer.problem) {
    // A save this page cannot read: say why, and offer a new game rather than a dead page.
    setup.replaceChildren();
    const box = h("div", "rbp-lesson");
    box.append(h("div", "rbp-lesson-head", "저장된 게임을 불러오지 못했습니다"), h("div", "rbp-reason", answer.problem),
      button("rbp-btn rbp-restart", "저장을 지우고 새로 시작", () => {
        store.remove(SAVE_KEY);
        drawSetup(null);
      }));
    setup.append(box);
    setup.hidden = false;
    return;
  }
  show(answer);
}

// --- the table -------------------------------------------------------------------------------------------
function show(answer) {
  snapshot = answer;
  resignAsked = "";
  setup.hidden = true;
  // For tests and for styles: how far the game is, and who is to act (the board never says it this plainly).
  root.dataset.moves = String(answer.moves_made);
  root.dataset.state = answer.over ? "over" : answer.handoff ? "handoff" : answer.bot ? "computer" : "person";
  if (answer.handoff) {
    // Nothing of the table is in the page while the screen changes hands.
    table.hidden = true;
    table.replaceChildren();
    handoff.replaceChildren(h("h2", "rbp-h", "다음 사람에게 넘기기"),
      h("p", "", `이제 ${answer.handoff}의 ${answer.turn_word}입니다. 화면을 ${answer.handoff}에게 넘겨 주세요.`),
      h("p", "rbp-hint", "앞사람의 숨긴 카드는 가려 두었습니다. 넘겨받은 사람만 단추를 누르세요."),
      button("rbp-btn rbp-reveal", `${answer.handoff}입니다: 내 ${answer.turn_word} 보기`, () => request("reveal")));
    handoff.hidden = false;
  } else {
    handoff.hidden = true;
    drawTable(answer);
  }
  call("page_save", KEY).then((saved) => { if (!store.set(SAVE_KEY, saved)) noStorage(); }).catch(() => {});
  if (answer.bot && !answer.over && !answer.handoff) {
    const due = generation;
    setTimeout(() => { if (due === generation) request("bot"); }, BOT_PAUSE[speed]);
  }
}

function drawTable(s) {
  // Whose turn it is, in words and colour: a person's, the computer's, or the end.
  const banner = h("div", `rbp-banner rbp-banner-${s.banner.kind}`, s.banner.text);
  banner.setAttribute("role", "status");
  const head = h("div", "rbp-head");
  head.append(h("span", "rbp-title", s.title), h("span", "rbp-turn", s.turn));
  if (s.bot && !s.over) head.append(h("span", "rbp-thinking", `${s.to_move} 생각하는 중…`));
  if (s.viewer) head.append(h("span", "rbp-viewer", `화면을 보는 사람: ${s.viewer}`));
  const seats = h("div", "rbp-seatline", s.seats.map(([name, label]) => `${name}: ${label}`).join(" · "));
  if (s.goal) seats.append(h("div", "rbp-goal", s.goal)); // what wins at this table, from the engine's numbers
  const message = h("div", "rbp-message");
  message.setAttribute("aria-live", "polite");
  if (s.result) {
    const result = h("div", "rbp-result");
    result.append(h("div", "rbp-result-head", "게임이 끝났습니다"));
    const lines = h("ul", "rbp-ending");
    for (const line of s.ending) lines.append(h("li", "", line));
    result.append(lines);
    message.append(result);
  }
  if (s.error) message.append(lesson("🚫 규칙상 할 수 없는 행동", s.error));
  if (s.why) message.append(lesson(`왜 지금은 '${s.why.label}' 행동을 할 수 없나요?`, s.why));
  const view = h("div", "rbp-view");
  view.innerHTML = s.view;
  const parts = [banner, head, seats];
  if (s.last) {
    // The computer's move, shown beside the board while its turn lasts; the board flashes once per move.
    parts.push(h("div", "rbp-last", `방금 한 행동: ${s.last}`));
    if (s.bot) view.classList.add("rbp-flash");
  }
  parts.push(view, message); // the verdict sits next to the buttons and the box it answers
  for (const warning of s.warnings || []) {
    // An uprising, a famine or corruption is said before the turn ends, never folded away.
    const said = h("div", "rbp-warning", `⚠ ${warning}`);
    said.setAttribute("role", "alert");
    parts.push(said);
  }
  if (s.preview.length) {
    const preview = h("details", "rbp-preview");
    preview.open = Boolean(s.warnings && s.warnings.length);
    preview.append(h("summary", "", "턴을 마치면: 생산과 소비, 불만과 자원 낭비 미리 보기 (지금에서 턴을 마친 뒤로)"));
    const list = h("ul");
    for (const line of s.preview) list.append(h("li", "", line));
    preview.append(list);
    parts.push(preview);
  }
  if (s.groups.length) {
    const moves = h("div", "rbp-moves");
    if (s.prompt) moves.append(h("div", "rbp-prompt", s.prompt)); // the question being answered, and its card
    moves.append(h("div", "rbp-label", "지금 할 수 있는 행동 (눌러서 하기)"));
    if (resignAsked) {
      // Resigning ends the game for this player: it is asked twice, never one click among the others.
      const ask = h("div", "rbp-confirm");
      ask.append(h("span", "rbp-ask", "정말 패배를 선언할까요? 이 게임에서 물러나며 되돌릴 수 없습니다 (되돌리기는 모두의 동의가 필요합니다)."),
        button("rbp-btn rbp-resign-yes", "예, 패배를 선언합니다", () => { const move = resignAsked; resignAsked = ""; request("play", move); }),
        button("rbp-btn rbp-resign-no", "아니요, 계속합니다", () => { resignAsked = ""; drawTable(snapshot); }));
      moves.append(ask);
    }
    for (const group of s.groups) {
      const box = h("div", "rbp-group");
      box.append(h("div", "rbp-group-head", `${group.label} (${group.moves.length})`));
      const buttons = h("div", "rbp-buttons");
      for (const [notation, description] of group.moves) {
        const b = button("rbp-btn rbp-move", description, group.verb === "resign"
          ? () => { resignAsked = notation; drawTable(snapshot); }
          : () => request("play", notation));
        b.dataset.move = notation; // the notation stays out of sight: the button's words are the move
        buttons.append(b);
      }
      box.append(buttons);
      moves.append(box);
    }
    const form = h("form", "rbp-form");
    const input = h("input", "rbp-input");
    input.setAttribute("aria-label", "행동 표기법");
    input.placeholder = `표기법으로 입력 (예: ${s.example})`;
    input.value = typedText;
    input.addEventListener("input", () => { typedText = input.value; });
    const submit = button("rbp-btn rbp-submit", "입력한 행동 하기");
    submit.type = "submit";
    form.append(input, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!input.value.trim()) return;
      request("play", input.value.trim()).then((answer) => { if (answer && !answer.error) typedText = ""; });
    });
    moves.append(form);
    if (s.blocked.length) {
      const blocked = h("details", "rbp-blocked");
      blocked.append(h("summary", "", `지금 할 수 없는 행동 ${s.blocked.length}가지: 눌러서 이유 보기`));
      const row = h("div", "rbp-buttons");
      for (const { verb, label } of s.blocked) {
        const b = button("rbp-btn rbp-why", `${label} — 왜?`, () => request("why", verb));
        b.dataset.verb = verb;
        row.append(b);
      }
      blocked.append(row);
      moves.append(blocked);
    }
    parts.push(moves);
  }
  const tools = h("div", "rbp-tools");
  if (undoAsked) {
    tools.append(h("span", "rbp-ask", "모두 동의했나요? 마지막 사람의 수와 그 뒤 컴퓨터의 수를 되돌립니다."),
      button("rbp-btn rbp-undo-yes", "모두 동의함: 되돌리기", () => { undoAsked = false; request("undo"); }),
      button("rbp-btn rbp-undo-no", "취소", () => { undoAsked = false; drawTable(snapshot); }));
  } else if (!s.over) { // after the end only a new game and the review (the log, the workbench) are offered
    const undo = button("rbp-btn rbp-undo", "↶ 되돌리기", () => { undoAsked = true; drawTable(snapshot); });
    undo.disabled = !s.can_undo || s.bot;
    tools.append(undo);
  }
  const pace = h("select", "rbp-speed");
  pace.setAttribute("aria-label", "컴퓨터의 속도");
  pace.append(new Option("컴퓨터: 천천히", "slow"), new Option("컴퓨터: 보통 빠르기", "normal"),
    new Option("컴퓨터: 바로", "fast"));
  pace.value = speed;
  pace.addEventListener("change", () => { speed = pace.value; });
  if (!s.over) tools.append(pace);
  tools.append(button("rbp-btn rbp-export", "작업대로 보내기", sendToWorkbench),
    button("rbp-btn rbp-new", "새 게임", () => {
      if (s.over || confirm("이 게임을 그만두고 새 게임을 준비할까요? 저장된 게임은 지워집니다.")) {
        store.remove(SAVE_KEY);
        drawSetup(null);
      }
    }));
  const exported = h("div", "rbp-exported");
  exported.setAttribute("aria-live", "polite");
  const log = h("details", "rbp-log");
  log.open = true;
  log.append(h("summary", "", `게임 기록 (${s.log.length})`));
  const list = h("ol", "rbp-log-list");
  for (const entry of s.log.slice().reverse()) {
    const item = h("li", entry.refused ? "rbp-log-refused" : "");
    item.append(entry.n ? `${entry.n}. ${entry.text}` : entry.text);
    if (entry.rule) item.append(" ", ruleLink(entry.rule));
    if (entry.more && entry.more.length) {
      // The changes the sentence counts as "외 N개", folded under it.
      const more = h("details", "rbp-log-more");
      more.append(h("summary", "", `나머지 바뀐 것 ${entry.more.length}개 보기`));
      const rest = h("ul");
      for (const change of entry.more) rest.append(h("li", "", change));
      more.append(rest);
      item.append(more);
    }
    list.append(item);
  }
  log.append(list);
  parts.push(tools, exported, log);
  table.replaceChildren(...parts);
  table.hidden = false;
}

let typedText = "";

async function request(op, arg = "") {
  if (busy) return null;
  busy = true;
  root.classList.add("rbp-busy");
  try {
    const started = performance.now();
    const answer = JSON.parse(await call("page_handle", KEY, op, arg));
    if (op === "bot") botTimes.push(performance.now() - started);
    show(answer);
    return answer;
  } catch (error) {
    // stopped by the live client's budget: stopped() has said so and offers the saved game
    if (!error.stopped) say(`엔진에서 문제가 생겼습니다: ${error.message || error}. "새 게임"으로 다시 시작할 수 있습니다.`, true);
    return null;
  } finally {
    busy = false;
    root.classList.remove("rbp-busy");
  }
}

async function sendToWorkbench() {
  const { yaml, file } = JSON.parse(await call("page_export", KEY));
  const out = table.querySelector(".rbp-exported");
  let encode = null;
  try {
    ({ encode } = await import(new URL("../workbench/link.js", import.meta.url).href));
  } catch {
    encode = null; // this site has no workbench: the scenario goes to a file instead
  }
  if (encode) {
    const link = h("a", "rbp-btn rbp-workbench-link", "질문 작업대에서 열기 ↗");
    link.href = `${docsRoot}workbench.html?game=${GAME}#${await encode(yaml)}`;
    link.target = "_blank";
    out.replaceChildren(h("span", "", "지금까지의 게임을 시나리오로 만들었습니다 (모든 사람의 카드가 드러납니다). "), link);
    return;
  }
  const url = URL.createObjectURL(new Blob([yaml], { type: "text/yaml" }));
  const link = h("a", "rbp-download", file);
  link.href = url;
  link.download = file;
  link.click();
  out.replaceChildren(h("span", "", "이 사이트에는 질문 작업대가 없어 시나리오 파일로 내려받았습니다: "), link,
    h("span", "", " (tutor check로 같은 장면까지 재생됩니다)"));
}

// Storage refused (blocked, or full): the game goes on, and the reader is told it is not kept.
function noStorage() {
  if (root.querySelector(".rbp-storage-note")) return;
  const note = h("p", "rbp-storage-note rbp-warn", "이 브라우저가 이 사이트의 저장 공간을 막아 두어서 게임을 저장할 수 " +
    "없습니다. 게임은 그대로 할 수 있지만, 페이지를 닫거나 새로 고치면 사라집니다.");
  note.setAttribute("role", "note");
  status.after(note);
}

// The live client stopped a call past its budget and started a fresh Python (docs/_static/live/client.js):
// the table lived in the old one. Say so, and offer the game as last saved (before the move that stopped).
const DOING = {
  page_handle: "이 수를 계산하는 데", page_resume: "저장된 게임을 다시 두어 보는 데", page_new: "새 게임을 차리는 데",
  page_save: "게임을 저장하는 데", page_export: "게임을 시나리오로 옮기는 데", page_info: "연습 게임을 준비하는 데",
};
function stopped({ seconds, name }) {
  generation += 1;
  undoAsked = false;
  const doing = Object.hasOwn(DOING, name) ? DOING[name] : "엔진이 계산하는 데";
  drawSetup(store.get(SAVE_KEY));
  const box = h("div", "rbp-lesson rbp-stopped");
  box.setAttribute("role", "alert");
  box.append(h("div", "rbp-lesson-head", `⏱ ${doing} ${seconds}초가 넘게 걸려 계산을 멈췄습니다`),
    h("div", "rbp-reason", "파이썬을 새로 시작했습니다. " + (store.get(SAVE_KEY)
      ? "게임은 마지막으로 저장된 곳(멈춘 수 앞)까지 이 브라우저에 있으니 ‘이어서 하기’로 이어 갈 수 있습니다."
      : "저장된 게임이 없어 새 게임을 준비해야 합니다.")));
  setup.prepend(box);
  say("");
  root.dataset.state = "setup";
  root.dataset.stops = String(Number(root.dataset.stops || 0) + 1);
}

// a call stopped by the budget rejects wherever it was awaited; stopped() has said so already
window.addEventListener("unhandledrejection", (event) => { if (event.reason && event.reason.stopped) event.preventDefault(); });

// --- start -----------------------------------------------------------------------------------------------
async function start() {
  if (!live) {
    say("이 페이지에는 브라우저용 엔진 설정(live-config.js)이 없어 연습 게임을 열 수 없습니다.", true);
    return;
  }
  const python = live.python();
  python.onProgress((text) => { if (text) say(text); });
  try {
    await python.ready;
  } catch (error) {
    say(`이 브라우저에서는 연습 게임을 실행할 수 없습니다 (${error.message || error}). 최신 Chrome·Edge·Firefox·Safari에서 ` +
      "웹 서버로 연 사이트가 필요합니다.", true);
    return;
  }
  info = JSON.parse(await call("page_info", GAME));
  say("");
  if (!store.kept) noStorage();
  python.onStop(stopped);
  drawSetup(store.get(SAVE_KEY));
  root.dataset.state = "setup";
}

start();
