"""The tensor functions give what PaddlePaddle 3.3.1 recorded for the same
calls (tools/oracle/tensor_api_oracle.py): values, dtypes and shapes."""
import json
import pathlib

import numpy as np
import pytest

import paddle

DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "tensor_api"
META = json.loads((DATA / "functions.json").read_text())
RECORDED = np.load(DATA / "functions.npz")
ENV = {"P": paddle, "T": paddle.to_tensor, "np": np,
       **{k[len("input_"):]: RECORDED[k] for k in RECORDED.files if k.startswith("input_")}}


@pytest.mark.parametrize("i", range(len(META["cases"])),
                         ids=[c["src"] for c in META["cases"]])
def test_matches_paddlepaddle(i):
    case = META["cases"][i]
    out = eval(case["src"], ENV)
    parts = list(out) if case["sequence"] else [out]
    assert len(parts) == case["parts"]
    for j, (part, dtype) in enumerate(zip(parts, case["dtypes"])):
        expect = RECORDED[f"case{i}_{j}"]
        assert part.dtype.name == dtype, (j, part.dtype)
        assert part.shape == list(expect.shape), (j, part.shape, expect.shape)
        if expect.dtype.kind == "f":
            np.testing.assert_allclose(part.numpy(), expect, rtol=2e-6, atol=1e-6,
                                       equal_nan=True, err_msg=str(j))
        else:
            np.testing.assert_array_equal(part.numpy(), expect, err_msg=str(j))


METHODS = """gather gather_nd scatter scatter_nd_add scatter_nd index_select masked_select
masked_fill take_along_axis put_along_axis take repeat_interleave index_add where nonzero
topk kthvalue argmax argmin argsort sort unique bucketize cumsum clip tile expand expand_as
broadcast_to flip rot90 roll tril triu diag unstack unbind chunk slice strided_slice moveaxis
isnan isinf isfinite dot bmm mm mv t outer inner diagonal trace numel logsumexp var std
median allclose isclose equal_all increment kron pow_ count_nonzero nansum nanmean""".split()


@pytest.mark.parametrize("name", METHODS)
def test_each_function_is_a_tensor_method(name):
    assert getattr(paddle.Tensor, name) is getattr(paddle, name)


def test_norm_is_a_tensor_method_and_in_paddle_linalg():
    assert paddle.Tensor.norm is paddle.linalg.norm
    assert {"matmul", "norm", "vector_norm", "matrix_norm"} <= set(paddle.linalg.__all__)
