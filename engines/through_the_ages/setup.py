"""The standard set-up (rulebook section 4) and the scenario overrides given in ``setup:``."""
from __future__ import annotations

from typing import Any

from engines.core import BadSetup, Rng, UnknownCard
from engines.core.korean import josa

from . import tokens
from .catalog import board, by_name, card, civil_deck, event_deck, name_index
from .state import Civ, TtaState
from .turn import reset_actions

RULE = "tta.simple.setup"
PLAYER_KEYS = {"hand", "technologies", "government", "leader", "wonders", "wonder", "wonder_stages", "workers",
               "idle", "blue", "food", "resources", "culture", "science", "leader_ages"}


def card_id(name: Any) -> str:
    canonical = name_index().get(str(name))
    if canonical is None:
        raise UnknownCard(f"준비 설정에 쓰루 디 에이지스의 카드가 아닌 이름이 있습니다: '{name}'.", rule=RULE)
    return by_name()[canonical]


def new_civ() -> Civ:
    b = board()
    start = b["start"]
    techs = [c["id"] for c in b["cards"] if c["type"] == "technology"]
    return Civ(yellow_total=b["tokens"]["yellow"], blue_total=b["tokens"]["blue"],
               yellow_bank=start["yellow_bank"], idle=start["idle"], blue_bank=b["tokens"]["blue"],
               workers=dict(start["workers"]), blue={}, technologies=techs, government="despotism")


def build_state(players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> TtaState:
    if options["mode"] != "simple":
        raise BadSetup(f"'{options['mode']}' 방식(숙련·본격 게임)은 아직 준비되지 않았습니다. "
                       "지금은 mode: simple(맛보기 게임)만 할 수 있습니다.", rule="tta.rulebook", code="mode-not-ready")
    unknown = set(setup) - {"card_row", "decks", "events", "round", "active", *players}
    if unknown:
        raise BadSetup(f"알 수 없는 준비 항목: {', '.join(sorted(map(str, unknown)))}", rule=RULE)
    n = len(players)
    decks = {"A": civil_deck("A", n), "I": civil_deck("I", n)}
    for deck in decks.values():
        rng.shuffle(deck)
    events = event_deck("A", options["mode"])
    rng.shuffle(events)
    if "card_row" in setup:
        row = place_row(setup["card_row"], decks)
    else:
        row = [decks["A"].pop(0) for _ in board()["card_row"]]
    state = TtaState(players=players, rng=rng, options=options, civs={p: new_civ() for p in players},
                     row=row, decks=decks, events=events)
    for p in players:
        if p in setup:
            apply_player(state, state.civs[p], setup[p] or {}, p)
    for age, names in (setup.get("decks") or {}).items():  # given decks are exactly these cards, top first
        key = {"a": "A", "1": "I", "i": "I"}.get(str(age).casefold())
        if key is None:
            raise BadSetup(f"카드 더미는 A 또는 I입니다 ('{age}').", rule=RULE)
        decks[key] = [card_id(x) for x in names or []]
    if "events" in setup:
        state.events = [card_id(x) for x in setup["events"] or []]
    state.round = int(setup.get("round", 1))
    if "active" in setup:
        if setup["active"] not in players:
            raise BadSetup(f"active는 플레이어 이름이어야 합니다 ('{setup['active']}').", rule=RULE)
        state.active = players.index(setup["active"])
    if state.round >= 2:
        state.age = "I"
        state.box += state.decks["A"]
        state.decks["A"].clear()
    state.civil_cards = len(civil_cards_in_game(state))
    reset_actions(state, state.civs[players[state.active]])
    return state


def take_from_decks(decks: dict[str, list[str]], cid: str) -> None:
    """A card placed by the set-up leaves its deck, so the game holds each copy once."""
    for deck in decks.values():
        if cid in deck:
            deck.remove(cid)
            return


def place_row(given: Any, decks: dict[str, list[str]]) -> list[str | None]:
    """The card row by slot: a list (slot 1 first) or a mapping slot -> card; empty slots are null."""
    size = len(board()["card_row"])
    slots: dict[int, Any] = dict(enumerate(given, 1)) if isinstance(given, list) else {int(k): v for k, v in given.items()}
    if any(not 1 <= s <= size for s in slots):
        raise BadSetup(f"카드 열의 칸은 1~{size}번입니다.", rule=RULE)
    row: list[str | None] = [None] * size
    for s, name in slots.items():
        if name is not None:
            row[s - 1] = card_id(name)
            take_from_decks(decks, row[s - 1])
    return row


def apply_player(state: TtaState, civ: Civ, given: dict[str, Any], player: str) -> None:
    unknown = set(given) - PLAYER_KEYS
    if unknown:
        raise BadSetup(f"{player}의 알 수 없는 준비 항목: {', '.join(sorted(unknown))}", rule=RULE)
    for name in given.get("technologies", []):
        cid = card_id(name)
        if cid not in civ.technologies:
            civ.technologies.append(cid)
            take_from_decks(state.decks, cid)
    if "government" in given:
        civ.government = card_id(given["government"])
        take_from_decks(state.decks, civ.government)
    if given.get("leader"):
        civ.leader = card_id(given["leader"])
        civ.leader_ages.append(card(civ.leader).age)
        take_from_decks(state.decks, civ.leader)
    civ.leader_ages += [str(a) for a in given.get("leader_ages", []) if str(a) not in civ.leader_ages]
    for name in given.get("wonders", []):
        civ.wonders.append(card_id(name))
        take_from_decks(state.decks, civ.wonders[-1])
    if given.get("wonder"):
        civ.wonder = card_id(given["wonder"])
        civ.wonder_stages = int(given.get("wonder_stages", 0))
        take_from_decks(state.decks, civ.wonder)
    for name in given.get("hand", []):
        civ.hand.append(card_id(name))
        take_from_decks(state.decks, civ.hand[-1])
    civ.workers.update({card_id(k): int(v) for k, v in given.get("workers", {}).items()})
    if "idle" in given:
        civ.idle = int(given["idle"])
    civ.yellow_bank = civ.yellow_total - civ.idle - sum(civ.workers.values())
    for tid in civ.workers:
        if tid not in civ.technologies:
            raise BadSetup(f"{player}: 일꾼을 놓은 {josa(card(tid).name, '이')} 테이블에 없습니다.", rule=RULE)
    civ.blue = {card_id(k): int(v) for k, v in given.get("blue", {}).items()}
    civ.blue_bank = civ.blue_total - sum(civ.blue.values()) - civ.wonder_stages
    tokens.gain(civ, "farm", int(given.get("food", 0)))
    tokens.gain(civ, "mine", int(given.get("resources", 0)))
    civ.culture = int(given.get("culture", 0))
    civ.science = int(given.get("science", 0))
    if not 0 <= civ.yellow_bank <= board()["start"]["yellow_bank"] or civ.blue_bank < 0 or civ.idle < 0:
        raise BadSetup(f"{player}: 토큰 수가 맞지 않습니다 (노란 토큰 25개, 파란 토큰 18개 안에서 놓아야 합니다).",
                       rule=RULE)


def civil_cards_in_game(state: TtaState) -> list[str]:
    """Every civil card not printed on the board, wherever it is: row, decks, box, hands, tables, discards."""
    board_ids = {c["id"] for c in board()["cards"]}
    where = [c for c in state.row if c] + [c for deck in state.decks.values() for c in deck] + state.box
    for civ in state.civs.values():
        where += [*civ.hand, *civ.technologies, civ.government, *civ.wonders, *civ.discarded]
        where += [c for c in (civ.leader, civ.wonder) if c]
    return [c for c in where if c not in board_ids]
