// Starting the site's Python and answering calls to it: shared by the Web Worker (worker.js), the page
// itself when opened from a file (client.js; browsers allow no worker there) and the build, which makes
// the memory snapshot with it in Node (scripts/make-snapshot.mjs). Written to load every way it must: the
// worker imports it, a page opened from a file (no modules there) loads it as a classic script, Node
// requires it; the first two find it as globalThis.rulebookBoot.
(function (root) {
  "use strict";

  // The wheels go into site-packages by unzipping them in Python: pyodide.loadPackage would leave
  // references to JavaScript objects that a memory snapshot cannot hold. A restored snapshot has the
  // modules imported but not their files (files live outside the WebAssembly memory), so this runs in
  // every start: card data and modules imported later are read from there.
  const UNPACK = `
import os, sysconfig, zipfile, importlib
_site = sysconfig.get_paths()["purelib"]
for _name in sorted(os.listdir("/tmp/rulebook-wheels")):
    zipfile.ZipFile("/tmp/rulebook-wheels/" + _name).extractall(_site)
importlib.invalidate_caches()
`;
  // What every live part needs, imported before the snapshot is taken: a restored page starts with it.
  const IMPORTS = `
import tutor.live, tutor.practice, tutor.warmup, tutor.workbench, tutor.board_editor
from engines.core import GAMES, get_game
for _info in GAMES:
    get_game(_info.id)
`;

  function unpack(pyodide, wheels) {
    pyodide.FS.mkdirTree("/tmp/rulebook-wheels");
    for (const wheel of wheels) pyodide.FS.writeFile(`/tmp/rulebook-wheels/${wheel.name}`, wheel.bytes);
    pyodide.runPython(UNPACK);
  }

  // → { pyodide, from: "snapshot" | "start", reason }: from the snapshot when one is given and it loads
  // (Pyodide refuses one made by another build), else a normal start; `reason` says why not.
  async function start({ loadPyodide, indexURL, wheels, snapshot, progress }) {
    let reason = snapshot ? "" : "no snapshot";
    for (const image of snapshot ? [snapshot, null] : [null]) {
      try {
        progress("python");
        const pyodide = await loadPyodide(image ? { indexURL, _loadSnapshot: image } : { indexURL });
        progress("engines");
        unpack(pyodide, wheels);
        // a restored Python has the engines imported, and would repeat the build's random state
        pyodide.runPython(image ? "import random; random.seed()" : IMPORTS);
        return { pyodide, from: image ? "snapshot" : "start", reason };
      } catch (error) {
        if (!image) throw error;
        reason = String((error && error.message) || error).split("\n")[0];
      }
    }
  }

  // One request: call `module.name(...args)` (text and numbers in, text or plain values out), or load
  // more packages from Pyodide's lock file or by URL.
  async function answer(pyodide, request) {
    if (request.op === "load") {
      await pyodide.loadPackage(request.packages, { messageCallback: () => {} });
      return null;
    }
    const result = pyodide.pyimport(request.module)[request.name](...request.args);
    if (result && typeof result.toJs === "function") {
      const value = result.toJs({ dict_converter: Object.fromEntries });
      result.destroy();
      return value;
    }
    return result;
  }

  const api = { start, answer, unpack, IMPORTS };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.rulebookBoot = api;
})(globalThis);
