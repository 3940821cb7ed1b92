"""The military rules as the civil engine's ``Military`` hooks (see ``hooks.py``): verbs, set-up keys,
whose decision it is, legal moves, strength, drawing cards, the end of an age and the final scoring."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.core import BadNotation, BadSetup, IllegalMove, Move, Option, Verb, WrongPhase, clone
from engines.core.errors import RulesError
from engines.core.korean import josa

from .. import levels
from ..catalog import AGES, MODE_AGES, UNITS, ambiguous, by_name, card, card_name
from ..hooks import Military
from ..state import TtaState
from ..editions import has
from . import (armies, colonies, concession, deck, events, forces, losses, politics, tactics,
               trade_routes, wars)

Check = Callable[[TtaState, list[str], Move], None]

STEP_RULE = {"auction": "tta.advanced.colonies", "colonize": "tta.advanced.colonies",
             "attack": "tta.advanced.aggression", "defend": "tta.advanced.aggression", "answer": "tta.advanced.pacts",
             "war": "tta.full.wars", "spoils": "tta.full.wars", "ravage": "tta.advanced.events",
             "agreement": "tta.advanced.events", "discard": "tta.advanced.military-cards",
             "pick": "tta.advanced.losses", "split": "tta.advanced.losses"}
STEP_VERBS = {"auction": ("bid", "pass"), "colonize": ("colonize",), "attack": ("sacrifice",), "defend": ("defend",),
              "answer": ("accept", "refuse"), "war": ("sacrifice",), "spoils": ("steal",), "ravage": ("ravage",),
              "agreement": ("claim", "pass"), "discard": ("discard",), "pick": ("pick",), "split": ("split",)}
POLITICAL_VERBS = ("pass", "event", "attack", "war", "pact", "cancel", "settle", "dismiss", "resign")
ROLES = {"a": "A", "b": "B"}
NEVER_REFUSED: Check = lambda state, ids, move: None  # noqa: E731
# What ``legal_moves`` asks before listing a move, by (decision or phase, verb): the check the move's action
# runs before changing anything (given the state, the arguments as card ids and the move), raising the same
# error. A pair without a check here (a decision added later, say) is tried on a copy of the state: exact
# either way, a check only makes the listing cheaper.
CHECKS: dict[tuple[str, str], Check] = {
    ("political", "pass"): NEVER_REFUSED,
    ("political", "dismiss"): lambda state, ids, move: politics.check_dismiss(state),
    ("political", "event"): lambda state, ids, move: politics.check_event(state, ids[0]),
    ("political", "attack"): lambda state, ids, move: politics.check_attack(state, ids[0], move.args[1]),
    ("action", "tactics"): lambda state, ids, move: tactics.check_tactics(state, ids[0]),
    ("action", "trade"): lambda state, ids, move: trade_routes.check_trade(state),
    ("action", "copy"): lambda state, ids, move: tactics.check_copy(state, ids[0]),  # listed in 2015 only
    ("discard", "discard"): lambda state, ids, move: politics.check_discard(state, ids[0]),
    ("auction", "pass"): NEVER_REFUSED,
    ("answer", "accept"): NEVER_REFUSED,
    ("answer", "refuse"): NEVER_REFUSED,
    # one more unit or bonus card, or the bare verb that finishes (only colonisation can fall short)
    **{(kind, verb): lambda state, ids, move: check_sending(state, ids)
       for kind, verb in (("colonize", "colonize"), ("attack", "sacrifice"), ("defend", "defend"),
                          ("war", "sacrifice"))},
    ("political", "resign"): lambda state, ids, move: concession.check_allowed(state),
    ("war", "resign"): lambda state, ids, move: concession.check_allowed(state),
    ("pick", "pick"): NEVER_REFUSED,  # listed from losses.options, the very answers choose accepts
    ("split", "split"): NEVER_REFUSED,
}


def check_sending(state: TtaState, ids: list[str]) -> None:
    kind = state.step["kind"]
    if ids:
        politics.check_send(state, politics.sender(state), ids[0], STEP_RULE[kind], kind in ("colonize", "defend"))
    elif kind == "colonize":
        politics.check_colonize(state, politics.sender(state))


# A full game played to its end (no one concedes): where a military reading shows (``Option.context``).
FULL = {"mode": "full", "concession": "off"}
FULL_2015 = {**FULL, "edition": 2015}


class MilitaryRules(Military):
    verbs = {
        "pass": Verb("정치 행동을 하지 않거나, 식민지 경매에서 입찰하지 않습니다.", "pass", korean="넘기기", rule="tta.advanced.political"),
        "event": Verb("손의 이벤트나 영토 카드를 미래 이벤트 더미에 뒷면으로 놓고 현재 이벤트를 펼칩니다.", "event 역병", korean="미래 이벤트 묻기", rule="tta.advanced.political"),
        "attack": Verb("침략 카드로 상대를 공격합니다. 희생할 유닛은 그다음 sacrifice로 하나씩 냅니다.", "attack 스파이 영희",
                       korean="침략", rule="tta.advanced.aggression"),
        "defend": Verb("침략을 막으려고 방어 보너스 카드나 희생할 유닛을 하나씩 내고, 다 냈으면 그냥 defend로 마칩니다 "
                       "(아무것도 안 내고 defend면 받아들임).", 'defend "방어 보너스 I"', korean="방어", rule="tta.advanced.aggression"),
        "bid": Verb("식민지 경매에서 보낼 군사력을 부릅니다.", "bid 4", korean="입찰", rule="tta.advanced.colonies"),
        "colonize": Verb("경매에서 이긴 사람이 희생할 유닛이나 식민지화 보너스 카드(2015년판 제임스 쿡이 이끌면 버릴 군사 "
                         "카드 2장까지)를 하나씩 내고, 입찰가를 채웠으면 그냥 colonize로 마칩니다.", "colonize 검사", korean="식민지 대가 치르기", rule="tta.advanced.colonies"),
        "settle": Verb("크리스토퍼 콜럼버스의 능력: 정치 행동으로 손의 영토를 곧바로 식민지로 삼습니다 (2006년판은 게임에서 "
                       "한 번, 2015년판은 콜럼버스가 떠나며).",
                       'settle "비옥한 땅 I"', korean="식민지로 삼기", rule="tta.advanced.colonies"),
        "dismiss": Verb("2015년판 알렉산드로스 대왕의 능력: 정치 행동으로 그를 내보내고 노란 토큰 하나를 얻습니다.",
                        "dismiss", korean="내보내기", rule="tta15.cards.leaders"),
        "pact": Verb("조약을 제안합니다: 카드, 상대, 내 역할(A 또는 B).", "pact 평화 조약 영희 A", korean="조약 제안", rule="tta.advanced.pacts"),
        "accept": Verb("제안받은 조약을 받아들입니다.", "accept", korean="수락", rule="tta.advanced.pacts"),
        "refuse": Verb("제안받은 조약을 거절합니다.", "refuse", korean="거절", rule="tta.advanced.pacts"),
        "cancel": Verb("내가 맺은 조약 하나를 파기합니다 (정치 행동).", "cancel 평화 조약", korean="조약 파기", rule="tta.advanced.pacts"),
        "war": Verb("전쟁을 선언합니다 (본격 게임). 결과는 내 다음 턴 시작에 납니다.", "war \"문화 전쟁 III\" 영희", korean="전쟁 선언", rule="tta.full.wars"),
        "resign": Verb("패배 선언: 정치 행동으로 게임에서 물러납니다 (2006년판은 본격 게임에서, 2015년판은 마지막 "
                       "시대가 아니면; 점수를 받지 않음).", "resign", korean="패배 선언", rule="tta.full.concession"),
        "sacrifice": Verb("침략하거나 전쟁의 결판에서 희생할 유닛을 하나씩 내고, 다 냈으면(또는 없으면) 그냥 "
                          "sacrifice로 마칩니다.", "sacrifice 기사", korean="희생", rule="tta.advanced.sacrifice"),
        "steal": Verb("기술 전쟁에서 이긴 사람이 과학 대신 빼앗을 진 쪽의 특수 기술을 적습니다 (없으면 그냥 steal: 과학만).",
                      "steal 사법 체계", korean="빼앗기", rule="tta.full.wars"),
        "claim": Verb("국제 협약: 가장 강한 문명이 카드 열 N번 칸의 카드를 협약의 시민 행동 5로 가져옵니다 (그만하려면 pass).",
                      "claim 3", korean="협약으로 가져오기", rule="tta.advanced.events"),
        "ravage": Verb("세월의 풍파: 뒤집어 효과를 잃게 할 내 A시대나 1시대 문화 유산을 고릅니다.", "ravage 피라미드", korean="문화 유산 뒤집기", rule="tta.advanced.events"),
        "trade": Verb("교역로 협정: 내 턴에 한 번, A는 식량 1을 자원 1로, B는 자원 1을 식량 1로 바꿉니다.", "trade", korean="교역", rule="tta.advanced.pacts"),
        "tactics": Verb("군사 행동 하나로 손의 전술 카드를 내려놓습니다.", "tactics 중세 부대", korean="전술 내려놓기", rule="tta.advanced.tactics"),
        "copy": Verb("2015년판: 공용 전술 하나에 내 전술 깃발을 옮깁니다 (군사 행동 2, 옵션 `copy_tactic_cost: 1`이면 1).", "copy 중세 부대",
                     korean="전술 복제", rule="tta15.tactics"),
        "discard": Verb("손의 군사 카드가 군사 행동 수보다 많을 때 한 장을 버립니다.", "discard 습격", korean="버리기", rule="tta.advanced.military-cards"),
        "split": Verb("식량과 자원을 합쳐 잃거나 얻을 때 식량과 자원으로 나눕니다 (식량, 자원 순).", "split 2 3", korean="나누기", rule="tta.advanced.losses"),
        "pick": Verb("이벤트나 침략으로 잃을 일꾼(그 일꾼이 있는 카드), 건물, 식민지, 버릴 군사 카드를 고릅니다.", "pick 종교", korean="고르기", rule="tta.advanced.losses"),
    }
    options = {
        "tie_break": Option("turn-order", "2006년판 군사력·문화 동점: turn-order(턴을 하는 사람부터 순서대로 앞선 쪽이 "
                                          "우위, 2015년판 용어집과 같음), all(동점이면 모두 해당).",
                            choices=("turn-order", "all"), context=FULL),
        "defence_limit": Option("none", "침략 방어의 희생과 보너스 카드: none(제한 없음, 규칙서), "
                                        "military-actions(남은 군사 행동 수만큼, 하나에 하나씩 씀).",
                                choices=("none", "military-actions"), context=FULL),
        "ravaged_wonders": Option("count", "세월의 풍파로 뒤집힌 문화 유산: count(완성한 문화 유산으로 계속 셈: 문화 유산을 "
                                           "가져오는 비용, 문화 유산의 영향), ignore(세지 않음).",
                                  choices=("count", "ignore"), context=(FULL, FULL_2015)),
        "cooperation_revolution": Option(True, "과학 협력이 혁명으로 정부를 바꿀 때도 과학 2를 덜고 상대가 1을 내는지 "
                                               "(true/false).", context=(FULL, FULL_2015)),
        "concession": Option("allowed", "본격 게임의 명예로운 패배: allowed(규칙서대로 턴을 시작할 때 물러날 수 있음), "
                                        "off(모두 끝까지 함: 합의한 식탁과 끝까지 가는 시험 게임).",
                             choices=("allowed", "off"), context={"mode": "full"}),
        "concession_wars": Option("decided", "본격 게임에서 지난 턴에 전쟁을 선언한 사람이 물러나는 때: decided(그 전쟁의 "
                                             "결판이 난 뒤), undecided(결판 전에도; 그 전쟁 카드는 아무 일 없이 버려짐).",
                                  choices=("decided", "undecided"), context={"mode": "full"}),
        "aggression_choice": Option("attacker", "침략 카드가 빼앗거나 부수는 것(건물, 식민지, 식량·자원의 나눔)을 "
                                                "고르는 사람: attacker(공격자) 또는 defender(방어자).",
                                    choices=("attacker", "defender"), context=(FULL, FULL_2015)),
        "trade_routes": Option("keep", "교역로 협정의 교환: keep(턴마다 한 번 바꾸고, 바꾼 것은 턴이 지나도 남음) 또는 "
                                       "turn(바꾼 것을 그 턴에 쓰지 않으면 생산 전에 되돌림).",
                               choices=("keep", "turn"), context=(FULL, FULL_2015)),
        "two_of_two": Option("one", "2인 게임에서 2006년판 이벤트의 \"군사력 상위(하위) 두 문명\": one(더 강한(약한) 문명 "
                                    "하나: 2006년판 규칙서의 이벤트 절과 2015년판 용어집이 정한 규칙) 또는 both(두 문명 "
                                    "모두: 규칙서와 어긋나는 집안 규칙).",
                             choices=("one", "both"), context=FULL),
        "copy_tactic_cost": Option(2, "2015년판 공용 전술 복제에 드는 군사 행동: 2(기본) 또는 1.", choices=(2, 1),
                                   context=FULL_2015),
        "caesar_declined": Option("kept", "2015년판 율리우스 카이사르가 준 두 번째 정치 행동을 pass로 넘기면: kept(능력이 "
                                          "나중 턴을 위해 남음) 또는 spent(게임에 한 번뿐인 능력을 쓴 것으로 봄).",
                                  choices=("kept", "spent"), context=FULL_2015),
        "defence_actions": Option("spend", "2015년판 침략의 방어에 낸 카드: spend(한 장마다 군사 행동 하나를 씀) 또는 "
                                           "limit(군사 행동 수만큼만 낼 수 있고 군사 행동은 쓰지 않음).",
                                  choices=("spend", "limit"), context=FULL_2015),
        "resignation_age": Option("last", "2015년판 패배 선언을 못 하는 시대: last(게임의 마지막 시대: 본격 게임의 4시대, "
                                          "숙련 게임의 3시대) 또는 four(턴 요약이 적은 4시대만: 숙련 게임은 언제나 됨).",
                                  choices=("last", "four"), context={"mode": "advanced", "edition": 2015}),
        "intervention_culture": Option("lost", "2015년판 무력 개입이 성공했을 때 공격자의 문화: lost(방어자가 실제로 잃은 "
                                               "만큼, 2006년판 규칙서) 또는 card(카드 글대로 언제나 7).",
                                       choices=("lost", "card"), context=FULL_2015),
        "war_sacrifice": Option("none", "2015년판 전쟁의 결판: none(군사력만 비교, 누구도 희생하지 않음) 또는 "
                                        "allowed(2006년판처럼 선언한 사람부터 유닛을 희생해 더할 수 있음).",
                                choices=("none", "allowed"), context=FULL_2015),
        "war_tie": Option("none", "2015년판 전쟁의 결판에서 군사력이 같으면: none(아무 일도 없음) 또는 declarer(용어집의 "
                                  "동점 규칙대로 턴을 진행하는 선언한 사람이 더 강한 것으로 보아 군사력 차이 0으로 이김).",
                          choices=("none", "declarer"), context=FULL_2015),
        "resignation": Option("leave", "2015년판 패배 선언: leave(그 문명만 빠지고 나머지는 계속함) 또는 "
                                       "end(게임이 곧바로 끝나고 남은 사람 가운데 문화 점수로 승자를 정함).",
                              choices=("leave", "end"), context={"mode": "full", "edition": 2015}),
    }
    error_codes = {
        "not-common-tactics": "공용 전술 칸에 없는 전술 카드는 복제할 수 없습니다.",
        "same-tactics": "전술 깃발이 이미 그 전술 카드 위에 있습니다.",
        "resign-last-age": "게임의 마지막 시대에는 패배 선언을 할 수 없습니다.",
        "no-sacrifice": "2015년판의 침략에서는 누구도 유닛을 희생하지 않습니다.",
        "edition-2015-only": "2015년판에만 있는 행동입니다.",
        "political-phase": "정치 행동 단계가 끝나야 시민·군사 행동을 합니다.",
        "decision-pending": "다른 결정(경매, 방어, 조약 답, 전쟁, 카드 버리기)이 먼저입니다.",
        "not-in-military-hand": "그 카드가 군사 카드 손에 없습니다.",
        "card-drawn-this-turn": "이번 턴에 가져온 군사 카드는 다음 턴부터 씁니다.",
        "bid-too-low": "입찰은 지금 최고가보다 높아야 합니다.",
        "bid-too-high": "가진 유닛과 보너스로 낼 수 있는 것보다 높게 입찰할 수 없습니다.",
        "no-unit-sacrificed": "식민지를 얻으려면 군사 유닛을 하나 이상 희생해야 합니다.",
        "bid-not-covered": "보낸 군사력이 입찰가에 모자랍니다.",
        "not-a-unit": "군사 유닛만 희생할 수 있습니다.",
        "no-such-unit": "희생하려는 유닛이 없습니다.",
        "bad-target": "공격하거나 조약을 맺을 상대가 맞지 않습니다.",
        "pact-forbids-attack": "맺은 조약이 그 상대에 대한 공격을 막습니다.",
        "gandhi": "마하트마 간디가 이끄는 문명은 침략·전쟁 카드를 쓸 수 없습니다.",
        "nothing-to-take": "침략 카드가 노리는 것이 상대에게 없습니다.",
        "no-such-pact": "파기할 조약이 없습니다.",
        "no-sacrifice-last-round": "마지막 라운드에는 유닛을 희생해 군사력을 올릴 수 없습니다.",
        "not-columbus": "손의 영토를 바로 식민지로 삼는 것은 크리스토퍼 콜럼버스의 능력입니다.",
        "columbus-used": "크리스토퍼 콜럼버스의 능력은 게임에서 한 번만 씁니다.",
        "not-cook": "식민지를 얻을 때 보너스 카드가 아닌 군사 카드를 버려 +1을 얻는 것은 2015년판 제임스 쿡의 능력입니다.",
        "cook-2006": "2006년판 제임스 쿡은 군사 카드를 버리게 하지 않고 식민지화 보너스 카드마다 +1을 더합니다.",
        "cook-limit": "제임스 쿡으로 버리는 군사 카드는 2장까지입니다.",
        "not-alexander": "지도자를 내보내고 노란 토큰을 얻는 것은 2015년판 알렉산드로스 대왕의 능력입니다.",
        "not-ravageable": "세월의 풍파로는 완성한 A시대나 1시대 문화 유산만 뒤집습니다.",
        "no-trade-route": "교역로 협정을 맺고 있어야 식량과 자원을 바꿉니다.",
        "trade-used": "교역로 협정의 교환은 한 턴에 한 번입니다.",
        "nothing-to-trade": "바꿔 줄 식량이나 자원이 없습니다.",
        "full-game-only": "본격 게임에만 있는 규칙입니다.",
        "concession-off": "명예로운 패배 선언을 받지 않기로 한 게임이라 물러날 수 없습니다.",
        "war-first": "자기가 선언한 전쟁의 결판이 나기 전에는 물러날 수 없습니다.",
        "not-stealable": "진 쪽이 갖고 있지 않은 특수 기술은 빼앗을 수 없습니다.",
        "special-not-better": "이긴 쪽에 같은 종류의 같거나 높은 특수 기술이 있으면 빼앗을 수 없습니다.",
        "special-twice": "같은 종류의 특수 기술은 하나만 빼앗습니다.",
        "spoils-too-high": "빼앗는 특수 기술의 과학 비용 합은 군사력 차이를 넘을 수 없습니다.",
    }
    game_setup_keys = frozenset({"military_decks", "future_events", "final_events", "pacts", "wars", "common_tactics"})
    player_setup_keys = frozenset({"military_hand", "tactics", "own_tactics", "colonies"})

    # --- set-up ------------------------------------------------------------------------------------
    def setup(self, state: TtaState, given: dict[str, Any]) -> None:
        deck.deal(state, state.rng)
        supply = Supply(state)
        if "events" in given:
            state.military_box += state.events
            state.events = [supply.take(x) for x in given["events"] or []]
        for key in ("future_events", "final_events"):
            if key in given:
                state.military_box += getattr(state, key)
                setattr(state, key, [supply.take(x) for x in given[key] or []])
        for age, names in (given.get("military_decks") or {}).items():
            key = {"1": "I", "2": "II", "3": "III"}.get(str(age), str(age).upper())
            if key not in state.military_decks:
                raise BadSetup(f"이 게임의 군사 카드 더미는 {', '.join(state.military_decks)}입니다 ('{age}').",
                               rule="tta.advanced.military-setup")
            rest = state.military_decks[key]
            state.military_decks[key] = [supply.take(x) for x in names or []]
            state.military_box += [c for c in rest if c not in state.military_decks[key]]
        for p in state.players:
            mine = given.get(p) or {}
            civ = state.civs[p]
            civ.military_hand = [supply.take(x) for x in mine.get("military_hand", [])]
            if mine.get("tactics"):
                civ.tactics = supply.take(mine["tactics"])
                if has(state, "common_tactics"):  # the flag stands on a card that is common by now
                    state.common_tactics.append(civ.tactics)
            civ.own_tactics = [supply.take(x) for x in mine.get("own_tactics", [])]
            if civ.own_tactics:
                civ.tactics = civ.own_tactics[-1]
            civ.colonies = []
            for x in mine.get("colonies", []):
                from .people import gain_colony
                gain_colony(civ, supply.take(x))
        for pact in given.get("pacts", []):
            cid = supply.take(pact["card"])
            a, b = str(pact["a"]), str(pact["b"])
            if a not in state.players or b not in state.players:
                raise BadSetup("조약의 a와 b는 플레이어 이름입니다.", rule="tta.advanced.military-setup")
            state.pacts.append({"card": cid, "owner": str(pact.get("owner", a)), "a": a, "b": b})
            politics.pacts_changed(state)
        state.common_tactics += [supply.take(x) for x in given.get("common_tactics", [])]
        for war in given.get("wars", []):
            state.wars.append({"card": supply.take(war["card"]), "attacker": str(war["attacker"]),
                               "defender": str(war["defender"])})
        state.military_cards = len(all_military_cards(state))
        if state.round >= 2:
            open_turn(state)

    # --- the turn -----------------------------------------------------------------------------------
    def start_turn(self, state: TtaState) -> None:
        open_turn(state)

    def blocks_civil(self, state: TtaState) -> str | None:
        if state.step is not None:
            kind = state.step["kind"]
            return {"auction": "식민지 경매가 진행 중입니다", "colonize": "식민지를 얻은 사람이 대가를 치러야 합니다",
                    "attack": "공격자가 희생할 유닛을 정해야 합니다", "defend": "침략당한 사람이 방어를 정해야 합니다",
                    "answer": "조약을 제안받은 사람이 답해야 합니다", "war": "전쟁의 결판이 먼저입니다",
                    "spoils": "기술 전쟁에서 이긴 사람이 빼앗을 것을 정해야 합니다",
                    "ravage": "세월의 풍파로 뒤집을 문화 유산을 골라야 합니다",
                    "agreement": "국제 협약으로 가장 강한 문명이 카드를 가져가는 중입니다",
                    "discard": "한도를 넘는 군사 카드를 먼저 버려야 합니다", "pick": "잃을 것을 먼저 골라야 합니다",
                    "split": "식량과 자원을 어떻게 나눌지 먼저 정해야 합니다"}[kind]
        return None

    def leave_political(self, state: TtaState) -> None:
        if state.political and state.step is None:
            politics.close_political(state, acted=False)

    def blocks_after_political(self, state: TtaState) -> bool:
        return state.political and state.step is None and politics.must_discard(state)

    def current_player(self, state: TtaState) -> str | None:
        step = state.step
        if step is None:
            return None
        return {"auction": step.get("turn"), "colonize": step.get("player"), "attack": step.get("attacker"),
                "defend": step.get("defender"), "answer": step.get("target"), "war": step.get("turn"),
                "spoils": step.get("player"), "ravage": step.get("player"), "agreement": step.get("player"),
                "discard": step.get("player"), "pick": step.get("player"), "split": step.get("player")}[step["kind"]]

    def legal_moves(self, state: TtaState) -> list[Move]:
        return [m for m in dict.fromkeys(self._candidates(state)) if self._accepts(state, m)]

    def _accepts(self, state: TtaState, move: Move) -> bool:
        """Is a candidate move legal? A candidate is a move of the phase it is listed in (``_candidates``), so
        the phase checks of ``play`` hold; the rest is asked of the action's check, or tried on a copy."""
        phase = state.step["kind"] if state.step else "political" if state.political else "action"
        check = CHECKS.get((phase, move.verb))
        try:
            if check is None:
                self.play(clone(state), move)
            else:
                check(state, [by_name(state.edition).get(a, a) for a in move.args], move)
        except RulesError:
            return False
        return True

    def _candidates(self, state: TtaState) -> list[Move]:
        name = lambda cid: card(cid).name  # noqa: E731
        step = state.step
        if step is not None:
            who = self.current_player(state)
            civ = state.civs[who]
            kind = step["kind"]
            if kind == "discard":
                return [Move("discard", (name(c),)) for c in dict.fromkeys(civ.military_hand)]
            if kind == "auction":
                top = politics.max_bid(state, who)
                return [Move("pass")] + [Move("bid", (str(n),)) for n in range(step["high"] + 1, top + 1)]
            if kind == "answer":
                return [Move("accept"), Move("refuse")]
            if kind == "agreement":
                return [Move("pass")] + [Move("claim", (str(s),)) for s, c in enumerate(state.row, 1) if c]
            if kind == "pick":
                return [Move("pick", (name(c),)) for c in losses.options(state, step)]
            if kind == "split":
                return [Move("split", (str(f), str(r))) for f, r in losses.options(state, step)]
            if kind == "ravage":
                return [Move("ravage", (name(w),)) for w in events.ravageable(civ)]
            if kind == "spoils":
                return [Move("steal", tuple(name(t) for t in pick))
                        for pick in wars.steal_choices(state, who, step["loser"], step["advantage"])]
            # colonize, attack, defend, war: one more unit or bonus card to send, or the bare verb to finish
            verb = STEP_VERBS[kind][0]
            sent = Counter(step["sent"])
            more = [t for t, n in civ.workers.items() if card(t).kind in UNITS and n > sent[t]]
            if kind == "defend" and has(state, "defence_by_cards"):  # any military card, no unit
                more = [c for c in dict.fromkeys(civ.military_hand) if civ.military_hand.count(c) > sent[c]]
            elif kind in ("colonize", "defend"):
                cook = kind == "colonize" and colonies.cook_discards(levels.leader(civ)) > 0  # any military card
                more += [c for c in dict.fromkeys(civ.military_hand) if (cook or card(c).type == "bonus")
                         and civ.military_hand.count(c) > sent[c]]
            resign = [Move("resign")] if kind == "war" else []  # option concession_wars: undecided
            return [Move(verb)] + [Move(verb, (name(c),)) for c in more] + resign
        player = politics.active(state)
        civ = state.civs[player]
        hand = list(dict.fromkeys(civ.military_hand))
        moves: list[Move] = []
        if state.political:
            others = [p for p in state.players if p != player]
            moves.append(Move("pass"))
            for c in hand:
                t = card(c).type
                if t in ("event", "territory"):
                    moves.append(Move("event", (name(c),)))
                if t == "territory" and levels.leader(civ) in politics.COLUMBUS:
                    moves.append(Move("settle", (name(c),)))
                elif t == "aggression":
                    moves += [Move("attack", (name(c), p)) for p in others]
                elif t == "war" and state.options["mode"] == "full":
                    moves += [Move("war", (name(c), p)) for p in others]
                elif t == "pact":
                    moves += [Move("pact", (name(c), p, r)) for p in others for r in ("A", "B")]
            moves += [Move("cancel", (name(p["card"]),)) for p in state.pacts if player in (p["a"], p["b"])]
            moves += [Move("dismiss")] if civ.leader == politics.ALEXANDER else []
            allowed = (state.options["mode"] == "full" or has(state, "resign_in_advanced")) \
                and state.options["concession"] == "allowed"
            moves += [Move("resign")] if allowed else []
        if state.round >= 2 and not state.pending:  # the action phase's (in the political phase: closing it)
            moves += [Move("tactics", (name(c),)) for c in hand if card(c).type == "tactics"]
            moves += [Move("trade")] if trade_routes.exchange(state, player) else []
            moves += [Move("copy", (name(c),)) for c in dict.fromkeys(state.common_tactics)]
        return moves

    def parse_args(self, state: TtaState, verb: str, args: list[str]) -> Move:
        arity = {"pass": (0, 0), "event": (1, 1), "attack": (2, 2), "defend": (0, 1), "bid": (1, 1),
                 "colonize": (0, 1), "pact": (3, 3), "accept": (0, 0), "refuse": (0, 0), "cancel": (1, 1),
                 "war": (2, 2), "sacrifice": (0, 1), "tactics": (1, 1), "discard": (1, 1), "pick": (1, 1), "split": (2, 2),
                 "steal": (0, 4), "resign": (0, 0), "ravage": (1, 1), "copy": (1, 1), "claim": (1, 1), "trade": (0, 0),
                 "settle": (1, 1), "dismiss": (0, 0)}[verb]
        if verb == "attack" and len(args) > arity[1]:
            raise BadNotation("희생할 유닛은 침략 카드를 낸 다음 sacrifice 소총병처럼 하나씩 냅니다.", rule="tta.notation")
        if verb in ("defend", "colonize", "sacrifice") and len(args) > arity[1]:
            raise BadNotation(f"희생할 유닛과 보너스 카드는 한 번에 하나씩 냅니다 (예: {self.verbs[verb].example}). "
                              f"다 냈으면 뒤에 아무것도 없이 {verb}만 적어 마칩니다.", rule="tta.notation")
        if not args and arity[0]:
            self.why_none(state, verb)  # the bare verb (the practice table's "왜?"): the rule that forbids it now
        if not arity[0] <= len(args) <= arity[1]:
            raise BadNotation(f"'{verb}' 뒤에 적을 것이 맞지 않습니다 (예: {self.verbs[verb].example}).",
                              rule="tta.notation")
        if verb == "claim":
            if not (args[0].isascii() and args[0].isdigit() and 1 <= int(args[0]) <= 13):
                raise BadNotation("claim 뒤에는 카드 열의 칸 번호 1~13을 적습니다.", rule="tta.notation")
            return Move(verb, (str(int(args[0])),))
        if verb in ("bid", "split"):
            if not all(a.isascii() and a.isdigit() for a in args):  # "²" is a digit to str.isdigit, not to int()
                raise BadNotation("bid 뒤에는 보낼 군사력(수)을, split 뒤에는 식량과 자원의 수를 적습니다.",
                                  rule="tta.notation")
            return Move(verb, tuple(str(int(a)) for a in args))
        out: list[str] = []
        for i, arg in enumerate(args):
            if verb == "pact" and i == 2:
                role = ROLES.get(arg.casefold())
                if role is None:
                    raise BadNotation("조약의 역할은 A 또는 B입니다.", rule="tta.notation")
                out.append(role)
            elif verb in ("attack", "pact", "war") and i == 1:
                if arg not in state.players:
                    raise BadNotation(f"{josa(arg, '은')} 이 게임의 플레이어가 아닙니다.", rule="tta.notation")
                out.append(arg)
            else:
                shared = ambiguous(state.edition, arg, MODE_AGES[state.options["mode"]])
                if shared:
                    raise BadNotation(shared, rule="tta.notation")
                canonical = card_name(state.edition, arg, MODE_AGES[state.options["mode"]])
                if canonical is None:
                    raise BadNotation(f"'{arg}': 카드 이름이 아닙니다.", rule="tta.notation")
                out.append(canonical)
        return Move(verb, tuple(out))

    def play(self, state: TtaState, move: Move) -> None:
        if state.pending:  # an Age A event's choices come first (the civil engine asks them)
            raise WrongPhase("먼저 이벤트의 선택에 답해야 합니다.", rule="tta.simple.later.events", code="choice-pending",
                             move=move)
        verb = move.verb
        ids = [by_name(state.edition).get(a, a) for a in move.args]
        step = state.step
        if step is not None:
            kind = step["kind"]
            if kind == "war" and verb == "resign":  # option concession_wars: before the own war is decided
                concession.resign(state)
                return
            if verb not in STEP_VERBS[kind]:
                raise WrongPhase(f"{self.blocks_civil(state)}: 지금 할 수 있는 것은 {self.said(STEP_VERBS[kind])}뿐입니다.",
                                 rule=STEP_RULE[kind], code="decision-pending", move=move)
            who = self.current_player(state)
            if kind == "agreement":
                if verb == "claim":
                    events.agreement_take(state, who, int(move.args[0]))
                    return
                events.agreement_done(state, who)
                politics.close_political(state)
            elif verb == "bid":
                politics.bid(state, who, int(move.args[0]))
            elif verb == "pass":
                politics.pass_bid(state, who)
            elif verb in ("colonize", "defend", "sacrifice") and ids:
                politics.send(state, who, ids[0], STEP_RULE[kind], kind in ("colonize", "defend"))
            elif verb == "colonize":
                politics.colonize(state, who)
            elif verb == "defend":
                politics.defend(state)
            elif verb == "sacrifice" and kind == "attack":
                politics.announce_attack(state)
            elif verb == "sacrifice":
                wars.war_sacrifice(state, who)
            elif verb in ("accept", "refuse"):
                politics.answer_pact(state, verb == "accept")
            elif verb == "steal":
                wars.steal(state, ids)
            elif verb == "ravage":
                events.choose_ravaged(state, who, ids[0])
                if state.step is None:  # every choice is made: the political action is over
                    politics.close_political(state)
            elif verb == "pick":
                politics.choose_loss(state, ids[0])
            elif verb == "split":
                politics.choose_loss(state, (int(move.args[0]), int(move.args[1])))
            else:
                politics.discard_card(state, ids[0])
            return
        _refuse_copy_in_2006(state, verb, move)
        _refuse_out_of_phase(state, verb, move)
        if verb not in POLITICAL_VERBS and state.political:  # an action of the action phase closes the phase
            self.leave_political(state)
            if state.step is not None:
                raise WrongPhase(f"정치 단계를 마치면 {self.blocks_civil(state)}.", rule=STEP_RULE[state.step["kind"]],
                                 code="decision-pending", move=move)
        if verb == "pass":
            politics.close_political(state, acted=False)
        elif verb == "event":
            politics.prepare_event(state, ids[0])
        elif verb == "attack":
            politics.attack(state, ids[0], move.args[1])
        elif verb == "war":
            wars.declare_war(state, ids[0], move.args[1])
        elif verb == "pact":
            politics.offer_pact(state, ids[0], move.args[1], move.args[2])
        elif verb == "cancel":
            politics.cancel_pact(state, ids[0])
        elif verb == "settle":
            politics.columbus(state, ids[0])
        elif verb == "dismiss":
            politics.dismiss(state)
        elif verb == "resign":
            concession.resign(state)
        elif verb == "trade":
            trade_routes.trade(state)
        elif verb in ("tactics", "copy"):
            if state.round < 2:
                raise WrongPhase("첫 라운드에는 군사 행동이 없습니다.", rule="tta.advanced.tactics", move=move)
            if verb == "copy":
                tactics.copy_tactics(state, ids[0])
            else:
                tactics.play_tactics(state, ids[0])
        else:
            raise WrongPhase(f"지금은 {josa(self.said((verb,)), '으로')} 답할 결정이 없습니다: 이 행동은 식민지 경매, 침략이나 "
                             "전쟁, 조약 제안, 이벤트가 묻는 결정에 답할 때만 합니다.",
                             rule="tta.advanced.political", move=move)

    def why_none(self, state: TtaState, verb: str) -> None:
        """Raise why no move of ``verb`` can be made now, when a rule says so (the verb written without what it
        needs: the kind of move asked about, not a move); nothing when only the missing words are wrong."""
        step, move = state.step, Move(verb)
        if state.pending:
            raise WrongPhase("먼저 이벤트의 선택에 답해야 합니다.", rule="tta.simple.later.events", code="choice-pending",
                             move=move)
        if step is not None:
            if verb not in STEP_VERBS[step["kind"]]:
                raise WrongPhase(f"{self.blocks_civil(state)}: 지금 할 수 있는 것은 "
                                 f"{self.said(STEP_VERBS[step['kind']])}뿐입니다.", rule=STEP_RULE[step["kind"]],
                                 code="decision-pending", move=move)
            return
        _refuse_copy_in_2006(state, verb, move)
        if verb == "war" and state.options["mode"] != "full":
            raise IllegalMove("전쟁 카드는 본격 게임에만 있습니다.", rule=politics.RULES["war"], code="full-game-only",
                              move=move)
        _refuse_out_of_phase(state, verb, move)
        if verb not in POLITICAL_VERBS and verb not in ("tactics", "copy"):
            raise WrongPhase(f"지금은 {josa(self.said((verb,)), '으로')} 답할 결정이 없습니다: 이 행동은 식민지 경매, "
                             "침략이나 전쟁, 조약 제안, 이벤트가 묻는 결정에 답할 때만 합니다.",
                             rule="tta.advanced.political", move=move)
        if verb in ("tactics", "copy") and state.round < 2:
            raise WrongPhase("첫 라운드에는 군사 행동이 없습니다.", rule="tta.advanced.tactics", move=move)
        player = politics.active(state)
        civ = state.civs[player]
        if verb == "cancel":
            if not any(player in (p["a"], p["b"]) for p in state.pacts):
                raise IllegalMove(f"{josa(player, '이')} 맺은 조약이 없어 파기할 것이 없습니다.",
                                  rule=politics.RULES["pact"], code="no-such-pact", move=move)
            return
        if verb == "copy":
            if not state.common_tactics:
                raise IllegalMove("공용 전술 칸에 전술 카드가 없어 복제할 것이 없습니다.", rule=tactics.TACTICS_2015,
                                  code="not-common-tactics", move=move)
            return
        wanted = {"event": ("event", "territory"), "attack": ("aggression",), "war": ("war",), "pact": ("pact",),
                  "settle": ("territory",), "tactics": ("tactics",)}[verb]
        if not any(card(c).type in wanted for c in civ.military_hand):
            words = "나 ".join(politics.TYPE_WORDS[t] for t in wanted)
            rule = {"event": politics.RULES["event"], "settle": politics.RULES["colony"]}.get(
                verb, politics.RULES.get(wanted[0], politics.RULES["political"]))
            raise IllegalMove(f"{self.verbs[verb].korean}에는 군사 카드 손의 {words} 카드를 씁니다: 지금 손에 그런 카드가 "
                              "없습니다.", rule=rule, code="not-in-military-hand", move=move)
        for tried in self.move_universe(state):  # such a card is in the hand: the rule that refuses it
            if tried.verb == verb and tried.args:
                self.play(clone(state), self.parse_args(state, verb, list(tried.args)))
                return

    def said(self, verbs: tuple[str, ...]) -> str:
        """Verbs as the reader's buttons name them: ‘빼앗기’, ‘입찰’이나 ‘넘기기’."""
        words = [f"‘{self.verbs[v].korean}’" for v in verbs]
        return "".join(josa(w, "이나") + " " for w in words[:-1]) + words[-1]

    def rule_of_move(self, state: TtaState, move: Move) -> str:
        return STEP_RULE[state.step["kind"]] if state.step else ""  # an auction's pass is colonisation's

    def describe(self, state: TtaState, move: Move) -> str:
        who = self.current_player(state) or politics.active(state)
        a = move.args
        sent = " ".join(card(c).name for c in (state.step or {}).get("sent", []))
        who_picks = (state.step or {}).get("kind") == move.verb
        finished = f" (낸 것: {sent})" if sent else ""
        cid = by_name(state.edition).get(a[0]) if a else None
        cook = move.verb == "colonize" and cid is not None and politics.is_cook_card(cid)  # a discard
        text = {
            "pass": {"auction": "식민지 경매에서 패스합니다", "agreement": "국제 협약으로 카드를 더 가져오지 않습니다"}.get(
                (state.step or {}).get("kind"), "정치 행동을 하지 않고 넘깁니다"),
            "claim": f"국제 협약으로 카드 열 {a[0]}번 칸의 카드를 가져옵니다" if a else "",
            "event": f"{a[0]} 카드를 미래 이벤트 더미에 뒷면으로 놓습니다" if a else "",
            "attack": f"{a[1]}에게 {a[0]} 카드로 침략합니다" if len(a) > 1 else "",
            "defend": f"방어에 {josa(a[0], '을')} 냅니다" if a else
            f"방어를 마칩니다{finished}" if sent else "방어하지 않고 침략을 받아들입니다",
            "bid": f"식민지 경매에서 {josa(a[0], '을')} 부릅니다" if a else "",
            "colonize": (f"제임스 쿡의 능력으로 {a[0]} 카드를 버립니다 (식민지화 +1)" if cook else
                         f"식민지를 얻으려고 {josa(a[0], '을')} 보냅니다") if a else f"식민지를 얻습니다{finished}",
            "pact": f"{a[1]}에게 {a[0]} 조약을 제안합니다 (내 역할 {a[2]})" if len(a) > 2 else "",
            "accept": "조약을 받아들입니다", "refuse": "조약을 거절합니다",
            "cancel": f"{a[0]} 조약을 파기합니다" if a else "",
            "war": f"{a[1]}에게 {a[0]} 카드로 전쟁을 선언합니다" if len(a) > 1 else "",
            "settle": f"크리스토퍼 콜럼버스의 능력으로 {a[0]} 카드를 곧바로 식민지로 삼습니다"
                      + (" (콜럼버스는 떠납니다)" if levels.leader(state.civs[who]) == politics.COLUMBUS_2015 else "")
                      if a else "",
            "dismiss": "알렉산드로스 대왕을 내보내고 노란 토큰 하나를 얻습니다",
            "sacrifice": f"{josa(a[0], '을')} 희생합니다" if a else
            f"희생을 마치고 군사력을 알립니다{finished}" if sent else "아무것도 희생하지 않고 군사력을 알립니다",
            "steal": f"기술 전쟁의 대가로 {' '.join(a)} 특수 기술을 빼앗습니다" if a else "기술 전쟁의 대가로 과학만 가져옵니다",
            "ravage": f"세월의 풍파로 {a[0]} 문화 유산을 뒤집습니다" if a else "",
            "resign": "패배를 선언하고 게임에서 물러납니다",
            "trade": "교역로 협정으로 식량과 자원 1을 바꿉니다",
            "tactics": f"{a[0]} 전술 카드를 내려놓습니다" if a else "",
            "copy": f"공용 전술 {a[0]}에 전술 깃발을 옮깁니다" if a else "",
            "discard": f"{a[0]} 카드를 버립니다" if a else "",
            "pick": losses.describe(state, by_name(state.edition).get(a[0], a[0])) if move.verb == "pick" and who_picks else "",
            "split": losses.describe(state, (int(a[0]), int(a[1]))) if move.verb == "split" and who_picks else "",
        }[move.verb]
        return f"{josa(who, '이')} {text}."

    # --- numbers -------------------------------------------------------------------------------------
    def strength_bonus(self, state: TtaState, player: str) -> int:
        civ = state.civs[player]
        return forces.tactics_bonus(civ) + politics.pact_strength(state, player)

    def hold_end(self, state: TtaState) -> bool:
        return politics.hold_end(state)

    def build_discount(self, state: TtaState, player: str, tid: str) -> int:
        return wars.churchill_discount(state, player, tid)

    def before_production(self, state: TtaState, player: str) -> None:
        trade_routes.settle(state, player)

    def research_partner(self, state: TtaState, player: str) -> tuple[str, int] | None:
        return politics.cooperation_partner(state, player)

    def draw(self, state: TtaState, player: str, n: int) -> None:
        civ = state.civs[player]
        civ.military_fresh.clear()  # the turn is over: what was drawn in it may be used from now on
        politics.pact_production(state, player)
        deck.draw(state, civ, min(n, deck.MAX_DRAW), fresh=False)

    def end_of_age(self, state: TtaState, ended: str) -> None:
        deck.end_of_age(state, ended)
        obsolete = AGES[AGES.index(ended) - 1]
        for civ in state.civs.values():
            old = [c for c in civ.military_hand if card(c).age == obsolete]
            civ.military_hand[:] = [c for c in civ.military_hand if card(c).age != obsolete]
            civ.military_fresh[:] = [c for c in civ.military_fresh if card(c).age != obsolete]
            state.military_box += old
        for pact in [p for p in state.pacts if card(p["card"]).age == obsolete]:
            state.pacts.remove(pact)
            state.military_box.append(pact["card"])
        politics.pacts_changed(state)

    def final_scoring(self, state: TtaState) -> dict[str, dict[str, int]]:
        """Advanced: the four events turned up at set-up. Full: the Age III events left in the current and
        future decks. Per player, the culture each event scores (in the order scored; a loss stops at 0)."""
        if state.options["mode"] == "advanced":
            scoring = state.final_events
        else:
            scoring = [e for e in (*state.events, *state.future_events) if card(e).age == "III"]
        total = {p: 0 for p in state.players}
        scored: dict[str, dict[str, int]] = {p: {} for p in state.players}
        for eid in scoring:
            for p, culture in events.impact(state, eid).items():
                before = total[p]
                total[p] = max(-state.civs[p].culture, total[p] + culture)  # culture never goes below 0
                scored[p][eid] = scored[p].get(eid, 0) + total[p] - before
        return scored

    # --- facts ---------------------------------------------------------------------------------------
    def observe(self, state: TtaState) -> dict[str, Any]:
        names = lambda ids: [card(i).name for i in ids]  # noqa: E731
        step = state.step or {}
        facts: dict[str, Any] = {
            "current_events": len(state.events), "future_events": len(state.future_events),
            "past_events": names(state.past_events), "final_events": names(state.final_events),
            "political_phase": state.political, "decision": step.get("kind"),
            "auction.high": step.get("high") if step.get("kind") == "auction" else None,
            "auction.leader": step.get("leader") if step.get("kind") == "auction" else None,
            "attack_total": step.get("attack") if step.get("kind") in ("defend", "war") else None,
            "decision.sent": [card(c).name for c in step.get("sent", [])],
            "military_deck": len(state.military_decks.get(state.age, [])),
            **{f"military_deck.{age}": len(d) for age, d in state.military_decks.items()},
            **{f"military_discard.{age}": len(d) for age, d in state.military_discards.items()},
            "military_box": len(state.military_box), "final_events_count": len(state.final_events),
            "common_tactics": names(state.common_tactics),
            "current_event_ages": [card(e).age for e in state.events],
            "pacts": names(p["card"] for p in state.pacts),
            "wars": names(w["card"] for w in state.wars),
            "resigned": list(state.resigned),
        }
        battle = state.last_battle or {}
        facts.update({f"battle.{k}": battle.get(k) for k in ("attack", "defence", "won")})
        for p in state.players:
            civ = state.civs[p]
            formed, full = armies.armies(forces.as_tactics(civ, forces.units(civ)), forces.tactics(civ))
            facts.update({
                f"{p}.military_hand": names(civ.military_hand), f"{p}.military_hand_count": len(civ.military_hand),
                f"{p}.military_hand_limit": levels.military_hand_limit(civ),
                f"{p}.tactics": card(civ.tactics).name if civ.tactics else None,
                f"{p}.armies": formed, f"{p}.full_armies": full, f"{p}.tactics_bonus": forces.tactics_bonus(civ),
                f"{p}.colonies": names(civ.colonies), f"{p}.ravaged_wonders": names(civ.ravaged),
                f"{p}.pacts": names(x["card"] for x in state.pacts if p in (x["a"], x["b"])),
                f"{p}.wars": names(w["card"] for w in state.wars if w["attacker"] == p),
                f"{p}.wars_against": [w["attacker"] for w in state.wars if w["defender"] == p],
            })
            for x in state.pacts:  # the player's role in each pact and the other civilization
                if p in (x["a"], x["b"]):
                    facts[f"{p}.pact_role.{card(x['card']).name}"] = "A" if x["a"] == p else "B"
                    facts[f"{p}.pact_with.{card(x['card']).name}"] = x["b"] if x["a"] == p else x["a"]
            for w in state.wars:
                if w["attacker"] == p:
                    facts[f"{p}.war_on.{card(w['card']).name}"] = w["defender"]
        return facts

    def check_invariants(self, state: TtaState) -> None:
        assert len(all_military_cards(state)) == state.military_cards, "a military card was lost or duplicated"
        for p, civ in state.civs.items():
            expected = levels.strength_raw(civ) + forces.tactics_bonus(civ) + politics.pact_strength(state, p)
            assert levels.strength(state, p) == max(0, min(60, expected)), f"{p}: strength"
            assert not Counter(civ.military_fresh) - Counter(civ.military_hand), f"{p}: fresh card not in hand"
            assert civ.pact_actions == politics.pact_actions(state, p), f"{p}: pact military actions"
        player = politics.active(state)
        civ = state.civs[player]
        if state.step is None and state.hand_limit_checked is not None:  # checked after the political action
            kept = len(civ.military_hand) - len(civ.military_fresh)
            assert kept <= state.hand_limit_checked, f"{player}: military hand over the limit"

    def move_universe(self, state: TtaState) -> list[Move]:
        """The active player's own military cards first, each with its kind's verb, then a fixed few that this
        edition and mode know (a move the game offers is never refused for its notation)."""
        ages = MODE_AGES[state.options["mode"]]
        known = lambda n: card_name(state.edition, n, ages) == n and not ambiguous(state.edition, n, ages)  # noqa: E731
        player = politics.active(state)
        others = [p for p in state.players if p != player]
        verb_of = {"event": "event", "territory": "event", "aggression": "attack", "war": "war", "pact": "pact",
                   "tactics": "tactics"}
        own: list[Move] = []
        for c in dict.fromkeys(state.civs[player].military_hand):
            verb, n = verb_of.get(card(c).type), card(c).name
            if verb in ("attack", "war"):
                own += [Move(verb, (n, p)) for p in others]
            elif verb == "pact":
                own += [Move(verb, (n, p, "A")) for p in others]
            elif verb:
                own.append(Move(verb, (n,)))
            if card(c).type == "territory":
                own.append(Move("settle", (n,)))
        cards = [c for c in ["습격 I", "스파이", "역병", "중세 부대", "방어 보너스 I", "국경 개방 협정", "문화 전쟁 III"]
                 if known(c)]
        return own + [m for m in self._fixed_universe(state, cards, others)
                      if all(known(a) or a in state.players or a.isascii() for a in m.args)]

    def _fixed_universe(self, state: TtaState, cards: list[str], others: list[str]) -> list[Move]:
        others = [*others, politics.active(state)]  # another player first, then oneself (refused as a target)
        moves = [Move("pass"), Move("resign"), Move("claim", ("1",)), Move("trade"), Move("accept"), Move("refuse"), Move("sacrifice"),
                 Move("bid", ("1",)), Move("bid", ("99",)), Move("defend"), Move("colonize")]
        moves += [Move(v, (c,)) for v in ("event", "tactics", "discard", "cancel", "colonize", "defend", "sacrifice")
                  for c in [*cards, "기사", "전사"]]
        moves += [Move("attack", (c, p)) for c in cards[:2] for p in others]
        moves += [Move("war", ("문화 전쟁 III", p)) for p in others]
        moves += [Move("pact", ("국경 개방 협정", p, "A")) for p in others]
        moves += [Move("settle", ("비옥한 땅 I",)), Move("steal"), Move("steal", ("사법 체계",)),
                  Move("ravage", ("피라미드",))]
        moves += [Move("pick", (c,)) for c in ("비옥한 땅 I", "종교", "농업", "전사")]
        moves += [Move("split", ("1", "1")), Move("split", ("0", "3")), Move("split", ("9", "0"))]
        return moves


