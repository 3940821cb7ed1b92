"""tutor.workbench: what the workbench page asks Python, checked against the `tutor` command itself."""
import base64
import json
import re
import subprocess
import sys
import zlib

import pytest
import yaml

from engines.core import GAMES
from tutor import workbench
from tutor.practice import VERB_LABELS, Seat, Table
from tutor.replay import NOT_RULES
from tutor.workbench_link import link
from tutor.scenario import builtin_path, builtin_scenarios

MOAT = builtin_path("dominion/moat").read_text(encoding="utf-8")


def tutor_check(tmp_path, text: str) -> subprocess.CompletedProcess:
    (tmp_path / "질문.yaml").write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tutor.cli", "check", "질문.yaml"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("text", [
    MOAT.replace("players: [윤주, 민호]", "players: 윤주"),
    MOAT.replace("해자, 동, 동", "해자, 없는카드, 동"),
    "game: [dominion\n",
    "game: chess\nplayers: [a]\nsteps: [{say: x}]\n",
    MOAT.replace("players: [윤주, 민호]", "players: [윤.주, 민호]"),  # a dot splits "<player>.<fact>"
    MOAT.replace("rules: [", "rules: [dominion.card.no-such-card, "),
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefg", "bcdefgh")),
])
def test_problems_are_the_lines_tutor_check_prints(tmp_path, text):
    problems = json.loads(workbench.lint(text))
    assert problems and all(p["message"] for p in problems)
    cli = tutor_check(tmp_path, text)
    assert cli.returncode == 2
    assert [p["text"] for p in problems] == cli.stderr.strip().splitlines()
    assert json.loads(workbench.run(text))["problems"] == problems


def test_a_run_reports_as_tutor_check_and_gives_the_players_steps(tmp_path):
    assert json.loads(workbench.lint(MOAT)) == []
    result = json.loads(workbench.run(MOAT))
    assert result["ok"] is True
    assert result["report"] == tutor_check(tmp_path, MOAT).stdout
    player = result["player"]
    assert [s["verdict"] for s in player["steps"][1:]] == ["accepted", None, None, "rejected"]
    assert player["steps"][4]["error"]["code"] == "wrong-phase"
    assert set(player["rules"]) >= {"dominion.card.moat"}

    failing = MOAT.replace("윤주.actions: 0", "윤주.actions: 1")
    assert json.loads(workbench.run(failing))["ok"] is False


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_every_game_starts_a_new_question_that_passes(info, tmp_path):
    game = next(g for g in json.loads(workbench.games()) if g["id"] == info.id)
    players = ["윤주", "민호", "서연", "지훈", "하늘", "도윤"][:game["min"]]
    variant = {o["name"]: o["choices"][-1][0] for o in game["options"] if o["name"] == "mode"}
    text = workbench.new_scenario(info.id, json.dumps(players), json.dumps(variant))
    assert json.loads(workbench.run(text))["ok"] is True
    assert tutor_check(tmp_path, text).returncode == 0
    form = json.loads(workbench.form(text))
    assert form["value"]["players"] == players
    assert form["schema"]["properties"]["setup"]["type"] == "object"


def test_the_form_offers_every_spelling_and_writes_back_the_set_up():
    form = json.loads(workbench.form(MOAT))
    hand = form["schema"]["properties"]["setup"]["properties"]["윤주"]["properties"]["hand"]
    assert hand["title"] == "손" and hand["items"]["options"]["inputAttributes"]["list"] == "wb-names-card"
    moat = dict(form["lists"]["card"])["해자"]
    assert "Moat" in moat
    value = {**form["value"], "setup": {"윤주": {"hand": ["Moat", "동"], "deck": []}}, "seed": 7}
    data = yaml.safe_load(json.loads(workbench.with_form(MOAT, json.dumps(value)))["text"])
    assert data["setup"] == {"윤주": {"hand": ["Moat", "동"], "deck": []}} and data["seed"] == 7
    assert data["steps"] == yaml.safe_load(MOAT)["steps"]


