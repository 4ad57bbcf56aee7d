"""The peers' copies of a benchmark model: an ONNX graph and a PyTorch runner built from the
graph.json + weights.npz that latbench_models.py dumps from a PaddlePaddle export, so every
runtime computes the same function with the same weights.

Covers the ops the benchmark models use (conv/pool/batch-norm nets, fc nets, the encoders);
any other op raises UnsupportedOp, and the bench reports that runtime as skipped for that model.
Imported inside the peers' interpreters: `onnx` only in build_onnx, `torch` only in TorchRunner.
"""
import json
import os

import numpy as np


class UnsupportedOp(Exception):
    pass


def load_graph(model_dir):
    with open(os.path.join(model_dir, "graph.json")) as f:
        graph = json.load(f)
    weights = dict(np.load(os.path.join(model_dir, "weights.npz")))
    for op in graph["ops"]:  # Paddle's lookup returns zeros for padding_idx; a plain gather does not
        if op["type"] == "lookup_table_v2" and op["attrs"].get("padding_idx", -1) >= 0:
            w = weights[op["inputs"]["W"][0]].copy()
            w[op["attrs"]["padding_idx"]] = 0
            weights[op["inputs"]["W"][0]] = w
    return graph, weights


def _one(op, slot, io="inputs"):
    return op[io][slot][0]


def _pool_pads(attrs):
    """Paddle's paddings ([h, w] or [top, bottom, left, right]) as [top, left, bottom, right]."""
    p = attrs["paddings"]
    return [p[0], p[1], p[0], p[1]] if len(p) == 2 else [p[0], p[2], p[1], p[3]]


def _check_explicit(op):
    if op["attrs"].get("padding_algorithm", "EXPLICIT") != "EXPLICIT":
        raise UnsupportedOp(f"{op['type']} with padding_algorithm {op['attrs']['padding_algorithm']}")
    if op["attrs"].get("data_format", "NCHW") not in ("NCHW", "AnyLayout"):
        raise UnsupportedOp(f"{op['type']} with data_format {op['attrs']['data_format']}")


def _is_global_pool(attrs):
    return attrs.get("global_pooling") or (attrs.get("adaptive") and list(attrs["ksize"]) == [1, 1])


def _broadcast_tail(graph, op):
    """How many trailing 1-dims Y needs for Paddle's `axis` broadcast (0 for numpy-style)."""
    axis = op["attrs"].get("axis", -1)
    if axis == -1:
        return 0
    rank_x = len(graph["shapes"][_one(op, "X")])
    rank_y = len(graph["shapes"][_one(op, "Y")])
    return rank_x - axis - rank_y


# --------------------------------------------------------------------------------------
# ONNX
# --------------------------------------------------------------------------------------

ONNX_DTYPES = {"float32": 1, "int64": 7, "int32": 6}


