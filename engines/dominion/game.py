"""Dominion (base game, 2–4 players) on the shared engine protocol."""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import combinations, filterfalse
from typing import Any

from engines.core import (CHANCE, BadNotation, BadSetup, Choice, Game, GameOver, IllegalMove, Move, NameIndex, Option, Rng,
                          Verb, WrongPhase, WrongPlayer)
from engines.core.korean import josa

from . import decisions
from .cards import (ACTIONS, BASIC, CARDS, COINS, COPPER, COST, CURSE, DUCHY, ESTATE, FIRST_GAME, GARDENS, GOLD,
                    INDEX, KINGDOM, MOAT, ORDER, PROVINCE, SECOND_EDITION, SILVER, TREASURES, VP, rule_of)
from .effects import EFFECTS, SELF_ONLY
from .state import DominionState, Zones, draw, shuffled

PLAY_ALL = Move("play", ("all",))
PLAY = {c: Move("play", (c,)) for c in CARDS}  # built once: legal_moves is on the playout hot path
BUY = {c: Move("buy", (c,)) for c in CARDS}
END = Move("end")
PASS = decisions.PASS
# The lists of its player's cards that a move outside card effects changes in place (playing one
# Treasure); the others it replaces with new lists (play all, buy, clean-up, ``draw``), so the state's
# copy shares them. test_conformance checks that the original state is untouched.
CHANGED_LISTS = {"play": ("hand",), "buy": (), "end": ()}
SELF_ONLY_LISTS = ("hand", "in_play")  # what playing a SELF_ONLY Action changes in place (``draw`` too)
IS_TREASURE, COIN_VALUE = TREASURES.__contains__, COINS.__getitem__  # bound once, for play all
KEYWORDS = {"all": "all", "모두": "all", "deck": "deck", "덱": "deck"}
SORTED_VERBS = ("discard", "trash")  # several cards in any order: kept in canonical card order


