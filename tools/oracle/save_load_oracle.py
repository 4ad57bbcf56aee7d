"""Records PaddlePaddle 3.3.1's paddle.save/paddle.load for tests/data/save_load.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/save_load_oracle.py record
        For each case of save_load_cases.CASES: saves the object with the
        real paddle.save into tests/data/save_load/<case><suffix> and records in
        expected.json the protocol byte, the pickle's structure (what plain
        pickle.load gives, described) and what paddle.load returns (plain,
        return_numpy=True, keep_name_table=True); the same for single tensors
        saved with use_binary_format=True (BINARY_CASES). Also hand-writes
        big_split.pdparams (a state_dict whose array is stored in slices, as
        protocols 2 and 3 store arrays over 1 GiB) and records its load.

    python tools/oracle/save_load_oracle.py check-ours DIR
        Loads the files our paddle.save wrote into DIR (see
        save_load_cases.py) with the real paddle.load, and records in
        ours_in_paddle.json, per case, whether it loaded into the same object
        as the real paddle's own file.
"""
import json
import pathlib
import pickle
import sys

import numpy as np
import paddle

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
from tools.oracle.save_load_cases import (  # noqa: E402
    BIG_SPLIT_MAX_BYTES, BINARY_CASES, CASES, DATA, build, describe,
)


def _loads(path):
    out = {"load": describe(paddle.load(str(path)), paddle.Tensor),
           "load_numpy": describe(paddle.load(str(path), return_numpy=True), paddle.Tensor)}
    keep = paddle.load(str(path), keep_name_table=True)
    if isinstance(keep, dict):
        out["load_keep_name_table"] = describe(keep, paddle.Tensor)
    return out


def _big_split_file(path):
    """What paddle.save writes for save_load_cases.BIG_SPLIT_STATE under
    protocol 2 when the slice limit is BIG_SPLIT_MAX_BYTES, in its key order."""
    w = np.arange(6, dtype="float32")
    per_slice = BIG_SPLIT_MAX_BYTES // 4
    payload = {
        "b": np.ones(2, "float32"),
        "StructuredToParameterName@@": {"w": "linear_9.w_0", "b": "linear_9.b_0"},
        "w@@.0": w[:per_slice], "w@@.1": w[per_slice:],
        "UnpackBigParamInfor@@": {"w": {"OriginShape": (2, 3), "slices": ["w@@.0", "w@@.1"]}},
    }
    with open(path, "wb") as f:
        pickle.dump(payload, f, protocol=2)


def record():
    DATA.mkdir(parents=True, exist_ok=True)
    expected = {}
    for name, (spec, suffix, protocol) in CASES.items():
        path = DATA / (name + suffix)
        paddle.save(build(spec, paddle), str(path), protocol=protocol)
        raw = path.read_bytes()
        with open(path, "rb") as f:
            structure = describe(pickle.load(f, encoding="latin1"))
        expected[name] = {"file": path.name, "protocol": raw[1], "pickle": structure,
                          **_loads(path)}
    for name, spec in BINARY_CASES.items():
        path = DATA / (name + ".pdtensor")
        paddle.save(build(spec, paddle), str(path), use_binary_format=True)
        expected[name] = {"file": path.name, "binary": True, **_loads(path)}
    big = DATA / "big_split.pdparams"
    _big_split_file(big)
    with open(big, "rb") as f:
        structure = describe(pickle.load(f))
    expected["big_split"] = {"file": big.name, "protocol": 2, "pickle": structure, **_loads(big)}
    (DATA / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


def check_ours(ours_dir):
    ours_dir = pathlib.Path(ours_dir)
    result = {}
    files = {name: name + suffix for name, (_, suffix, _) in CASES.items()}
    files.update({name: name + ".pdtensor" for name in BINARY_CASES})
    files["big_split"] = "big_split.pdparams"
    for name, file in files.items():
        mine = _loads(ours_dir / file)
        theirs = _loads(DATA / file)
        result[name] = {"same_as_paddle": mine == theirs, "load": mine["load"]}
    (DATA / "ours_in_paddle.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print({k: v["same_as_paddle"] for k, v in result.items()})


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record()
    else:
        check_ours(sys.argv[2])
