"""The main job (examples/digits_train.py, scripts/demo.sh) runs end to end:
a short training, the export, and the served outputs matching the trained
model's from Python, from the C++ program and from the C one."""
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CPP = ROOT / "build/examples/digits_infer"
C = ROOT / "build/examples/digits_infer_c"


def test_digits_train_export_and_serve(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "examples/digits_train.py"), "--epochs", "3",
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Python paddle.inference: test accuracy" in out.stdout and "MATCH" in out.stdout
    accuracy = float(out.stdout.split("eager model: test accuracy ")[1].split("%")[0])
    assert accuracy > 80.0  # three epochs; the full twenty reach about 99%
    if not CPP.exists():
        pytest.skip("build/examples/digits_infer is not built (scripts/build.sh builds it)")
    cpp = subprocess.run([str(CPP), str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert cpp.returncode == 0, cpp.stdout + cpp.stderr
    assert "MATCH" in cpp.stdout and f"accuracy {accuracy:.2f}%" in cpp.stdout
    c = subprocess.run([str(C), str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert c.returncode == 0, c.stdout + c.stderr
    assert "MATCH" in c.stdout and f"accuracy {accuracy:.2f}%" in c.stdout
