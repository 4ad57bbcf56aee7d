# A dygraph training loop as a PaddlePaddle user writes it: seeded init, Adam,
# a learning-rate scheduler, gradient clipping, eval and a state_dict round trip.
import numpy as np
import paddle

paddle.seed(2024)
np.random.seed(2024)
x = np.random.rand(64, 8).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 4).astype("int64").reshape(-1)

model = paddle.nn.Sequential(paddle.nn.Linear(8, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 2))
scheduler = paddle.optimizer.lr.StepDecay(learning_rate=0.05, step_size=5, gamma=0.5)
opt = paddle.optimizer.Adam(learning_rate=scheduler, parameters=model.parameters(),
                            grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
loss_fn = paddle.nn.CrossEntropyLoss()
xt, yt = paddle.to_tensor(x), paddle.to_tensor(y)
for epoch in range(12):
    loss = loss_fn(model(xt), yt)
    loss.backward()
    opt.step()
    opt.clear_grad()
    scheduler.step()
    print(f"epoch {epoch} loss {loss.item():.6f} lr {opt.get_lr():.6f}")
model.eval()
with paddle.no_grad():
    acc = (model(xt).argmax(axis=1) == yt).astype("float32").mean()
print(f"accuracy {acc.item():.6f}")
state = model.state_dict()
print("params", [(k, v.shape) for k, v in state.items()])
print("weight sum", f"{float(state['0.weight'].sum()):.6f}")