def build_onnx(graph, weights, feed_dtypes):
    """A ModelProto (opset 17) computing the Paddle program; feeds keep its dynamic dims."""
    import onnx
    from onnx import helper, numpy_helper

    nodes, inits, counter = [], {}, [0]

    def const(value, dtype="int64"):
        counter[0] += 1
        name = f"_const{counter[0]}"
        inits[name] = np.asarray(value, dtype=dtype)
        return name

    def tmp():
        counter[0] += 1
        return f"_tmp{counter[0]}"

    def node(kind, ins, outs, **attrs):
        nodes.append(helper.make_node(kind, ins, outs, **attrs))

    for op in graph["ops"]:
        t, a = op["type"], op["attrs"]
        if t in ("conv2d", "depthwise_conv2d"):
            _check_explicit(op)
            node("Conv", [_one(op, "Input"), _one(op, "Filter")], [_one(op, "Output", "outputs")],
                 strides=a["strides"], pads=_pool_pads(a), dilations=a["dilations"], group=a["groups"])
        elif t == "batch_norm":
            node("BatchNormalization", [_one(op, "X"), _one(op, "Scale"), _one(op, "Bias"), _one(op, "Mean"),
                                        _one(op, "Variance")], [_one(op, "Y", "outputs")], epsilon=a["epsilon"])
        elif t == "pool2d":
            _check_explicit(op)
            x, y = _one(op, "X"), _one(op, "Out", "outputs")
            kind = "Max" if a["pooling_type"] == "max" else "Average"
            if _is_global_pool(a):
                node(f"Global{kind}Pool", [x], [y])
            elif a.get("adaptive"):
                raise UnsupportedOp(f"adaptive pool2d to {a['ksize']}")
            elif kind == "Max":
                node("MaxPool", [x], [y], kernel_shape=a["ksize"], strides=a["strides"], pads=_pool_pads(a),
                     ceil_mode=int(a["ceil_mode"]))
            else:
                node("AveragePool", [x], [y], kernel_shape=a["ksize"], strides=a["strides"],
                     pads=_pool_pads(a), ceil_mode=int(a["ceil_mode"]), count_include_pad=int(not a["exclusive"]))
        elif t in ("elementwise_add", "elementwise_mul", "elementwise_sub", "elementwise_div"):
            y = _one(op, "Y")
            tail = _broadcast_tail(graph, op)
            if tail > 0:
                y2 = tmp()
                node("Unsqueeze", [y, const(list(range(-tail, 0)))], [y2])
                y = y2
            kind = {"elementwise_add": "Add", "elementwise_mul": "Mul", "elementwise_sub": "Sub",
                    "elementwise_div": "Div"}[t]
            node(kind, [_one(op, "X"), y], [_one(op, "Out", "outputs")])
        elif t in ("relu", "erf", "tanh", "sigmoid"):
            node({"relu": "Relu", "erf": "Erf", "tanh": "Tanh", "sigmoid": "Sigmoid"}[t],
                 [_one(op, "X")], [_one(op, "Out", "outputs")])
        elif t == "relu6":
            node("Clip", [_one(op, "X"), const(0.0, "float32"), const(6.0, "float32")], [_one(op, "Out", "outputs")])
        elif t == "hard_swish":
            if (a["threshold"], a["scale"], a["offset"]) != (6.0, 6.0, 3.0):
                raise UnsupportedOp("hard_swish with non-default threshold/scale/offset")
            node("HardSwish", [_one(op, "X")], [_one(op, "Out", "outputs")])
        elif t == "dropout":
            if a.get("dropout_implementation") == "downgrade_in_infer":
                node("Mul", [_one(op, "X"), const(1.0 - a["dropout_prob"], "float32")], [_one(op, "Out", "outputs")])
            else:
                node("Identity", [_one(op, "X")], [_one(op, "Out", "outputs")])
        elif t == "flatten_contiguous_range":
            rank = len(graph["shapes"][_one(op, "X")])
            if a["start_axis"] != 1 or a["stop_axis"] not in (-1, rank - 1):
                raise UnsupportedOp(f"flatten_contiguous_range {a['start_axis']}..{a['stop_axis']}")
            node("Flatten", [_one(op, "X")], [_one(op, "Out", "outputs")], axis=1)
        elif t == "matmul_v2":
            ins = []
            for slot, flag in (("X", "trans_x"), ("Y", "trans_y")):
                v = _one(op, slot)
                if a.get(flag):
                    rank = len(graph["shapes"][v])
                    vt = tmp()
                    node("Transpose", [v], [vt], perm=list(range(rank - 2)) + [rank - 1, rank - 2])
                    v = vt
                ins.append(v)
            node("MatMul", ins, [_one(op, "Out", "outputs")])
        elif t == "mul":
            if a["x_num_col_dims"] != 1 or a["y_num_col_dims"] != 1:
                raise UnsupportedOp("mul with num_col_dims != 1")
            flat = tmp()
            node("Flatten", [_one(op, "X")], [flat], axis=1)
            node("MatMul", [flat, _one(op, "Y")], [_one(op, "Out", "outputs")])
        elif t == "softmax":
            node("Softmax", [_one(op, "X")], [_one(op, "Out", "outputs")], axis=a["axis"])
        elif t == "reshape2":
            if op["inputs"].get("Shape") or op["inputs"].get("ShapeTensor"):
                raise UnsupportedOp("reshape2 with a shape tensor")
            node("Reshape", [_one(op, "X"), const(a["shape"])], [_one(op, "Out", "outputs")])
        elif t == "transpose2":
            node("Transpose", [_one(op, "X")], [_one(op, "Out", "outputs")], perm=a["axis"])
        elif t == "scale":
            x, y = _one(op, "X"), _one(op, "Out", "outputs")
            s, b = a["scale"], a["bias"]
            b = b if a["bias_after_scale"] else b * s
            if b == 0:
                node("Mul", [x, const(s, "float32")], [y])
            else:
                m = tmp()
                node("Mul", [x, const(s, "float32")], [m])
                node("Add", [m, const(b, "float32")], [y])
        elif t == "slice":
            if any(op["inputs"].get(s) for s in ("StartsTensor", "EndsTensor", "StartsTensorList", "EndsTensorList")):
                raise UnsupportedOp("slice with tensor bounds")
            y = _one(op, "Out", "outputs")
            dec = a.get("decrease_axis") or []
            sliced = tmp() if dec else y
            node("Slice", [_one(op, "Input"), const(a["starts"]), const(a["ends"]), const(a["axes"])], [sliced])
            if dec:
                node("Squeeze", [sliced, const(dec)], [y])
        elif t == "layer_norm":
            node("LayerNormalization", [_one(op, "X"), _one(op, "Scale"), _one(op, "Bias")],
                 [_one(op, "Y", "outputs")], axis=a["begin_norm_axis"], epsilon=a["epsilon"])
        elif t == "lookup_table_v2":
            node("Gather", [_one(op, "W"), _one(op, "Ids")], [_one(op, "Out", "outputs")], axis=0)
        elif t == "reduce_mean":
            kw = {} if a.get("reduce_all") else {"axes": a["dim"]}
            node("ReduceMean", [_one(op, "X")], [_one(op, "Out", "outputs")], keepdims=int(a["keep_dim"]), **kw)
        else:
            raise UnsupportedOp(t)

    def value_info(name, elem):
        dims = [d if d >= 0 else f"d{i}" for i, d in enumerate(graph["shapes"][name])]
        return helper.make_tensor_value_info(name, elem, dims)

    initializers = [numpy_helper.from_array(v, k) for k, v in weights.items()]
    initializers += [numpy_helper.from_array(v, k) for k, v in inits.items()]
    g = helper.make_graph(nodes, "latbench",
                          [value_info(f, ONNX_DTYPES[feed_dtypes[f]]) for f in graph["feeds"]],
                          [value_info(f, 1) for f in graph["fetches"]],
                          initializer=initializers)
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


