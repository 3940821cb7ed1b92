// Sharing a workbench question beyond its link: the embed view (workbench.html?embed#v1.…, for an
// iframe on a forum or a blog), the iframe code that shows it, and a PNG of the board at the step shown.
// embed-mode.js marks the embed view on <html> before the page draws; workbench.css then shows only the
// question's card, and workbench.js makes no editor or form there and stores nothing.
import { decode, LinkError } from "./link.js";

export const embedded = document.documentElement.classList.contains("rbw-embed");
const BROKEN = "링크가 망가졌습니다: 주소의 # 뒤에 읽을 수 없는 글자가 있습니다. 링크를 끝까지 다시 복사하세요.";

// The link in the address: { link: { text, step } }, { problem } in Korean, or {} when there is none.
export async function readFragment() {
  if (location.hash.length < 2) return {};
  try {
    return { link: await decode(decodeURIComponent(location.hash.slice(1))) };
  } catch (error) {
    return { problem: error instanceof LinkError ? error.message : BROKEN };
  }
}

// The embed view: the link's question run by `show(link)` (which answers with the player's model), and
// a link to the same question in the whole workbench, at the step shown.
export async function openEmbed(root, show) {
  const said = root.querySelector(".rbw-link-problem");
  const { link, problem } = await readFragment();
  if (!link) {
    said.textContent = problem || "보여 줄 질문이 없습니다: 주소의 # 뒤에 작업대 링크가 있어야 합니다.";
    said.hidden = false;
    root.querySelector(".rbw-status").textContent = "";
    return;
  }
  // links in the card (rules, the workbench) open beside the page that embeds it, not inside the frame
  document.head.append(Object.assign(document.createElement("base"), { target: "_blank" }));
  const open = Object.assign(document.createElement("a"), { className: "rbw-open-full", textContent: "질문 작업대에서 열기" });
  const [version, data] = location.hash.slice(1).split(".");
  const whole = (step) => { open.href = `${location.pathname}#${version}.${data}${step ? "." + step : ""}`; };
  whole(link.step);
  const player = await show(link);
  root.querySelector(".rbw-status").textContent = "";
  root.querySelector(".rbw-verdict").after(open);
  if (player) player.on("change:index", () => whole(player.get("index")));
}

const attribute = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

// The HTML that embeds a question (`fragment`, the link's part after #) in another page.
export function embedCode(fragment, question) {
  const src = new URL(`?embed#${fragment}`, location.href).href;
  const title = question ? `규칙 질문: ${question}` : "규칙 질문 작업대";
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="720" height="640" loading="lazy" ` +
    'style="max-width: 100%; border: 1px solid #ccc; border-radius: 8px;"></iframe>';
}

// Hands the reader a file made in the page.
export function saveFile(blob, name) {
  const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

// "그림으로 저장": the board as the player shows it (the whole view, also what scrolls sideways), as a PNG
// at twice the screen's resolution, with the question and the answers under it when there are any
// (`words`: { question, lines }, the verdict's head as shown). Only the site's own files are read (its
// fonts, if a style sheet names any); when a font cannot be embedded, the picture is drawn with the
// reader's own fonts instead.
export async function savePicture(board, step, words = { question: "", lines: [] }) {
  const { toBlob } = await import("../vendor/workbench/picture.js");
  const sheet = withWords(board, words);
  const node = sheet || board;
  const edge = 12; // px of margin around the picture
  const options = {
    width: node.scrollWidth + 2 * edge, height: node.scrollHeight + 2 * edge, pixelRatio: 2,
    backgroundColor: getComputedStyle(document.body).backgroundColor || "#fff",
    style: { margin: "0", padding: `${edge}px`, boxSizing: "border-box", overflow: "visible", maxWidth: "none",
      position: "static", left: "auto", top: "auto" },
  };
  let blob;
  try {
    blob = await picture(toBlob, node, options);
  } finally {
    if (sheet) sheet.remove();
  }
  const name = `질문-${step}단계.png`;
  saveFile(blob, name);
  return name;
}

async function picture(toBlob, node, options) {
  try {
    return await toBlob(node, options);
  } catch {
    return toBlob(node, { ...options, skipFonts: true });
  }
}

// The sheet to picture: a copy of the board, whole, and the question and answers under it, laid out off
// screen beside the board (among the board's own ancestors, so their styles reach the copy); null when
// there are no words to add (the board alone is pictured).
function withWords(board, { question = "", lines = [] } = {}) {
  if (!question && !lines.length) return null;
  const sheet = Object.assign(document.createElement("div"), { className: "rbw-sheet" });
  sheet.setAttribute("aria-hidden", "true");
  sheet.style.width = `${board.scrollWidth}px`;
  const copy = board.cloneNode(true);
  Object.assign(copy.style, { overflow: "visible", maxWidth: "none", width: "auto", marginTop: "0" });
  const words = Object.assign(document.createElement("div"), { className: "rbw-sheet-words" });
  const line = (cls, text) => Object.assign(document.createElement("p"), { className: cls, textContent: text });
  if (question) words.append(line("rbw-sheet-question", `질문: ${question}`));
  for (const text of lines) words.append(line("rbw-sheet-answer", text));
  sheet.append(copy, words);
  board.after(sheet);
  return sheet;
}
