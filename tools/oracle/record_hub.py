"""Records PaddlePaddle 3.3.1's paddle.hub on the local repositories under
tests/data/hub (for tests/python/test_hub.py): list, help and load results,
the errors of bad calls, and load_state_dict_from_url of a cached file.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/record_hub.py tests/data/hub

Writes hub.json.
"""
import json
import os
import sys
import tempfile

import paddle


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001  (recording whatever 3.3.1 raises)
        return [type(e).__name__, str(e)]
    return None


def main(out_dir):
    repo = os.path.join(out_dir, "repo")
    out = {"list": paddle.hub.list(repo, source="local"),
           "help": paddle.hub.help(repo, "linear", source="local"),
           "help_none": paddle.hub.help(repo, "doubled", source="local"),
           "doubled": paddle.hub.load(repo, "doubled", source="local", value=3.0)}
    layer = paddle.hub.load(repo, "linear", source="local", in_features=3, out_features=2)
    out["linear_shape"] = list(layer.weight.shape)
    out["bad_source"] = error(lambda: paddle.hub.list(repo, source="web"))
    out["bad_model"] = error(lambda: paddle.hub.load(repo, "nothing", source="local"))
    out["bad_model_type"] = error(lambda: paddle.hub.load(repo, 3, source="local"))
    out["missing_dep"] = error(lambda: paddle.hub.load(os.path.join(out_dir, "missing_dep"),
                                                       "model", source="local"))
    cache = tempfile.mkdtemp()
    paddle.save({"w": paddle.to_tensor([1.0, 2.0])}, os.path.join(cache, "w.pdparams"))
    state = paddle.hub.load_state_dict_from_url("https://host/dir/w.pdparams", cache,
                                                map_location="numpy")
    out["state_numpy"] = state["w"].tolist()
    with open(os.path.join(out_dir, "hub.json"), "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/hub")