class Supply:
    """Military cards a scenario places come out of the game's decks and box (one copy each)."""

    def __init__(self, state: TtaState) -> None:
        self.state = state

    def take(self, name: Any) -> str:
        ages = MODE_AGES[self.state.options["mode"]]
        shared = ambiguous(self.state.edition, name, ages)
        if shared:
            raise BadSetup(f"준비 설정: {shared}", rule="tta.advanced.military-setup")
        canonical = card_name(self.state.edition, str(name), ages)
        if canonical is None:
            raise BadSetup(f"준비 설정의 '{name}': 쓰루 디 에이지스({self.state.edition}년판)의 카드 이름이 아닙니다.",
                           rule="tta.advanced.military-setup")
        cid = by_name(self.state.edition)[canonical]
        for pile in (*self.state.military_decks.values(), *self.state.military_discards.values(),
                     self.state.military_box, self.state.events):
            if cid in pile:
                pile.remove(cid)
                return cid
        raise BadSetup(f"{card(cid).name} 카드는 이 게임(방식과 인원수)에 더 남아 있지 않습니다.",
                       rule="tta.advanced.military-setup", code="no-copy-left")


def all_military_cards(state: TtaState) -> list[str]:
    """Every military card of Ages A-III in the game, wherever it is (to check none is lost)."""
    where = [*state.events, *state.future_events, *state.past_events, *state.final_events, *state.military_box,
             *(c for d in state.military_decks.values() for c in d),
             *(c for d in state.military_discards.values() for c in d),
             *(p["card"] for p in state.pacts), *(w["card"] for w in state.wars), *state.common_tactics]
    step = state.step or {}
    if step.get("kind") in ("auction", "colonize", "attack", "defend", "answer", "war", "spoils"):
        where.append(step["card"])
    for civ in state.civs.values():
        where += [*civ.military_hand, *civ.colonies, *tactics.tactics_cards(state, civ)]
    return where


