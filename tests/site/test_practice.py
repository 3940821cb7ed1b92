"""The practice game (연습 게임) in a real browser, every request off the local server blocked: a whole Dominion
game of a person (scripted clicks) against the normal computer, a whole advanced Through the Ages game of two
computers, the hand-off screen between two people, a saved game resumed and a damaged one refused."""
import base64
import re
import subprocess
import sys
import zlib

from playwright.sync_api import expect

from tutor.practice import Seat, Table

from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures shared with the site test)

PYODIDE_LOAD = 120_000  # ms: Pyodide's cold start and the engines' wheel, on a shared machine
MOVE = 30_000  # ms: one answer of the table (a person's move and the computer's moves it sets off)
WHOLE_GAME = 600_000  # ms: two computers playing Through the Ages to its end


def open_practice(browser, server, game, width=1024):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": width, "height": 900})
    page.goto(f"{server}{game}/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    return page


def start(page, levels, picked=None, seed=7):
    """Seats (None: a person, else the computer's level), the set-up choices, the seed; then 게임 시작."""
    while page.locator(".rbp-seat").count() < len(levels):
        page.locator(".rbp-more").click()
    for row, level in zip(page.locator(".rbp-seat").all(), levels):
        row.locator(".rbp-level").select_option(level or "")
    for key, value in (picked or {}).items():
        page.locator(f'.rbp-choice[data-key="{key}"]').select_option(value)
    page.locator(".rbp-seed").fill(str(seed))
    page.locator(".rbp-start").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", re.compile("^(person|computer|handoff|over)$"),
                                                   timeout=MOVE)
    page.locator(".rbp-speed").select_option("fast")


def wait_for_person_or_end(page, after: int) -> str:
    """Wait until the table has made more than ``after`` moves and a person (or nobody: the end) is to act."""
    wait_until(
        page, "after => { const r = document.querySelector('.rbp'); const n = Number(r.dataset.moves);"
        " return (r.dataset.state === 'over' && n >= after) || (n > after && r.dataset.state !== 'computer'); }",
        arg=after, timeout=MOVE)
    return page.locator(".rbp").get_attribute("data-state")


def person_move(page) -> str:
    """What a simple player clicks: the dearest of 속주, 금, 은; all treasures; else end the phase."""
    moves = [b.get_attribute("data-move") for b in page.locator(".rbp-move").all()]
    for wanted in ("buy 속주", "buy 금", "buy 은", "play all", "end"):
        if wanted in moves:
            return wanted
    return moves[0]


def moves_made(page) -> int:
    return int(page.locator(".rbp").get_attribute("data-moves"))


