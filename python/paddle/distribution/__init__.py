"""paddle.distribution: probability distributions with sampling
(reparameterized where PaddlePaddle has rsample), log-densities, entropies,
moments, CDFs, transforms and KL divergences, built from paddle's ops so
gradients flow to the parameters."""
from .continuous import Cauchy, Exponential, Gumbel, Laplace, LogNormal, Normal, Uniform
from .continuous_bernoulli import ContinuousBernoulli
from .discrete import Bernoulli, Binomial, Categorical, Geometric, Multinomial, Poisson
from .distribution import Distribution
from .exponential_family import ExponentialFamily
from .gamma_family import Beta, Chi2, Dirichlet, Gamma, StudentT
from .independent import Independent
from .kl import kl_divergence, register_kl
from .lkj_cholesky import LKJCholesky
from .multivariate_normal import MultivariateNormal
from .transform import (
    AbsTransform, AffineTransform, ChainTransform, ExpTransform, IndependentTransform,
    PowerTransform, ReshapeTransform, SigmoidTransform, SoftmaxTransform, StackTransform,
    StickBreakingTransform, TanhTransform, Transform,
)
from .transformed_distribution import TransformedDistribution

__all__ = ["Bernoulli", "Beta", "Categorical", "Cauchy", "Chi2", "ContinuousBernoulli", "Dirichlet", "Distribution",
           "Exponential", "ExponentialFamily", "Multinomial", "MultivariateNormal", "Normal",
           "Uniform", "kl_divergence", "register_kl", "Independent", "TransformedDistribution",
           "Laplace", "LogNormal", "LKJCholesky", "Gamma", "Gumbel", "Geometric", "Binomial", "Poisson",
           "StudentT", "Transform", "AbsTransform", "AffineTransform", "ChainTransform",
           "ExpTransform", "IndependentTransform", "PowerTransform", "ReshapeTransform",
           "SigmoidTransform", "SoftmaxTransform", "StackTransform", "StickBreakingTransform",
           "TanhTransform"]
