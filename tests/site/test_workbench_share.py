"""Sharing a workbench question beyond its link (docs/_static/workbench/share.js), in a real browser with
every request off the local server blocked: the embed view (workbench.html?embed#…) shows the question,
its answer and the steps at the link's step and nothing else; the guide's live example embeds one;
"퍼가기" gives the iframe code of the question shown; "그림으로 저장" downloads a PNG of the board with the
question and its answers under it.

Screenshots of the embed (390 and 1024 px) and of the guide's example go to /tmp (test_browser.SCREENSHOTS).
"""
import base64
import json
import re
import struct

import pytest
from playwright.sync_api import expect

from tutor import site as docs_site
from tutor.workbench import run
from tutor.workbench_link import link, read

from ..tutor.test_question import BANDIT, QUESTION
from .test_browser import SCREENSHOTS, browser, guarded_page, server  # noqa: F401 (fixtures)
from .test_workbench import PYODIDE_LOAD, RUN, open_workbench, page  # noqa: F401 (a fixture)

ANSWER = "답: 예. 민호는 해자를 보여 공격을 막습니다"
GUIDE = docs_site.DOCS / "guide" / "question.md"
CHROME = [".mobile-header", ".sidebar-drawer", ".toc-drawer", ".main footer", "article h1", ".rb-where",
          ".rbw-start", ".rbw-setup", ".rbw-advanced", ".rbw-actions", ".rbw-question-row", ".rbw-steps", ".rbw-report"]


def guide_fragment() -> str:
    return re.search(r'<iframe [^>]*src="\.\./workbench\.html\?embed#(v1\.[^"]+)"', GUIDE.read_text(encoding="utf-8")).group(1)


def test_the_guides_embedded_question_opens_to_an_answer():
    text, step = read(guide_fragment())
    result = json.loads(run(text))
    assert result["ok"] and result["question"] and result["answers"], result.get("problems")
    assert 0 < step < len(result["player"]["steps"])


def open_embed(page, server, fragment: str) -> None:
    page.goto(f"{server}workbench.html?embed#{fragment}")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)


def assert_only_the_card(page) -> None:
    for part in CHROME:
        expect(page.locator(part).first).to_be_hidden()
    assert page.locator(".rbw-editor .cm-editor").count() == 0  # no editor made
    assert page.locator(".rbw-form *").count() == 0  # nor the form


@pytest.mark.parametrize("width", [390, 1024])
def test_an_embed_link_shows_the_question_the_answer_and_the_step(browser, server, width):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": width, "height": 800})
    open_embed(page, server, link(BANDIT, step=2))
    card = page.locator(".rbw-verdict")
    expect(card.locator(".rbw-question")).to_have_text(f"질문: {QUESTION}")
    expect(card.locator(".rbw-answer").first).to_contain_text(ANSWER)
    expect(card.locator(".rbp-counter")).to_have_text("2 / 3단계")
    expect(card.locator(".rb-player").first).to_contain_text("버린 카드")  # the board whole, players too
    assert card.locator(".rb-player").first.bounding_box()["height"] > 150
    assert_only_the_card(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('rulebook-workbench'))"), page.evaluate("Object.keys(localStorage)")  # the reader's saved text is never written
    page.screenshot(path=f"{SCREENSHOTS}/rulebook-embed-{width}.png", full_page=True)

    # the whole workbench, at the step shown, beside the page that embeds the card
    whole = page.locator("a.rbw-open-full")
    expect(whole).to_have_text("질문 작업대에서 열기")
    assert whole.get_attribute("href") == "/workbench.html#" + link(BANDIT, step=2)
    card.locator(".rbp-next").click()
    assert whole.get_attribute("href") == "/workbench.html#" + link(BANDIT, step=3)
    assert page.evaluate("document.querySelector('base').target") == "_blank"
    assert page.outside == [] and page.errors == []
    page.context.close()


@pytest.mark.parametrize("fragment, message", [
    ("", "보여 줄 질문이 없습니다"),
    ("#v1.!!!!", "링크가 망가졌습니다"),
    ("#v9.AAAA", "더 새로운 형식(v9)"),
])
def test_an_embed_without_a_question_says_so_in_korean(page, server, fragment, message):  # noqa: F811
    page.goto(f"{server}workbench.html?embed{fragment}")
    said = page.locator(".rbw-link-problem")
    expect(said).to_contain_text(message)
    assert "편집기" not in said.inner_text()
    expect(page.locator(".rbw-status")).to_be_hidden()  # no "준비하는 중" left behind
    assert_only_the_card(page)
    assert not page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('rulebook-workbench'))")


