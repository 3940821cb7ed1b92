"""Carta Impera Victoria as an engine: moves, turn flow, observation (see docs/carta_impera_victoria)."""
from __future__ import annotations

import functools
from typing import Any

from engines.core import (BadNotation, Game, IllegalMove, Move, NameIndex, Option, Rng, Verb, WrongPhase)
from engines.core.korean import josa

from . import abilities, scoring, setup
from .data import (CULTURE, ECONOMY, MILITARY, NUMBERS, RELIGION, SCIENCE, SUIT_INFO, SUITS, TOTAL_BY_SUIT,
                   UTOPIA, ability_name, suit_names)
from .state import (ABILITIES, DRAFT, DRAFT_TAKE, OVER, PLAY, CartaState, culture_token, hand_limit,
                    last_player, level, playable_in_hand, seat, suit_order, tableau_size, team_of)

LEVELS = ("1", "2")
# Extra arguments of `sacrifice <suit> …`: the victim and, for embargo and democracy, the victim's suit.
SACRIFICE_ARGS = {MILITARY: (), RELIGION: ("player",), ECONOMY: ("player", "suit"), SCIENCE: (),
                  UTOPIA: ("player", "suit"), CULTURE: ()}
SHAPES: dict[str, tuple[str, ...]] = {
    "keep": ("suit",), "take": ("suit",), "play": ("suit",), "discard": ("suit",), "give": ("suit",),
    "use": ("suit", "level"), "inspire": ("player", "suit", "level"), "end": (),
}


