"""A static-graph training script as PaddlePaddle users write it: data, fc,
SGD.minimize, an Executor loop, a test program from clone(for_test=True),
then save_inference_model / load_inference_model and a run of the loaded model."""
import os
import tempfile

# PaddlePaddle 3.x builds PIR programs by default; ProgramDesc programs (the
# .pdmodel format, clone(for_test=...)) are its legacy static mode.
os.environ.setdefault("FLAGS_enable_pir_api", "0")

import numpy as np  # noqa: E402
import paddle  # noqa: E402

paddle.enable_static()
paddle.seed(2024)
rng = np.random.RandomState(0)
features = rng.rand(64, 13).astype("float32")
targets = (features @ rng.rand(13, 1) + 0.1).astype("float32")

main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data(name="x", shape=[None, 13], dtype="float32")
    y = paddle.static.data(name="y", shape=[None, 1], dtype="float32")
    hidden = paddle.static.nn.fc(x, size=16, activation="relu")
    pred = paddle.static.nn.fc(hidden, size=1)
    loss = paddle.mean(paddle.nn.functional.square_error_cost(pred, y))
    test_program = main.clone(for_test=True)
    sgd = paddle.optimizer.SGD(learning_rate=0.05)
    sgd.minimize(loss)

exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(startup)
for epoch in range(5):
    for start in range(0, 64, 16):
        feed = {"x": features[start:start + 16], "y": targets[start:start + 16]}
        (loss_value,) = exe.run(main, feed=feed, fetch_list=[loss])
    print(f"epoch {epoch} loss {float(loss_value):.6f}")

(test_loss,) = exe.run(test_program, feed={"x": features, "y": targets}, fetch_list=[loss])
print(f"test loss {float(test_loss):.6f}")

with tempfile.TemporaryDirectory() as d:
    prefix = os.path.join(d, "regressor")
    paddle.static.save_inference_model(prefix, [x], [pred], exe, program=main)
    program, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
    (out,) = exe.run(program, feed={feed_names[0]: features[:4]}, fetch_list=fetch_targets)
    print("feeds", feed_names)
    print("predictions", " ".join(f"{v:.6f}" for v in out.reshape(-1)))
