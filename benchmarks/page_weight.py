"""What a reader downloads: every built page over the limit (raw HTML, before compression), each game's
largest page, and the size of the whole site and of its parts (JupyterLite, Pyodide, the rest).

Reads the built site (``bash scripts/build-docs.sh`` first); exits 1 if a page is over the limit.

    .venv/bin/python benchmarks/page_weight.py
    .venv/bin/python benchmarks/page_weight.py --limit 0.5
"""
from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from tutor.site import HTML

SITE = HTML
GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]
MB = 1_000_000


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def game_of(page: Path) -> str | None:
    return next((game for game in GAMES if game in page.parts), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=float, default=1.0, help="MB per page (default 1)")
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit(f"{SITE} 에 사이트가 없습니다: 먼저 bash scripts/build-docs.sh 로 빌드하세요.")
    pages = sorted((p for p in SITE.rglob("*.html") if "lite" not in p.relative_to(SITE).parts[:1]),
                   key=lambda p: p.stat().st_size, reverse=True)
    over = [p for p in pages if p.stat().st_size > args.limit * MB]
    print(f"pages over {args.limit:g} MB (raw HTML; gzip in brackets): {len(over)} of {len(pages)}")
    for page in over:
        raw = page.read_bytes()
        print(f"  {len(raw) / MB:5.2f} MB ({len(gzip.compress(raw, 6)) / MB:4.2f} MB)  {page.relative_to(SITE)}")
    print("largest page of each game:")
    for game in GAMES:
        largest = next((p for p in pages if game_of(p.relative_to(SITE)) == game), None)
        if largest:
            print(f"  {game:22} {largest.stat().st_size / MB:5.2f} MB  {largest.relative_to(SITE)}")
    total, lite = size(SITE), size(SITE / "lite") if (SITE / "lite").is_dir() else 0
    pyodide = size(SITE / "lite" / "static" / "pyodide") if (SITE / "lite" / "static" / "pyodide").is_dir() else 0
    print(f"whole site: {total / MB:.1f} MB (JupyterLite {lite / MB:.1f} MB, of which Pyodide {pyodide / MB:.1f} MB; "
          f"pages {sum(p.stat().st_size for p in pages) / MB:.1f} MB in {len(pages)} pages)")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
