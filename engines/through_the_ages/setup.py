"""The standard set-up (rulebook section 4) and the scenario overrides given in ``setup:``."""
from __future__ import annotations

from typing import Any

from engines.core import BadSetup, Rng, RulesError, UnknownCard
from engines.core.korean import josa

from . import tokens
from .catalog import AGES, MODE_AGES, ambiguous, board, by_name, card, card_name, civil_deck, event_deck
from .hooks import installed, military
from .state import Civ, TtaState
from .turn import setup_actions

RULE = "tta.simple.setup"
SETUP_RULES = {"simple": RULE, "advanced": "tta.advanced.setup", "full": "tta.full.setup"}
"""Each mode's set-up section: a set-up refused in the advanced or full game cites that game's own."""
PLAYER_KEYS = {"hand", "technologies", "government", "leader", "wonders", "wonder", "wonder_stages", "workers",
               "idle", "blue", "food", "resources", "culture", "science", "leader_ages"}


def card_id(name: Any, edition: int, ages: tuple[str, ...]) -> str:
    """The card ``name`` places; a name several ages share means the one card of ``ages`` (the deck's own age,
    the ages of the game's mode) that answers to it."""
    shared = ambiguous(edition, name, ages)
    if shared:
        raise UnknownCard(f"준비 설정: {shared}", rule=RULE)
    canonical = card_name(edition, str(name), ages)
    if canonical is None:
        raise UnknownCard(f"준비 설정에 쓰루 디 에이지스({edition}년판)의 카드가 아닌 이름이 있습니다: '{name}'.",
                          rule=RULE)
    return by_name(edition)[canonical]


def new_civ(edition: int) -> Civ:
    b = board(edition)
    start = b["start"]
    techs = [c["id"] for c in b["cards"] if c["type"] == "technology"]
    government = next(c["id"] for c in b["cards"] if c["type"] == "government")
    return Civ(yellow_total=b["tokens"]["yellow"], blue_total=b["tokens"]["blue"],
               yellow_bank=start["yellow_bank"], idle=start["idle"], blue_bank=b["tokens"]["blue"],
               workers=dict(start["workers"]), blue={}, technologies=techs, government=government, edition=edition)


