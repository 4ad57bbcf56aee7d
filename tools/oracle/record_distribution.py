"""Records what PaddlePaddle 3.3.1's paddle.distribution gives, for
tests/data/distribution/distribution.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_distribution.py

Each case builds a distribution from float32 parameters (written as Python
expressions over `paddle`, `t` = to_tensor of float32 and `D` =
paddle.distribution, so the test builds the same one) and records its shapes,
mean, variance, entropy, log_prob/prob/cdf/icdf at a value, the gradients of
sum(log_prob) with respect to the float tensors the constructor made, the shapes of sample/rsample,
and sample/rsample under paddle.seed(5) (the test compares those only where the
draws come from random ops we share: gaussian, uniform, bernoulli). KL
divergences between pairs are recorded too.
"""
import json
import pathlib

import numpy as np
import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "distribution" / "distribution.json"


CREATED = []  # the parameter tensors the last constructor made (the gradients are theirs)


def t(v, stop_gradient=False):
    x = paddle.to_tensor(np.array(v, dtype="float32"), stop_gradient=stop_gradient)
    CREATED.append(x)
    return x


D = paddle.distribution
ENV = {"paddle": paddle, "t": t, "D": D, "np": np}

# name: (constructor, parameter names (attributes holding the tensors), value for log_prob)
CASES = {
    "normal": ("D.Normal(t([0.5, -1.0]), t([1.5, 0.7]))", ["loc", "scale"], "t([0.3, -2.0])"),
    "uniform": ("D.Uniform(t([0.0, -1.0]), t([2.0, 3.0]))", ["low", "high"], "t([1.0, 0.5])"),
    "categorical": ("D.Categorical(t([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]]))", ["logits"], "paddle.to_tensor([2, 0])"),
    "bernoulli": ("D.Bernoulli(t([0.3, 0.8]))", ["probs"], "t([1.0, 0.0])"),
    "beta": ("D.Beta(t([2.0, 0.5]), t([3.0, 1.5]))", ["alpha", "beta"], "t([0.3, 0.6])"),
    "dirichlet": ("D.Dirichlet(t([[1.0, 2.0, 3.0], [0.5, 0.5, 2.0]]))", ["concentration"], "t([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])"),
    "multinomial": ("D.Multinomial(5, t([0.2, 0.3, 0.5]))", ["probs"], "t([1.0, 1.0, 3.0])"),
    "exponential": ("D.Exponential(t([0.5, 2.0]))", ["rate"], "t([1.0, 0.25])"),
    "gamma": ("D.Gamma(t([2.0, 0.5]), t([1.5, 3.0]))", ["concentration", "rate"], "t([1.0, 0.2])"),
    "laplace": ("D.Laplace(t([0.0, 1.0]), t([1.0, 0.5]))", ["loc", "scale"], "t([0.5, 2.0])"),
    "lognormal": ("D.LogNormal(t([0.0, 0.5]), t([1.0, 0.3]))", ["loc", "scale"], "t([1.5, 2.0])"),
    "gumbel": ("D.Gumbel(t([0.0, 1.0]), t([1.0, 2.0]))", ["loc", "scale"], "t([0.5, -1.0])"),
    "geometric": ("D.Geometric(t([0.3, 0.6]))", ["probs"], "t([2.0, 0.0])"),
    "cauchy": ("D.Cauchy(t([0.0, 1.0]), t([1.0, 2.0]))", ["loc", "scale"], "t([0.5, -1.0])"),
    "poisson": ("D.Poisson(t([2.0, 4.5]))", ["rate"], "t([1.0, 5.0])"),
    "binomial": ("D.Binomial(paddle.to_tensor([5, 10]), t([0.3, 0.6]))", ["probs"], "t([2.0, 7.0])"),
    "continuous_bernoulli": ("D.ContinuousBernoulli(t([0.3, 0.8]))", ["probs"], "t([0.2, 0.9])"),
    "continuous_bernoulli_near_half": ("D.ContinuousBernoulli(t([0.4995, 0.5]))", ["probs"], "t([0.2, 0.9])"),
    "chi2": ("D.Chi2(t([2.0, 5.0]))", ["df"], "t([1.0, 3.0])"),
    "student_t": ("D.StudentT(t([3.0, 10.0]), t([0.0, 1.0]), t([1.0, 2.0]))", ["df", "loc", "scale"], "t([0.5, -1.0])"),
    "multivariate_normal": ("D.MultivariateNormal(t([0.5, -1.0]), covariance_matrix=t([[2.0, 0.5], [0.5, 1.0]]))", ["loc"], "t([0.0, 0.0])"),
    "lkj_onion": ("D.LKJCholesky(3, t([2.0, 0.7]))", ["concentration"],
                  "t([[1.0, 0.0, 0.0], [0.3, 0.953939, 0.0], [0.2, 0.461245, 0.864438]])"),
    "lkj_cvine": ("D.LKJCholesky(2, t(1.5), 'cvine')", ["concentration"], "t([[1.0, 0.0], [-0.6, 0.8]])"),
    "independent": ("D.Independent(D.Normal(t([[0.5, -1.0], [0.0, 1.0]]), t([[1.5, 0.7], [1.0, 2.0]])), 1)", [], "t([[0.3, -2.0], [0.0, 0.0]])"),
    "transformed_exp": ("D.TransformedDistribution(D.Normal(t([0.5, -1.0]), t([1.5, 0.7])), [D.ExpTransform()])", [], "t([0.8, 2.0])"),
    "transformed_affine": ("D.TransformedDistribution(D.Normal(t([0.5, -1.0]), t([1.5, 0.7])), [D.AffineTransform(t([1.0]), t([2.0])), D.TanhTransform()])", [], "t([0.3, -0.5])"),
}
KL_PAIRS = {
    "normal": ("D.Normal(t([0.5, -1.0]), t([1.5, 0.7]))", "D.Normal(t([0.0, 0.0]), t([1.0, 2.0]))"),
    "uniform": ("D.Uniform(t([0.0, -1.0]), t([2.0, 3.0]))", "D.Uniform(t([-1.0, -2.0]), t([3.0, 4.0]))"),
    "categorical": ("D.Categorical(t([[0.1, 0.2, 0.7]]))", "D.Categorical(t([[0.3, 0.3, 0.4]]))"),
    "bernoulli": ("D.Bernoulli(t([0.3, 0.8]))", "D.Bernoulli(t([0.5, 0.5]))"),
    "beta": ("D.Beta(t([2.0, 0.5]), t([3.0, 1.5]))", "D.Beta(t([1.0, 1.0]), t([1.0, 2.0]))"),
    "dirichlet": ("D.Dirichlet(t([1.0, 2.0, 3.0]))", "D.Dirichlet(t([2.0, 2.0, 2.0]))"),
    "exponential": ("D.Exponential(t([0.5, 2.0]))", "D.Exponential(t([1.0, 1.0]))"),
    "gamma": ("D.Gamma(t([2.0, 0.5]), t([1.5, 3.0]))", "D.Gamma(t([1.0, 1.0]), t([1.0, 2.0]))"),
    "laplace": ("D.Laplace(t([0.0, 1.0]), t([1.0, 0.5]))", "D.Laplace(t([1.0, 0.0]), t([2.0, 1.0]))"),
    "lognormal": ("D.LogNormal(t([0.0, 0.5]), t([1.0, 0.3]))", "D.LogNormal(t([1.0, 0.0]), t([2.0, 1.0]))"),
    "geometric": ("D.Geometric(t([0.3, 0.6]))", "D.Geometric(t([0.5, 0.5]))"),
    "cauchy": ("D.Cauchy(t([0.0, 1.0]), t([1.0, 2.0]))", "D.Cauchy(t([1.0, 0.0]), t([2.0, 1.0]))"),
    "poisson": ("D.Poisson(t([2.0, 4.5]))", "D.Poisson(t([1.0, 5.0]))"),
    "binomial": ("D.Binomial(paddle.to_tensor([5, 10]), t([0.3, 0.6]))", "D.Binomial(paddle.to_tensor([5, 10]), t([0.5, 0.5]))"),
    "continuous_bernoulli": ("D.ContinuousBernoulli(t([0.3, 0.8]))", "D.ContinuousBernoulli(t([0.5, 0.6]))"),
    "multivariate_normal": ("D.MultivariateNormal(t([0.5, -1.0]), covariance_matrix=t([[2.0, 0.5], [0.5, 1.0]]))",
                            "D.MultivariateNormal(t([0.0, 0.0]), covariance_matrix=t([[1.0, 0.0], [0.0, 1.0]]))"),
}

