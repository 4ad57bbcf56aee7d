"""The optimizer cases that tools/oracle/record_optimizers.py records with the
real PaddlePaddle and tests/python/test_optimizer.py replays with ours, and
`run_case`, which runs one with either (it is given the `paddle` module).

A case feeds the same initial parameters and the same gradient per step to
both: the loss of each step is sum(param * G) for every parameter, so its
gradient is G; the optimizer clips, decays and updates from there.

Arguments are JSON; objects are spelled as
  {"lambda": "name: name.endswith('w0')"}          a Python lambda (text after `lambda `)
  {"scheduler": "StepDecay", "kwargs": {...}}       an LRScheduler
  {"regularizer": "L1Decay", "coeff": 0.02}        paddle.regularizer.*
  {"clip": "ClipGradByNorm", "kwargs": {...}}       paddle.nn.ClipGrad*
"""
import numpy as np

STEPS = 5
SEED = 2024
SHAPES = [[3, 4], [4]]


def _lam(text):
    return {"lambda": text}


def _reg(kind, coeff):
    return {"regularizer": kind, "coeff": coeff}


def _clip(kind, **kwargs):
    return {"clip": kind, "kwargs": kwargs}


def _sched(kind, **kwargs):
    return {"scheduler": kind, "kwargs": kwargs}


