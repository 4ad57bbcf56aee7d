"""Every public callable of paddle.nn, paddle.nn.functional and
paddle.nn.initializer (and paddle.ParamAttr, paddle.create_parameter) exists
in PaddlePaddle 3.3.1 and takes the same parameters (names, kinds, defaults),
as tools/oracle/nn_signature_oracle.py recorded them."""
import json
import pathlib

import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
import paddle.nn.initializer as I
from nn_signatures import comparable, parameters

RECORDED = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data"
                       / "nn_signatures.json").read_text())


def _public():
    names = {f"paddle.nn.{n}": getattr(nn, n) for n in nn.__all__}
    names.update({f"paddle.nn.functional.{n}": getattr(F, n) for n in F.__all__})
    names.update({f"paddle.nn.initializer.{n}": getattr(I, n) for n in I.__all__})
    names["paddle.ParamAttr"] = paddle.ParamAttr
    names["paddle.create_parameter"] = paddle.create_parameter
    return names


@pytest.mark.parametrize("name, obj", sorted(_public().items()), ids=lambda v: v if isinstance(v, str) else "")
def test_signature_matches_paddlepaddle(name, obj):
    assert name in RECORDED, f"{name} is not public in PaddlePaddle 3.3.1"
    assert comparable(parameters(obj)) == comparable(RECORDED[name])
