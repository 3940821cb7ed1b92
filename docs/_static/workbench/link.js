// Workbench links: the whole scenario in the URL fragment, so no server ever sees it.
// Format 1: "#v1.<data>" or "#v1.<data>.<step>", where <data> is the UTF-8 text compressed with the
// browser's CompressionStream("deflate-raw") in base64url (no padding), and <step> the step to show.
// A later format gets a higher number; this page refuses one it does not know with a Korean message.

export const VERSION = 1;
const MAX_TEXT = 256 * 1024; // tutor.yamlsource.MAX_BYTES: what `tutor check` reads

const TRUNCATED = "링크가 잘렸거나 망가져서 시나리오를 풀 수 없습니다. 링크를 끝까지 다시 복사하세요.";

export class LinkError extends Error {}

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function encode(text, step = 0) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const data = toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  return `v${VERSION}.${data}` + (step > 0 ? `.${step}` : "");
}

// → { text, step }, or throws LinkError with the Korean reason.
export async function decode(fragment) {
  const match = /^v(\d{1,6})\.(.*)$/s.exec(fragment);
  if (!match) throw new LinkError("이 주소의 # 뒤는 작업대 링크가 아닙니다 (v1.로 시작해야 합니다). 링크를 끝까지 복사했는지 확인하세요.");
  const version = Number(match[1]);
  if (version > VERSION) {
    throw new LinkError(`이 링크는 더 새로운 형식(v${version})으로 만들어져서 이 사이트(v${VERSION}까지 읽음)에서는 열 수 없습니다. ` +
      "링크를 만든 사이트에서 열거나, 만든 사람에게 .yaml 파일을 받아 불러오세요.");
  }
  const [data, stepText = "0"] = match[2].split(".");
  if (version < 1 || !/^[A-Za-z0-9_-]+$/.test(data || "") || !/^\d{1,4}$/.test(stepText)) {
    throw new LinkError("링크가 망가졌습니다: 쓸 수 없는 글자가 들어 있습니다. 링크를 끝까지 다시 복사하세요.");
  }
  let bytes;
  try {
    bytes = fromBase64url(data);
  } catch {
    throw new LinkError(TRUNCATED);
  }
  const chunks = [];
  let size = 0;
  try {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_TEXT) {
        reader.cancel();
        throw new LinkError(`링크의 시나리오가 너무 큽니다 (${MAX_TEXT / 1024} KB까지 읽습니다).`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError(TRUNCATED);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
  } catch {
    throw new LinkError("링크 속 글이 UTF-8이 아닙니다. 링크가 망가졌을 수 있습니다.");
  }
  return { text, step: Number(stepText) };
}
