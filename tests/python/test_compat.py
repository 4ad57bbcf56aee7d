"""Scripts written for the real PaddlePaddle (tests/compat) run unchanged here
and print what PaddlePaddle 3.3.1 printed (tests/data/compat, recorded by
tools/oracle/record_compat.py): the same words, numbers within float32 round-off."""
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "tests/compat").glob("*.py"))
NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?|-?\d+(?:e[-+]?\d+)?")


def split(text):
    """(the text with every number replaced by #, the numbers)."""
    return NUMBER.sub("#", text), [float(n) for n in NUMBER.findall(text)]


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_script_prints_what_paddlepaddle_printed(script):
    expected = (ROOT / "tests/data/compat" / (script.stem + ".out")).read_text()
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         cwd="/tmp", timeout=300)
    assert run.returncode == 0, run.stderr
    for line_no, (want, got) in enumerate(zip(expected.splitlines(), run.stdout.splitlines()), 1):
        want_words, want_numbers = split(want)
        got_words, got_numbers = split(got)
        assert got_words == want_words, f"line {line_no}: {got!r} != {want!r}"
        for w, g in zip(want_numbers, got_numbers):
            assert abs(w - g) <= 1e-5 + 1e-5 * abs(w), f"line {line_no}: {got!r} != {want!r}"
    assert len(run.stdout.splitlines()) == len(expected.splitlines())