def test_a_whole_dominion_game_against_the_normal_computer(browser, server):  # noqa: F811
    page = open_practice(browser, server, "dominion")
    expect(page.locator(".rbp-strategy")).to_contain_text("큰돈")  # the computer's strategy, in Korean
    start(page, [None, "normal"])
    expect(page.locator(".rbp-turn")).to_contain_text("윤주")

    # A refused move, typed: the engine's reason and the rule's link; nothing typed is lost.
    page.locator(".rbp-input").fill("buy 속주")
    page.locator(".rbp-submit").click()
    lesson = page.locator(".rbp-lesson")
    expect(lesson).to_contain_text("구매 단계", timeout=MOVE)
    assert lesson.locator("a.rbp-rule").get_attribute("href").endswith("#dominion-turn-buy")
    assert page.locator(".rbp-input").input_value() == "buy 속주"
    # "왜?" on a kind of move that cannot be made now.
    page.locator(".rbp-blocked summary").click()
    page.locator('.rbp-why[data-verb="buy"]').click()
    expect(page.locator(".rbp-lesson").last).to_contain_text("구매 단계", timeout=MOVE)

    state, clicks, resumed = "person", 0, False
    while state != "over":
        before = moves_made(page)
        page.locator(f'.rbp-move[data-move="{person_move(page)}"]').click()
        clicks += 1
        state = wait_for_person_or_end(page, before)
        if clicks == 12 and not resumed and state == "person":
            # The game is kept in the browser: a reload offers to go on from the same move.
            made = moves_made(page)
            page.reload()
            page.locator(".rbp-resume").click(timeout=PYODIDE_LOAD)
            expect(page.locator(".rbp")).to_have_attribute("data-moves", str(made), timeout=MOVE)
            page.locator(".rbp-speed").select_option("fast")
            resumed = True
        assert clicks < 600, "the game did not end"
    result = page.locator(".rbp-result")
    expect(result).to_contain_text("게임이 끝났습니다")
    assert re.search(r"(윤주|민호)\S* (\d+점으로 )?(함께 )?이깁니다", result.inner_text())
    assert resumed
    log = page.locator(".rbp-log-list li")
    assert log.count() > 50 and page.locator(".rbp-log-list a.rbp-rule").count() >= 1  # the end, with its rule
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_a_dominion_tie_ends_with_the_tie_break_stated(browser, server):  # noqa: F811
    """Two people at one screen play the same money game; seed 38 splits the 속주 4 and 4 and 윤주 buys the
    last one, so the points are equal and 민호, with one turn fewer, wins: the end screen says so and why."""
    page = open_practice(browser, server, "dominion")
    start(page, [None, None], seed=38)
    expect(page.locator(".rbp-banner")).to_contain_text("윤주의 턴입니다 (사람)")
    state, clicks = "person", 0
    while state != "over":
        if state == "handoff":
            page.locator(".rbp-reveal").click()
            expect(page.locator(".rbp")).not_to_have_attribute("data-state", "handoff", timeout=MOVE)
        else:
            before = moves_made(page)
            page.locator(f'.rbp-move[data-move="{person_move(page)}"]').click()
            clicks += 1
            wait_until(page, "n => { const r = document.querySelector('.rbp');"
                             " return Number(r.dataset.moves) > n || r.dataset.state === 'over'; }", arg=before, timeout=MOVE)
        state = page.locator(".rbp").get_attribute("data-state")
        assert clicks < 300, "the game did not end"
    result = page.locator(".rbp-result")
    expect(result).to_contain_text("윤주와 민호가 27점으로 같습니다. 동점이면 턴을 덜 한 사람이 이깁니다")
    expect(result).to_contain_text("그래서 턴을 덜 한 민호가 이깁니다.")
    expect(result).to_contain_text("윤주 27점 (속주 4장 +24점, 사유지 3장 +3점), 16턴.")
    expect(page.locator(".rbp-banner")).to_contain_text("게임이 끝났습니다")
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_a_whole_advanced_tta_game_of_two_computers(browser, server):  # noqa: F811
    page = open_practice(browser, server, "through_the_ages")
    start(page, ["normal", "easy"], {"mode": "advanced", "edition": "2006"})
    expect(page.locator(".rbp-thinking")).to_be_visible(timeout=MOVE)  # the computer's turns show it thinking
    expect(page.locator(".rbp")).to_have_attribute("data-state", "over", timeout=WHOLE_GAME)
    expect(page.locator(".rbp-result")).to_contain_text("게임이 끝났습니다")
    times = page.evaluate("globalThis.rulebookBotTimes")
    assert len(times) > 50
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_the_hand_off_screen_hides_the_player_who_just_moved(browser, server):  # noqa: F811
    seed = 7
    page = open_practice(browser, server, "dominion", width=390)
    start(page, [None, None], seed=seed)
    # The same game in Python: 윤주's hand after her first turn (drawn in the clean-up) is her hidden information.
    table = Table("dominion", [Seat("윤주"), Seat("민호")], {"kingdom": "first"}, seed=seed)
    table.handle("play", "end")
    table.handle("play", "end")
    hand = table.game.observe(table.state)["윤주.hand"]
    assert "사유지" in hand  # the seed gives her an Estate: a name no prose on the page contains

    for _ in range(2):  # 윤주 ends her action phase, then her buy phase
        before = moves_made(page)
        page.locator('.rbp-move[data-move="end"]').click()
        wait_until(page, "n => Number(document.querySelector('.rbp').dataset.moves) > n", arg=before, timeout=MOVE)
    expect(page.locator(".rbp-handoff")).to_be_visible()
    expect(page.locator(".rbp-handoff")).to_contain_text("다음 사람에게 넘기기")
    visible = page.locator("body").inner_text()
    assert "민호" in visible and "사유지" not in visible
    assert page.locator(".rb-card").count() == 0 and page.locator(".rbp-table").is_hidden()
    page.screenshot(path="/tmp/practice-handoff-390.png", full_page=True)

    page.locator(".rbp-reveal").click()
    expect(page.locator(".rbp-viewer")).to_contain_text("민호", timeout=MOVE)
    hidden = page.locator(".rb-player", has_text="윤주").locator(".rb-zone").filter(
        has=page.locator(".rb-zone-title", has_text=re.compile("^손$")))
    expect(hidden).to_contain_text("5장 (가려 둠)")
    assert hidden.locator(".rb-card").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll on a phone
    page.screenshot(path="/tmp/practice-table-390.png", full_page=True)

    # Undo, by the table's agreement: 민호's move is taken back.
    before = moves_made(page)
    page.locator('.rbp-move[data-move="end"]').click()
    wait_until(page, "n => Number(document.querySelector('.rbp').dataset.moves) > n", arg=before, timeout=MOVE)
    page.locator(".rbp-undo").click()
    expect(page.locator(".rbp-ask")).to_contain_text("모두 동의했나요?")
    page.locator(".rbp-undo-yes").click()
    expect(page.locator(".rbp")).to_have_attribute("data-moves", str(before), timeout=MOVE)
    expect(page.locator(".rbp-log-list")).to_contain_text("되돌렸습니다")
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_the_game_so_far_goes_to_the_workbench_as_a_scenario_that_replays(browser, server, tmp_path):  # noqa: F811
    page = open_practice(browser, server, "history_of_the_world")
    start(page, ["easy", "normal", None], seed=5)
    wait_until(page, "document.querySelector('.rbp').dataset.state === 'person'", timeout=MOVE * 4)
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    page.locator(".rbp-export").click()
    exported = page.locator(".rbp-exported")
    expect(exported).not_to_be_empty(timeout=MOVE)
    link = exported.locator(".rbp-workbench-link")
    if link.count():  # the site has the question workbench: the scenario travels in the link (format v1)
        data = re.search(r"#v1\.([A-Za-z0-9_-]+)$", link.get_attribute("href")).group(1)
        text = zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), -15).decode()
    else:  # no workbench here: the page says so and hands over the file
        assert "내려받았습니다" in exported.inner_text() and downloads
        text = open(downloads[0].path(), encoding="utf-8").read()
    path = tmp_path / "exported.yaml"
    path.write_text(text, encoding="utf-8")
    made = moves_made(page)
    assert text.count("move:") == made and "game: history_of_the_world" in text
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "통과" in done.stdout, done.stdout + done.stderr
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_a_damaged_save_offers_a_new_game(browser, server):  # noqa: F811
    page = open_practice(browser, server, "carta_impera_victoria")
    page.evaluate("localStorage.setItem('rulebook-practice-carta_impera_victoria', '{\"format\": 1, \"moves\": 3')")
    page.reload()
    page.locator(".rbp-resume").click(timeout=PYODIDE_LOAD)
    expect(page.locator(".rbp-lesson")).to_contain_text("망가져", timeout=MOVE)
    page.locator(".rbp-restart").click()
    expect(page.locator(".rbp-start")).to_be_visible()
    assert page.evaluate("localStorage.getItem('rulebook-practice-carta_impera_victoria')") is None
    assert page.outside == [] and page.errors == []
    page.context.close()


