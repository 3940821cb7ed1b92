// Sandbox front end (anywidget ESM, no bundler). It draws the `snapshot` trait and sends each
// request (play, roll, undo, redo) to one of two back ends running the same Python session:
//  - a Jupyter kernel (JupyterLab, JupyterLite): model.send(), Python answers with a new snapshot;
//  - on a static docs page, the site's live client (rulebookLive.python(), docs/_static/live/client.js):
//    Python in a Web Worker from the site's own files, started when the Sandbox comes into view.

// --- the in-page back end: the site's one live client (docs/_static/live/client.js) ------------------------
// Python runs off the page in a Web Worker, one for every live part of the page; tutor.live's page_open
// and page_handle hold this page's Sandboxes there.
let sessions = 0;

function pageBackend(model, python) {
  const key = `s${++sessions}`;
  let opened = null;
  // Opened as soon as Python is ready (see start), so a reader's first move is one call, not two.
  const open = () => {
    if (!opened) {
      // The page opens where the Sandbox was opened, not after moves a notebook's code made since.
      opened = python.call("tutor.live", "page_open", key, model.get("game_id"), model.get("position"),
        model.get("opening").title, model.get("lead"));
      opened.catch(() => { opened = null; });
    }
    return opened;
  };
  const request = async (op, arg) => {
    await open();
    try {
      return JSON.parse(await python.call("tutor.live", "page_handle", key, op, arg));
    } catch (error) {
      // stopped by the live client's budget: Python starts afresh, and this Sandbox opens again from its start
      if (error.stopped) opened = null;
      throw error;
    }
  };
  request.open = open;
  return request;
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
  if (snapshot.note) parts.moves.append(h("span", "rbs-hint", snapshot.note)); // only part of a choice's answers
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
      parts.status.textContent = "이 실험판은 파일로 연 페이지(file://)에서는 움직이지 않습니다. 예제 넘겨 보기와 " +
        "연습 문제는 그대로 됩니다. 실험판을 쓰려면 사이트를 웹 서버로 열거나, 파일로 열어도 움직이는 USB판을 " +
        "사이트를 준비한 사람에게 부탁하세요 (안내서의 ‘인터넷 없이 수업하기’).";
    });
  }
  const progress = (text) => { if (!unavailable) parts.status.textContent = text; };
  let python = null;
  const backend = live ? pageBackend(model, { call: (...args) => start().call(...args) }) : kernelBackend(model);
  let busy = false;
  // Python starts as soon as the reader reaches the Sandbox (in view) or for it, off the page: most of a
  // first move's wait is its start-up, and the page stays free meanwhile.
  function start() {
    if (!python) {
      python = live.python();
      python.onProgress(progress);
      python.ready.then(() => live.warm(python)).then(() => backend.open()).catch(() => {});
    }
    return python;
  }
  if (live) {
    root.addEventListener("pointerenter", start, { once: true });
    root.addEventListener("focusin", start, { once: true });
    new IntersectionObserver((entries, seen) => {
      if (entries.some((entry) => entry.isIntersecting)) { seen.disconnect(); start(); }
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
      parts.status.textContent = error.stopped
        ? `${error.message} 실험판은 다음 행동부터 처음 위치에서 다시 시작합니다.`
        : live
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
