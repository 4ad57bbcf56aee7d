"""paddle.nn.functional: the layers' computations as functions."""
from .activation import (  # noqa: F401
    celu, elu, gelu, hardsigmoid, hardswish, leaky_relu, log_sigmoid, log_softmax, mish, prelu,
    relu, relu6, selu, sigmoid, silu, softmax, softplus, softsign, swish, tanh,
)
from .attention import scaled_dot_product_attention  # noqa: F401
from .common import cosine_similarity, dropout, label_smooth, linear, pad  # noqa: F401
from .conv import conv1d, conv2d, conv3d  # noqa: F401
from .conv_transpose import conv1d_transpose, conv2d_transpose, conv3d_transpose  # noqa: F401
from .input import embedding, one_hot  # noqa: F401
from .loss import (  # noqa: F401
    binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy, kl_div, l1_loss,
    mse_loss, nll_loss, smooth_l1_loss, softmax_with_cross_entropy, square_error_cost,
)
from .norm import batch_norm, group_norm, instance_norm, layer_norm, normalize  # noqa: F401
from .pooling import adaptive_avg_pool2d, adaptive_max_pool2d, avg_pool2d, max_pool2d  # noqa: F401
from .pooling_nd import (  # noqa: F401
    adaptive_avg_pool1d, adaptive_avg_pool3d, adaptive_max_pool1d, adaptive_max_pool3d,
    avg_pool1d, avg_pool3d, max_pool1d, max_pool3d,
)
from .resize import interpolate, upsample  # noqa: F401

from .extra_activation import (  # noqa: F401
    glu, hardshrink, hardtanh, logsigmoid, maxout, rrelu, softshrink, tanhshrink, thresholded_relu,
)
from .inplace_activation import (  # noqa: F401
    elu_, hardtanh_, leaky_relu_, relu_, softmax_, tanh_, thresholded_relu_,
)
from .padding import zeropad2d  # noqa: F401

from .extra_common import (  # noqa: F401
    alpha_dropout, diag_embed, dropout2d, dropout3d, feature_alpha_dropout, local_response_norm,
    pairwise_distance, sequence_mask,
)
from .sliding_blocks import fold, unfold  # noqa: F401
from .shuffle import channel_shuffle, pixel_shuffle, pixel_unshuffle  # noqa: F401

from .extra_loss import (  # noqa: F401
    cosine_embedding_loss, gaussian_nll_loss, hinge_embedding_loss, margin_ranking_loss,
    multi_label_soft_margin_loss, multi_margin_loss, poisson_nll_loss, soft_margin_loss,
    triplet_margin_loss, triplet_margin_with_distance_loss,
)

from .affine_grid import affine_grid  # noqa: F401

from .extra_activation import gumbel_softmax, swiglu  # noqa: F401
from .extra_common import bilinear, dropout1d, pdist  # noqa: F401
from .extra_loss import (  # noqa: F401
    dice_loss, log_loss, multi_label_margin_loss, sigmoid_focal_loss,
)

from .lp_pool import lp_pool1d, lp_pool2d  # noqa: F401

from .temporal_shift import temporal_shift  # noqa: F401

from .max_unpool import max_unpool1d, max_unpool2d, max_unpool3d  # noqa: F401

from .grid_sample import grid_sample  # noqa: F401

from .extra_loss import npair_loss  # noqa: F401

from .embedding_renorm import embedding_renorm_  # noqa: F401

from .ctc import ctc_loss  # noqa: F401

from .gather_tree import gather_tree  # noqa: F401

from .rms_norm import rms_norm  # noqa: F401
from .fractional_pool import fractional_max_pool2d, fractional_max_pool3d  # noqa: F401
from .hsigmoid import hsigmoid_loss  # noqa: F401
from .rnnt import rnnt_loss  # noqa: F401
from .adaptive_log_softmax import adaptive_log_softmax_with_loss  # noqa: F401
from .margin_loss import class_center_sample, margin_cross_entropy  # noqa: F401

__all__ = [
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d",
    "adaptive_max_pool2d", "adaptive_max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
    "batch_norm", "binary_cross_entropy", "binary_cross_entropy_with_logits", "celu", "conv1d",
    "conv1d_transpose", "conv2d", "conv2d_transpose", "conv3d", "conv3d_transpose",
    "cosine_similarity", "cross_entropy", "dropout", "elu", "embedding", "gelu", "group_norm",
    "hardsigmoid", "hardswish", "instance_norm", "interpolate", "kl_div", "l1_loss",
    "label_smooth", "layer_norm", "leaky_relu", "linear", "log_sigmoid", "log_softmax",
    "max_pool1d", "max_pool2d", "max_pool3d", "mish", "mse_loss", "nll_loss", "normalize",
    "one_hot", "pad", "prelu", "relu", "relu6", "selu", "sigmoid", "silu", "smooth_l1_loss",
    "softmax", "softmax_with_cross_entropy", "softplus", "softsign", "square_error_cost",
    "swish", "tanh",
    "upsample",
    "scaled_dot_product_attention",
    "hardshrink", "softshrink", "tanhshrink", "hardtanh", "thresholded_relu", "glu", "maxout",
    "rrelu", "logsigmoid", "relu_", "tanh_", "elu_", "leaky_relu_", "softmax_", "hardtanh_",
    "thresholded_relu_", "zeropad2d",
    "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "fold", "unfold",
    "pairwise_distance", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout",
    "local_response_norm", "sequence_mask", "diag_embed",
    "margin_ranking_loss", "hinge_embedding_loss", "cosine_embedding_loss", "soft_margin_loss",
    "multi_label_soft_margin_loss", "multi_margin_loss", "triplet_margin_loss",
    "triplet_margin_with_distance_loss", "poisson_nll_loss", "gaussian_nll_loss",
    "affine_grid",
    "log_loss", "sigmoid_focal_loss", "dice_loss", "multi_label_margin_loss", "gumbel_softmax",
    "swiglu", "dropout1d", "pdist", "bilinear",
    "lp_pool1d", "lp_pool2d",
    "temporal_shift",
    "max_unpool1d", "max_unpool2d", "max_unpool3d",
    "grid_sample",
    "npair_loss",
    "embedding_renorm_",
    "ctc_loss",
    "gather_tree",
    "rms_norm",
    "fractional_max_pool2d", "fractional_max_pool3d",
    "hsigmoid_loss", "rnnt_loss", "adaptive_log_softmax_with_loss",
    "class_center_sample", "margin_cross_entropy",
]
