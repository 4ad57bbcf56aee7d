# Export with paddle.jit.save (an InputSpec with a variable batch) and load it
# back with paddle.jit.load: the same outputs as the eager model.
import os
import tempfile

import numpy as np
import paddle
from paddle.static import InputSpec


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(1, 4, 3, padding=1)
        self.fc = paddle.nn.Linear(4 * 4 * 4, 3)

    def forward(self, x):
        h = paddle.nn.functional.relu(self.conv(x))
        h = paddle.nn.functional.max_pool2d(h, 2)
        return paddle.nn.functional.softmax(self.fc(paddle.flatten(h, 1)))


paddle.seed(3)
net = Net()
net.eval()
x = paddle.to_tensor(np.random.RandomState(3).rand(2, 1, 8, 8).astype("float32"))
eager = net(x).numpy()
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "net")
    paddle.jit.save(net, path, input_spec=[InputSpec([None, 1, 8, 8], "float32", "x")])
    loaded = paddle.jit.load(path)
    out = loaded(x).numpy()
print("eager", np.round(eager, 6).tolist())
print("loaded matches", bool(np.allclose(out, eager, atol=1e-6)))
