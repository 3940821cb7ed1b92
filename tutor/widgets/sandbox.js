// Sandbox front end (anywidget ESM, no bundler). It draws the `snapshot` trait and sends each
// request (play, roll, undo, redo) to one of two back ends running the same Python session:
//  - a Jupyter kernel (JupyterLab, JupyterLite): model.send(), Python answers with a new snapshot;
//  - on a static docs page, Pyodide in this page: the site's config script (live-config.js) sets
//    globalThis.rulebookLive, and the engines are loaded from the site's own files on first use.

// --- the in-page back end: one Pyodide for every Sandbox of the page ------------------------------
const PYTHON = `
import json
from tutor.live import Session
_sessions = {}
def sandbox_open(key, game_id, position, title, lead):
    _sessions[key] = Session.from_json(game_id, json.loads(position), title, lead)
def sandbox_handle(key, op, arg):
    return json.dumps(_sessions[key].handle(op, arg), ensure_ascii=False)
`;

function loadEngines(live, progress) {
  if (!globalThis.rulebookPyodide) {
    globalThis.rulebookPyodide = (async () => {
      progress("브라우저용 파이썬(Pyodide)을 불러오는 중입니다… 처음 한 번만, 몇 초 걸립니다.");
      // from a file (file://), the USB build's file-bundle.js: browsers refuse module imports there
      const { loadPyodide } = location.protocol === "file:" ? await live.fileBundle()
        : await import(live.pyodide + "pyodide.mjs");
      const pyodide = await loadPyodide({ indexURL: live.pyodide });
      progress("규칙 엔진을 설치하는 중입니다…");
      await pyodide.loadPackage(live.wheels, { messageCallback: () => {} });
      pyodide.runPython(PYTHON);
      if (live.warm) await live.warm(pyodide); // the site's warm-up (live-config.js): a quick first move
      return pyodide;
    })();
  }
  return globalThis.rulebookPyodide;
}

let sessions = 0;

function pageBackend(model, live, progress) {
  const key = `s${++sessions}`;
  let ready = null;
  return async (op, arg) => {
    if (!ready) {
      ready = loadEngines(live, progress).then((pyodide) => {
        // The page opens where the Sandbox was opened, not after moves a notebook's code made since.
        pyodide.globals.get("sandbox_open")(key, model.get("game_id"), model.get("position"),
          model.get("opening").title, model.get("lead"));
        return pyodide;
      });
      ready.catch(() => { ready = null; });
    }
    const pyodide = await ready;
    return JSON.parse(pyodide.globals.get("sandbox_handle")(key, op, arg));
  };
}

function kernelBackend(model) {
  let next = 0;
  return (op, arg) => new Promise((resolve, reject) => {
    const id = ++next;
    const timer = setTimeout(() => {
      model.off("change:snapshot", answered);
      reject(new Error("커널이 응답하지 않습니다. 노트북을 커널과 함께 실행해야 이 실험판이 움직입니다."));
    }, 20000);
    function answered() {
      if (model.get("snapshot").answer !== id) return;
      clearTimeout(timer);
      model.off("change:snapshot", answered);
      resolve(model.get("snapshot"));
    }
    model.on("change:snapshot", answered);
    model.send({ op, arg, id });
  });
}