def test_the_guides_example_embeds_a_question_with_its_answer(page, server):  # noqa: F811
    page.set_viewport_size({"width": 1024, "height": 900})
    page.goto(f"{server}guide/question.html")
    frame_element = page.locator("iframe.rb-embed-example")
    frame_element.scroll_into_view_if_needed()  # a lazy frame loads when it comes near the view
    frame = page.frame_locator("iframe.rb-embed-example")
    expect(frame.locator(".rbw-answer").first).to_contain_text(ANSWER, timeout=PYODIDE_LOAD)
    expect(frame.locator(".rbw-answer").nth(1)).to_contain_text("답: 윤주 버린 카드는 금입니다.")
    expect(frame.locator(".mobile-header")).to_be_hidden()
    page.wait_for_timeout(500)
    frame_element.screenshot(path=f"{SCREENSHOTS}/rulebook-embed-guide.png")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# The share of a PNG's pixels that differ from its top-left pixel, and how many colours it has, measured
# by the browser's own decoder (no image library in the test's Python).
INK = """async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let differ = 0;
  const colours = new Set();
  for (let i = 0; i < pixels.length; i += 4) {
    if (Math.abs(pixels[i] - pixels[0]) + Math.abs(pixels[i + 1] - pixels[1]) + Math.abs(pixels[i + 2] - pixels[2]) > 60) differ++;
    if (colours.size < 1000) colours.add(pixels[i] * 65536 + pixels[i + 1] * 256 + pixels[i + 2]);
  }
  return [differ / (pixels.length / 4), colours.size];
}"""


# The picture module, wrapped: what `toBlob` is given is recorded (its text, its class, whether the board is
# in it) before the site's own module draws it.
SPY = """import { toBlob as draw } from "./picture.js?real";
export async function toBlob(node, options) {
  (window.pictured ||= []).push({ text: node.textContent, className: node.className,
    board: node.matches(".rbp-viewbox") || Boolean(node.querySelector(".rbp-viewbox")) });
  return draw(node, options);
}
"""


def spy_on_pictures(page) -> None:
    """Serves ``SPY`` for the site's picture.js (the context's route: it sees a service worker's requests too)."""
    page.context.route(lambda url: url.endswith("/vendor/workbench/picture.js"),
                       lambda route: route.fulfill(status=200, content_type="text/javascript", body=SPY))


def test_the_embed_code_opens_the_same_question_and_the_board_saves_as_a_picture(page, server, browser, tmp_path):  # noqa: F811
    spy_on_pictures(page)
    open_workbench(page, server, "", "#" + link(BANDIT, step=3))
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("3 / 3단계", timeout=RUN)
    page.click(".rbw-embed")
    box = page.locator(".rbw-embed-code")
    expect(box).to_be_visible()
    expect(page.locator(".rbw-link")).to_be_hidden()
    code = box.input_value()
    found = re.fullmatch(r'<iframe src="([^"]+)" title="규칙 질문: ([^"]+)" width="\d+" height="\d+" [^>]*></iframe>', code)
    assert found and found.group(2) == QUESTION, code
    src = found.group(1)
    assert re.fullmatch(re.escape(server) + r"workbench\.html\?embed#v1\.[A-Za-z0-9_-]+\.3", src), src
    other = guarded_page(browser, server, viewport={"width": 720, "height": 640})
    open_embed(other, server, src.split("#", 1)[1])
    expect(other.locator(".rbw-answer").first).to_contain_text(ANSWER)
    expect(other.locator(".rbp-counter")).to_have_text("3 / 3단계")
    assert other.outside == [] and other.errors == []
    other.context.close()

    with page.expect_download(timeout=RUN) as download:
        page.click(".rbw-picture")
    assert download.value.suggested_filename == "질문-3단계.png"
    data = (tmp_path / "board.png")
    download.value.save_as(data)
    data = data.read_bytes()
    width, height = png_size(data)
    assert width > 200 and height > 200
    ink, colours = page.evaluate(INK, base64.b64encode(data).decode())
    assert ink > 0.02 and colours > 20, (ink, colours)  # cards and text drawn, not a blank sheet
    expect(page.locator(".rbw-status")).to_contain_text("질문-3단계.png 파일을 내려받았습니다")
    pictured = page.evaluate("window.pictured")  # the board with the question and its answers under it
    assert len(pictured) == 1 and pictured[0]["board"], pictured
    assert f"질문: {QUESTION}" in pictured[0]["text"] and ANSWER in pictured[0]["text"]
    assert "답: 윤주 버린 카드는 금입니다." in pictured[0]["text"]
    (tmp_path / "board.png").rename(f"{SCREENSHOTS}/rulebook-board.png")
