"""Records which built-in error class PaddlePaddle 3.3.1 raises for bad
arguments to the tensor functions (tests/data/tensor_api/errors.json), for
tests/python/test_tensor_api_errors.py. Each case is Python source evaluated
with P = paddle, T = paddle.to_tensor, np and F (a [3, 4] float32 array).

Run with the real PaddlePaddle: /work/venvs/paddle/bin/python tools/oracle/tensor_api_errors_oracle.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "tensor_api"

CASES = [
    "P.argmax(T(F), dtype='float32')", "P.argmax(T(F), axis=2)", "P.sort(T(F), axis=2)",
    "P.topk(T(F), 5)", "P.topk(T(F), 0)", "P.where(T(F) > 0, T(F), P.ones([2]))",
    "P.where(T([1, 0, 1]), 1.0, 0.0)",
    "P.index_select(T(F), T([1.0]))", "P.index_select(T(F), T([7]))",
    "P.masked_select(T(F), T([True, False]))", "P.gather(T(F), T([5]))",
    "P.gather(T(F), T([0.0]))", "P.gather_nd(T(F), T([[0, 0, 0]]))",
    "P.scatter(T(F), T([0]), P.ones([1, 4], dtype='float64'))",
    "P.scatter_nd_add(T(F), T([[0]]), P.ones([1, 4], dtype='float64'))",
    "P.take_along_axis(T(F), T([0]), 0)", "P.take_along_axis(T(F), T([[9]]), 1)",
    "P.put_along_axis(T(F), T([[0]]), 1.0, 1, reduce='max')",
    "P.put_along_axis(T(F), T([[0]]), P.ones([1, 1], dtype='float64'), 1)",
    "P.expand(T(F), [3, 5])", "P.roll(T(F), [1, 2], axis=0)", "P.flip(T(F), 3)",
    "P.tril(P.ones([3]))", "P.chunk(T(F), 3, axis=1)", "P.unstack(T(F), num=5)",
    "P.slice(T(F), [0], [1, 2], [3])", "P.strided_slice(T(F), [0], [0], [3], [0])",
    "P.clip(T(F), 3.0, 2.0)", "P.cumsum(T(F), axis=3)", "P.increment(T(F))",
    "P.dot(T(F[0]), T(F[0, :2]))", "P.bmm(T(F), T(F))", "P.t(P.ones([2, 2, 2]))",
    "P.linalg.norm(T(F), p='abc')", "P.linalg.norm(T(F), p=3, axis=[0, 1])",
    "P.linalg.matrix_norm(T(F), axis=[0])", "P.linalg.vector_norm(T(F), p='fro')",
    "P.median(T(F), mode='max')", "P.isclose(T(F), T(F[:2]))", "P.diag(P.ones([2, 2, 2]))",
    "P.bitwise_and(T(F), T(F))", "P.bitwise_not(T(F))", "P.bitwise_or(T([1, 2]), T([1, 2, 3]))",
    "P.bitwise_xor(T([1]), T([1], dtype='int32'))", "P.fmax(T(F), T([1, 2]))",
    "P.fmin(T(F), T(np.ones((4, 3), 'float32')))", "P.heaviside(T(F), T(F[:2, :3]))",
    "P.acos(T([True]))", "P.cumprod(T(F), 2)", "P.cumprod(T([True]), 0)",
    "P.logcumsumexp(T(F), axis=-3)", "P.cummax(T(F), axis=2)", "P.cummin(T(F), dtype='float32')",
    "P.diff(T(F), axis=2)", "P.lcm(T([1]), T([1.0]))",
    "P.lerp(T([1, 2]), T([3, 4]), 0.5)", "P.lerp(T(F), T(F[:2]), 0.5)", "P.sgn(T([1, 2]))",
    "P.sinc(T([1, 2]))", "P.hypot(T(F), T(F[:2]))", "P.bitwise_left_shift(T(F), T(F))",
    "P.bitwise_right_shift(T([True]), T([True]))", "P.atan2(T(F), T(F[:2]))",
    "P.nextafter(T(F), T(F[:2]))", "P.i0(T([True]))",
    "T(F)[[5]]", "T(F)[T([True, False])]", "T(F)[[0, 1], [0, 1, 2]]", "T(F)[0, 0, 0]",
    # aliases, joining/splitting, composites, predicates (tensor_api part 2)
    "P.div(T(F), T(F), rounding_mode='round')", "P.positive(T([True]))",
    "P.view(T(F), [5, -1])", "P.view_as(T(F), P.ones([5]))", "P.matrix_transpose(T(F[0]))",
    "P.take_along_dim(T(F), T([0]), 0)", "P.cat([T(F), T(F[0])])", "P.clamp(T(F), 3.0, 2.0)",
    "P.permute(T(F), [0])", "P.swapaxes(T(F), 0, 2)",
    "P.hstack(T(F))", "P.hstack([])", "P.vstack([T(F), T(F[:, :2])])",
    "P.dstack([T(F), T(F[:2])])",
    "P.vsplit(T(F[0]), 2)", "P.dsplit(T(F), 2)", "P.tensor_split(T(F), 0)",
    "P.tensor_split(T(F), 2, axis=2)", "P.tensor_split(T(F), 1.5)",
    "P.narrow(T(F), 1, 3, 2)", "P.narrow(T(F), 2, 0, 1)", "P.narrow(T(F), 0, -4, 1)",
    "P.unflatten(T(F), 1, [3, -1])", "P.unflatten(T(F), 2, [2, 2])",
    "P.unflatten(T(F), 1, [-1, -1])",
    "P.meshgrid(T(F[0]), T(F[0]).astype('int32'))", "P.meshgrid(T(F), T(F[0]))",
    "P.block_diag([P.ones([2, 2, 2])])", "P.cartesian_prod([T(F)])",
    "P.combinations(T(F))", "P.combinations(T(F[0]), -1)",
    "P.tensordot(T(F), T(F), 3)", "P.tensordot(T(F), T(F).astype('float64'))",
    "P.dist(T(F), T(F).astype('float64'))",
    "P.vander(T(F))", "P.vander(T(F[0]), -1)",
    "P.diag_embed(T(F), 0, 0, 0)", "P.diag_embed(T(F), 0, 3, 0)",
    "P.trapezoid(T(F), x=T(F[0]), dx=1.0)", "P.trapezoid(T(F).astype('int32'))",
    "P.trapezoid(T(F), x=T(F[0, :2]))",
    "P.addmm(T(F), T(F), T(F))", "P.addmm(T(F[0]), T(F[0]), T(F))",
    "P.baddbmm(T(F), T(F), T(F))", "P.linalg.multi_dot([T(F)])",
    "P.linalg.multi_dot([T(F), T(F)])", "P.linalg.multi_dot([T(F), P.ones([4, 2, 2])])",
    "P.cdist(T(F), T(F[:, :2]))", "P.cdist(T(F[0]), T(F[0]))", "P.cdist(T(F), T(F), p=-1.0)",
    "P.dist(T(F), T(F[:2]))", "P.renorm(T(F), 2.0, 2, 1.0)",
    "P.renorm(T(F).astype('int64'), 2.0, 0, 1.0)",
    "P.is_complex(1)", "P.is_floating_point([1.0])", "P.is_integer(F)", "P.is_empty(1)",
    "P.finfo('int32')", "P.finfo(P.bool)", "P.iinfo('float32')", "P.iinfo(P.bool)",
]

CLASSES = (IndexError, TypeError, ValueError, LookupError, RuntimeError, NotImplementedError,
           AssertionError)


def error_class(src, env):
    """The first built-in class of CLASSES the error is, or None when none is raised."""
    try:
        eval(src, env)
    except CLASSES as e:
        return next(c.__name__ for c in CLASSES if isinstance(e, c))
    return None


def main():
    import paddle

    env = {"P": paddle, "T": paddle.to_tensor, "np": np,
           "F": np.ones((3, 4), dtype="float32")}
    recorded = {src: error_class(src, env) for src in CASES}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "errors.json").write_text(json.dumps(
        {"paddle": paddle.__version__, "errors": recorded}, indent=1) + "\n")


if __name__ == "__main__":
    main()