// --- drawing ------------------------------------------------------------------------------------------
function draw(model, parts, snapshot) {
  parts.title.textContent = snapshot.title;
  parts.turn.textContent = snapshot.turn;
  if (parts.shownView !== snapshot.view) {
    parts.view.innerHTML = snapshot.view;
    parts.shownView = snapshot.view;
  }
  parts.message.replaceChildren();
  if (snapshot.error) parts.message.append(lessonBox(model, snapshot.error)); // a refusal teaches a rule
  else if (snapshot.done) parts.message.append(h("div", "rb-outcome", snapshot.done));
  parts.moves.replaceChildren();
  for (const [notation, description] of snapshot.moves) {
    const button = h("button", "rbs-btn rbs-move", description);
    button.type = "button";
    button.title = notation;
    button.dataset.move = notation;
    parts.moves.append(button);
  }
  if (snapshot.roll) {
    const button = h("button", "rbs-btn rbs-roll", snapshot.roll);
    button.type = "button";
    button.title = "시드에 따라 정해지는 결과 (같은 상태에서는 늘 같은 눈)";
    parts.moves.append(button, h("span", "rbs-hint", "또는 아래 칸에 눈을 직접 적으세요."));
  }
  if (!snapshot.moves.length && !snapshot.roll) parts.moves.append(h("span", "rbs-hint", "할 수 있는 행동이 없습니다."));
  parts.input.placeholder = `표기법으로 입력 (예: ${snapshot.example})`;
  parts.undo.disabled = !snapshot.can_undo;
  parts.redo.disabled = !snapshot.can_redo;
  parts.yaml.textContent = snapshot.yaml || "(아직 둔 행동이 없습니다)";
  parts.copy.disabled = !snapshot.yaml;
  // the scenario where the Sandbox opened, then the moves made here (once there are any)
  if (parts.workbench) parts.workbench.href = `${docsRoot(model)}workbench.html#${snapshot.workbench || model.get("workbench")}`;
}

async function copyText(text, textarea) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  textarea.value = text; // plain http on a classroom network: the old way still copies
  textarea.hidden = false;
  textarea.select();
  const copied = document.execCommand("copy");
  textarea.hidden = true;
  if (!copied) throw new Error("copy refused");
}

