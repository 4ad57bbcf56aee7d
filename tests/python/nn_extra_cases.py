"""The padding-layer and extra-activation cases that
tools/oracle/record_nn_extra.py records with PaddlePaddle 3.3.1 and
test_nn_extra_layers.py replays: name -> (inputs, indices of the inputs to
differentiate, call(paddle, F, *tensors)), as in nn_functional_cases.py."""
import numpy as np


def _pad_cases(c, f):
    seq, img, vol = f(2, 3, 5), f(1, 2, 4, 5), f(1, 2, 3, 4, 3)
    for mode in ("constant", "reflect", "replicate", "circular"):
        c[f"Pad1D_{mode}"] = ([seq], [0], lambda p, F, x, m=mode: p.nn.Pad1D([2, 1], m, 1.5)(x))
        c[f"Pad3D_{mode}"] = ([vol], [0], lambda p, F, x, m=mode: p.nn.Pad3D(
            [1, 2, 0, 1, 2, 1], m, -0.5)(x))
    c["Pad1D_int_nlc"] = ([f(2, 5, 3)], [0],
                          lambda p, F, x: p.nn.Pad1D(2, "reflect", data_format="NLC")(x))
    c["Pad3D_ndhwc"] = ([f(1, 3, 4, 3, 2)], [0], lambda p, F, x: p.nn.Pad3D(
        [0, 1, 1, 0, 2, 2], "replicate", data_format="NDHWC")(x))
    kinds = {"Zero": (), "Reflection": (), "Replication": (), "Circular": ()}
    inputs = {1: seq, 2: img, 3: vol}
    pads = {1: [2, 1], 2: [1, 2, 2, 1], 3: [1, 0, 2, 1, 1, 2]}
    for kind in kinds:
        for d in (1, 2, 3):
            c[f"{kind}Pad{d}D"] = ([inputs[d]], [0], lambda p, F, x, k=kind, d=d: getattr(
                p.nn, f"{k}Pad{d}D")(pads[d])(x))
            c[f"{kind}Pad{d}D_int"] = ([inputs[d]], [0], lambda p, F, x, k=kind, d=d: getattr(
                p.nn, f"{k}Pad{d}D")(1)(x))
    for d in (1, 2, 3):
        c[f"ConstantPad{d}D"] = ([inputs[d]], [0], lambda p, F, x, d=d: getattr(
            p.nn, f"ConstantPad{d}D")(pads[d], 2.5)(x))
    c["ZeroPad2D_nhwc"] = ([f(1, 4, 5, 2)], [0],
                           lambda p, F, x: p.nn.ZeroPad2D([1, 0, 2, 1], data_format="NHWC")(x))
    c["zeropad2d"] = ([img], [0], lambda p, F, x: F.zeropad2d(x, [2, 1, 0, 3]))
    c["zeropad2d_nhwc"] = ([f(1, 4, 5, 2)], [0],
                           lambda p, F, x: F.zeropad2d(x, [1, 1, 1, 0], data_format="NHWC"))


def _activation_cases(c, f):
    x = f(3, 4, 5)
    c["hardshrink"] = ([x], [0], lambda p, F, x: F.hardshrink(x))
    c["hardshrink_1"] = ([x], [0], lambda p, F, x: F.hardshrink(x, threshold=1.0))
    c["softshrink"] = ([x], [0], lambda p, F, x: F.softshrink(x))
    c["softshrink_0.8"] = ([x], [0], lambda p, F, x: F.softshrink(x, 0.8))
    c["tanhshrink"] = ([x], [0], lambda p, F, x: F.tanhshrink(x))
    c["hardtanh"] = ([x], [0], lambda p, F, x: F.hardtanh(x))
    c["hardtanh_bounds"] = ([x], [0], lambda p, F, x: F.hardtanh(x, -0.3, 1.2))
    c["thresholded_relu"] = ([x], [0], lambda p, F, x: F.thresholded_relu(x))
    c["thresholded_relu_value"] = ([x], [0], lambda p, F, x: F.thresholded_relu(x, 0.4, -1.5))
    c["glu"] = ([f(3, 4, 6)], [0], lambda p, F, x: F.glu(x))
    c["glu_axis1"] = ([x], [0], lambda p, F, x: F.glu(x, axis=1))
    c["maxout"] = ([f(2, 6, 3, 2)], [0], lambda p, F, x: F.maxout(x, 3))
    c["maxout_nhwc"] = ([f(2, 3, 2, 4)], [0], lambda p, F, x: F.maxout(x, 2, axis=-1))
    c["maxout_axis3"] = ([f(2, 3, 2, 4)], [0], lambda p, F, x: F.maxout(x, 4, axis=3))
    c["rrelu_eval"] = ([x], [0], lambda p, F, x: F.rrelu(x, 0.1, 0.3, training=False))
    c["logsigmoid"] = ([x], [0], lambda p, F, x: F.logsigmoid(x))
    c["float64_softshrink"] = ([x.astype("float64")], [0], lambda p, F, x: F.softshrink(x, 0.2))
    c["Hardshrink"] = ([x], [0], lambda p, F, x: p.nn.Hardshrink(0.7)(x))
    c["Softshrink"] = ([x], [0], lambda p, F, x: p.nn.Softshrink(0.3)(x))
    c["Tanhshrink"] = ([x], [0], lambda p, F, x: p.nn.Tanhshrink()(x))
    c["Hardtanh"] = ([x], [0], lambda p, F, x: p.nn.Hardtanh(-0.5, 0.5)(x))
    c["ThresholdedReLU"] = ([x], [0], lambda p, F, x: p.nn.ThresholdedReLU(0.2, 0.1)(x))
    c["GLU"] = ([f(2, 3, 5)], [0], lambda p, F, x: p.nn.GLU(axis=0)(x))
    c["Maxout"] = ([f(1, 4, 2, 2)], [0], lambda p, F, x: p.nn.Maxout(2)(x))
    c["RReLU_eval"] = ([x], [0], lambda p, F, x: _eval(p.nn.RReLU())(x))
    # the in-place forms change a non-leaf copy of x: the gradient reaches x through them
    c["relu_"] = ([x], [0], lambda p, F, x: F.relu_(x * 1.0))
    c["tanh_"] = ([x], [0], lambda p, F, x: F.tanh_(x * 1.0))
    c["elu_"] = ([x], [0], lambda p, F, x: F.elu_(x * 1.0, 0.5))
    c["leaky_relu_"] = ([x], [0], lambda p, F, x: F.leaky_relu_(x * 1.0, 0.2))
    c["softmax_"] = ([x], [0], lambda p, F, x: F.softmax_(x * 1.0, axis=1))
    c["hardtanh_"] = ([x], [0], lambda p, F, x: F.hardtanh_(x * 1.0, -0.4, 0.9))
    c["thresholded_relu_"] = ([x], [0], lambda p, F, x: F.thresholded_relu_(x * 1.0, 0.3, 2.0))


def _eval(layer):
    layer.eval()
    return layer


def _cases():
    rng = np.random.default_rng(17)

    def f(*shape):
        return rng.uniform(-2.0, 2.0, shape).astype("float32")

    c = {}
    _pad_cases(c, f)
    _activation_cases(c, f)
    return c


CASES = _cases()
