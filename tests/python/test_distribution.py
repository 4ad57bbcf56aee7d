"""paddle.distribution against PaddlePaddle 3.3.1 (tests/data/distribution/,
tools/oracle/record_distribution.py): shapes, moments, entropies,
log-densities, CDFs, gradients of log_prob and KL divergences; samples equal
3.3.1's under paddle.seed where both draw from the same random ops, and
otherwise match their distribution's moments; reparameterized samples carry
gradients; bad parameters are typed errors naming the argument."""
import json
import math
import pathlib
import warnings

import numpy as np
import pytest

import paddle

D = paddle.distribution
FIXTURE = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "distribution" /
                      "distribution.json").read_text())
# Samplers drawing from the random ops we share with 3.3.1 (gaussian, uniform, bernoulli).
SAME_DRAWS = {"normal", "uniform", "bernoulli", "exponential", "laplace", "lognormal", "gumbel",
              "geometric", "cauchy", "multivariate_normal", "independent", "transformed_exp",
              "transformed_affine"}


def _build(case):
    created = []

    def t(v, stop_gradient=False):
        x = paddle.to_tensor(np.array(v, dtype="float32"), stop_gradient=stop_gradient)
        created.append(x)
        return x
    env = {"paddle": paddle, "t": t, "D": D, "np": np}
    dist = eval(case["ctor"], env)
    inputs = list(created)
    return dist, inputs, eval(case["value_expr"], env), t


def _expected(want):
    values = np.array(want["value"], dtype=object).ravel()
    return np.array([np.nan if v is None else v for v in values], "float64").reshape(want["shape"])


def _check(got, want, what):
    assert list(got.shape) == want["shape"], what
    np.testing.assert_allclose(got.numpy(), _expected(want), rtol=1e-4, atol=1e-5, err_msg=what)


@pytest.mark.parametrize("name", sorted(FIXTURE["cases"]))
def test_matches_3_3_1(name):
    case = FIXTURE["cases"][name]
    dist, inputs, value, t = _build(case)
    for attr in ("batch_shape", "event_shape"):
        if case[attr] is not None:
            assert list(getattr(dist, attr)) == case[attr], attr
    checks = {"mean": lambda: dist.mean, "variance": lambda: dist.variance,
              "stddev": lambda: dist.stddev, "entropy": dist.entropy,
              "log_prob": lambda: dist.log_prob(value), "prob": lambda: dist.prob(value),
              "cdf": lambda: dist.cdf(value), "icdf": lambda: dist.icdf(t([0.25, 0.75]))}
    compared = 0
    for key, compute in checks.items():
        if "error" not in case[key]:
            _check(compute(), case[key], f"{name}.{key}")
            compared += 1
    assert compared >= 2
    if isinstance(case["log_prob_grads"], list):
        grads = paddle.grad(dist.log_prob(value).sum(), inputs, allow_unused=True)
        for i, (got, want) in enumerate(zip(grads, case["log_prob_grads"])):
            if want is not None:
                np.testing.assert_allclose(got.numpy(), want, rtol=1e-4, atol=1e-5,
                                           err_msg=f"{name} gradient {i}")
    for method in ("sample", "rsample"):
        want = case[method]
        if "error" in want:
            continue
        paddle.seed(5)
        got = getattr(dist, method)([3])
        assert list(got.shape) == want["shape"], f"{name}.{method}"
        if name in SAME_DRAWS:
            np.testing.assert_allclose(got.numpy(), _expected(want), rtol=1e-4, atol=1e-5,
                                       err_msg=f"{name}.{method}")


@pytest.mark.parametrize("name", sorted(FIXTURE["kl"]))
def test_kl_divergence_matches_3_3_1(name):
    case = FIXTURE["kl"][name]
    t = lambda v: paddle.to_tensor(np.array(v, dtype="float32"))  # noqa: E731
    env = {"paddle": paddle, "t": t, "D": D}
    p, q = eval(case["p"], env), eval(case["q"], env)
    got = D.kl_divergence(p, q)
    if "error" in case["kl"]:  # 3.3.1 has none for Uniform: ours is log of the widths' ratio
        assert name == "uniform"
        np.testing.assert_allclose(got.numpy(), np.log([4 / 2, 6 / 4]), rtol=1e-6)
        return
    _check(got, case["kl"], f"kl {name}")
    _check(p.kl_divergence(q), case["kl"], f"{name}.kl_divergence")


