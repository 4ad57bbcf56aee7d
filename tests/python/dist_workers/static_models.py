"""The static-mode data-parallel test's program and data, shared by the worker
and the single-process reference."""
import numpy as np

import paddle

STEPS, BATCH_PER_RANK = 4, 4


def build(seed, data_parallel):
    """(main, startup, loss) of an MLP trained with SGD; with `data_parallel`
    the optimizer goes through fleet.distributed_optimizer."""
    from paddle.distributed import fleet
    main, startup = paddle.static.Program(), paddle.static.Program()
    startup.random_seed = seed
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, 8], "float32")
        y = paddle.static.data("y", [-1, 1], "int64")
        h = paddle.static.nn.fc(x, 16, activation="relu")
        logits = paddle.static.nn.fc(h, 10)
        loss = paddle.mean(paddle.nn.functional.cross_entropy(logits, y))
        opt = paddle.optimizer.SGD(0.2)
        if data_parallel:
            opt = fleet.distributed_optimizer(opt)
        opt.minimize(loss)
    return main, startup, loss


def data(nranks):
    rng = np.random.default_rng(11)
    x = rng.standard_normal((STEPS, BATCH_PER_RANK * nranks, 8)).astype("float32")
    y = rng.integers(0, 10, (STEPS, BATCH_PER_RANK * nranks, 1)).astype("int64")
    return x, y


def train(main, startup, loss, nranks, rank=None):
    """Runs startup then STEPS steps; returns {parameter name: value}."""
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        xs, ys = data(nranks)
        for step in range(STEPS):
            x, y = xs[step], ys[step]
            if rank is not None:
                part = slice(rank * BATCH_PER_RANK, (rank + 1) * BATCH_PER_RANK)
                x, y = x[part], y[part]
            exe.run(main, feed={"x": x, "y": y}, fetch_list=[loss])
        return {p.name: np.array(scope.find_var(p.name).get_tensor())
                for p in main.all_parameters()}
