"""paddle.einsum: each operand's dims are lined up on one list of labels
(transpose, reshape with 1s for the labels it lacks; a label repeated in one
operand takes its diagonal first), the operands multiplied with broadcasting,
and the labels missing from the output summed away. Every step is an op, so
gradients flow to each operand."""
import string

from . import math as _math
from ._helpers import check_tensor, op
from .linalg import diagonal
from .manipulation import transpose

__all__ = ["einsum"]

_reshape = op("reshape2", ["X"], ["shape"])
_LETTERS = set(string.ascii_letters)


def _parse(equation, operands):
    if not isinstance(equation, str):
        raise TypeError(f"[einsum] equation must be a str, got {type(equation).__name__}")
    eq = equation.replace(" ", "")
    inputs, arrow, output = eq.partition("->")
    terms = inputs.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"[einsum] the equation {equation!r} has {len(terms)} operand(s), got "
                         f"{len(operands)}")
    for term in terms + ([output] if arrow else []):
        bad = set(term.replace("...", "")) - _LETTERS
        if bad or term.count("...") > 1 or "." in term.replace("...", ""):
            raise ValueError(f"[einsum] invalid subscripts {term!r} in {equation!r}: letters and "
                             "one '...' only")
    # '...' becomes labels of its own, one per broadcast dim, right-aligned
    ell_rank = 0
    for term, x in zip(terms, operands):
        named = len(term.replace("...", ""))
        if "..." in term:
            ell_rank = max(ell_rank, x.ndim - named)
        elif named != x.ndim:
            raise ValueError(f"[einsum] subscripts {term!r} name {named} dims of an operand with "
                             f"{x.ndim}")
    ell = [chr(0x100 + i) for i in range(ell_rank)]  # labels no letter can clash with
    expanded = []
    for term, x in zip(terms, operands):
        if "..." in term:
            head, _, tail = term.partition("...")
            n = x.ndim - len(head) - len(tail)
            if n < 0:
                raise ValueError(f"[einsum] subscripts {term!r} name more dims than the "
                                 f"operand's {x.ndim}")
            expanded.append(list(head) + ell[ell_rank - n:] + list(tail))
        else:
            expanded.append(list(term))
    if arrow:
        head, dots, tail = output.partition("...")
        if ell and not dots:  # as 3.3.1: the broadcast dims are not summed away silently
            raise ValueError(f"[einsum] the operands have '...' but the output {output!r} "
                             "does not: missing ellipsis in output labels")
        out = list(head) + (ell if dots else []) + list(tail)
        if len(set(out)) != len(out):
            raise ValueError(f"[einsum] the output {output!r} repeats a label")
        known = set().union(*expanded)
        missing = [c for c in out if c not in known]
        if missing:
            raise ValueError(f"[einsum] output label {missing[0]!r} is in no operand")
    else:  # implicit: the broadcast dims, then the labels seen once, sorted
        counts = {}
        for labels in expanded:
            for c in labels:
                counts[c] = counts.get(c, 0) + 1
        out = ell + sorted(c for c, k in counts.items() if k == 1 and c not in ell)
    return expanded, out


def _take_diagonals(x, labels):
    """x with each label repeated in ``labels`` reduced to its diagonal."""
    labels = list(labels)
    while len(set(labels)) != len(labels):
        first = next(c for c in labels if labels.count(c) > 1)
        i = labels.index(first)
        j = labels.index(first, i + 1)
        if x.shape[i] != x.shape[j]:
            raise ValueError(f"[einsum] label {first!r} names dims of sizes {x.shape[i]} and "
                             f"{x.shape[j]}")
        x = diagonal(x, 0, i, j)  # the diagonal goes last
        labels = [c for k, c in enumerate(labels) if k not in (i, j)] + [first]
    return x, labels


def einsum(equation, *operands):
    """Sums of products of the operands' elements as the Einstein summation
    ``equation`` says (``'ij,jk->ik'`` is a matrix product; without ``->`` the
    output holds the labels seen once, sorted; ``...`` stands for broadcast dims).

    Args:
        equation (str): the subscripts, e.g. ``'bij,bjk->bik'``.
        *operands (Tensor): the tensors, of one dtype, one per comma-separated term (a
            single list or tuple of them is accepted too).

    Returns:
        Tensor: the result, in the operands' dtype.

    Example:
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> paddle.einsum('ij,jk->ik', a, a).numpy()
        array([[ 7., 10.],
               [15., 22.]], dtype=float32)
        >>> paddle.einsum('ii', a).item()
        5.0
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise ValueError("[einsum] expected at least one operand")
    for i, x in enumerate(operands):
        check_tensor(x, f"operands[{i}]", "einsum")
        if x.dtype != operands[0].dtype:  # 3.3.1 has no promotion here
            raise TypeError(f"[einsum] the operands must share one dtype: operands[{i}] is "
                            f"{x.dtype.name}, operands[0] {operands[0].dtype.name}")
    expanded, out = _parse(equation, operands)
    order = list(out)  # the output's labels, then the summed ones
    for labels in expanded:
        for c in labels:
            if c not in order:
                order.append(c)
    sizes = {}
    lined_up = []
    for x, labels in zip(operands, expanded):
        x, labels = _take_diagonals(x, labels)
        for c, n in zip(labels, x.shape):
            if n != 1 and sizes.setdefault(c, n) != n:
                raise ValueError(f"[einsum] label {c!r} names dims of sizes {sizes[c]} and {n}")
        perm = sorted(range(len(labels)), key=lambda k: order.index(labels[k]))
        if perm != list(range(len(perm))):
            x = transpose(x, perm)
        shape = [x.shape[perm.index(labels.index(c))] if c in labels else 1 for c in order]
        lined_up.append(_reshape(x, shape) if shape != list(x.shape) else x)
    product = lined_up[0]
    for x in lined_up[1:]:
        product = _math.multiply(product, x)
    summed = list(range(len(out), len(order)))
    if summed:
        product = _math.sum(product, axis=summed)
    return product

