"""Honourable concession (tta.full.concession): at the start of their turn a player of the full game may
leave it.

The civilization is no longer scored and takes no more turns; the others play on, and the card row's
front cards are then removed by the number of players still in the game. A war declared on that player is
discarded without effect, and so are the pacts it is part of. When only one player is left, that player
wins.

Option ``concession_wars`` reads when in the turn's start: ``decided`` (the default) decides the wars the
player declared last turn first and takes the concession when the political phase opens; ``undecided`` also
takes it before the player's first declared war is decided, and that war is discarded without effect.

The 2015 edition's resignation (tta15.resignation) is the same political action in any game with military
cards, except in the game's last age; option ``resignation`` reads what follows it (``leave``: as above;
``end``: the game ends at once).
"""
from __future__ import annotations

from ..actions import fail
from ..catalog import MODE_AGES, age_word
from ..editions import has
from ..state import TtaState
from .. import turn
from . import deck, politics

RULE = "tta.full.concession"


def resign(state: TtaState) -> None:
    check_allowed(state)
    player = politics.active(state)
    if state.step is not None:  # concession_wars: undecided: the player's own war is dropped undecided
        deck.discard(state, state.step["card"])
        state.step = None
    for war in [w for w in state.wars if player in (w["attacker"], w["defender"])]:
        state.wars.remove(war)
        deck.discard(state, war["card"])
    for pact in [p for p in state.pacts if player in (p["a"], p["b"])]:
        politics.end_pact(state, pact)
    state.political = False
    state.resigned.append(player)
    state.players.remove(player)  # turn order, rankings and the card row go on with the others
    if len(state.players) == 1 or has(state, "resignation_ends_game"):
        state.active, state.over = 0, True
        return
    if state.active == len(state.players):  # the last seat left: the round is over
        state.active = 0
        if state.last_round is not None and state.round >= state.last_round:
            turn.finish(state)
            return
        state.round += 1
    turn.start_turn(state)


def check_allowed(state: TtaState) -> None:
    """2006: only in the full game. 2015: in any game with military cards, not in the game's last age (the
    age after the last civil deck: Age IV of the full game)."""
    if state.options["concession"] == "off":
        raise fail("concession-off", "이 게임은 명예로운 패배 선언 없이 모두 끝까지 하기로 했습니다(선택 규칙): "
                   "물러날 수 없습니다.", RULE)
    step = state.step
    if step is not None:
        if state.options["concession_wars"] == "decided":
            raise fail("war-first", "지난 턴에 전쟁을 선언한 사람은 그 전쟁의 결판이 난 뒤, 정치 행동 단계에서 "
                       "물러날 수 있습니다 (이 게임의 읽기: 결판이 난 뒤에만).", RULE)
        if step["kind"] != "war" or step["attack"] is not None or step["sent"]:
            raise fail("war-first", "전쟁의 결판이 시작되었습니다: 결판이 난 뒤 정치 행동 단계에서 물러날 수 있습니다.", RULE)
    if has(state, "resign_in_advanced"):
        if has(state, "resign_barred_in_last_age") and closing_age(state):
            raise fail("resign-last-age", f"{age_word(state.age)}(게임의 마지막 시대)에는 패배 선언을 할 수 없습니다.",
                       "tta15.resignation")
    elif state.options["mode"] != "full":
        raise fail("full-game-only", "명예로운 패배 선언은 본격 게임의 규칙입니다.", RULE)


def closing_age(state: TtaState) -> bool:
    """2015: the age no resignation is allowed in: the game's last age, after the last civil deck (option
    ``resignation_age: last``), or only an Age IV, as the turn summary names it (``four``; an advanced game,
    which ends in Age III, then allows it throughout)."""
    if state.options["resignation_age"] == "four":
        return state.age == "IV"
    return state.age not in MODE_AGES[state.options["mode"]]