class CartaImperaVictoria(Game[CartaState]):
    id = "carta_impera_victoria"
    title = "카르타 임페라 빅토리아"
    state_type = CartaState
    min_players, max_players = 2, 4
    verbs = {
        "play": Verb("손의 카드 1장을 자기 앞에 내려놓습니다 (차례의 1단계, 또는 경제·과학 능력 중).", "play 과학", korean="내려놓기", rule="carta.turn.play"),
        "use": Verb("자기 분야의 1단계 또는 2단계 지속 능력을 씁니다.", "use 군사 1", korean="쓰기", rule="carta.ability.permanent"),
        "inspire": Verb("문화의 영감: 다른 플레이어의 지속 능력 하나를 복사합니다.", "inspire 민호 과학 2", korean="영감", rule="carta.suit.culture"),
        "sacrifice": Verb("자기 앞의 카드 1장을 바쳐 그 분야의 폐기 능력을 씁니다 "
                          "(종교는 대상 플레이어, 경제·유토피아는 대상 플레이어와 분야를 덧붙입니다).",
                          "sacrifice 경제 민호 군사", korean="바치기", rule="carta.ability.sacrifice"),
        "discard": Verb("능력이 요구하는 카드 1장을 버립니다 (손 또는 자기 앞, 능력에 따라).", "discard 종교", korean="버리기", rule="carta.turn.abilities"),
        "take": Verb("능력이 요구하는 카드 1장을 손으로 가져옵니다; 드래프트에서는 공개된 카드를 가져와 "
                     "자기 앞에 놓습니다.", "take 유토피아", korean="가져오기", rule="carta.turn.abilities"),
        "give": Verb("이단 심문: 받아 온 만큼 카드를 1장씩 돌려줍니다.", "give 군사", korean="돌려주기", rule="carta.suit.religion"),
        "keep": Verb("드래프트: 받은 카드 중 1장을 골라 손에 남깁니다.", "keep 문화", korean="남기기", rule="carta.setup.draft"),
        "end": Verb("능력 사용을 마치고 카드를 한도까지 채운 뒤 차례를 끝냅니다.", "end", korean="끝내기", rule="carta.turn.draw"),
    }
    options = {
        "mode": Option("basic", "준비 방식: basic(기본, 카드 3장) 또는 draft(드래프트, 4장에서 골라 돌리기).",
                       choices=("basic", "draft")),
        "team": Option(False, "4인 팀 게임: 마주 앉은 두 사람(1·3번째, 2·4번째 자리)이 한 팀입니다."),
        "flipped_utopias_score": Option(
            False, "해석: 민주정으로 남의 분야 위에 얹힌 뒤집힌 유토피아 카드를, 그 카드가 놓인 플레이어의 "
                   "유토피아 카드로 쳐서 지배력과 동점 판정에 넣을지. 기본값 아니오: 뒤집힌 카드는 주도권 "
                   "조건을 늘리는 표시일 뿐 '내려놓은' 카드가 아니기 때문입니다."),
        "empty_suit_scores": Option(
            False, "해석: 아무도 카드를 내려놓지 않은 분야도 '모두 동률'로 보아 모두에게 1점을 줄지. "
                   "기본값 아니오: 0장으로는 그 분야를 지배한다고 볼 수 없기 때문입니다."),
        "team_dominance": Option(
            "individual", "해석: 팀 게임의 지배력 비교 방식. individual(기본): 플레이어별 장수를 비교해 "
                          "가장 많은 사람의 팀이 1점 (같은 팀끼리 동률이어도 1점이라는 규칙이 이 읽기를 "
                          "전제합니다); sum: 팀원 장수를 더해 비교합니다.", choices=("individual", "sum")),
    }
    error_codes = {
        "not-offered": "드래프트에서 지금 고를 수 있는 카드가 아닙니다.",
        "must-play": "먼저 손의 카드 1장을 내려놓아야 합니다 (차례의 1단계).",
        "already-played": "이번 차례에 손에서 내려놓는 카드는 이미 냈습니다.",
        "not-in-hand": "손에 그 분야의 카드가 없습니다.",
        "embargoed": "무역 봉쇄된 분야의 카드는 이번 차례에 어떤 방법으로도 내려놓을 수 없습니다.",
        "no-card": "그 분야의 카드가 필요한 곳(자기 앞, 버린 카드 더미)에 없습니다.",
        "level-not-reached": "그 단계의 지속 능력을 쓸 만큼 카드가 놓여 있지 않습니다.",
        "permanent-used": "이번 차례에 이미 그 분야의 지속 능력을 썼습니다.",
        "sacrifice-used": "이번 차례에 이미 그 분야의 폐기 능력을 썼습니다.",
        "passive-ability": "종교의 지속 능력은 늘 적용되어 따로 쓰지 않습니다.",
        "use-inspire": "문화 능력은 '능력 쓰기'가 아니라 '영감'으로 씁니다.",
        "no-sacrifice": "문화에는 폐기 능력이 없습니다.",
        "no-culture-majority": "문화 카드를 혼자 가장 많이 가진 플레이어만 영감을 쓸 수 있습니다.",
        "inspiration-used": "영감은 차례마다 한 번만 씁니다.",
        "bad-target": "그 플레이어나 분야는 대상으로 고를 수 없습니다.",
        "not-enough-cards": "능력을 끝까지 쓸 카드가 모자랍니다.",
        "pending-choice": "쓰던 능력의 선택을 먼저 마쳐야 합니다.",
        "nothing-pending": "지금 골라야 할 것이 없습니다.",
    }
    setup_rule = "carta.setup"
    turn_rule = "carta.turn"
    notation_rule = "carta.notation"
    end_rule = "carta.end"

    # --- set-up and whose move ---------------------------------------------------------------------
    def setup(self, players: list[str], rng: Rng, options: dict[str, Any], setup_: dict[str, Any]) -> CartaState:
        state = setup.build(players, rng, options, setup_)
        if state.phase == PLAY:
            self._start_turn(state)
        return state

    def current_player(self, state: CartaState) -> str | None:
        if state.phase == OVER:
            return None
        if state.phase == DRAFT:
            return next(seat(state, state.first, i) for i in range(len(state.players))
                        if seat(state, state.first, i) not in state.kept)
        if state.phase == DRAFT_TAKE:
            return state.take_order[0]
        return state.current

    def legal_moves(self, state: CartaState) -> list[Move]:
        return [m for m in self._candidates(state) if self._allowed(state, m)]

    def _candidates(self, state: CartaState) -> list[Move]:
        me = self.current_player(state)
        if state.phase == DRAFT:
            return [Move("keep", (s,)) for s in suit_order(state.packets[me])]
        if state.phase == DRAFT_TAKE:
            return [Move("take", (s,)) for s in suit_order(state.center)]
        if state.phase == PLAY:
            return [Move("play", (s,)) for s in suit_order(state.hands[me])]
        if state.phase != ABILITIES:
            return []
        if state.pending:
            verb = abilities.TASK_VERB[state.pending[0]]
            return [Move(verb, (s,)) for s in abilities.task_suits(state, me)]
        others = [p for p in state.players if p != me]
        moves = [Move("use", (s, lvl)) for s in SUITS for lvl in LEVELS]
        moves += [Move("inspire", (p, s, lvl)) for p in others for s in SUITS for lvl in LEVELS]
        moves += [Move("sacrifice", (s,)) for s in (MILITARY, SCIENCE)]
        moves += [Move("sacrifice", (RELIGION, p)) for p in others]
        moves += [Move("sacrifice", (s, p, t)) for s in (ECONOMY, UTOPIA) for p in others for t in SUITS]
        return [*moves, Move("end")]

    def _allowed(self, state: CartaState, move: Move) -> bool:
        """Legal moves are exactly the candidates the same checks as ``play`` accept."""
        try:
            self._check(state, move)
        except (IllegalMove, WrongPhase):
            return False
        return True

    # --- notation ------------------------------------------------------------------------------------
    def names(self, state: CartaState) -> NameIndex:
        return _names(tuple(state.players))

    def parse_args(self, state: CartaState, verb: str, args: list[str]) -> Move:
        return self._shape(state, Move(verb, tuple(args)))

    def _shape(self, state: CartaState, move: Move) -> Move:
        """Check a move's arity and names and give its canonical form (raises BadNotation / UnknownCard)."""
        suits = suit_names()
        shape = SHAPES.get(move.verb)
        if move.verb == "sacrifice":
            suit = suits.get(move.args[0]) if move.args else None
            if suit is None:
                raise (self.unknown_name(move.args[0]) if move.args else
                       BadNotation("sacrifice 다음에 분야를 씁니다.", rule=self.notation_rule))
            shape = ("suit", *SACRIFICE_ARGS[suit])
        if shape is None:
            raise BadNotation(f"이 게임에 없는 동사입니다: '{move.verb}'.", rule=self.notation_rule)
        if len(move.args) != len(shape):
            example = self.verbs[move.verb].example
            raise BadNotation(f"{move.verb}에는 인자가 {len(shape)}개 필요합니다 (예: {example}).",
                              rule=self.notation_rule)
        out = []
        for kind, arg in zip(shape, move.args):
            if kind == "level":
                if arg not in LEVELS:
                    raise BadNotation(f"단계는 1 또는 2입니다: {arg}", rule=self.notation_rule)
                out.append(arg)
                continue
            name = suits.get(arg) if kind == "suit" else self.resolve_player(state, arg)
            if name is None or name == "chance":
                raise self.unknown_name(arg)
            out.append(name)
        return Move(move.verb, tuple(out))

    # --- applying moves --------------------------------------------------------------------------------
    def play(self, state: CartaState, move: Move) -> None:
        self._check(state, move)  # ``apply`` already gave the move its canonical shape (parse_args)
        me = self.current_player(state)
        verb, args = move.verb, move.args
        if state.phase == DRAFT:
            state.packets[me].remove(args[0])
            state.hands[me].append(args[0])
            state.kept.append(me)
            if len(state.kept) == len(state.players):
                self._pass_packets(state)
        elif state.phase == DRAFT_TAKE:
            state.center.remove(args[0])
            state.tableaux[me][args[0]] += 1
            state.take_order.pop(0)
            if not state.take_order:
                self._start_turn(state)
        elif state.phase == PLAY:
            state.hands[me].remove(args[0])
            state.tableaux[me][args[0]] += 1
            state.phase = ABILITIES
            state.played = True
        elif state.pending:
            abilities.do_task(state, me, args[0])
        elif verb in ("use", "inspire"):
            state.inspired = state.inspired or verb == "inspire"
            abilities.do_permanent(state, args[-2], int(args[-1]))
        elif verb == "sacrifice":
            abilities.do_sacrifice(state, me, args[0], args[1:])
        else:
            self._end_turn(state)

    def _check(self, state: CartaState, move: Move) -> None:
        me = self.current_player(state)
        verb, args = move.verb, move.args
        if state.phase in (DRAFT, DRAFT_TAKE):
            wanted = "keep" if state.phase == DRAFT else "take"
            task = "받은 카드 중 1장을 골라 손에 둡니다" if state.phase == DRAFT else \
                "가운데 카드 중 1장을 골라 자기 앞에 내려놓습니다"
            if verb != wanted:
                raise WrongPhase(f"드래프트 중입니다: 지금은 {task}(‘{self.verbs[wanted].korean}’).",
                                 rule="carta.setup.draft")
            offered = state.packets[me] if state.phase == DRAFT else state.center
            if args[0] not in offered:
                where = "받은 카드" if state.phase == DRAFT else "가운데 카드"
                raise IllegalMove(f"{where}에 {josa(args[0], '이')} 없습니다: 드래프트에서는 {task} "
                                  f"({where}: {', '.join(offered) or '없음'}).", rule="carta.setup.draft",
                                  code="not-offered")
            return
        if verb == "keep":
            raise WrongPhase("드래프트는 이미 끝났습니다.", rule="carta.setup.draft")
        if state.phase == PLAY:
            if verb != "play":
                raise WrongPhase("먼저 손의 카드 1장을 자기 앞에 내려놓아야 합니다.",
                                 rule="carta.turn.play", code="must-play")
            abilities.check_play(state, me, args[0], "carta.turn.play")
            return
        if state.pending:
            abilities.check_task(state, me, verb, args[0] if args else "")
            return
        if verb == "play":
            if not state.played:  # step 1 was skipped: say why this card cannot be laid down
                abilities.check_play(state, me, args[0], "carta.turn.play")
            raise IllegalMove("이번 차례에 손에서 내려놓는 카드는 이미 냈습니다.", rule="carta.turn.play",
                              code="already-played")
        if verb in ("discard", "take", "give"):
            raise WrongPhase("지금은 골라야 할 카드가 없습니다. 먼저 능력을 쓰세요.",
                             rule="carta.turn.abilities", code="nothing-pending")
        if verb == "use":
            abilities.check_use(state, me, args[0], int(args[1]))
        elif verb == "inspire":
            abilities.check_inspire(state, me, args[0], args[1], int(args[2]))
        elif verb == "sacrifice":
            abilities.check_sacrifice(state, me, args[0], args[1:])

    def _pass_packets(self, state: CartaState) -> None:
        """Everyone passes the rest of the packet left; the last leftovers are laid face up in the middle."""
        state.kept = []
        if state.draft_round < NUMBERS["draft_deal"] - 2:
            state.packets = {seat(state, p, 1): cards for p, cards in state.packets.items()}
            state.draft_round += 1
            return
        state.center = sorted((c for cards in state.packets.values() for c in cards), key=SUITS.index)
        state.packets = {}
        state.take_order = [seat(state, state.first, -i) for i in range(1, len(state.players) + 1)]
        state.phase = DRAFT_TAKE

    def _start_turn(self, state: CartaState) -> None:
        """Step 1 is skipped when no card in hand can be laid down (empty hand or all embargoed)."""
        state.phase = PLAY if playable_in_hand(state, state.current) else ABILITIES

    def _end_turn(self, state: CartaState) -> None:
        """Step 3 (draw up to the hand limit), the embargo lapses, then hegemony and the deck's end."""
        me = state.current
        missing = max(0, hand_limit(state, me) - len(state.hands[me]))
        drawn = state.deck[:missing]
        del state.deck[:len(drawn)]
        state.hands[me] += drawn
        state.discard += [ECONOMY] * len(state.embargoes[me])
        state.embargoes[me] = []
        if scoring.hegemony_suit(state, me) is not None:
            state.hegemony = me
            state.phase = OVER
            return
        if not state.deck and me == last_player(state):
            state.phase = OVER
            return
        state.current = seat(state, me, 1)
        state.turn_number += 1
        state.used_permanent, state.used_sacrifice = [], []
        state.inspired, state.copied_limit, state.played = False, 0, False
        self._start_turn(state)

    # --- describing moves ----------------------------------------------------------------------------
    def rule_of_move(self, state: CartaState, move: Move) -> str:
        """In the draft, taking a card is the draft's rule, not an ability's."""
        return "carta.setup.draft" if state.phase in (DRAFT, DRAFT_TAKE) else super().rule_of_move(state, move)

    def describe(self, state: CartaState, move: Move) -> str:
        if move.verb not in self.verbs:
            return f"{move} (이 게임에서 할 수 없는 형태의 행동)"
        args = self._shape(state, move).args  # a malformed move raises the notation error apply would give
        if move.verb == "keep":
            return f"드래프트에서 {args[0]} 카드를 손에 남기고 나머지를 왼쪽으로 넘깁니다."
        if move.verb == "take" and state.phase == DRAFT_TAKE:
            return f"공개된 {args[0]} 카드를 가져와 자기 앞에 놓습니다."
        if move.verb == "play":
            return f"손의 {args[0]} 카드를 자기 앞에 내려놓습니다."
        if move.verb == "use" and args[0] != CULTURE:
            ability = f"'{ability_name(args[0], int(args[1]))}'"
            return f"{args[0]} {args[1]}단계 지속 능력 {josa(ability, '을')} 씁니다."
        if move.verb == "inspire" and args[1] != CULTURE:
            ability = f"'{ability_name(args[1], int(args[2]))}'"
            return f"영감으로 {args[0]}의 {args[1]} {args[2]}단계 지속 능력 {josa(ability, '을')} 복사합니다."
        if move.verb == "sacrifice" and args[0] != CULTURE:
            return self._describe_sacrifice(args)
        if move.verb == "discard":
            where = "손" if state.pending[:1] == ["hand-discard"] else "자기 앞"
            attack = ", 다른 플레이어도 같은 분야 카드를 1장씩 버립니다" if state.pending[:1] == ["attack"] else ""
            return f"{where}의 {args[0]} 카드를 버립니다{attack}."
        if move.verb == "take":
            where = "버린 카드 더미" if state.pending[:1] == ["pile-take"] else "자기 앞"
            return f"{where}에서 {args[0]} 카드를 손으로 가져옵니다."
        if move.verb == "give":
            to = f"{state.give_to}에게" if state.give_to else "건네준 사람에게"  # who, only while a card is owed
            return f"{args[0]} 카드를 {to} 돌려줍니다."
        if move.verb == "end":
            return "능력 사용을 마치고, 손 카드를 한도까지 채운 뒤 차례를 끝냅니다."
        return f"{move} (이 게임에서 할 수 없는 형태의 행동)"

    def _describe_sacrifice(self, args: tuple[str, ...]) -> str:
        suit, name = args[0], ability_name(args[0], None)
        if suit in (ECONOMY, UTOPIA) and len(args) == 3:
            return f"{name}: 자기 앞의 {suit} 카드 1장을 뒤집어 {args[1]} 앞의 {args[2]} 위에 얹습니다."
        if suit == RELIGION and len(args) == 2:
            return f"{name}: 종교 카드 1장을 버리고 {args[1]}의 손 카드를 모두 받아 옵니다 (받은 만큼 돌려줍니다)."
        if suit == SCIENCE:
            return f"{name}: 과학 카드 1장을 버리고 더미 위에서 5장을 가져옵니다 (가져온 만큼 버립니다)."
        return f"{name}: {suit} 카드 1장을 버리고, 자기 앞의 카드를 1장 더 골라 버립니다 (모두 같은 분야 1장씩)."

    # --- results and observation -----------------------------------------------------------------------
    def scores(self, state: CartaState) -> dict[str, float]:
        return scoring.scores(state)

    def winners(self, state: CartaState) -> list[str]:
        return scoring.winners(state) if state.phase == OVER else []

    def observe(self, state: CartaState) -> dict[str, Any]:
        playing = state.phase in (PLAY, ABILITIES)
        scores = self.scores(state)
        facts: dict[str, Any] = {
            "phase": state.phase, "turn": state.current if playing else None,
            "to_move": self.current_player(state), "turn_number": state.turn_number,
            "first_player": state.first, "deck_size": len(state.deck), "discard": list(state.discard),
            "discard_size": len(state.discard), "removed_size": len(state.removed), "center": list(state.center),
            "culture_token": culture_token(state), "pending": list(state.pending),
            "game_over": state.phase == OVER, "winners": self.winners(state), "hegemony": state.hegemony,
            "scores": scores,
        }
        for p in state.players:
            facts[f"{p}.hand"] = list(state.hands[p])
            facts[f"{p}.hand_size"] = len(state.hands[p])
            facts[f"{p}.hand_limit"] = hand_limit(state, p)
            facts[f"{p}.tableau_size"] = tableau_size(state, p)
            facts[f"{p}.embargo"] = list(state.embargoes[p])
            facts[f"{p}.flipped"] = sum(state.flipped[p].values())
            facts[f"{p}.score"] = scores[p]
            facts[f"{p}.packet"] = list(state.packets.get(p, []))
            if state.options["team"]:
                facts[f"{p}.team"] = team_of(state, p)
            for s in SUITS:
                facts[f"{p}.tableau.{s}"] = state.tableaux[p][s]
                facts[f"{p}.level.{s}"] = 0 if s == CULTURE else level(state, p, s)
                facts[f"{p}.flipped.{s}"] = state.flipped[p][s]
                facts[f"{p}.hegemony_target.{s}"] = scoring.hegemony_target(state, p, s)
        return facts

    # --- testing hooks -------------------------------------------------------------------------------------
    def check_invariants(self, state: CartaState) -> None:
        """All 104 cards are somewhere: deck, set aside, discard, middle, hands, packets, tableaux, or flipped."""
        zones: list[str] = [*state.deck, *state.removed, *state.discard, *state.center]
        for p in state.players:
            zones += state.hands[p] + state.packets.get(p, [])
        counts = {s: zones.count(s) for s in SUITS}
        for p in state.players:
            counts[ECONOMY] += len(state.embargoes[p])  # the flipped economy card of an embargo
            counts[UTOPIA] += sum(state.flipped[p].values())
            for s in SUITS:
                assert state.tableaux[p][s] >= 0, f"negative tableau count {p} {s}"
                counts[s] += state.tableaux[p][s]
        assert counts == TOTAL_BY_SUIT, f"cards not accounted for: {counts} != {TOTAL_BY_SUIT}"
        assert sum(counts.values()) == 104
        assert state.phase in (DRAFT, DRAFT_TAKE, PLAY, ABILITIES, OVER)
        assert not state.pending or state.phase == ABILITIES
        assert state.phase != PLAY or playable_in_hand(state, state.current) > 0

    def move_universe(self, state: CartaState) -> list[Move]:
        players = state.players
        moves = [Move(v, (s,)) for v in ("keep", "take", "play", "discard", "give") for s in SUITS]
        moves += [Move("use", (s, lvl)) for s in SUITS for lvl in LEVELS]
        moves += [Move("inspire", (p, s, lvl)) for p in players for s in SUITS for lvl in LEVELS]
        moves += [Move("sacrifice", (s,)) for s in (MILITARY, SCIENCE, CULTURE)]
        moves += [Move("sacrifice", (RELIGION, p)) for p in players]
        moves += [Move("sacrifice", (s, p, t)) for s in (ECONOMY, UTOPIA) for p in players for t in SUITS]
        return [*moves, Move("end")]


@functools.lru_cache(maxsize=64)
def _names(players: tuple[str, ...]) -> NameIndex:
    """Players and suits, every spelling (cached per seating: treat it as read-only)."""
    index = NameIndex({p: () for p in players})
    for suit, info in SUIT_INFO.items():
        index.add(suit, info["english"], *info["aliases"])
    return index


GAME = CartaImperaVictoria()
