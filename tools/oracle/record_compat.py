"""Runs each script of tests/compat with the real PaddlePaddle 3.3.1 and keeps
its output in tests/data/compat/<name>.out, which tests/python/test_compat.py
compares ours with. Run: /work/venvs/paddle/bin/python tools/oracle/record_compat.py
(any Python with paddlepaddle 3.3.1 installed)."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    out_dir = ROOT / "tests/data/compat"
    out_dir.mkdir(parents=True, exist_ok=True)
    for script in sorted((ROOT / "tests/compat").glob("*.py")):
        run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                             cwd="/tmp", timeout=600, check=True)
        (out_dir / (script.stem + ".out")).write_text(run.stdout)
        print(f"{script.name}: {len(run.stdout.splitlines())} lines")


if __name__ == "__main__":
    main()
