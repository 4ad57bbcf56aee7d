"""Models built from paddle.nn that tools/oracle/nn_layer_oracle.py records
with PaddlePaddle 3.3.1 and test_nn_layer_models.py rebuilds: their
state_dict layout (keys, parameter names, shapes, dtypes, trainable) and,
with the weights set from a fixed seed, their outputs and gradients in
training and eval mode. ``build(paddle, nn)`` returns (model, input shape)."""
import numpy as np


def mlp(paddle, nn):
    return nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.0), nn.Linear(16, 3)), [4, 6]


def lenet(paddle, nn):
    class LeNet(nn.Layer):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(
                nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
                nn.Conv2D(6, 16, 5), nn.ReLU(), nn.MaxPool2D(2, 2))
            self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10))

        def forward(self, x):
            return self.fc(paddle.flatten(self.features(x), 1))
    return LeNet(), [2, 1, 28, 28]


def cnn_bn(paddle, nn):
    return nn.Sequential(
        nn.Conv2D(3, 8, 3, padding=1), nn.BatchNorm2D(8), nn.Hardswish(),
        nn.AvgPool2D(2), nn.Conv2D(8, 8, 3, groups=2, bias_attr=False), nn.PReLU(8),
        nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Linear(8, 4)), [3, 3, 8, 8]


def norms(paddle, nn):
    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.bn = nn.BatchNorm1D(5)
            self.ln = nn.LayerNorm(5)
            self.blocks = nn.LayerList([nn.Linear(5, 5), nn.Linear(5, 5)])
            self.act = nn.LayerDict({"a": nn.GELU(), "b": nn.Tanh()})

        def forward(self, x):
            x = self.ln(self.bn(x))
            return self.act["b"](self.blocks[1](self.act["a"](self.blocks[0](x))))
    return Net(), [6, 5]


def padded_convs(paddle, nn):
    return nn.Sequential(
        nn.Conv2D(2, 4, 3, padding=1, padding_mode="reflect"), nn.ELU(),
        nn.Conv2D(4, 4, 3, stride=2, padding=1, padding_mode="circular"), nn.SiLU(),
        nn.Conv2D(4, 3, [2, 3], padding=1, padding_mode="replicate", data_format="NCHW"),
        nn.MaxPool2D(2, ceil_mode=True), nn.Upsample(scale_factor=2, mode="bilinear"),
        nn.Flatten(), nn.Linear(3 * 6 * 4, 2)), [2, 2, 9, 7]


def embed(paddle, nn):
    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 6, padding_idx=0)
            self.ln = nn.LayerNorm(6)
            self.out = nn.Linear(6, 3)

        def forward(self, ids):
            return self.out(self.ln(self.emb(ids))).mean(axis=1)
    return Net(), [3, 5]


def group_instance(paddle, nn):
    return nn.Sequential(
        nn.Conv2D(3, 4, 3, padding=1), nn.GroupNorm(2, 4), nn.InstanceNorm2D(4), nn.ReLU(),
        nn.Flatten(), nn.Linear(4 * 5 * 5, 2)), [2, 3, 5, 5]


def volumes(paddle, nn):
    return nn.Sequential(
        nn.BatchNorm3D(2), nn.Flatten(), nn.Linear(2 * 27, 3)), [3, 2, 3, 3, 3]


MODELS = {"mlp": mlp, "lenet": lenet, "cnn_bn": cnn_bn, "norms": norms,
          "padded_convs": padded_convs, "embed": embed, "group_instance": group_instance,
          "volumes": volumes}


def model_input(name, shape):
    """The model's input: token ids for ``embed`` (0 is its padding index), else floats."""
    if name == "embed":
        return np.random.default_rng(1).integers(0, 10, shape).astype("int64")
    return seeded_input(shape)


def seeded_state(state_shapes, seed=0):
    """Values for every state_dict entry: positive for variances, else small."""
    rng = np.random.default_rng(seed)
    out = {}
    for key, shape in state_shapes:
        v = rng.uniform(-0.5, 0.5, shape)
        if key.endswith("_variance"):
            v = np.abs(v) + 0.5
        out[key] = v.astype("float32")
    return out


def seeded_input(shape, seed=1):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32")
