"""paddle.hub against PaddlePaddle 3.3.1 (tests/data/hub/hub.json, recorded by
tools/oracle/record_hub.py on the local repositories next to it): list, help,
load and their errors; the github/gitee cache and load_state_dict_from_url
without network access."""
import json
import os
import zipfile

import numpy as np
import pytest

import paddle
from paddle.hapi import hub as hub_impl

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "hub")
REPO = os.path.join(DATA, "repo")
with open(os.path.join(DATA, "hub.json")) as f:
    EXPECTED = json.load(f)


@pytest.fixture(autouse=True)
def _no_bytecode_in_the_fixtures(monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", True)


def test_local_list_help_load():
    assert paddle.hub.list(REPO, source="local") == EXPECTED["list"]
    assert paddle.hub.help(REPO, "linear", source="local") == EXPECTED["help"]
    assert paddle.hub.help(REPO, "doubled", source="local") == EXPECTED["help_none"]
    assert paddle.hub.load(REPO, "doubled", source="local", value=3.0) == EXPECTED["doubled"]
    layer = paddle.hub.load(REPO, "linear", source="local", in_features=3, out_features=2)
    assert isinstance(layer, paddle.nn.Linear)
    assert list(layer.weight.shape) == EXPECTED["linear_shape"]


@pytest.mark.parametrize("case,call", [
    ("bad_source", lambda: paddle.hub.list(REPO, source="web")),
    ("bad_model", lambda: paddle.hub.load(REPO, "nothing", source="local")),
    ("bad_model_type", lambda: paddle.hub.load(REPO, 3, source="local")),
    ("missing_dep", lambda: paddle.hub.load(os.path.join(DATA, "missing_dep"), "model",
                                            source="local")),
])
def test_errors_match_paddlepaddle(case, call):
    kind, message = EXPECTED[case]
    with pytest.raises({"ValueError": ValueError, "RuntimeError": RuntimeError}[kind]) as info:
        call()
    assert str(info.value) == message


def test_local_without_hubconf(tmp_path):
    with pytest.raises(FileNotFoundError, match="hubconf.py does not exist"):
        paddle.hub.list(str(tmp_path), source="local")


def test_remote_sources_use_the_cache_only(tmp_path, monkeypatch):
    monkeypatch.setattr(hub_impl, "HUB_DIR", str(tmp_path))
    with pytest.raises(RuntimeError, match="no network access.*owner_name_main"):
        paddle.hub.list("owner/name", source="github")
    with pytest.raises(RuntimeError, match="owner_name_dev"):
        paddle.hub.load("owner/name:dev", "linear", source="gitee")
    with pytest.raises(ValueError, match="'owner/name\\[:branch\\]'"):
        paddle.hub.list("just-a-name", source="github")
    cached = tmp_path / "owner_name_master"
    cached.mkdir()
    (cached / "hubconf.py").write_text("def answer():\n    return 42\n")
    assert paddle.hub.load("owner/name", "answer", source="gitee") == 42
    assert paddle.hub.list("owner/name", source="gitee") == ["answer"]
    with pytest.raises(RuntimeError, match="force_reload=True asks to download it again"):
        paddle.hub.list("owner/name", source="gitee", force_reload=True)


def test_load_state_dict_from_url(tmp_path, monkeypatch):
    paddle.save({"w": paddle.to_tensor([1.0, 2.0])}, str(tmp_path / "w.pdparams"))
    state = paddle.hub.load_state_dict_from_url("https://host/dir/w.pdparams", str(tmp_path),
                                                map_location="numpy")
    assert state["w"].tolist() == EXPECTED["state_numpy"]
    state = paddle.hub.load_state_dict_from_url("https://host/x", str(tmp_path),
                                                file_name="w.pdparams")
    assert isinstance(state["w"], paddle.Tensor)
    with zipfile.ZipFile(tmp_path / "z.zip", "w") as z:
        z.write(tmp_path / "w.pdparams", "inner.pdparams")
    state = paddle.hub.load_state_dict_from_url("https://host/z.zip", str(tmp_path), None,
                                                map_location="cpu")
    np.testing.assert_array_equal(state["w"].numpy(), [1.0, 2.0])
    monkeypatch.setenv("PADDLE_HOME", str(tmp_path / "home"))
    with pytest.raises(RuntimeError, match="home/hub/checkpoints/m.pdparams does not exist"):
        paddle.hub.load_state_dict_from_url("https://host/m.pdparams")
    with pytest.raises(ValueError, match="map_location must be None or one of"):
        paddle.hub.load_state_dict_from_url("https://host/w.pdparams", str(tmp_path),
                                            map_location="tpu")