# name -> (optimizer, kwargs, options); options: dtype, groups (a list of
# {"params": [param indices], ...group options}), set_lr ({step: value},
# applied before that step), no_grad_for (a parameter index left without a gradient),
# steps (instead of STEPS: RAdam rectifies only from its sixth step).
CASES = {
    "sgd": ("SGD", {"learning_rate": 0.1}, {}),
    "sgd_l2_float": ("SGD", {"learning_rate": 0.1, "weight_decay": 0.01}, {}),
    "sgd_l1": ("SGD", {"learning_rate": 0.1, "weight_decay": _reg("L1Decay", 0.02)}, {}),
    "sgd_set_lr": ("SGD", {"learning_rate": 0.1}, {"set_lr": {2: 0.05}}),
    "sgd_float64": ("SGD", {"learning_rate": 0.1, "weight_decay": 0.03}, {"dtype": "float64"}),
    "momentum": ("Momentum", {"learning_rate": 0.1, "momentum": 0.9}, {}),
    "momentum_nesterov_l2": ("Momentum", {"learning_rate": 0.05, "momentum": 0.8,
                                          "use_nesterov": True,
                                          "weight_decay": _reg("L2Decay", 0.01)}, {}),
    "momentum_l1": ("Momentum", {"learning_rate": 0.1, "weight_decay": _reg("L1Decay", 0.01)}, {}),
    "adam": ("Adam", {"learning_rate": 0.01}, {}),
    "adam_l2_amsgrad": ("Adam", {"learning_rate": 0.01, "beta1": 0.8, "beta2": 0.99,
                                 "epsilon": 1e-6, "weight_decay": 0.05, "amsgrad": True}, {}),
    "adam_float64": ("Adam", {"learning_rate": 0.02}, {"dtype": "float64"}),
    "adam_named": ("Adam", {"learning_rate": 0.01, "name": "opt"}, {}),
    "adam_missing_grad": ("Adam", {"learning_rate": 0.01}, {"no_grad_for": 1}),
    "adamw": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.1}, {}),
    "adamw_decay_fun": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.1, "amsgrad": True,
                                  "apply_decay_param_fun": _lam("name: name.endswith('w0')")},
                        {}),
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}, {}),
    "rmsprop_centered": ("RMSProp", {"learning_rate": 0.01, "rho": 0.9, "epsilon": 1e-5,
                                     "momentum": 0.5, "centered": True,
                                     "weight_decay": 0.01}, {}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}, {}),
    "adagrad_initial": ("Adagrad", {"learning_rate": 0.1, "epsilon": 1e-5,
                                    "initial_accumulator_value": 0.1}, {}),
    "lamb": ("Lamb", {"learning_rate": 0.01}, {}),
    "lamb_exclude": ("Lamb", {"learning_rate": 0.01, "lamb_weight_decay": 0.05,
                              "exclude_from_weight_decay_fn": _lam("p: p.name.endswith('w1')")},
                     {}),
    "lamb_always_adapt": ("Lamb", {"learning_rate": 0.01, "lamb_weight_decay": 0.0,
                                   "always_adapt": True}, {}),
    "adamax": ("Adamax", {"learning_rate": 0.01}, {}),
    "adamax_betas_l1": ("Adamax", {"learning_rate": 0.05, "beta1": 0.8, "beta2": 0.95,
                                   "epsilon": 1e-4, "weight_decay": _reg("L1Decay", 0.01)}, {}),
    "adamax_float64": ("Adamax", {"learning_rate": 0.02, "weight_decay": 0.05},
                       {"dtype": "float64"}),
    "groups_adamax": ("Adamax", {"learning_rate": 0.01, "name": "ax"},
                      {"groups": [{"params": [0], "beta1": 0.7},
                                  {"params": [1], "learning_rate": 0.5, "epsilon": 1e-3}]}),
    "adadelta": ("Adadelta", {"learning_rate": 0.5}, {}),
    "adadelta_rho_l2": ("Adadelta", {"learning_rate": 1.0, "epsilon": 1e-4, "rho": 0.8,
                                     "weight_decay": 0.02}, {}),
    "adadelta_float64": ("Adadelta", {"learning_rate": 0.3}, {"dtype": "float64"}),
    "groups_adadelta": ("Adadelta", {"learning_rate": 0.5},
                        {"groups": [{"params": [0], "rho": 0.5},
                                    {"params": [1], "learning_rate": 2.0, "epsilon": 1e-3}]}),
    "nadam": ("NAdam", {"learning_rate": 0.01}, {}),
    "nadam_betas_l2": ("NAdam", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.95,
                                 "epsilon": 1e-4, "momentum_decay": 0.3, "weight_decay": 0.05},
                       {}),
    "nadam_float64": ("NAdam", {"learning_rate": 0.02}, {"dtype": "float64"}),
    "groups_nadam": ("NAdam", {"learning_rate": 0.01},
                     {"groups": [{"params": [0], "momentum_decay": 0.5},
                                 {"params": [1], "learning_rate": 0.5, "beta2": 0.9}]}),
    "radam": ("RAdam", {"learning_rate": 0.01}, {}),
    "radam_rectified_l1": ("RAdam", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.9,
                                     "epsilon": 1e-4, "weight_decay": _reg("L1Decay", 0.01)},
                           {"steps": 8}),
    "radam_float64": ("RAdam", {"learning_rate": 0.02, "beta2": 0.9}, {"dtype": "float64",
                                                                       "steps": 8}),
    "groups_radam": ("RAdam", {"learning_rate": 0.01, "beta2": 0.9},
                     {"steps": 7, "groups": [{"params": [0], "beta1": 0.5},
                                             {"params": [1], "learning_rate": 0.5,
                                              "epsilon": 1e-3}]}),
    "asgd": ("ASGD", {"learning_rate": 0.05}, {}),
    "asgd_batches_l2": ("ASGD", {"learning_rate": 0.05, "batch_num": 3, "weight_decay": 0.02},
                        {}),
    "asgd_float64": ("ASGD", {"learning_rate": 0.1, "batch_num": 2}, {"dtype": "float64"}),
    "groups_asgd": ("ASGD", {"learning_rate": 0.05, "batch_num": 2},
                    {"groups": [{"params": [0]}, {"params": [1], "learning_rate": 0.5}]}),
    "rprop": ("Rprop", {"learning_rate": 0.01}, {}),
    "rprop_range_etas_clip": ("Rprop", {"learning_rate": 0.05, "learning_rate_range": [0.01, 0.08],
                                        "etas": [0.3, 1.5],
                                        "grad_clip": _clip("ClipGradByValue", max=0.5)}, {}),
    "rprop_float64": ("Rprop", {"learning_rate": 0.02}, {"dtype": "float64"}),
    "groups_rprop": ("Rprop", {"learning_rate": 0.01},
                     {"groups": [{"params": [0]}, {"params": [1], "learning_rate": 0.5}]}),
    "adamax_scheduler": ("Adamax", {"learning_rate": _sched("StepDecay", learning_rate=0.05,
                                                            step_size=2, gamma=0.5)}, {}),
    "adadelta_scheduler": ("Adadelta", {"learning_rate": _sched("ExponentialDecay",
                                                                learning_rate=1.0, gamma=0.8)},
                           {}),
    "nadam_scheduler": ("NAdam", {"learning_rate": _sched("StepDecay", learning_rate=0.02,
                                                          step_size=1, gamma=0.7)}, {}),
    "clip_global_norm": ("SGD", {"learning_rate": 0.1,
                                 "grad_clip": _clip("ClipGradByGlobalNorm", clip_norm=1.0)}, {}),
    "clip_global_norm_float64": ("Momentum", {
        "learning_rate": 0.1, "grad_clip": _clip("ClipGradByGlobalNorm", clip_norm=0.5)},
        {"dtype": "float64"}),
    "clip_norm": ("Momentum", {"learning_rate": 0.1,
                               "grad_clip": _clip("ClipGradByNorm", clip_norm=0.5)}, {}),
    "clip_value": ("Adam", {"learning_rate": 0.01,
                            "grad_clip": _clip("ClipGradByValue", max=0.5, min=-0.1)}, {}),
    "scheduler": ("Adam", {"learning_rate": _sched("StepDecay", learning_rate=0.01, step_size=2,
                                                   gamma=0.5)}, {}),
    "groups_sgd": ("SGD", {"learning_rate": 0.1, "weight_decay": 0.01},
                   {"groups": [{"params": [0]},
                               {"params": [1], "learning_rate": 0.5,
                                "weight_decay": _reg("L1Decay", 0.1)}]}),
    "groups_momentum": ("Momentum", {"learning_rate": 0.1},
                        {"groups": [{"params": [0], "weight_decay": 0.1},
                                    {"params": [1], "momentum": 0.5, "use_nesterov": True}]}),
    "groups_adam": ("Adam", {"learning_rate": 0.01},
                    {"groups": [{"params": [0], "beta1": 0.8},
                                {"params": [1], "learning_rate": 0.3, "weight_decay": 0.02,
                                 "grad_clip": _clip("ClipGradByValue", max=0.2)}]}),
    "groups_adamw": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.2},
                     {"groups": [{"params": [0]},
                                 {"params": [1], "weight_decay": 0.0, "learning_rate": 2.0}]}),
}


