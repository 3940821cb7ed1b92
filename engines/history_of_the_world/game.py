"""History of the World (2018): the protocol glue — set-up, whose move, legal moves, notation, facts."""
from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from engines.core import (CHANCE, BadNotation, BadSetup, Game, Move, NameIndex, Option, Rng, Verb,
                          WrongPhase, passes)
from engines.core.korean import josa

from . import draft, turn
from .scoring import bump, bump_target, region_level
from .state import (ARMIES_PER_COLOUR, CAPITALS_CITIES, FORTS, MONUMENTS, SIEGE_TOKENS, HotwState, Land)
from .world import World, build_world_json, world_of

DIE_PAIRS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
# Every chance move of a battle, built once: attack pair + one defence die, or + a defence pair (fort).
ROLLS = {dice: tuple(Move("roll", tuple(str(x) for x in (*a, *d))) for a in DIE_PAIRS for d in defence)
         for dice, defence in ((1, [(d,) for d in range(6, 0, -1)]), (2, DIE_PAIRS))}
REROLLS = tuple(Move("roll", (str(d),)) for d in range(1, 7))
# Moves whose sentence names no one else as doing them: the player to move is their subject.
PLAYER_ACTS = frozenset({"kingdom", "found", "play", "invade", "siege", "retreat", "fortify", "monument", "retire",
                         "bump"})


def world(state: HotwState) -> World:
    return world_of(state.world)


