"""Gradient checks for the tensor API tests: paddle's backward against
central finite differences of the same function, in float64."""
import numpy as np

import paddle


def check_grad(fn, *arrays, wrt=None, eps=1e-6, rtol=1e-5, atol=1e-7, seed=0):
    """Compares d(sum(fn(*xs) * w))/dx for the inputs listed in ``wrt`` (default:
    every floating one) with finite differences; w is a fixed random weight,
    so every output element counts with its own factor."""
    arrays = [np.asarray(a) for a in arrays]
    if wrt is None:
        wrt = [i for i, a in enumerate(arrays) if a.dtype.kind == "f"]
    tensors = [paddle.to_tensor(a, stop_gradient=i not in wrt) for i, a in enumerate(arrays)]
    out = fn(*tensors)
    w = np.random.default_rng(seed).standard_normal(out.shape).astype(out.numpy().dtype)
    paddle.sum(out * paddle.to_tensor(w)).backward()

    def loss(values):
        with paddle.no_grad():
            res = fn(*[paddle.to_tensor(v) for v in values]).numpy()
        return float(np.sum(res * w))

    for i in wrt:
        numeric = np.zeros(arrays[i].shape, dtype=np.float64)
        for j in range(arrays[i].size):
            plus = [a.copy() for a in arrays]
            minus = [a.copy() for a in arrays]
            plus[i].reshape(-1)[j] += eps
            minus[i].reshape(-1)[j] -= eps
            numeric.reshape(-1)[j] = (loss(plus) - loss(minus)) / (2 * eps)
        grad = tensors[i].grad
        assert grad is not None, f"input {i} got no gradient"
        np.testing.assert_allclose(grad.numpy(), numeric, rtol=rtol, atol=atol,
                                   err_msg=f"gradient of input {i}")
