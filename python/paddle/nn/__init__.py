"""paddle.nn: layers (paddle.nn.Layer and its subclasses), their functional
forms (paddle.nn.functional), parameter initializers (paddle.nn.initializer) and
gradient clipping (ClipGradByGlobalNorm, ...)."""
from . import clip, functional, initializer, layer  # noqa: F401
from .clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue
from .layer import BatchNorm  # noqa: F401  (PaddlePaddle's older form, DenseNet uses it)
from .layer import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool3D, AdaptiveMaxPool1D, AdaptiveMaxPool3D, AvgPool1D, AvgPool3D, MaxPool1D,
    MaxPool3D, Conv1D, Conv3D, Conv1DTranspose, Conv2DTranspose, Conv3DTranspose,
    AdaptiveAvgPool2D, AdaptiveMaxPool2D, AvgPool2D, BCELoss, BCEWithLogitsLoss, BatchNorm1D,
    BatchNorm2D, BatchNorm3D, CELU, Conv2D, CrossEntropyLoss, Dropout, ELU, Embedding, Flatten,
    GELU, GroupNorm, Hardsigmoid, Hardswish, Identity, InstanceNorm1D, InstanceNorm2D,
    KLDivLoss, L1Loss, Layer, LayerDict, LayerList, LayerNorm, LeakyReLU, Linear, LogSigmoid,
    LogSoftmax, MSELoss, MaxPool2D, Mish, NLLLoss, PReLU, Pad2D, ParameterList, ReLU, ReLU6,
    SELU, Sequential, SiLU, Sigmoid, Silu, SmoothL1Loss, Softmax, Softplus, Softsign, Swish,
    Tanh, Upsample,
)
from .layer import (  # noqa: F401
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer,
)
from .layer import (  # noqa: F401
    GRU, LSTM, RNN, BiRNN, GRUCell, LSTMCell, RNNCellBase, SimpleRNN, SimpleRNNCell,
)

from .layer import (  # noqa: F401
    CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D, ConstantPad2D, ConstantPad3D, Pad1D, Pad3D,
    ReflectionPad1D, ReflectionPad2D, ReflectionPad3D, ReplicationPad1D, ReplicationPad2D, ReplicationPad3D, ZeroPad1D, ZeroPad2D,
    ZeroPad3D, GLU, Hardshrink, Hardtanh, Maxout, RReLU, Softshrink, Tanhshrink,
    ThresholdedReLU,
)

from .layer import (  # noqa: F401
    PixelShuffle, PixelUnshuffle, ChannelShuffle, Unflatten, Fold, Unfold, PairwiseDistance,
    CosineSimilarity, Dropout2D, Dropout3D, AlphaDropout, FeatureAlphaDropout, LocalResponseNorm, InstanceNorm3D,
)

from .layer import (  # noqa: F401
    CosineEmbeddingLoss, GaussianNLLLoss, HingeEmbeddingLoss, MarginRankingLoss,
    MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss, SoftMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)

__all__ = [
    "ClipGradByGlobalNorm", "ClipGradByNorm", "ClipGradByValue",
    "AdaptiveAvgPool2D", "AdaptiveMaxPool2D", "AvgPool2D", "BCELoss", "BCEWithLogitsLoss",
    "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "CELU", "Conv2D", "CrossEntropyLoss",
    "Dropout", "ELU", "Embedding", "Flatten", "GELU", "GroupNorm", "Hardsigmoid", "Hardswish",
    "Identity", "InstanceNorm1D", "InstanceNorm2D", "KLDivLoss", "L1Loss", "Layer",
    "LayerDict", "LayerList", "LayerNorm", "LeakyReLU", "Linear", "LogSigmoid", "LogSoftmax",
    "MSELoss", "MaxPool2D", "Mish", "NLLLoss", "PReLU", "Pad2D", "ParameterList", "ReLU",
    "ReLU6", "SELU", "Sequential", "SiLU", "Sigmoid", "Silu", "SmoothL1Loss", "Softmax",
    "Softplus", "Softsign", "Swish", "Tanh", "Upsample",
    "BatchNorm",
    "AdaptiveAvgPool1D", "AdaptiveAvgPool3D", "AdaptiveMaxPool1D", "AdaptiveMaxPool3D",
    "AvgPool1D", "AvgPool3D",
    "MaxPool1D", "MaxPool3D", "Conv1D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose",
    "Conv3DTranspose",
    "MultiHeadAttention", "Transformer", "TransformerDecoder", "TransformerDecoderLayer",
    "TransformerEncoder", "TransformerEncoderLayer",
    "GRU", "LSTM", "RNN", "BiRNN", "GRUCell", "LSTMCell", "RNNCellBase", "SimpleRNN",
    "SimpleRNNCell",
    "CircularPad1D", "CircularPad2D", "CircularPad3D", "ConstantPad1D", "ConstantPad2D",
    "ConstantPad3D", "Pad1D", "Pad3D", "ReflectionPad1D", "ReflectionPad2D", "ReflectionPad3D",
    "ReplicationPad1D", "ReplicationPad2D", "ReplicationPad3D", "ZeroPad1D", "ZeroPad2D",
    "ZeroPad3D", "GLU", "Hardshrink", "Hardtanh", "Maxout", "RReLU", "Softshrink", "Tanhshrink",
    "ThresholdedReLU",
    "PixelShuffle", "PixelUnshuffle", "ChannelShuffle", "Unflatten", "Fold", "Unfold",
    "PairwiseDistance", "CosineSimilarity", "Dropout2D", "Dropout3D", "AlphaDropout",
    "FeatureAlphaDropout", "LocalResponseNorm", "InstanceNorm3D",
    "MarginRankingLoss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "SoftMarginLoss",
    "MultiLabelSoftMarginLoss", "MultiMarginLoss", "TripletMarginLoss",
    "TripletMarginWithDistanceLoss", "PoissonNLLLoss", "GaussianNLLLoss",
]
