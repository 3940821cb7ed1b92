// The live Python's unzipper (docs/_static/live/boot.js): fflate's unzipSync, bundled as a classic script
// that sets globalThis.fflate. One file serves the three ways boot.js runs: the Web Worker imports it, a
// page opened from a file loads it with a script tag (where require.js would take a UMD build's AMD branch
// instead) and the snapshot build requires it in Node.
import { unzipSync } from "fflate";

globalThis.fflate = { unzipSync };
