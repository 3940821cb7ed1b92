"""What each game mode includes, declared once (catalog.MODE_NAMES / MODE_NOTES), and what a question names that
the chosen mode lacks (setup_schema.missing_parts); a set-up refused in the advanced or full game cites that game's
own set-up section."""
import pytest

from engines.core import BadSetup, get_game
from engines.through_the_ages.catalog import MODE_NAMES, MODE_NOTES
from engines.through_the_ages.setup_schema import in_mode, missing_parts

GAME = get_game("through_the_ages")


def test_every_mode_has_a_korean_name_and_a_note_and_the_option_reads_them():
    option = GAME.options["mode"]
    assert option.choices == tuple(MODE_NAMES) == tuple(MODE_NOTES) and option.notes == MODE_NOTES
    assert all(f"{m}({n})" in option.description for m, n in MODE_NAMES.items())


@pytest.mark.parametrize(("question", "mode", "said", "target"), [
    ("약탈로 무엇을 얻나요?", "simple", "군사 카드 ‘약탈’이 없습니다", "advanced"),
    ("약탈 III로 무엇을 얻나요?", "simple", "군사 카드 ‘약탈 III’이 없습니다", "full"),
    ("침략하면 식민지를 얻나요?", "simple", "침략, 식민지가 없습니다", "advanced"),
    ("탱크를 지을 수 있나요?", "advanced", "3시대 카드 ‘탱크’가 없습니다", "full"),
])
def test_a_question_naming_what_the_mode_lacks_is_told_so_and_which_mode_has_it(question, mode, said, target):
    [(sentence, changes)] = missing_parts({"mode": mode}, question, {})
    assert said in sentence and sentence.startswith(f"{MODE_NAMES[mode]} 게임에는") and changes == {"mode": target}


def test_what_the_mode_has_is_not_flagged():
    assert missing_parts({"mode": "simple"}, "농업 발전 이벤트로 식량을 얻나요? 모세를 추대하면?", {}) == []
    assert missing_parts({"mode": "full"}, "탱크로 침략", {}) == []
    assert missing_parts({"mode": "simple"}, "", {"윤주": {"tactics": "중갑 보병"}})[0][1] == {"mode": "advanced"}
    assert in_mode("development_of_agriculture", "simple", 2006) and not in_mode("plunder_1", "simple", 2006)


def test_a_military_move_among_the_steps_is_flagged_in_the_simple_game():
    [(sentence, changes)] = missing_parts({"mode": "simple"}, "", {}, ["take 1", "attack 민호 약탈"])
    assert "군사 행동 ‘침략’" in sentence and changes == {"mode": "advanced"}
    assert missing_parts({"mode": "advanced"}, "", {}, ["attack 민호 약탈"]) == []


def test_a_refused_set_up_cites_the_set_up_of_the_game_played():
    for mode, rule in (("simple", "tta.simple.setup"), ("advanced", "tta.advanced.setup"), ("full", "tta.full.setup")):
        with pytest.raises(BadSetup) as refused:
            GAME.new_game(["윤주", "민호"], options={"mode": mode}, setup={"age": "IV", "round": 1})
        assert refused.value.rule == rule


def test_the_player_count_and_a_practice_table_cite_the_set_up_of_the_game_played():
    with pytest.raises(BadSetup) as refused:
        GAME.new_game(["윤주"], options={"mode": "full"})
    assert refused.value.rule == "tta.full.setup"
    assert GAME.setup_rule_of({}) == "tta.simple.setup" and GAME.setup_rule_of({"mode": "advanced"}) == "tta.advanced.setup"
