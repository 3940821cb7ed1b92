"""A scripted reader of the question workbench who poses a question by clicking: the board's zones, the
pickers, the move buttons, the fact picker; never the YAML view. It counts its clicks and the searches it
types, for the browser tests (tests/site/test_workbench_clicks.py) and the benchmark
(benchmarks/workbench_questions.py)."""
from __future__ import annotations

import json
import time

from .test_browser import wait_until

READY = 90_000  # ms: Python's start on a cold page, on a shared CI machine
RUN = 20_000  # ms: one check and replay, and the board's redraw


class User:
    def __init__(self, page, base: str) -> None:  # noqa: ANN001
        self.page, self.base = page, base
        self.clicks = self.typed = 0
        self.started = 0.0

    # --- the page ---------------------------------------------------------------------------------------
    def open(self, query: str = "", fragment: str = "") -> None:
        self.page.goto(f"{self.base}workbench.html{query}{fragment}")
        self.page.locator(".rbw.rbw-ready").wait_for(state="attached", timeout=READY)
        self.started = time.perf_counter()

    def runs(self) -> int:
        return int(self.page.locator("#rb-workbench").get_attribute("data-runs") or 0)

    def settled(self, before: int) -> str:
        """Waits for a run after the ``before``-th and for the page to be quiet; returns its verdict."""
        wait_until(self.page, f"Number(document.getElementById('rb-workbench').dataset.runs || 0) > {before}", timeout=RUN)
        while True:  # a change may start one more run (the text, then the board): wait until none is under way
            count = self.runs()
            self.page.wait_for_timeout(600)
            if self.runs() == count:
                return self.page.locator("#rb-workbench").get_attribute("data-verdict")

    def click(self, selector: str, changes: bool = True) -> str | None:
        before = self.runs()
        self.page.locator(selector).first.click()
        self.clicks += 1
        return self.settled(before) if changes else None

    # --- starting a question -----------------------------------------------------------------------------
    def new(self, game: str, players: int | None = None) -> None:
        self.page.select_option(".rbw-game", game)
        self.clicks += 1
        if players:
            self.page.select_option(".rbw-count", str(players))
            self.clicks += 1
        self.click(".rbw-new")

    def ask(self, question: str) -> None:
        before = self.runs()
        self.page.fill(".rbw-question-text", question)
        self.typed += 1
        self.page.press(".rbw-question-text", "Tab")
        self.settled(before)

    # --- the board -----------------------------------------------------------------------------------------
    def zone(self, *path: str) -> None:
        """Opens a zone by clicking it on the board when the board draws it, else in the zone list."""
        attr = json.dumps(list(path), ensure_ascii=False, separators=(",", ":")).replace("'", "\\'")
        on_board = self.page.locator(f".rbw-board-view [data-zone='{attr}']")
        self.click(f".rbw-board-view [data-zone='{attr}']" if on_board.count() else
                   f".rbw-zone-button[data-zone='{attr}']", changes=False)
        self.page.locator(".rbw-zone-editor:not([hidden])").wait_for(timeout=RUN)

    def add(self, name: str, search: str | None = None) -> None:
        """Adds a name to the open zone: types a search in its picker, clicks the name."""
        self.page.fill(".rbw-zone-editor .rbw-picker-input", search or name)
        self.typed += 1
        self.click(f".rbw-zone-editor .rbw-pick:text-is('{name}')")

    def remove(self, name: str) -> None:
        self.click(f".rbw-zone-editor .rbw-chip:has(.rbw-chip-name:text-is('{name}')) .rbw-remove")

    def press(self, text: str) -> None:
        """Clicks a button of the open zone's editor by its text (모두 빼기, 없음으로, a choice …)."""
        self.click(f".rbw-zone-editor button:text-is('{text}')")

    def count(self, name: str, value: int) -> None:
        """Sets a count (a pile, a suit in an area) by typing the number into its box."""
        before = self.runs()
        box = self.page.locator(f".rbw-zone-editor .rbw-count-row:has(.rbw-count-name:text-is('{name}')) input")
        box.fill(str(value))
        box.press("Tab")
        self.typed += 1
        self.settled(before)

    def close(self) -> None:
        self.click(".rbw-zone-editor button:text-is('닫기')", changes=False)

    # --- steps -------------------------------------------------------------------------------------------
    def move(self, text: str, ask: bool = False) -> str:
        """Picks a legal move by its Korean button and adds it as a step, or asks "할 수 있나요?" of it."""
        self.click(f".rbw-moves .rbw-move:has-text('{text}')", changes=False)
        return self.click(".rbw-ask-move" if ask else ".rbw-add-move")

    def refused(self, text: str, ask: bool = True) -> str:
        """Opens "다른 행동 시도", picks a refused move by its button and asks of it (or adds it as refused)."""
        if self.page.locator(".rbw-refused").is_hidden():
            self.click(".rbw-try-other", changes=False)
        self.page.locator(".rbw-try-search").fill(text)  # 30 shown at a time: a person types what they look for
        self.typed += 1
        self.click(f".rbw-refused .rbw-move:has-text('{text}')", changes=False)
        return self.click(".rbw-ask-move" if ask else ".rbw-add-refused")

    # --- the answer ----------------------------------------------------------------------------------------
    def ask_fact(self, label: str, expected: str = "") -> str:
        """Asks a fact's value by its Korean label ("이 값은?"), with the reader's own expectation if given."""
        fact = self.page.locator(".rbw-fact-list option", has_text=label)
        self.page.select_option(".rbw-fact-list", fact.first.get_attribute("value"))
        self.clicks += 1
        if expected:
            self.page.fill(".rbw-expect", expected)
            self.typed += 1
        return self.click(".rbw-ask-fact")

    def answers(self) -> list[str]:
        return self.page.locator(".rbw-verdict .rbw-answer").all_inner_texts()

    def seconds(self) -> float:
        return time.perf_counter() - self.started
