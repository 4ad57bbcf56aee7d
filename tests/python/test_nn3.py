"""1-D/3-D convolutions and pools and transposed convolutions against
PaddlePaddle 3.3.1: the outputs and input gradients of nn3_cases.py that
tools/oracle/record_nn3.py recorded (tests/data/nn3), the layers' parameter
names and shapes, and the errors bad arguments raise."""
import json
import pathlib

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from nn3_cases import CASES, LAYERS
from nn_functional_cases import cotangent

DATA_DIR = pathlib.Path(__file__).resolve().parents[1] / "data" / "nn3"
DATA = np.load(DATA_DIR / "cases.npz")
LAYER_PARAMS = json.loads((DATA_DIR / "layers.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_paddlepaddle(name):
    inputs, diff, call = CASES[name]
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    outs = call(paddle, F, *tensors)
    outs = outs if isinstance(outs, tuple) else (outs,)
    for k, o in enumerate(outs):
        want = DATA[f"{name}:out:{k}"]
        assert o.shape == list(want.shape), f"output {k}"
        assert o.numpy().dtype == want.dtype, f"output {k}"
        np.testing.assert_allclose(o.numpy(), want, rtol=1e-4, atol=1e-5, err_msg=f"output {k}")
    weight = paddle.to_tensor(cotangent(outs[0].shape, name))
    grads = paddle.grad([(outs[0] * weight).sum()], [tensors[i] for i in diff])
    for i, g in zip(diff, grads):
        np.testing.assert_allclose(g.numpy(), DATA[f"{name}:grad:{i}"], rtol=1e-4, atol=1e-5,
                                   err_msg=f"gradient of input {i}")


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_parameters(name):
    layer = LAYERS[name](paddle.nn)
    got = [[n, list(p.shape)] for n, p in layer.named_parameters()]
    assert got == LAYER_PARAMS[name]


def test_default_weight_initializers():
    paddle.seed(3)
    conv = paddle.nn.Conv1D(16, 32, 9)  # N(0, 2 / (16 * 9))
    assert abs(conv.weight.numpy().std() - (2.0 / 144) ** 0.5) < 0.01
    assert not conv.bias.numpy().any()
    up = paddle.nn.Conv2DTranspose(16, 16, 3)  # XavierUniform over fan_in = fan_out = 144
    limit = (6.0 / (144 + 144)) ** 0.5
    w = np.abs(up.weight.numpy())
    assert w.max() <= limit and w.max() > 0.95 * limit


def test_layers_run_their_functionals():
    x = paddle.randn([2, 4, 9])
    conv = paddle.nn.Conv1D(4, 6, 3, padding=1, data_format="NCL")
    want = F.conv1d(x, conv.weight, conv.bias, padding=1)
    np.testing.assert_allclose(conv(x).numpy(), want.numpy(), rtol=1e-6)
    up = paddle.nn.Conv2DTranspose(4, 3, 3, stride=2)
    assert up(paddle.randn([1, 4, 5, 5]), output_size=[12, 12]).shape == [1, 3, 12, 12]
    assert paddle.nn.Conv1DTranspose(4, 2, 3, stride=2, output_padding=1)(x).shape == [2, 2, 20]
    assert paddle.nn.Conv3D(2, 3, 3, padding=1)(paddle.randn([1, 2, 4, 4, 4])).shape == \
        [1, 3, 4, 4, 4]
    assert paddle.nn.MaxPool1D(2)(x).shape == [2, 4, 4]
    assert paddle.nn.AvgPool1D(3, 1, 1)(x).shape == [2, 4, 9]
    assert paddle.nn.AdaptiveAvgPool1D(3)(x).shape == [2, 4, 3]
    out, mask = paddle.nn.AdaptiveMaxPool1D(3, return_mask=True)(x)
    assert out.shape == mask.shape == [2, 4, 3]
    vol = paddle.randn([1, 2, 4, 6, 6])
    assert paddle.nn.MaxPool3D(2)(vol).shape == [1, 2, 2, 3, 3]
    assert paddle.nn.AvgPool3D(2, divisor_override=4)(vol).shape == [1, 2, 2, 3, 3]
    assert paddle.nn.AdaptiveAvgPool3D(1)(vol).shape == [1, 2, 1, 1, 1]
    assert paddle.nn.AdaptiveMaxPool3D([2, 3, 3])(vol).shape == [1, 2, 2, 3, 3]


def test_reprs():
    assert repr(paddle.nn.Conv1D(4, 6, 3)) == "Conv1D(4, 6, kernel_size=[3], data_format=NCL)"
    assert repr(paddle.nn.Conv2DTranspose(4, 6, 3, stride=2, output_padding=1)) == (
        "Conv2DTranspose(4, 6, kernel_size=[3, 3], stride=[2, 2], output_padding=1, "
        "data_format=NCHW)")
    assert repr(paddle.nn.MaxPool1D(2)) == "MaxPool1D(kernel_size=2, stride=None, padding=0)"
    assert repr(paddle.nn.AdaptiveMaxPool3D(2)) == \
        "AdaptiveMaxPool3D(output_size=2, return_mask=False)"


def test_conv_padding_modes():
    x = paddle.randn([1, 2, 6])
    conv = paddle.nn.Conv1D(2, 3, 3, padding=1, padding_mode="reflect")
    padded = np.pad(x.numpy(), [(0, 0), (0, 0), (1, 1)], mode="reflect")
    want = F.conv1d(paddle.to_tensor(padded), conv.weight, conv.bias)
    np.testing.assert_allclose(conv(x).numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    vol = paddle.randn([1, 2, 3, 3, 3])
    conv3 = paddle.nn.Conv3D(2, 3, 3, padding=1, padding_mode="circular")
    padded = np.pad(vol.numpy(), [(0, 0), (0, 0), (1, 1), (1, 1), (1, 1)], mode="wrap")
    want = F.conv3d(paddle.to_tensor(padded), conv3.weight, conv3.bias)
    np.testing.assert_allclose(conv3(vol).numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


def test_conv3d_transpose_is_not_available():
    layer = paddle.nn.Conv3DTranspose(2, 4, 2)
    with pytest.raises(NotImplementedError, match="conv3d_transpose"):
        layer(paddle.ones([1, 2, 3, 3, 3]))
    with pytest.raises(ValueError, match="channels"):  # arguments are still checked first
        F.conv3d_transpose(paddle.ones([1, 3, 3, 3, 3]), paddle.ones([2, 4, 2, 2, 2]))


@pytest.mark.parametrize("call, error, match", [
    (lambda: F.conv1d(paddle.ones([1, 3, 8, 1]), paddle.ones([2, 3, 3])), ValueError, "3-D"),
    (lambda: F.conv1d(paddle.ones([1, 3, 8]), paddle.ones([2, 2, 3])), ValueError, "channels"),
    (lambda: F.conv1d(paddle.ones([1, 3, 8]), paddle.ones([2, 3, 3]), data_format="NCHW"),
     ValueError, "data_format"),
    (lambda: F.conv1d(paddle.ones([1, 3, 8]), paddle.ones([2, 3, 3]), padding="full"),
     ValueError, "padding"),
    (lambda: F.conv1d(paddle.ones([1, 3, 8]), paddle.ones([2, 3, 3]), stride=0),
     ValueError, "stride"),
    (lambda: F.conv1d(paddle.ones([1, 4, 8]), paddle.ones([3, 2, 3]), groups=2),
     ValueError, "divisible"),
    (lambda: F.conv1d([[1.0]], paddle.ones([2, 3, 3])), TypeError, "x"),
    (lambda: F.conv3d(paddle.ones([1, 2, 4, 4]), paddle.ones([2, 2, 3, 3, 3])), ValueError, "5-D"),
    (lambda: F.conv3d(paddle.ones([1, 2, 4, 4, 4]), paddle.ones([2, 2, 3, 3, 3]),
                      bias=paddle.ones([3])), ValueError, "bias"),
    (lambda: F.conv3d(paddle.ones([1, 2, 4, 4, 4]), paddle.ones([2, 2, 3, 3, 3]),
                      padding=[1, 2]), ValueError, "padding"),
    (lambda: F.conv2d_transpose(paddle.ones([1, 2, 4, 4]), paddle.ones([3, 2, 3, 3])),
     ValueError, "channels"),
    (lambda: F.conv2d_transpose(paddle.ones([1, 2, 4, 4]), paddle.ones([2, 2, 3, 3]),
                                output_padding=1, output_size=[6, 6]),
     ValueError, "mutually exclusive"),
    (lambda: F.conv1d_transpose(paddle.ones([1, 2, 4]), paddle.ones([2, 2, 3]),
                                output_padding=-1), ValueError, "output_padding"),
    (lambda: F.max_pool1d(paddle.ones([1, 2, 4, 4]), 2), ValueError, "3-D"),
    (lambda: F.max_pool1d(paddle.ones([1, 2, 8]), 0), ValueError, "kernel_size"),
    (lambda: F.avg_pool1d(paddle.ones([1, 2, 8]), 2, padding="VALID", ceil_mode=True),
     ValueError, "ceil_mode"),
    (lambda: F.adaptive_avg_pool1d(paddle.ones([1, 2, 8]), [2, 2]), ValueError, "output_size"),
    (lambda: F.max_pool3d(paddle.ones([1, 2, 4, 4]), 2), ValueError, "5-D"),
    (lambda: F.max_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2, return_mask=True,
                          data_format="NDHWC"), ValueError, "NCDHW"),
    (lambda: F.avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2, data_format="NCHW"),
     ValueError, "data_format"),
    (lambda: F.avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2, divisor_override=-1),
     ValueError, "divisor_override"),
    (lambda: F.adaptive_avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), [2, 2]), ValueError,
     "output_size"),
    (lambda: paddle.nn.Conv1D(3, 4, 3, groups=2), ValueError, "divisible"),
    (lambda: paddle.nn.Conv3D(2, 4, 3, data_format="NCHW"), ValueError, "data_format"),
    (lambda: paddle.nn.Conv1D(2, 4, 3, padding_mode="edge"), ValueError, "padding_mode"),
    (lambda: paddle.nn.Conv1D(2, 4, 3, padding=[1, 1], padding_mode="reflect"), TypeError,
     "padding"),
    (lambda: paddle.nn.Conv2DTranspose(0, 4, 3), ValueError, "in_channels"),
])
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()