def build_state(players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> TtaState:
    try:
        return _build_state(players, rng, options, setup)
    except RulesError as exc:
        if exc.rule == RULE:
            exc.rule = SETUP_RULES[options["mode"]]
        raise


def _build_state(players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> TtaState:
    mode = options["mode"]
    unknown = set(setup) - {"card_row", "decks", "events", "round", "active", "age", "last_round", "resigned",
                            *players, *military_keys(options)[0]}
    if unknown:
        raise BadSetup(f"알 수 없는 준비 항목: {', '.join(sorted(map(str, unknown)))}", rule=RULE)
    n, edition = len(players), int(options.get("edition", 2006))
    decks = {age: civil_deck(age, n, edition) for age in MODE_AGES[mode]}  # cards without the player count's mark
    for deck in decks.values():
        rng.shuffle(deck)
    events = event_deck("A", mode, edition) if mode == "simple" else []  # advanced/full: the military side deals them
    rng.shuffle(events)
    if "card_row" in setup:
        row = place_row(setup["card_row"], decks, edition, MODE_AGES[mode])
    else:
        row = [decks["A"].pop(0) for _ in board()["card_row"]]
    state = TtaState(players=players, rng=rng, options=options, civs={p: new_civ(edition) for p in players},
                     row=row, decks=decks, events=events)
    dealt = None if "card_row" in setup else row
    for p in players:
        if p in setup:
            apply_player(state, state.civs[p], setup[p] or {}, p, dealt)
    for age, names in (setup.get("decks") or {}).items():  # given decks are exactly these cards, top first
        key = age_key(age)
        if key not in decks:
            raise BadSetup(f"이 게임 방식의 시민 카드 더미는 {', '.join(decks)}입니다 ('{age}').", rule=RULE)
        decks[key] = [card_id(x, edition, (key,)) for x in names or []]
    if "events" in setup:
        state.events = [card_id(x, edition, MODE_AGES[mode]) for x in setup["events"] or []]
    state.round = int(setup.get("round", 1))
    if "active" in setup:
        if setup["active"] not in players:
            raise BadSetup(f"active는 플레이어 이름이어야 합니다 ('{setup['active']}').", rule=RULE)
        state.active = players.index(setup["active"])
    if state.round >= 2:
        state.age = "I"
        state.box += state.decks["A"]
        state.decks["A"].clear()
    if "age" in setup:  # a later age: the decks of the ages before it are used up (their cards boxed)
        state.age = age_key(setup["age"])
        ages = [*list(decks)[1:], *(["IV"] if mode == "full" else [])]  # Age IV: the full game's last turns
        if state.age not in ages or state.round < 2:
            raise BadSetup(f"이 게임 방식에서 시작할 수 있는 시대는 {', '.join(ages)}이고, 2라운드 이후입니다.", rule=RULE)
        for age in list(decks)[:AGES.index(state.age)]:
            state.box += decks[age]
            decks[age].clear()
        if state.age not in decks:  # no civil card is left: the end is decided, this round is the last
            state.last_round = state.round
    if "last_round" in setup:  # the end is decided: this round (or a later one, full game) is the game's last
        state.last_round = int(setup["last_round"])
        if state.last_round < state.round:
            raise BadSetup(f"last_round({state.last_round})는 지금 라운드({state.round}) 이후여야 합니다.", rule=RULE)
    resign(state, setup.get("resigned") or [])
    if mode != "simple":
        military(state).setup(state, setup)
    state.civil_cards = len(civil_cards_in_game(state))
    setup_actions(state)
    return state


def age_key(age: Any) -> str:
    key = {"a": "A", "1": "I", "2": "II", "3": "III", "4": "IV"}.get(str(age).casefold(), str(age).upper())
    if key not in AGES:
        raise BadSetup(f"시대는 A, I, II, III, IV 가운데 하나입니다 ('{age}').", rule=RULE)
    return key


def resign(state: TtaState, names: list[Any]) -> None:
    """Players who resigned before the scenario starts: out of the turn order, their civilizations kept."""
    for name in map(str, names):
        if name not in state.players:
            raise BadSetup(f"resigned의 {josa(repr(name), '은')} 이 게임에 남아 있는 플레이어가 아닙니다.", rule=RULE)
        if name == state.players[state.active]:
            raise BadSetup(f"턴을 진행하는 {josa(name, '은')} 물러난 플레이어일 수 없습니다 (active를 바꾸세요).",
                           rule=RULE)
        if state.players.index(name) < state.active:
            state.active -= 1
        state.players.remove(name)
        state.resigned.append(name)
    if len(state.players) < 2 and names:
        raise BadSetup("물러나지 않은 플레이어가 둘 이상이어야 게임이 이어집니다.", rule=RULE)


def military_keys(options: dict[str, Any]) -> tuple[frozenset[str], frozenset[str]]:
    """The set-up keys the military subpackage reads (game-wide, per player); none in the simple game."""
    if options["mode"] == "simple":
        return frozenset(), frozenset()
    rules = installed()
    return rules.game_setup_keys, rules.player_setup_keys


def take_from_decks(decks: dict[str, list[str]], cid: str, row: list[str | None] | None = None) -> None:
    """A card placed by the set-up leaves its deck, so the game holds each copy once (no copy left: BadSetup).

    With a dealt (not given) card row, a card found only there leaves the row and its deck's top card
    takes the slot."""
    for deck in decks.values():
        if cid in deck:
            deck.remove(cid)
            return
    if row is not None and cid in row:
        deck = decks[card(cid).age]
        row[row.index(cid)] = deck.pop(0) if deck else None
        return
    raise BadSetup(f"{card(cid).name} 카드는 이 게임(방식과 인원수)에 더 남아 있지 않습니다: 준비 설정이 "
                   "게임에 있는 장수보다 많이 놓았습니다.", rule=RULE, code="no-copy-left")


def place_row(given: Any, decks: dict[str, list[str]], edition: int, ages: tuple[str, ...]) -> list[str | None]:
    """The card row by slot: a list (slot 1 first) or a mapping slot -> card; empty slots are null."""
    size = len(board()["card_row"])
    slots: dict[int, Any] = dict(enumerate(given, 1)) if isinstance(given, list) else {int(k): v for k, v in given.items()}
    if any(not 1 <= s <= size for s in slots):
        raise BadSetup(f"카드 열의 칸은 1~{size}번입니다.", rule=RULE)
    row: list[str | None] = [None] * size
    for s, name in slots.items():
        if name is not None:
            row[s - 1] = card_id(name, edition, ages)
            take_from_decks(decks, row[s - 1])
    return row


def apply_player(state: TtaState, civ: Civ, given: dict[str, Any], player: str,
                 dealt: list[str | None] | None) -> None:
    unknown = set(given) - PLAYER_KEYS - military_keys(state.options)[1]
    if unknown:
        raise BadSetup(f"{player}의 알 수 없는 준비 항목: {', '.join(sorted(unknown))}", rule=RULE)
    ages = MODE_AGES[state.options["mode"]]
    for name in given.get("technologies", []):
        cid = card_id(name, state.edition, ages)
        if cid not in civ.technologies:
            civ.technologies.append(cid)
            take_from_decks(state.decks, cid, dealt)
    if "government" in given:
        civ.government = card_id(given["government"], state.edition, ages)
        take_from_decks(state.decks, civ.government, dealt)
    if given.get("leader"):
        civ.leader = card_id(given["leader"], state.edition, ages)
        civ.leader_ages.append(card(civ.leader).age)
        take_from_decks(state.decks, civ.leader, dealt)
    civ.leader_ages += [str(a) for a in given.get("leader_ages", []) if str(a) not in civ.leader_ages]
    for name in given.get("wonders", []):
        civ.wonders.append(card_id(name, state.edition, ages))
        take_from_decks(state.decks, civ.wonders[-1], dealt)
    if given.get("wonder"):
        civ.wonder = card_id(given["wonder"], state.edition, ages)
        civ.wonder_stages = int(given.get("wonder_stages", 0))
        take_from_decks(state.decks, civ.wonder, dealt)
    for name in given.get("hand", []):
        civ.hand.append(card_id(name, state.edition, ages))
        take_from_decks(state.decks, civ.hand[-1], dealt)
    civ.workers.update({card_id(k, state.edition, ages): int(v) for k, v in given.get("workers", {}).items()})
    if "idle" in given:
        civ.idle = int(given["idle"])
    civ.yellow_bank = civ.yellow_total - civ.idle - sum(civ.workers.values())
    for tid in civ.workers:
        if tid not in civ.technologies:
            raise BadSetup(f"{player}: 일꾼을 놓은 {josa(card(tid).name, '이')} 테이블에 없습니다.", rule=RULE)
    civ.blue = {card_id(k, state.edition, ages): int(v) for k, v in given.get("blue", {}).items()}
    civ.blue_bank = civ.blue_total - sum(civ.blue.values()) - civ.wonder_stages
    tokens.gain(civ, "farm", int(given.get("food", 0)))
    tokens.gain(civ, "mine", int(given.get("resources", 0)))
    civ.culture = int(given.get("culture", 0))
    civ.science = int(given.get("science", 0))
    check_tokens(state, civ, player)


def check_tokens(state: TtaState, civ: Civ, player: str) -> None:
    """The tokens a set-up placed fit the board: say which count is off, and by how much."""
    placed, spaces = sum(civ.workers.values()), board(state.edition)["start"]["yellow_bank"]
    people = f"일꾼 {placed}명과 일하지 않는 일꾼 {civ.idle}명"
    if civ.yellow_bank < 0:
        raise BadSetup(f"{player}: {josa(people, '이')} 노란 토큰 {civ.yellow_total}개보다 {-civ.yellow_bank}개 많습니다. "
                       f"일꾼이나 일하지 않는 일꾼(idle)을 {-civ.yellow_bank}명 줄이세요.", rule=RULE)
    if civ.yellow_bank > spaces:
        more = civ.yellow_bank - spaces
        raise BadSetup(f"{player}: 노란 토큰 {civ.yellow_total}개에서 {josa(people, '을')} 빼면 노란색 저장소에 "
                       f"{civ.yellow_bank}개가 남는데, 저장소에는 {spaces}칸뿐입니다. 일꾼이나 일하지 않는 일꾼(idle)을 "
                       f"{more}명 더 놓으세요(예: idle: {civ.idle + more}).", rule=RULE)
    if civ.blue_bank < 0:
        on_cards = sum(civ.blue.values())
        wonder = f", 건설 중인 문화 유산에 {civ.wonder_stages}개" if civ.wonder_stages else ""
        raise BadSetup(f"{player}: 파란 토큰은 {civ.blue_total}개인데 카드 위에 {on_cards}개{wonder}를 놓아 "
                       f"{-civ.blue_bank}개가 모자랍니다. 식량·자원(food, resources, blue)을 줄이세요.",
                       rule=RULE)


def civil_cards_in_game(state: TtaState) -> list[str]:
    """Every civil card not printed on the board, wherever it is: row, decks, box, hands, tables, discards."""
    board_ids = {c["id"] for c in board(state.edition)["cards"]}
    where = [c for c in state.row if c] + [c for deck in state.decks.values() for c in deck] + state.box
    for civ in state.civs.values():
        where += [*civ.hand, *civ.technologies, civ.government, *civ.wonders, *civ.ravaged, *civ.discarded,
                  *civ.under_wonders]
        where += [c for c in (civ.leader, civ.wonder) if c]
    return [c for c in where if c not in board_ids]
