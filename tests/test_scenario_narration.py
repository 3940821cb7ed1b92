"""Every built-in example explains itself: it has at least one ``say:`` step, so the reader never opens on
"시작 상태입니다" and plays moves with no word of what to watch or why a move is refused (issue 31)."""
import re

import pytest

from tutor.replay import replay
from tutor.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario

SCENARIOS = builtin_scenarios()
# The fallback a program writes when it cannot choose a particle; narration is written by people.
FALLBACK_PARTICLE = re.compile(r"을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|과\(와\)|와\(과\)|\(으\)로")


def _says(path) -> list[str]:
    return [step.say for step in load_scenario(path).steps if step.say is not None]


def test_every_builtin_scenario_has_narration():
    silent = [p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS if not _says(p)]
    assert len(SCENARIOS) > 300  # the loader found the built-ins
    assert silent == [], f"{len(silent)} scenarios without a say: step: {silent}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_narration_is_written_korean(path):
    for said in _says(path):
        assert said.strip(), "an empty say: step"
        assert not FALLBACK_PARTICLE.search(said), said


# --- a "may" told as a "may" (issue 35: Harbinger was told as if it had to put a card back) ---------------
OPTIONAL_WORDS = re.compile(r"도 되|도 됩|원하면|원하는|수 있|않아도|안 해도|선택")
COMPULSORY_WORDS = re.compile(r"반드시|(?:골라|버려|올려|내야|두어)야 합니다|넘길 수 없|건너뛸 수 없")
DOMINION = [p for p in SCENARIOS if p.parent.name == "dominion"]


def _declinable(game, state) -> bool:
    """Whether the player to move may leave the choice undone: ``pass``, or a "no" answer."""
    return any(m.verb == "pass" or str(m).endswith("아니요") for m in game.legal_moves(state))


def _optional_choices(trace) -> set[str]:
    """The cards whose choice the engine lets a player leave undone (its ``pass`` names the card)."""
    cards = set()
    for state in [trace.initial_state, *(s.state for s in trace.steps)]:
        if trace.game.current_player(state) is None:
            continue
        for move in trace.game.legal_moves(state):
            if move.verb == "pass":
                found = re.search(r"[은는] (\S+?)의 선택", trace.game.describe(state, move))
                if found:
                    cards.add(found.group(1))
    return cards


@pytest.mark.parametrize("path", DOMINION, ids=[p.name for p in DOMINION])
def test_a_card_whose_choice_may_be_left_undone_is_told_as_optional(path):
    """A say line that tells what a card does, where the engine offers ``pass`` for that card's choice,
    says the choice may be left undone (the rulebook's "원하면", "해도 됩니다")."""
    trace = replay(load_scenario(path))
    for card in _optional_choices(trace):
        for said in _says(path):
            if re.match(re.escape(card) + r"[은는로]", said):
                assert OPTIONAL_WORDS.search(said), f"{card}의 선택은 하지 않아도 되는데 꼭 하는 것처럼 말합니다: {said}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_a_choice_told_as_compulsory_cannot_be_declined(path):
    """A say line that calls a choice compulsory ("반드시", "골라야 합니다") is followed by a position where
    the player to move cannot decline it (no ``pass``, no "아니요")."""
    scenario = load_scenario(path)
    if not any(s.say and COMPULSORY_WORDS.search(s.say) and not OPTIONAL_WORDS.search(s.say) for s in scenario.steps):
        return
    trace = replay(scenario)
    for i, step in enumerate(trace.steps):
        if step.kind != "say" or not COMPULSORY_WORDS.search(step.say) or OPTIONAL_WORDS.search(step.say):
            continue
        state = step.state
        if trace.game.current_player(state) not in (None,):
            assert not _declinable(trace.game, state), f"꼭 해야 한다고 했지만 엔진은 넘기게 합니다: {step.say}"


