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
    c["Pad2D_reflect"] = ([img], [0], lambda p, F, x: p.nn.Pad2D([1, 2, 0, 1], "reflect")(x))
    c["Pad2D_int_nhwc"] = ([f(1, 3, 4, 2)], [0], lambda p, F, x: p.nn.Pad2D(
        1, value=2.0, data_format="NHWC")(x))
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
    theta2, theta3 = f(2, 2, 3), f(2, 3, 4)
    c["affine_grid"] = ([theta2], [0], lambda p, F, t: F.affine_grid(t, [2, 3, 4, 5]))
    c["affine_grid_edges"] = ([theta2], [0], lambda p, F, t: F.affine_grid(
        t, [2, 1, 3, 1], align_corners=False))
    c["affine_grid_3d"] = ([theta3], [0], lambda p, F, t: F.affine_grid(t, [2, 1, 2, 3, 4]))
    c["affine_grid_3d_edges"] = ([theta3], [0], lambda p, F, t: F.affine_grid(
        t, [2, 1, 3, 2, 2], align_corners=False))
    table = f(6, 3)
    ids = np.array([[0, 2], [2, 5]], "int64")
    c["embedding_renorm_"] = ([ids, table], [], lambda p, F, x, w: F.embedding_renorm_(x, w, 1.5))
    c["embedding_renorm_p1"] = ([ids, table], [], lambda p, F, x, w:
                                F.embedding_renorm_(x, w, 2.0, 1.0))
    rng = np.random.default_rng(37)
    beams = rng.integers(0, 3, (5, 2, 3)).astype("int64")
    c["gather_tree"] = ([rng.integers(0, 50, (5, 2, 3)).astype("int64"), beams], [],
                        lambda p, F, i, b: F.gather_tree(i, b))
    c["gather_tree_int32"] = ([rng.integers(0, 50, (4, 1, 2)).astype("int32"),
                               rng.integers(0, 2, (4, 1, 2)).astype("int32")], [],
                              lambda p, F, i, b: F.gather_tree(i, b))
    c["sequence_mask"] = ([np.array([[1, 4], [0, 2]], "int64")], [],
                          lambda p, F, x: F.sequence_mask(x))
    c["sequence_mask_maxlen"] = ([np.array([3, 1, 5], "int32")], [],
                                 lambda p, F, x: F.sequence_mask(x, 4, "float32"))