# name: (transform, input): forward, inverse(forward(x)) and forward_log_det_jacobian at x.
TRANSFORMS = {
    "abs": ("D.AbsTransform()", "t([-1.5, 0.5])"),
    "affine": ("D.AffineTransform(t([1.0]), t([-2.0]))", "t([0.3, -1.2])"),
    "exp": ("D.ExpTransform()", "t([0.3, -1.2])"),
    "power": ("D.PowerTransform(t([3.0]))", "t([0.3, 1.2])"),
    "sigmoid": ("D.SigmoidTransform()", "t([0.3, -1.2])"),
    "tanh": ("D.TanhTransform()", "t([0.3, -1.2])"),
    "softmax": ("D.SoftmaxTransform()", "t([[0.3, -1.2, 2.0]])"),
    "reshape": ("D.ReshapeTransform((2, 3), (3, 2))", "t([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]])"),
    "chain": ("D.ChainTransform([D.AffineTransform(t([0.5]), t([2.0])), D.ExpTransform()])", "t([0.3, -1.2])"),
    "independent": ("D.IndependentTransform(D.ExpTransform(), 1)", "t([[0.3, -1.2], [1.0, 2.0]])"),
    "stack": ("D.StackTransform([D.ExpTransform(), D.TanhTransform()], axis=1)", "t([[0.3, -1.2], [1.0, 0.5]])"),
    "stick_breaking": ("D.StickBreakingTransform()", "t([0.3, -1.2, 0.7])"),
}


