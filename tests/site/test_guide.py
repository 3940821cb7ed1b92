"""The scenario written out in the guide (나만의 예제 만들기) really passes `tutor check`."""
import re

from tutor.cli import main
from tutor.site import DOCS


def test_the_guide_example_passes_tutor_check(tmp_path, capsys):
    guide = (DOCS / "guide" / "scenarios.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", guide, re.S).group(1)
    path = tmp_path / "예제.yaml"
    path.write_text(example, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "not-enough-coins" in capsys.readouterr().out  # the rejected step shows its reason