# --- no engine words in narration (issue 35) ------------------------------------------------------------
# Latin letters a say line may hold: a card's Roman numeral (증원 I, 습격 II), a single A or B (A시대, a pact's
# A and B sides: the rulebook's own letters), and in a notation example the English names the reader types in
# that example's own moves (Cellar, "Reed Marsh"), which is what such an example teaches.
ALLOWED_LATIN = re.compile(r"(?<![A-Za-z])(?:I|II|III|IV|A|B)(?![A-Za-z])")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_\-]*")
OPENER = re.compile(r"이 예제는 \S+[을를] \S+(?:으로|로) (?:읽|둡)")
ANOTHER_EXAMPLE = re.compile(r"앞의 예|앞 예제|위의 예|앞에서 본|다음 예제")


def _move_names(scenario) -> set[str]:
    """The Latin words a scenario's moves give as names (never the verb)."""
    names = set()
    for step in scenario.steps:
        if step.move and len(step.move.split(None, 1)) == 2:
            names |= {w.lower() for w in LATIN_WORD.findall(step.move.split(None, 1)[1])}
    return names


def engine_words(said: str, names: set[str] = frozenset()) -> list[str]:
    return [w for w in LATIN_WORD.findall(ALLOWED_LATIN.sub("", said)) if w.lower() not in names]


def test_the_engine_word_lint_finds_each_kind():
    assert engine_words("이 예제는 two_of_two를 both로 읽습니다.") == ["two_of_two", "both"]
    assert engine_words("철수가 end를 하자 턴 마무리가 시작됩니다.") == ["end"]
    assert engine_words("bump up은 거부됩니다.") == ["bump", "up"]
    assert engine_words("습격 II와 증원 I, A시대와 B의 역할") == []
    assert engine_words('"Reed Marsh"는 갈대늪입니다.', {"reed", "marsh"}) == []
    assert OPENER.search("이 예제는 two_of_two를 both로 읽습니다.")
    assert OPENER.search("이 예제는 aggression_choice를 defender로 둡니다.")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_narration_has_no_engine_words(path):
    """Option keys and values, verbs and fact keys never reach a reader as narration; nor the boilerplate
    "이 예제는 ‹key›를 ‹value›로 읽습니다", nor a sentence that leans on another example."""
    scenario = load_scenario(path)
    names = _move_names(scenario)
    for said in _says(path):
        assert engine_words(said, names) == [], f"엔진의 낱말 {engine_words(said, names)}: {said}"
        assert not OPENER.search(said), said
        assert not ANOTHER_EXAMPLE.search(said), f"다른 예제에 기대는 문장: {said}"


# --- a reading is named as one, with the options page one click away (issue 35) ---------------------------
NOT_READINGS = {"mode", "edition", "team"}  # set-ups of the game played, not readings of a rule


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_an_example_played_under_another_reading_says_so(path):
    """An example that sets an option away from its default cites an options section (the player links it)
    and says in words that it follows an engine option or reading (엔진 옵션, 읽기, 해석, 집안 규칙, 규칙서의 선택 규칙)."""
    from engines.core import get_game
    scenario = load_scenario(path)
    game = get_game(scenario.game_id)
    changed = [k for k, v in scenario.variant.items() if k not in NOT_READINGS and game.options[k].default != v]
    if not changed:
        return
    assert any(".options" in rule for rule in scenario.rules), f"{changed}: rules에 옵션 쪽이 없습니다"
    words = " ".join([scenario.title, scenario.description, *_says(path)])
    assert re.search(r"옵션|읽기|읽습니다|해석|집안 규칙|변형 규칙|선택 규칙", words), f"{changed}: 읽기라고 말하지 않습니다"


def test_two_of_two_is_told_as_the_rulebook_tells_it():
    """The 2006 rulebook's events section defines the two strongest of two players as the stronger one
    (issue 35): no page says the rulebook leaves it open, and the 'both' example calls itself a house rule."""
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "through_the_ages"
    for page in ("military.md", "editions.md", "options.md"):
        for line in (docs / page).read_text(encoding="utf-8").splitlines():
            if "two_of_two" in line or "두 문명\"" in line:
                assert "규칙서에 없음" not in line and "말하지 않습니다" not in line, (page, line)
    both = load_scenario(SCENARIO_DIR / "through_the_ages" / "reading-two-of-two.yaml")
    assert "집안 규칙" in both.title and "글자 그대로" not in " ".join(_says(both.path))