class HistoryOfTheWorld(Game[HotwState]):
    id = "history_of_the_world"
    title = "세계의 역사"
    state_type = HotwState
    min_players, max_players = 3, 6
    verbs = {
        "take": Verb("기본 드래프트: 들고 있는 더미에서 카드 한 장을 고릅니다.", "take 아시리아", korean="고르기", rule="hotw.epoch-start"),
        "keep": Verb("클래식 드래프트: 뒤집어 본 맨 위 카드를 내가 갖습니다.", "keep", korean="갖기", rule="hotw.classic-draft"),
        "give": Verb("클래식 드래프트: 맨 위 카드를 아직 그 종류의 카드가 없는 사람에게 줍니다.", "give 민호", korean="주기", rule="hotw.classic-draft"),
        "kingdom": Verb("이번 시대의 왕국 카드로 왕국을 세웁니다(제국보다 먼저).", "kingdom 갈대왕국", korean="왕국 세우기", rule="hotw.turn.kingdom"),
        "found": Verb("이번 시대의 제국을 세웁니다.", "found", korean="제국 세우기", rule="hotw.turn.found"),
        "play": Verb("가지고 있는 강화 카드를 씁니다.", "play \"증원 I\"", korean="쓰기", rule="hotw.events"),
        "invade": Verb("땅을 침공합니다. 함대·카라반을 거치려면 구역을 덧붙입니다.", "invade 레반트", korean="침공", rule="hotw.invasion"),
        "siege": Verb("진 전투에서 공성합니다(공성 토큰이 있으면 토큰부터; 'siege army'는 군대로).", "siege", korean="공성", rule="hotw.combat"),
        "retreat": Verb("진 전투에서 후퇴합니다.", "retreat", korean="후퇴", rule="hotw.combat"),
        "reroll": Verb("방어자가 방어 보너스로 주사위 하나를 다시 굴립니다: 험지는 높은 주사위('reroll'), 해군 "
                       "보너스는 고른 눈의 주사위('reroll 2').", "reroll", korean="다시 굴리기", rule="hotw.defence"),
        "stand": Verb("방어자가 다시 굴리지 않고 결과를 받아들입니다.", "stand", korean="받아들이기", rule="hotw.defence"),
        "fortify": Verb("내 활동 군대가 있는 땅에 요새를 놓습니다.", "fortify 자그로스", korean="요새화", rule="hotw.fortify"),
        "monument": Verb("침공을 마치고 기념물을 세웁니다.", "monument 메소포타미아", korean="기념물 세우기", rule="hotw.turn.monuments"),
        "retire": Verb("침공(과 기념물)을 마치고 군대를 퇴역시킵니다. 제국이면 이어서 점수를 받습니다.", "retire", korean="퇴역", rule="hotw.turn.retire"),
        "bump": Verb("승점 마커가 남의 마커와 겹쳤을 때 위(up, +1)나 아래(down, -1)로 비켜섭니다.", "bump up", korean="비켜서기", rule="hotw.turn.scoring"),
        "roll": Verb("우연(chance): 주사위 눈. 공격 2개, 이어서 방어 1~2개; 다시 굴리기는 1개.", "roll 6 3 4", korean="굴리기", rule="hotw.combat"),
    }
    options = {
        "draft": Option("standard", "카드 고르기 방식: standard(기본, 5절) 또는 classic(클래식 드래프트, 22절).",
                        choices=("standard", "classic")),
        "siege_bonus": Option("flat", "공성 보너스: flat(공성 전투마다 +1, 글자 그대로의 읽기) 또는 "
                                      "cumulative(투석기에 올린 수만큼 +1, +2 …).",
                              choices=("flat", "cumulative")),
        "own_retired": Option("reoccupy", "내 퇴역 군대만 있는 땅: reoccupy(싸움 없이 다시 차지, 퇴역 군대는 "
                                          "주인에게) 또는 forbidden(침공할 수 없음).",
                              choices=("reoccupy", "forbidden")),
        "collapse_order": Option("capital-first", "무너지는 순서: capital-first(수도→도시, 도시, 기념물) 또는 "
                                                  "monument-first(기념물부터).",
                                  choices=("capital-first", "monument-first")),
        "monument_priority": Option("ordered", "기념물 자리: ordered(수도→도시→자원 아이콘→그 밖) 또는 "
                                               "free(우선순위 없이 고름).",
                                    choices=("ordered", "free")),
        "monument_points": Option(1, "기념물 하나의 점수(기본 1; 12절 예시의 13점이 수도 2·도시 1·기념물 1로 맞음).",
                                  choices=(0, 1, 2, 3)),
        "ocean_spread": Option("founding", "해석: 대양의 함대가 맞닿은 바다에도 있는 셈인 때. founding(기본: 제국을 "
                                           "세울 때 놓은 함대만 — 21절이 이 효과를 제국 설립에 묶어 말합니다) 또는 "
                                           "always(사건 카드로 놓은 함대도).",
                               choices=("founding", "always")),
        "naval_reroll": Option("choose", "해석: 해군 방어 보너스로 다시 굴리는 주사위. choose(기본: 방어자가 고른 "
                                         "주사위 — 21절은 '주사위 1개'라고만 하고, 요새가 있으면 낮은 쪽을 다시 "
                                         "굴리는 편이 나을 때가 있습니다) 또는 highest(험지처럼 높은 주사위).",
                               choices=("choose", "highest")),
        "boost_timing": Option("any-time", "해석: 강화 카드를 쓸 수 있는 때. any-time(기본: 자기 차례에 전투 중과 "
                                           "왕국을 이끄는 동안이 아니면 언제든 — 16절; 제국을 세우기 전에 쓰면 그 "
                                           "차례에는 왕국을 이끌 수 없음) 또는 after-founding(제국을 세운 뒤에만).",
                               choices=("any-time", "after-founding")),
    }
    error_codes = {
        "card-not-in-deck": "이번 시대의 카드 더미에 없는 카드입니다.",
        "not-your-deck": "지금 그 더미를 들고 있지 않습니다.",
        "give-to-self": "자기에게는 주지 않고 그냥 갖습니다.",
        "already-has-card": "그 사람은 이미 그 종류의 카드를 받았습니다.",
        "not-a-boost": "강화 카드가 아닙니다.",
        "not-a-kingdom": "왕국 카드가 아닙니다.",
        "card-not-held": "가지고 있지 않은 카드입니다.",
        "kingdom-expired": "왕국 카드는 고른 그 시대에만 쓸 수 있습니다.",
        "kingdom-too-late": "왕국은 제국을 이끌기 전에 한 번만 이끕니다.",
        "boost-in-kingdom": "왕국을 이끄는 동안에는 강화 카드를 쓸 수 없습니다.",
        "boost-before-empire": "강화 카드는 제국을 세운 뒤에 씁니다.",
        "in-combat": "전투 도중에는 할 수 없습니다.",
        "no-armies": "제국 카드에 군대가 없습니다.",
        "tokens-cannot-invade": "공성 토큰으로는 침공할 수 없습니다.",
        "own-land": "이미 내 활동 군대가 있는 땅입니다.",
        "own-retired": "내 퇴역 군대가 있는 땅은 침공할 수 없습니다(선택 규칙).",
        "not-adjacent": "내 활동 군대가 있는 땅과 맞닿지 않은 땅입니다.",
        "no-fleet-route": "그 구역의 함대·카라반 사슬로는 닿지 않습니다.",
        "no-lost-battle": "진 전투가 없어 공성이나 후퇴를 할 수 없습니다(공멸 뒤에는 공성할 수 없음).",
        "no-siege-pieces": "공성에 쓸 군대도 공성 토큰도 없습니다.",
        "not-my-land": "내 활동 군대가 없는 땅입니다.",
        "fort-exists": "한 땅에 요새는 하나까지입니다.",
        "no-forts-left": "공급처에 요새가 없습니다.",
        "fortify-too-late": "군대를 치르는 요새화는 침공 단계에서만 합니다.",
        "no-monument-owed": "세워야 할 기념물이 없습니다.",
        "monument-site": "기념물을 세울 수 없는 땅입니다.",
        "monument-priority": "우선순위가 더 높은 땅에 먼저 기념물을 세웁니다.",
        "monuments-owed": "세워야 할 기념물이 남아 있습니다.",
        "invasions-over": "기념물 건설을 시작해 침공이 끝났습니다.",
        "no-free-square": "그 방향으로는 비켜설 빈 칸이 없습니다.",
        "choose-die": "해군 방어 보너스로는 다시 굴릴 주사위를 눈으로 고릅니다.",
        "reroll-highest": "이 방어 보너스로는 높은 주사위를 다시 굴립니다(눈을 고르지 않습니다).",
    }
    ordered_facts = frozenset({"dice"})
    setup_rule = "hotw.setup"
    turn_rule = "hotw.turn"
    notation_rule = "hotw.notation"
    end_rule = "hotw.end"

    # --- set-up --------------------------------------------------------------------------------
    def setup(self, players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> HotwState:
        known = {"map", "lands", "borders", "straits", "zones", "regions", "empires", "events", "building_points",
                 "decks", "scores", "epoch", "last_epoch", "deal", "turn", "board"}
        unknown = sorted(set(setup) - known)
        if unknown:
            raise BadSetup(f"알 수 없는 준비 항목: {', '.join(unknown)}", rule="hotw.map-data")
        text = build_world_json(setup)
        w = world_of(text)
        epoch, last = int(setup.get("epoch", 1)), int(setup.get("last_epoch", 5))
        if not 1 <= epoch <= last <= 5:
            raise BadSetup("시대는 1~5 사이이고 시작 시대가 마지막 시대보다 늦을 수 없습니다.", rule="hotw.setup")
        state = HotwState(
            players=players, rng=rng, options=options, world=text, epoch=epoch, last_epoch=last,
            scores=self._start_scores(players, rng, setup), lands={land: Land() for land in w.lands},
            reserve={p: ARMIES_PER_COLOUR for p in players}, decks={}, empire_cards={p: None for p in players},
            events={p: [] for p in players})
        self._place_board(state, w, setup.get("board") or {})
        dealt = "deal" in setup
        hands = self._hands(state, w, setup["deal"]) if dealt else {}
        in_hands = _cards_in(hands)
        for e in range(epoch + dealt, last + 1):
            state.decks[e] = {kind: self._deck(w, rng, players, e, kind, setup, in_hands)
                              for kind in ("empire", "event")}
        if dealt:
            self._deal(state, w, hands, setup.get("turn"))
        else:
            draft.start_draft(state)
        return state

    def _start_scores(self, players: list[str], rng: Rng, setup: dict[str, Any]) -> dict[str, int]:
        given = setup.get("scores")
        if given is None:  # markers drawn at random onto squares 1, 2, 3 …
            order = list(players)
            rng.shuffle(order)
            return {p: order.index(p) + 1 for p in players}
        scores = {self._player(players, name): int(value) for name, value in given.items()}
        if set(scores) != set(players) or len({s % 100 for s in scores.values()}) != len(players):
            raise BadSetup("scores에는 모든 플레이어의 점수를 서로 다른 칸으로 적습니다.", rule="hotw.setup")
        return scores

    def _player(self, players: list[str], name: Any) -> str:
        match = next((p for p in players if p.casefold() == str(name).casefold()), None)
        if match is None:
            raise BadSetup(f"준비에 플레이어가 아닌 이름이 있습니다: '{name}'.", rule="hotw.setup")
        return match

    def _canon(self, w: World, name: Any, table: dict[str, Any], what: str) -> str:
        canonical = w.names.get(str(name))
        if canonical not in table:
            raise BadSetup(f"준비에 {josa(what, '이')} 아닌 이름이 있습니다: '{name}'.", rule="hotw.map-data")
        return canonical

    def _place_board(self, state: HotwState, w: World, board: dict[str, Any]) -> None:
        for name, spec in board.items():
            land = self._canon(w, name, w.lands, "땅")
            spec = spec or {}
            owner = self._player(state.players, spec["army"]) if spec.get("army") else None
            buildings = [str(b) for b in spec.get("buildings") or []]
            if set(buildings) - {"capital", "city", "monument"} or len(set(buildings)) != len(buildings) or \
                    {"capital", "city"} <= set(buildings):
                raise BadSetup(f"{land}의 건축물은 capital 또는 city 하나와 monument 하나까지입니다.",
                               rule="hotw.map-data")
            state.lands[land] = Land(owner=owner, retired=owner is not None, buildings=buildings,
                                     fort=bool(spec.get("fort")))
            if owner:
                state.reserve[owner] -= 1  # the armies on the board come out of the player's 25
        for player, left in state.reserve.items():
            if left < 0:
                raise BadSetup(f"{player}의 군대를 {ARMIES_PER_COLOUR - left}개 놓았지만 한 색의 군대는 "
                               f"{ARMIES_PER_COLOUR}개입니다.", rule="hotw.components")
        for piece, name, total in (("capital", "수도·도시", CAPITALS_CITIES), ("monument", "기념물", MONUMENTS),
                                   ("fort", "요새", FORTS)):
            if turn.in_use(state, piece) > total:
                raise BadSetup(f"게임판에 {josa(name, '을')} {turn.in_use(state, piece)}개 놓았지만 게임에는 "
                               f"{total}개뿐입니다.", rule="hotw.components")

    def _deck(self, w: World, rng: Rng, players: list[str], epoch: int, kind: str, setup: dict[str, Any],
              in_hands: list[str]) -> list[str]:
        """The epoch's deck of that kind; a card already dealt to a hand is not in it (each card exists once)."""
        table = w.empires if kind == "empire" else w.events
        decks = setup.get("decks") or {}
        given = (decks.get(epoch) or decks.get(str(epoch)) or {}).get(kind)
        if given is not None:
            cards = [self._canon(w, c, table, "카드") for c in given]
            _once(cards + in_hands)
        else:  # shuffle the epoch's cards, keep one per player, box the rest unseen
            cards = sorted(c for c, info in table.items() if info["epoch"] == epoch and c not in in_hands)
            rng.shuffle(cards)
        if len(cards) < len(players):
            raise BadSetup(f"제{epoch}시대의 {'제국' if kind == 'empire' else '사건'} 카드가 {len(players)}장보다 "
                           f"적습니다. last_epoch를 줄이거나 카드를 정의하세요.", rule="hotw.setup")
        return cards[:len(players)]

    def _hands(self, state: HotwState, w: World, deal: dict[str, Any]) -> dict[str, tuple[str | None, list[str]]]:
        """Player → (empire card, event cards) as ``deal`` writes them; each card exists once in the game."""
        hands: dict[str, tuple[str | None, list[str]]] = {}
        for name, hand in deal.items():
            hand = hand or {}
            empire = self._canon(w, hand["empire"], w.empires, "제국 카드") if hand.get("empire") else None
            events = [self._canon(w, c, w.events, "사건 카드") for c in hand.get("events") or []]
            hands[self._player(state.players, name)] = (empire, events)
        _once(_cards_in(hands))
        return hands

    def _deal(self, state: HotwState, w: World, hands: dict[str, tuple[str | None, list[str]]], first: Any) -> None:
        """The draft is skipped: a player named in ``deal`` holds exactly those cards, anyone else none."""
        for player, (empire, events) in hands.items():
            state.empire_cards[player], state.events[player] = empire, events
        turn.set_turn_order(state, w)
        if first is not None:
            empire = self._canon(w, first, w.empires, "제국 카드")
            if empire not in state.turn_order:
                raise BadSetup(f"turn의 {josa(empire, '을')} 고른 플레이어가 없습니다.", rule="hotw.setup")
            state.turn_index = state.turn_order.index(empire)
        turn.begin_turn(state, w)

    # --- whose move ----------------------------------------------------------------------------
    def current_player(self, state: HotwState) -> str | None:
        if state.over:
            return None
        if state.draft is not None:
            return draft.chooser(state)
        t = turn.current(state)
        if t.combat is not None and not t.bump_pending:
            if t.combat.stage in ("roll", "reroll-roll"):
                return CHANCE
            if t.combat.stage == "reroll":
                return t.combat.defender
        return t.player

    def legal_moves(self, state: HotwState) -> list[Move]:
        if state.over:
            return []
        if state.draft is not None:
            return draft.legal(state)
        w, t = world(state), turn.current(state)
        # Each move is listed by the same check ``play`` runs (no trial on a copy of the state).
        if t.bump_pending:
            return [Move("bump", (d,)) for d in ("up", "down") if passes(bump_target, state, t.player, d)]
        if t.combat is not None:
            return self._combat_moves(state)
        boosts = [Move("play", (c,)) for c in state.events[t.player] if w.events[c]["kind"] == "boost"]
        if t.step == "start":
            kingdoms = [] if t.kingdom_done else [
                Move("kingdom", (c,)) for c in state.events[t.player]
                if w.events[c]["kind"] == "kingdom" and w.events[c]["epoch"] == state.epoch]
            return [*kingdoms, Move("found"), *(boosts if state.options["boost_timing"] == "any-time" else [])]
        moves: list[Move] = []
        if t.step == "invade" and (t.card_armies > 0):
            for land, ways in turn.routes(state, w).items():
                if turn.may_invade(state, land):
                    moves += [Move("invade", (land,) if way is None else (land, way)) for way in ways]
        moves += [Move("fortify", (land,)) for land in turn.active_lands(state, t.player)
                  if passes(turn.fortify_payment, state, w, land)]
        if t.force == t.empire:
            moves += boosts
        if turn.owed_monuments(state, w) and turn.monument_sites(state, w):
            moves += [Move("monument", (land,)) for land in turn.monument_sites(state, w)]
        else:
            moves.append(Move("retire"))
        return moves

    def _combat_moves(self, state: HotwState) -> list[Move]:
        t = turn.current(state)
        combat = t.combat
        assert combat is not None
        if combat.stage == "roll":
            return list(ROLLS[turn.defence_dice(state)])
        if combat.stage == "reroll-roll":
            return list(REROLLS)
        if combat.stage == "reroll":
            if turn.choose_die(state):
                dice = sorted(set(combat.defence), reverse=True)
                return [*(Move("reroll", (str(d),)) for d in dice), Move("stand")]
            return [Move("reroll"), Move("stand")]
        moves = [Move("siege")] if t.siege_tokens or t.card_armies else []
        if t.card_armies:  # the explicit form is always open while an army is left (same as siege without tokens)
            moves.append(Move("siege", ("army",)))
        return [*moves, Move("retreat")]

    def sample_chance(self, state: HotwState) -> Move:
        rng = state.rng.peek()
        combat = turn.current(state).combat
        assert combat is not None
        if combat.stage == "reroll-roll":
            return Move("roll", (str(rng.roll()),))
        dice = [rng.roll() for _ in range(2 + turn.defence_dice(state))]
        return Move("roll", tuple(str(d) for d in _canonical_dice(dice)))

    # --- moves ---------------------------------------------------------------------------------
    def play(self, state: HotwState, move: Move) -> None:
        # ``apply`` hands over a checked, canonical move (``parse`` or ``check_move`` ran parse_args).
        w = world(state)
        if state.draft is not None:
            draft.check_verb(state, move)
            if move.verb == "take":
                draft.take(state, move.args[0])
            else:
                draft.decide(state, move)
            if draft.done(state):
                state.draft = None
                turn.set_turn_order(state, w)
                turn.begin_turn(state, w)
            return
        t = turn.current(state)
        if move.verb in ("take", "keep", "give"):
            raise WrongPhase("카드 고르기는 시대가 시작할 때만 합니다.", rule="hotw.epoch-start", move=move)
        if t.bump_pending and move.verb != "bump":
            raise WrongPhase("먼저 승점 마커를 비켜 세웁니다(한 칸 위나 한 칸 아래로).", rule="hotw.turn.scoring",
                             move=move)
        if move.verb == "bump":
            if not t.bump_pending:
                raise WrongPhase("승점 마커가 다른 마커와 겹치지 않았습니다.", rule="hotw.turn.scoring", move=move)
            bump(state, t.player, move.args[0])
            if t.step == "scored":
                turn.next_turn(state, w)
            return
        self._check_combat_verb(state, move)
        handlers = {
            "roll": lambda: turn.roll(state, w, [int(d) for d in move.args]),
            "reroll": lambda: turn.reroll(state, False, w, int(move.args[0]) if move.args else None),
            "stand": lambda: turn.reroll(state, True, w),
            "siege": lambda: turn.siege(state, use_army=bool(move.args)),
            "retreat": lambda: turn.retreat(state),
            "kingdom": lambda: turn.start_kingdom(state, w, move.args[0]),
            "found": lambda: self._found(state, w),
            "play": lambda: turn.play_boost(state, w, move.args[0]),
            "invade": lambda: turn.invade(state, w, move.args[0], move.args[1] if len(move.args) > 1 else None),
            "fortify": lambda: turn.fortify(state, w, move.args[0]),
            "monument": lambda: turn.build_monument(state, w, move.args[0]),
            "retire": lambda: turn.retire(state, w),
        }
        handlers[move.verb]()

    def _check_combat_verb(self, state: HotwState, move: Move) -> None:
        combat = turn.current(state).combat
        stage = combat.stage if combat else None
        wanted = {"roll": ("roll", "reroll-roll"), "reroll": ("reroll",), "stand": ("reroll",)}
        if move.verb in wanted and stage not in wanted[move.verb]:
            raise WrongPhase("지금은 그 행동(주사위, 다시 굴리기)을 할 때가 아닙니다.", rule="hotw.combat", move=move)
        if stage in ("roll", "reroll-roll", "reroll") and move.verb not in wanted:
            raise turn.fail("전투가 끝나지 않았습니다(주사위나 방어자의 다시 굴리기를 기다립니다).",
                            "hotw.combat", "in-combat")

    def _found(self, state: HotwState, w: World) -> None:
        t = turn.current(state)
        if t.step != "start":
            raise WrongPhase("제국은 이미 세웠습니다.", rule="hotw.turn.found")
        turn.found(state, w, t.empire, is_empire=True)

    # --- notation ------------------------------------------------------------------------------
    def names(self, state: HotwState) -> NameIndex:
        return _names(state.world, tuple(state.players))

    def parse_args(self, state: HotwState, verb: str, args: list[str]) -> Move:
        w = world(state)
        arity = {"take": 1, "keep": 0, "give": 1, "kingdom": 1, "found": 0, "play": 1, "retreat": 0,
                 "stand": 0, "fortify": 1, "monument": 1, "retire": 0, "bump": 1}
        if verb in arity and len(args) != arity[verb]:
            raise BadNotation(f"{verb} 다음에는 {arity[verb]}개의 이름이나 값을 씁니다.", rule=self.notation_rule)
        if verb == "invade":
            if len(args) not in (1, 2):
                raise BadNotation("invade 다음에는 땅 이름, 필요하면 거쳐 갈 구역 이름을 씁니다.", rule=self.notation_rule)
            return Move(verb, (self._name(w, args[0], w.lands), *[self._name(w, a, w.zones) for a in args[1:]]))
        if verb in ("fortify", "monument"):
            return Move(verb, (self._name(w, args[0], w.lands),))
        if verb in ("kingdom", "play"):  # an empire's name too: refused by the rule, it is a card of the game
            return Move(verb, (self._name(w, args[0], {**w.empires, **w.events}),))
        if verb == "take":
            return Move(verb, (self._name(w, args[0], {**w.empires, **w.events}),))
        if verb == "give":
            player = self.resolve_player(state, args[0])
            if player is None or player == CHANCE:
                raise self.unknown_name(args[0])
            return Move(verb, (player,))
        if verb == "bump":
            if args[0].casefold() not in ("up", "down"):
                raise BadNotation("bump 다음에는 up(+1) 또는 down(-1)을 씁니다.", rule=self.notation_rule)
            return Move(verb, (args[0].casefold(),))
        if verb == "siege":
            if args and [a.casefold() for a in args] != ["army"]:
                raise BadNotation("siege 또는 siege army로 씁니다.", rule=self.notation_rule)
            return Move(verb, ("army",) if args else ())
        if verb == "reroll":
            if len(args) > 1 or not all(a in ("1", "2", "3", "4", "5", "6") for a in args):
                raise BadNotation("reroll 또는 reroll 뒤에 다시 굴릴 방어 주사위의 눈(1~6) 하나를 씁니다.",
                                  rule=self.notation_rule)
            return Move(verb, tuple(args))
        if verb == "roll":
            if len(args) not in (1, 3, 4) or not all(a in ("1", "2", "3", "4", "5", "6") for a in args):
                raise BadNotation("roll 다음에는 1~6의 눈을 1개(다시 굴리기) 또는 3~4개(공격 2, 방어 1~2) 씁니다.",
                                  rule=self.notation_rule)
            return Move(verb, tuple(str(d) for d in _canonical_dice([int(a) for a in args])))
        return Move(verb, tuple(args))

    def _name(self, w: World, text: str, table: dict[str, Any]) -> str:
        name = w.names.get(text)
        if name not in table:
            raise self.unknown_name(text)
        return name

    def describe(self, state: HotwState, move: Move) -> str:
        if move.verb not in self.verbs:
            return str(move)
        a = self.parse_args(state, move.verb, list(move.args)).args  # a malformed move raises BadNotation
        player = self.current_player(state)
        if player == CHANCE:
            player = "우연"  # a draft seat nobody plays
        texts = {
            "take": lambda: f"{josa(player, '이')} 더미에서 {josa(a[0], '을')} 고릅니다.",
            "keep": lambda: f"{josa(player, '이')} 맨 위 카드를 자기 앞에 놓습니다.",
            "give": lambda: f"{josa(player, '이')} 맨 위 카드를 {a[0]}에게 줍니다.",
            "kingdom": lambda: f"왕국 카드 {josa(a[0], '으로')} 왕국을 세웁니다.",
            "found": lambda: f"{josa(state.turn.empire, '을')} 세웁니다." if state.turn else "제국을 세웁니다.",
            "play": lambda: f"강화 카드 {josa(a[0], '을')} 씁니다.",
            "invade": lambda: f"{josa(a[0], '을')} 침공합니다" + (f"({josa(a[1], '을')} 거쳐)." if len(a) > 1 else "."),
            "siege": lambda: "공성합니다" + ("(군대로)." if a else "."),
            "retreat": lambda: "후퇴합니다.",
            "reroll": lambda: (f"방어자가 {josa(a[0], '이')} 나온 주사위를 다시 굴립니다." if a
                               else "방어자가 높은 주사위를 다시 굴립니다."),
            "stand": lambda: "방어자가 다시 굴리지 않습니다.",
            "fortify": lambda: f"{a[0]}에 요새를 놓습니다.",
            "monument": lambda: f"{a[0]}에 기념물을 세웁니다.",
            "retire": lambda: "군대를 퇴역시킵니다.",
            "bump": lambda: "승점 마커를 " + ("한 칸 위로" if a[0] == "up" else "한 칸 아래로") + " 비켜 세웁니다.",
            "roll": lambda: self._battle(state, [int(d) for d in a]),
        }
        if move.verb not in texts:
            return str(move)
        text = texts[move.verb]()
        return f"{josa(player, '이')} {text}" if move.verb in PLAYER_ACTS else text

    def _battle(self, state: HotwState, dice: list[int]) -> str:
        """A roll in words: whose dice, each side's value, and who wins (or that the defender may still reroll)."""
        t = state.turn
        combat = t.combat if t else None
        if t is None or combat is None or combat.stage not in ("roll", "reroll-roll") or len(dice) != (
                2 + turn.defence_dice(state) if combat.stage == "roll" else 1):  # no battle, or dice that will be refused
            return "주사위: " + ", ".join(map(str, dice)) + "."
        defender = combat.defender or "방어자"
        if combat.stage == "roll":
            attack, defence = dice[:2], dice[2:]
            rerolls = bool(world(state).lands[combat.land]["rough"]) or combat.naval
            rolled = (f"{t.player}의 공격 주사위 {', '.join(map(str, attack))}, {defender}의 방어 주사위 "
                      f"{', '.join(map(str, defence))}")
        else:  # a defence die rolled again
            attack, defence = combat.attack, list(combat.defence)
            defence[combat.reroll_index] = dice[0]
            rerolls = bool(combat.rerolls)
            rolled = f"{josa(defender, '이')} 다시 굴린 방어 주사위 {dice[0]}"
        hit, held = turn.attack_value(state, attack), max(defence)
        if hit > held:
            result = (f"지금은 {t.player} 쪽이 앞서지만 {josa(defender, '은')} 다시 굴릴 수 있습니다" if rerolls
                      else f"{josa(t.player, '이')} 이깁니다")
        elif hit == held:
            result = (f"비겼지만 {josa(defender, '은')} 다시 굴릴 수 있습니다" if rerolls
                      else "비겨서 양쪽 군대가 하나씩 빠집니다")
        else:
            result = f"{josa(defender, '이')} 막아 냅니다 ({josa(t.player, '은')} 공성하거나 후퇴합니다)"
        return f"{combat.land} 전투: {rolled}. 공격 {self._attack_words(t, hit, max(attack))} 대 방어 {held}: {result}."

    @staticmethod
    def _attack_words(t: Any, hit: int, best: int) -> str:
        """The attack's value with what it adds to the best die: "6(가장 높은 주사위 5, 공성 +1)"."""
        siege = hit - best - t.battle_bonus
        bonus = [f"공성 +{siege}"] if siege else []
        bonus += [f"강화 카드 +{t.battle_bonus}"] if t.battle_bonus else []
        return f"{hit}(가장 높은 주사위 {best}, {', '.join(bonus)})" if bonus else str(hit)

    # --- results and facts ---------------------------------------------------------------------
    def scores(self, state: HotwState) -> dict[str, float]:
        return {p: float(s) for p, s in state.scores.items()}

    def winners(self, state: HotwState) -> list[str]:
        if not state.over:
            return []
        best = max(state.scores.values())
        return [p for p in state.players if state.scores[p] == best]

    def observe(self, state: HotwState) -> dict[str, Any]:
        w = world(state)
        t = state.turn
        facts: dict[str, Any] = {
            "epoch": state.epoch, "game_over": state.over, "winners": self.winners(state),
            "turn": t.player if t else None, "empire": t.force if t else None, "step": t.step if t else "draft",
            "dice": list(state.last_dice), "fleets": list(t.fleets) if t else [],
            "catapult": (t.catapult_armies + t.catapult_tokens) if t else 0,
            "played": list(t.played) if t else [],
        }
        for land, info in state.lands.items():
            facts.update({f"{land}.owner": info.owner, f"{land}.armies": int(info.owner is not None),
                          f"{land}.retired": info.retired, f"{land}.buildings": list(info.buildings),
                          f"{land}.fort": info.fort})
        for region in w.regions:
            token = w.token(region, state.epoch)
            facts[f"region.{region}"] = list(token["values"]) if token else None
        for p in state.players:
            mine = t is not None and t.player == p
            facts.update({f"{p}.score": state.scores[p], f"{p}.reserve": state.reserve[p],
                          f"{p}.armies_left": t.card_armies if mine and t else 0,
                          f"{p}.siege_tokens": t.siege_tokens if mine and t else 0,
                          f"{p}.cards": list(state.events[p]), f"{p}.empire": state.empire_cards[p]})
            for region in w.regions:
                facts[f"{p}.region.{region}"] = region_level(state, w, p, region)
        if state.draft is not None:
            facts["deck.event"] = list(state.draft.decks["event"])
            facts["deck.empire"] = list(state.draft.decks["empire"])
        return facts

    def check_invariants(self, state: HotwState) -> None:
        t = state.turn
        for p in state.players:
            on_board = sum(land.owner == p for land in state.lands.values())
            held = 0
            if t is not None and t.player == p:
                held = t.card_armies + t.catapult_armies + (t.combat is not None)
            assert on_board + held + state.reserve[p] == ARMIES_PER_COLOUR, f"armies of {p} not all accounted for"
            assert state.reserve[p] >= 0
        assert turn.in_use(state, "capital") <= CAPITALS_CITIES
        assert turn.in_use(state, "monument") <= MONUMENTS
        assert turn.in_use(state, "fort") <= FORTS
        for name, land in state.lands.items():
            assert len(land.buildings) == len(set(land.buildings)), f"{name}: a building twice"
            assert not {"capital", "city"} <= set(land.buildings), f"{name}: capital and city"
            assert land.owner is not None or not land.retired
        if t is not None:
            assert t.siege_tokens + t.catapult_tokens <= SIEGE_TOKENS
            others = [n for n, land in state.lands.items() if land.owner not in (None, t.player) and not land.retired]
            assert not others, f"active armies of another player: {others}"
        assert len({s % 100 for s in state.scores.values()}) == len(state.players) or (
            t is not None and t.bump_pending), "two score markers on one square"

    def move_universe(self, state: HotwState) -> Iterable[Move]:
        w = world(state)
        lands = list(w.lands)[:8]
        held = [*state.events.get(self.current_player(state), [])] if self.current_player(state) in state.events \
            else []
        cards = list(dict.fromkeys([*held, *list(w.events)[:4], *list(w.empires)[:4]]))
        yield from (Move(v) for v in ("found", "keep", "retreat", "reroll", "stand", "retire", "siege"))
        yield from (Move("invade", (land,)) for land in lands)
        yield from (Move("invade", (land, zone)) for land in lands[:3] for zone in list(w.zones)[:3])
        yield from (Move("fortify", (land,)) for land in lands)
        yield from (Move("monument", (land,)) for land in lands)
        yield from (Move(v, (c,)) for c in cards for v in ("take", "play", "kingdom"))
        yield from (Move("give", (p,)) for p in state.players)
        yield from (Move("bump", (d,)) for d in ("up", "down"))
        yield from (Move("roll", d) for d in (("6", "1", "3"), ("5",), ("4", "4", "2", "1")))
        yield from (Move("reroll", (d,)) for d in ("1", "6"))



def _cards_in(hands: dict[str, tuple[str | None, list[str]]]) -> list[str]:
    return [card for empire, events in hands.values() for card in ([empire] if empire else []) + events]


def _once(cards: list[str]) -> None:
    """Every card of the game exists once: a set-up that hands out or stacks one twice is refused."""
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise BadSetup(f"카드는 한 장씩뿐인데 준비에 두 번 이상 나왔습니다: {', '.join(twice)}", rule="hotw.setup")


def _canonical_dice(dice: list[int]) -> list[int]:
    """Attack dice high to low, then defence dice high to low (only the highest of each side counts)."""
    if len(dice) == 1:
        return dice
    return sorted(dice[:2], reverse=True) + sorted(dice[2:], reverse=True)


@functools.lru_cache(maxsize=32)
def _names(world_text: str, players: tuple[str, ...]) -> NameIndex:
    index = NameIndex({p: () for p in players})
    w = world_of(world_text)
    for table in (w.lands, w.regions, w.zones, w.empires, w.events):
        for name, info in table.items():
            index.add(name, *[x for x in [info.get("en"), *(info.get("aliases") or [])] if x])
    return index


GAME = HistoryOfTheWorld()
