"""The ``edition`` option: a 2015 game is dealt from the 2015 cards and board, a 2006 game is unchanged; what
differs between the editions is declared in one place."""
import ast
import pathlib
import re

import pytest

from engines.core import BadSetup, UnknownCard
from engines.through_the_ages import GAME, levels
from engines.through_the_ages.catalog import by_name, card, cards, civil_deck, edition_cards, name_index
from tutor.replay import replay
from tutor.scenario import ScenarioError, parse_scenario

from ..graphs import strongly_connected

ROOT = pathlib.Path(__file__).resolve().parents[2]


def new(edition, mode="full", players=("윤주", "민호"), **setup):
    return GAME.new_game(list(players), seed=3, options={"mode": mode, "edition": edition}, setup=setup)


def every_card_of(state):
    civs = state.civs.values()
    return [c for c in state.row if c] + [c for d in state.decks.values() for c in d] + state.events + [
        c for civ in civs for c in (*civ.technologies, civ.government)]


def test_edition_defaults_to_2006_and_refuses_other_years():
    assert GAME.resolve_options({})["edition"] == 2006
    with pytest.raises(BadSetup) as err:
        new(2010)
    assert err.value.code == "bad-option-value"


@pytest.mark.parametrize("mode", ["simple", "advanced", "full"])
def test_a_2015_game_is_dealt_only_2015_cards(mode):
    state = new(2015, mode)
    ids = every_card_of(state)
    assert ids and all(card(c).edition == 2015 and c.endswith("@15") for c in ids)
    assert state.civs["윤주"].government == "despotism@15"
    assert state.civs["윤주"].workers == {"agriculture@15": 2, "bronze@15": 2, "philosophy@15": 1, "warriors@15": 1}


@pytest.mark.parametrize("mode", ["simple", "advanced", "full"])
def test_a_2006_game_is_dealt_only_2006_cards(mode):
    state = new(2006, mode)
    assert all(card(c).edition == 2006 and "@" not in c for c in every_card_of(state))
    assert state.civs["윤주"].government == "despotism"


def test_the_2015_board_has_16_blue_tokens_and_its_own_corruption():
    civ15, civ06 = new(2015).civs["윤주"], new(2006).civs["윤주"]
    assert (civ15.blue_total, civ15.blue_bank, civ06.blue_total) == (16, 16, 18)
    # 7 blue tokens left: no corruption on the 2006 board (5-8 section costs 2 only when emptied to it) …
    for bank, old, new_ in [(16, 0, 0), (11, 0, 0), (10, 0, 2), (8, 2, 2), (6, 2, 2), (5, 2, 4), (4, 4, 4), (0, 6, 6)]:
        civ06.blue_bank = civ15.blue_bank = bank
        assert (levels.corruption(civ06), levels.corruption(civ15)) == (old, new_), bank


def test_the_2015_age_a_deck_and_row():
    state = new(2015, players=("a", "b", "c", "d"))
    assert len(state.row) == 13 and len(state.decks["A"]) == 20 - 13
    deck = civil_deck("A", 4, 2015)
    assert deck.count("urban_growth_a@15") == 2 and "ideal_building_site_a@15" not in deck
    assert len(state.events) == 4 + 2  # Age A events: players + 2


def test_names_are_looked_up_within_the_edition():
    assert by_name(2015)["농업"] == "agriculture@15" and by_name()["농업"] == "agriculture"
    assert name_index(2015).get("Stockpile") == "비축" and name_index().get("Stockpile") is None
    assert name_index(None).get("Stockpile") == "비축"  # a scenario file is checked against both editions


def test_a_2015_setup_places_2015_cards_and_refuses_2006_only_ones():
    state = new(2015, 윤주={"hand": ["비축", "모세"]})
    assert state.civs["윤주"].hand == ["stockpile@15", "moses@15"]
    assert "stockpile@15" not in every_card_of(state)  # taken from the Age A deck (or the row)
    with pytest.raises(UnknownCard):
        new(2015, 윤주={"hand": ["명당 A"]})  # Ideal Building Site is a 2006 card only


def test_family_strips_the_edition_and_the_age():
    assert card("engineering_genius_a@15").family == card("engineering_genius_a").family == "engineering_genius"
    assert card("moses@15").family == "moses"