RAW = re.compile(r"\S (예|아니오|없음)(?=[,.)]| 외)")


def computers(table: Table, done=lambda t: False, moves: int = 5000) -> Table:
    for _ in range(moves):
        if done(table) or table.to_move() is None:
            break
        table.handle("bot")
    return table


def resumed(browser, server, game: str, table: Table):  # noqa: F811
    """The page, resuming ``table``'s game from the browser's storage (as a reload does)."""
    page = open_practice(browser, server, game)
    page.evaluate("([key, saved]) => localStorage.setItem(key, saved)", [f"rulebook-practice-{game}", table.save()])
    page.reload()
    page.locator(".rbp-resume").click(timeout=PYODIDE_LOAD)
    expect(page.locator(".rbp")).to_have_attribute("data-moves", str(len(table.session.moves)), timeout=MOVE)
    return page


def log_says_all(page) -> list[str]:
    """Every log entry as the page shows it: no bare yes/no/empty value, no "(…) (…)", and each "외 N개" with its
    N changes folded under it."""
    entries = page.evaluate("[...document.querySelectorAll('.rbp-log-list > li')].map(li => "
                            "[li.firstChild.textContent, li.querySelectorAll('.rbp-log-more li').length])")  # one drawing
    for text, folded in entries:
        counted = re.search(r" 외 (\d+)개[).]", text)
        assert not RAW.search(text) and ") (" not in text, text
        assert folded == (int(counted[1]) if counted else 0), text
    return [text for text, _ in entries]