def decode(paddle, value):
    """One JSON argument as the object the optimizer takes."""
    if isinstance(value, dict) and "lambda" in value:
        return eval("lambda " + value["lambda"])  # noqa: S307  (the case table's own text)
    if isinstance(value, dict) and "scheduler" in value:
        return getattr(paddle.optimizer.lr, value["scheduler"])(**value["kwargs"])
    if isinstance(value, dict) and "regularizer" in value:
        return getattr(paddle.regularizer, value["regularizer"])(value["coeff"])
    if isinstance(value, dict) and "clip" in value:
        return getattr(paddle.nn, value["clip"])(**value["kwargs"])
    return value


def initial_values(dtype):
    rng = np.random.default_rng(SEED)
    return [rng.normal(size=s).astype(dtype) for s in SHAPES]


def case_steps(case_name):
    """How many steps the case runs."""
    return CASES[case_name][2].get("steps", STEPS)


def gradients(dtype, steps=STEPS):
    """gradients[step][param] (more steps append to the same sequence)."""
    rng = np.random.default_rng(SEED + 1)
    return [[rng.normal(size=s).astype(dtype) for s in SHAPES] for _ in range(steps)]


def build(paddle, case_name, params):
    """The case's optimizer over ``params`` (and its scheduler or None)."""
    opt_name, kwargs, options = CASES[case_name]
    kwargs = {k: decode(paddle, v) for k, v in kwargs.items()}
    if "groups" in options:
        groups = []
        for g in options["groups"]:
            group = {k: decode(paddle, v) for k, v in g.items() if k != "params"}
            group["params"] = [params[i] for i in g["params"]]
            groups.append(group)
        kwargs["parameters"] = groups
    else:
        kwargs["parameters"] = params
    opt = getattr(paddle.optimizer, opt_name)(**kwargs)
    sched = kwargs["learning_rate"] if not isinstance(kwargs["learning_rate"], float) else None
    return opt, sched


