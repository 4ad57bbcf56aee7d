"""The LBFGS cases that tools/oracle/record_lbfgs.py records with the real
PaddlePaddle and tests/python/test_optimizer_lbfgs.py replays with ours.
``build`` and ``run_steps`` run one with either (they are given the `paddle` module).

A case is a problem (a loss over fresh parameters with fixed initial values),
LBFGS keyword arguments (JSON; a grad_clip or regularizer is spelled as in
tools/oracle/optimizer_cases.py) and a number of ``step(closure)`` calls.
Each step records the loss step() returns, the loss of every closure call
(the line search's path) and the parameters afterwards.
"""
import numpy as np

from tools.oracle.optimizer_cases import _clip, _reg, decode

SEED = 7
WOLFE = {"line_search_fn": "strong_wolfe"}

# name -> (problem, LBFGS kwargs, options); options: steps (default 2), dtype (default
# float32), groups (n: two parameter groups, the first n parameters and the others),
# start (the parameter's initial value, for rosenbrock and double_well).
# The runs stop short of the float rounding floor, where the path would follow the noise.
CASES = {
    "quadratic_fixed_step": ("quadratic", {"max_iter": 3}, {}),
    "quadratic_strong_wolfe": ("quadratic", {"max_iter": 2, **WOLFE}, {}),
    "quadratic_float64": ("quadratic", {"max_iter": 2, **WOLFE}, {"dtype": "float64"}),
    "quadratic_learning_rate": ("quadratic", {"learning_rate": 0.3, "max_iter": 6}, {}),
    "quadratic_converged": ("quadratic", {"tolerance_grad": 100.0}, {}),
    "quadratic_tolerance_change": ("quadratic", {"tolerance_change": 0.5, **WOLFE}, {"steps": 3}),
    "quadratic_unused_param": ("quadratic_unused", {"max_iter": 3, **WOLFE}, {}),
    "rosenbrock_fixed_step": ("rosenbrock", {"learning_rate": 0.05, "max_iter": 8}, {"steps": 3}),
    "rosenbrock_strong_wolfe": ("rosenbrock", {"max_iter": 10, **WOLFE}, {"steps": 4}),
    "rosenbrock_history_2": ("rosenbrock", {"max_iter": 10, "history_size": 2, **WOLFE},
                             {"steps": 3}),
    "rosenbrock_max_eval": ("rosenbrock", {"max_eval": 7, **WOLFE}, {"steps": 3}),
    "rosenbrock_short_first_step": ("rosenbrock", {"learning_rate": 0.01, "max_iter": 6, **WOLFE},
                                    {}),
    "rosenbrock_long_first_step": ("rosenbrock", {"learning_rate": 30.0, "max_iter": 6, **WOLFE},
                                   {}),
    # the zoom swaps its ends (old high becomes the new low)
    "double_well_swap": ("double_well", {"learning_rate": 8.0, "max_iter": 5,
                                         "tolerance_change": 0.01, **WOLFE}, {}),
    # the zoom moves a trial off the bracket's end and stops on a too-small bracket
    "double_well_small_bracket": ("double_well", {"max_iter": 5, **WOLFE},
                                  {"start": [1.7, 0.5, -1.5]}),
    # a step ends on the loss change alone, another on the step's size alone
    "double_well_loss_change": ("double_well", {"tolerance_change": 0.1, **WOLFE},
                                {"start": [-2.0, -1.7, -0.3]}),
    "rosenbrock_step_change": ("rosenbrock", {"learning_rate": 0.5, "max_iter": 6,
                                              "tolerance_change": 0.1, **WOLFE},
                               {"start": [-1.1, 0.1]}),
    # the zoom keeps its trials a tenth of the bracket from the ends
    "rosenbrock_zoom_margin": ("rosenbrock", {"learning_rate": 16.0, "max_iter": 3,
                                              "tolerance_change": 0.01, **WOLFE},
                               {"start": [-0.9, 0.6]}),
    "linear_unbounded": ("linear", {"max_iter": 1, **WOLFE}, {"steps": 1}),
    "rosenbrock_float64": ("rosenbrock", {"max_iter": 6, **WOLFE}, {"dtype": "float64"}),
    "mlp_fixed_step": ("mlp", {"learning_rate": 0.5, "max_iter": 5}, {}),
    "mlp_strong_wolfe": ("mlp", {"max_iter": 5, **WOLFE}, {}),
    "mlp_weight_decay": ("mlp", {"max_iter": 5, "weight_decay": 0.1, **WOLFE}, {}),
    "mlp_l1_decay": ("mlp", {"max_iter": 5, "weight_decay": _reg("L1Decay", 0.1)}, {}),
    "mlp_grad_clip": ("mlp", {"max_iter": 5, **WOLFE,
                              "grad_clip": _clip("ClipGradByGlobalNorm", clip_norm=0.1)}, {}),
    # PaddlePaddle's LBFGS optimizes the last parameter group only: the first layer stays
    "mlp_groups": ("mlp", {"max_iter": 5, **WOLFE}, {"groups": 2}),
}