# --------------------------------------------------------------------------------------
# PyTorch: the program's ops as torch.nn.functional calls, what a hand-written eager
# module's forward does with the same weights
# --------------------------------------------------------------------------------------

class TorchRunner:
    def __init__(self, graph, weights):
        import torch
        import torch.nn.functional as F

        self.torch = torch
        self.weights = {k: torch.from_numpy(v) for k, v in weights.items()}
        self.feeds, self.fetches = graph["feeds"], graph["fetches"]
        self.steps = [self._step(graph, op, torch, F) for op in graph["ops"]]

    def _step(self, graph, op, torch, F):
        """(fn, input names, output name) for one op."""
        t, a = op["type"], op["attrs"]
        out = op["outputs"].get("Out", op["outputs"].get("Output", op["outputs"].get("Y")))[0]

        def w(slot):
            return self.weights[_one(op, slot)]

        if t in ("conv2d", "depthwise_conv2d"):
            _check_explicit(op)
            pt, pl, pb, pr = _pool_pads(a)
            if (pt, pl) != (pb, pr):
                raise UnsupportedOp("asymmetric conv padding")
            filt = w("Filter")
            s, d, g = a["strides"], a["dilations"], a["groups"]
            return (lambda x: F.conv2d(x, filt, None, s, (pt, pl), d, g)), [_one(op, "Input")], out
        if t == "batch_norm":
            args = (w("Mean"), w("Variance"), w("Scale"), w("Bias"))
            eps = a["epsilon"]
            return (lambda x: F.batch_norm(x, *args, training=False, eps=eps)), [_one(op, "X")], out
        if t == "pool2d":
            _check_explicit(op)
            pt, pl, pb, pr = _pool_pads(a)
            if (pt, pl) != (pb, pr):
                raise UnsupportedOp("asymmetric pool padding")
            is_max = a["pooling_type"] == "max"
            if _is_global_pool(a):
                fn = (lambda x: F.adaptive_max_pool2d(x, 1)) if is_max else (lambda x: F.adaptive_avg_pool2d(x, 1))
            elif a.get("adaptive"):
                raise UnsupportedOp(f"adaptive pool2d to {a['ksize']}")
            elif is_max:
                k, s, c = a["ksize"], a["strides"], a["ceil_mode"]
                fn = lambda x: F.max_pool2d(x, k, s, (pt, pl), ceil_mode=c)  # noqa: E731
            else:
                k, s, c, inc = a["ksize"], a["strides"], a["ceil_mode"], not a["exclusive"]
                fn = lambda x: F.avg_pool2d(x, k, s, (pt, pl), ceil_mode=c, count_include_pad=inc)  # noqa: E731
            return fn, [_one(op, "X")], out
        if t in ("elementwise_add", "elementwise_mul", "elementwise_sub", "elementwise_div"):
            fn = {"elementwise_add": torch.add, "elementwise_mul": torch.mul, "elementwise_sub": torch.sub,
                  "elementwise_div": torch.div}[t]
            tail = _broadcast_tail(graph, op)
            y = _one(op, "Y")
            if tail > 0 and y in self.weights:  # reshape the constant once, not per run
                self.weights[y] = self.weights[y].reshape(list(self.weights[y].shape) + [1] * tail)
            elif tail > 0:
                raise UnsupportedOp(f"{t} with axis broadcast of a non-constant")
            return fn, [_one(op, "X"), y], out
        simple = {"relu": torch.relu, "erf": torch.erf, "tanh": torch.tanh, "sigmoid": torch.sigmoid,
                  "relu6": F.relu6}
        if t in simple:
            return simple[t], [_one(op, "X")], out
        if t == "hard_swish":
            if (a["threshold"], a["scale"], a["offset"]) != (6.0, 6.0, 3.0):
                raise UnsupportedOp("hard_swish with non-default threshold/scale/offset")
            return F.hardswish, [_one(op, "X")], out
        if t == "dropout":
            keep = 1.0 - a["dropout_prob"] if a.get("dropout_implementation") == "downgrade_in_infer" else None
            return (lambda x: x * keep) if keep is not None else (lambda x: x), [_one(op, "X")], out
        if t == "flatten_contiguous_range":
            s, e = a["start_axis"], a["stop_axis"]
            return (lambda x: torch.flatten(x, s, e)), [_one(op, "X")], out
        if t == "matmul_v2":
            tx, ty = a.get("trans_x", False), a.get("trans_y", False)
            return (lambda x, y: torch.matmul(x.mT if tx else x, y.mT if ty else y)), \
                [_one(op, "X"), _one(op, "Y")], out
        if t == "mul":
            if a["x_num_col_dims"] != 1 or a["y_num_col_dims"] != 1:
                raise UnsupportedOp("mul with num_col_dims != 1")
            return (lambda x, y: torch.flatten(x, 1) @ y), [_one(op, "X"), _one(op, "Y")], out
        if t == "softmax":
            axis = a["axis"]
            return (lambda x: torch.softmax(x, axis)), [_one(op, "X")], out
        if t == "reshape2":
            shape = a["shape"]
            return (lambda x: x.reshape([x.shape[i] if d == 0 else d for i, d in enumerate(shape)])), \
                [_one(op, "X")], out
        if t == "transpose2":
            perm = a["axis"]
            return (lambda x: x.permute(perm)), [_one(op, "X")], out
        if t == "scale":
            s, b, after = a["scale"], a["bias"], a["bias_after_scale"]
            b = b if after else b * s
            return ((lambda x: x * s) if b == 0 else (lambda x: x * s + b)), [_one(op, "X")], out
        if t == "slice":
            axes, starts, ends, dec = a["axes"], a["starts"], a["ends"], a.get("decrease_axis") or []

            def slice_fn(x):
                index = [slice(None)] * x.dim()
                for ax, st, en in zip(axes, starts, ends):
                    index[ax] = st if ax in dec else slice(st, en)
                return x[tuple(index)]
            return slice_fn, [_one(op, "Input")], out
        if t == "layer_norm":
            scale, bias, eps = w("Scale"), w("Bias"), a["epsilon"]
            axis = a["begin_norm_axis"]
            return (lambda x: F.layer_norm(x, x.shape[axis:], scale, bias, eps)), [_one(op, "X")], out
        if t == "lookup_table_v2":
            table = w("W")
            return (lambda ids: F.embedding(ids, table)), [_one(op, "Ids")], out
        if t == "reduce_mean":
            dims, keep = a["dim"], a["keep_dim"]
            if a.get("reduce_all"):
                return (lambda x: torch.mean(x)), [_one(op, "X")], out
            return (lambda x: torch.mean(x, dims, keep)), [_one(op, "X")], out
        raise UnsupportedOp(t)

    def __call__(self, feeds):
        torch = self.torch
        with torch.inference_mode():
            env = dict(self.weights)
            for name in self.feeds:
                env[name] = torch.from_numpy(feeds[name])
            for fn, ins, out in self.steps:
                env[out] = fn(*[env[i] for i in ins])
            return [env[f].numpy() for f in self.fetches]
