"""The USB build (``tutor docs --usb``): a page opened from a file (file://), every request off the disk
blocked, plays a move in its Sandbox with Pyodide and the engines from ``file-bundle.js``; the default
build has no bundle and its Sandbox says how to get one. The bundle is made for a copy of what one page
needs from the already-built site, so Sphinx does not run again."""
import base64
import json
import re
import shutil

import pytest
from playwright.sync_api import expect

from tutor.livesite import BUNDLED, FILE_BUNDLE, live_wheels, write_file_bundle

from .test_browser import browser, guarded_page  # noqa: F401 (the shared Chromium)

PAGE, LEGAL = "notebooks/dominion/03-turn-example.html", "play 시장"
PYODIDE_LOAD = 75_000  # ms; from a file ~15 s on a busy machine (the bundle is decoded in the page)
BUNDLE = "_static/vendor/live/" + FILE_BUNDLE


@pytest.fixture(scope="module")
def usb_site(site, tmp_path_factory):
    """One page of the site with the files it loads, and the USB bundle made from them."""
    out = tmp_path_factory.mktemp("usb")
    shutil.copytree(site / "_static", out / "_static")
    shutil.copytree(site / "lite" / "static" / "pyodide", out / "lite" / "static" / "pyodide")
    (out / PAGE).parent.mkdir(parents=True)
    shutil.copy(site / PAGE, out / PAGE)
    write_file_bundle(out)
    return out


def test_the_default_build_has_no_bundle(site):
    assert not (site / BUNDLE).exists()


def test_the_bundle_holds_the_files_the_web_server_sends(usb_site):
    """Byte for byte the site's own Pyodide files and wheels: nothing downloaded twice or kept apart."""
    text = (usb_site / BUNDLE).read_text(encoding="utf-8")
    files = json.loads(re.search(r"files = (\{.*?\}), types", text).group(1))
    wheels = live_wheels(usb_site / "_static" / "vendor" / "live")
    assert sorted(files) == sorted([*BUNDLED, *(w.name for w in wheels)])
    for name, data in files.items():
        source = next(w for w in wheels if w.name == name) if name.endswith(".whl") else \
            usb_site / "lite" / "static" / "pyodide" / name
        assert base64.b64decode(data) == source.read_bytes(), name
    assert "import.meta" not in text and "export default" not in text  # a classic script, as file:// needs


def test_sandbox_plays_a_move_from_a_file(browser, usb_site):  # noqa: F811
    page = guarded_page(browser, "file://")  # every request that is not for a file is blocked
    page.goto((usb_site / PAGE).as_uri())
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20000)
    button = sandbox.locator(f'.rbs-move[title="{LEGAL}"]')
    done = button.inner_text().rstrip(".")
    button.click()
    expect(sandbox.locator(".rb-outcome")).to_contain_text(done, timeout=PYODIDE_LOAD)
    assert re.search("[가-힣]", done) and "move:" in sandbox.locator(".rbs-yaml").inner_text()
    assert sandbox.locator(".rbs-status").inner_text() == ""
    sandbox.locator(".rbs-undo").click()  # the engines answer at once now
    expect(sandbox.locator(".rb-outcome")).to_have_count(0, timeout=5000)
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_without_the_bundle_the_sandbox_says_how_to_get_it(browser, site):  # noqa: F811
    page = guarded_page(browser, "file://")
    page.goto((site / PAGE).as_uri())
    message = page.locator(".rbs").first.locator(".rbs-status.rbs-unavailable")
    expect(message).to_contain_text("USB판", timeout=20000)
    assert "file://" in message.inner_text() and "웹 서버" in message.inner_text()
    assert page.locator(".rbs-move:visible").count() == 0
    sandbox = page.locator(".rbs").first
    assert sandbox.locator("button").count() > 0  # its buttons are there, and none can be pressed
    assert sandbox.locator("button:enabled:visible, input:enabled:visible").count() == 0
    page.context.close()


