"""kl_divergence and register_kl: the Kullback-Leibler divergence KL(p || q)
by the most specific registered pair of classes, as PaddlePaddle dispatches
it; closed forms for the pairs of one family, the Bregman divergence of the
log-normalizer for two members of one exponential family."""
import functools

from .continuous import Cauchy, Exponential, Laplace, LogNormal, Normal, Uniform
from .continuous_bernoulli import ContinuousBernoulli
from .discrete import Bernoulli, Binomial, Categorical, Geometric, Poisson
from .distribution import Distribution
from .exponential_family import ExponentialFamily
from .gamma_family import Gamma
from .multivariate_normal import MultivariateNormal

__all__ = []

_REGISTRY = {}


def _paddle():
    import paddle
    return paddle


def register_kl(cls_p, cls_q):
    """A decorator registering a function ``f(p, q)`` as KL(p || q) for ``p`` an instance of
    ``cls_p`` and ``q`` of ``cls_q`` (the most specific registered pair is used).

    Args:
        cls_p (type): A subclass of Distribution.
        cls_q (type): A subclass of Distribution.

    Returns:
        callable: The decorator.

    Example:
        >>> class Shifted(paddle.distribution.Normal):
        ...     pass
        >>> @paddle.distribution.register_kl(Shifted, Shifted)
        ... def _kl(p, q):
        ...     return paddle.zeros([1])
        >>> d = Shifted(paddle.zeros([1]), paddle.ones([1]))
        >>> paddle.distribution.kl_divergence(d, d).numpy()
        array([0.], dtype=float32)
    """
    for cls in (cls_p, cls_q):
        if not (isinstance(cls, type) and issubclass(cls, Distribution)):
            raise TypeError(f"[register_kl] cls_p and cls_q must be subclasses of Distribution, "
                            f"got {cls!r}")

    def decorator(f):
        _REGISTRY[cls_p, cls_q] = f
        _dispatch.cache_clear()
        return f
    return decorator


@functools.lru_cache(maxsize=None)
def _dispatch(type_p, type_q):
    matches = [(p, q) for p, q in _REGISTRY if issubclass(type_p, p) and issubclass(type_q, q)]
    if not matches:
        return None
    # The pair nearest in both method resolution orders.
    return _REGISTRY[min(matches, key=lambda m: (type_p.__mro__.index(m[0]) +
                                                 type_q.__mro__.index(m[1]),
                                                 type_p.__mro__.index(m[0])))]


def kl_divergence(p, q):
    r"""The Kullback-Leibler divergence :math:`KL(p \| q) = E_p[\log p(X) - \log q(X)]`.

    Args:
        p (Distribution): The first distribution.
        q (Distribution): The second distribution.

    Returns:
        Tensor: KL(p || q), of the batch shape.

    Example:
        >>> p = paddle.distribution.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
        >>> q = paddle.distribution.Normal(paddle.to_tensor([1.0]), paddle.to_tensor([1.0]))
        >>> paddle.distribution.kl_divergence(p, q).numpy()
        array([0.5], dtype=float32)
    """
    if not isinstance(p, Distribution) or not isinstance(q, Distribution):
        raise TypeError(f"[kl_divergence] p and q must be Distributions, got "
                        f"{type(p).__name__} and {type(q).__name__}")
    f = _dispatch(type(p), type(q))
    if f is None:
        raise NotImplementedError(f"[kl_divergence] no KL divergence is registered for "
                                  f"{type(p).__name__} and {type(q).__name__}")
    return f(p, q)


def _xlogy_ratio(a, b):
    """a * log(a / b), 0 where a is 0."""
    paddle = _paddle()
    return paddle.where(a == 0, paddle.zeros_like(a), a * (a / b).log())


@register_kl(Normal, Normal)
def _kl_normal(p, q):
    ratio = (p.scale / q.scale).square()
    return 0.5 * (ratio + ((p.loc - q.loc) / q.scale).square() - 1 - ratio.log())


@register_kl(LogNormal, LogNormal)
def _kl_lognormal(p, q):
    return _kl_normal(p._base, q._base)