class Dominion(Game[DominionState]):
    id = "dominion"
    title = "도미니언"
    state_type = DominionState
    min_players, max_players = 2, 4
    verbs = {
        "play": Verb("카드를 냅니다: 행동 단계에는 행동 카드, 구매 단계에는 보물 카드(play all은 손의 보물 전부). "
                     "알현실로 두 번 사용할 행동 카드, 신하로 버린 행동 카드를 낼 때도 씁니다.", "play 마을", korean="내기", rule="dominion.turn.action"),
        "buy": Verb("구매 단계에 공급처의 카드 1장을 삽니다.", "buy 속주", korean="구매", rule="dominion.turn.buy"),
        "end": Verb("지금 단계를 끝냅니다: 행동 단계 → 구매 단계, 구매 단계 → 정리 단계(다음 턴).", "end", korean="끝내기", rule="dominion.turn"),
        "choose": Verb("play의 예전 표기입니다(알현실로 고를 때). 엔진은 play로 기록합니다.", "choose 연회", korean="고르기", rule="dominion.card.throne-room"),
        "gain": Verb("카드 효과로 카드를 얻습니다(작업장·연회·개조·광산·장인, 도둑이 폐기시킨 보물).", "gain 은", korean="얻기", rule="dominion.rules.gain"),
        "trash": Verb("카드를 폐기합니다(예배당·개조·광산·대금업자·보초병, 노상강도·도둑의 공개 카드).", "trash 동 사유지", korean="폐기", rule="dominion.rules.trash"),
        "discard": Verb("카드를 버립니다(저장고·민병대·밀렵꾼·보초병·스파이). 법관은 discard deck.", "discard 동 사유지", korean="버리기", rule="dominion.notation"),
        "topdeck": Verb("카드를 덱 맨 위에 올립니다(선구자·장인·관료). 보초병으로 두 장을 돌려놓을 때는 맨 위에 "
                        "올 카드를 먼저 씁니다.", "topdeck 금", korean="올리기", rule="dominion.notation"),
        "reveal": Verb("공격을 받을 때 손의 해자를 보여 그 공격을 막습니다.", "reveal 해자", korean="공개", rule="dominion.rules.reaction"),
        "keep": Verb("스파이가 공개한 카드를 덱 위에 그대로 둡니다.", "keep 마을", korean="그대로 두기", rule="dominion.card.spy"),
        "skip": Verb("도서관이 뽑은 행동 카드를 건너뜁니다: 손에 넣지 않고 옆에 둡니다(도서관이 끝나면 버림). "
                     "손에 넣으려면 pass.", "skip 마을", korean="건너뛰기", rule="dominion.card.library"),
        "pass": Verb("해도 되고 안 해도 되는 선택을 하지 않습니다.", "pass", korean="넘기기", rule="dominion.notation"),
        "shuffle": Verb("우연(chance)의 행동: 그 플레이어가 다음에 섞을 때 새 덱의 맨 위에 올 카드를 정합니다"
                        "(맨 위부터, 나머지는 시드대로).", "shuffle 윤주 금 은", korean="섞기", rule="dominion.turn.shuffle"),
    }
    options = {
        "throne_room_first_edition": Option(
            False, "알현실 1판 해석: 손에 행동 카드가 있으면 반드시 하나를 골라야 합니다. 기본값(아니오)은 "
                   "규칙서가 싣는 2판 카드 목록대로 고르지 않아도 됩니다."),
    }
    error_codes = {
        "player-count": "도미니언은 2~4명이 합니다.",
        "player-names": "플레이어 이름이 겹치거나 예약어입니다.",
        "unknown-option": "알 수 없는 옵션입니다.",
        "bad-kingdom": "왕국 카드 선택이 잘못되었습니다(서로 다른 왕국 카드 10종).",
        "no-actions": "남은 행동이 없습니다.",
        "not-an-action": "행동 카드가 아닙니다.",
        "not-a-treasure": "보물 카드가 아닙니다.",
        "not-a-victory": "승점 카드가 아닙니다.",
        "not-a-copper": "동이 아닙니다.",
        "card-not-in-hand": "그 카드가 손에 없습니다.",
        "card-not-in-discard": "그 카드가 버린 카드 더미에 없습니다.",
        "card-not-available": "지금 고를 수 있는 카드(공개했거나 본 카드)가 아닙니다.",
        "not-in-supply": "이번 게임의 공급처에 없는 카드입니다.",
        "pile-empty": "공급처의 그 더미가 비었습니다.",
        "not-enough-coins": "코인이 모자랍니다.",
        "no-buys": "남은 구매 횟수가 없습니다.",
        "treasure-after-buy": "카드를 산 뒤에는 보물을 더 낼 수 없습니다.",
        "too-expensive": "카드 효과가 허용하는 비용보다 비싼 카드입니다.",
        "wrong-count": "고른 카드 수가 맞지 않습니다.",
        "must-choose": "건너뛸 수 없는 선택입니다.",
        "awaiting-decision": "카드 효과가 묻는 선택을 먼저 해야 합니다.",
        "nothing-to-play": "손에 낼 보물이 없습니다.",
        "bad-shuffle": "정해 둔 섞기 순서에 섞을 카드 더미에 없는 카드가 있습니다.",
        "already-decided": "답이 하나뿐이라 그 답으로 이미 진행한 선택입니다.",
    }
    ordered_facts = frozenset({"deck"})
    setup_rule, turn_rule, notation_rule, end_rule = "dominion.setup", "dominion.turn", "dominion.notation", "dominion.end"

    # --- set-up ------------------------------------------------------------------------------------
    def setup(self, players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> DominionState:
        """Supply by player count, 7 Coppers + 3 Estates shuffled per player, 5-card hands (dominion.setup)."""
        n = len(players)
        kingdom = self._kingdom(setup.get("kingdom"), rng)
        victory = 8 if n == 2 else 12
        supply = {COPPER: 60 - 7 * n, SILVER: 40, GOLD: 30, ESTATE: victory, DUCHY: victory, PROVINCE: victory,
                  CURSE: 10 * (n - 1)}
        for card in sorted(kingdom, key=ORDER.__getitem__):
            supply[card] = victory if card == GARDENS else 10
        zones = {}
        for p in players:
            zones[p] = Zones(deck=shuffled(rng, [COPPER] * 7 + [ESTATE] * 3))
        state = DominionState(players=players, rng=rng, options=options, supply=supply,
                              kingdom=sorted(kingdom, key=ORDER.__getitem__), zones=zones,
                              buy_order=_buy_order(tuple(supply)))
        for p in players:
            draw(state, p, 5)
        if setup.keys() - {"kingdom"}:
            self._override(state, setup)
        state.card_total = self._count_cards(state)
        return state

    def _override(self, state: DominionState, setup: dict[str, Any]) -> None:
        """Scenario set-up (dominion.setup): zones per player, supply counts, trash, who starts.

        A player whose zones are named holds exactly the cards written (zones not named are empty).
        Cards placed in zones or the trash come, as at the table, first out of the starting cards
        (7 Coppers and 3 Estates per player) and then out of the supply pile, so no card has more
        copies than the game (60 Coppers in all); starting cards nobody holds stay in the box.
        ``supply`` then sets a pile's count outright.
        """
        starting = Counter({COPPER: 7 * len(state.players), ESTATE: 3 * len(state.players)})
        totals = Counter(state.supply) + starting
        piles: dict[str, int] = {}
        for key, value in setup.items():
            if key == "kingdom":
                continue
            if key == "supply":
                for name, count in _mapping(key, value).items():
                    card = self._card(str(name))
                    if card not in state.supply:
                        raise BadSetup(f"{josa(card, '은')} 이번 게임의 공급처에 없습니다.", rule=self.setup_rule)
                    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= totals[card]:
                        raise BadSetup(f"supply의 {card} 수는 0~{totals[card]} 사이의 정수여야 합니다 "
                                       f"({count}).", rule=self.setup_rule)
                    piles[card] = count
            elif key == "trash":
                state.trash = self._cards(key, value)
            elif key == "first":
                player = self.resolve_player(state, str(value))
                if player is None:
                    raise BadSetup(f"first: {josa(value, '은')} 플레이어가 아닙니다.", rule=self.setup_rule)
                state.active = state.players.index(player)
            else:
                player = self.resolve_player(state, str(key))
                if player is None:
                    raise BadSetup(f"준비 항목 {josa(key, '을')} 알 수 없습니다 (kingdom, supply, trash, first, "
                                   "플레이어 이름).", rule=self.setup_rule)
                zones = state.zones[player] = Zones()
                for zone, cards in _mapping(key, value).items():
                    if zone not in ("hand", "deck", "discard"):
                        raise BadSetup(f"{player}의 준비 항목 {josa(zone, '은')} hand, deck, discard 중 하나여야 합니다.",
                                       rule=self.setup_rule)
                    names = self._cards(f"{player}.{zone}", cards)
                    setattr(zones, zone, names[::-1] if zone == "deck" else names)
        placed = Counter(state.trash)
        for z in state.zones.values():
            placed.update(z.hand + z.deck + z.discard)
        for card, n in placed.items():
            if not totals[card]:
                raise BadSetup(f"{josa(card, '은')} 이번 게임의 왕국 카드가 아닙니다. kingdom에 넣으세요 (지금 왕국: "
                               f"{', '.join(state.kingdom)}).", rule=self.setup_rule)
            if n > totals[card]:
                raise BadSetup(f"준비에서 {josa(card, '을')} {n}장 놓았는데 이 게임에는 {totals[card]}장뿐입니다.",
                               rule=self.setup_rule)
        state.supply = {card: piles.get(card, n - max(0, placed[card] - starting[card])) for card, n in state.supply.items()}

    def _cards(self, key: str, value: Any) -> list[str]:
        if not isinstance(value, list):
            raise BadSetup(f"{key}에는 카드 이름의 목록을 씁니다 (예: [동, 사유지]).", rule=self.setup_rule)
        return [self._card(str(c)) for c in value]

    def completed_setup(self, setup: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """Kingdom cards placed in a player's zones or the trash join the kingdom, each in place of a kingdom
        card placed nowhere (the last first): a card in play must be one of the game's piles (dominion.setup)."""
        out = dict(setup)
        given = out.get("kingdom")
        if not (given is None or (isinstance(given, list) and all(INDEX.get(str(c)) for c in given))):
            return out, []  # "random", or a list the set-up itself will explain
        kingdom = list(FIRST_GAME) if given is None else [INDEX.get(str(c)) for c in given]
        placed = [INDEX.get(str(c)) for c in _placed_cards(out)]
        notes = []
        for card in dict.fromkeys(c for c in placed if c in KINGDOM and c not in kingdom):
            spare = next((k for k in reversed(kingdom) if k not in placed), None)
            if spare is None:
                break
            kingdom[kingdom.index(spare)] = card
            notes.append(f"{josa(card, '을')} 왕국 카드에 넣고 {josa(spare, '을')} 뺐습니다 (놓아 둔 왕국 카드는 "
                         "이번 게임의 왕국 카드 10종 가운데 있어야 합니다).")
        if notes:
            out["kingdom"] = kingdom
        return out, notes

    def _kingdom(self, given: Any, rng: Rng) -> list[str]:
        if given is None:
            return list(FIRST_GAME)
        if given == "random":
            pool = list(SECOND_EDITION)
            rng.shuffle(pool)
            return pool[:10]
        if not isinstance(given, list):
            raise BadSetup("kingdom은 카드 10종의 목록이나 random이어야 합니다.", rule=self.setup_rule, code="bad-kingdom")
        names = [self._card(str(c)) for c in given]
        if len(set(names)) != 10 or any(c not in KINGDOM for c in names):
            raise BadSetup(f"왕국 카드는 서로 다른 10종이어야 합니다: {', '.join(names)}", rule=self.setup_rule,
                           code="bad-kingdom")
        return names

    def _card(self, text: str) -> str:
        card = INDEX.get(text)
        if card is None:
            raise self.unknown_name(text)
        return card

    # --- whose move, which moves -------------------------------------------------------------------
    def current_player(self, state: DominionState) -> str | None:
        if state.phase == "over":
            return None
        return state.pending.player if state.pending is not None else state.players[state.active]

    def legal_moves(self, state: DominionState) -> list[Move]:
        if state.phase == "over":
            return []
        if state.pending is not None:
            return decisions.options(state, state.pending)
        hand = state.zones[state.players[state.active]].hand
        # isdisjoint() first: most hands have no Action, and none once the Treasures are played.
        if state.phase == "action" and state.actions and not ACTIONS.isdisjoint(hand):
            moves = list(ACTION_PLAYS[ACTIONS.intersection(hand)])
        else:
            moves = []
        if not state.bought and not TREASURES.isdisjoint(hand):
            moves += TREASURE_PLAYS[TREASURES.intersection(hand)]
        if state.phase == "buy" and state.buys:
            order, supply, coins = state.buy_order, state.supply, state.coins
            buys, start = _buys(order)
            i = start[coins if coins < len(start) else -1]
            if all(supply.values()):
                moves += buys[i:]  # no pile is empty: every affordable card
            else:
                moves += [BUY[c] for c in order[i:] if supply[c]]
        moves.append(END)
        return moves

    def large_choice(self, state: DominionState) -> Choice | None:
        return decisions.large_choice(state, state.pending) if state.pending is not None else None

    def _legal_now(self, state: DominionState, move: Move) -> bool:
        """Is ``move`` legal now? A card's choice judges it by counting (its list may be partial)."""
        if state.pending is not None:
            return decisions.accepts(state, state.pending, move)
        return move in self.legal_moves(state)

    # --- notation --------------------------------------------------------------------------------
    def names(self, state: DominionState) -> NameIndex:
        return _names(tuple(state.players))

    def parse_args(self, state: DominionState, verb: str, args: list[str]) -> Move:
        if verb in ("end", "pass"):
            if args:
                raise BadNotation(f"{verb}에는 덧붙일 것이 없습니다.", rule=self.notation_rule)
            return PASS if verb == "pass" else END
        if verb == "choose":
            verb = "play"  # the old spelling for Throne Room
        if verb == "shuffle":
            return self._parse_shuffle(state, args)
        if not args:
            raise BadNotation(f"{verb} 다음에 카드 이름을 씁니다 (예: {self.verbs[verb].example}).",
                              rule=self.notation_rule)
        keyword = KEYWORDS.get(args[0].casefold()) if len(args) == 1 else None
        if (verb, keyword) in (("play", "all"), ("discard", "deck")):
            return Move(verb, (keyword,))
        cards = tuple(self._card(a) for a in args)
        many = verb in SORTED_VERBS or verb == "topdeck"
        if len(cards) > 1 and not many:
            raise BadNotation(f"{verb} 다음에는 카드 이름 하나만 씁니다.", rule=self.notation_rule)
        if verb in SORTED_VERBS:
            cards = tuple(sorted(cards, key=ORDER.__getitem__))
        return Move(verb, cards)

    def _parse_shuffle(self, state: DominionState, args: list[str]) -> Move:
        player = self.resolve_player(state, args[0]) if args else None
        if player is None or player == CHANCE or len(args) < 2:
            raise BadNotation("shuffle 다음에는 섞는 플레이어와 새 덱의 맨 위에 올 카드를 맨 위부터 씁니다 "
                              f"(예: {self.verbs['shuffle'].example}).", rule="dominion.notation.shuffle")
        return Move("shuffle", (player, *(self._card(a) for a in args[1:])))

    # --- playing -----------------------------------------------------------------------------------
    def apply(self, state: DominionState, move: Move | str, by: str | None = None) -> DominionState:
        """``Game.apply``, with the state's own fast copies for Move objects when nobody claims to move.

        A move names its player with ``by`` in scenarios: then a choice the engine made by itself is
        confirmed rather than refused (``_confirm``). A scripted shuffle is a move of chance.
        """
        fast = FAST.get(id(move))
        if fast is not None and by is None and state.pending is None and state.phase != "over":
            # The playout path: a move legal_moves built once (so canonical) outside card effects.
            # Playing an Action may change anything, unless it is SELF_ONLY; any other such move changes
            # only its player's cards, the counters and, by replacing it, the supply (DominionState.turn_copy).
            lists, play = fast
            new = state.copy() if lists is None else state.turn_copy(lists)
            if new.forced:
                new.forced = ()
            play(self, new, move)
            return new
        move = self.parse(state, move) if isinstance(move, str) else self.check_move(state, move)
        if move.verb == "shuffle":
            return self._script_shuffle(state, move, by)
        if by is not None and state.phase != "over":
            confirmed = self._confirm(state, move, by)
            if confirmed is not None:
                return confirmed
        if by is not None or state.phase == "over":
            return super().apply(state, move, by)
        if state.pending is None and (move.verb != "play" or move.args[0] not in ACTIONS):
            new = state.turn_copy(CHANGED_LISTS.get(move.verb, ()))  # as above
        else:
            new = state.copy()
        self.play(new, move)
        return new

    def _forced(self, state: DominionState, move: Move) -> tuple[str, str, str] | None:
        """The first choice the engine made that ``move`` names, if the move is not also legal now."""
        text = str(move)
        if not any(done == text for _, done, _ in state.forced) or self._legal_now(state, move):
            return None
        return next(f for f in state.forced if f[1] == text)

    def _confirm(self, state: DominionState, move: Move, by: str) -> DominionState | None:
        """A move naming a choice the engine already made for ``by``: accepted as a no-op, or explained.

        The confirmation is taken off the list; a different move by a player who is not to act, while
        the engine made a choice for them, is refused with what the engine did and why.
        """
        player = self.resolve_player(state, by)
        mine = [(i, f) for i, f in enumerate(state.forced) if f[0] == player]
        if not mine or (player == self.current_player(state) and self._legal_now(state, move)):
            return None  # a move that is legal now means what it says
        i, (_, done, why) = mine[0]
        if str(move) == done:
            new = state.copy()
            new.forced = state.forced[:i] + state.forced[i + 1:]
            return new
        if player != self.current_player(state):
            verb, *args = done.split()
            said = " ".join([f"‘{self.verbs[verb].korean}’" if verb in self.verbs else verb, *args])
            raise IllegalMove(f"{why} ({player}: {said}). 지금은 {self.player_label(self.current_player(state))}의 "
                              "턴입니다.", rule="dominion.notation.forced", code="already-decided", move=move)
        return None

    def _script_shuffle(self, state: DominionState, move: Move, by: str | None) -> DominionState:
        """Fix the top of a player's next new deck (dominion.turn.shuffle); the seed orders the rest."""
        rule = "dominion.notation.shuffle"
        if state.phase == "over":
            raise GameOver("게임이 이미 끝났습니다.", rule=self.end_rule, move=move)
        if by is not None and self.resolve_player(state, by) != CHANCE:
            raise WrongPlayer(f"섞기는 우연에 맡기는 일이라 플레이어가 하지 않습니다 ({by}의 행동이 아닙니다).", rule=rule,
                              move=move)
        player, *cards = move.args
        z = state.zones[player]
        missing = Counter(cards) - Counter([*z.hand, *z.deck, *z.discard, *z.in_play])
        if missing:
            raise IllegalMove(f"{player}에게 {josa(', '.join(missing), '이')} 그만큼 없습니다.", rule=rule,
                              code="bad-shuffle", move=move)
        new = state.copy()
        new.shuffles = state.shuffles + ((player, tuple(cards)),)
        return new

    def play(self, state: DominionState, move: Move) -> None:
        state.forced = ()
        if state.pending is not None:
            decisions.check(state, state.pending, move)
            decisions.resolve(state, move)
        else:
            self._turn_move(state, move)

    def _turn_move(self, state: DominionState, move: Move) -> None:
        """A move of the player whose turn it is, outside card effects."""
        verb = move.verb
        if verb == "end":
            self._end(state, move)
        elif verb == "play" and move.args[0] in ACTIONS:
            self._play_action(state, move)
        elif verb == "play":
            self._play_treasures(state, move)
        elif verb == "buy":
            self._buy(state, move)
        else:
            said = self.verbs[move.verb].korean if move.verb in self.verbs else move.verb
            raise WrongPhase(f"‘{said}’ 행동은 카드 효과가 물을 때만 씁니다. 지금은 "
                             f"{'행동' if state.phase == 'action' else '구매'} 단계입니다.",
                             rule=self.turn_rule, move=move)

    def _play_action(self, state: DominionState, move: Move) -> None:
        """Play an Action from hand for one Action (dominion.turn.action)."""
        rule = "dominion.turn.action"
        card = move.args[0]
        if state.phase != "action":
            raise WrongPhase("행동 카드는 행동 단계에만 낼 수 있습니다.", rule=rule, move=move)
        z = state.zones[state.players[state.active]]
        if card not in z.hand:
            raise IllegalMove(f"손에 {josa(card, '이')} 없습니다.", rule=rule, code="card-not-in-hand", move=move)
        if not state.actions:
            raise IllegalMove("남은 행동이 없어 행동 카드를 더 낼 수 없습니다.", rule=rule, code="no-actions", move=move)
        state.actions -= 1
        z.hand.remove(card)
        z.in_play.append(card)
        player = state.players[state.active]
        if card in SELF_ONLY:
            EFFECTS[card](state, player, True)  # all that the task stack would do (the stack is empty)
        else:
            state.tasks.append(["effect", player, card, "first"])
            decisions.run(state)

    def _play_treasures(self, state: DominionState, move: Move) -> None:
        """Play one Treasure, or every Treasure in hand with ``play all`` (dominion.turn.buy).

        Played during the action phase, a Treasure ends that phase first (the player moves on to buying).
        """
        rule = "dominion.turn.buy"
        z = state.zones[state.players[state.active]]
        if state.bought:
            raise IllegalMove("카드를 산 뒤에는 보물을 더 낼 수 없습니다.", rule=rule,
                              code="treasure-after-buy", move=move)
        card = move.args[0]
        if card == "all":
            cards = list(filter(IS_TREASURE, z.hand))  # filter(): no bytecode per card on the playout path
            if not cards:
                raise IllegalMove("손에 보물이 없습니다.", rule=rule, code="nothing-to-play", move=move)
            z.hand = list(filterfalse(IS_TREASURE, z.hand))
        else:
            if card not in TREASURES:
                raise IllegalMove(f"{josa(card, '은')} 보물 카드가 아니어서 낼 수 없습니다: 구매 단계에 내는 것은 손의 "
                                  "보물이고, 승점 카드와 저주는 내지 않습니다.", rule=rule,
                                  code="not-a-treasure", move=move)
            if card not in z.hand:
                raise IllegalMove(f"손에 {josa(card, '이')} 없습니다.", rule=rule, code="card-not-in-hand", move=move)
            z.hand.remove(card)
            cards = [card]
        state.phase = "buy"
        z.in_play = z.in_play + cards  # replaced, not changed (see CHANGED_LISTS)
        state.coins += sum(map(COIN_VALUE, cards))
        if SILVER in cards and not state.silver_played:
            state.silver_played = True
            state.coins += state.merchants

    def _buy(self, state: DominionState, move: Move) -> None:
        """Buy a card of the supply with the coins made this turn (dominion.turn.buy)."""
        rule = "dominion.turn.buy"
        card = move.args[0]
        supply = state.supply
        if state.phase != "buy":
            raise WrongPhase("카드는 구매 단계에 삽니다. 먼저 행동 단계를 끝내세요.", rule=rule, move=move)
        if card not in supply:
            raise IllegalMove(f"{josa(card, '은')} 이번 게임의 공급처에 없습니다.", rule=rule, code="not-in-supply", move=move)
        if not state.buys:
            raise IllegalMove("이번 턴의 구매 횟수를 다 썼습니다.", rule=rule, code="no-buys", move=move)
        if not supply[card]:
            raise IllegalMove(f"공급처의 {card} 더미가 비었습니다.", rule=rule, code="pile-empty", move=move)
        cost = COST[card]
        if cost > state.coins:
            raise IllegalMove(f"{josa(card, '은')} 비용이 {cost}인데 코인이 {state.coins}뿐입니다.", rule=rule,
                              code="not-enough-coins", move=move)
        state.coins -= cost
        state.buys -= 1
        state.bought = True
        state.supply = supply = supply.copy()  # replaced, not changed: copies outside effects share it
        supply[card] -= 1
        z = state.zones[state.players[state.active]]
        z.discard = [*z.discard, card]  # replaced, not changed (see CHANGED_LISTS)

    def _end(self, state: DominionState, move: Move) -> None:
        """End the action phase; or end the buy phase and clean up: discard hand and play, draw 5, then
        check the end of the game (dominion.turn.cleanup, dominion.end)."""
        if state.phase == "action":
            state.phase = "buy"
            return
        player = state.players[state.active]
        z = state.zones[player]
        z.discard = [*z.discard, *z.in_play, *z.hand]  # replaced, not changed (see CHANGED_LISTS)
        z.in_play = []
        z.hand = []
        draw(state, player, 5)
        z.turns += 1
        state.actions, state.buys, state.coins = 1, 1, 0
        state.bought = state.silver_played = False
        state.merchants = 0
        supply = state.supply
        piles = supply.values()
        if supply[PROVINCE] == 0 or (not all(piles) and list(piles).count(0) >= 3):  # all(): no pile is empty
            state.phase = "over"
        else:
            state.phase = "action"
            state.active = (state.active + 1) % len(state.players)

    # --- describing --------------------------------------------------------------------------------
    def rule_of_move(self, state: DominionState, move: Move) -> str:
        """An answer to a card's choice cites that card (a Moat's, the Moat), as its refusals do; an action card
        played cites its card; treasures (``play all`` too, which also ends the action phase), the buy phase."""
        d = state.pending
        if d is not None and d.source in CARDS:
            return rule_of(MOAT if d.kind == "moat" else d.source)
        if move.verb == "play" and move.args:
            return rule_of(move.args[0]) if move.args[0] in ACTIONS else "dominion.turn.buy"
        return super().rule_of_move(state, move)

    def describe(self, state: DominionState, move: Move) -> str:
        who = self.current_player(state) or ""
        cards = " ".join(move.args)
        d = state.pending
        confirmed = self._forced(state, move)
        if confirmed is not None:
            player, done, why = confirmed
            return f"{player}의 선택({done})을 확인만 합니다: {why}."
        if move.verb == "shuffle":
            player, *top = move.args
            return f"우연: {player}의 다음 섞기에서 새 덱 맨 위부터 {josa(', '.join(top), '이')} 나옵니다(나머지는 시드대로)."
        if d is not None and move.verb == "pass":
            if d.kind == "library":
                return f"{josa(who, '은')} 뽑은 {josa(d.cards[0], '을')} 손에 넣습니다."
            return f"{josa(who, '은')} {d.source}의 선택({decisions.SPECS[d.kind].question})을 하지 않습니다."
        playing = move.verb == "play" and move != PLAY_ALL  # a card named: other moves read as themselves
        if d is not None and d.kind == "throne" and playing:
            return f"{josa(who, '은')} 알현실로 {josa(cards, '을')} 두 번 사용합니다."
        if d is not None and d.kind == "vassal" and playing:
            return f"{josa(who, '은')} 신하로 버린 {josa(cards, '을')} 냅니다(행동을 쓰지 않음)."
        if d is not None and d.kind == "sentry-order":
            below = "".join(f", 그 아래 {c}" for c in move.args[1:])
            return f"{josa(who, '은')} 본 카드를 덱 위에 돌려놓습니다: 맨 위 {move.args[0]}{below}."
        if d is not None and d.target != d.player and move.args:
            return f"{josa(who, '은')} {d.target}의 {josa(cards, '을')} {_VERB_KO[move.verb]}."
        if move == PLAY_ALL:
            return f"{josa(who, '은')} 손의 보물을 모두 냅니다."
        if move == decisions.DISCARD_DECK:
            return f"{josa(who, '은')} 덱 전체를 버린 카드 더미에 놓습니다."
        if move.verb == "end":
            return f"{josa(who, '은')} {'행동' if state.phase == 'action' else '구매'} 단계를 끝냅니다."
        if move.verb == "pass":
            return f"{josa(who, '은')} 아무것도 하지 않고 넘깁니다."
        return f"{josa(who, '은')} {josa(cards, '을')} {_VERB_KO[move.verb]}."

    # --- results and observation -----------------------------------------------------------------
    def vp(self, state: DominionState, player: str) -> int:
        z = state.zones[player]
        owned = [*z.hand, *z.deck, *z.discard, *z.in_play, *z.set_aside]
        total = sum(VP[c] for c in owned)
        return total + owned.count(GARDENS) * (len(owned) // 10)

    def scores(self, state: DominionState) -> dict[str, float]:
        return {p: self.vp(state, p) for p in state.players}

    def winners(self, state: DominionState) -> list[str]:
        """Most VP; a tie goes to whoever had fewer turns; still tied, they share the win (dominion.end)."""
        if state.phase != "over":
            return []
        ranks = {p: (self.vp(state, p), -state.zones[p].turns) for p in state.players}
        best = max(ranks.values())
        return [p for p in state.players if ranks[p] == best]

    def observe(self, state: DominionState) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        active = state.players[state.active]
        for p in state.players:
            z = state.zones[p]
            mine = p == active and state.phase != "over"
            facts.update({
                f"{p}.hand": list(z.hand), f"{p}.deck": z.deck[::-1], f"{p}.deck_size": len(z.deck),
                f"{p}.discard": list(z.discard), f"{p}.in_play": list(z.in_play), f"{p}.set_aside": list(z.set_aside),
                f"{p}.actions": state.actions if mine else 0, f"{p}.buys": state.buys if mine else 0,
                f"{p}.coins": state.coins if mine else 0, f"{p}.vp": self.vp(state, p), f"{p}.turns": z.turns,
            })
        for card, n in state.supply.items():
            facts[f"supply.{card}"] = n
        d = state.pending
        facts.update({
            "trash": list(state.trash), "turn": active, "phase": state.phase, "kingdom": list(state.kingdom),
            "decision": d.kind if d else None, "decider": d.player if d else None,
            "empty_piles": state.empty_piles(),
            "game_over": state.phase == "over", "winners": self.winners(state),
        })
        return facts

    # --- testing hooks -----------------------------------------------------------------------------
    def check_invariants(self, state: DominionState) -> None:
        assert self._count_cards(state) == state.card_total, "cards appeared or vanished"
        assert all(n >= 0 for n in state.supply.values()), "negative supply pile"
        assert state.coins >= 0 and state.buys >= 0 and state.actions >= 0, "negative coins, buys or actions"
        owned = Counter(c for z in state.zones.values() for c in [*z.hand, *z.deck, *z.discard, *z.in_play, *z.set_aside])
        assert all(c in CARDS for c in owned), "unknown card"

    def _count_cards(self, state: DominionState) -> int:
        zones = sum(len(z.hand) + len(z.deck) + len(z.discard) + len(z.in_play) + len(z.set_aside)
                    for z in state.zones.values())
        return zones + sum(state.supply.values()) + len(state.trash)

    def move_universe(self, state: DominionState) -> list[Move]:
        cards = [*BASIC, *state.kingdom]
        moves = [END, PLAY_ALL, Move("pass"), decisions.DISCARD_DECK]
        for c in cards:
            moves += [Move("play", (c,)), Move("buy", (c,)), Move("gain", (c,)), Move("trash", (c,)),
                      Move("discard", (c,)), Move("topdeck", (c,)), Move("keep", (c,)), Move("skip", (c,))]
        moves += [Move("reveal", ("해자",)), Move("discard", (COPPER, COPPER, COPPER, ESTATE, ESTATE)),
                  Move("trash", (COPPER,) * 5)]
        return moves


_VERB_KO = {"play": "냅니다", "buy": "삽니다", "gain": "얻습니다", "trash": "폐기합니다", "discard": "버립니다",
            "topdeck": "덱 위에 올립니다", "reveal": "보여 공격을 막습니다", "keep": "덱 위에 그대로 둡니다",
            "skip": "건너뛰어 옆에 둡니다"}


@functools.cache
def _buy_order(supply: tuple[str, ...]) -> tuple[str, ...]:
    """The supply's cards, dearest first (the order buys are listed in)."""
    return tuple(sorted(supply, key=lambda c: (-COST[c], ORDER[c])))


def _plays(cards: Iterable[str]) -> tuple[Move, ...]:
    return tuple(PLAY[c] for c in sorted(cards, key=ORDER.__getitem__))


class _Plays(dict[frozenset[str], tuple[Move, ...]]):
    """The plays of each set of cards, made when first asked for."""

    def __missing__(self, cards: frozenset[str]) -> tuple[Move, ...]:
        plays = self[cards] = _plays(cards)
        return plays


# The plays legal_moves lists for the Treasures, or the Actions, in a hand, by the set of them (dict
# lookups: legal_moves is on the playout hot path; no lru_cache call, no key tuple).
TREASURE_PLAYS = {frozenset(t): (PLAY_ALL, *_plays(t)) for n in range(1, len(TREASURES) + 1)
                  for t in combinations(TREASURES, n)}
ACTION_PLAYS = _Plays()


@functools.cache
def _buys(order: tuple[str, ...]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The buys of a supply (its cards dearest first), and for each number of coins where the affordable ones start."""
    start = tuple(next(i for i, c in enumerate(order) if COST[c] <= coins) for coins in range(max(COST.values()) + 1))
    return tuple(BUY[c] for c in order), start


@functools.lru_cache(maxsize=64)
def _names(players: tuple[str, ...]) -> NameIndex:
    index = NameIndex({p: () for p in players})
    for card in CARDS.values():
        index.add(card.name, card.english, *card.aliases)
    return index


def _mapping(key: str, value: Any) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise BadSetup(f"준비 항목 {key}에는 '이름: 값' 짝을 씁니다.", rule="dominion.setup")
    return value


# The playout path (see Dominion.apply): for each Move object legal_moves hands out outside card effects
# (these objects live forever, so their ids are stable), the lists its player's copy of the state needs
# (None for an Action that may change anything: a full copy) and the method that plays it.
FAST: dict[int, tuple[tuple[str, ...] | None, Any]] = {
    id(END): ((), Dominion._end), id(PLAY_ALL): ((), Dominion._play_treasures),
    **{id(BUY[c]): ((), Dominion._buy) for c in CARDS},
    **{id(PLAY[c]): (CHANGED_LISTS["play"], Dominion._play_treasures) for c in CARDS if c not in ACTIONS},
    **{id(PLAY[c]): (SELF_ONLY_LISTS if c in SELF_ONLY else None, Dominion._play_action) for c in ACTIONS},
}

GAME = Dominion()


def _placed_cards(setup: Mapping[str, Any]) -> list[Any]:
    """Every card a hand-made set-up places: in the trash and in each player's hand, deck and discard pile."""
    cards = list(setup.get("trash") or []) if isinstance(setup.get("trash"), list) else []
    for key, zones in setup.items():
        if key not in ("kingdom", "supply", "trash", "first") and isinstance(zones, Mapping):
            cards += [c for zone in zones.values() if isinstance(zone, list) for c in zone]
    return cards
