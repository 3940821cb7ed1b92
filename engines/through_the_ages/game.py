"""Through the Ages (the 2006 edition, and the 2015 one as option ``edition``) as a ``Game``: set-up, whose
move, legal moves, notation, facts."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from engines.core import BadNotation, BadSetup, Game, IllegalMove, Move, NameIndex, Option, Rng, Verb, WrongPhase, clone, passes
from engines.core.errors import RulesError
from engines.core.korean import josa
from engines.core.names import normalize

from . import actions, bot, levels, tokens, turn
from .catalog import (MODE_AGES, MODE_NAMES, MODE_NOTES, PRODUCTION, UNITS, Card, add_cards, ambiguous, by_name, card,
                      card_name, cards, shared_names, shared_spellings)
from .editions import edition, has
from .hooks import Military, installed, military
from .setup import SETUP_RULES, build_state, civil_cards_in_game
from .state import Civ, TtaState

ROUND1 = "tta.simple.round1.actions"
SLOTS = frozenset(f"{z}{n}" for n in range(1, 14) for z in ("", "0"))  # ASCII digits only (not "²")
BUILT = {"farm": "농장", "mine": "광산", "temple": "신전", "lab": "연구실", "arena": "경기장", "library": "도서관",
         "theater": "극장"}

ARITY = {"take": (1, 1), "grow": (0, 1), "build": (1, 1), "upgrade": (2, 2), "destroy": (1, 1), "wonder": (0, 1),
         "leader": (1, 2), "develop": (1, 1), "revolution": (1, 1), "action": (1, 3), "choose": (1, 1),
         "end": (0, 1), "churchill": (1, 1)}  # the fewest and most arguments of each civil verb


NAME = {cid: c.name for cid, c in cards().items()}


# An advanced game of the 2015 edition: where a reading shared by both editions shows in 2015 (Option.context)
ADVANCED_2015 = {"mode": "advanced", "edition": 2015}
SIMPLE_2015 = {"mode": "simple", "edition": 2015}
# what growing through the Ocean Liner Service does, by the edition's card
LINER = {"ocean_liner_service": "원양 여객선으로 시민 행동 없이 식량을 5 덜 내고 인구를 하나 늘립니다",
         "ocean_liner_service@15": "원양 여객선으로 시민 행동도 식량도 쓰지 않고 인구를 하나 얻습니다"}


class Position(NamedTuple):
    """The acting civilization and what the checks of its candidate moves share, worked out once."""

    state: TtaState
    rules: Military  # the military rules in force (hooks.military)
    player: str
    civ: Civ
    hand_limit: int
    room: tuple[bool, bool]  # is there room for a card taken from the row: (a wonder, a hand card)
    tesla: int  # see actions.tesla_surcharge
    # is a civil / military action left (need_civil, need_military): a move whose check asks for one is
    # listed only then
    civil_left: bool
    military_left: bool
    civil_actions: int  # how many civil actions are left (actions.civil_actions): what a card of the row may cost
    resources: tuple[int, int]  # what may pay for a build (actions.resources): (a civil one, a unit)
    # what may pay for a development: the science points and what a cooperation pact saves, (for any
    # technology, for a unit technology: with the turn's science for units only, actions.unit_science)
    science: tuple[int, int]

    @classmethod
    def of(cls, state: TtaState) -> Position:
        player = state.players[state.active]
        civ = state.civs[player]
        limit = levels.hand_limit(civ)
        room = (actions.has_room(civ, False), actions.has_room(civ, True, limit))  # check_room asks has_room
        civil = actions.civil_actions(civ)  # need_civil(civ, 1) passes when one is left
        partner = actions.research_partner(state, player)
        science = civ.science + (partner.discount if partner else 0)
        return cls(state, military(state), player, civ, limit, room, actions.tesla_surcharge(state, player),
                   civil >= 1, passes(actions.need_military, civ), civil,
                   (actions.resources(civ), actions.resources(civ, military=True)),
                   (science, science + levels.military_science(civ)))



# What ``legal_moves`` asks before listing a civil move: by verb, the check its action runs before changing
# anything (given the move's arguments, card ids for cards), raising the same error. A verb without a check
# here is tried on a copy of the state instead.
CHECKS: dict[str, Callable[[Position, tuple[str, ...]], Any]] = {
    "take": lambda p, a: actions.check_take(p.state, p.civ, int(a[0]), p.hand_limit),
    "grow": lambda p, a: actions.check_grow_action(p.civ, a[0] if a else None),
    "build": lambda p, a: actions.check_build(p.civ, a[0], p.rules.build_discount(p.state, p.player, a[0]),
                                              tesla=p.tesla),
    "upgrade": lambda p, a: actions.check_upgrade(p.civ, a[0], a[1], tesla=p.tesla,
                                                  bach_price=p.state.options["bach_upgrade_price"]),
    "destroy": lambda p, a: actions.check_destroy(p.civ, a[0]),
    "wonder": lambda p, a: actions.check_wonder(p.civ, int(a[0]) if a else 1, p.state.options["wonder_stage_token"]),
    "leader": lambda p, a: actions.check_leader(p.civ, *a),
    "develop": lambda p, a: actions.check_develop(p.civ, a[0], partner=actions.research_partner(p.state, p.player)),
    "revolution": lambda p, a: actions.check_revolution(
        p.civ, a[0], partner=actions.research_partner(p.state, p.player, revolution=True),
        robespierre=p.state.options["robespierre_revolution"]),
    "action": lambda p, a: actions.check_action(p.state, p.player, a[0], a[1:]),
    "choose": lambda p, a: turn.check_choice(p.state, a[0]),
    "churchill": lambda p, a: actions.check_churchill(p.civ),
    # ending the turn is always allowed once civil moves are open; a mine named: the corruption variant
    "end": lambda p, a: turn.check_hold_back(p.state, p.civ, a[0]) if a else None,
}


class ThroughTheAges(Game[TtaState]):
    id = "through_the_ages"
    title = "쓰루 디 에이지스"
    state_type = TtaState
    min_players, max_players = 2, 4
    bot = staticmethod(bot.choose)
    verbs = {  # the civil verbs; the military subpackage's follow (hooks.py)
        "take": Verb("카드 열의 N번 칸(1~13)에서 시민 카드를 가져옵니다.", "take 3", korean="가져오기", rule="tta.simple.round2.take-card"),
        "grow": Verb("식량을 내고 인구를 하나 늘립니다 (바르바로사: 군사 기술을 적으면 그 일꾼으로 바로 유닛을 만듭니다).",
                     "grow", korean="인구 늘리기", rule="tta.simple.round2.population"),
        "build": Verb("일하지 않는 일꾼으로 농장, 광산, 도시 건물(시민 행동)이나 군사 유닛(군사 행동)을 짓습니다.",
                      "build 농업", korean="짓기", rule="tta.simple.round2.build"),
        "upgrade": Verb("건물이나 유닛 하나를 같은 종류의 높은 등급으로 향상합니다 (비용 차이만큼 자원).",
                        "upgrade 청동 철", korean="향상", rule="tta.simple.round2.upgrade"),
        "destroy": Verb("건물, 농장, 광산(시민 행동)이나 군사 유닛(군사 행동) 하나를 해체해 일꾼을 쉬게 합니다.",
                        "destroy 전사", korean="해체", rule="tta.simple.round2.destroy"),
        "wonder": Verb("건설 중인 문화 유산의 다음 단계를 짓습니다 (석공술·건축·공학이 있으면 wonder 2~4로 여러 단계).",
                       "wonder", korean="문화 유산 짓기", rule="tta.simple.round2.wonder"),
        "leader": Verb("손의 지도자를 추대합니다 (2015년판 호메로스를 바꿀 때는 뒤에 문화 유산을 적어 그 밑에 넣을 수 "
                       "있습니다).", "leader 모세", korean="지도자 내려놓기", rule="tta.simple.round2.leader"),
        "develop": Verb("손의 기술 카드를 과학 점수를 내고 내려놓습니다 (정부 카드는 평화로운 정부 교체).",
                        "develop 철", korean="개발", rule="tta.simple.round2.technology"),
        "revolution": Verb("턴의 첫 시민 행동으로 혁명을 일으켜 정부를 바꿉니다 (시민 행동을 모두 씀).",
                           "revolution 군주정치", korean="혁명", rule="tta.simple.round2.government.revolution"),
        "action": Verb("손의 행동 카드를 씁니다. 짓기·향상·개발을 포함한 카드는 대상을 뒤에 적습니다.",
                       'action "천재 공학자"', korean="행동 카드 쓰기", rule="tta.simple.round2.action-card"),
        "choose": Verb("이벤트가 묻는 선택에 답합니다 (식량/자원, 예/아니오).", "choose 식량", korean="답하기", rule="tta.simple.later.events"),
        "churchill": Verb("2015년판 윈스턴 처칠: 턴마다 한 번 문화 3을 얻거나(문화), 군사 유닛과 그 기술에만 쓰는 과학 3과 "
                          "자원 3을 받습니다(군사).", "churchill 군사", korean="처칠", rule="tta15.cards.churchill"),
        "end": Verb("턴을 마칩니다. 생산과 유지가 자동으로 이어집니다.", "end", korean="끝내기", rule="tta.simple.round2.production"),
        **installed().verbs,
    }
    # a pact's and a war's per-player facts exist while the pact or war does (docs/through_the_ages/facts.md)
    optional_facts = frozenset({"pact_role", "pact_with", "war_on"})
    renamed_facts = {"last_round": "end_decided", "deck_left": "civil_cards_left", "deck_left.<시대>": "civil_deck.<시대>"}
    options = {
        "mode": Option("simple", f"게임 방식: {', '.join(f'{m}({n})' for m, n in MODE_NAMES.items())}.",
                       choices=tuple(MODE_NAMES), notes=MODE_NOTES),
        "edition": Option(2006, "판: 2006(처음 판) 또는 2015(2015년 개정판). 카드와 개인 보드의 표가 판마다 다릅니다. "
                          "고를 때는 게임 방식(mode)도 함께 적습니다.", choices=(2006, 2015),
                          context=tuple({"mode": m} for m in ("simple", "advanced", "full"))),
        # readings of unclear rules (docs/through_the_ages/options.md gives the reason for each default)
        "breakthrough_government": Option("revolution", "과학의 발전을 정부 카드에 쓰는 법: revolution(그 턴의 첫 "
                                          "시민 행동일 때 혁명으로 봄) 또는 forbidden(정부에는 쓸 수 없음).",
                                          choices=("revolution", "forbidden")),
        "leonardo_revolution": Option(True, "레오나르도 다 빈치가 혁명으로 정부를 바꿀 때도 자원 1을 주는지 (true/false).",
                                      context=({}, ADVANCED_2015)),
        "leonardo_best": Option("best", "레오나르도 다 빈치(뉴턴, 아인슈타인도)의 과학: best(가장 높은 등급의 연구실이나 "
                                "도서관 하나가 그 등급만큼) 또는 each(연구실과 도서관마다 그 등급만큼).",
                                choices=("best", "each"), context=({}, ADVANCED_2015)),
        "frugality_moses": Option(True, "절약의 '제값을 내고 인구를 늘림'에 모세의 식량 1 할인이 붙는지 (true/false).",
                                  context=({}, ADVANCED_2015)),
        "famine_floor": Option("zero", "굶주림으로 잃는 문화: zero(0 아래로 내려가지 않음) 또는 negative(0 아래로도).",
                               choices=("zero", "negative")),
        "civilization_government": Option(True, "2015년판 문명 발전으로 정부 카드도 (평화롭게) 개발할 수 있는지 "
                                          "(true/false).", context=SIMPLE_2015),
        "taj_mahal_leader": Option("replaced", "2015년판 타지마할의 할인(시민 행동 2 덜)이 붙는 때: replaced(이번 턴에 "
                                   "지도자를 바꿨을 때) 또는 played(지도자가 없다가 처음 내려놓았을 때도).",
                                   choices=("replaced", "played"), context=SIMPLE_2015),
        "bach_upgrade_price": Option("excess", "2015년판 요한 제바스티안 바흐로 도시 건물을 더 싼 극장으로 향상할 때의 자원: "
                                     "excess(보통의 향상처럼 새 건물이 더 비싼 만큼만, 더 싸면 0) 또는 difference(두 건물 "
                                     "값의 차이를 어느 쪽으로든 냄).", choices=("excess", "difference"),
                                     context={"mode": "full", "edition": 2015}),
        "row_discount_minimum": Option(0, "2015년판 함무라비(지도자 1 덜)와 타지마할(2 덜)로 카드 열의 카드를 가져올 때 드는 "
                                       "시민 행동의 최솟값: 0 또는 1.", choices=(0, 1), context=SIMPLE_2015),
        "uprising_cards": Option("none", "2015년판 폭동이 난 턴의 군사 카드: none(받지 않음, 2006년판 규칙서와 같음) 또는 "
                                 "draw(생산 단계만 건너뛰고 군사 카드는 받음).", choices=("none", "draw"),
                                 context=ADVANCED_2015),
        "robespierre_revolution": Option("unspent", "로베스피에르의 혁명(시민 행동 대신 군사 행동을 모두 씀): "
                                         "unspent(이번 턴에 군사 행동을 하나도 쓰지 않았을 때만) 또는 remaining(남은 군사 "
                                         "행동을 모두 쓰고 언제든, 하나는 남아 있어야 함).",
                                         choices=("unspent", "remaining"),
                                         context=({"mode": "advanced"}, ADVANCED_2015)),
        "wonder_stage_token": Option("needed", "파란색 저장소가 비었을 때 문화 유산 단계(마지막이 아닌 것): needed(표시할 "
                                     "토큰이 없으니 지을 수 없음) 또는 skip(토큰 없이 짓고 단계만 기억함).",
                                     choices=("needed", "skip"), context=({}, ADVANCED_2015)),
        "michelangelo_minimum": Option(1, "미켈란젤로로 문화 유산을 가져올 때 드는 시민 행동의 최솟값: 1 또는 0.",
                                       choices=(1, 0)),
        "production_order": Option("corruption-first", "2015년판 턴 마무리의 생산에서 자원 낭비의 때: corruption-first(식량을 "
                                   "생산하기 전에 먼저, 경제 발전 카드에 적힌 순서) 또는 corruption-last(2006년판처럼 "
                                   "자원을 생산한 뒤).", choices=("corruption-first", "corruption-last"),
                                   context=ADVANCED_2015),
        "corruption_variant": Option("off", "자원 낭비의 변형 규칙(모두 합의할 때): off 또는 on(턴을 마칠 때 광산 하나에서 "
                                     "파란 토큰을 하나 덜 생산할 수 있음: end 청동).", choices=("off", "on")),
        **installed().options,
    }
    error_codes = {
        **installed().error_codes,
        "once-a-turn": "한 턴에 한 번만 할 수 있는 일입니다.",
        "civil-closed": "지금은 시민 행동을 할 수 없습니다 (정치 단계나 군사 결정이 먼저입니다).",
        "first-round": "첫 라운드에는 카드 열에서 카드를 가져오는 것만 할 수 있습니다.",
        "empty-slot": "카드 열의 그 칸에 카드가 없습니다.",
        "no-civil-action": "시민 행동이 모자랍니다.",
        "no-military-action": "군사 행동이 남아 있지 않습니다.",
        "leader-this-age": "이 시대의 지도자는 이미 한 장 가져왔습니다.",
        "wonder-in-progress": "건설 중인 문화 유산이 있어 다른 문화 유산을 가져올 수 없습니다.",
        "duplicate-technology": "같은 기술 카드가 이미 손이나 테이블에 있습니다.",
        "hand-full": "손의 시민 카드가 한도(흰색 토큰 수)에 찼습니다.",
        "no-population-left": "노란색 저장소가 비어 인구를 늘릴 수 없습니다.",
        "not-enough-food": "식량이 모자랍니다.",
        "not-enough-resources": "자원이 모자랍니다.",
        "not-enough-science": "과학 점수가 모자랍니다.",
        "variant-off": "그 규칙은 옵션으로 켠 변형 규칙에서만 씁니다.",
        "partner-cannot-pay": "과학 협력의 상대에게 낼 과학 점수가 없으면 기술을 개발할 수 없습니다.",
        "not-a-working-mine": "일꾼이 있는 광산만 토큰을 덜 생산할 수 있습니다.",
        "no-idle-worker": "일하지 않는 일꾼이 없습니다.",
        "no-such-technology": "그 기술 카드가 테이블에 없습니다.",
        "cannot-build-here": "그 카드에는 그렇게 지을 수 없습니다.",
        "building-limit": "정부의 도시 건물 제한에 닿았습니다.",
        "bad-upgrade": "같은 종류의 더 높은 등급으로만 향상할 수 있습니다.",
        "no-worker-there": "그 카드 위에 일꾼이 없습니다.",
        "no-wonder": "건설 중인 문화 유산이 없습니다.",
        "too-many-stages": "문화 유산에 남은 단계보다 많이 지으려 했습니다.",
        "one-stage-only": "시민 행동 하나로는 문화 유산 한 단계만 짓습니다.",
        "no-blue-token": "문화 유산 단계를 표시할 파란 토큰이 없습니다.",
        "not-in-hand": "그 카드가 손에 없습니다.",
        "wrong-card-type": "그 행동에 쓸 수 없는 종류의 카드입니다.",
        "card-taken-this-turn": "이번 턴에 가져온 행동 카드는 다음 턴부터 씁니다.",
        "bad-card-target": "행동 카드의 대상이 맞지 않습니다.",
        "revolution-not-first": "혁명은 턴의 첫 시민 행동이어야 합니다.",
        "not-churchill": "턴마다 문화나 군사를 고르는 것은 2015년판 윈스턴 처칠이 이끄는 문명만 합니다.",
        "not-homer": "문화 유산 밑에 넣을 수 있는 지도자는 바뀌는 2015년판 호메로스뿐입니다.",
        "not-completed-wonder": "내 앞에 완성되어 앞면인 문화 유산이 아닙니다.",
        "not-barbarossa": "군사 유닛과 함께 인구를 늘리는 것은 프리드리히 바르바로사의 능력입니다.",
        "choice-pending": "먼저 이벤트의 선택을 마쳐야 합니다.",
        "bad-choice": "지금 고를 수 없는 답입니다.",
    }
    setup_rule = "tta.simple.setup"
    turn_rule = "tta.simple.play"
    notation_rule = "tta.notation"
    end_rule = "tta.simple.end"

    # --- set-up and turn order -------------------------------------------------------------------
    def setup_rule_of(self, options: Mapping[str, Any]) -> str:
        """The advanced and full games have set-up sections of their own (setup.SETUP_RULES)."""
        return SETUP_RULES.get(options.get("mode"), self.setup_rule)

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """An edition is chosen together with the mode: on its own it would silently be the simple game, which
        has no military cards."""
        if "edition" in given and "mode" not in given:
            raise BadSetup(f"판(edition: {given['edition']})을 고를 때는 게임 방식(mode)도 함께 적습니다: simple(맛보기), "
                           "advanced(숙련), full(본격). 적지 않으면 군사 카드가 없는 맛보기 게임이 됩니다.",
                           rule=self.setup_rule)
        return super().resolve_options(given)

    def setup(self, players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> TtaState:
        return build_state(players, rng, options, setup)

    def current_player(self, state: TtaState) -> str | None:
        if state.over:
            return None
        if state.pending:
            return state.pending[0].player
        return military(state).current_player(state) or state.players[state.active]

    # --- moves ----------------------------------------------------------------------------------
    def play(self, state: TtaState, move: Move) -> None:
        """Carry out a move (``apply`` has checked its notation: ``parse`` or ``check_move``)."""
        rules = military(state)
        if move.verb in rules.verbs and not state.pending:
            rules.play(state, move)
            return
        if not state.pending:
            rules.leave_political(state)
        self._gate(state, move)
        if state.pending:
            turn.choose(state, move.args[0])
            return
        player = state.players[state.active]
        civ = state.civs[player]
        ids = tuple(by_name(state.edition).get(a, a) for a in move.args)
        verb = move.verb
        if verb == "take":
            actions.take(state, civ, int(move.args[0]))
        elif verb == "grow":
            actions.grow_action(civ, ids[0] if ids else None)
        elif verb == "build":
            actions.build(civ, ids[0], military(state).build_discount(state, player, ids[0]),
                          tesla=actions.tesla_surcharge(state, player))
        elif verb == "upgrade":
            actions.upgrade(civ, ids[0], ids[1], tesla=actions.tesla_surcharge(state, player),
                            bach_price=state.options["bach_upgrade_price"])
        elif verb == "destroy":
            actions.destroy(civ, ids[0])
        elif verb == "wonder":
            actions.wonder(civ, int(move.args[0]) if move.args else 1, state.options["wonder_stage_token"])
        elif verb == "leader":
            actions.play_leader(civ, *ids)
        elif verb == "develop":
            actions.develop(civ, ids[0], partner=actions.research_partner(state, player))
        elif verb == "revolution":
            actions.revolution(civ, ids[0], leonardo=state.options["leonardo_revolution"],
                               partner=actions.research_partner(state, player, revolution=True),
                               robespierre=state.options["robespierre_revolution"])
        elif verb == "action":
            actions.play_action(state, player, ids[0], ids[1:])
        elif verb == "churchill":
            actions.churchill(civ, actions.CHURCHILL_CHOICES[move.args[0]])
        elif verb == "end":
            turn.end_turn(state, ids[0] if ids else None)

    def _gate(self, state: TtaState, move: Move) -> None:
        """Raise if a civil move (or an event's choice) is not open now, whatever its arguments."""
        if state.pending:
            if move.verb != "choose":
                raise WrongPhase(f"먼저 {card(state.pending[0].event).name} 이벤트의 선택을 해야 합니다 "
                                 f"({', '.join(turn.choices(state))}).", rule="tta.simple.later.events",
                                 code="choice-pending", move=move)
            return
        if move.verb == "choose":
            raise WrongPhase("지금은 답할 이벤트 선택이 없습니다.", rule="tta.simple.later.events", move=move)
        closed = military(state).blocks_civil(state)
        if closed:
            raise WrongPhase(f"{closed}: 그동안에는 시민 행동을 할 수 없습니다.", rule="tta.advanced.political",
                             code="civil-closed", move=move)
        if state.round == 1 and move.verb not in ("take", "end"):
            raise IllegalMove("첫 라운드에는 카드 열에서 카드를 가져오는 것만 할 수 있습니다.", rule=ROUND1,
                              code="first-round", move=move)

    def legal_moves(self, state: TtaState) -> list[Move]:
        if state.over:
            return []
        rules = military(state)
        civil = []
        # a civil action closes an open political phase first: none is open if that makes the player discard
        if state.pending or not (rules.blocks_civil(state) or rules.blocks_after_political(state)):
            here = Position.of(state)
            civil = [Move(verb, tuple(map(NAME.get, args, args))) for verb, args in self._candidates(here)
                     if self._accepts(here, verb, args)]
        return civil + (rules.legal_moves(state) if not state.pending else [])

    def _accepts(self, here: Position, verb: str, args: tuple[str, ...]) -> bool:
        """Is a candidate move legal? Asked of the check its action runs first (``CHECKS``), else tried on
        a copy. A candidate is of a verb open now (``_candidates``), so what ``_gate`` asks holds."""
        check = CHECKS.get(verb)
        try:
            if check is None:
                self.play(clone(here.state), Move(verb, tuple(map(NAME.get, args, args))))
            else:
                check(here, args)
        except RulesError:
            return False
        return True

    def _candidates(self, here: Position) -> list[tuple[str, tuple[str, ...]]]:
        """Every move that may be legal now (the checks decide), as verb and arguments (card ids for cards)."""
        state, civ = here.state, here.civ
        if state.pending:
            return [("choose", (c,)) for c in turn.choices(state)]
        # a card can be taken only if where it goes has room (check_take asks the same check_room) and the
        # civil actions left cover its cost (check_take asks need_civil for take_cost)
        moves = [("take", (str(s),)) for s, c in enumerate(state.row, 1)
                 if c is not None and here.room[actions.goes_to_hand(card(c))]
                 and actions.take_cost(state, civ, s) <= here.civil_actions]
        if state.round > 1:
            techs = [c for c in map(card, civ.technologies) if c.type == "technology"]
            same_kind: dict[str, list[Card]] = {}
            for c in techs:
                same_kind.setdefault(c.kind, []).append(c)
            pairs = [(a.id, b.id) for a in techs if civ.workers.get(a.id) for b in same_kind[a.kind]
                     if b.level > a.level]  # a worker moves up to a higher level of the same kind
            if civ.leader == "js_bach@15":  # an urban building may become a theater (actions.bach_upgrade)
                pairs += [(a.id, b.id) for a in techs if civ.workers.get(a.id) for b in same_kind.get("theater", [])
                          if actions.bach_upgrade(civ, a.id, b.id)]
            # building, upgrading and destroying a unit takes a military action, anything else a civil one
            acts = {c.id: here.military_left if c.kind in UNITS else here.civil_left for c in techs}
            civil = here.civil_left  # what else is listed below takes a civil action, except the liner's growth
            moves += [("grow", ())] if civil else []
            # Barbarossa's growth with a unit: a civil action (2006) or a military one (2015)
            if civ.leader in actions.BARBAROSSA and (here.military_left if civ.leader == actions.BARBAROSSA_15
                                                     else civil):
                moves += [("grow", (c.id,)) for c in techs if c.kind in UNITS]
            moves += [("grow", (w,)) for w in actions.LINERS if w in civ.wonders]
            # a build is listed only if the civilization can pay its price (check_build asks need_resources)
            moves += [("build", (c.id,)) for c in techs if acts[c.id] and here.resources[c.kind in UNITS]
                      >= actions.build_price(civ, c.id, here.rules.build_discount(state, here.player, c.id),
                                             here.tesla)]
            moves += [("upgrade", (a, b)) for a, b in pairs if acts[a] and here.resources[card(a).kind in UNITS]
                      >= actions.upgrade_price(civ, a, b, tesla=here.tesla,
                                               bach_price=state.options["bach_upgrade_price"])]
            moves += [("destroy", (c.id,)) for c in techs if civ.workers.get(c.id) and acts[c.id]]
            if civ.wonder and civil:  # the stages one civil action may build (construction technologies)
                most = actions.construction(civ).get("wonder_stages", 1)
                left = card(civ.wonder).stages[civ.wonder_stages:]  # check_stages pays each stage's cost
                moves += [("wonder", () if n == 1 else (str(n),)) for n in range(1, most + 1)
                          if sum(left[:n]) <= here.resources[0]]
            if civ.leader == levels.CHURCHILL:
                moves += [("churchill", (choice,)) for choice in actions.CHURCHILL_CHOICES]
            for c in map(card, dict.fromkeys(civ.hand)):
                # a development is listed only if the science can pay (check_develop asks for development_cost)
                develop = [("develop", (c.id,))] if civil and actions.development_cost(civ, c.id) \
                    <= here.science[c.kind in UNITS] else []
                if c.type == "leader":
                    # 2015 Homer, replaced, may go under a completed wonder instead of the discard pile
                    under = civ.wonders if civ.leader == actions.HOMER else []
                    moves += [("leader", (c.id,))] + [("leader", (c.id, w)) for w in under] if civil else []
                elif c.type == "government":
                    moves += develop + [("revolution", (c.id,))]
                elif c.is_tech:
                    moves += develop
                elif c.type == "action" and civil:  # check_action asks for the civil action the card takes
                    moves += [("action", (c.id, *t)) for t in self._targets(here, c, techs, pairs)]
        moves.append(("end", ()))
        if state.options["mode"] != "simple" and state.options["corruption_variant"] == "on":
            moves += [("end", (t,)) for t, n in civ.workers.items() if n and card(t).kind == "mine"]
        return moves

    def _targets(self, here: Position, action: Card, techs: list[Card],
                 pairs: list[tuple[str, str]]) -> list[tuple[str, ...]]:
        """The targets an action card may be played on; a build or upgrade only if the resources pay its
        price with the card's discount (the check of the build or upgrade asks need_resources)."""
        civ, family, pay = here.civ, action.family, here.resources[0]  # they build no unit
        price = lambda a, b: actions.upgrade_price(civ, a, b, action.discount, here.tesla,  # noqa: E731
                                                   here.state.options["bach_upgrade_price"], action=False)
        if family in actions.BUILDERS:
            kinds = actions.BUILDERS[family]
            ups = [(a, b) for a, b in pairs if card(a).kind in kinds and price(a, b) <= pay] \
                if actions.builds_or_upgrades(action) else []
            return [(c.id,) for c in techs if c.kind in kinds
                    and actions.build_price(civ, c.id, action.discount, here.tesla) <= pay] + ups
        if family == "reserves":
            return [(choice,) for choice in actions.RESERVES]
        if family == "efficient_upgrade":
            return [(a, b) for a, b in pairs if card(a).kind not in UNITS and price(a, b) <= pay]
        if family == "breakthrough":
            return [(h,) for h in dict.fromkeys(civ.hand) if card(h).is_tech]
        return [()]

    # --- notation -------------------------------------------------------------------------------
    def names(self, state: TtaState) -> NameIndex:
        return _names(tuple(state.players), state.edition)

    def parse_args(self, state: TtaState, verb: str, args: list[str]) -> Move:
        """Arity, numbers and names of a verb's arguments, as canonical names."""
        if verb in installed().verbs:
            return installed().parse_args(state, verb, args)
        arity = ARITY[verb]
        if not arity[0] <= len(args) <= arity[1]:
            raise BadNotation(f"'{verb}' 뒤에는 {arity[0]}~{arity[1]}개를 적습니다 (예: {self.verbs[verb].example}).",
                              rule=self.notation_rule)
        if verb == "take":
            if args[0] not in SLOTS:
                raise BadNotation("take 뒤에는 카드 열의 칸 번호 1~13을 적습니다.", rule=self.notation_rule)
            return Move(verb, (args[0].lstrip("0"),))
        if verb == "wonder":
            if args and args[0] not in ("1", "2", "3", "4"):
                raise BadNotation("wonder 뒤에는 한 번에 지을 단계 수 1~4만 적습니다.", rule=self.notation_rule)
            return Move(verb, () if not args or args[0] == "1" else (args[0],))
        if verb == "churchill":
            answer = next((k for k, v in actions.CHURCHILL_CHOICES.items() if args[0].casefold() in (k, v)), None)
            if answer is None:
                raise BadNotation("churchill 뒤에는 문화(culture)나 군사(military)를 적습니다.", rule=self.notation_rule)
            return Move(verb, (answer,))
        if verb == "choose":  # an answer word, or a card name (문명 발전: what to build or develop)
            answer = next((k for k, v in turn.CHOICES.items() if args[0].casefold() in (k, *v)), None)
            answer = answer or card_name(state.edition, args[0], MODE_AGES[state.options["mode"]])
            if answer is None:
                raise BadNotation(f"choose 뒤에는 {', '.join(turn.CHOICES)} 가운데 하나나 카드 이름을 적습니다.",
                                  rule=self.notation_rule)
            return Move(verb, (answer,))
        names = []
        ages = MODE_AGES[state.options["mode"]]
        for arg in args:
            shared = ambiguous(state.edition, arg, ages)
            if shared and verb == "action" and not names:  # an action card named without its age: the copy in hand
                arg = self._in_hand(state, arg)  # (none in hand: the oldest, refused as not in hand)
                shared = None
            if shared:
                raise BadNotation(shared, rule=self.notation_rule)
            canonical = card_name(state.edition, arg, ages)
            if canonical is None and verb == "action":  # 예비 물자: 식량 or 자원
                canonical = next((k for k in actions.RESERVES if arg.casefold() in (k, *turn.CHOICES[k])), None)
            if canonical is None:
                raise self.unknown_name(arg)
            names.append(canonical)
        return Move(verb, tuple(names))

    def namesakes(self, state: TtaState, name: str) -> tuple[str, ...]:
        return shared_names(state.edition, name)

    def _in_hand(self, state: TtaState, written: str) -> str:
        """The name of the card in the active player's hand that a name several ages share (천재 공학자) means."""
        hand = state.civs[state.players[state.active]].hand
        ids = by_name(state.edition)
        candidates = [name for name, _ in shared_spellings(state.edition)[normalize(written)] if name in ids]
        return next((name for name in candidates if ids[name] in hand), candidates[0])

    def rule_of_move(self, state: TtaState, move: Move) -> str:
        if move.verb == "end" and not military(state).rule_of_move(state, move):
            return end_rule(state)
        return military(state).rule_of_move(state, move) or self._civil_rule(state, move) \
            or super().rule_of_move(state, move)

    def _civil_rule(self, state: TtaState, move: Move) -> str:
        """The section of a building, a unit or an upgrade by the kind of card it is on (a lab is an urban
        building, a warrior a unit), else none: the verb's own."""
        if move.verb not in ("build", "destroy", "upgrade") or not move.args:
            return ""
        tid = by_name(state.edition).get(move.args[0])
        kind = card(tid).kind if tid else None
        if kind is None:
            return ""
        if move.verb == "build":
            return actions.build_rule(kind)
        if move.verb == "destroy":
            return "tta.simple.round2.military" if kind in UNITS else "tta.simple.round2.destroy"
        return "tta.simple.round2.military-upgrade" if kind in UNITS else "tta.simple.round2.upgrade"

    def describe(self, state: TtaState, move: Move) -> str:
        if move.verb in installed().verbs:
            return installed().describe(state, move)
        who = self.current_player(state) or ""
        a = move.args
        if move.verb == "take":
            slot = int(a[0])
            got = state.row[slot - 1] if slot <= len(state.row) else None
            what = card(got).name if got else "빈 칸"
            return f"{josa(who, '이')} 카드 열 {slot}번 칸의 {josa(what, '을')} 가져옵니다."
        ids = by_name(state.edition)
        if move.verb == "grow" and a and a[0] in ids and card(ids[a[0]]).family == "ocean_liner_service":
            text = LINER[ids[a[0]]]
        elif move.verb in ("build", "destroy", "grow") and a:
            if a[0] not in ids:
                raise self.unknown_name(a[0])
            kind = card(ids[a[0]]).kind
            place = f"{a[0]} 유닛" if kind in UNITS else f"{a[0]}의 {BUILT.get(kind, '건물')}"
            text = {"build": f"{josa(place, '을')} 하나 {'만듭' if kind in UNITS else '짓습'}니다",
                    "destroy": f"{josa(place, '을')} 하나 해체합니다",
                    "grow": f"인구를 늘려 바로 {josa(place, '을')} 만듭니다"}[move.verb]
        else:
            first, last = (a[0], a[-1]) if a else ("", "")
            text = {
                "grow": "식량을 내고 인구를 하나 늘립니다",
                "upgrade": f"{first}의 일꾼 하나를 {josa(last, '으로')} 향상합니다",
                "wonder": f"건설 중인 문화 유산을 {a[0] if a else 1}단계 짓습니다",
                "leader": f"{josa(first, '을')} 지도자로 추대합니다" + (f" (호메로스는 {a[1]} 밑으로)" if a[1:] else ""),
                "develop": f"{josa(last, '을')} 개발합니다",
                "revolution": f"혁명을 일으켜 정부를 {josa(last, '으로')} 바꿉니다",
                "action": f"행동 카드 {josa(first, '을')} 씁니다" + (f" (대상: {' '.join(a[1:])})" if a[1:] else ""),
                "choose": f"{pending_card(state).name if state.pending else '카드'}의 물음에 {josa(last, '으로')} 답합니다",
                "churchill": "윈스턴 처칠로 " + ("문화 3을 얻습니다" if first == "문화"
                                            else "군사 유닛과 그 기술에만 쓰는 과학 3과 자원 3을 받습니다"),
                "end": "턴을 마치고 생산과 유지를 합니다" + (f" ({last}에서 파란 토큰 하나를 덜 생산)" if a else ""),
            }[move.verb]
        return f"{josa(who, '이')} {text}."

    # --- results and facts -------------------------------------------------------------------------
    def scores(self, state: TtaState) -> dict[str, float]:
        return {p: state.civs[p].culture for p in state.players}

    def winners(self, state: TtaState) -> list[str]:
        if not state.over:
            return []
        best = max(state.civs[p].culture for p in state.players)  # a player who conceded is not scored
        return [p for p in state.players if state.civs[p].culture == best]

    def observe(self, state: TtaState) -> dict[str, Any]:
        facts: dict[str, Any] = {
            "age": state.age, "round": state.round, "turn": self.current_player(state),
            "game_over": state.over, "winners": self.winners(state), "end_decided": state.last_round is not None,
            "event": card(state.past_events[-1]).name if state.past_events else None,
            "events_left": len(state.events), "civil_cards_left": sum(len(d) for d in state.decks.values()),
        }
        for age, deck in state.decks.items():
            facts[f"civil_deck.{age}"] = len(deck)
        for slot, cid in enumerate(state.row, 1):
            facts[f"card_row.{slot}"] = card(cid).name if cid else None
        facts.update(military(state).observe(state))
        for p in state.players:
            facts.update({f"{p}.{k}": v for k, v in self.civ_facts(state, p).items()})
        return facts

    def civ_facts(self, state: TtaState, player: str) -> dict[str, Any]:
        civ = state.civs[player]
        names = lambda ids: [card(i).name for i in ids]  # noqa: E731
        facts: dict[str, Any] = {
            "culture": civ.culture, "science": civ.science,
            "culture_level": levels.culture_level(civ),
            "science_level": levels.science_level(civ, state.options["leonardo_best"]),
            "strength": levels.strength(state, player), "happiness": levels.happiness(civ),
            "food": tokens.value(civ, "farm"), "resources": tokens.value(civ, "mine"),
            "food_production": levels.production(civ, "farm"), "resource_production": levels.production(civ, "mine"),
            "food_consumption": levels.yellow_section(civ)["eat"],
            "growth_cost": levels.yellow_section(civ)["grow"],
            "blue_bank": civ.blue_bank, "yellow_bank": civ.yellow_bank, "idle_workers": civ.idle,
            "civil_actions": civ.civil_left, "military_actions": civ.military_left,
            "civil_actions_total": levels.civil_total(civ), "military_actions_total": levels.military_total(civ),
            "military_resources": levels.military_resources(civ), "military_science": levels.military_science(civ),
            "hand": names(civ.hand), "hand_limit": levels.hand_limit(civ), "building_limit": levels.building_limit(civ),
            "leader": card(civ.leader).name if civ.leader else None, "government": card(civ.government).name,
            "wonders": names(civ.wonders), "wonder_in_progress": card(civ.wonder).name if civ.wonder else None,
            "wonder_stages": civ.wonder_stages, "technologies": names([*civ.technologies, civ.government]),
        }
        if "homer_wonder" in edition(state).facts:
            homer = levels.homer_wonder(civ)
            facts["homer_wonder"] = card(homer).name if homer else None
        if "churchill_choice" in edition(state).facts:
            facts["churchill_choice"] = actions.churchill_word(civ)
        if state.options["mode"] != "simple":
            facts.update({"happy_needed": levels.happy_needed(civ), "discontent": levels.discontent(civ),
                          "uprising": levels.uprising(civ), "corruption": levels.corruption(civ),
                          "colonies": names(civ.colonies)})
        for t in civ.technologies:
            if card(t).type == "technology":
                facts[f"workers.{card(t).name}"] = civ.workers.get(t, 0)
            if card(t).kind in PRODUCTION:
                facts[f"blue.{card(t).name}"] = civ.blue.get(t, 0)
        for category, value in state.final_bonus.get(player, {}).items():  # a category or an Age III event
            facts[f"final_bonus.{card(category).name if category in cards() else category}"] = value
        return facts

    # --- testing hooks -------------------------------------------------------------------------------
    def check_invariants(self, state: TtaState) -> None:
        for p, civ in state.civs.items():
            assert civ.yellow_bank + civ.idle + sum(civ.workers.values()) == civ.yellow_total, f"{p}: yellow tokens"
            on_wonder = civ.wonder_stages - civ.wonder_unmarked
            assert civ.blue_bank + sum(civ.blue.values()) + on_wonder == civ.blue_total, f"{p}: blue tokens"
            counts = [civ.yellow_bank, civ.idle, civ.blue_bank, civ.science, civ.civil_left,
                      civ.military_left, civ.military_granted, civ.military_spent, civ.military_science_spent,
                      *civ.workers.values(),
                      *civ.blue.values()]
            assert min(counts) >= 0, f"{p}: a negative count"
            assert civ.culture >= 0 or not turn.culture_floor(state), f"{p}: negative culture"
            assert civ.science <= levels.limit("science"), f"{p}: science above the track"
            assert set(civ.workers) <= set(civ.technologies), f"{p}: workers on a card not in play"
            if civ.wonder:
                assert civ.wonder_stages < len(card(civ.wonder).stages), f"{p}: a finished wonder still in progress"
            for stat, cap in (("culture_level", 30), ("science_level", 30), ("happiness", 8)):
                assert 0 <= getattr(levels, stat)(civ) <= cap, f"{p}: {stat} out of range"
            assert 0 <= levels.strength(state, p) <= 60, f"{p}: strength out of range"
            # military cards move tokens in and out of the box (colonies, Crime Wave, wars): never below none
            assert civ.blue_total >= 0 and civ.yellow_total >= 0, f"{p}: token totals"
            assert civ.civil_left <= levels.civil_total(civ), f"{p}: more white tokens left than owned"
            assert len(set(civ.technologies)) == len(civ.technologies), f"{p}: a technology twice"
        assert len(state.row) == 13
        assert len(civil_cards_in_game(state)) == state.civil_cards, "a civil card was lost or duplicated"
        military(state).check_invariants(state)

    def move_universe(self, state: TtaState) -> list[Move]:
        some = ["농업", "청동", "종교", "철학", "전사", "철", "검사", "관개농업", "연금술", "군주정치", "모세",
                "콜로서스", "천재 공학자 A", "절약 A", "과학의 발전 I", "풍요로운 땅 A"]
        # each verb's own cards first (the player's hand, the technologies in play), then a fixed few: the first
        # refusal of a kind of move is the one the practice table's "왜?" gives
        civ = state.civs[state.players[state.active]]
        fits = {"develop": ("technology", "special"), "revolution": ("government",), "leader": ("leader",),
                "action": ("action",)}
        own = {verb: [card(c).name for c in dict.fromkeys(civ.hand) if card(c).type in types]
               for verb, types in fits.items()}
        played = [card(t).name for t in civ.workers]
        own.update(build=played, destroy=[card(t).name for t, n in civ.workers.items() if n])
        first = {"develop": "철", "revolution": "군주정치", "leader": "모세", "action": "천재 공학자 A"}
        moves = [Move("take", (str(s),)) for s in range(1, 14)]
        moves += [Move("grow"), Move("grow", ("원양 여객선",)), Move("end")]
        moves += [Move("wonder")] + [Move("wonder", (str(n),)) for n in range(2, 5)]
        moves += [Move(v, (n,)) for v in ("build", "destroy", "develop", "revolution", "leader", "action", "grow")
                  for n in dict.fromkeys([*own.get(v, ()), *([first[v]] if v in first else []), *some])]
        moves += [Move("leader", ("모세", "콜로서스"))]
        moves += [Move("upgrade", (a, b)) for a, b in (("청동", "철"), ("전사", "검사"), ("철", "청동"), ("농업", "철"))]
        moves += [Move("choose", (c,)) for c in turn.CHOICES]
        moves += [Move("churchill", (c,)) for c in actions.CHURCHILL_CHOICES]
        return moves + military(state).move_universe(state)


@functools.lru_cache(maxsize=64)
def _names(players: tuple[str, ...], edition: int) -> NameIndex:
    """Players first (a player's name wins over a card's), then every card spelling of the edition; built once
    per table."""
    index = NameIndex({p: () for p in players})
    add_cards(index, edition)
    return index


GAME = ThroughTheAges()


def end_rule(state: TtaState) -> str:
    """The section that says what ending a turn does now: this round's production and upkeep, or the 2015
    edition's own end of turn."""
    if has(state, "tokens_back_at_end"):
        return "tta15.end-of-turn"
    return {1: "tta.simple.round1.production", 2: "tta.simple.round2.production"}.get(
        state.round, "tta.simple.later.upkeep")


def pending_card(state: TtaState) -> Card:
    """The event whose choice is awaited (``state.pending`` is not empty): its name and its effect are the question."""
    return card(state.pending[0].event)
