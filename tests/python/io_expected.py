"""The paddle.io expectations that PaddlePaddle 3.3.1 recorded
(tests/data/io/expected.json, written by tools/oracle/io_oracle.py)."""
import json
import pathlib

EXPECTED = json.loads((pathlib.Path(__file__).resolve().parent.parent / "data" / "io"
                       / "expected.json").read_text())