def value(f):
    try:
        r = f()
    except Exception as e:  # what 3.3.1 does not have or refuses
        return {"error": type(e).__name__}
    if isinstance(r, paddle.Tensor):
        a = r.numpy()
        return {"shape": list(a.shape), "value": np.where(np.isfinite(a), a, np.nan).astype("float64").tolist()
                if a.dtype.kind == "f" else a.tolist(), "dtype": str(a.dtype)}
    return {"python": repr(r)}


def record_case(ctor, params, val):
    CREATED.clear()
    dist = eval(ctor, ENV)
    inputs = list(CREATED)
    v = eval(val, ENV)
    out = {"ctor": ctor, "params": params, "value_expr": val}
    for name in ("batch_shape", "event_shape"):
        try:
            out[name] = list(getattr(dist, name))
        except AttributeError:  # Categorical keeps none
            out[name] = None
    for name in ("mean", "variance", "stddev"):
        out[name] = value(lambda: getattr(dist, name))
    out["entropy"] = value(dist.entropy)
    for name in ("log_prob", "prob", "cdf", "icdf"):
        out[name] = value(lambda: getattr(dist, name)(v if name != "icdf" else t([0.25, 0.75])))
    if ctor.startswith(("D.Bernoulli", "D.Binomial")):
        out["log_prob_grads"] = {"error": "crashes 3.3.1 (segmentation fault in paddle.grad)"}
        return _samples(dist, out)
    try:
        lp = dist.log_prob(v).sum()
        grads = paddle.grad(lp, inputs, allow_unused=True)
        out["log_prob_grads"] = [None if g is None else g.numpy().tolist() for g in grads]
    except Exception as e:
        out["log_prob_grads"] = {"error": type(e).__name__}
    return _samples(dist, out)


def _samples(dist, out):
    paddle.seed(5)
    out["sample"] = value(lambda: dist.sample([3]))
    paddle.seed(5)
    out["rsample"] = value(lambda: dist.rsample([3]))
    return out


def main():
    record = {"all": sorted(D.__all__), "cases": {}, "kl": {}}
    for name, (ctor, params, val) in CASES.items():
        record["cases"][name] = record_case(ctor, params, val)
    for name, (p, q) in KL_PAIRS.items():
        record["kl"][name] = {"p": p, "q": q,
                              "kl": value(lambda: D.kl_divergence(eval(p, ENV), eval(q, ENV)))}
    record["transforms"] = {}
    for name, (expr, x) in TRANSFORMS.items():
        tr, xv = eval(expr, ENV), eval(x, ENV)
        record["transforms"][name] = {
            "transform": expr, "x": x, "forward": value(lambda: tr.forward(xv)),
            "inverse": value(lambda: tr.inverse(tr.forward(xv))),
            "forward_log_det_jacobian": value(lambda: tr.forward_log_det_jacobian(xv)),
            "forward_shape": value(lambda: list(tr.forward_shape(xv.shape)))}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
