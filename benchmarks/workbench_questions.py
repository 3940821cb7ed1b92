"""Eight rules questions, two per game, posed in the question workbench by a scripted reader who only clicks
(the board's zones, the pickers, the move buttons, the fact picker) and types the question and a search:
the clicks, the searches typed and the seconds from the page being ready to the answer sentence.

Serves the built site (``bash scripts/build-docs.sh`` first) on 127.0.0.1, blocks every other request, and
uses the same scripted reader as the browser tests (tests/site/workbench_user.py). The seconds include the
reader's own waits: after each change it waits for the page to be quiet for 0.6 s (the text's run, then the
board's redraw), as a person reads the board before the next click.

    .venv/bin/python benchmarks/workbench_questions.py [--only dominion-bandit]
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripted reader lives beside the tests

from tests.site.workbench_user import User  # noqa: E402
from tutor.site import HTML, serving  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]


def dominion_bandit(u: User) -> None:
    u.new("dominion")
    u.ask("해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?")
    u.zone("kingdom"), u.remove("나무꾼"), u.add("노상강도", "bandit")
    u.zone("윤주", "hand"), u.press("모두 빼기"), u.add("노상강도")
    u.zone("민호", "hand"), u.add("해자"), u.close()
    u.move("노상강도"), u.move("해자", ask=True), u.ask_fact("윤주 버린 카드")


def dominion_moneylender(u: User) -> None:
    u.new("dominion")
    u.ask("동이 없을 때 대금업자를 내면 코인을 얻나요?")
    u.zone("kingdom"), u.remove("나무꾼"), u.add("대금업자", "moneylender")
    u.zone("윤주", "hand"), u.press("모두 빼기"), u.add("대금업자"), u.add("은"), u.close()
    u.move("대금업자"), u.ask_fact("윤주 코인")


def tta_second_leader(u: User) -> None:
    u.new("through_the_ages")
    u.ask("같은 시대 지도자를 둘 가질 수 있나요?")
    u.zone("card_row"), u.press("모두 빼기"), u.add("모세")
    u.zone("윤주", "leader"), u.add("호메로스"), u.close()
    u.refused("모세")


def tta_monarchy(u: User) -> None:
    u.new("through_the_ages")
    u.ask("군주정치에서는 시민 행동이 몇 개인가요?")
    u.zone("윤주", "government"), u.add("군주정치", "군주"), u.close()
    u.ask_fact("윤주 시민 행동 수")


def carta_religion(u: User) -> None:
    u.new("carta_impera_victoria")
    u.ask("종교 카드를 놓으면 손 한도가 늘어나나요?")
    u.zone("윤주", "tableau"), u.count("종교", 5), u.close()
    u.ask_fact("윤주 손 한도")


def carta_culture_tie(u: User) -> None:
    u.new("carta_impera_victoria")
    u.ask("문화 카드 수가 같으면 문화 토큰은 누구에게 가나요?")
    u.zone("윤주", "tableau"), u.count("문화", 3)
    u.zone("민호", "tableau"), u.count("문화", 3), u.close()
    u.ask_fact("문화 토큰")


def hotw_middle_player(u: User) -> None:
    u.new("history_of_the_world", players=3)
    u.ask("3명 게임에서 가운데 사람이 사건 카드를 고르면, 제국 카드는 누가 고르나요?")
    u.move("갈대왕국"), u.move("서리부족", ask=True)


def hotw_scores(u: User) -> None:
    u.new("history_of_the_world", players=3)
    u.ask("점수가 가장 높은 사람은 카드를 언제 고르나요?")
    u.zone("scores"), u.count("서연", 20), u.close()  # the others keep the scores the board shows
    u.move("공성술", ask=True)  # the first to pick is the one whose card it is


QUESTIONS: dict[str, Callable[[User], None]] = {
    "dominion-bandit": dominion_bandit, "dominion-moneylender": dominion_moneylender,
    "tta-second-leader": tta_second_leader, "tta-monarchy": tta_monarchy,
    "carta-religion": carta_religion, "carta-culture-tie": carta_culture_tie,
    "hotw-middle-player": hotw_middle_player, "hotw-scores": hotw_scores,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(QUESTIONS))
    args = parser.parse_args()
    rows = []
    with serving(HTML) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, pose in QUESTIONS.items():
            if args.only and name != args.only:
                continue
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            page = context.new_page()
            outside: list[str] = []
            context.route("**/*", lambda r, o=outside: r.continue_() if r.request.url.startswith(base)
                          else (o.append(r.request.url), r.abort()))
            user = User(page, base)
            user.open()
            pose(user)
            answers = user.answers()
            rows.append((name, user.clicks, user.typed, user.seconds(), answers[-1] if answers else "(답 없음)"))
            assert not outside, outside
            context.close()
        browser.close()
    print(f"{'question':22} {'clicks':>6} {'typed':>5} {'seconds':>7}  answer")
    for name, clicks, typed, seconds, answer in rows:
        print(f"{name:22} {clicks:6} {typed:5} {seconds:7.1f}  {answer}")


if __name__ == "__main__":
    main()
