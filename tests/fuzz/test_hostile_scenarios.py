"""Malformed and hostile scenario files end in a Korean message and exit 2, quickly and in little memory.

A corpus of hand-made hostile files (tests/fuzz/corpus) runs through the real ``tutor`` command under a
memory limit and a timeout; Hypothesis then generates text and set-ups for every game.
"""
import json
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import GAMES, RulesError, get_game
from tutor.replay import replay
from tutor.scenario import ScenarioError, parse_scenario
from tutor.yamlsource import MAX_BYTES

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))
HANGUL = re.compile(r"[가-힣]")
MEMORY_LIMIT = 1 << 30  # bytes of address space for the whole command
TIME_LIMIT = 120  # seconds for the whole corpus (a hang, not a speed target)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_every_hostile_file_is_refused_in_korean_with_exit_2(tmp_path):
    big = tmp_path / "too-big.yaml"
    big.write_text("game: dominion\nplayers: [a, b]\nsteps:\n" + "  - say: 가나다라마바사아자차카타파하\n" * 12_000)
    assert big.stat().st_size > MAX_BYTES
    many = tmp_path / "many-steps.yaml"
    many.write_text("game: dominion\nplayers: [a, b]\nsteps:\n" + "  - {by: a, move: end}\n" * 2_000)
    files = [*map(str, CORPUS), str(big), str(many)]
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "--json", *files], capture_output=True,
                          text=True, timeout=TIME_LIMIT, preexec_fn=_limit_memory, encoding="utf-8")
    assert "Traceback" not in done.stderr
    assert done.returncode == 2
    results = json.loads(done.stdout)
    assert [r["file"] for r in results] == files
    for result in results:
        assert result["exit"] == 2 and not result["ok"], result["file"]
        assert HANGUL.search(result["error"]), result["error"]
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e]", result["error"]), result["error"]


def test_the_corpus_covers_every_crash_the_issue_lists():
    names = {p.stem for p in CORPUS}
    assert {"dominion-supply-list", "dominion-supply-text", "dominion-player-number", "carta-deck-size-text",
            "tta-round-text", "tta-card-row-number", "tta-workers-list", "hotw-epoch-text", "hotw-lands-number",
            "hotw-borders-number", "carta-hand-huge", "billion-laughs", "recursive-alias", "tag-int",
            "tag-timestamp", "nul-byte", "lone-surrogate-escape", "cp949", "move-thousands-of-tokens",
            "tag-bool-maybe", "tag-bool-empty", "tag-int-empty", "tag-float-word", "tag-float-hex", "tag-null-text",
            "tag-timestamp-word", "tag-binary-question", "tag-binary-flow", "tag-key-bool"} <= names


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_is_a_scenario_or_a_korean_problem(text):
    try:
        parse_scenario(text)
    except ScenarioError as exc:
        assert exc.problems and all(HANGUL.search(p.message) for p in exc.problems)


STANDARD_TAGS = ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!!binary", "!!set", "!!omap",
                 "!!pairs", "!!seq", "!!map", "!!merge", "!!value", "!!yaml"]


@SETTINGS
@given(st.sampled_from(STANDARD_TAGS), st.text(st.characters(codec="utf-8"), max_size=12), st.booleans())
def test_a_standard_tag_on_any_value_is_read_or_refused_in_korean_with_its_line(tag, value, quoted):
    """``move: !!bool maybe`` and its kin: a tag whose value it cannot take is a Korean problem on its line."""
    shown = yaml.safe_dump(value, allow_unicode=True, default_style='"').strip() if quoted else value
    text = f"game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - by: 윤주\n    move: {tag} {shown}\n"
    try:
        parse_scenario(text)
    except ScenarioError as exc:
        assert exc.problems and all(HANGUL.search(p.message) for p in exc.problems)
        assert all(p.line is None or 1 <= p.line <= text.count("\n") + 1 for p in exc.problems)


PLAYERS = ["윤주", "민호", "영희"]
SETUP_KEYS = {  # the keys each game's set-up knows, and names its values use
    "dominion": (["kingdom", "supply", "trash", "first", "hand", "deck", "discard"], ["동", "속주", "마을", "random"]),
    "carta_impera_victoria": (["first", "deck", "deck_size", "discard", "hand", "tableau", "flipped"],
                              ["군사", "종교", "유토피아"]),
    "through_the_ages": (["card_row", "decks", "events", "round", "active", "hand", "technologies", "government",
                          "leader", "workers", "idle", "blue", "food", "resources", "culture", "science", "A",
                          "wonder", "wonder_stages"], ["농업", "철학", "전사", "군주정치", "모세"]),
    "history_of_the_world": (["map", "lands", "borders", "epoch", "last_epoch", "scores", "deal", "turn", "board",
                              "decks", "empire", "events", "army", "buildings", "region"], ["큰강", "강가부족", "capital"]),
}


def _values(game_id: str) -> st.SearchStrategy:
    keys, names = SETUP_KEYS[game_id]
    atoms = (st.none() | st.booleans() | st.integers(-3, 30) | st.integers(-10**12, 10**12) |
             st.sampled_from([*names, *PLAYERS]) | st.text(max_size=6))
    key = st.sampled_from([*keys, *names, *PLAYERS, "1", "2"]) | st.integers(0, 5)
    return st.recursive(atoms, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(key, inner, max_size=4),
                        max_leaves=12)