GAMES = [("dominion", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, r"속주 더미가|공급처의 더미 \d+개"),
         ("carta_impera_victoria", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, r"주도권 승리로|더미가 바닥나고"),
         ("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "easy")], {"mode": "advanced", "edition": "2015"},
          r"마지막 시민 카드가 나온 뒤 그 라운드를 끝으로"),
         ("history_of_the_world", [Seat("윤주", "normal"), Seat("민호", "easy"), Seat("서연", "normal")], {},
          r"마지막 시대인 \d+시대")]


def test_a_finished_game_says_why_it_ended_and_its_log_says_all(browser, server):  # noqa: F811
    """Each game, played to its end by the computers and resumed from the save: the end screen and the log's last
    line say why the game ended; HotW's scores are broken down by source; no log entry hides a change."""
    for game, seats, picked, reason in GAMES:
        page = resumed(browser, server, game, computers(Table(game, seats, picked, seed=5)))
        expect(page.locator(".rbp")).to_have_attribute("data-state", "over")
        expect(page.locator(".rbp-ending li").first).to_have_text(re.compile(reason))
        assert not page.locator(".rbp-undo").count()  # after the end: a new game and the review only
        texts = log_says_all(page)
        assert re.search(reason, texts[0])  # the newest entry first: the end, with its reason
        if game == "history_of_the_world":
            assert any(re.search(r"[이가] 얻은 승점 \d+점: (수도|도시|기념물) \d+개 \d+점", t) for t in texts)
        assert page.outside == [] and page.errors == []
        page.context.close()


def test_tta_warns_of_an_uprising_before_the_turn_ends_and_logs_it_and_a_battles_result(browser, server):  # noqa: F811
    """The computers play until 민호 would riot after a battle; the save, with 민호 a person, is resumed: the
    warning gives the reason before 턴 마치기, the log states the battle with both strengths and then the riot."""
    table = computers(Table("through_the_ages", GAMES[2][1], GAMES[2][2], seed=5),
                      lambda t: t.state.last_battle is not None and t.to_move() == "민호"
                      and t.game.observe(t.state)["민호.uprising"] and any(m.verb == "end" for m in t.game.legal_moves(t.state)))
    assert table.to_move() == "민호"
    table.seats["민호"] = Seat("민호")  # the same game with 민호 at the screen
    page = resumed(browser, server, "through_the_ages", table)
    expect(page.locator(".rbp-warning").first).to_contain_text("폭동: 불만 있는 일꾼")
    expect(page.locator(".rbp-preview")).to_have_attribute("open", "")
    assert re.search(r"(침략|전쟁) 결과\(.+?\): \S+의 공격 \d+ 대 \S+의 방어 \d+\.",
                     page.locator(".rbp-log-list").inner_text())
    before = moves_made(page)
    page.locator('.rbp-move[data-move="end"]').click()
    while True:
        wait_until(page, "n => Number(document.querySelector('.rbp').dataset.moves) > n", arg=before, timeout=MOVE)
        if not page.locator(".rbp-prompt").count() or "한도보다 많습니다" not in page.locator(".rbp-prompt").inner_text():
            break
        before = moves_made(page)  # the 2015 hand limit at the end of a turn: discard, then the turn ends
        page.locator(".rbp-move").first.click()
    expect(page.locator(".rbp-log-list")).to_contain_text("민호에게 폭동이 일어나 이번 턴에는 생산과 유지를 하지 못했습니다")
    log_says_all(page)
    assert page.outside == [] and page.errors == []
    page.context.close()
