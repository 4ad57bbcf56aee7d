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


def _vision_cases(c, f):
    img = f(2, 8, 3, 4)
    c["pixel_shuffle"] = ([img], [0], lambda p, F, x: F.pixel_shuffle(x, 2))
    c["pixel_shuffle_nhwc"] = ([f(1, 3, 2, 18)], [0],
                               lambda p, F, x: F.pixel_shuffle(x, 3, data_format="NHWC"))
    c["pixel_unshuffle"] = ([f(2, 3, 4, 6)], [0], lambda p, F, x: F.pixel_unshuffle(x, 2))
    c["pixel_unshuffle_nhwc"] = ([f(1, 6, 4, 3)], [0],
                                 lambda p, F, x: F.pixel_unshuffle(x, 2, data_format="NHWC"))
    c["channel_shuffle"] = ([f(2, 6, 2, 3)], [0], lambda p, F, x: F.channel_shuffle(x, 3))
    c["channel_shuffle_nhwc"] = ([f(1, 2, 3, 6)], [0],
                                 lambda p, F, x: F.channel_shuffle(x, 2, data_format="NHWC"))
    c["PixelShuffle"] = ([img], [0], lambda p, F, x: p.nn.PixelShuffle(2)(x))
    c["PixelUnshuffle"] = ([f(1, 2, 6, 3)], [0], lambda p, F, x: p.nn.PixelUnshuffle(3)(x))
    c["ChannelShuffle"] = ([img], [0], lambda p, F, x: p.nn.ChannelShuffle(4)(x))
    c["Unflatten"] = ([f(2, 12, 3)], [0], lambda p, F, x: p.nn.Unflatten(1, [3, -1])(x))
    c["unfold"] = ([f(2, 3, 5, 6)], [0], lambda p, F, x: F.unfold(x, 2))
    c["unfold_full"] = ([f(2, 3, 7, 6)], [0], lambda p, F, x: F.unfold(
        x, [3, 2], strides=[2, 1], paddings=[1, 0, 2, 1], dilations=[1, 2]))
    c["unfold_pad2"] = ([f(1, 2, 4, 4)], [0], lambda p, F, x: F.unfold(x, 3, 2, [1, 2]))
    c["fold"] = ([f(2, 12, 12)], [0], lambda p, F, x: F.fold(x, [4, 5], 2))
    # PaddlePaddle's fold checks the block count with symmetric paddings: [h, w] only
    c["fold_full"] = ([f(1, 12, 12)], [0], lambda p, F, x: F.fold(
        x, [5, 6], [3, 2], strides=[2, 1], paddings=[1, 0], dilations=[1, 2]))
    c["Unfold"] = ([f(1, 2, 5, 5)], [0], lambda p, F, x: p.nn.Unfold(3, paddings=1, strides=2)(x))
    c["Fold"] = ([f(1, 8, 9)], [0], lambda p, F, x: p.nn.Fold(4, 2, strides=1, dilations=1,
                                                              paddings=0)(x))
    a, b = f(4, 5), f(4, 5)
    c["pairwise_distance"] = ([a, b], [0, 1], lambda p, F, x, y: F.pairwise_distance(x, y))
    c["pairwise_distance_p1_keepdim"] = (
        [a, b], [0, 1], lambda p, F, x, y: F.pairwise_distance(x, y, 1.0, 1e-3, True))
    c["pairwise_distance_p3"] = ([a, b], [0, 1], lambda p, F, x, y: F.pairwise_distance(x, y, 3.0))
    c["pairwise_distance_inf"] = (
        [a, b], [0, 1], lambda p, F, x, y: F.pairwise_distance(x, y, float("inf")))
    c["pairwise_distance_broadcast"] = (
        [a, f(5)], [0, 1], lambda p, F, x, y: F.pairwise_distance(x, y))
    c["PairwiseDistance"] = ([a, b], [0, 1], lambda p, F, x, y: p.nn.PairwiseDistance(2.5)(x, y))
    c["CosineSimilarity"] = ([a, b], [0, 1],
                             lambda p, F, x, y: p.nn.CosineSimilarity(axis=0)(x, y))
    c["local_response_norm"] = ([img], [0], lambda p, F, x: F.local_response_norm(x, 3))
    c["local_response_norm_even"] = ([img], [0], lambda p, F, x: F.local_response_norm(
        x, 4, alpha=0.5, beta=0.6, k=2.0))
    c["local_response_norm_ncl"] = ([f(2, 5, 4)], [0], lambda p, F, x: F.local_response_norm(
        x, 5, 0.3, data_format="NCL"))
    c["local_response_norm_nhwc"] = ([f(1, 3, 2, 6)], [0], lambda p, F, x: F.local_response_norm(
        x, 3, 0.2, data_format="NHWC"))
    c["local_response_norm_ndhwc"] = ([f(1, 2, 2, 2, 4)], [0], lambda p, F, x:
                                      F.local_response_norm(x, 2, 0.4, data_format="NDHWC"))
    c["LocalResponseNorm"] = ([f(1, 6, 3, 3, 2)], [0], lambda p, F, x: p.nn.LocalResponseNorm(
        3, 0.1, data_format="NCDHW")(x))
    c["InstanceNorm3D"] = ([f(2, 3, 2, 3, 2)], [0], lambda p, F, x: p.nn.InstanceNorm3D(3)(x))
    c["dropout2d_eval"] = ([img], [], lambda p, F, x: F.dropout2d(x, 0.3, training=False))
    c["alpha_dropout_eval"] = ([img], [], lambda p, F, x: F.alpha_dropout(x, training=False))
    c["diag_embed"] = ([f(2, 3)], [], lambda p, F, x: F.diag_embed(x, 1, 0, 2))
    c["sequence_mask"] = ([np.array([[1, 4], [0, 2]], "int64")], [],
                          lambda p, F, x: F.sequence_mask(x))
    c["sequence_mask_maxlen"] = ([np.array([3, 1, 5], "int32")], [],
                                 lambda p, F, x: F.sequence_mask(x, 4, "float32"))


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
    _vision_cases(c, f)
    return c


CASES = _cases()
