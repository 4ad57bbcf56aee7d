"""Records PaddlePaddle 3.3.1's paddle.static.nn layer_norm, group_norm,
instance_norm, prelu, conv2d_transpose, conv3d, conv3d_transpose,
bilinear_tensor_product and spectral_norm for tests/python/test_static_nn_more.py:
per case the parameters' names, shapes and startup initializer ops, and, with the
parameters set to fixed values, the output and the gradients of
mean(out * r) for the inputs and parameters.

Not run by CI. Run it with the real PaddlePaddle (it is not a dependency), in the
legacy ProgramDesc mode:

    FLAGS_enable_pir_api=0 python tools/oracle/record_static_nn_more.py tests/data/static_nn_more

Writes cases.json (specs, names, shapes, initializers) and values.npz
("<case>/<what>" arrays: inputs, parameters, out, r, and "<name>@GRAD").
"""
import json
import os
import sys

if os.environ.get("FLAGS_enable_pir_api") != "0":
    sys.exit("run with FLAGS_enable_pir_api=0, so programs are ProgramDescs")

import numpy as np
import paddle

# name: (function, inputs [(name, shape)], kwargs, whether the gradients are recorded)
# None in a shape is the batch dim (fed as 2); attr=True makes a ParamAttr().
CASES = {
    "layer_norm": ("layer_norm", [("x", [None, 3, 4])], {"begin_norm_axis": 1}, True),
    "layer_norm_axis2_act": ("layer_norm", [("x", [None, 3, 4])],
                             {"begin_norm_axis": 2, "act": "relu"}, True),
    "layer_norm_no_shift": ("layer_norm", [("x", [None, 5])], {"shift": False}, True),
    "group_norm_default": ("group_norm", [("x", [None, 4, 3])], {"groups": 2}, True),
    "group_norm_params": ("group_norm", [("x", [None, 6, 2, 2])],
                          {"groups": 3, "param_attr": True, "bias_attr": True}, True),
    "group_norm_nhwc": ("group_norm", [("x", [None, 2, 2, 4])],
                        {"groups": 2, "param_attr": True, "bias_attr": True,
                         "data_layout": "NHWC"}, True),
    "instance_norm_default": ("instance_norm", [("x", [None, 3, 4])], {}, True),
    "instance_norm_params": ("instance_norm", [("x", [None, 2, 3, 3])],
                             {"param_attr": True, "bias_attr": True}, True),
    "prelu_all": ("prelu", [("x", [None, 3, 2, 2])], {"mode": "all"}, True),
    "prelu_channel": ("prelu", [("x", [None, 3, 2, 2])], {"mode": "channel"}, True),
    "prelu_channel_nhwc": ("prelu", [("x", [None, 2, 2, 3])],
                           {"mode": "channel", "data_format": "NHWC"}, True),
    "prelu_element": ("prelu", [("x", [None, 3, 4])], {"mode": "element"}, True),
    "conv2d_transpose": ("conv2d_transpose", [("x", [None, 3, 4, 4])],
                         {"num_filters": 2, "filter_size": 3, "stride": 2, "padding": 1}, True),
    "conv2d_transpose_output_size": ("conv2d_transpose", [("x", [None, 2, 3, 3])],
                                     {"num_filters": 4, "output_size": [5, 5],
                                      "groups": 2, "act": "tanh"}, True),
    "conv2d_transpose_nhwc": ("conv2d_transpose", [("x", [None, 3, 3, 2])],
                              {"num_filters": 2, "filter_size": [2, 3], "bias_attr": False,
                               "data_format": "NHWC"}, True),
    "conv3d": ("conv3d", [("x", [None, 2, 4, 4, 4])],
               {"num_filters": 3, "filter_size": 3, "padding": 1, "stride": 2}, True),
    "conv3d_groups_act": ("conv3d", [("x", [None, 4, 3, 3, 3])],
                          {"num_filters": 2, "filter_size": 2, "groups": 2, "act": "relu"}, True),
    "conv3d_transpose": ("conv3d_transpose", [("x", [None, 2, 2, 3, 3])],
                         {"num_filters": 3, "filter_size": 2, "stride": 2}, True),
    "conv3d_transpose_output_size": ("conv3d_transpose", [("x", [None, 2, 2, 2, 2])],
                                     {"num_filters": 2, "output_size": 4, "padding": 1}, True),
    "bilinear_tensor_product": ("bilinear_tensor_product", [("x", [None, 4]), ("y", [None, 3])],
                                {"size": 5}, True),
    "bilinear_tensor_product_act": ("bilinear_tensor_product",
                                    [("x", [None, 2]), ("y", [None, 3])],
                                    {"size": 2, "act": "sigmoid", "bias_attr": False}, True),
    "spectral_norm": ("spectral_norm", [("weight", [4, 6])], {"dim": 0, "power_iters": 3}, False),
    "spectral_norm_dim1": ("spectral_norm", [("weight", [3, 5, 2])],
                           {"dim": 1, "power_iters": 2}, False),
}
INIT_ATTRS = ("value", "mean", "std", "min", "max")


