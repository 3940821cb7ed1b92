import pytest

from engines.core.korean import josa


@pytest.mark.parametrize("word, particle, expected", [
    ("윤주", "은", "윤주는"), ("민호", "은", "민호는"), ("시장", "을", "시장을"), ("마을", "를", "마을을"),
    ("대장장이", "이", "대장장이가"), ("속주", "가", "속주가"), ("철", "으로", "철로"), ("청동", "로", "청동으로"),
    ("나무", "으로", "나무로"), ("금", "과", "금과"), ("은", "와", "은과"), ("모세", "과", "모세와"),
    (3, "이", "3이"), (2, "이", "2가"), (10, "을", "10을"), (7, "으로", "7로"), (6, "으로", "6으로"),
    ("천재 공학자 A", "을", "천재 공학자 A를"), ("계획 M", "으로", "계획 M으로"), ("레벨 L", "으로", "레벨 L로"),
    ("공성술 I", "을", "공성술 I을"), ("증원 II", "은", "증원 II는"), ("대상행렬 III", "을", "대상행렬 III을"),
    ("공성술 IV", "을", "공성술 IV를"),
    ("Smithy", "을", "Smithy을(를)"), ("Smithy", "으로", "Smithy(으)로"), ("속주(8)", "을", "속주(8)을"),
])
def test_particle_follows_the_last_sound(word, particle, expected):
    assert josa(word, particle) == expected
