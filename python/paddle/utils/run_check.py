"""paddle.utils.run_check: a quick check that the installation works."""
import numpy as np


def run_check():
    """Trains one step of a tiny model and runs its export, printing whether
    paddle works on this machine.

    Example:
        >>> paddle.utils.run_check()
        Running verify PaddlePaddle program ...
        PaddlePaddle works well on 1 CPU.
        PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.
    """
    import paddle
    print("Running verify PaddlePaddle program ... ")
    layer = paddle.nn.Linear(2, 1)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    x = paddle.to_tensor(np.ones((4, 2), "float32"))
    before = float(layer(x).mean().item())
    loss = layer(x).mean()
    loss.backward()
    opt.step()
    after = float(layer(x).mean().item())
    if not after < before:
        raise RuntimeError("paddle's check failed: one SGD step did not lower the output")
    print("PaddlePaddle works well on 1 CPU.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
