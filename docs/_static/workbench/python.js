// The workbench's calls to Python, through the site's one live client (docs/_static/live/client.js):
// Python in a Web Worker, shared with a Sandbox opened in the page. Every call answers asynchronously, so
// the page stays free while a scenario is checked. The memory snapshot holds the schema checker, warmed
// up on a new question of each game, so the first run costs what later ones do.

// `ready`: Python has started. `generation`: how many times the client started a fresh Python after a call
// ran past its budget; what an older one held (the last run, its steps) is gone.
export const session = { ready: false, generation: 0 };

let starting = null;
let heard = { progress() {}, stop() {} };
// What the page does with the client's progress (Korean, "" once ready) and with a stopped call.
export function listen(progress, stop) {
  heard = { progress, stop };
}

export function python() {
  if (!starting) {
    const client = globalThis.rulebookLive.python();
    client.onProgress((text) => heard.progress(text));
    client.onStop((stop) => {
      session.generation += 1;
      heard.stop(stop);
    });
    starting = client.ready.then(() => {
      session.ready = true;
      return client;
    });
  }
  return starting;
}

// tutor.workbench's answers: `text` as it comes, `call` read as JSON.
export const text = async (name, ...args) => (await python()).call("tutor.workbench", name, ...args);
export const call = async (name, ...args) => JSON.parse(await text(name, ...args));
export const boardSpec = async (source) => JSON.parse(await (await python()).call("tutor.board_editor", "spec", source));
export const suggest = async (question, game) => JSON.parse(await (await python()).call("tutor.suggest", "suggest", question, game));

// The widgets' own front ends, as the package ships them (common.js + the widget's file), drawn with a
// stand-in for the anywidget model (`model`).
const widgets = {};
export async function widget(name) {
  if (!widgets[name]) {
    const file = (kind, path) => python().then((client) => client.call("tutor.widgets.common", kind, path));
    const source = await file("esm", `${name}.js`);
    const style = document.createElement("style");
    style.textContent = await file("widget_css", `${name}.css`);
    document.head.append(style);
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    widgets[name] = (await import(url)).default;
  }
  return widgets[name];
}

// A plain object with the anywidget model's get/set/on/off, holding `values`.
export function model(values) {
  const listeners = {};
  return {
    get: (key) => values[key],
    set(key, value) {
      values[key] = value;
      for (const listener of listeners[`change:${key}`] || []) listener();
    },
    on(event, listener) { (listeners[event] ||= []).push(listener); },
    off(event, listener) { listeners[event] = (listeners[event] || []).filter((l) => l !== listener); },
    save_changes() {},
    send() {},
  };
}
