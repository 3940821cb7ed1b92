"""Wars (tta.full.wars): declared in the political phase, decided at the declarer's next turn.

A war is declared with a war card; at the start of the declarer's next turn first the declarer, then the
defender may sacrifice units (no bonus cards), and the stronger side wins by its advantage. What the winner
takes depends on the war card.
"""
from __future__ import annotations

from typing import Any

from ..actions import add_science, fail
from ..catalog import UNITS, card
from ..state import TtaState
from .. import levels
from . import aggressions, deck, forces, politics

RULE = "tta.full.wars"


def declare_war(state: TtaState, cid: str, defender: str) -> None:
    player = politics.active(state)
    civ = state.civs[player]
    politics.usable(civ, cid, ("war",), RULE)
    politics.check_target(state, player, defender, RULE, war=True)
    politics.spend(civ, aggressions.cost(state, cid, defender), RULE)
    politics.take_from_hand(civ, cid)
    state.wars.append({"card": cid, "attacker": player, "defender": defender})
    politics.attacked(state, player, defender)
    politics.close_political(state)


def next_war(state: TtaState) -> dict[str, Any] | None:
    return next((w for w in state.wars if w["attacker"] == politics.active(state)), None)


def start_war(state: TtaState) -> None:
    war = next_war(state)
    state.wars.remove(war)
    state.step = {"kind": "war", **war, "turn": war["attacker"], "attack": None}
    if state.edition == 2015:  # tta15.war: no sacrifices, no bonus cards: the strengths decide at once
        war_sacrifice(state, war["attacker"], [])
        war_sacrifice(state, war["defender"], [])


def war_sacrifice(state: TtaState, player: str, names: list[str]) -> None:
    """First the declarer, then the defender sacrifice units (no bonus cards in a war); then it is decided."""
    step = state.step
    if names and state.last_round is not None and state.round >= state.last_round:
        raise fail("no-sacrifice-last-round", "마지막 라운드에 결판나는 전쟁에서는 누구도 군사력을 올릴 수 없습니다.",
                   RULE)
    civ = state.civs[player]
    for n in names:
        if card(n).kind not in UNITS:
            raise fail("not-a-unit", f"전쟁에서는 군사 유닛만 희생합니다 ({card(n).name}).", RULE)
    total = levels.strength(state, player) + (forces.sacrifice(civ, names) if names else 0)
    if step["turn"] == step["attacker"]:
        step["attack"], step["turn"] = total, step["defender"]
        return
    attack_total = step["attack"]
    if attack_total != total:
        winner, loser = (step["attacker"], step["defender"]) if attack_total > total else (step["defender"],
                                                                                        step["attacker"])
        war_spoils(state, step["card"], winner, loser, abs(attack_total - total))
    state.last_battle = {"card": step["card"], "attack": attack_total, "defence": total,
                         "won": attack_total > total}
    deck.discard(state, step["card"])
    state.step = None
    if next_war(state):
        start_war(state)
    else:
        politics.open_political(state)


def churchill_discount(state: TtaState, player: str, tid: str) -> int:
    """Winston Churchill: while a war declared on his civilization waits for its decision, each new
    military unit costs 2 resources less to build (2006 card text; upgrading is not building)."""
    if state.civs[player].leader != "winston_churchill" or card(tid).kind not in UNITS:
        return 0
    return 2 if any(w["defender"] == player for w in state.wars) else 0


def war_spoils(state: TtaState, cid: str, winner: str, loser: str, advantage: int) -> None:
    """The war's winner takes in proportion to the strength advantage (2015 texts)."""
    win, lose = state.civs[winner], state.civs[loser]
    family = card(cid).id
    if family == "war_over_technology":
        lost = min(advantage, lose.science)
        lose.science -= lost
        add_science(win, lost)
    elif family == "war_over_territory":
        lost = min(1 + advantage // 5, lose.yellow_bank)
        lose.yellow_bank -= lost
        lose.yellow_total -= lost
        win.yellow_bank += lost
        win.yellow_total += lost
    elif family == "war_over_culture":
        lost = min(5 + advantage, lose.culture)
        lose.culture -= lost
        win.culture += lost
    else:
        raise AssertionError(f"war {cid} has no effect")