def run_steps(paddle, case_name, params, opt, sched, steps):
    """Runs ``steps`` (indices into the gradient table); returns the parameters
    after each, as arrays."""
    options = CASES[case_name][2]
    dtype = options.get("dtype", "float32")
    grads = gradients(dtype, max(STEPS, *(step + 1 for step in steps)))
    history = []
    for step in steps:
        if step in options.get("set_lr", {}):
            opt.set_lr(options["set_lr"][step])
        loss = None
        for i, (p, g) in enumerate(zip(params, grads[step])):
            if i == options.get("no_grad_for"):
                continue
            term = (p * paddle.to_tensor(g)).sum()
            loss = term if loss is None else loss + term
        loss.backward()
        opt.step()
        opt.clear_grad()
        if sched is not None:
            sched.step()
        history.append([p.numpy().copy() for p in params])
    return history


def make_params(paddle, case_name, make_param):
    """The case's parameters, named {case}_w0, {case}_w1: make_param(name, array)."""
    dtype = CASES[case_name][2].get("dtype", "float32")
    return [make_param(f"{case_name}_w{i}", v) for i, v in enumerate(initial_values(dtype))]


def global_norm_clip_in_place(paddle):
    """param.grad and the parameters after one SGD(1.0) step with
    ClipGradByGlobalNorm(1.0): grads 3 and 4 (global norm 5) become 0.6 and 0.8
    in place."""
    a = paddle.to_tensor([1.5], stop_gradient=False)
    b = paddle.to_tensor([2.0], stop_gradient=False)
    opt = paddle.optimizer.SGD(1.0, parameters=[a, b],
                               grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
    (a * a + b * b).sum().backward()
    opt.step()
    return {"grads": [a.grad.item(), b.grad.item()], "params": [a.item(), b.item()]}


def _assigned(paddle, value, **attr):
    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(value), **attr)


def layers_with_param_attrs(paddle):
    """Two Linear layers trained through relu for STEPS Adam steps: the first
    layer's weight has ParamAttr learning_rate=0.5, its own L1Decay and
    need_clip=False; Adam has L2 weight_decay and a global-norm clip. Returns
    (parameters by name after each step, the final state_dict)."""
    rng = np.random.default_rng(SEED + 2)

    def values(*shape):
        return rng.normal(size=shape).astype("float32")
    with paddle.utils.unique_name.guard():
        first = paddle.nn.Linear(
            4, 3, weight_attr=_assigned(paddle, values(4, 3), learning_rate=0.5, need_clip=False,
                                        regularizer=paddle.regularizer.L1Decay(0.1)),
            bias_attr=_assigned(paddle, values(3)))
        second = paddle.nn.Linear(3, 2, weight_attr=_assigned(paddle, values(3, 2)),
                                  bias_attr=_assigned(paddle, values(2)))
        params = first.parameters() + second.parameters()
        opt = paddle.optimizer.Adam(0.05, parameters=params, weight_decay=0.01,
                                    grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5))
        x = paddle.to_tensor(values(5, 4))
        history = []
        for _ in range(STEPS):
            loss = (second(paddle.nn.functional.relu(first(x))) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            history.append({p.name: p.numpy().copy() for p in params})
    return history, opt.state_dict()
