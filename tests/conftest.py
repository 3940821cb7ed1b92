import pytest

from engines.core import register
from tests.fixture.pig import GAME as PIG

register(PIG, "pig", "피그 게임")


@pytest.fixture
def pig():
    return PIG
