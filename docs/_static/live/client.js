// The one live client: every live part of a page (each Sandbox, the practice game, the workbench) asks it
// for the site's Python, and it starts one Python per page. On a served site Python runs in a Web Worker
// (worker.js), so the page keeps scrolling, drawing and answering clicks while it starts and thinks; a page
// opened from a file, where browsers allow no worker, runs it in the page from the USB build's bundle.
//
//   const python = rulebookLive.python();
//   python.onProgress((text) => …);             // Korean progress while it starts ("" once ready)
//   await python.call("tutor.practice", "page_info", "dominion");   // module, function, arguments
//   python.onStop(({ seconds, module, name }) => …);   // a call was stopped: Python started afresh
//
// A time budget: the worker answers one request at a time, and a call still running after
// rulebookLive.budgetMs (BUDGET_MS unless a page or a test sets it; read when each call starts) is stopped.
// The client ends the worker, rejects that call and every one waiting behind it with a StoppedError (its
// message in Korean), and starts a fresh Python from the memory snapshot; `onStop` listeners hear of it at
// once, so the page can say what stopped and make its parts work again (state kept in the old Python, such
// as a Sandbox's moves, is gone). The page never waits meanwhile. The snapshot was taken after a warm-up of
// every live part (tutor.warmup), so a fresh Python's first calls cost what later ones do.
// A page opened from a file runs Python in the page itself, which cannot be stopped: no budget there.
(function () {
  "use strict";
  const live = globalThis.rulebookLive;
  if (!live) return;
  const here = document.currentScript.src.replace(/[^/]*$/, "");
  const SAID = {
    python: "브라우저용 파이썬(Pyodide)을 불러오는 중입니다… 처음 한 번만, 몇 초 걸립니다.",
    engines: "규칙 엔진을 설치하는 중입니다…",
    restart: "멈춘 계산을 버리고 파이썬을 새로 시작하는 중입니다…",
  };
  const BUDGET_MS = 6000;
  live.BUDGET_MS = BUDGET_MS;
  if (typeof live.budgetMs !== "number") live.budgetMs = BUDGET_MS;

  class StoppedError extends Error {
    constructor(seconds, waiting) {
      super(waiting
        ? "앞선 계산이 너무 오래 걸려 파이썬을 새로 시작하느라 이 요청도 멈췄습니다. 다시 하면 됩니다."
        : `계산이 ${seconds}초 안에 끝나지 않아 멈췄습니다. 파이썬을 새로 시작했습니다.`);
      this.name = "StoppedError";
      this.stopped = true;
      this.seconds = seconds;
    }
  }
  live.StoppedError = StoppedError;

  let client = null;
  live.python = () => client || (client = makeClient());
  // A page whose live part needs Python at once (a practice game, the workbench) says so in its head: it
  // starts here, as the head is read, not after the page's own modules have loaded. Not from a file, where
  // the page says first what to do.
  if (location.protocol !== "file:" && document.querySelector('meta[name="rulebook-python"][content="now"]')) live.python();

  function makeClient() {
    const listeners = new Set();
    const stopListeners = new Set();
    let said = SAID.python;
    const progress = (stage) => {
      said = SAID[stage] || "";
      for (const listener of listeners) listener(said);
    };
    if (location.protocol === "file:") return inPageClient(progress, listeners, () => said);

    const queue = []; // requests waiting: { request, resolve, reject }
    let current = null; // the request the worker is answering
    let worker = null;
    let up = false; // the worker has started Python
    let next = 0;
    let stops = 0;

    const config = () => ({
      pyodide: new URL(live.pyodide, location.href).href,
      wheels: live.wheels.map((url) => new URL(url, location.href).href),
      snapshot: live.snapshot ? new URL(live.snapshot, location.href).href : null,
      boot: here + "boot.js",
      unzip: new URL(live.unzip, location.href).href,
    });

    // A new worker with Python in it; resolves once it answers.
    function boot() {
      up = false;
      worker = new Worker(here + "worker.js", { type: "module" });
      const mine = worker;
      const started = new Promise((resolve, reject) => {
        mine.onmessage = ({ data }) => {
          if (mine !== worker) return;
          if (data.progress) progress(data.progress);
          else if (data.ready) resolve(data);
          else if (data.failed) reject(new Error(data.failed));
          else answered(data);
        };
        mine.onerror = () => reject(new Error("브라우저가 파이썬을 돌릴 작업 공간을 열지 못했습니다"));
      });
      mine.postMessage({ op: "start", config: config() });
      return started.then((data) => {
        if (mine !== worker) return data;
        up = true;
        progress("");
        pump();
        return data;
      });
    }

    function answered(data) {
      if (!current || data.id !== current.id) return;
      const done = current;
      current = null;
      clearTimeout(done.timer);
      if (data.error !== undefined) done.reject(new Error(data.error));
      else done.resolve(data.value);
      if (up) pump();
    }

    function pump() {
      if (!up || current || !queue.length) return;
      current = queue.shift();
      current.id = ++next;
      if (current.request.op === "call") {
        const budget = Math.max(1, Number(live.budgetMs) || BUDGET_MS);
        const running = current;
        current.began = performance.now();
        current.timer = setTimeout(() => { if (current === running) stop(running, budget); }, budget);
      }
      worker.postMessage({ ...current.request, id: current.id });
    }

    // The call `running` is past its budget: end the worker, reject it and those waiting, start afresh.
    function stop(running, budget) {
      worker.terminate();
      worker = null;
      current = null;
      stops += 1;
      // 6000 ms is said "6초"; a test's budget under a second keeps its digits ("0.001초", never "0초")
      const seconds = budget >= 1000 ? Math.round(budget / 100) / 10 : budget / 1000;
      running.reject(new StoppedError(seconds, false));
      for (const waiting of queue.splice(0)) waiting.reject(new StoppedError(seconds, true));
      progress("restart");
      ready = boot();
      ready.catch(() => {});
      const info = { seconds, module: running.request.module, name: running.request.name,
        ms: Math.round(performance.now() - running.began), stops };
      for (const listener of stopListeners) listener(info);
    }

    const send = (request) => new Promise((resolve, reject) => {
      queue.push({ request, resolve, reject });
      pump();
    });

    let ready = boot();
    ready.catch(() => {});
    return {
      get ready() { return ready; },
      get stops() { return stops; },
      onProgress(listener) {
        listeners.add(listener);
        listener(said);
        return () => listeners.delete(listener);
      },
      onStop(listener) {
        stopListeners.add(listener);
        return () => stopListeners.delete(listener);
      },
      call: (module, name, ...args) => ready.then(() => send({ op: "call", module, name, args })),
    };
  }

  // From a file: the USB build's file-bundle.js answers Pyodide's and the wheels' addresses, boot.js starts
  // Python in this page (no snapshot: the bundle would double in size). A call runs in the page: it cannot
  // be stopped, so there is no budget here.
  function inPageClient(progress, listeners, said) {
    const ready = inPage(progress);
    ready.then(() => progress(""), () => {});
    const send = (request) => ready.then(({ pyodide }) => globalThis.rulebookBoot.answer(pyodide, request));
    return {
      ready,
      stops: 0,
      onProgress(listener) {
        listeners.add(listener);
        listener(said());
        return () => listeners.delete(listener);
      },
      onStop: () => () => {},
      call: (module, name, ...args) => send({ op: "call", module, name, args }),
    };
  }

  async function inPage(progress) {
    const { loadPyodide } = await live.fileBundle();
    for (const src of [here + "boot.js", live.unzip]) {
      await new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src });
        script.onload = resolve;
        script.onerror = () => reject(new Error("파이썬을 시작하는 파일을 읽지 못했습니다"));
        document.head.append(script);
      });
    }
    const wheels = await Promise.all(live.wheels.map(async (url) =>
      globalThis.rulebookBoot.unzip(new Uint8Array(await (await fetch(url)).arrayBuffer()))));
    return globalThis.rulebookBoot.start({ loadPyodide, indexURL: live.pyodide, wheels, snapshot: null, progress });
  }
})();
