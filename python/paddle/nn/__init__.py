"""paddle.nn: layers (paddle.nn.Layer and its subclasses), their functional
forms (paddle.nn.functional), parameter initializers (paddle.nn.initializer) and
gradient clipping (ClipGradByGlobalNorm, ...)."""
from . import clip, decode, functional, initializer, layer, parameter, utils  # noqa: F401
from .decode import BeamSearchDecoder, dynamic_decode
from .clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue
from .parameter import Parameter
from .layer import BatchNorm  # noqa: F401  (PaddlePaddle's older form, DenseNet uses it)
from .layer import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool3D, AdaptiveMaxPool1D, AdaptiveMaxPool3D, AvgPool1D, AvgPool3D, MaxPool1D,
    MaxPool3D, Conv1D, Conv3D, Conv1DTranspose, Conv2DTranspose, Conv3DTranspose,
    AdaptiveAvgPool2D, AdaptiveMaxPool2D, AvgPool2D, BCELoss, BCEWithLogitsLoss, BatchNorm1D,
    BatchNorm2D, BatchNorm3D, CELU, Conv2D, CrossEntropyLoss, Dropout, ELU, Embedding, Flatten,
    GELU, GroupNorm, Hardsigmoid, Hardswish, Identity, InstanceNorm1D, InstanceNorm2D,
    KLDivLoss, L1Loss, Layer, LayerDict, LayerList, LayerNorm, LeakyReLU, Linear, LogSigmoid,
    LogSoftmax, MSELoss, MaxPool2D, Mish, NLLLoss, PReLU, Pad2D, ParameterList, ReLU, ReLU6,
    SELU, Sequential, SiLU, Sigmoid, Silu, SmoothL1Loss, HuberLoss, Softmax, Softplus, Softsign, Swish,
    Tanh, Upsample,
)
from .layer import (  # noqa: F401
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer,
)
from .layer import (  # noqa: F401
    GRU, LSTM, RNN, BiRNN, GRUCell, LSTMCell, RNNCellBase, SimpleRNN, SimpleRNNCell,
)

from .layer import (  # noqa: F401  (issue 7: the layers PaddlePaddle has that were missing)
    AlphaDropout, Bilinear, CTCLoss, ChannelShuffle, CircularPad1D, CircularPad2D,
    CircularPad3D, ConstantPad1D, ConstantPad2D, ConstantPad3D, CosineEmbeddingLoss,
    CosineSimilarity, Dropout2D, Dropout3D, FeatureAlphaDropout, Fold, GLU, GaussianNLLLoss,
    Hardshrink, Hardtanh, HingeEmbeddingLoss, InstanceNorm3D, LPPool1D, LPPool2D,
    LocalResponseNorm, MarginRankingLoss, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D, Maxout,
    MultiLabelMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss, Pad1D, Pad3D,
    PairwiseDistance, ParameterDict, PixelShuffle, PixelUnshuffle, PoissonNLLLoss, RReLU,
    ReflectionPad1D, ReflectionPad2D, ReflectionPad3D, ReplicationPad1D, ReplicationPad2D,
    ReplicationPad3D, SoftMarginLoss, Softmax2D, Softshrink, SpectralNorm, SyncBatchNorm,
    Tanhshrink, ThresholdedReLU, TripletMarginLoss, TripletMarginWithDistanceLoss, Unflatten,
    Unfold, UpsamplingBilinear2D, UpsamplingNearest2D, ZeroPad1D, ZeroPad2D, ZeroPad3D,
)
from .layer import (  # noqa: F401
    AdaptiveLogSoftmaxWithLoss, FractionalMaxPool2D, FractionalMaxPool3D, HSigmoidLoss, RNNTLoss,
)

# PaddlePaddle's other spellings of the same classes (torch-style names)
AdaptiveAvgPool1d = AdaptiveAvgPool1D
AdaptiveAvgPool2d = AdaptiveAvgPool2D
AdaptiveAvgPool3d = AdaptiveAvgPool3D
AdaptiveMaxPool1d = AdaptiveMaxPool1D
AdaptiveMaxPool2d = AdaptiveMaxPool2D
AdaptiveMaxPool3d = AdaptiveMaxPool3D
CircularPad1d = CircularPad1D
CircularPad2d = CircularPad2D
CircularPad3d = CircularPad3D
ConstantPad1d = ConstantPad1D
ConstantPad2d = ConstantPad2D
ConstantPad3d = ConstantPad3D
Conv1d = Conv1D
Conv2d = Conv2D
Conv3d = Conv3D
LPPool1d = LPPool1D
LPPool2d = LPPool2D
MaxUnpool1d = MaxUnPool1D
MaxUnpool2d = MaxUnPool2D
MaxUnpool3d = MaxUnPool3D
Module = Layer
ModuleDict = LayerDict
ModuleList = LayerList
ReflectionPad1d = ReflectionPad1D
ReflectionPad2d = ReflectionPad2D
ReflectionPad3d = ReflectionPad3D
ReplicationPad1d = ReplicationPad1D
ReplicationPad2d = ReplicationPad2D
ReplicationPad3d = ReplicationPad3D
UpsamplingBilinear2d = UpsamplingBilinear2D
UpsamplingNearest2d = UpsamplingNearest2D
ZeroPad1d = ZeroPad1D
ZeroPad2d = ZeroPad2D
ZeroPad3d = ZeroPad3D

__all__ = [
    "ClipGradByGlobalNorm", "ClipGradByNorm", "ClipGradByValue", "Parameter",
    "AdaptiveAvgPool2D", "AdaptiveMaxPool2D", "AvgPool2D", "BCELoss", "BCEWithLogitsLoss",
    "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "CELU", "Conv2D", "CrossEntropyLoss",
    "Dropout", "ELU", "Embedding", "Flatten", "GELU", "GroupNorm", "Hardsigmoid", "Hardswish",
    "Identity", "InstanceNorm1D", "InstanceNorm2D", "KLDivLoss", "L1Loss", "Layer",
    "LayerDict", "LayerList", "LayerNorm", "LeakyReLU", "Linear", "LogSigmoid", "LogSoftmax",
    "MSELoss", "MaxPool2D", "Mish", "NLLLoss", "PReLU", "Pad2D", "ParameterList", "ReLU",
    "ReLU6", "SELU", "Sequential", "SiLU", "Sigmoid", "Silu", "SmoothL1Loss", "HuberLoss", "Softmax",
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
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "CircularPad1d", "CircularPad2d", "CircularPad3d",
    "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "Conv3d",
    "Module", "ModuleDict", "ModuleList", "ReflectionPad1d", "ReflectionPad2d",
    "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad1d",
    "ZeroPad2d", "ZeroPad3d",
    "Softmax2D", "UpsamplingBilinear2D", "UpsamplingNearest2D", "Bilinear",
    "MultiLabelMarginLoss", "UpsamplingBilinear2d", "UpsamplingNearest2d",
    "LPPool1D", "LPPool2D", "LPPool1d", "LPPool2d",
    "MaxUnPool1D", "MaxUnPool2D", "MaxUnPool3D", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d",
    "ParameterDict",
    "SpectralNorm",
    "SyncBatchNorm",
    "CTCLoss",
    "FractionalMaxPool2D", "FractionalMaxPool3D", "HSigmoidLoss", "RNNTLoss",
    "AdaptiveLogSoftmaxWithLoss", "BeamSearchDecoder", "dynamic_decode",
]
