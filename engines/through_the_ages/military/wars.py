"""Wars (tta.full.wars): declared in the political phase, decided at the declarer's next turn.

A war is declared with a war card; at the start of the declarer's next turn first the declarer, then the
defender may sacrifice units (no bonus cards), and the stronger side wins by its advantage. What the winner
takes depends on the war card.
"""
from __future__ import annotations

from typing import Any

from engines.core.korean import josa

from ..actions import add_science, fail, lay_special, recount
from ..catalog import UNITS, card
from ..state import Civ, TtaState
from .. import levels
from ..editions import has
from . import aggressions, deck, forces, people, politics


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
    state.step = {"kind": "war", **war, "turn": war["attacker"], "attack": None, "sent": []}
    if not has(state, "war_sacrifice"):  # tta15.war: the strengths decide at once
        war_sacrifice(state, war["attacker"])
        war_sacrifice(state, war["defender"])


def war_sacrifice(state: TtaState, player: str) -> None:
    """First the declarer, then the defender send units to sacrifice one at a time (``politics.send``, no
    bonus cards in a war) and finish with a bare ``sacrifice``; then the war is decided."""
    step = state.step
    total = levels.strength(state, player) + forces.sacrifice(state.civs[player], step["sent"])
    step["sent"] = []
    if step["turn"] == step["attacker"]:
        step["attack"], step["turn"] = total, step["defender"]
        return
    attack_total = step["attack"]
    won = attack_total > total or (attack_total == total and declarer_wins_tie(state))
    state.last_battle = {"card": step["card"], "attack": attack_total, "defence": total, "won": won}
    if attack_total == total and not won:
        finish(state)
        return
    winner, loser = (step["attacker"], step["defender"]) if won else (step["defender"], step["attacker"])
    advantage = abs(attack_total - total)
    if card(step["card"]).family == "war_over_technology" and stealable(state, winner, loser, advantage):
        state.step = {"kind": "spoils", "card": step["card"], "player": winner, "loser": loser,
                      "advantage": advantage}
        return
    war_spoils(state, step["card"], winner, loser, advantage)
    finish(state)


def declarer_wins_tie(state: TtaState) -> bool:
    """A 2015 war of equal strengths: no one wins (option ``war_tie`` ``none``), or the declarer, the player
    whose turn it is, counts as the stronger by the glossary's turn-order tie rule (``declarer``), winning
    by an advantage of 0."""
    return has(state, "war_tie_to_declarer")


def finish(state: TtaState) -> None:
    """The war card is discarded; the next war of the declarer is decided, or its political phase opens."""
    deck.discard(state, state.step["card"])
    state.step = None
    if next_war(state):
        start_war(state)
    else:
        politics.open_political(state)


# --- War over Technology: the winner may take special technologies instead of science ---------------
def stealable(state: TtaState, winner: str, loser: str, budget: int) -> list[str]:
    """The loser's special technologies the winner could take: costing at most ``budget`` science and
    better than the winner's own of that kind."""
    return [t for t in state.civs[loser].technologies
            if card(t).type == "special" and card(t).research <= budget and better_special(state.civs[winner], t)]


def steal_choices(state: TtaState, winner: str, loser: str, budget: int) -> list[tuple[str, ...]]:
    """Every set of special technologies (one per kind) the winner may take within the budget."""
    picks: list[tuple[str, ...]] = [()]
    for t in stealable(state, winner, loser, budget):
        picks += [(*p, t) for p in picks if sum(card(x).research for x in p) + card(t).research <= budget
                  and card(t).kind not in {card(x).kind for x in p}]
    return picks


def better_special(civ: Civ, tid: str) -> bool:
    own = [card(t).level for t in civ.technologies if card(t).type == "special" and card(t).kind == card(tid).kind]
    return card(tid).level > max(own, default=0)


def steal(state: TtaState, names: list[str]) -> None:
    """The winner of a War over Technology names the special technologies it takes (each worth its
    science cost); the rest of the strength advantage is taken as science (2015 card text)."""
    step = state.step
    winner, loser, advantage = step["player"], step["loser"], step["advantage"]
    win, lose = state.civs[winner], state.civs[loser]
    for t in names:
        if t not in lose.technologies or card(t).type != "special":
            raise fail("not-stealable", f"{josa(loser, '은')} {card(t).name} 특수 기술을 갖고 있지 않습니다.", RULE)
        if not better_special(win, t):
            raise fail("special-not-better", f"{josa(winner, '은')} 이미 {card(t).name}보다 낮지 않은 같은 종류의 "
                       "특수 기술이 있어 빼앗을 수 없습니다.", RULE)
    if len(set(names)) != len(names) or len({card(t).kind for t in names}) != len(names):
        raise fail("special-twice", "같은 종류의 특수 기술은 하나만 빼앗습니다.", RULE)
    cost = sum(card(t).research for t in names)
    if cost > advantage:
        raise fail("spoils-too-high", f"빼앗는 특수 기술의 과학 비용 합({cost})이 군사력 차이({advantage})보다 큽니다.",
                   RULE)
    for t in names:
        lose_special(lose, t)
        gain_special(win, t)
    lost = min(advantage - cost, lose.science)
    lose.science -= lost
    add_science(win, lost)
    finish(state)


def lose_special(civ: Civ, tid: str) -> None:
    def remove() -> None:
        civ.technologies.remove(tid)
    recount(civ, remove)
    for _ in range(card(tid).extra.get("blue_tokens", 0)):  # Justice System, Civil Service
        people.lose_blue_token(civ)


def gain_special(civ: Civ, tid: str) -> None:
    """A taken special technology replaces the winner's older one of its kind (as when developed)."""
    recount(civ, lambda: lay_special(civ, tid))


def churchill_discount(state: TtaState, player: str, tid: str) -> int:
    """Winston Churchill: while a war declared on his civilization waits for its decision, each new
    military unit costs 2 resources less to build (2006 card text; upgrading is not building)."""
    if levels.leader(state.civs[player]) != "winston_churchill" or card(tid).kind not in UNITS:
        return 0
    return 2 if any(w["defender"] == player for w in state.wars) else 0


def war_spoils(state: TtaState, cid: str, winner: str, loser: str, advantage: int) -> None:
    """The war's winner takes in proportion to the strength advantage (2015 texts). War over Technology
    comes here only when no special technology could be taken instead (else ``steal``)."""
    win, lose = state.civs[winner], state.civs[loser]
    family = card(cid).family
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
