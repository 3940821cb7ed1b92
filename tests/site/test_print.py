"""Each game's one-page summary printed to PDF by headless Chromium shows its headings as text, each on a
line of its own (read back with poppler's pdftotext), and no markup."""
import re
import shutil
import subprocess

import pytest

from engines.core import GAMES
from tutor.site import DOCS

from .leaks import text_leaks
from .test_browser import browser, guarded_page, server  # noqa: F401 (fixtures)

SUMMARIES = [info.id for info in GAMES if (DOCS / info.id / "summary.md").is_file()]


def _headings(game: str) -> list[str]:
    """The summary's title and the headings of its parts, as written in its source."""
    source = (DOCS / game / "summary.md").read_text(encoding="utf-8")
    title = re.search(r"^# (.+)$", source, re.M).group(1)
    parts = re.findall(r"^```\{rubric\} (.+)$", source, re.M)
    assert len(parts) >= 5, f"{game}: the summary has {len(parts)} headings"
    return [title, *parts]


def test_every_game_has_a_summary():
    assert len(SUMMARIES) == len(GAMES) == 4


@pytest.mark.parametrize("game", SUMMARIES)
def test_the_printed_summary_shows_its_headings_as_text(browser, server, tmp_path, game):  # noqa: F811
    assert shutil.which("pdftotext"), "pdftotext is missing: apt-get install poppler-utils"
    fonts = subprocess.run(["fc-list", ":lang=ko"], capture_output=True, text=True, timeout=60).stdout
    assert fonts.strip(), "no Korean font to print with: apt-get install fonts-nanum"
    page = guarded_page(browser, server)
    page.goto(server + f"{game}/summary.html")
    pdf = tmp_path / "summary.pdf"
    pdf.write_bytes(page.pdf(format="A4"))
    assert page.outside == [] and page.errors == []
    page.context.close()
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    lines = {line.strip() for line in text.splitlines()}
    assert [heading for heading in _headings(game) if heading not in lines] == []
    assert text_leaks(text) == []
