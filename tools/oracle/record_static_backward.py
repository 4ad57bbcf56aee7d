"""Records the ops PaddlePaddle 3.3.1's paddle.static.append_backward and
paddle.static.gradients append to small programs, for tests/cpp/backward_test.cc
(AppendBackward.OpsAndNamesAreThoseOfPaddlePaddle, CalcGradients.OpsAndNamesAreThoseOfPaddlePaddle).

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency), in the
legacy ProgramDesc mode:

    FLAGS_enable_pir_api=0 python tools/oracle/record_static_backward.py tests/data/backward

append_backward (paddle_example_ops.txt): x [2, 3] (data), w [3, 4] (parameter);
tmp_0 = x @ w; relu; tmp_0 + relu(tmp_0) (tmp_0 read twice: a sum of renamed
gradients); split in two, only the first part used (a zero-filled gradient); mean.

gradients (paddle_gradients_ops.txt): x [2, 4] (data, stop_gradient=False),
w [4, 3], u [3] (parameters), g [2, 3] (data); tmp_0 = x @ w; relu_0.tmp_0 = relu;
tmp_1 = relu_0.tmp_0 + relu_0.tmp_0. Case "ones": gradients([tmp_1], [x, w, u, tmp_0]);
case "given": in a fresh program, gradients([relu_0.tmp_0], [w], [g]).

convnet (convnet.pdmodel, its forward program as PaddlePaddle serializes it, and
convnet_ops.txt): img [-1, 1, 8, 8], label [-1, 1]; paddle.static.nn.conv2d (4
filters of 3x3, with its bias) and relu; max_pool2d 2; paddle.static.nn.fc to 10;
cross_entropy; then append_backward, whose (param, grad) pairs end the file as
"returns p:g ...".

One line per appended op: "type In=[a,b] -> Out=[c]", slots sorted, empty slots
left out; for gradients, a case's "== <case>" line first and a "returns" line last.
"""
import os
import sys

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so programs are ProgramDescs")

import paddle


def slots(op, names, get):
    parts = [f"{s}=[{','.join(get(s))}]" for s in sorted(names) if get(s)]
    return " ".join(parts)


def op_lines(block, first):
    lines = []
    for op in block.ops[first:]:
        ins = slots(op, op.input_names, op.input)
        outs = slots(op, op.output_names, op.output)
        lines.append(f"{op.type} {ins} -> {outs}\n")
    return lines


def append_backward_case():
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        x = paddle.static.data("x", [2, 3], "float32")
        w = paddle.create_parameter([3, 4], "float32", name="w")
        h = x @ w
        y = paddle.nn.functional.relu(h)
        a, _ = paddle.split(h + y, 2, axis=1)
        loss = paddle.mean(a)
        forward_ops = len(main_prog.global_block().ops)
        paddle.static.append_backward(loss)
    return op_lines(main_prog.global_block(), forward_ops)


def gradients_case(given):
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        x = paddle.static.data("x", [2, 4], "float32")
        x.stop_gradient = False
        w = paddle.create_parameter([4, 3], "float32", name="w")
        u = paddle.create_parameter([3], "float32", name="u")
        g = paddle.static.data("g", [2, 3], "float32")
        xw = x @ w
        r = paddle.nn.functional.relu(xw)
        t = r + r
        forward_ops = len(main_prog.global_block().ops)
        if given:
            grads = paddle.static.gradients([r], [w], [g])
        else:
            grads = paddle.static.gradients([t], [x, w, u, xw])
    names = ["None" if v is None else v.name for v in grads]
    case = "given" if given else "ones"
    return [f"== {case}\n"] + op_lines(main_prog.global_block(), forward_ops) + [
        f"returns {' '.join(names)}\n"
    ]


def convnet_case(out_dir):
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        img = paddle.static.data("img", [-1, 1, 8, 8], "float32")
        label = paddle.static.data("label", [-1, 1], "int64")
        conv = paddle.static.nn.conv2d(img, 4, 3, act="relu")
        pool = paddle.nn.functional.max_pool2d(conv, 2)
        logits = paddle.static.nn.fc(pool, 10)
        loss = paddle.nn.functional.cross_entropy(logits, label)
        forward_ops = len(main_prog.global_block().ops)
        with open(os.path.join(out_dir, "convnet.pdmodel"), "wb") as f:
            f.write(main_prog.desc.serialize_to_string())
        pairs = paddle.static.append_backward(loss)
    returns = " ".join(f"{p.name}:{g.name}" for p, g in pairs)
    lines = op_lines(main_prog.global_block(), forward_ops) + [f"returns {returns}\n"]
    with open(os.path.join(out_dir, "convnet_ops.txt"), "w") as f:
        f.writelines([f"loss {loss.name}\n"] + lines)


def main(out_dir):
    paddle.enable_static()
    with open(os.path.join(out_dir, "paddle_example_ops.txt"), "w") as f:
        f.writelines(append_backward_case())
    convnet_case(out_dir)
    with open(os.path.join(out_dir, "paddle_gradients_ops.txt"), "w") as f:
        f.writelines(gradients_case(False) + gradients_case(True))


if __name__ == "__main__":
    main(sys.argv[1])
