"""Records what PaddlePaddle 3.3.1's paddle.amp does on a CPU, for
tests/data/amp/amp.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_amp.py

It writes: a training loop of a small MLP under auto_cast + GradScaler (the
initial weights, the data and each step's loss; on the CPU auto_cast and the
scaler make no effect, so these are float32 steps), the warnings they give,
the public names, the white and black lists, and the loss-scaling ops
(check_finite_and_unscale_, update_loss_scaling_ of paddle._C_ops) on fixed
cases.
"""
import json
import pathlib
import warnings

import numpy as np
import paddle
from paddle import _C_ops

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "amp" / "amp.json"


def training_loop():
    rng = np.random.default_rng(7)
    w1, b1 = rng.normal(0, 0.5, (4, 8)).astype("float32"), rng.normal(0, 0.1, 8).astype("float32")
    w2, b2 = rng.normal(0, 0.5, (8, 1)).astype("float32"), rng.normal(0, 0.1, 1).astype("float32")
    x, y = rng.normal(0, 1, (16, 4)).astype("float32"), rng.normal(0, 1, (16, 1)).astype("float32")
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    for p, v in zip(model.parameters(), (w1, b1, w2, b2)):
        p.set_value(v)
    opt = paddle.optimizer.Momentum(0.05, momentum=0.9, parameters=model.parameters())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        losses = []
        for _ in range(6):
            with paddle.amp.auto_cast(level="O1", dtype="bfloat16"):
                loss = paddle.nn.functional.mse_loss(model(paddle.to_tensor(x)), paddle.to_tensor(y))
            scaled = scaler.scale(loss)
            scaled.backward()
            scaler.step(opt)
            scaler.update()
            opt.clear_grad()
            losses.append([float(loss), float(scaled)])
    return {"params": [w1.tolist(), b1.tolist(), w2.tolist(), b2.tolist()], "x": x.tolist(),
            "y": y.tolist(), "losses": losses, "state_dict": scaler.state_dict(),
            "enabled": scaler.is_enable(), "warnings": sorted({str(w.message) for w in caught})}


def tensor(values, dtype="float32"):
    return paddle.to_tensor(np.array(values, dtype=dtype))


def unscale_cases():
    inf, nan = float("inf"), float("nan")
    cases = []
    for xs, scale in [([[1.0, 2.0], [[4.0, -8.0]]], 4.0), ([[1.0, 2.0], [3.0, nan], [4.0, 8.0]], 2.0),
                      ([[inf, 1.0], [2.0]], 8.0), ([[0.5]], 0.25)]:
        outs, found = _C_ops.check_finite_and_unscale_([tensor(x) for x in xs], tensor([scale]),
                                                       tensor([False], "bool"))
        cases.append({"xs": xs, "scale": scale,
                      "outs": [np.where(np.isnan(o.numpy()), None, o.numpy()).tolist() for o in outs],
                      "found": bool(found.numpy()[0])})
    return cases


def update_cases():
    cases = []
    attrs = dict(incr_every_n_steps=2, decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.5)
    for found, scale, good, bad, stop in [(False, 1024.0, 1, 0, False), (False, 1024.0, 0, 3, False),
                                          (True, 1024.0, 5, 1, False), (True, 1024.0, 0, 0, False),
                                          (True, 1.5, 0, 1, False), (False, 3e38, 1, 0, False),
                                          (True, 64.0, 0, 1, True), (False, 64.0, 1, 0, True)]:
        xs, sc, g, b = [tensor([1.0, -2.0])], tensor([scale]), tensor([good], "int32"), tensor([bad], "int32")
        _C_ops.update_loss_scaling_(xs, tensor([found], "bool"), sc, g, b, *attrs.values(), stop)
        cases.append({"found": found, "scale": scale, "good": good, "bad": bad, "stop_update": stop,
                      "attrs": attrs, "out": xs[0].numpy().tolist(), "new_scale": float(sc.numpy()[0]),
                      "new_good": int(g.numpy()[0]), "new_bad": int(b.numpy()[0])})
    return cases


def main():
    record = {
        "training": training_loop(),
        "all": list(paddle.amp.__all__),
        "white_list": {d: {lv: sorted(s) for lv, s in v.items()} for d, v in paddle.amp.white_list().items()},
        "black_list": {d: {lv: sorted(s) for lv, s in v.items()} for d, v in paddle.amp.black_list().items()},
        "check_finite_and_unscale": unscale_cases(),
        "update_loss_scaling": update_cases(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