def build(fn, inputs, kwargs):
    """The case's program: its data inputs, output, r and loss."""
    kw = {k: (paddle.ParamAttr() if v is True and k.endswith("attr") else v)
          for k, v in kwargs.items()}
    xs = []
    for name, shape in inputs:
        x = paddle.static.data(name, [-1 if s is None else s for s in shape], "float32")
        x.stop_gradient = False
        xs.append(x)
    out = getattr(paddle.static.nn, fn)(*xs, **kw)
    r = paddle.static.data("r", out.shape, "float32")
    return xs, out, r, paddle.mean(out * r)


def main(out_dir):
    paddle.enable_static()
    rng = np.random.RandomState(7)
    specs, arrays = {}, {}
    for case, (fn, inputs, kwargs, grads) in CASES.items():
        main_prog, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main_prog, startup), paddle.utils.unique_name.guard():
            xs, out, r, loss = build(fn, inputs, kwargs)
            params = main_prog.all_parameters()
            paddle.static.append_backward(loss)
        inits = {}
        for op in startup.global_block().ops:
            attrs = {k: round(float(op.attr(k)), 6) for k in INIT_ATTRS if op.has_attr(k)}
            inits[op.output_arg_names[0]] = [op.type, attrs]
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            feed = {}
            for (name, shape), x in zip(inputs, xs):
                feed[name] = rng.uniform(-1, 1, [2 if s is None else s for s in shape]) \
                    .astype("float32")
            for p in params:
                value = rng.uniform(-1, 1, p.shape).astype("float32")
                scope.find_var(p.name).get_tensor().set(value, paddle.CPUPlace())
                arrays[f"{case}/{p.name}"] = value
            out_shape = [2 if s == -1 else s for s in out.shape]
            feed["r"] = rng.uniform(-1, 1, out_shape).astype("float32")
            fetch = [out.name]
            if grads:
                fetch += [f"{n}@GRAD" for n, _ in inputs]
                fetch += [f"{p.name}@GRAD" for p in params if p.trainable and not p.stop_gradient]
            values = exe.run(main_prog, feed=feed, fetch_list=fetch)
        for k, v in feed.items():
            arrays[f"{case}/{k}"] = v
        arrays[f"{case}/out"] = values[0]
        for name, v in zip(fetch[1:], values[1:]):
            arrays[f"{case}/{name}"] = v
        specs[case] = {"fn": fn, "inputs": inputs, "kwargs": kwargs,
                       "out_shape": list(out.shape),
                       "params": [[p.name, list(p.shape)] + inits[p.name] for p in params],
                       "grads": fetch[1:]}
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "cases.json"), "w") as f:
        json.dump(specs, f, indent=1)
    np.savez_compressed(os.path.join(out_dir, "values.npz"), **arrays)


if __name__ == "__main__":
    main(sys.argv[1])