def open_turn(state: TtaState) -> None:
    """The military start of a turn: cards drawn in others' turns become usable, the action's own marks are
    reset; from round 2 the player's exclusive tactics become common (2015), wars the player declared last
    turn are decided, and the political phase opens."""
    for other in state.players:  # cards drawn in a turn that is over may be used now (even after an uprising)
        if other != politics.active(state):
            state.civs[other].military_fresh.clear()
    civ = state.civs[politics.active(state)]
    civ.civil_left = max(0, civ.civil_left - civ.civil_penalty)  # Rebellion
    civ.civil_penalty = 0
    state.keep_military_hand = False
    state.trade_route_used = False
    state.hand_limit_checked = None
    if state.round < 2:
        return
    tactics.make_common(state)
    if wars.next_war(state):
        wars.start_war(state)
        return
    politics.open_political(state)


def _refuse_copy_in_2006(state: TtaState, verb: str, move: Move) -> None:
    if verb == "copy" and not has(state, "common_tactics"):
        raise IllegalMove(f"공용 전술 복제는 2015년판에만 있는 행동입니다 (지금은 {state.edition}년판).",
                          rule=tactics.TACTICS_2015, code="edition-2015-only", move=move)


def _refuse_out_of_phase(state: TtaState, verb: str, move: Move) -> None:
    """A political action outside the political phase: the first round has none, later rounds one at the start."""
    if verb in POLITICAL_VERBS and not state.political and state.round == 1:
        raise IllegalMove("첫 라운드에는 카드 열에서 카드를 가져오는 것만 할 수 있습니다: 정치 행동은 둘째 라운드부터 "
                          "합니다.", rule="tta.simple.round1.actions", code="first-round", move=move)
    if verb in POLITICAL_VERBS and not state.political:
        raise WrongPhase("정치 행동은 턴을 시작할 때 한 번만 합니다 (이미 했거나 지나갔습니다).",
                         rule="tta.advanced.political", code="political-phase", move=move)
