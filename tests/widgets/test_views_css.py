"""views.css styles every class the shared view helpers emit, and every card kind they document."""
import re

from tutor.views import common
from tutor.widgets.common import VIEWS_CSS

CSS = VIEWS_CSS.read_text(encoding="utf-8")


def test_every_class_emitted_by_the_helpers_is_styled():
    html = common.view(common.player("윤주", common.zone("손", ["동", "은"], {"동": "treasure"})
                                     + common.zone("버린 더미", []) + common.stats([("행동", 1)]), active=True)
                       + common.card("시장", "action", note="5") + common.generic_view({"a": [1]}))
    classes = set(re.findall(r'class="([^"]+)"', html))
    emitted = {name for value in classes for name in value.split()}
    styled = set(re.findall(r"\.(rb-[a-z-]+)", CSS))
    assert emitted - styled == set()


def test_every_documented_card_kind_has_a_colour():
    kinds = re.search(r"action, treasure, [^…]*", common.__doc__).group(0)
    for kind in (k.strip() for k in kinds.split(",") if k.strip()):
        assert f'[data-kind="{kind}"]' in CSS, kind


def test_colours_suit_light_and_dark_pages():
    # text inherits the page colour; every background is transparent, a variable or a translucent tint
    assert re.findall(r"(?<![-\w])color:\s*([^;]+);", CSS) and all(
        value in ("inherit", "var(--rb-active)") for value in re.findall(r"(?<![-\w])color:\s*([^;]+);", CSS))
    for value in re.findall(r"background:\s*([^;]+);", CSS):
        assert value == "transparent" or value.startswith("var(--rb-"), value
    for name, alpha in re.findall(r"--(rb-[a-z-]+):\s*rgba\([^)]*,\s*([0-9.]+)\)", CSS):
        assert float(alpha) < 0.5, name
    assert "max-width: 480px" in CSS  # phone width
