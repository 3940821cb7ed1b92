"""History of the World: the map drawn as a schematic (SVG) from the engine's map data — lands grouped
by region, borders (straits dashed), seas, oceans and wastelands with the lands they touch — with
each land's army in its player's colour and its buildings; then the regions' scoring and the players.

The map data has no coordinates, so the layout is computed: regions start on a circle, their lands
around them, and a few hundred steps of a force layout pull bordering lands together. It depends on
the map alone and is cached.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
from html import escape
from pathlib import Path
from typing import Any

from engines.history_of_the_world.game import world
from engines.history_of_the_world.world import World

from .common import player, stats, view, zone_attr

COLOURS = ("#c0392b", "#27ae60", "#2471a3", "#d4ac0d", "#7d3c98", "#424949")  # one per seat
# Regions in muted earth and slate tones, players in strong colours: no region shares a player's colour.
REGION_TINTS = ("#8d6e63", "#607d8b", "#a1887f", "#546e7a", "#795548", "#90a4ae", "#6d4c41", "#78909c")
ZONE_FILL = {"sea": "#9fc5e8", "ocean": "#6fa8dc", "wasteland": "#f1dca7"}
ZONE_KINDS = {"sea": "바다", "ocean": "대양", "wasteland": "황무지"}
BUILDINGS = {"capital": "수도", "city": "도시", "monument": "기념물"}
LEVELS = {"presence": "주둔", "dominance": "우세", "control": "지배"}
STEPS = {"draft": "카드 고르기", "start": "차례 시작", "invade": "침공", "monuments": "기념물 건설", "scored": "승점 마커"}
# Korean labels of the observable facts (docs/history_of_the_world/facts.md); scenarios keep the keys.
FACTS = {
    "armies": "군대", "armies_left": "카드 위 군대", "buildings": "건축물", "cards": "사건 카드", "catapult": "투석기",
    "deck": "더미", "dice": "주사위", "empire": "제국", "epoch": "시대", "event": "사건 카드", "fleets": "함대·카라반",
    "fort": "요새", "game_over": "게임 끝", "owner": "주인", "played": "쓴 카드", "region": "지역", "reserve": "앞의 군대",
    "retired": "퇴역", "score": "승점", "siege_tokens": "공성 토큰", "step": "단계", "turn": "차례", "winners": "승자",
}
VALUES = {"buildings": BUILDINGS, "region": {**LEVELS, "none": "없음"}, "step": STEPS}

WIDTH, HEIGHT, MARGIN = 500, 480, 40
FORCE_FULL = 40
"""Up to this many places (lands and zones) the force layout runs its full 300 rounds; above, fewer, so that its
work stays that of a map this size."""
FORCE_MOST = 60
"""The most places the force layout draws; a larger map (a scenario may add hundreds of lands) is drawn as a grid,
region by region, in a picture as tall as it needs."""
CELL_WIDTH, CELL_HEIGHT = 100, 40


def render(game: Any, state: Any, viewer: str | None = None) -> str:
    w = world(state)
    facts = game.observe(state)
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(state.players)}
    t = state.turn
    head = stats([("시대", state.epoch, ["epoch"]), ("차례", facts["turn"] or "—"),
                  ("이끄는 카드", facts["empire"] or "—", ["turn"]),
                  ("단계", STEPS[facts["step"]]), ("주사위", " ".join(map(str, facts["dice"])) or "—"),
                  ("함대·카라반", ", ".join(facts["fleets"]) or "—")])
    players = "".join(
        player(p, stats([("승점", facts[f"{p}.score"], ["scores", p]), ("앞의 군대", facts[f"{p}.reserve"]),
                         ("카드 위 군대", facts[f"{p}.armies_left"]), ("공성 토큰", facts[f"{p}.siege_tokens"]),
                         ("제국", facts[f"{p}.empire"] or "—", ["deal", p, "empire"]),
                         ("사건 카드", ", ".join(facts[f"{p}.cards"]) or "—" if viewer in (None, p)
                          else f"{len(facts[f'{p}.cards'])}장 (가려 둠)", ["deal", p, "events"])]),
               active=t is not None and t.player == p)
        for p in state.players)
    return view(f'{head}{_map(state, w, colour)}{_legend(colour)}{_regions(state, w, facts)}'
                f'<div class="rb-row">{players}</div>')


# --- the map ----------------------------------------------------------------------------------------
def _map(state: Any, w: World, colour: dict[str, str]) -> str:
    at = layout(map_shape(w))
    height = max([HEIGHT, *(y + CELL_HEIGHT / 2 for _, y in at.values())])
    tint = {r: REGION_TINTS[i % len(REGION_TINTS)] for i, r in enumerate(w.regions)}
    parts = [f'<svg class="rb-map" viewBox="0 0 {WIDTH} {height:.0f}" role="img" '
             f'aria-label="{escape(w.name)} 지도: 땅, 경계, 바다">']
    for zone, info in w.zones.items():  # a zone's links to its lands, under everything
        for land in info["lands"]:
            parts.append(_line(at[zone], at[land], ZONE_FILL[info["kind"]], 2, "2 3"))
    for a, b in _borders(w):
        dashed = "6 4" if frozenset((a, b)) in w.straits else ""
        parts.append(_line(at[a], at[b], "#888", 1.6, dashed))
    for region in w.regions:  # the region's name at the middle of its lands, behind them
        lands = w.region_lands(region)
        if lands:
            x = sum(at[land][0] for land in lands) / len(lands)
            y = sum(at[land][1] for land in lands) / len(lands)
            parts.append(f'<text x="{x:.0f}" y="{y:.0f}" class="rb-map-region" fill="{tint[region]}" '
                         f'text-anchor="middle" dominant-baseline="middle">{escape(region)}</text>')
    for zone, info in w.zones.items():
        x, y = at[zone]
        parts.append(f'<g class="rb-map-zone"><title>{escape(zone)} ({ZONE_KINDS[info["kind"]]})</title>'
                     f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{_text_width(zone) / 2 + 8:.0f}" ry="12" '
                     f'fill="{ZONE_FILL[info["kind"]]}" fill-opacity="0.85"/>'
                     f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle" font-size="11" '
                     f'font-style="italic" fill="#1c3d5a">{escape(zone)}</text></g>')
    for land, info in w.lands.items():
        parts.append(_land(state, land, info, at[land], tint.get(info.get("region"), "#999"), colour))
    parts.append("</svg>")
    return "".join(parts)


def _land(state: Any, name: str, info: dict[str, Any], at: tuple[float, float], tint: str,
          colour: dict[str, str]) -> str:
    """A land: a box in its region's colour; an army fills it with its player's colour (pale when
    retired); buildings and a fort are small marks under the name; resource icons are dots."""
    land = state.lands[name]
    x, y = at
    width = _text_width(name) + 14
    fill, opacity, text = "#ffffff", "0.9", "#222"
    if land.owner is not None:
        fill, opacity, text = colour[land.owner], "0.45" if land.retired else "0.9", "#fff"
    about = [name] + ([f"{land.owner}{' (퇴역)' if land.retired else ''}"] if land.owner else []) + \
        [BUILDINGS[b] for b in land.buildings] + (["요새"] if land.fort else []) + \
        (["험지"] if info.get("rough") else []) + ([f"자원 {info['resources']}"] if info.get("resources") else [])
    shape = [f'<g class="rb-map-land"{zone_attr(["board", name])}><title>{escape(", ".join(about))}</title>',
             f'<rect x="{x - width / 2:.0f}" y="{y - 13:.0f}" width="{width:.0f}" height="26" rx="6" '
             f'fill="{fill}" fill-opacity="{opacity}" stroke="{tint}" '
             f'stroke-width="{3 if info.get("rough") else 2}"'
             + (' stroke-dasharray="3 2"' if info.get("rough") else "") + "/>",
             f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle" font-size="12" fill="{text}">{escape(name)}</text>']
    marks = [*land.buildings, *(["fort"] if land.fort else [])]
    for i, mark in enumerate(marks):
        shape.append(_mark(mark, x - (len(marks) - 1) * 7 + i * 14, y + 19))
    for i in range(info.get("resources", 0)):
        shape.append(f'<circle cx="{x + width / 2 - 5 - i * 7:.0f}" cy="{y - 13:.0f}" r="3" fill="#d4ac0d" '
                     'stroke="#7a5c00"/>')
    shape.append("</g>")
    return "".join(shape)


def _mark(kind: str, x: float, y: float) -> str:
    """Capital ■, city ●, monument ▲, fort □ — drawn, so no font is needed."""
    if kind == "capital":
        return f'<rect x="{x - 5:.0f}" y="{y - 5:.0f}" width="10" height="10" fill="#333"/>'
    if kind == "city":
        return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="#333"/>'
    if kind == "monument":
        return f'<path d="M{x - 6:.0f} {y + 5:.0f} L{x:.0f} {y - 6:.0f} L{x + 6:.0f} {y + 5:.0f} Z" fill="#8e44ad"/>'
    return f'<rect x="{x - 5:.0f}" y="{y - 5:.0f}" width="10" height="10" fill="none" stroke="#333" stroke-width="2"/>'


def _legend(colour: dict[str, str]) -> str:
    def swatch(svg: str) -> str:
        return f'<svg class="rb-map-key" viewBox="-7 -7 14 14" aria-hidden="true">{svg}</svg>'

    keys = [(swatch(f'<rect x="-6" y="-6" width="12" height="12" rx="2" fill="{c}"/>'), p) for p, c in colour.items()]
    keys += [(swatch(_mark(k, 0, 0)), label) for k, label in
             (("capital", "수도"), ("city", "도시"), ("monument", "기념물"), ("fort", "요새"))]
    keys += [(swatch('<circle r="3.5" fill="#d4ac0d" stroke="#7a5c00"/>'), "자원"),
             (swatch('<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="#888" stroke-width="2" '
                     'stroke-dasharray="3 2"/>'), "험지"),
             (swatch('<line x1="-7" y1="0" x2="7" y2="0" stroke="#888" stroke-width="2" stroke-dasharray="4 3"/>'),
              "해협")]
    items = "".join(f'<span class="rb-map-legend-item">{svg}{escape(label)}</span>' for svg, label in keys)
    return f'<div class="rb-map-legend">{items}</div>'


def _line(a: tuple[float, float], b: tuple[float, float], stroke: str, width: float, dash: str) -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{a[0]:.0f}" y1="{a[1]:.0f}" x2="{b[0]:.0f}" y2="{b[1]:.0f}" stroke="{stroke}" '
            f'stroke-width="{width}"{dashed}/>')


def _borders(w: World) -> list[tuple[str, str]]:
    return sorted({tuple(sorted((a, b))) for a, near in w.neighbours.items() for b in near})


def _text_width(text: str) -> float:
    """Rough width at 12 px: a Hangul syllable is about a square, Latin letters about half."""
    return sum(12 if ord(ch) > 0x1100 else 7 for ch in text)


# --- the regions' scoring ---------------------------------------------------------------------------
def _regions(state: Any, w: World, facts: dict[str, Any]) -> str:
    rows = []
    for region in w.regions:
        values = facts.get(f"region.{region}")
        token = "토큰 없음" if values is None else "주둔·우세·지배 " + "/".join(map(str, values))
        levels = ", ".join(f"{p} {LEVELS[facts[f'{p}.region.{region}']]}" for p in state.players
                           if facts.get(f"{p}.region.{region}", "none") != "none")
        rows.append(f"<tr><th>{escape(region)}</th><td>{escape(token)}</td><td>{escape(levels or '—')}</td></tr>")
    return (f'<table class="rb-facts"><tr><th>지역</th><th>점수 토큰</th><th>세력</th></tr>'
            f'{"".join(rows)}</table>')


# --- layout -----------------------------------------------------------------------------------------
def map_shape(w: World) -> tuple:
    """What the layout depends on, hashable: regions with their lands, borders, zones with their lands."""
    regions = tuple((r, tuple(w.region_lands(r))) for r in w.regions)
    loose = tuple(land for land, info in w.lands.items() if info.get("region") is None)
    zones = tuple((z, tuple(info["lands"])) for z, info in w.zones.items())
    return regions + ((None, loose),), tuple(_borders(w)), zones


@functools.lru_cache(maxsize=8)
def layout(shape: tuple) -> dict[str, tuple[float, float]]:
    """Positions in the SVG's box: the layout stored for a built-in map (``LAYOUTS``), else computed: a force
    layout for a map of up to ``FORCE_MOST`` places, a grid for a larger one."""
    stored = stored_layouts().get(shape_key(shape))
    if stored is not None:
        return {n: (x, y) for n, (x, y) in stored.items()}
    regions, _, zones = shape
    if sum(len(lands) for _, lands in regions) + len(zones) > FORCE_MOST:
        return _grid(shape)
    return force_layout(shape)


def shape_key(shape: tuple) -> str:
    """A short digest of a map's shape, the key of its stored layout."""
    return hashlib.sha256(json.dumps(shape, ensure_ascii=False).encode()).hexdigest()[:16]


