# The high-level API: paddle.Model with prepare / fit / evaluate / predict.
import numpy as np
import paddle
from paddle.io import TensorDataset

paddle.seed(11)
rng = np.random.RandomState(11)
x = rng.rand(96, 6).astype("float32")
y = (x[:, :3].sum(axis=1) > x[:, 3:].sum(axis=1)).astype("int64")[:, None]
data = TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])

net = paddle.nn.Sequential(paddle.nn.Linear(6, 12), paddle.nn.Tanh(), paddle.nn.Linear(12, 2))
model = paddle.Model(net)
model.prepare(paddle.optimizer.Adam(learning_rate=0.02, parameters=net.parameters()),
              paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
model.fit(data, epochs=4, batch_size=16, shuffle=False, verbose=0)
result = model.evaluate(data, batch_size=32, verbose=0)
print("eval loss", np.round(np.array(result["loss"]).ravel(), 5).tolist(), "acc", round(result["acc"], 5))
pred = model.predict(TensorDataset([paddle.to_tensor(x[:4])]), batch_size=4, stack_outputs=True,
                     verbose=0)
print("pred", np.round(pred[0], 5).tolist())