@pytest.mark.parametrize("name", sorted(FIXTURE["transforms"]))
def test_transform_matches_3_3_1(name):
    case = FIXTURE["transforms"][name]
    t = lambda v: paddle.to_tensor(np.array(v, dtype="float32"))  # noqa: E731
    env = {"paddle": paddle, "t": t, "D": D}
    transform, x = eval(case["transform"], env), eval(case["x"], env)
    _check(transform.forward(x), case["forward"], f"{name} forward")
    if "shape" in case["inverse"]:
        _check(transform.inverse(transform.forward(x)), case["inverse"], f"{name} inverse")
    if "shape" in case["forward_log_det_jacobian"]:
        _check(transform.forward_log_det_jacobian(x), case["forward_log_det_jacobian"],
               f"{name} log det")
    assert repr(list(transform.forward_shape(x.shape))) == case["forward_shape"]["python"]


def test_public_names_are_those_of_3_3_1():
    assert sorted(D.__all__) == FIXTURE["all"]


@pytest.mark.parametrize("method", ["onion", "cvine"])
def test_lkj_cholesky_samples_correlation_factors(method):
    paddle.seed(0)
    dist = D.LKJCholesky(3, paddle.to_tensor([2.0, 0.5]), method)
    L = dist.sample([20000]).numpy().astype("float64")
    assert L.shape == (20000, 2, 3, 3)
    np.testing.assert_allclose((L ** 2).sum(-1), 1.0, atol=1e-5)  # rows of unit norm
    assert np.triu(L, 1).max() == 0 and (np.diagonal(L, axis1=-2, axis2=-1) >= 0).all()
    # An off-diagonal correlation of LKJ(eta) in 3 dimensions: 2 Beta(b, b) - 1, b = eta + 1/2.
    # The onion draws rows past the second from PaddlePaddle's Beta parameters, whose marginals
    # differ (3.3.1 gives the same): only C[1, 0] there; every pair for the C-vine.
    C = L @ L.transpose(0, 1, 3, 2)
    pairs = [(1, 0)] if method == "onion" else [(1, 0), (2, 0), (2, 1)]
    for i, j in pairs:
        np.testing.assert_allclose(C[:, :, i, j].mean(0), [0.0, 0.0], atol=0.02)
        np.testing.assert_allclose(C[:, :, i, j].var(0), [1 / 6, 1 / 3], rtol=0.05)
    with pytest.raises(ValueError, match=r"\[LKJCholesky\] dim must be >= 2"):
        D.LKJCholesky(1)
    with pytest.raises(ValueError, match=r"\[LKJCholesky\] sample_method must be"):
        D.LKJCholesky(2, 1.0, "grid")


# Samplers whose draws differ from 3.3.1's: their moments over many draws.
MOMENTS = [
    ("gamma", lambda: D.Gamma(paddle.to_tensor([2.0, 0.5]), paddle.to_tensor([1.5, 3.0]))),
    ("chi2", lambda: D.Chi2(paddle.to_tensor([2.0, 5.0]))),
    ("beta", lambda: D.Beta(paddle.to_tensor([2.0, 0.5]), paddle.to_tensor([3.0, 1.5]))),
    ("dirichlet", lambda: D.Dirichlet(paddle.to_tensor([1.0, 2.0, 3.0]))),
    ("poisson", lambda: D.Poisson(paddle.to_tensor([2.0, 4.5]))),
    ("binomial", lambda: D.Binomial(paddle.to_tensor([5, 10]), paddle.to_tensor([0.3, 0.6]))),
    ("multinomial", lambda: D.Multinomial(5, paddle.to_tensor([0.2, 0.3, 0.5]))),
    ("student_t", lambda: D.StudentT(paddle.to_tensor([6.0]), paddle.to_tensor([1.0]),
                                     paddle.to_tensor([2.0]))),
]