function render({ model, el }) {
  const root = h("div", "rbs");
  root.setAttribute("role", "group");
  const head = h("div", "rbs-head");
  const parts = { title: h("span", "rbs-title"), turn: h("span", "rbs-turn") };
  parts.status = h("div", "rbs-status");
  parts.status.setAttribute("aria-live", "polite");
  head.append(parts.title, parts.turn);
  if (model.get("workbench")) { // its scenario and the moves made here, in the question workbench (draw sets href)
    parts.workbench = h("a", "rbs-workbench", "작업대에서 열기");
    parts.workbench.title = "이 실험판의 예제와 여기서 둔 행동을 질문 작업대에서 고치고 실행해 봅니다";
    parts.workbench.style.fontSize = "0.85rem";
    head.append(parts.workbench);
  }
  parts.view = h("div", "rbs-viewbox");
  parts.message = h("div", "rbs-message");
  parts.message.setAttribute("aria-live", "polite");
  parts.moves = h("div", "rbs-moves");
  const form = h("form", "rbs-form");
  parts.input = h("input", "rbs-input");
  parts.input.type = "text";
  parts.input.setAttribute("aria-label", "행동 표기법");
  const submit = h("button", "rbs-btn rbs-submit", "입력한 행동 하기");
  submit.type = "submit";
  form.append(parts.input, submit);
  const history = h("div", "rbs-history");
  parts.undo = h("button", "rbs-btn rbs-undo", "↶ 되돌리기");
  parts.redo = h("button", "rbs-btn rbs-redo", "↷ 다시 하기");
  parts.undo.type = parts.redo.type = "button";
  history.append(parts.undo, parts.redo);
  parts.yaml = h("pre", "rbs-yaml");
  parts.copy = h("button", "rbs-btn rbs-copy", "복사");
  parts.copy.type = "button";
  const scratch = h("textarea", "rbs-scratch");
  scratch.hidden = true;
  const exportHead = h("div", "rbs-label");
  exportHead.append(h("b", "", "시나리오로 내보내기"), " (steps: 아래에 붙이세요) ", parts.copy);
  root.append(head, parts.status, parts.view, parts.message, h("div", "rbs-label", "지금 할 수 있는 행동 (눌러서 하기)"),
    parts.moves, form, history, exportHead, parts.yaml, scratch);
  el.append(root);

  const live = globalThis.rulebookLive;
  const controls = () => root.querySelectorAll("button, input");
  // A static page draws its own copy once the reader moves; until then, and in a kernel until a move
  // is made, the snapshot is sent empty and the opening position is drawn.
  const current = () => {
    const snapshot = model.get("snapshot");
    return snapshot && snapshot.title !== undefined ? snapshot : model.get("opening");
  };
  const redraw = () => draw(model, parts, current());
  // A static page opens at the opening position: moves the notebook's own code made are not the reader's.
  if (live) model.set("snapshot", {});
  model.on("change:snapshot", redraw);
  redraw();

  let unavailable = false;
  if (live && location.protocol === "file:") {
    // From a file (file://) only the USB build runs Python (file-bundle.js); without it, say so instead of
    // dead buttons.
    live.fileBundle().catch(() => {
      unavailable = true;
      for (const control of controls()) control.disabled = true;
      parts.moves.hidden = form.hidden = history.hidden = true;
      parts.status.className = "rbs-status rbs-unavailable";
      parts.status.textContent = "이 실험판은 파일로 연 페이지(file://)에서는 움직이지 않습니다. 이 사이트가 " +
        "파일로 열어도 파이썬을 실행하는 USB판이 아니기 때문입니다. USB판은 저장소가 있는 컴퓨터에서 " +
        "bash scripts/docs.sh --usb 로 만들어 폴더째 복사합니다. 아니면 사이트를 웹 서버로 여세요: " +
        "bash scripts/docs.sh 또는 python3 -m http.server (안내서의 '인터넷 없이 수업하기' 참고).";
    });
  }
  const progress = (text) => { if (!unavailable) parts.status.textContent = text; };
  const backend = live ? pageBackend(model, live, progress) : kernelBackend(model);
  let busy = false;
  if (live) {
    // Start Pyodide as soon as the reader reaches the Sandbox (in view) or for it: most of a first move's
    // wait is its start-up.
    const warm = () => loadEngines(live, progress).then(() => { if (!busy) progress(""); }, () => {});
    root.addEventListener("pointerenter", warm, { once: true });
    root.addEventListener("focusin", warm, { once: true });
    new IntersectionObserver((entries, seen) => {
      if (entries.some((entry) => entry.isIntersecting)) { seen.disconnect(); warm(); }
    }).observe(root);
  }
  const request = async (op, arg = "") => {
    if (busy) return;
    busy = true;
    root.classList.add("rbs-busy");
    try {
      const snapshot = await backend(op, arg);
      if (live) model.set("snapshot", snapshot); // the static page's own copy: fires change:snapshot
      parts.status.textContent = "";
      parts.status.className = "rbs-status";
      return snapshot;
    } catch (error) {
      parts.status.className = "rbs-status rbs-unavailable";
      parts.status.textContent = live
        ? `이 브라우저에서는 실험판을 실행할 수 없습니다 (${error.message || error}). ` +
          "최신 Chrome·Edge·Firefox·Safari에서 웹 서버로 연 사이트가 필요합니다."
        : error.message;
    } finally {
      busy = false;
      root.classList.remove("rbs-busy");
    }
  };
  parts.moves.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.classList.contains("rbs-roll")) request("roll");
    else request("play", button.dataset.move);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = parts.input.value.trim();
    if (!text) return;
    // A rejected move stays in the box, so the reader can fix it rather than type it again.
    request("play", text).then((snapshot) => {
      if (snapshot && !snapshot.error) parts.input.value = "";
    });
  });
  parts.undo.addEventListener("click", () => request("undo"));
  parts.redo.addEventListener("click", () => request("redo"));
  parts.copy.addEventListener("click", async () => {
    try {
      await copyText(current().yaml, scratch);
      parts.copy.textContent = "복사했습니다";
    } catch {
      parts.copy.textContent = "복사하지 못했습니다: 위 글을 직접 선택하세요";
    }
    setTimeout(() => { parts.copy.textContent = "복사"; }, 2500);
  });
  return () => model.off("change:snapshot", redraw);
}

export default { render };
