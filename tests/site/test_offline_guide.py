"""The offline guide (docs/guide/offline.md) tells the truth about the built site: its size, its number
of files and the share of JupyterLite, within 15 %."""
import re

from tutor.site import DOCS

GUIDE = DOCS / "guide" / "offline.md"


def _megabytes(folder) -> float:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def test_the_guide_states_the_real_size(site):
    text = GUIDE.read_text(encoding="utf-8")
    stated = re.search(r"크기는 약 (\d+) MB, 파일 약 ([\d,]+)개입니다\.\s+그 가운데\s+JupyterLite가 약 (\d+) MB", text)
    assert stated, "the guide does not state the size of the site"
    size, files, lite = int(stated.group(1)), int(stated.group(2).replace(",", "")), int(stated.group(3))
    measured = _megabytes(site), sum(1 for p in site.rglob("*") if p.is_file()), _megabytes(site / "lite")
    assert abs(size - measured[0]) <= 0.15 * measured[0], measured
    assert abs(files - measured[1]) <= 0.15 * measured[1], measured
    assert abs(lite - measured[2]) <= 0.15 * measured[2], measured


def test_the_guide_says_what_works_from_a_file():
    """From a file, the default site runs no Python; the USB build runs the Sandbox but not the workbench, the
    practice games or JupyterLite (each says so where it stands)."""
    text = GUIDE.read_text(encoding="utf-8")
    rows = {name: (from_file, usb) for name, from_file, usb in re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|", text, re.M)
            if name not in {"기능", "---"}}
    assert len(rows) == 8, rows
    for name, (from_file, usb) in rows.items():
        if "Sandbox" in name:
            assert from_file.startswith("**안 됩니다**") and usb.startswith("됩니다"), name
        elif "JupyterLite" in name or "작업대" in name or "연습 게임" in name:
            assert from_file.startswith("**안 됩니다**") and usb.startswith("**안 됩니다**"), name
        else:
            assert from_file.startswith("됩니다") and usb.startswith("됩니다"), name