def test_steps_are_offered_and_added_at_a_step():
    json.loads(workbench.run(MOAT))
    here = json.loads(workbench.at_step(1))
    groups = {g["verb"]: g for g in here["groups"]}
    assert here["by"] == "윤주" and list(groups) == ["play", "end"]  # the practice table's groups, in its order
    assert groups["end"]["label"] == "단계 끝내기" and groups["end"]["moves"] == [["end", "윤주는 행동 단계를 끝냅니다."]]
    assert groups["play"]["label"] == "카드 내기" and ["play 은", "윤주는 은을 냅니다."] in groups["play"]["moves"]
    hand = next(f for f in here["facts"] if f["key"] == "윤주.hand")
    assert hand["label"] == "윤주 손"
    text = workbench.with_step(MOAT, json.dumps({"check": {"윤주.hand": hand["value"]}}), 1)
    steps = yaml.safe_load(text)["steps"]
    assert steps[1] == {"check": {"윤주.hand": hand["value"]}} and len(steps) == 5
    assert json.loads(workbench.run(text))["ok"] is True


def test_the_step_tools_group_moves_as_the_practice_table_does():
    table = Table("dominion", [Seat("윤주"), Seat("민호")], seed=3)
    table.handle("play", "end")
    table.handle("play", "play all")
    result = json.loads(workbench.run(table.to_scenario()))
    assert result["ok"] is True
    here = json.loads(workbench.at_step(len(result["player"]["steps"]) - 1))
    assert here["groups"] == table.snapshot()["groups"] and [g["verb"] for g in here["groups"]] == ["buy", "end"]


# (scenario, step, a move refused there, its Korean reason, its rule's title, its code)
REFUSED = [
    ("dominion/moat", 1, "buy 속주", "카드는 구매 단계에 삽니다", "구매 단계", "wrong-phase"),
    ("carta_impera_victoria/religion", 1, "take 군사", "먼저 손의 카드 1장을 자기 앞에 내려놓아야 합니다", "1단계: 카드 내려놓기",
     "must-play"),
    ("through_the_ages/leaders", 2, "take 2", "A시대 지도자는 이미 한 장 가져왔습니다", "지도자 카드 가져오기",
     "leader-this-age"),
    ("history_of_the_world/epoch-end", 2, "fortify 갈대늪", "활동 군대가 없어 요새화할 수 없습니다", "19. 요새화",
     "not-my-land"),
]


@pytest.mark.parametrize("name, at, move, reason, title, code", REFUSED, ids=[r[0].split("/")[0] for r in REFUSED])
def test_other_moves_are_refused_with_their_korean_reason_and_rule(name, at, move, reason, title, code):
    text = builtin_path(name).read_text(encoding="utf-8")
    json.loads(workbench.run(text))
    legal = {m for g in json.loads(workbench.at_step(at))["groups"] for m, _ in g["moves"]}
    answer = json.loads(workbench.refusals(at))
    assert answer["cut"] is False
    refused = {m["move"]: {**m, "group": g["label"]} for g in answer["groups"] for m in g["moves"]}
    assert refused and not legal & set(refused)
    found = refused[move]
    assert reason in found["reason"] and found["title"] == title and found["code"] == code
    assert found["href"].endswith(".html#" + found["rule"].replace(".", "-").lower())
    assert re.search("[가-힣]", found["text"]) and found["group"] == VERB_LABELS[name.split("/")[0]][move.split()[0]]
    assert all(m["code"] not in NOT_RULES and re.search("[가-힣]", m["reason"]) for m in refused.values())

    # added after that step as an expected refusal, and as a question: the replay agrees, the answer is "아니요"
    file_at = at  # these scenarios draw no chance before ``at``: the step shown is the file's
    by = json.loads(workbench.at_step(at))["by"]
    expected = workbench.with_step(text, json.dumps({"by": by, "move": move, "expect": "illegal", "error": code}), file_at)
    assert json.loads(workbench.run(expected))["ok"] is True
    asked = json.loads(workbench.run(workbench.with_step(text, json.dumps({"by": by, "move": move, "ask": True}), file_at)))
    assert asked["ok"] is True
    assert any(line.startswith("답: 아니요.") and reason in line for a in asked["answers"] for line in a["lines"])


def test_the_refusals_are_bounded(monkeypatch):
    json.loads(workbench.run(MOAT))
    monkeypatch.setattr(workbench, "MOST_TRIED", 5)
    answer = json.loads(workbench.refusals(1))
    assert answer["cut"] is True and sum(len(g["moves"]) for g in answer["groups"]) <= 5


