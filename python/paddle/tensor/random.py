"""paddle.tensor.random: the random tensor functions under the module name PaddlePaddle
3.3.1 gives them (``paddle.tensor.random.uniform``, ...); each is defined elsewhere in
paddle.tensor and public as ``paddle.<name>`` (or ``paddle.tensor.<name>``)."""
from .creation import (  # noqa: F401
    normal, rand, randint, randint_like, randn, randperm, standard_normal, uniform,
)
from .creation_extra import (  # noqa: F401
    bernoulli, bernoulli_, multinomial, poisson, rand_like, randn_like,
)
from .inplace import normal_, uniform_  # noqa: F401
from .random_extra import (  # noqa: F401
    binomial, cauchy_, exponential_, geometric_, log_normal, log_normal_, random_,
    standard_gamma,
)

__all__ = []  # as in 3.3.1: the names are public where they are defined
