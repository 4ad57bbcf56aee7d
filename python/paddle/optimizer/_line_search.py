"""The strong-Wolfe line search of LBFGS (Nocedal & Wright, Numerical
Optimization, 2nd ed., Algorithms 3.5 and 3.6: bracket, then zoom with cubic
interpolation). Losses are Python floats; slopes and the steps derived from
them stay 0-D tensors, as in PaddlePaddle, so the float32 rounding and hence
every accept/reject decision come out the same."""

__all__ = []


def flat_dot(x, y):
    """sum(x * y) of two flat tensors: a 0-D tensor (PaddlePaddle's LBFGS
    computes its dot products this way, not with paddle.dot)."""
    return (x * y).sum(axis=-1)


def cubic_minimizer(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimizer of the cubic through (x1, f1) and (x2, f2) with slopes g1
    and g2 (N&W eq. 3.59), clamped into ``bounds`` (default: between x1 and
    x2); the middle of the bounds when the cubic has no minimizer."""
    if bounds is None:
        bounds = (x1, x2) if x1 <= x2 else (x2, x1)
    low, high = bounds
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    discriminant = d1 ** 2 - g1 * g2
    if not discriminant >= 0:
        return (low + high) / 2.0
    d2 = discriminant.sqrt()
    if x1 <= x2:
        at = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        at = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(at, low), high)


class _Point:
    """One trial of the search: step, loss, gradient and slope along the direction."""

    __slots__ = ("step", "loss", "grad", "slope")

    def __init__(self, step, loss, grad, slope):
        self.step, self.loss, self.grad, self.slope = step, loss, grad, slope


def strong_wolfe(evaluate, step, direction, loss, grad, slope, c1=1e-4, c2=0.9,
                 tolerance_change=1e-9, max_ls=25):
    """A step along ``direction`` meeting the strong Wolfe conditions
    (sufficient decrease c1, curvature c2), starting from ``step``.

    ``evaluate(step)`` returns (loss, flat gradient) at x + step * direction;
    ``loss``, ``grad`` and ``slope`` (grad . direction) are those at step 0.
    Returns (loss, gradient, step, evaluations) of the best point found.
    """
    d_norm = direction.abs().max()
    start = _Point(0, loss, grad.clone(), slope)
    evaluations = 0

    def trial(at):
        nonlocal evaluations
        new_loss, new_grad = evaluate(at)
        evaluations += 1
        return _Point(at, new_loss, new_grad, flat_dot(new_grad, direction))

    def sufficient_decrease(p):
        return not p.loss > (loss + c1 * p.step * slope)

    def flat_enough(p):
        return abs(p.slope) <= -c2 * slope

    def kept(p):
        return _Point(p.step, p.loss, p.grad.clone(), p.slope)

    # Bracketing: grow the step until an interval holds a Wolfe point.
    prev, cur = start, trial(step)
    bracket, done, iters = None, False, 0
    while iters < max_ls:
        if not sufficient_decrease(cur) or (iters > 1 and cur.loss >= prev.loss):
            bracket = [prev, kept(cur)]
            break
        if flat_enough(cur):
            bracket, done = [cur], True
            break
        if cur.slope >= 0:
            bracket = [prev, kept(cur)]
            break
        grown = cubic_minimizer(prev.step, prev.loss, prev.slope, cur.step, cur.loss, cur.slope,
                                bounds=(cur.step + 0.01 * (cur.step - prev.step), cur.step * 10))
        prev = kept(cur)
        cur = trial(grown)
        iters += 1
    if iters == max_ls:
        bracket = [start, cur]

    # Zoom: shrink the bracket around a point meeting both conditions.
    low, high = (0, 1) if bracket[0].loss <= bracket[-1].loss else (1, 0)
    too_close_before = False
    while not done and iters < max_ls:
        a, b = bracket[0].step, bracket[1].step
        if abs(b - a) * d_norm < tolerance_change:
            break
        at = cubic_minimizer(a, bracket[0].loss, bracket[0].slope,
                             b, bracket[1].loss, bracket[1].slope)
        # Keep trials at least a tenth of the bracket away from its ends:
        # at once when the minimizer lands on an end, or when it is near one twice running.
        left, right = min(a, b), max(a, b)
        margin = 0.1 * (right - left)
        if min(right - at, at - left) < margin:
            if too_close_before or at >= right or at <= left:
                at = right - margin if abs(at - right) < abs(at - left) else left + margin
                too_close_before = False
            else:
                too_close_before = True
        else:
            too_close_before = False
        cur = trial(at)
        iters += 1
        if not sufficient_decrease(cur) or cur.loss >= bracket[low].loss:
            bracket[high] = kept(cur)
            low, high = (0, 1) if bracket[0].loss <= bracket[1].loss else (1, 0)
        else:
            if flat_enough(cur):
                done = True
            elif cur.slope * (bracket[high].step - bracket[low].step) >= 0:
                bracket[high] = bracket[low]
            bracket[low] = kept(cur)

    best = bracket[low]
    return best.loss, best.grad, best.step, evaluations
