// The set-up form (json-editor, drawn from the schema `tutor check` uses): the scenario's players and set-up
// as fields. The text is the truth: the form shows what the text gives, and only the reader's own changes
// are written back into it (through tutor.workbench, which changes the `setup:` entry and nothing else).
import { call } from "./python.js";
import { h } from "../live/dom.js";

// json-editor "purifies" every string a scenario gives it by writing it into a detached element's
// innerHTML (DOMPurify when a page has it): a player named <img src=x onerror=…> ran that script, and the
// purified value (the tags gone, "&amp;" read as "&") was then written back into the reader's text. The
// form shows strings only as input values and as text (textContent), so both hooks keep them as they are.
const asText = (value) => value;
const asLabel = (text) => (text === undefined || text === null ? "" : String(text));
JSONEditor.AbstractEditor.prototype.purify = asText;
JSONEditor.AbstractEditor.prototype.cleanText = asLabel;
JSONEditor.AbstractTheme.prototype.cleanText = asLabel;
delete globalThis.DOMPurify; // json-editor would put a string into innerHTML if it found one

const canonical = (value) => JSON.stringify(value, (_, v) =>
  v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v);
const KOREAN = {
  button_add: "더하기", button_add_row_title: "{{0}} 더하기", button_delete_row_title: "{{0}} 지우기",
  button_delete_row_title_short: "지우기", button_delete_all: "모두", button_delete_all_title: "모두 지우기",
  button_delete_last: "마지막 {{0}}", button_delete_last_title: "마지막 {{0}} 지우기",
  button_move_up_title: "위로", button_move_down_title: "아래로", button_collapse: "접기", button_expand: "펼치기",
  button_properties: "항목", button_object_properties: "항목 고르기", button_copy_row_title: "{{0}} 복사",
  button_copy_row_title_short: "복사", button_edit_json: "JSON 편집", button_save: "저장", button_cancel: "취소",
  button_copy: "복사", default_array_item_title: "항목", table_controls: "단추", button_delete_node_warning: "이 항목을 지울까요?",
  choices_placeholder_text: "입력해서 찾기",
};

// The first key anywhere in `value` that names a prototype ("__proto__", "constructor", "prototype"), or "".
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);
function unsafeKey(value, depth = 0) {
  if (value === null || typeof value !== "object" || depth > 64) return "";
  for (const [k, v] of Object.entries(value)) {
    if (UNSAFE.has(k)) return k;
    const inner = unsafeKey(v, depth + 1);
    if (inner) return inner;
  }
  return "";
}

// The form in `mount`, what it cannot do said in `note`; `page` gives the text (`text()`, `setText(value)`) and
// shows a text's problems (`showProblems(list)`). → { sync }: draws the form for the text as it is now.
export function setupForm(mount, note, page) {
  let form = null;
  let formKey = "";
  let formBusy = false;
  let formTouched = false; // the reader has typed or clicked in the form since the text last set it
  let formValue = "";  // the value the text gives the form (canonical JSON)

  for (const kind of ["input", "change", "click", "keydown"]) {
    mount.addEventListener(kind, (event) => { if (event.isTrusted) formTouched = true; }, true);
  }

  async function sync() {
    let spec;
    try {
      spec = await call("form", page.text());
    } catch {
      const first = (await call("lint", page.text()))[0];
      note.textContent = "YAML의 문제를 먼저 고치면 양식으로도 고칠 수 있습니다" +
        (first ? ` (${first.line ? `${first.line}번째 줄: ` : ""}${first.message})` : ".");
      return;
    }
    // json-editor keeps a form's values in plain objects by key: a name such as "__proto__" would reach their
    // prototypes. Such a scenario is edited on the board or in the YAML (both keep every key as data).
    const odd = unsafeKey(spec.schema) || unsafeKey(spec.value);
    if (odd) {
      if (form) form.destroy();
      form = null;
      formKey = "";
      mount.replaceChildren();
      note.textContent = `이 시나리오에는 양식이 다룰 수 없는 이름(‘${odd}’)이 있어 양식은 쓰지 않습니다. 판이나 YAML에서 고치세요.`;
      return;
    }
    note.textContent = "";
    for (const [kind, names] of Object.entries(spec.lists)) {
      let list = document.getElementById(`wb-names-${kind}`);
      if (!list) list = document.body.appendChild(Object.assign(h("datalist"), { id: `wb-names-${kind}` }));
      list.replaceChildren(...names.map(([name, aliases]) => Object.assign(h("option"), { value: name, label: aliases || name })));
    }
    const key = JSON.stringify(spec.schema);
    formValue = canonical(spec.value);
    if (form && key === formKey) {
      if (canonical(form.getValue()) !== formValue) {
        formBusy = true;
        form.setValue(spec.value);
        formBusy = false;
      }
      formTouched = false;
      return;
    }
    if (form) form.destroy();
    formKey = key;
    JSONEditor.defaults.languages.ko = { ...JSONEditor.defaults.languages.en, ...KOREAN };
    JSONEditor.defaults.language = "ko";
    form = new JSONEditor(mount, {
      schema: spec.schema, startval: spec.value, theme: "html", iconlib: null, show_errors: "never",
      disable_edit_json: true, disable_properties: true, show_opt_in: true, prompt_before_delete: false,
      array_controls_top: false, no_additional_properties: false, disable_array_delete_all_rows: true,
      disable_array_delete_last_row: true, keep_oneof_values: false,
    });
    formTouched = false;
    form.on("change", async () => {
      // only the reader's changes reach the text: the form drawing or normalising the text's own value does
      // not (a shared link opens exactly as it was shared, until the reader edits)
      if (formBusy || !formTouched || !form.ready || canonical(form.getValue()) === formValue) return;
      const answer = await call("with_form", page.text(), JSON.stringify(form.getValue()));
      if (answer.problems) { // nothing the reader typed is written over: the text's problems come first
        note.textContent = answer.note;
        page.showProblems(answer.problems);
        return;
      }
      note.textContent = "";
      if (answer.text !== page.text()) page.setText(answer.text);
    });
  }

  return { sync };
}