@register_kl(Uniform, Uniform)
def _kl_uniform(p, q):
    paddle = _paddle()
    kl = ((q.high - q.low) / (p.high - p.low)).log()
    inside = (q.low <= p.low) & (p.high <= q.high)
    return paddle.where(inside, kl, paddle.full_like(kl, float("inf")))


@register_kl(Categorical, Categorical)
def _kl_categorical(p, q):
    log_softmax = _paddle().nn.functional.log_softmax
    lp, lq = log_softmax(p.logits, axis=-1), log_softmax(q.logits, axis=-1)
    return (lp.exp() * (lp - lq)).sum(axis=-1, keepdim=True)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli(p, q):
    return _xlogy_ratio(p.probs, q.probs) + _xlogy_ratio(1 - p.probs, 1 - q.probs)


@register_kl(Binomial, Binomial)
def _kl_binomial(p, q):
    if not bool((p.total_count == q.total_count).all()):
        raise NotImplementedError("[kl_divergence] Binomial distributions with different "
                                  "total_count")
    return p.total_count * _kl_bernoulli(p, q)


@register_kl(Geometric, Geometric)
def _kl_geometric(p, q):
    # PaddlePaddle 3.3.1's value: the KL divergence of the Bernoulli trials (p times the
    # geometric distributions' own), kept so programs give the same numbers.
    return _kl_bernoulli(p, q)


@register_kl(Poisson, Poisson)
def _kl_poisson(p, q):
    return _xlogy_ratio(p.rate, q.rate) - p.rate + q.rate


@register_kl(Exponential, Exponential)
def _kl_exponential(p, q):
    ratio = q.rate / p.rate
    return ratio - 1 - ratio.log()


@register_kl(Gamma, Gamma)
def _kl_gamma(p, q):
    ap, bp, aq, bq = p.concentration, p.rate, q.concentration, q.rate
    return (ap - aq) * ap.digamma() - ap.lgamma() + aq.lgamma() + aq * (bp.log() - bq.log()) \
        + ap * (bq - bp) / bp


@register_kl(Laplace, Laplace)
def _kl_laplace(p, q):
    gap = (p.loc - q.loc).abs()
    return (q.scale / p.scale).log() + gap / q.scale \
        + p.scale / q.scale * (-gap / p.scale).exp() - 1


@register_kl(Cauchy, Cauchy)
def _kl_cauchy(p, q):
    return (((p.scale + q.scale).square() + (p.loc - q.loc).square())
            / (4 * p.scale * q.scale)).log()


@register_kl(ContinuousBernoulli, ContinuousBernoulli)
def _kl_continuous_bernoulli(p, q):
    log_q, log_1q = q.probs.log(), (-q.probs).log1p()
    return -p.entropy() - (q._log_constant() + p.mean * (log_q - log_1q) + log_1q)


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariate_normal(p, q):
    paddle = _paddle()
    k = p.event_shape[0]
    q_inv = paddle.inverse(q.scale_tril)
    m = q_inv.matmul(p.scale_tril)
    diff = q_inv.matmul((q.loc - p.loc).unsqueeze(-1)).squeeze(-1)
    return 0.5 * (m.square().sum([-2, -1]) + diff.square().sum(-1) - k) \
        + q._half_log_det() - p._half_log_det()


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_exponential_family(p, q):
    # Bregman divergence of the log-normalizer A between the natural parameters.
    if type(p) is not type(q):
        raise NotImplementedError(f"[kl_divergence] no KL divergence between "
                                  f"{type(p).__name__} and {type(q).__name__}")
    paddle = _paddle()
    p_etas = [e.detach() for e in p._natural_parameters]
    for e in p_etas:
        e.stop_gradient = False
    p_norm = p._log_normalizer(*p_etas)
    grads = paddle.grad(p_norm.sum(), p_etas, create_graph=True)
    kl = q._log_normalizer(*q._natural_parameters) - p_norm
    for pe, qe, g in zip(p_etas, q._natural_parameters, grads):
        kl = kl - ((qe - pe) * g).reshape(list(kl.shape) + [-1]).sum(-1)
    return kl
