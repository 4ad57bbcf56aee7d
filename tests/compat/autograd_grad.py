# paddle.grad as users call it: first and second derivatives, grad_outputs,
# allow_unused, retain_graph, and hooks.
import numpy as np
import paddle

x = paddle.to_tensor(np.linspace(-1, 1, 5).astype("float32"), stop_gradient=False)
y = paddle.tanh(x) * x ** 2
(dx,) = paddle.grad(y.sum(), x, create_graph=True)
(ddx,) = paddle.grad(dx.sum(), x)
print("dx", np.round(dx.numpy(), 6).tolist())
print("ddx", np.round(ddx.numpy(), 5).tolist())
w = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
z = paddle.to_tensor([1.0, 1.0], stop_gradient=False)
out = paddle.matmul(w, w)
(gw, gz) = paddle.grad(out, [w, z], grad_outputs=paddle.ones_like(out) * 0.5, allow_unused=True)
print("gw", gw.numpy().tolist(), "gz", gz)
seen = []
h = w.register_hook(lambda g: seen.append(float(g.sum())))
loss = (w * w).sum()
loss.backward(retain_graph=True)
loss.backward()
print("grad", w.grad.numpy().tolist(), "hook sums", seen)
