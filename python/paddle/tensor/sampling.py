"""``paddle.tensor.top_p_sampling`` on the CPU (PaddlePaddle 3.3.1 has only a GPU kernel):
nucleus sampling of one token per row, computed with numpy; no gradient."""
import numbers

import numpy as np

from ._helpers import check_tensor
from .creation import to_tensor
from .creation_extra import _numpy_generator

__all__ = ["top_p_sampling"]


def _row_values(t, rows, name, dtype=None):
    check_tensor(t, name, "top_p_sampling")
    values = t.numpy().reshape(-1)
    if values.size != rows:
        raise ValueError(f"[top_p_sampling] {name} must hold one value per row of x ({rows}), "
                         f"got shape {t.shape}")
    return values.astype(dtype) if dtype else values


def top_p_sampling(x, ps, threshold=None, topp_seed=None, seed=-1, k=0, mode="truncated",
                   return_top=False, name=None):
    """Draws one token per row of the probabilities x from its nucleus: the most likely
    tokens whose probabilities first sum to at least ``ps`` of the row.

    Each row's tokens are ordered from most to least likely (tokens below ``threshold``
    dropped), u is drawn uniformly from [0, ps) ("truncated") or from [0, the row's kept
    total) ("non-truncated"), and the token where the running sum first exceeds u is taken
    (the most likely one if every token was dropped).

    Args:
        x (Tensor): [batch, vocab] float probabilities (each row non-negative).
        ps (Tensor): [batch] the top-p of each row, in (0, 1].
        threshold (Tensor, optional): [batch] the least probability a token may have.
            Default: None.
        topp_seed (Tensor, optional): [batch] int64 seeds, one draw per row. Default: None.
        seed (int, optional): the seed of all rows when not -1; -1 draws from the default
            generator (``paddle.seed``). Default: -1.
        k (int, optional): how many of the most likely scores and ids return_top gives.
            Default: 0.
        mode (str, optional): 'truncated' or 'non-truncated'. Default: 'truncated'.
        return_top (bool, optional): whether the top-k scores and ids are also returned.
            Default: False.
        name (str, optional): unused, for PaddlePaddle compatibility.

    Returns:
        tuple: the drawn probabilities ([batch, 1], x's dtype) and ids ([batch, 1], int64);
        with return_top also the top-k scores ([batch, k]) and ids ([batch, k], int64).

    Example:
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]])
        >>> value, ids = paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5, 0.5]))
        >>> ids.tolist()
        [[2], [0]]
    """
    check_tensor(x, "x", "top_p_sampling")
    if x.dtype.name not in ("float16", "float32", "float64", "bfloat16"):
        raise TypeError(f"[top_p_sampling] x must be a float Tensor, got {x.dtype.name}")
    if x.ndim != 2:
        raise ValueError(f"[top_p_sampling] x must be 2-D [batch, vocab], got shape {x.shape}")
    if mode not in ("truncated", "non-truncated"):
        raise ValueError(f"[top_p_sampling] mode must be 'truncated' or 'non-truncated', got "
                         f"{mode!r}")
    if not isinstance(k, numbers.Integral) or isinstance(k, bool) or not 0 <= k <= x.shape[1]:
        raise ValueError(f"[top_p_sampling] k must be an int in [0, {x.shape[1]}], got {k!r}")
    if not isinstance(seed, numbers.Integral) or isinstance(seed, bool):
        raise TypeError(f"[top_p_sampling] seed must be an int, got {type(seed).__name__}")
    rows = x.shape[0]
    probs = x.numpy().astype(np.float64)
    if (probs < 0).any() or not np.isfinite(probs).all():
        raise ValueError("[top_p_sampling] x must hold finite, non-negative probabilities")
    top_p = _row_values(ps, rows, "ps", np.float64)
    if ((top_p <= 0) | (top_p > 1)).any():
        raise ValueError(f"[top_p_sampling] ps must be in (0, 1], got {top_p.tolist()}")
    floor = None if threshold is None else _row_values(threshold, rows, "threshold", np.float64)
    seeds = None if topp_seed is None else _row_values(topp_seed, rows, "topp_seed", np.int64)
    shared = np.random.default_rng(int(seed)) if seed != -1 else _numpy_generator()
    order = np.argsort(-probs, axis=1, kind="stable")
    ids = np.empty(rows, np.int64)
    for r in range(rows):
        ranked = probs[r, order[r]]
        if floor is not None:
            ranked = np.where(ranked >= floor[r], ranked, 0.0)
        rng = np.random.default_rng(int(seeds[r])) if seeds is not None else shared
        span = top_p[r] if mode == "truncated" else ranked.sum()
        u = rng.random() * span
        past = np.nonzero(np.cumsum(ranked) > u)[0]
        ids[r] = order[r, past[0] if past.size else 0]
    dtype = x.numpy().dtype
    value = to_tensor(probs[np.arange(rows), ids].astype(dtype).reshape(rows, 1))
    result = (value, to_tensor(ids.reshape(rows, 1)))
    if not return_top:
        return result
    top_ids = order[:, :k]
    top_scores = np.take_along_axis(probs, top_ids, axis=1).astype(dtype)
    return result + (to_tensor(top_scores), to_tensor(top_ids.astype(np.int64)))


