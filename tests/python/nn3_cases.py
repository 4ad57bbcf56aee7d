"""The 1-D/3-D convolution, transposed convolution and pooling cases that
tools/oracle/record_nn3.py records with PaddlePaddle 3.3.1 and test_nn3.py
replays: name -> (inputs, indices of the inputs to differentiate, call), as in
nn_functional_cases.py; and LAYERS: name -> a constructor call whose
parameters' names and shapes are recorded."""
import numpy as np


def _cases():
    rng = np.random.default_rng(11)

    def f(*shape):
        return rng.uniform(-2.0, 2.0, shape).astype("float32")

    seq, vol = f(2, 4, 9), f(1, 2, 5, 6, 5)
    img = f(1, 4, 5, 5)
    w1, w3 = f(6, 4, 3), f(3, 2, 3, 3, 3)
    c = {}
    c["conv1d"] = ([seq, w1, f(6)], [0, 1, 2], lambda p, F, x, w, b: F.conv1d(x, w, b))
    c["conv1d_stride_pad_dilation"] = (
        [seq, w1], [0, 1], lambda p, F, x, w: F.conv1d(x, w, stride=2, padding=[2, 1], dilation=2))
    c["conv1d_same"] = ([seq, w1], [0, 1], lambda p, F, x, w: F.conv1d(x, w, stride=2,
                                                                       padding="same"))
    c["conv1d_float64_same_dilation"] = (
        [seq.astype("float64"), w1.astype("float64")], [0, 1],
        lambda p, F, x, w: F.conv1d(x, w, stride=3, padding="SAME", dilation=2))
    c["conv1d_valid"] = ([seq, w1], [0, 1], lambda p, F, x, w: F.conv1d(x, w, padding="valid"))
    c["conv1d_groups_nlc"] = (
        [f(2, 9, 4), f(6, 2, 3), f(6)], [0, 1, 2],
        lambda p, F, x, w, b: F.conv1d(x, w, b, padding=1, groups=2, data_format="NLC"))
    c["conv1d_pairs"] = ([seq, w1], [0, 1],
                         lambda p, F, x, w: F.conv1d(x, w, padding=[[0, 0], [0, 0], [1, 2]]))
    c["conv3d"] = ([vol, w3, f(3)], [0, 1, 2], lambda p, F, x, w, b: F.conv3d(x, w, b))
    c["conv3d_stride_pad6"] = (
        [vol, w3], [0, 1],
        lambda p, F, x, w: F.conv3d(x, w, stride=[2, 1, 2], padding=[1, 0, 0, 1, 2, 1]))
    c["conv3d_same_dilation"] = (
        [vol, w3], [0, 1], lambda p, F, x, w: F.conv3d(x, w, padding="SAME", dilation=[1, 2, 1]))
    c["conv3d_ndhwc_groups"] = (
        [f(1, 4, 5, 4, 4), f(4, 2, 2, 3, 2), f(4)], [0, 1, 2],
        lambda p, F, x, w, b: F.conv3d(x, w, b, padding=1, groups=2, data_format="NDHWC"))
    wt2 = f(4, 3, 3, 3)
    c["conv2d_transpose"] = ([img, wt2, f(3)], [0, 1, 2],
                             lambda p, F, x, w, b: F.conv2d_transpose(x, w, b))
    c["conv2d_transpose_stride_outpad"] = (
        [img, wt2], [0, 1],
        lambda p, F, x, w: F.conv2d_transpose(x, w, stride=2, padding=1, output_padding=1))
    c["conv2d_transpose_output_size"] = (
        [img, wt2], [0, 1],
        lambda p, F, x, w: F.conv2d_transpose(x, w, stride=[2, 3], padding=[1, 0, 0, 1],
                                              output_size=[10, 14]))
    c["conv2d_transpose_groups_dilation"] = (
        [img, f(4, 2, 2, 3), f(4)], [0, 1, 2],
        lambda p, F, x, w, b: F.conv2d_transpose(x, w, b, dilation=2, groups=2))
    c["conv2d_transpose_same_nhwc"] = (
        [f(1, 5, 5, 4), wt2], [0, 1],
        lambda p, F, x, w: F.conv2d_transpose(x, w, stride=2, padding="SAME", data_format="NHWC"))
    c["conv2d_transpose_valid"] = (
        [img, wt2], [0, 1], lambda p, F, x, w: F.conv2d_transpose(x, w, stride=2, padding="VALID"))
    wt1 = f(4, 3, 3)
    c["conv1d_transpose"] = ([seq, wt1, f(3)], [0, 1, 2],
                             lambda p, F, x, w, b: F.conv1d_transpose(x, w, b))
    c["conv1d_transpose_stride_outpad"] = (
        [seq, wt1], [0, 1],
        lambda p, F, x, w: F.conv1d_transpose(x, w, stride=3, padding=[1, 2], output_padding=2))
    c["conv1d_transpose_output_size_nlc"] = (
        [f(2, 9, 4), wt1], [0, 1],
        lambda p, F, x, w: F.conv1d_transpose(x, w, stride=2, output_size=20, data_format="NLC"))
    c["conv1d_transpose_groups_dilation"] = (
        [seq, f(4, 1, 3)], [0, 1],
        lambda p, F, x, w: F.conv1d_transpose(x, w, groups=2, dilation=3))
    c["max_pool1d"] = ([seq], [0], lambda p, F, x: F.max_pool1d(x, 2))
    c["max_pool1d_pad_ceil"] = ([seq], [0],
                                lambda p, F, x: F.max_pool1d(x, 3, 2, 1, ceil_mode=True))
    c["max_pool1d_mask"] = ([seq], [0], lambda p, F, x: F.max_pool1d(x, 3, 2, 1, return_mask=True))
    c["max_pool1d_same"] = ([seq], [0], lambda p, F, x: F.max_pool1d(x, 2, padding="SAME"))
    c["avg_pool1d_same"] = ([seq], [0], lambda p, F, x: F.avg_pool1d(x, 3, 2, "SAME"))
    c["avg_pool1d"] = ([seq], [0], lambda p, F, x: F.avg_pool1d(x, 3, 2, 1))
    c["avg_pool1d_inclusive_ceil"] = (
        [seq], [0], lambda p, F, x: F.avg_pool1d(x, 4, 3, [1, 2], exclusive=False, ceil_mode=True))
    c["adaptive_avg_pool1d"] = ([seq], [0], lambda p, F, x: F.adaptive_avg_pool1d(x, 4))
    c["adaptive_max_pool1d"] = ([seq], [0], lambda p, F, x: F.adaptive_max_pool1d(x, 4))
    c["adaptive_max_pool1d_mask"] = ([seq], [0],
                                     lambda p, F, x: F.adaptive_max_pool1d(x, 5, return_mask=True))
    c["max_pool3d"] = ([vol], [0], lambda p, F, x: F.max_pool3d(x, 2))
    c["max_pool3d_pad_ceil"] = (
        [vol], [0], lambda p, F, x: F.max_pool3d(x, 3, [2, 1, 2], 1, ceil_mode=True))
    c["max_pool3d_ndhwc"] = (
        [f(1, 4, 5, 4, 3)], [0], lambda p, F, x: F.max_pool3d(x, 2, 1, data_format="NDHWC"))
    c["max_pool3d_pairs"] = (
        [vol], [0],
        lambda p, F, x: F.max_pool3d(x, 2, 2, [[0, 0], [0, 0], [1, 1], [0, 0], [1, 1]]))
    c["avg_pool3d_same"] = ([vol], [0], lambda p, F, x: F.avg_pool3d(x, 3, 2, "SAME"))
    c["max_pool3d_mask_pad"] = (
        [vol], [0], lambda p, F, x: F.max_pool3d(x, 3, 2, [1, 0, 1], return_mask=True))
    c["max_pool3d_mask"] = (
        [vol], [0], lambda p, F, x: F.max_pool3d(x, 3, [2, 1, 2], 1, return_mask=True,
                                                 ceil_mode=True))
    c["max_pool3d_mask_same"] = (
        [vol], [0], lambda p, F, x: F.max_pool3d(x, 2, padding="SAME", return_mask=True))
    c["max_pool1d_mask_pad2_ceil"] = (
        [seq], [0], lambda p, F, x: F.max_pool1d(x, 4, 2, 2, return_mask=True, ceil_mode=True))
    c["max_pool2d_mask_same"] = (
        [img], [0], lambda p, F, x: F.max_pool2d(x, 2, padding="SAME", return_mask=True))
    c["max_pool1d_mask_same"] = (
        [seq], [0], lambda p, F, x: F.max_pool1d(x, 2, padding="same", return_mask=True))
    c["avg_pool3d"] = ([vol], [0], lambda p, F, x: F.avg_pool3d(x, 3, 2, 1))
    c["avg_pool3d_inclusive"] = ([vol], [0],
                                 lambda p, F, x: F.avg_pool3d(x, 3, 2, 1, exclusive=False))
    c["avg_pool3d_divisor"] = ([vol], [0], lambda p, F, x: F.avg_pool3d(x, 2, divisor_override=5))
    c["adaptive_avg_pool3d"] = ([vol], [0], lambda p, F, x: F.adaptive_avg_pool3d(x, [2, 4, 3]))
    c["adaptive_avg_pool3d_none_ndhwc"] = (
        [f(1, 5, 6, 4, 2)], [0],
        lambda p, F, x: F.adaptive_avg_pool3d(x, [3, None, 2], data_format="NDHWC"))
    c["adaptive_max_pool3d"] = ([vol], [0], lambda p, F, x: F.adaptive_max_pool3d(x, [2, 3, 4]))
    c["adaptive_max_pool3d_mask"] = (
        [vol], [0], lambda p, F, x: F.adaptive_max_pool3d(x, [2, 4, 3], return_mask=True))
    return c


CASES = _cases()

LAYERS = {
    "Conv1D": lambda nn: nn.Conv1D(4, 6, 3, groups=2),
    "Conv1D_nobias": lambda nn: nn.Conv1D(4, 6, [5], bias_attr=False),
    "Conv3D": lambda nn: nn.Conv3D(2, 4, [3, 2, 1]),
    "Conv1DTranspose": lambda nn: nn.Conv1DTranspose(4, 6, 3, groups=2),
    "Conv2DTranspose": lambda nn: nn.Conv2DTranspose(4, 6, [3, 2]),
    "Conv2DTranspose_nobias": lambda nn: nn.Conv2DTranspose(3, 6, 3, groups=3, bias_attr=False),
    "Conv3DTranspose": lambda nn: nn.Conv3DTranspose(2, 4, 3),
}
