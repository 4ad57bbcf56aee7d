"""The code blocks of the guides run, in order, as a reader would run them
(docs/en/quickstart.md and its Chinese twin, which has the same code)."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUIDES = ["quickstart.md"]


def code_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


@pytest.mark.parametrize("guide", GUIDES)
def test_guide_code_runs_and_both_languages_show_the_same_code(guide, capsys):
    en = code_blocks(ROOT / "docs/en" / guide)
    zh = code_blocks(ROOT / "docs/zh" / guide)
    assert en, f"docs/en/{guide} has no python code blocks"
    strip = lambda block: re.sub(r"#.*", "", block)  # comments are translated
    assert [strip(b) for b in zh] == [strip(b) for b in en]
    namespace = {}
    for block in en:
        exec(compile(block, f"docs/en/{guide}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "last loss" in out and out.strip().endswith("0.0")