def test_a_new_questions_placeholder_gives_way_to_the_first_step():
    text = workbench.new_scenario("dominion", '["윤주", "민호"]', "{}")
    text = workbench.with_step(text, '{"by": "윤주", "move": "end"}', 1)
    assert yaml.safe_load(text)["steps"] == [{"by": "윤주", "move": "end"}]


def test_a_link_is_raw_deflate_in_base64url_with_its_step():
    fragment = link(MOAT, step=3)
    version, data, step = fragment.split(".")
    assert (version, step) == ("v1", "3")
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    assert zlib.decompress(raw, -15).decode() == MOAT


def test_builtins_list_every_scenario():
    listed = json.loads(workbench.builtins())
    assert len(listed) == len(builtin_scenarios())
    moat = next(b for b in listed if b["name"] == "dominion/moat")
    assert moat["title"].startswith("해자") and workbench.builtin_text("dominion/moat") == MOAT


def test_the_form_refuses_a_file_tutor_check_would_not_read():
    bomb = "game: dominion\nplayers: [윤주, 민호]\nsteps: [{say: x}]\nsetup:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n" + \
        "".join(f"  {c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                for p, c in zip("abcdefg", "bcdefgh"))
    for call in (lambda: workbench.form(bomb), lambda: workbench.with_step(bomb, "{}", 0)):
        with pytest.raises(ValueError):
            call()


def test_the_game_picker_names_modes_and_editions_in_korean():
    tta = next(g for g in json.loads(workbench.games()) if g["id"] == "through_the_ages")
    mode = next(o for o in tta["options"] if o["name"] == "mode")
    assert mode["label"] == "게임 방식" and [c[:2] for c in mode["choices"]] == [
        ["simple", "맛보기"], ["advanced", "숙련"], ["full", "본격"]]
    simple = mode["choices"][0][2]  # what each mode includes, as the engine declares it
    assert "군사 카드" in simple and "없습니다" in simple and "노란색 토큰" in mode["choices"][-1][2]
    hotw = next(g for g in json.loads(workbench.games()) if g["id"] == "history_of_the_world")
    assert "제2시대, 카드를 고른 뒤" in hotw["starts"]


def test_a_new_history_of_the_world_question_may_start_in_epoch_two_after_the_draft():
    text = workbench.new_scenario("history_of_the_world", json.dumps(["윤주", "민호", "서연"]), "{}",
                                  "제2시대, 카드를 고른 뒤")
    assert "epoch: 2" in text and "deal:" in text
    result = json.loads(workbench.run(text))
    assert result["ok"] and "제국 세우기" in json.dumps(json.loads(workbench.at_step(0)), ensure_ascii=False)


def test_the_sandbox_opens_at_a_step_of_the_last_run():
    json.loads(workbench.run(MOAT))
    traits = json.loads(workbench.sandbox_at(1))
    assert traits["game_id"] == "dominion" and "단계 뒤부터" in json.dumps(traits, ensure_ascii=False)
    assert json.loads(traits["position"])


def test_players_and_sandboxes_carry_their_scenario_to_the_workbench():
    from tutor.widgets import Sandbox, ScenarioPlayer

    fragment = ScenarioPlayer.builtin("dominion/moat").workbench
    assert fragment == link(MOAT)
    assert Sandbox.builtin("dominion/moat", at=2).workbench == link(MOAT, step=2)
    assert json.loads(workbench.run(MOAT))["player"]["workbench"] == ""  # the workbench's own has none


def test_without_docs_the_packed_rule_index_decides_unknown_ids(tmp_path, monkeypatch):
    """In the browser there is no docs/ folder: the workbench refuses an unknown ``rules:`` id as tutor check does."""
    from tutor import rules

    index = tmp_path / "rule_index.json"
    index.write_text(json.dumps({"dominion.card.moat": {"title": "해자", "page": "dominion/cards-2-3", "game": "dominion"}}))
    monkeypatch.setattr(rules, "PACKED_INDEX", index)
    monkeypatch.setenv("TUTOR_DOCS", str(tmp_path / "no-docs"))
    assert rules.unknown_rules(["dominion.card.moat", "dominion.card.mote"]) == {"dominion.card.mote": ["dominion.card.moat"]}


MEMO = MOAT.replace("steps:\n", "# 내 메모\nnotes: 나중에 볼 것\nsteps:\n", 1)


def test_the_form_writes_back_only_the_entries_it_changed():
    assert json.loads(workbench.lint(MEMO.replace("notes: 나중에 볼 것\n", ""))) == []
    base = MEMO.replace("notes: 나중에 볼 것\n", "")
    form = json.loads(workbench.form(base))
    text = json.loads(workbench.with_form(base, json.dumps({**form["value"], "seed": 7})))["text"]
    assert text.replace("seed: 7\n", "") == base
    assert "# 내 메모" in text and yaml.safe_load(text)["seed"] == 7
    back = json.loads(workbench.with_form(text, json.dumps({**form["value"], "seed": 0})))["text"]
    assert back == base


@pytest.mark.parametrize("typed", ["kingdum: [시장]\n", "notes: 나중에 볼 것\n", "setup:\n  윤주:\n     hand: [동]\n   deck: []\n"])
def test_the_form_does_not_write_over_a_text_with_problems(typed):
    text = MOAT.replace("steps:\n", typed + "steps:\n", 1)
    form = json.loads(workbench.form(MOAT))
    answer = json.loads(workbench.with_form(text, json.dumps({**form["value"], "seed": 7})))
    assert "text" not in answer and answer["problems"]
    assert answer["note"].startswith("YAML의 문제를 먼저 고치면 양식으로도 고칠 수 있습니다 (")
    assert "번째 줄: " in answer["note"]


def test_the_form_rewrites_its_own_entries_even_when_they_have_problems():
    text = MOAT.replace("해자, 동, 동", "해자, 없는카드, 동")
    form = json.loads(workbench.form(text))
    answer = json.loads(workbench.with_form(text, json.dumps({**form["value"], "seed": 7})))
    assert "seed: 7" in answer["text"]


def test_a_step_is_added_as_a_line_and_the_rest_is_kept():
    base = MEMO.replace("notes: 나중에 볼 것\n", "")
    text = workbench.with_step(base, json.dumps({"check": {"윤주.actions": 0}}), 2)
    added = [line for line in text.splitlines() if line not in base.splitlines()]
    assert added == ["  - {check: {윤주.actions: 0}}"]
    assert text.replace(added[0] + "\n", "") == base
    assert yaml.safe_load(text)["steps"][2] == {"check": {"윤주.actions": 0}}


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_the_form_says_every_field_in_korean(info):
    import re

    game = next(g for g in json.loads(workbench.games()) if g["id"] == info.id)
    players = ["윤주", "민호", "서연"][:max(2, game["min"])]
    schema = json.loads(workbench.form(workbench.new_scenario(info.id, json.dumps(players), "{}")))["schema"]
    titles = []

    def walk(node):
        if isinstance(node, dict):
            titles.append(node.get("title", ""))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)
    walk(schema)
    english = [t for t in titles if isinstance(t, str) and re.search(r"[A-Za-z]{2,}", t)]
    assert english == []


