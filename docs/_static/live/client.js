// The one live client: every live part of a page (each Sandbox, the practice game, the workbench) asks it
// for the site's Python, and it starts one Python per page. On a served site Python runs in a Web Worker
// (worker.js), so the page keeps scrolling, drawing and answering clicks while it starts and thinks; a page
// opened from a file, where browsers allow no worker, runs it in the page from the USB build's bundle.
//
//   const python = rulebookLive.python();
//   python.onProgress((text) => …);             // Korean progress while it starts ("" once ready)
//   await python.call("tutor.practice", "page_info", "dominion");   // module, function, arguments
//   await python.load(["attrs"]);               // more packages, by name or address
(function () {
  "use strict";
  const live = globalThis.rulebookLive;
  if (!live) return;
  const here = document.currentScript.src.replace(/[^/]*$/, "");
  const SAID = {
    python: "브라우저용 파이썬(Pyodide)을 불러오는 중입니다… 처음 한 번만, 몇 초 걸립니다.",
    engines: "규칙 엔진을 설치하는 중입니다…",
  };
  let client = null;
  live.python = () => client || (client = makeClient());

  function makeClient() {
    const listeners = new Set();
    let said = SAID.python;
    const progress = (stage) => {
      said = SAID[stage] || "";
      for (const listener of listeners) listener(said);
    };
    const pending = new Map();
    let next = 0;
    let send;
    const ready = new Promise((resolve, reject) => {
      if (location.protocol === "file:") {
        const started = inPage(progress);
        started.then(resolve, reject);
        send = (request) => started.then(({ pyodide }) => globalThis.rulebookBoot.answer(pyodide, request));
        return;
      }
      const worker = new Worker(here + "worker.js", { type: "module" });
      worker.onmessage = ({ data }) => {
        if (data.progress) progress(data.progress);
        else if (data.ready) resolve(data);
        else if (data.failed) reject(new Error(data.failed));
        else {
          const waiting = pending.get(data.id);
          pending.delete(data.id);
          if (data.error !== undefined) waiting.reject(new Error(data.error));
          else waiting.resolve(data.value);
        }
      };
      worker.onerror = (event) => reject(new Error(event.message || "worker.js"));
      worker.postMessage({ op: "start", config: {
        pyodide: new URL(live.pyodide, location.href).href,
        wheels: live.wheels.map((url) => new URL(url, location.href).href),
        snapshot: live.snapshot ? new URL(live.snapshot, location.href).href : null,
        boot: here + "boot.js",
      } });
      send = (request) => new Promise((resolveCall, rejectCall) => {
        const id = ++next;
        pending.set(id, { resolve: resolveCall, reject: rejectCall });
        worker.postMessage({ ...request, id });
      });
    });
    ready.then(() => progress(""), () => {});
    return {
      ready,
      onProgress(listener) {
        listeners.add(listener);
        listener(said);
        return () => listeners.delete(listener);
      },
      call: (module, name, ...args) => ready.then(() => send({ op: "call", module, name, args })),
      load: (packages) => ready.then(() => send({ op: "load", packages })),
    };
  }

  // From a file: the USB build's file-bundle.js answers Pyodide's and the wheels' addresses, boot.js starts
  // Python in this page (no snapshot: the bundle would double in size).
  async function inPage(progress) {
    const { loadPyodide } = await live.fileBundle();
    await new Promise((resolve, reject) => {
      const script = Object.assign(document.createElement("script"), { src: here + "boot.js" });
      script.onload = resolve;
      script.onerror = () => reject(new Error("boot.js"));
      document.head.append(script);
    });
    const wheels = await Promise.all(live.wheels.map(async (url) => ({
      name: url.split("/").pop(), bytes: new Uint8Array(await (await fetch(url)).arrayBuffer()) })));
    return globalThis.rulebookBoot.start({ loadPyodide, indexURL: live.pyodide, wheels, snapshot: null, progress });
  }
})();
