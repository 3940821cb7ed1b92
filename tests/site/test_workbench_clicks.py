"""Questions posed in the workbench by clicking only (the board, the pickers, the move buttons, the fact
picker; never the YAML view), each answered in a sentence, then shared as a link and as an embed and
opened again from both."""
import pytest
from playwright.sync_api import expect

from .test_browser import browser, guarded_page, server  # noqa: F401 (fixtures shared with the site test)
from .workbench_user import RUN, User


@pytest.fixture
def user(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    yield User(page, server)
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_carta_religions_permanent_effect_raises_the_hand_size(user):
    user.open("?game=carta_impera_victoria")
    user.new("carta_impera_victoria")
    user.ask("종교 카드를 놓으면 손 한도가 늘어나나요?")
    user.ask_fact("윤주 손 한도")
    assert user.answers() == ["답: 윤주 손 한도는 3입니다."]
    user.zone("윤주", "tableau")
    user.count("종교", 5)
    assert user.answers() == ["답: 윤주 손 한도는 7입니다."]
    editor = user.page.locator(".rbw-editor .cm-content").inner_text()
    assert "tableau:" in editor and "종교: 5" in editor
    expect(user.page.locator(".rbw-verdict .rbw-question")).to_have_text("질문: 종교 카드를 놓으면 손 한도가 늘어나나요?")