def test_a_simple_game_question_about_a_military_card_is_told_so_and_switched_in_one_step():
    text = workbench.with_question(workbench.new_scenario("through_the_ages", json.dumps(["윤주", "민호"]), "{}"),
                                   "약탈로 무엇을 얻나요?")
    [gap] = json.loads(workbench.mode_gaps(text))
    assert gap["say"].startswith("맛보기 게임에는 군사 카드") and gap["button"] == "숙련으로 바꾸기"
    switched = workbench.with_variant(text, json.dumps(gap["variant"]))
    assert "variant: {mode: advanced}" in switched and "question: 약탈로 무엇을 얻나요?" in switched
    assert json.loads(workbench.mode_gaps(switched)) == [] and json.loads(workbench.run(switched))["ok"]
    assert json.loads(workbench.mode_gaps("game: [")) == []


def test_a_new_question_of_an_edition_writes_the_mode_it_is_chosen_with():
    text = workbench.new_scenario("through_the_ages", json.dumps(["윤주", "민호"]),
                                  json.dumps({"mode": "simple", "edition": 2015}))
    assert "variant: {mode: simple, edition: 2015}" in text and json.loads(workbench.run(text))["ok"]
    assert "variant:" not in workbench.new_scenario("through_the_ages", json.dumps(["윤주", "민호"]),
                                                    json.dumps({"mode": "simple", "edition": 2006}))
