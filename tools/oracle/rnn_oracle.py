"""Records what PaddlePaddle 3.3.1's `rnn` op computes, for tests/data/rnn/.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency):

    python tools/oracle/rnn_oracle.py tests/data/rnn/cases.txt

For each mode it exports a paddle.nn.LSTM / GRU / SimpleRNN (2 layers, both
directions, time-major, given initial states and sequence lengths) with
paddle.jit.save under the old program format (FLAGS_enable_pir_api=0), loads
the saved program back, prints its ops and the rnn op's attributes, runs it
on random inputs and writes inputs, weights (in WeightList order) and the
outputs Out and State to the data file, one tensor a line:

    <mode> <slot> <index> <dims, comma-separated> <values...>

and the op's attributes as `<mode> attrs name=value ...`. The LSTM's saved
model is kept as lstm/model.pdmodel and lstm/model.pdiparams next to the file.
"""
import os
import shutil
import sys
import tempfile

os.environ["FLAGS_enable_pir_api"] = "0"

import numpy as np  # noqa: E402
import paddle  # noqa: E402

T, N, I, H, L = 4, 3, 3, 2, 2
LENGTHS = [4, 2, 3]


def build(mode):
    if mode == "LSTM":
        return paddle.nn.LSTM(I, H, num_layers=L, direction="bidirect", time_major=True)
    if mode == "GRU":
        return paddle.nn.GRU(I, H, num_layers=L, direction="bidirect", time_major=True)
    act = "tanh" if mode == "RNN_TANH" else "relu"
    return paddle.nn.SimpleRNN(I, H, num_layers=L, direction="bidirect", time_major=True,
                               activation=act)


class Net(paddle.nn.Layer):
    def __init__(self, mode):
        super().__init__()
        self.mode = mode
        self.rnn = build(mode)

    def forward(self, x, sl, h0, c0=None):
        if self.mode == "LSTM":
            y, (h, c) = self.rnn(x, (h0, c0), sequence_length=sl)
            return y, h, c
        y, h = self.rnn(x, h0, sequence_length=sl)
        return y, h


def line(mode, slot, index, a):
    a = np.asarray(a)
    dims = ",".join(str(d) for d in a.shape)
    vals = " ".join(repr(float(v)) if a.dtype.kind == "f" else str(int(v)) for v in a.ravel())
    return f"{mode} {slot} {index} {dims} {vals}\n"


def record(mode, rng, out, model_dir):
    paddle.disable_static()
    paddle.set_device("cpu")
    paddle.seed(1)
    net = Net(mode)
    net.eval()
    # The layer's DropoutState buffer is made without a place, which
    # jit.save's conversion rejects; give it one (its value is never read).
    net.rnn._dropout_state = paddle.zeros([1], "uint8")
    specs = [paddle.static.InputSpec([T, N, I], "float32", "x"),
             paddle.static.InputSpec([N], "int32", "sl"),
             paddle.static.InputSpec([L * 2, N, H], "float32", "h0")]
    if mode == "LSTM":
        specs.append(paddle.static.InputSpec([L * 2, N, H], "float32", "c0"))
    prefix = os.path.join(tempfile.mkdtemp(), "model")
    paddle.jit.save(net, prefix, input_spec=specs)
    if mode == "LSTM":  # kept whole, for the end-to-end test through the predictor
        os.makedirs(model_dir, exist_ok=True)
        for ext in [".pdmodel", ".pdiparams"]:
            shutil.copy(prefix + ext, os.path.join(model_dir, "model" + ext))

    paddle.enable_static()
    exe = paddle.static.Executor(paddle.CPUPlace())
    program, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
    print(f"== {mode}: feeds {feeds}")
    rnn = None
    for op in program.global_block().ops:
        print("  ", op.type, {k: op.input(k) for k in op.input_names},
              {k: op.output(k) for k in op.output_names})
        if op.type == "rnn":
            rnn = op
    attrs = {a: rnn.attr(a) for a in ["mode", "num_layers", "is_bidirec", "input_size",
                                       "hidden_size", "dropout_prob", "is_test", "seed"]}
    print("   rnn attrs", attrs)
    feed = {"x": rng.uniform(-1, 1, (T, N, I)).astype("float32"),
            "h0": rng.uniform(-1, 1, (L * 2, N, H)).astype("float32"),
            "c0": rng.uniform(-1, 1, (L * 2, N, H)).astype("float32"),
            "sl": np.array(LENGTHS, "int32")}
    feed = {k: v for k, v in feed.items() if k in feeds}
    results = exe.run(program, feed=feed, fetch_list=fetches)
    scope = paddle.static.global_scope()
    weights = [np.array(scope.find_var(n).get_tensor()) for n in rnn.input("WeightList")]

    out.write(f"{mode} attrs " + " ".join(f"{k}={int(v) if isinstance(v, bool) else v}"
                                          for k, v in attrs.items()) + "\n")
    out.write(line(mode, "Input", 0, feed["x"]))
    out.write(line(mode, "PreState", 0, feed["h0"]))
    if mode == "LSTM":
        out.write(line(mode, "PreState", 1, feed["c0"]))
    for i, w in enumerate(weights):
        out.write(line(mode, "WeightList", i, w))
    out.write(line(mode, "SequenceLength", 0, feed["sl"]))
    out.write(line(mode, "Out", 0, results[0]))
    for i, s in enumerate(results[1:]):
        out.write(line(mode, "State", i, s))


def main(path):
    rng = np.random.RandomState(0)
    with open(path, "w") as out:
        out.write("# Written by tools/oracle/rnn_oracle.py with PaddlePaddle "
                  f"{paddle.__version__}; see README.md.\n")
        for mode in ["LSTM", "GRU", "RNN_TANH", "RNN_RELU"]:
            record(mode, rng, out, os.path.join(os.path.dirname(path), "lstm"))


if __name__ == "__main__":
    main(sys.argv[1])