@pytest.mark.parametrize("name,make", MOMENTS, ids=[m[0] for m in MOMENTS])
def test_sample_moments(name, make):
    paddle.seed(11)
    dist = make()
    draws = dist.sample([20000]).numpy().astype("float64")
    mean, var = dist.mean.numpy(), dist.variance.numpy()
    np.testing.assert_allclose(draws.mean(0), mean, rtol=0.05, atol=0.03)
    np.testing.assert_allclose(draws.var(0), var, rtol=0.1, atol=0.05)


def test_categorical_sample_frequencies():
    paddle.seed(3)
    dist = D.Categorical(paddle.to_tensor([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]]))
    draws = dist.sample([20000]).numpy()
    assert draws.shape == (20000, 2)
    want = np.exp([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]])
    want /= want.sum(-1, keepdims=True)  # sample draws from softmax(logits), as 3.3.1
    for row in range(2):
        freq = np.bincount(draws[:, row], minlength=3) / len(draws)
        np.testing.assert_allclose(freq, want[row], atol=0.015)


def test_rsample_gradients_flow_to_parameters():
    loc = paddle.to_tensor([0.5, -1.0], stop_gradient=False)
    scale = paddle.to_tensor([1.5, 0.7], stop_gradient=False)
    paddle.seed(2)
    x = D.Normal(loc, scale).rsample([4])
    dloc, dscale = paddle.grad(x.sum(), [loc, scale])
    np.testing.assert_allclose(dloc.numpy(), [4.0, 4.0])
    paddle.seed(2)
    eps = (D.Normal(loc, scale).rsample([4]) - loc) / scale
    np.testing.assert_allclose(dscale.numpy(), eps.sum(0).numpy(), rtol=1e-5)
    rate = paddle.to_tensor([2.0], stop_gradient=False)
    paddle.seed(4)
    y = D.Exponential(rate).rsample([3])
    (drate,) = paddle.grad(y.sum(), [rate])
    np.testing.assert_allclose(drate.numpy(), (-y.sum() / rate).numpy(), rtol=1e-5)
    conc = paddle.to_tensor([3.0], stop_gradient=False)
    g = D.Gamma(conc, paddle.to_tensor([1.0])).rsample([5])
    assert paddle.grad(g.sum(), [conc])[0].shape == [1]
    with pytest.raises(NotImplementedError, match=r"\[Uniform\]|\[Poisson\] has no rsample"):
        D.Poisson(paddle.to_tensor([1.0])).rsample([2])


def test_analytic_values():
    normal = D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
    np.testing.assert_allclose(normal.cdf(paddle.to_tensor([1.0])).numpy(), [0.8413447], rtol=1e-5)
    np.testing.assert_allclose(normal.icdf(paddle.to_tensor([0.975])).numpy(), [1.959964],
                               rtol=1e-4)
    uniform = D.Uniform(paddle.to_tensor([0.0]), paddle.to_tensor([4.0]))
    assert uniform.mean.numpy().tolist() == [2.0]
    np.testing.assert_allclose(uniform.variance.numpy(), [16 / 12], rtol=1e-6)
    assert uniform.log_prob(paddle.to_tensor([5.0])).numpy().tolist() == [-math.inf]
    poisson = D.Poisson(paddle.to_tensor([3.0]))
    np.testing.assert_allclose(poisson.prob(paddle.to_tensor([2.0])).numpy(),
                               [9 / 2 * math.exp(-3)], rtol=1e-5)
    mvn = D.MultivariateNormal(paddle.to_tensor([1.0, 2.0]),
                               scale_tril=paddle.to_tensor([[2.0, 0.0], [1.0, 1.0]]))
    np.testing.assert_allclose(mvn.covariance_matrix.numpy(), [[4.0, 2.0], [2.0, 2.0]])
    np.testing.assert_allclose(mvn.variance.numpy(), [4.0, 2.0])
    precision = D.MultivariateNormal(paddle.to_tensor([0.0, 0.0]),
                                     precision_matrix=paddle.to_tensor([[0.5, 0.0], [0.0, 0.25]]))
    np.testing.assert_allclose(precision.variance.numpy(), [2.0, 4.0], rtol=1e-6)


