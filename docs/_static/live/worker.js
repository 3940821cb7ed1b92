// The site's Python in a Web Worker, so that starting it, checking a scenario or a computer's move never
// holds up the page: client.js sends the requests, boot.js starts Python and answers them. A module
// worker: Pyodide's loader is an ES module (it refuses classic workers).
let started = null;

self.onmessage = async (event) => {
  const request = event.data;
  if (request.op === "start") {
    started = begin(request.config);
    started.then((result) => self.postMessage({ ready: true, from: result.from, reason: result.reason, ms: result.ms }),
      (error) => self.postMessage({ failed: String((error && error.message) || error) }));
    return;
  }
  try {
    const { pyodide } = await started;
    self.postMessage({ id: request.id, value: self.rulebookBoot.answer(pyodide, request) });
  } catch (error) {
    self.postMessage({ id: request.id, error: String((error && error.message) || error) });
  }
};

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The build's memory snapshot, gzipped (the browser unzips it natively); null when there is none.
async function snapshot(url) {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  } catch {
    return null;
  }
}

async function begin(config) {
  const began = performance.now();
  // the downloads first: Pyodide's modules load meanwhile, and Pyodide starts while the snapshot is still
  // coming and the wheels are unzipped
  const image = snapshot(config.snapshot);
  const files = config.wheels.map(bytes);
  const [{ loadPyodide }, { default: createModule }] = await Promise.all([
    import(config.pyodide + "pyodide.mjs"), import(config.pyodide + "pyodide.asm.mjs"), import(config.boot),
    import(config.unzip)]);
  const wheels = Promise.all(files.map(async (wheel) => self.rulebookBoot.unzip(await wheel)));
  const result = await self.rulebookBoot.start({
    loadPyodide, createModule, indexURL: config.pyodide, wheels, snapshot: image,
    progress: (stage) => self.postMessage({ progress: stage }),
  });
  return { ...result, ms: Math.round(performance.now() - began) };
}
