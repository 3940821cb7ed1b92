// The site's Python as a memory snapshot, made at build time (tutor.livesite.make_snapshot): Pyodide starts
// in Node, boot.js unpacks the wheels and imports the engines exactly as a page would, and the memory is
// written gzipped. A page restores it instead of starting Python and importing (docs/_static/live/).
// Pyodide's snapshot calls are private API: the site pins Pyodide, Pyodide itself refuses a snapshot of
// another build, and boot.js falls back to a normal start on any failure.
//   node scripts/make-snapshot.mjs PYODIDE_DIR BOOT_JS UNZIP_JS OUT.gz WHEEL...
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, bootPath, unzipPath, out, ...wheelPaths] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const require = createRequire(import.meta.url);
require(path.resolve(unzipPath)); // sets globalThis.fflate
const boot = require(path.resolve(bootPath));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true });
boot.unpack(pyodide, wheelPaths.map((wheel) => boot.unzip(fs.readFileSync(wheel))));
pyodide.runPython(boot.IMPORTS);
// A few moves of each game, drawn, and a new question of each checked: the views' lazy imports, the engines'
// caches and the schema checker go into the snapshot too.
pyodide.runPython("import tutor.warmup; tutor.warmup.warm_games(); tutor.warmup.warm_questions()");
fs.writeFileSync(out, zlib.gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
