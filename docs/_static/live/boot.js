// Starting the site's Python and answering calls to it: shared by the Web Worker (worker.js), the page
// itself when opened from a file (client.js; browsers allow no worker there) and the build, which makes
// the memory snapshot with it in Node (scripts/make-snapshot.mjs). Written to load every way it must: the
// worker imports it, a page opened from a file (no modules there) loads it as a classic script, Node
// requires it; the first two find it as globalThis.rulebookBoot.
(function (root) {
  "use strict";

  // What every live part needs, imported before the snapshot is taken: a restored page starts with it.
  const IMPORTS = `
import tutor.live, tutor.practice, tutor.warmup, tutor.workbench, tutor.board_editor, tutor.suggest
from engines.core import GAMES, get_game
for _info in GAMES:
    get_game(_info.id)
`;

  // A wheel's files, { path: bytes }, unzipped by fflate (vendored as unzip.js, which each caller loads
  // first): in JavaScript, while the snapshot is still downloading, where Python's zipfile took 0.3 s of a
  // restored page's start.
  const unzip = (bytes) => root.fflate.unzipSync(bytes);

  // The wheels' files go into site-packages from JavaScript: pyodide.loadPackage would leave references to
  // JavaScript objects that a memory snapshot cannot hold. A restored snapshot has the modules imported but
  // not their files (files live outside the WebAssembly memory), so this runs in every start: card data and
  // modules imported later are read from there.
  function unpack(pyodide, wheels) {
    const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    const made = new Set();
    for (const files of wheels) {
      for (const [name, bytes] of Object.entries(files)) {
        const path = `${site}/${name}`;
        const folder = path.slice(0, path.lastIndexOf("/"));
        if (!made.has(folder)) pyodide.FS.mkdirTree(folder);
        made.add(folder);
        if (!name.endsWith("/")) pyodide.FS.writeFile(path, bytes);
      }
    }
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  }

  // Pyodide's module factory (pyodide.asm.mjs's default export) made to give a restored Python the memory
  // it asks for: Pyodide sets INITIAL_MEMORY to the snapshot's size, but this build makes its WebAssembly
  // memory itself, at 30 MiB, and copies the snapshot in without growing it, so a snapshot of a Python that
  // grew (the schema checker and its warm-up) would not fit.
  function withRoom(createModule) {
    return (settings) => {
      const instantiate = settings.instantiateWasm;
      settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
        const memory = instance.exports.memory;
        const pages = Math.ceil(settings.INITIAL_MEMORY / 65536) - memory.buffer.byteLength / 65536;
        if (pages > 0) memory.grow(pages);
        receive(instance, module);
      });
      return createModule(settings);
    };
  }

  // → { pyodide, from: "snapshot" | "start", reason }: from the snapshot when one comes and it loads
  // (Pyodide refuses one made by another build), else a normal start; `reason` says why not. `snapshot`
  // and `wheels` (each unzipped) may be promises: Pyodide starts while they download.
  async function start({ loadPyodide, createModule, indexURL, wheels, snapshot, progress }) {
    const image = Promise.resolve(snapshot).then((bytes) => bytes || Promise.reject(new Error("no snapshot")));
    let reason = "";
    for (const restore of [true, false]) {
      try {
        progress("python");
        const pyodide = await loadPyodide(restore
          ? { indexURL, _loadSnapshot: image, createPyodideModule: withRoom(createModule) }
          : { indexURL });
        progress("engines");
        unpack(pyodide, await wheels);
        // a restored Python has the engines imported, and would repeat the build's random state
        pyodide.runPython(restore ? "import random; random.seed()" : IMPORTS);
        return { pyodide, from: restore ? "snapshot" : "start", reason };
      } catch (error) {
        if (!restore) throw error;
        reason = String((error && error.message) || error).split("\n")[0];
      }
    }
  }

  // One request: call `module.name(...args)` (text and numbers in, text or plain values out).
  function answer(pyodide, request) {
    const result = pyodide.pyimport(request.module)[request.name](...request.args);
    if (result && typeof result.toJs === "function") {
      const value = result.toJs({ dict_converter: Object.fromEntries });
      result.destroy();
      return value;
    }
    return result;
  }

  const api = { start, answer, unzip, unpack, IMPORTS };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.rulebookBoot = api;
})(globalThis);