@SETTINGS
@given(st.data())
def test_any_set_up_and_variant_are_refused_in_korean_or_played(data):
    game_id = data.draw(st.sampled_from([info.id for info in GAMES]))
    keys, _ = SETUP_KEYS[game_id]
    setup = data.draw(st.dictionaries(st.sampled_from([*keys, *PLAYERS]), _values(game_id), max_size=4))
    options = get_game(game_id).options
    variant = data.draw(st.dictionaries(st.sampled_from([*options, "x"]), _values(game_id), max_size=2))
    players = PLAYERS if game_id == "history_of_the_world" else PLAYERS[:2]
    text = yaml.safe_dump({"game": game_id, "players": players, "setup": setup, "variant": variant,
                           "steps": [{"say": "시작"}]}, allow_unicode=True)
    try:
        replay(parse_scenario(text))
    except ScenarioError as exc:
        assert all(HANGUL.search(p.message) for p in exc.problems)


@SETTINGS
@given(st.sampled_from([info.id for info in GAMES]), st.text(max_size=80))
def test_any_move_text_is_read_or_rejected_with_a_rules_error(game_id, text):
    game = get_game(game_id)
    state = game.new_game(PLAYERS if game_id == "history_of_the_world" else PLAYERS[:2], seed=1)
    try:
        game.apply(state, text)
    except RulesError as exc:
        assert HANGUL.search(exc.message)


def alias_bombs() -> dict[str, str]:
    """Small files that aliases expand past any sane size (issue 28): a long text used thousands of times,
    as a value, as a key and inside checks whose failure messages would print it."""
    long, word = "x" * 190_000, "동" * 2_000

    def fan(anchor: str, depth: int, width: int) -> list[str]:  # l1 = [*s × width], l2 = [*l1 × width] …
        lines, prev = [], anchor
        for level in range(1, depth + 1):
            lines.append(f"l{level}: &l{level} [" + ", ".join([f"*{prev}"] * width) + "]")
            prev = f"l{level}"
        return lines

    head = "game: dominion\nplayers: [윤주, 민호]\n"
    return {
        "parse": head + f't: &s "{long}"\n' + "\n".join(fan("s", 3, 27)) + "\nsteps: [{say: 시작}]\n",
        "key": head + f'k: &k "{long}"\nq: &q {{? *k : 1}}\nr: [' + ", ".join(["*q"] * 2_000) + "]\nsteps: [{say: 시작}]\n",
        # under the expansion limit: the failed checks' messages must not print the 40,000-character lists
        "check": head + "steps:\n  - say: 시작\n  - check:\n      윤주.hand: &w [" + ", ".join([f'"{word}"'] * 20) + "]\n"
                 + "".join(f"      윤주.{fact}: *w\n" for fact in ("deck", "discard", "in_play"))
                 + "  - check: {윤주.hand: *w}\n",
        "amplify": head + f'x: &s "{word}"\n' + "\n".join(fan("s", 3, 30))
                   + "\nsteps:\n  - check: {윤주.hand: *l3, 윤주.deck: *l3, 윤주.discard: *l3}\n",
    }


def test_alias_bombs_end_with_exit_2_in_seconds_and_little_memory(tmp_path):
    files = []
    for name, text in alias_bombs().items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        assert path.stat().st_size < 200_000
        files.append(str(path))
    for path in files:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", path], capture_output=True, text=True,
                              timeout=30, preexec_fn=_limit_memory, encoding="utf-8")
        assert done.returncode == (1 if path.endswith("check.yaml") else 2), (path, done.stdout[:500], done.stderr[-2000:])
        assert "Traceback" not in done.stderr
        assert HANGUL.search(done.stdout + done.stderr)
        assert len(done.stdout) + len(done.stderr) < 5_000, path  # no message prints the expanded value


# --- choices that used to be enumerated whole, and a map too big to lay out by force (issue 38) ---------------
DOMINION_KINGDOM = ["저장고", "예배당", "해자", "민병대", "밀렵꾼", "마을", "대장장이", "시장", "실험실", "축제"]
DOMINION_CARDS = ["동", "은", "금", "사유지", "공작령", "속주", "저주", *DOMINION_KINGDOM]
BIG_LIMIT = 2 << 30  # bytes of address space: the real figures (under 40 MB) are in benchmarks/hostile_choices.py