def test_transforms():
    x = paddle.to_tensor([0.3, -1.2])
    for transform in (D.ExpTransform(), D.SigmoidTransform(), D.TanhTransform(),
                      D.AffineTransform(paddle.to_tensor([1.0]), paddle.to_tensor([-3.0])),
                      D.PowerTransform(paddle.to_tensor([2.0]))):
        xin = x.abs() if isinstance(transform, D.PowerTransform) else x
        y = transform.forward(xin)
        np.testing.assert_allclose(transform.inverse(y).numpy(), xin.numpy(), rtol=1e-5, atol=1e-6)
        # log|dy/dx| against the derivative autograd gives.
        xg = xin.detach()
        xg.stop_gradient = False
        (dy,) = paddle.grad(transform.forward(xg).sum(), [xg])
        log_dy = np.log(np.abs(dy.numpy()))  # AffineTransform's is scale's shape: broadcast
        np.testing.assert_allclose(np.broadcast_to(transform.forward_log_det_jacobian(xin).numpy(),
                                                   log_dy.shape), log_dy, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(np.broadcast_to(transform.inverse_log_det_jacobian(y).numpy(),
                                                   log_dy.shape), -log_dy, rtol=1e-4, atol=1e-5)
    chain = D.ChainTransform([D.AffineTransform(paddle.to_tensor([0.0]), paddle.to_tensor([2.0])),
                              D.ExpTransform()])
    np.testing.assert_allclose(chain.forward(x).numpy(), np.exp(2 * x.numpy()), rtol=1e-6)
    np.testing.assert_allclose(chain.forward_log_det_jacobian(x).numpy(),
                               np.log(2) + 2 * x.numpy(), rtol=1e-5)
    assert D.ExpTransform()(D.ExpTransform()).forward(paddle.to_tensor([0.0])).item() == \
        pytest.approx(math.e)
    neg, pos = D.AbsTransform().inverse(paddle.to_tensor([2.0]))
    assert (neg.item(), pos.item()) == (-2.0, 2.0)
    softmax = D.SoftmaxTransform().forward(paddle.to_tensor([0.0, math.log(3.0)]))
    np.testing.assert_allclose(softmax.numpy(), [0.25, 0.75], rtol=1e-6)
    reshape = D.ReshapeTransform((2, 3), (6,))
    assert reshape.forward(paddle.ones([4, 2, 3])).shape == [4, 6]
    assert reshape.inverse_shape((4, 6)) == (4, 2, 3)
    independent = D.IndependentTransform(D.ExpTransform(), 1)
    np.testing.assert_allclose(independent.forward_log_det_jacobian(paddle.to_tensor([[1.0, 2.0]]))
                               .numpy(), [3.0])
    dist = D.ExpTransform()(D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0])))
    assert isinstance(dist, D.TransformedDistribution)


def test_register_kl_picks_the_most_specific_pair():
    class MyNormal(D.Normal):
        pass

    base = D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
    mine = MyNormal(paddle.to_tensor([1.0]), paddle.to_tensor([1.0]))
    np.testing.assert_allclose(D.kl_divergence(base, mine).numpy(), [0.5])  # Normal's

    @D.register_kl(MyNormal, D.Normal)
    def _kl(p, q):
        return paddle.full([1], 7.0)
    assert D.kl_divergence(mine, base).item() == 7.0
    assert D.kl_divergence(base, mine).item() == pytest.approx(0.5)
    with pytest.raises(NotImplementedError, match="no KL divergence is registered for Normal and "
                                                  "Poisson"):
        D.kl_divergence(base, D.Poisson(paddle.to_tensor([1.0])))
    with pytest.raises(TypeError, match=r"\[register_kl\]"):
        D.register_kl(int, D.Normal)
    with pytest.raises(TypeError, match=r"\[kl_divergence\] p and q must be Distributions"):
        D.kl_divergence(base, 3)


