"""ExponentialFamily: distributions p(x) = h(x) exp(<eta, T(x)> - A(eta)). Its
entropy comes from the log-normalizer A and its gradient (autograd); KL
divergences between two members of one family use the Bregman divergence of
A (kl.py)."""
from .distribution import Distribution

__all__ = []


class ExponentialFamily(Distribution):
    r"""The base of the exponential-family distributions
    :math:`p(x) = h(x) \exp(\langle \eta, T(x) \rangle - A(\eta))`. A subclass gives its
    natural parameters :math:`\eta` (``_natural_parameters``), the log-normalizer
    :math:`A` (``_log_normalizer``) and :math:`E[\log h(X)]` (``_mean_carrier_measure``);
    the entropy is then :math:`A(\eta) - \langle \eta, \nabla A(\eta) \rangle - E[\log h(X)]`.

    Args:
        batch_shape (Sequence[int], optional): The shape of the batch. Default ().
        event_shape (Sequence[int], optional): The shape of one draw. Default ().

    Example:
        >>> dist = paddle.distribution.Beta(paddle.to_tensor([2.0]), paddle.to_tensor([3.0]))
        >>> isinstance(dist, paddle.distribution.ExponentialFamily)
        True
    """

    @property
    def _natural_parameters(self):
        self._missing("natural parameters")

    def _log_normalizer(self, *natural_parameters):
        self._missing("log-normalizer")

    @property
    def _mean_carrier_measure(self):
        self._missing("mean carrier measure")

    def _entropy(self):
        import paddle
        etas = [p.detach() for p in self._natural_parameters]
        for p in etas:
            p.stop_gradient = False
        log_norm = self._log_normalizer(*etas)
        grads = paddle.grad(log_norm.sum(), etas, create_graph=True)
        entropy = log_norm - self._mean_carrier_measure
        for eta, g in zip(etas, grads):
            entropy = entropy - (eta * g).reshape(list(log_norm.shape) + [-1]).sum(-1)
        return entropy