def test_the_guide_states_the_bundles_size(usb_site):
    from tutor.site import DOCS

    text = (DOCS / "guide" / "offline.md").read_text(encoding="utf-8")
    stated = int(re.search(r"file-bundle\.js`, 약 (\d+) MB", text).group(1))
    measured = (usb_site / BUNDLE).stat().st_size / 1e6
    assert abs(stated - measured) <= 0.15 * measured, measured


@pytest.mark.parametrize("path, status", [
    ("workbench.html", ".rbw-status"),
    *((f"{game}/practice.html", ".rbp-status")
      for game in ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]),
])
def test_every_other_live_part_says_at_once_what_to_do_from_a_file(browser, site, path, status):  # noqa: F811
    """The workbench and the practice games need a web server: from a file they say so at once, in words a
    teacher can act on, never an endless "준비하는 중"."""
    page = guarded_page(browser, "file://")
    page.goto((site / path).as_uri())
    line = page.locator(status)
    expect(line).to_contain_text("웹 서버", timeout=5000)
    assert "file://" in line.inner_text() and "준비하는 중" not in line.inner_text() and "scripts/" not in line.inner_text()
    assert "수업을 준비하는 분께" in line.inner_text() and "선생님께" not in line.inner_text()  # to the teacher
    guide = line.locator("a")
    assert guide.inner_text() == "인터넷 없이 수업하기"
    # nothing above the notice says it works anywhere without more ado
    above = page.evaluate("(line) => { const r = document.createRange(); r.setStart(document.querySelector('article'), 0);"
                          " r.setEndBefore(line); return r.toString(); }", line.element_handle())
    assert "인터넷도 필요 없" not in above and "설치할 것도, 인터넷도" not in above and "웹 서버" in above
    # every control of the part is off, and says why (the notice) to a screen reader
    part = page.locator("[data-rulebook-live]")
    controls = part.locator("button, input, select, textarea")
    assert part.locator(":is(button, input, select, textarea):enabled").count() == 0
    for i in range(controls.count()):
        assert controls.nth(i).get_attribute("aria-describedby") == line.get_attribute("id")
    guide.click()
    page.wait_for_url("**/guide/offline.html")
    assert "웹 서버로 여는 방법" in page.locator("article").inner_text()
    page.context.close()


def test_the_workbench_turns_its_controls_off_from_a_file(browser, site):  # noqa: F811
    page = guarded_page(browser, "file://")
    page.goto((site / "workbench.html").as_uri())
    expect(page.locator(".rbw-status")).to_contain_text("웹 서버", timeout=5000)
    assert page.locator(".rbw button").count() >= 5  # the page's own buttons are there, all of them off
    assert page.locator(".rbw-new").is_disabled() and page.locator(".rbw-question-text").is_disabled()
    assert page.locator(".rbw-new").get_attribute("title") == "파일로 연 페이지에서는 쓸 수 없습니다"
    page.context.close()


def test_the_live_notebook_link_says_what_to_do_from_a_file(browser, site):  # noqa: F811
    page = guarded_page(browser, "file://")
    page.goto((site / PAGE).as_uri())
    expect(page.locator(".rb-live-link")).to_contain_text("파일로 연 페이지", timeout=5000)
    why = page.locator(".rb-live-why")
    expect(why).to_be_hidden()
    page.locator(".rb-live-link a").click()  # a click explains itself: why, and what the teacher does
    expect(why).to_be_visible()
    expect(why).to_be_focused()
    assert why.get_attribute("role") == "alert"
    text = why.inner_text()
    assert "file://" in text and "웹 서버" in text and "선생님" in text
    assert why.locator("a").get_attribute("href").endswith("guide/offline.html")
    page.wait_for_timeout(500)
    assert page.url.startswith((site / PAGE).as_uri())  # no blank JupyterLite page
    page.context.close()