# cases whose state_dict after the first step is saved by PaddlePaddle (paddle.save)
SAVED_AFTER_FIRST_STEP = ("rosenbrock_strong_wolfe", "mlp_fixed_step")


def case_steps(case_name):
    return CASES[case_name][2].get("steps", 2)


def _quadratic_data(dtype):
    rng = np.random.default_rng(SEED)
    a = rng.normal(size=(4, 4))
    q = (a @ a.T + 4 * np.eye(4)).astype(dtype)
    return q, rng.normal(size=4).astype(dtype), rng.normal(size=4).astype(dtype)


def _parameter(paddle, value):
    """A Parameter (parameter groups need them) holding ``value``."""
    return paddle.create_parameter(list(value.shape), str(value.dtype),
                                   default_initializer=paddle.nn.initializer.Assign(value))


def quadratic(paddle, dtype, unused=False):
    """0.5 x'Qx - b'x for a positive definite Q; ``unused`` adds a second
    parameter that the loss does not read (its gradient stays None)."""
    q, b, x0 = _quadratic_data(dtype)
    x = _parameter(paddle, x0)
    params = [x]
    if unused:
        params.append(_parameter(paddle, np.ones(3, dtype)))
    q, b = paddle.to_tensor(q), paddle.to_tensor(b)

    def loss():
        return 0.5 * (x * paddle.matmul(q, x)).sum() - (b * x).sum()
    return params, loss


def rosenbrock(paddle, dtype, start=(-1.5, 2.0)):
    """(1 - x0)^2 + 100 (x1 - x0^2)^2."""
    x = _parameter(paddle, np.array(start, dtype))

    def loss():
        return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2
    return [x], loss


def linear(paddle, dtype):
    """c'x: unbounded below, so the line search grows the step until it gives up."""
    x = _parameter(paddle, np.array([0.5, -1.0, 2.0], dtype))
    c = paddle.to_tensor(np.array([0.3, -0.2, 0.1], dtype))

    def loss():
        return (c * x).sum()
    return [x], loss


def double_well(paddle, dtype, start=(0.5, 1.1, 0.5)):
    """sum(x^4 - 2x^2 + 0.3x): two minima per element, so long first steps
    overshoot and the line search zooms."""
    x = _parameter(paddle, np.array(start, dtype))

    def loss():
        return (x ** 4 - 2 * x ** 2 + 0.3 * x).sum()
    return [x], loss


def mlp(paddle, dtype):
    """Linear(3, 6) -> tanh -> Linear(6, 1) fitting sum(sin(X)) by mse_loss (float32 only)."""
    rng = np.random.default_rng(SEED + 1)

    def attr(*shape):
        value = (0.5 * rng.normal(size=shape)).astype(dtype)
        return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(value))
    first = paddle.nn.Linear(3, 6, weight_attr=attr(3, 6), bias_attr=attr(6))
    second = paddle.nn.Linear(6, 1, weight_attr=attr(6, 1), bias_attr=attr(1))
    xs = rng.normal(size=(16, 3)).astype(dtype)
    x = paddle.to_tensor(xs)
    y = paddle.to_tensor(np.sin(xs).sum(axis=1, keepdims=True).astype(dtype))

    def loss():
        return paddle.nn.functional.mse_loss(second(paddle.tanh(first(x))), y)
    return first.parameters() + second.parameters(), loss


PROBLEMS = {
    "quadratic": quadratic,
    "quadratic_unused": lambda paddle, dtype: quadratic(paddle, dtype, unused=True),
    "rosenbrock": rosenbrock,
    "linear": linear,
    "double_well": double_well,
    "mlp": mlp,
}


def build(paddle, case_name):
    """(parameters, loss function, LBFGS) of the case, freshly made."""
    problem, kwargs, options = CASES[case_name]
    start = {"start": options["start"]} if "start" in options else {}
    params, loss_fn = PROBLEMS[problem](paddle, options.get("dtype", "float32"), **start)
    kwargs = {k: decode(paddle, v) for k, v in kwargs.items()}
    if options.get("groups"):
        split = options["groups"]
        kwargs["parameters"] = [{"params": params[:split]}, {"params": params[split:]}]
    else:
        kwargs["parameters"] = params
    return params, loss_fn, paddle.optimizer.LBFGS(**kwargs)


def make_closure(opt, loss_fn, seen):
    """The closure step() calls: clear, forward, backward; appends each loss to ``seen``."""
    def closure():
        opt.clear_grad()
        loss = loss_fn()
        loss.backward()
        seen.append(float(loss))
        return loss
    return closure


def run_steps(paddle, opt, params, loss_fn, steps):
    """Runs ``steps`` step(closure) calls; for each: (returned loss, closure
    losses, parameters as arrays)."""
    history = []
    for _ in range(steps):
        seen = []
        returned = opt.step(make_closure(opt, loss_fn, seen))
        history.append((float(returned), seen, [p.numpy().copy() for p in params]))
    return history


