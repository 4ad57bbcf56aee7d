"""Records the ops PaddlePaddle 3.3.1's paddle.static.append_backward appends to a
small program, for tests/cpp/backward_test.cc (AppendBackward, OpsAndNamesAreThoseOfPaddlePaddle).

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency), in the
legacy ProgramDesc mode:

    FLAGS_enable_pir_api=0 python tools/oracle/record_static_backward.py \
        tests/data/backward/paddle_example_ops.txt

The program: x [2, 3] (data), w [3, 4] (parameter); tmp_0 = x @ w; relu; tmp_0 +
relu(tmp_0) (tmp_0 read twice: a sum of renamed gradients); split in two, only the
first part used (a zero-filled gradient); mean. One line per appended op:
"type In=[a,b] -> Out=[c]", slots sorted, empty slots left out.
"""
import os
import sys

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so programs are ProgramDescs")

import paddle


def slots(op, names, get):
    parts = [f"{s}=[{','.join(get(s))}]" for s in sorted(names) if get(s)]
    return " ".join(parts)


def main(out_path):
    paddle.enable_static()
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
    lines = []
    for op in main_prog.global_block().ops[forward_ops:]:
        ins = slots(op, op.input_names, op.input)
        outs = slots(op, op.output_names, op.output)
        lines.append(f"{op.type} {ins} -> {outs}\n")
    with open(out_path, "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main(sys.argv[1])
