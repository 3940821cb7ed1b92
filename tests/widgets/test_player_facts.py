"""The ScenarioPlayer shows facts in Korean: every built-in scenario's checked and changed facts carry
Korean labels and values, never the English keys of the scenario files (armies_left, in_play, throne),
and the views it shows have no English words either (step start → invade)."""
import html
import re

import pytest

from engines.core import GAMES, get_game
from tutor import views
from tutor.scenario import SCENARIO_DIR
from tutor.widgets import ScenarioPlayer

ENGLISH = re.compile(r"[A-Za-z_]*[a-z_][A-Za-z_]*")  # a word with a lowercase Latin letter (not 명장 II, 천재 공학자 A)
HINT = re.compile(r"\([a-z ]+\)")  # a verb to type, as in 손에 넣을지(keep)


def _english(text: str) -> list[str]:
    return ENGLISH.findall(HINT.sub("", text))


def test_fact_text_labels_keys_and_values():
    game = get_game("dominion")
    assert views.fact_text(game, "윤주.in_play", ["마을"]) == ("윤주 낸 카드", "마을")
    assert views.fact_text(game, "phase", "action") == ("단계", "행동 단계")
    assert views.fact_text(game, "supply.속주", 8) == ("공급처 속주", "8")
    hotw = get_game("history_of_the_world")
    assert views.fact_text(hotw, "윤주.region.중동", "presence") == ("윤주 지역 중동", "주둔")
    tta = get_game("through_the_ages")
    assert views.fact_text(tta, "auction.leader", "윤주") == ("경매 최고 입찰자", "윤주")  # a two-part label
    assert views.fact_text(tta, "decision", "defend") == ("기다리는 결정", "침략 방어")
    assert _english("decision = throne") == ["decision", "throne"]
    assert _english("명장 II, 천재 공학자 A, 손에 넣을지(keep)") == []


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_player_facts_of_every_builtin_scenario_are_korean(game_id):
    files = sorted((SCENARIO_DIR / game_id).glob("*.yaml"))
    assert files
    leaks = {}
    for path in files:
        player = ScenarioPlayer.from_file(path)
        texts = [html.unescape(re.sub(r"<[^>]+>", " ", v)) for v in player.rendered]
        for step in player.steps[1:]:
            shown = [*step["look"], *(" ".join(row) for row in step["changed"]), texts[step["view"]]]
            words = sorted({w for line in shown for w in _english(line)})
            if words:
                leaks.setdefault(path.name, set()).update(words)
    assert leaks == {}