def dominion_bomb(card: str, distinct: int, copies: int) -> str:
    """A hand of ``copies`` of each of the first ``distinct`` cards of the game, and ``card`` played on it."""
    cards = [c for c in DOMINION_CARDS[:distinct] for _ in range(copies)]
    head = f"game: dominion\nplayers: [윤주, 민호]\nsetup:\n  kingdom: [{', '.join(DOMINION_KINGDOM)}]\n"
    if card == "민병대":
        hand = [c for c in cards if c != "해자"][:100]
        return (head + f"  윤주: {{hand: [민병대], deck: [동]}}\n  민호: {{hand: [{', '.join(hand)}]}}\n"
                f"steps:\n  - {{by: 윤주, move: play 민병대}}\n  - {{by: 민호, move: discard {' '.join(hand[3:40])}}}\n")
    supply = "  supply: {" + ", ".join(f"{c}: 0" for c in DOMINION_KINGDOM) + "}\n" if card == "밀렵꾼" else ""
    hand = [card, *cards][:100]
    return (head + supply + f"  윤주: {{hand: [{', '.join(hand)}], deck: [금, 금, 금]}}\n"
            f"steps:\n  - {{by: 윤주, move: play {card}}}\n  - {{by: 윤주, move: discard 동 동 동 동 동 동 동}}\n")


GENGHIS = """game: through_the_ages
variant: {mode: full, edition: 2015}
players: [윤주, 민호]
setup:
  round: 4
  age: III
  active: 윤주
  events: [역사적인 땅 I]
  윤주: {military_hand: [역병]}
  민호:
    leader: 칭기즈 칸
    technologies: [검사, 소총병, 현대 보병]
    workers: {전사: 7, 검사: 6, 소총병: 6, 현대 보병: 6, 농업: 0, 청동: 0, 철학: 0}
    idle: 0
    tactics: 중기병
    military_hand: [%s]
steps:
  - {by: 윤주, move: event 역병}
  - {by: 윤주, move: pass}
  - {by: 민호, move: bid 135}
""" % ", ".join(["방어 보너스 I"] * 6 + ["방어 보너스 II"] * 6 + ["방어 보너스 III"] * 6)

CARTA_WHOLE_DECK = """game: carta_impera_victoria
players: [윤주, 민호]
setup:
  first: 윤주
  deck: []
  윤주: {hand: [군사], tableau: {종교: 3}}
  민호: {hand: {군사: 19, 종교: 13, 경제: 16, 과학: 20, 문화: 16, 유토피아: 16}}
steps:
  - {by: 윤주, move: play 군사}
  - {by: 윤주, move: sacrifice 종교 민호}
  - {by: 윤주, move: give 과학}
"""


def hotw_big_map() -> str:
    """198 lands, 200 seas and 498 borders added to the teaching map: within the set-up schema's limits."""
    lands = [f"땅{i:03}" for i in range(198)]
    regions = ["북녘", "서녘", "가운데땅", "동녘", "남녘"]
    pairs = [(lands[i], lands[i + 1]) for i in range(197)] + [(lands[i], lands[(i * 13 + 5) % 198]) for i in range(198)]
    pairs += [(lands[i], "큰강") for i in range(0, 198, 2)]
    pairs = list(dict.fromkeys(tuple(sorted(p)) for p in pairs if p[0] != p[1]))[:498]
    return "\n".join([
        "game: history_of_the_world", "players: [윤주, 민호, 서연]", "setup:", "  lands:",
        *(f"    {land}: {{region: {regions[i % 5]}}}" for i, land in enumerate(lands)), "  zones:",
        *(f"    바다{i:03}: {{kind: sea, lands: [{lands[i % 198]}, {lands[(i * 7 + 3) % 198]}]}}" for i in range(200)),
        "  borders:", *(f"    - [{a}, {b}]" for a, b in pairs),
        "  deal: {윤주: {empire: 강가부족}, 민호: {empire: 언덕부족}, 서연: {empire: 옥산왕조}}",
        "steps:", "  - {by: 윤주, move: found}", "  - {by: 윤주, move: invade 땅000}", ""])


HOSTILE_CHOICES = {  # name → (text, the step after which ``tutor moves`` lists the largest choice)
    "cellar-bomb": (dominion_bomb("저장고", 17, 5), 1),
    "cellar-15x2": (dominion_bomb("저장고", 15, 2), 1),
    "militia-bomb": (dominion_bomb("민병대", 17, 6), 1),
    "poacher-bomb": (dominion_bomb("밀렵꾼", 17, 5), 1),
    "tta-genghis-auction": (GENGHIS, 2),
    "carta-whole-deck": (CARTA_WHOLE_DECK, 2),
    "hotw-big-map": (hotw_big_map(), 1),
}


def _big_limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (BIG_LIMIT, BIG_LIMIT))


@pytest.mark.parametrize("name", sorted(HOSTILE_CHOICES))
def test_the_largest_choice_of_each_game_is_checked_and_listed_in_bounds(tmp_path, name):
    text, at = HOSTILE_CHOICES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size < 30_000
    for command in (["check", str(path)], ["moves", str(path), "--at", str(at)]):
        done = subprocess.run([sys.executable, "-m", "tutor.cli", *command], capture_output=True, text=True,
                              timeout=60, preexec_fn=_big_limit, encoding="utf-8")
        assert done.returncode in (0, 1, 2), (command, done.stdout[-500:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr and "내부 오류" not in done.stdout + done.stderr
        assert HANGUL.search(done.stdout + done.stderr)
        if command[0] == "moves":
            listed = [line for line in done.stdout.splitlines() if line.startswith("  ")]
            assert 1 < len(listed) <= 300, (name, len(listed))