def _loss_cases(c, f):
    rng = np.random.default_rng(23)
    sign = rng.choice([-1.0, 1.0], (6,)).astype("float32")
    a, b = f(6), f(6)
    c["margin_ranking_loss"] = ([a, b, sign], [0, 1], lambda p, F, x, y, s:
                                F.margin_ranking_loss(x, y, s))
    c["margin_ranking_loss_sum"] = ([a, b, sign], [0, 1], lambda p, F, x, y, s:
                                    F.margin_ranking_loss(x, y, s, 0.7, "sum"))
    c["MarginRankingLoss_none"] = ([a, b, sign], [0, 1], lambda p, F, x, y, s:
                                   p.nn.MarginRankingLoss(0.3, "none")(x, y, s))
    c["hinge_embedding_loss"] = ([a, sign], [0], lambda p, F, x, s: F.hinge_embedding_loss(x, s))
    c["HingeEmbeddingLoss_none"] = ([a, sign], [0], lambda p, F, x, s:
                                    p.nn.HingeEmbeddingLoss(0.5, "none")(x, s))
    e1, e2 = f(6, 4), f(6, 4)
    isign = sign.astype("int64")
    c["cosine_embedding_loss"] = ([e1, e2, isign], [0, 1], lambda p, F, x, y, s:
                                  F.cosine_embedding_loss(x, y, s))
    c["CosineEmbeddingLoss_margin_sum"] = ([e1, e2, sign], [0, 1], lambda p, F, x, y, s:
                                           p.nn.CosineEmbeddingLoss(0.2, "sum")(x, y, s))
    c["cosine_embedding_loss_1d"] = ([e1[0], e2[0], isign[:1]], [0, 1], lambda p, F, x, y, s:
                                     F.cosine_embedding_loss(x, y, s, -0.5, "none"))
    signs = rng.choice([-1, 1], (6, 4)).astype("int64")
    c["soft_margin_loss"] = ([e1, signs], [0], lambda p, F, x, s: F.soft_margin_loss(x, s))
    c["SoftMarginLoss_none"] = ([e1, signs.astype("float32")], [0], lambda p, F, x, s:
                                p.nn.SoftMarginLoss("none")(x, s))
    multi = rng.integers(0, 2, (6, 4)).astype("float32")
    w4 = rng.uniform(0.5, 2.0, (4,)).astype("float32")
    c["multi_label_soft_margin_loss"] = ([e1, multi], [0], lambda p, F, x, y:
                                         F.multi_label_soft_margin_loss(x, y))
    c["MultiLabelSoftMarginLoss_weight"] = ([e1, multi, w4], [0], lambda p, F, x, y, w:
                                            p.nn.MultiLabelSoftMarginLoss(w, "none")(x, y))
    classes = rng.integers(0, 4, (6,)).astype("int64")
    c["multi_margin_loss"] = ([e1, classes], [0], lambda p, F, x, y: F.multi_margin_loss(x, y))
    c["multi_margin_loss_p2"] = ([e1, classes], [0], lambda p, F, x, y:
                                 F.multi_margin_loss(x, y, 2, 0.6, reduction="sum"))
    c["MultiMarginLoss_weight"] = ([e1, classes, w4], [0], lambda p, F, x, y, w:
                                   p.nn.MultiMarginLoss(1, 1.5, w, "none")(x, y))
    e3 = f(6, 4)
    c["triplet_margin_loss"] = ([e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z:
                                F.triplet_margin_loss(x, y, z))
    c["triplet_margin_loss_p1_swap"] = ([e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z:
                                        F.triplet_margin_loss(x, y, z, 0.5, 1, 1e-3, True,
                                                              "none"))
    c["TripletMarginLoss"] = ([e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z:
                              p.nn.TripletMarginLoss(2.0, 3.0, reduction="sum")(x, y, z))
    c["triplet_margin_with_distance_loss"] = ([e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z:
                                              F.triplet_margin_with_distance_loss(x, y, z))
    c["triplet_margin_with_distance_loss_l1_swap"] = (
        [e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z: F.triplet_margin_with_distance_loss(
            x, y, z, lambda u, v: (u - v).abs().sum(-1), 2.5, True, "none"))
    # (PaddlePaddle 3.3.1's layer ignores its distance_function: recorded without one)
    c["TripletMarginWithDistanceLoss_swap"] = (
        [e1, e2, e3], [0, 1, 2], lambda p, F, x, y, z: p.nn.TripletMarginWithDistanceLoss(
            None, 2.5, True, "none")(x, y, z))
    counts = rng.integers(0, 5, (6, 4)).astype("float32")
    rates = rng.uniform(0.2, 3.0, (6, 4)).astype("float32")
    c["poisson_nll_loss"] = ([e1, counts], [0], lambda p, F, x, y: F.poisson_nll_loss(x, y))
    c["poisson_nll_loss_rate_full"] = ([rates, counts], [0], lambda p, F, x, y:
                                       F.poisson_nll_loss(x, y, False, True, 1e-6, "none"))
    c["PoissonNLLLoss_full_sum"] = ([e1, counts], [0], lambda p, F, x, y:
                                    p.nn.PoissonNLLLoss(full=True, reduction="sum")(x, y))
    pair_labels = np.array([0, 1, 0, 2, 1, 0], "int64")
    c["npair_loss"] = ([e1, e2, pair_labels], [0, 1], lambda p, F, x, y, l: F.npair_loss(x, y, l))
    c["npair_loss_float_labels"] = ([e1, e2, pair_labels.astype("float32")], [0, 1],
                                    lambda p, F, x, y, l: F.npair_loss(x, y, l, 0.1))
    c["gaussian_nll_loss"] = ([e1, e2, rates], [0, 1], lambda p, F, x, y, v:
                              F.gaussian_nll_loss(x, y, v))
    c["gaussian_nll_loss_full_small_var"] = (
        [e1, e2, rates * 1e-7], [0, 1], lambda p, F, x, y, v:
        F.gaussian_nll_loss(x, y, v, True, 1e-4, "none"))
    c["GaussianNLLLoss_var_without_last_dim"] = (
        [e1, e2, rates[:, 0]], [0, 1], lambda p, F, x, y, v:
        p.nn.GaussianNLLLoss(reduction="sum")(x, y, v))
    c["GaussianNLLLoss_var_last_dim_1"] = (
        [e1, e2, rates[:, :1]], [0, 1], lambda p, F, x, y, v: p.nn.GaussianNLLLoss()(x, y, v))


def _more_cases(c, f):
    rng = np.random.default_rng(29)
    probs = rng.uniform(0.05, 0.95, (5, 1)).astype("float32")
    bits = rng.integers(0, 2, (5, 1)).astype("float32")
    c["log_loss"] = ([probs, bits], [0], lambda p, F, x, y: F.log_loss(x, y))
    c["log_loss_eps"] = ([probs, bits], [0], lambda p, F, x, y: F.log_loss(x, y, 0.01))
    logits, targets = f(4, 3), rng.integers(0, 2, (4, 3)).astype("float32")
    c["sigmoid_focal_loss"] = ([logits, targets], [0], lambda p, F, x, y:
                               F.sigmoid_focal_loss(x, y))
    c["sigmoid_focal_loss_norm_mean"] = (
        [logits, targets, np.array([2.5], "float32")], [0], lambda p, F, x, y, n:
        F.sigmoid_focal_loss(x, y, n, 0.4, 1.5, "mean"))
    c["sigmoid_focal_loss_none"] = ([logits, targets], [0], lambda p, F, x, y:
                                    F.sigmoid_focal_loss(x, y, alpha=0.7, reduction="none"))
    soft = rng.uniform(0.0, 1.0, (2, 3, 4)).astype("float32")
    classes = rng.integers(0, 4, (2, 3, 1)).astype("int64")
    c["dice_loss"] = ([soft, classes], [0], lambda p, F, x, y: F.dice_loss(x, y))
    scores = f(3, 5)
    marks = np.array([[3, 0, -1, 1, 2], [4, 1, 2, 0, 3], [-1, 2, 2, 2, 2]], "int64")
    c["multi_label_margin_loss"] = ([scores, marks], [0], lambda p, F, x, y:
                                    F.multi_label_margin_loss(x, y))
    c["MultiLabelMarginLoss_none"] = ([scores, marks], [0], lambda p, F, x, y:
                                      p.nn.MultiLabelMarginLoss("none")(x, y))
    c["swiglu"] = ([f(3, 6)], [0], lambda p, F, x: F.swiglu(x))
    c["swiglu_xy"] = ([f(3, 4), f(3, 4)], [0, 1], lambda p, F, x, y: F.swiglu(x, y))
    c["pdist"] = ([f(5, 3)], [0], lambda p, F, x: F.pdist(x))
    c["pdist_p1"] = ([f(4, 3)], [0], lambda p, F, x: F.pdist(x, 1.0))
    c["bilinear"] = ([f(4, 2), f(4, 3), f(5, 2, 3), f(1, 5)], [0, 1, 2, 3],
                     lambda p, F, x, y, w, b: F.bilinear(x, y, w, b))
    c["bilinear_no_bias"] = ([f(4, 2), f(4, 3), f(5, 2, 3)], [0, 1, 2],
                             lambda p, F, x, y, w: F.bilinear(x, y, w))
    c["dropout1d_eval"] = ([f(2, 3, 4)], [], lambda p, F, x: F.dropout1d(x, 0.5, False))
    c["Softmax2D"] = ([f(2, 3, 2, 2)], [0], lambda p, F, x: p.nn.Softmax2D()(x))
    c["Softmax2D_3d"] = ([f(3, 2, 2)], [0], lambda p, F, x: p.nn.Softmax2D()(x))
    c["UpsamplingNearest2D"] = ([f(1, 2, 2, 3)], [0], lambda p, F, x:
                                p.nn.UpsamplingNearest2D(scale_factor=2)(x))
    c["UpsamplingBilinear2D"] = ([f(1, 2, 2, 3)], [0], lambda p, F, x:
                                 p.nn.UpsamplingBilinear2D(size=[3, 5])(x))
    c["UpsamplingBilinear2D_int_nhwc"] = ([f(1, 2, 3, 2)], [0], lambda p, F, x:
                                          p.nn.UpsamplingBilinear2D(4, data_format="NHWC")(x))


def _pool_cases(c):
    rng = np.random.default_rng(31)

    def pos(*shape):  # positive inputs: x ** p stays real for any p
        return rng.uniform(0.1, 2.0, shape).astype("float32")

    c["lp_pool2d"] = ([pos(2, 3, 6, 5)], [0], lambda p, F, x: F.lp_pool2d(x, 2, 2))
    c["lp_pool2d_p3_stride_pad"] = ([pos(1, 2, 5, 5)], [0], lambda p, F, x: F.lp_pool2d(
        x, 3, [2, 3], stride=[1, 2], padding=1))
    c["lp_pool2d_ceil_nhwc"] = ([pos(1, 5, 4, 2)], [0], lambda p, F, x: F.lp_pool2d(
        x, 1.5, 2, ceil_mode=True, data_format="NHWC"))
    c["lp_pool2d_pad_ceil"] = ([pos(1, 2, 6, 5)], [0], lambda p, F, x: F.lp_pool2d(
        x, 2, 3, stride=2, padding=[1, 0], ceil_mode=True))
    c["lp_pool2d_inf"] = ([pos(1, 2, 5, 5) - 1.0], [0], lambda p, F, x: F.lp_pool2d(
        x, float("inf"), 2, padding=1, ceil_mode=True))
    c["lp_pool1d"] = ([pos(2, 3, 8)], [0], lambda p, F, x: F.lp_pool1d(x, 2, 3))
    c["lp_pool1d_stride_pad_nlc"] = ([pos(1, 7, 2)], [0], lambda p, F, x: F.lp_pool1d(
        x, 4, 3, stride=2, padding=1, data_format="NLC"))
    c["LPPool1D"] = ([pos(1, 2, 9)], [0], lambda p, F, x: p.nn.LPPool1D(2.5, 2, ceil_mode=True)(x))
    c["LPPool2D"] = ([pos(1, 2, 4, 6)], [0], lambda p, F, x: p.nn.LPPool2D(2, [2, 3])(x))


def _shift_cases(c, f):
    c["temporal_shift"] = ([f(6, 8, 2, 3)], [0], lambda p, F, x: F.temporal_shift(x, 3))
    c["temporal_shift_ratio_nhwc"] = ([f(4, 2, 2, 10)], [0], lambda p, F, x: F.temporal_shift(
        x, 2, 0.3, data_format="NHWC"))
    c["temporal_shift_small_ratio"] = ([f(4, 3, 1, 2)], [0], lambda p, F, x:
                                       F.temporal_shift(x, 4, 0.2))


def _unpool_cases(c, f):
    def unpool1(p, F, x):
        pooled, mask = F.max_pool1d(x, 2, return_mask=True)
        return F.max_unpool1d(pooled, mask, 2)

    def unpool2(p, F, x):
        pooled, mask = F.max_pool2d(x, 3, stride=2, padding=1, return_mask=True)
        return F.max_unpool2d(pooled, mask, 3, stride=2, padding=1, output_size=[6, 7])

    def unpool3(p, F, x):
        pooled, mask = F.max_pool3d(x, 2, return_mask=True)
        return p.nn.MaxUnPool3D(2)(pooled, mask)

    c["max_unpool1d"] = ([f(2, 3, 8)], [0], unpool1)
    c["max_unpool2d_stride_pad"] = ([f(1, 2, 6, 7)], [0], unpool2)
    c["MaxUnPool2D"] = ([f(2, 2, 4, 6)], [0], lambda p, F, x: p.nn.MaxUnPool2D(2)(
        *F.max_pool2d(x, 2, return_mask=True)))
    c["MaxUnPool3D"] = ([f(1, 2, 4, 4, 2)], [0], unpool3)


def _grid_cases(c, f):
    img = f(2, 3, 4, 5)
    grid = (f(2, 3, 6, 2) * 0.6).astype("float32")  # in [-1.2, 1.2]: some points outside
    for mode in ("bilinear", "nearest"):
        for padding in ("zeros", "border", "reflection"):
            for align in (True, False):
                diff = [0, 1] if mode == "bilinear" else [0]
                c[f"grid_sample_{mode}_{padding}_{align}"] = (
                    [img, grid], diff, lambda p, F, x, g, m=mode, pm=padding, a=align:
                    F.grid_sample(x, g, m, pm, a))
    c["grid_sample_far_reflection"] = ([img, grid * 3.0], [0, 1], lambda p, F, x, g:
                                       F.grid_sample(x, g, padding_mode="reflection"))
    c["grid_sample_far_reflection_edges"] = (
        [img, grid * 3.0], [0, 1], lambda p, F, x, g:
        F.grid_sample(x, g, padding_mode="reflection", align_corners=False))


def _spectral(p, w, u, v, dim, iters):
    layer = p.nn.SpectralNorm(list(w.shape), dim, iters)
    layer.weight_u.set_value(u)
    layer.weight_v.set_value(v)
    return layer(w)


def _spectral_cases(c, f):
    # outputs only: PaddlePaddle's gradient is neither the exact one nor the usual
    # one (u, v constant), which test_nn_extra_layers.py checks instead
    c["SpectralNorm"] = ([f(3, 4), f(3), f(4)], [], lambda p, F, w, u, v:
                         _spectral(p, w, u, v, 0, 1))
    c["SpectralNorm_dim1_iters3"] = ([f(2, 3, 4), f(3), f(8)], [], lambda p, F, w, u, v:
                                     _spectral(p, w, u, v, 1, 3))


def _ctc_cases(c, f):
    scores = f(6, 3, 5)
    labels = np.array([[1, 2, 2], [3, 0, 0], [4, 1, 4]], "int32")
    steps = np.array([6, 4, 5], "int64")
    lengths = np.array([3, 1, 2], "int64")
    for reduction in ("mean", "sum", "none"):
        c[f"ctc_loss_{reduction}"] = ([scores, labels, steps, lengths], [0], lambda p, F, x, l, t,
                                      n, r=reduction: F.ctc_loss(x, l, t, n, reduction=r))
    c["CTCLoss_impossible_zero_infinity"] = (
        [scores, labels, np.array([6, 1, 5], "int64"), lengths], [0],
        lambda p, F, x, l, t, n: p.nn.CTCLoss(reduction="none", zero_infinity=True)(x, l, t, n))
    c["ctc_loss_blank4_norm_by_times"] = (
        [scores, np.array([[1, 2, 2], [3, 0, 0], [0, 1, 0]], "int32"), steps, lengths], [0],
        lambda p, F, x, l, t, n: F.ctc_loss(x, l, t, n, blank=4, reduction="none",
                                            norm_by_times=True))


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
    _loss_cases(c, f)
    _more_cases(c, f)
    _pool_cases(c)
    _shift_cases(c, f)
    _unpool_cases(c, f)
    _grid_cases(c, f)
    _spectral_cases(c, f)
    _ctc_cases(c, f)
    return c


CASES = _cases()
