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


MODELS = {"mlp": mlp, "lenet": lenet, "cnn_bn": cnn_bn, "norms": norms}


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