def state_arrays(state):
    """LBFGS's state_dict()['state'] as plain values: ints and floats as they
    are, tensors as arrays, lists as lists (None kept)."""
    def plain(v):
        if isinstance(v, list):
            return [plain(x) for x in v]
        if v is None or isinstance(v, (int, float)):
            return v
        return np.asarray(v.numpy())
    return {k: plain(v) for k, v in state.items()}


def _rise_past_a_hump(step):
    """phi(t) along a line: slope -1 up to t = 1; from there 0.2 higher at
    t = 5.505 (where the first growth of the step lands) yet falling with
    slope -0.95; rising with slope 2 from t = 50."""
    t = float(step)
    if t <= 1.0:
        return -0.5 * t, -1.0
    if t <= 50.0:
        return -0.3 - 0.95 * (t - 5.505), -0.95
    return -0.3 - 0.95 * 44.495 + 2.0 * (t - 50.0), 2.0


def _barely_lower(step):
    """phi(t): slope -1 at 0, then lower by only 5e-4 t (just enough for the
    sufficient-decrease constant 1e-4) and flat."""
    t = float(step)
    return (0.0, -1.0) if t == 0.0 else (-5e-4 * t, 0.0)


def _valley(step):
    """phi(t) = (t - 2.7)^2 - 7.29 with its slope."""
    t = float(step)
    return (t - 2.7) ** 2 - 7.29, 2 * (t - 2.7)


# name -> (phi(t) -> (loss, slope), first trial step): line searches along
# d = [1] from phi(0), run on the line search function directly
LINE_SEARCHES = {
    "rise_past_a_hump": (_rise_past_a_hump, 1.0),
    "barely_lower": (_barely_lower, 1.0),
    "valley_overshoot": (_valley, 9.0),
    "valley_short": (_valley, 0.05),
}


def line_search(paddle, name, search):
    """(loss, step, slope at the step, evaluations) of the LINE_SEARCHES case
    ``name``; search(evaluate(t), t0, d, loss, grad, slope) is the
    implementation's strong-Wolfe search, returning (loss, grad, step, evals)."""
    phi, first = LINE_SEARCHES[name]
    d = paddle.to_tensor([1.0])

    def evaluate(step):
        loss, slope = phi(step)
        return loss, paddle.to_tensor([slope])
    loss0, grad0 = evaluate(0.0)
    loss, grad, step, evals = search(evaluate, first, d, loss0, grad0, (grad0 * d).sum())
    return float(loss), float(step), float(grad[0]), evals


def _quadratic_opt(paddle, **kwargs):
    params, loss_fn = quadratic(paddle, "float32")
    opt = paddle.optimizer.LBFGS(parameters=params, **kwargs)
    return opt, make_closure(opt, loss_fn, [])


def _static_minimize(paddle):
    paddle.enable_static()
    try:
        x = paddle.static.data("x", [2, 3])
        lin = paddle.nn.Linear(3, 1)
        loss = lin(x).sum()
        paddle.optimizer.LBFGS(parameters=lin.parameters()).minimize(loss)
    finally:
        paddle.disable_static()


def _static_step(paddle):
    paddle.enable_static()
    try:
        x = paddle.static.data("x", [2, 3])
        lin = paddle.nn.Linear(3, 1)
        opt = paddle.optimizer.LBFGS(parameters=lin.parameters())
        opt.step(lambda: lin(x).sum())
    finally:
        paddle.disable_static()


def _step(paddle, **kwargs):
    opt, closure = _quadratic_opt(paddle, **kwargs)
    opt.step(closure)


def _eager_minimize(paddle):
    opt, closure = _quadratic_opt(paddle)
    opt.minimize(closure())


# name -> (a call that fails, whether our message is PaddlePaddle's word for word:
# False where PaddlePaddle's message is a by-product of a bug and ours says what was wrong)
ERRORS = {
    "step_without_closure": (lambda paddle: _quadratic_opt(paddle)[0].step(), True),
    "bad_line_search_fn": (lambda paddle: _step(paddle, line_search_fn="wolfe"), True),
    "history_size_0": (lambda paddle: _step(paddle, history_size=0), True),
    "max_iter_none": (lambda paddle: paddle.optimizer.LBFGS(
        parameters=quadratic(paddle, "float32")[0], max_iter=None), True),
    "grad_clip_not_a_clip": (lambda paddle: paddle.optimizer.LBFGS(
        parameters=quadratic(paddle, "float32")[0], grad_clip=3), True),
    "parameters_none": (lambda paddle: paddle.optimizer.LBFGS(), True),
    "parameters_a_tensor": (lambda paddle: paddle.optimizer.LBFGS(
        parameters=quadratic(paddle, "float32")[0][0]), False),
    "parameters_empty": (lambda paddle: paddle.optimizer.LBFGS(parameters=[]), False),
    "minimize_eager": (_eager_minimize, True),
    "minimize_static": (_static_minimize, True),
    "step_static": (_static_step, True),
}


def error_of(paddle, name):
    """(exception type name, message) of the ERRORS case ``name``, or None if it does not fail."""
    try:
        ERRORS[name][0](paddle)
    except Exception as e:  # noqa: BLE001  (the case table says what to expect)
        return type(e).__name__, str(e)
    return None