def test_every_2015_id_ends_in_the_suffix_and_ids_are_unique_across_editions():
    both = edition_cards(2006).keys() | edition_cards(2015).keys()
    assert len(both) == len(cards()) == len(edition_cards(2006)) + len(edition_cards(2015))
    assert all(cid.endswith("@15") for cid in edition_cards(2015))


def test_a_2015_game_plays_its_first_turns():
    state = new(2015, "simple")
    for move in ("take 1", "end", "take 2", "end"):
        state = GAME.apply(state, move)
    assert state.round == 2
    assert all(c.endswith("@15") for civ in state.civs.values() for c in civ.hand)


SCENARIO = """game: through_the_ages
variant: {mode: full, edition: %s}
players: [윤주, 민호]
setup:
  round: 2
  active: 윤주
  윤주: {hand: [비축], food: 0, resources: 0}
steps:
  - check: {윤주.hand: [비축]}
"""


def test_a_scenario_file_sets_the_edition_in_its_variant():
    trace = replay(parse_scenario(SCENARIO % 2015))
    assert trace.ok
    with pytest.raises(ScenarioError) as err:  # the schema offers the two editions only
        parse_scenario(SCENARIO % 2010)
    assert "2006, 2015 가운데 하나" in err.value.report()
    with pytest.raises(ScenarioError) as err:  # 비축 is a 2015 card: a 2006 game has none
        replay(parse_scenario(SCENARIO % 2006))
    assert "비축" in err.value.report()


@pytest.mark.parametrize("players, age_deck", [(2, 44), (3, 50), (4, 53)])
def test_the_2015_full_game_setup_by_player_count(players, age_deck):
    state = new(2015, players=[f"p{i}" for i in range(players)])
    assert len(state.row) == 13 and all(card(c).age == "A" for c in state.row)
    assert {age: len(d) for age, d in state.decks.items()} == {"A": 20 - 13, "I": age_deck, "II": age_deck,
                                                               "III": age_deck}
    assert len(state.events) == players + 2 and all(card(e).age == "A" for e in state.events)
    assert state.civil_cards == 20 + 3 * age_deck


# --- the editions declared in one place (engines/through_the_ages/editions.py) ---------------------------
def table_rows(page: str, heading: str) -> list[str]:
    """The first column of the table under ``heading`` on a docs page, without its markup."""
    text = (ROOT / "docs" / "through_the_ages" / page).read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]  # skip the header and the rule
    return [row.split("|")[1].strip().replace("**", "") for row in rows]


def test_the_edition_module_and_the_page_list_the_same_differences():
    from engines.through_the_ages.editions import EDITIONS, ROWS, members
    assert table_rows("editions.md", "## 한눈에 보기") == list(ROWS)
    named = {m for implemented in ROWS.values() for m in implemented} - {"data"}
    assert named == set(members()), "every difference is a row of the page, and every row names real members"
    for rule in members():  # each declared difference differs (or is an option's reading in one edition)
        assert getattr(EDITIONS[2006], rule) != getattr(EDITIONS[2015], rule), rule


def test_the_rules_ask_the_edition_object_not_the_year():
    pattern = re.compile(r"is_2015|edition *== *2015")
    package = ROOT / "engines" / "through_the_ages"
    hits = [f"{f.relative_to(package)}:{n}" for f in sorted(package.rglob("*.py")) if f.name != "editions.py"
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert len(hits) <= 10, hits


def test_no_import_cycle_among_the_engine_modules():
    package = ROOT / "engines" / "through_the_ages"
    graph = import_graph(package)
    cycles = [sorted(c) for c in strongly_connected(graph) if len(c) > 1]
    assert not cycles, cycles


def import_graph(package: pathlib.Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at the top or inside a function)."""
    modules = {}
    for f in package.rglob("*.py"):
        parts = list(f.relative_to(package.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for m, f in modules.items():
        base = m.split(".") if f.name == "__init__.py" else m.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from the module's package, one level up per extra dot
                    target = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    target = (node.module or "").removeprefix("engines.")
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules]
                found = subs or [target]  # importing a module of a package does not import the package's others
            elif isinstance(node, ast.Import):
                found = [a.name.removeprefix("engines.") for a in node.names]
            else:
                continue
            graph[m] |= {t for t in found if t in modules and t != m}
    return graph
