"""paddle.nn.layer: the Layer base class, containers and the layers (public
under paddle.nn, as in PaddlePaddle)."""
from .activation import (  # noqa: F401
    CELU, ELU, GELU, Hardsigmoid, Hardswish, LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU,
    ReLU, ReLU6, SELU, Sigmoid, SiLU, Silu, Softmax, Softplus, Softsign, Swish, Tanh,
)
from .common import Dropout, Embedding, Flatten, Identity, Linear, Upsample  # noqa: F401
from .container import LayerDict, LayerList, ParameterDict, ParameterList, Sequential  # noqa: F401
from .conv import Conv1D, Conv2D, Conv3D  # noqa: F401
from .conv_transpose import Conv1DTranspose, Conv2DTranspose, Conv3DTranspose  # noqa: F401
from .layers import HookRemoveHelper, Layer  # noqa: F401
from .loss import (  # noqa: F401
    BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, KLDivLoss, L1Loss, MSELoss, NLLLoss,
    HuberLoss, SmoothL1Loss,
)
from .norm import (  # noqa: F401
    BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, GroupNorm, InstanceNorm1D, InstanceNorm2D,
    LayerNorm,
)
from .rnn import (  # noqa: F401
    GRU, LSTM, RNN, BiRNN, GRUCell, LSTMCell, RNNCellBase, SimpleRNN, SimpleRNNCell,
)
from .transformer import (  # noqa: F401
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer,
)
from .pooling import AdaptiveAvgPool2D, AdaptiveMaxPool2D, AvgPool2D, MaxPool2D  # noqa: F401
from .pooling_nd import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool3D, AdaptiveMaxPool1D, AdaptiveMaxPool3D, AvgPool1D,
    AvgPool3D, MaxPool1D, MaxPool3D,
)
from .padding import (  # noqa: F401
    CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D, ConstantPad2D, ConstantPad3D,
    Pad1D, Pad2D, Pad3D, ReflectionPad1D, ReflectionPad2D, ReflectionPad3D, ReplicationPad1D,
    ReplicationPad2D, ReplicationPad3D, ZeroPad1D, ZeroPad2D, ZeroPad3D,
)
from .extra_activation import (  # noqa: F401
    GLU, Hardshrink, Hardtanh, Maxout, RReLU, Softshrink, Tanhshrink, ThresholdedReLU,
)
from .extra_common import (  # noqa: F401
    AlphaDropout, ChannelShuffle, CosineSimilarity, Dropout2D, Dropout3D, FeatureAlphaDropout,
    Fold, LocalResponseNorm, PairwiseDistance, PixelShuffle, PixelUnshuffle, Unflatten, Unfold,
)
from .norm import InstanceNorm3D  # noqa: F401
from .extra_loss import (  # noqa: F401
    CosineEmbeddingLoss, GaussianNLLLoss, HingeEmbeddingLoss, MarginRankingLoss,
    MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss, SoftMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)
from .extra_activation import Softmax2D  # noqa: F401
from .extra_common import Bilinear, UpsamplingBilinear2D, UpsamplingNearest2D  # noqa: F401
from .extra_loss import CTCLoss, MultiLabelMarginLoss  # noqa: F401
from .lp_pool import LPPool1D, LPPool2D  # noqa: F401
from .max_unpool import MaxUnPool1D, MaxUnPool2D, MaxUnPool3D  # noqa: F401
from .spectral_norm import SpectralNorm  # noqa: F401
from .norm import SyncBatchNorm  # noqa: F401
from .fractional_pool import FractionalMaxPool2D, FractionalMaxPool3D  # noqa: F401
from .more_loss import AdaptiveLogSoftmaxWithLoss, HSigmoidLoss, RNNTLoss  # noqa: F401

__all__ = []