def test_exponential_family_entropy_and_kl_use_the_log_normalizer():
    p = D.Beta(paddle.to_tensor([2.0, 0.5]), paddle.to_tensor([3.0, 1.5]))
    q = D.Beta(paddle.to_tensor([1.0, 1.0]), paddle.to_tensor([1.0, 2.0]))
    # Against a numerical integral of p log p and p log(p / q).
    x = np.linspace(1e-6, 1 - 1e-6, 200001)
    integrate = getattr(np, "trapezoid", None) or np.trapz
    for i in range(1):  # the first pair: densities bounded on [0, 1]
        xs = paddle.to_tensor(np.stack([x, x], 1).astype("float32"))
        lp, lq = p.log_prob(xs).numpy()[:, i].astype("float64"), q.log_prob(xs).numpy()[:, i]
        dens = np.exp(lp)
        entropy = -integrate(dens * lp, x)
        kl = integrate(dens * (lp - lq), x)
        assert p.entropy().numpy()[i] == pytest.approx(entropy, rel=2e-3, abs=2e-3)
        assert D.kl_divergence(p, q).numpy()[i] == pytest.approx(kl, rel=2e-3, abs=2e-3)


def test_bad_parameters_are_typed_errors_naming_them():
    with pytest.raises(ValueError, match=r"\[Normal\] scale must be positive"):
        D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([-1.0]))
    with pytest.raises(ValueError, match=r"\[Bernoulli\] probs must be in \[0, 1\]"):
        D.Bernoulli(paddle.to_tensor([1.5]))
    with pytest.raises(ValueError, match=r"\[Uniform\] high must be greater than low"):
        D.Uniform(paddle.to_tensor([1.0]), paddle.to_tensor([0.0]))
    with pytest.raises(ValueError, match=r"\[Gamma\] concentration must be positive"):
        D.Gamma(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
    with pytest.raises(ValueError, match=r"\[Multinomial\] total_count must be a positive int"):
        D.Multinomial(0, paddle.to_tensor([0.5, 0.5]))
    with pytest.raises(ValueError, match=r"\[Dirichlet\] concentration must be at least 1-D"):
        D.Dirichlet(paddle.to_tensor(1.0))
    with pytest.raises(TypeError, match=r"\[Normal\] loc must be a float, list"):
        D.Normal("zero", 1.0)
    with pytest.raises(ValueError, match=r"\[MultivariateNormal\] exactly one of"):
        D.MultivariateNormal(paddle.zeros([2]))
    with pytest.raises(ValueError, match=r"covariance_matrix must be \[..., 2, 2\]"):
        D.MultivariateNormal(paddle.zeros([2]), covariance_matrix=paddle.eye(3))
    with pytest.raises(ValueError, match=r"\[Independent\] reinterpreted_batch_rank must be"):
        D.Independent(D.Normal(paddle.zeros([2]), paddle.ones([2])), 2)
    with pytest.raises(TypeError, match=r"\[Normal\] sample shape must be a list or tuple"):
        D.Normal(0.0, 1.0).sample(3)
    with pytest.raises(ValueError, match=r"\[Binomial\] total_count must be non-negative whole"):
        D.Binomial(paddle.to_tensor([2.5]), paddle.to_tensor([0.5]))
    with pytest.raises(ValueError, match=r"\[Bernoulli\] temperature must be a positive"):
        D.Bernoulli(paddle.to_tensor([0.5])).rsample([2], temperature=0.0)
    with pytest.raises(ValueError, match="Cauchy distribution has no mean"):
        _ = D.Cauchy(paddle.to_tensor([0.0]), paddle.to_tensor([1.0])).mean
    with pytest.raises(ValueError, match=r"\[ReshapeTransform\] in_event_shape"):
        D.ReshapeTransform((2, 3), (5,))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        D.Normal(0.0, 1.0).log_prob(paddle.to_tensor([0.5], dtype="float64"))  # cast, silently


def test_float_parameters_and_sample_shapes():
    dist = D.Normal(0.0, 2.0)
    assert dist.batch_shape == () and dist.sample([4]).shape == [4]
    assert dist.sample([4]).dtype == paddle.float32  # Python numbers: the default dtype
    assert D.Beta(2.0, [3.0, 1.0]).mean.dtype == paddle.float32
    assert dist.log_prob(paddle.to_tensor(0.0)).shape == []
    dist = D.Normal(np.zeros([2, 3], "float64"), 1.0)
    assert dist.batch_shape == (2, 3) and dist.sample([5]).dtype == paddle.float64
    ind = D.Independent(D.Normal(paddle.zeros([2, 3]), paddle.ones([2, 3])), 2)
    assert ind.batch_shape == () and ind.event_shape == (2, 3)
    assert ind.log_prob(paddle.zeros([2, 3])).shape == []
