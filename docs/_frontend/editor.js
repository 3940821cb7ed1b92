// The code editor the workbench page imports (bundled by scripts/fetch-widget-js.sh with esbuild):
// CodeMirror 6 with YAML highlighting and its lint hook, which shows the Korean problems Python reports.
export { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
export { EditorState } from "@codemirror/state";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export { syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
export { linter, lintGutter, forceLinting } from "@codemirror/lint";
export { yaml } from "@codemirror/lang-yaml";