LAYOUTS = Path(__file__).with_name("history_of_the_world_layouts.json")
"""The force layouts of the built-in scenarios' maps, computed once (``write_layouts``): a first move in the browser
need not wait for the layout (tens of milliseconds natively, hundreds in Pyodide)."""


@functools.cache
def stored_layouts() -> dict[str, dict[str, list[float]]]:
    return json.loads(LAYOUTS.read_text(encoding="utf-8")) if LAYOUTS.is_file() else {}


def write_layouts(worlds: list[World]) -> None:
    """Store the force layout of each of these maps (the built-in scenarios'), replacing what was stored."""
    shapes = {shape_key(map_shape(w)): map_shape(w) for w in worlds}
    layouts = {key: {n: list(p) for n, p in force_layout(shape).items()} for key, shape in sorted(shapes.items())}
    LAYOUTS.write_text(json.dumps(layouts, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def _grid(shape: tuple) -> dict[str, tuple[float, float]]:
    """A large map's places in rows of cells, region by region (lands without one, then the zones, last)."""
    regions, _, zones = shape
    names = [land for _, lands in regions for land in lands] + [zone for zone, _ in zones]
    columns = WIDTH // CELL_WIDTH
    return {n: ((i % columns + 0.5) * CELL_WIDTH, MARGIN / 1.5 + (i // columns + 0.5) * CELL_HEIGHT)
            for i, n in enumerate(names)}


def force_layout(shape: tuple) -> dict[str, tuple[float, float]]:
    """A deterministic force layout (Fruchterman–Reingold), its labels then pushed apart."""
    regions, borders, zones = shape
    pos: dict[str, list[float]] = {}
    groups = [lands for _, lands in regions if lands]
    regional = [lands for region, lands in regions if lands and region is not None]
    for g, lands in enumerate(groups):
        angle = 2 * math.pi * g / max(1, len(groups)) - math.pi / 2
        cx, cy = math.cos(angle) * 0.6, math.sin(angle) * 0.6
        for i, land in enumerate(lands):
            a = 2 * math.pi * i / max(1, len(lands))
            pos[land] = [round(cx + 0.18 * math.cos(a), 6), round(cy + 0.18 * math.sin(a), 6)]
    for i, (zone, lands) in enumerate(zones):  # at the middle of its lands (a zone with none: near the centre)
        n = len(lands) or 1
        pos[zone] = [sum(pos[land][0] for land in lands) / n + 0.01 * (i + 1),
                     sum(pos[land][1] for land in lands) / n + 0.013 * (i + 1)]
    springs = [(a, b, 1.0) for a, b in borders]
    springs += [(zone, land, 0.35) for zone, lands in zones for land in lands]
    springs += [(a, b, 0.25) for lands in regional for i, a in enumerate(lands) for b in lands[i + 1:]]
    nodes = list(pos)
    k = 1.6 / math.sqrt(len(nodes))
    heat = 0.12
    for _ in range(300 if len(nodes) <= FORCE_FULL else 300 * FORCE_FULL ** 2 // len(nodes) ** 2):
        move = {n: [0.0, 0.0] for n in nodes}
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = math.hypot(dx, dy) or 1e-3
                push = k * k / d
                move[a][0] += dx / d * push
                move[a][1] += dy / d * push
                move[b][0] -= dx / d * push
                move[b][1] -= dy / d * push
        for a, b, weight in springs:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.hypot(dx, dy) or 1e-3
            pull = weight * d * d / k
            move[a][0] -= dx / d * pull
            move[a][1] -= dy / d * pull
            move[b][0] += dx / d * pull
            move[b][1] += dy / d * pull
        for n in nodes:  # gravity keeps what is linked to little (a partial map's seas) near the rest
            move[n][0] -= pos[n][0] * 0.4
            move[n][1] -= pos[n][1] * 0.4
            d = math.hypot(*move[n]) or 1e-3
            step = min(d, heat)
            pos[n][0] += move[n][0] / d * step
            pos[n][1] += move[n][1] / d * step
        heat *= 0.985
        for n in nodes:  # the same picture in the browser's Python, whose math library may differ in the last bit
            pos[n] = [round(pos[n][0], 6), round(pos[n][1], 6)]
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    span_x, span_y = (max(xs) - min(xs)) or 1, (max(ys) - min(ys)) or 1
    at = {n: [MARGIN + (p[0] - min(xs)) / span_x * (WIDTH - 2 * MARGIN),
              MARGIN / 1.5 + (p[1] - min(ys)) / span_y * (HEIGHT - 2 * MARGIN)] for n, p in pos.items()}
    _separate(at)
    return {n: (x, y) for n, (x, y) in at.items()}


def _separate(at: dict[str, list[float]]) -> None:
    """Push apart labels whose boxes overlap (in pixels), keeping them inside the picture."""
    half = {n: (_text_width(n) / 2 + 10, 17) for n in at}
    for _ in range(60):
        moved = False
        names = list(at)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx, dy = at[b][0] - at[a][0], at[b][1] - at[a][1]
                over_x = half[a][0] + half[b][0] - abs(dx)
                over_y = half[a][1] + half[b][1] - abs(dy)
                if over_x > 0 and over_y > 0:
                    moved = True
                    if over_y < over_x:
                        shift = (over_y / 2 + 0.5) * (1 if dy >= 0 else -1)
                        at[a][1] -= shift
                        at[b][1] += shift
                    else:
                        shift = (over_x / 2 + 0.5) * (1 if dx >= 0 else -1)
                        at[a][0] -= shift
                        at[b][0] += shift
        for n, (w, h) in half.items():
            at[n][0] = min(max(at[n][0], w), WIDTH - w)
            at[n][1] = min(max(at[n][1], h), HEIGHT - h)
        if not moved:
            break
