// The binary family: Out = f(X, Y) elementwise with PaddlePaddle's
// broadcasting (broadcast.h), and X@GRAD, Y@GRAD from the gradient functor,
// summed over the dims each operand was broadcast along. An op is a functor
// pair; slots, the `axis` attribute, the gradient op and kernels come from here:
//
//   struct Sub { template <typename T> T operator()(T x, T y) const { return x - y; } };
//   struct SubGrad {
//     static constexpr bool kReadsOut = false;  // whether dx/dy need Out
//     template <typename T> T dx(T x, T y, T out, T dout) const { return dout; }
//     template <typename T> T dy(T x, T y, T out, T dout) const { return -dout; }
//   };
//   PD_REGISTER_OP(elementwise_sub).Doc(en, zh).Apply(Binary<Sub, SubGrad, float, double>);
//
// G = NoGrad declares no gradient (integer-valued ops). A functor that can
// fail on some Y (an integer division by zero) checks Y first in
// `template <typename T> static void CheckY(const KernelContext&, const T* y, int64_t n)`.
#pragma once

#include <algorithm>
#include <type_traits>

#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/ops/broadcast.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/unary.h"

namespace paddle {
namespace ops {

template <typename F, typename T, typename = void>
struct HasCheckY : std::false_type {};
template <typename F, typename T>
struct HasCheckY<F, T, std::void_t<decltype(F::template CheckY<T>(
                           std::declval<const KernelContext&>(), nullptr, int64_t{0}))>>
    : std::true_type {};

namespace binary {

enum In { kX, kY };
enum Out { kOut };
enum Attr { kAxis };
// Out is read only by gradients that need it (kReadsOut); Out@GRAD follows.
enum GradIn { kGradX, kGradY, kGradOutOrOutGrad };
enum GradOut { kGradXGrad, kGradYGrad };

extern const char* const kAxisEn;
extern const char* const kAxisZh;

void InferShape(InferShapeContext& ctx);
void GradInferShape(InferShapeContext& ctx);
void GradInferShapeReadingOut(InferShapeContext& ctx);

void PredicateInferShape(InferShapeContext& ctx);
// Declares X, Y and Out (`bool_out`: Out holds bools; other names where
// given) and, with `axis`, the axis attribute.
void Slots(OpDefBuilder& op, bool bool_out, bool axis, const char* x = "X", const char* y = "Y",
           const char* out = "Out");

// Whether the op declares `axis` (comparisons, arithmetic), always first.
inline bool HasAxis(const OpDef& def) { return !def.attrs.empty() && def.attrs[0].name == "axis"; }

// `axis` where the op declares it, else numpy's -1.
inline int AxisOf(const KernelContext& ctx) {
  return HasAxis(ctx.def()) ? ctx.Attr<int32_t>(kAxis) : -1;
}

// Out's element type is what f returns (T, or bool for comparisons).
template <typename F, typename T>
void Kernel(KernelContext& ctx) {
  using R = std::decay_t<std::invoke_result_t<F, T, T>>;
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  if constexpr (HasCheckY<F, T>::value) F::template CheckY<T>(ctx, yp, y.numel());
  R* o = ctx.Output(kOut)->MutableData<R>(ctx.place());
  const F f = MakeFunctor<F>(ctx);
  if (x.dims() == y.dims()) {
    ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) {
      ZipLoop(f, xp + lo, yp + lo, o + lo, hi - lo);
    });
    return;
  }
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), x.dims(), y.dims(), AxisOf(ctx));
  // Each run is the innermost merged dim: for a bias add [N, C] + [C] it is one
  // row of C with both operands contiguous.
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    R* dst = o + oo;
    const T* a = xp + xo;
    const T* b = yp + yo;
    if (xs && ys) {
      ZipLoop(f, a, b, dst, n);
    } else if (xs) {
      const T bv = *b;
      MapLoop([&](T v) { return f(v, bv); }, a, dst, n);
    } else if (ys) {
      const T av = *a;
      MapLoop([&](T v) { return f(av, v); }, b, dst, n);
    } else {
      std::fill(dst, dst + n, f(*a, *b));
    }
  });
}

// The sum over a run of part(x[k * xs], y[k * ys], out[k], dout[k]), in
// vector lanes (the order of the additions is the lanes', not k's).
template <typename P, typename T>
PD_SIMD_CLONES T SumRun(const P& part, const T* x, int64_t xs, const T* y, int64_t ys,
                        const T* out, const T* dout, int64_t n) {
  const P f = part;
  T acc(0);
  if constexpr (kIsComplex<T>) {  // OpenMP has no + reduction for class types
    for (int64_t k = 0; k < n; ++k) acc += f(x[k * xs], y[k * ys], out[k], dout[k]);
  } else {
#pragma omp simd reduction(+ : acc)
    for (int64_t k = 0; k < n; ++k) acc += f(x[k * xs], y[k * ys], out[k], dout[k]);
  }
  return acc;
}

// d[k * stride] += part(...) over a run; stride != 0, so no two k meet.
template <typename P, typename T>
PD_SIMD_CLONES void AddRun(const P& part, T* d, int64_t stride, const T* x, int64_t xs,
                           const T* y, int64_t ys, const T* out, const T* dout, int64_t n) {
  const P f = part;
#pragma omp simd
  for (int64_t k = 0; k < n; ++k) d[k * stride] += f(x[k * xs], y[k * ys], out[k], dout[k]);
}

// Every Out element adds its share into dX and dY at the positions the
// forward read (so an operand broadcast along a dim gets the sum over it).
template <typename G, typename T>
void GradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& y = ctx.Input(kGradY);
  const int dout_slot = G::kReadsOut ? kGradOutOrOutGrad + 1 : kGradOutOrOutGrad;
  const DenseTensor& dout = ctx.Input(dout_slot);
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  const T* g = dout.data<T>();
  const T* op = G::kReadsOut ? ctx.Input(kGradOutOrOutGrad).data<T>() : g;
  T* dx = ctx.HasOutput(kGradXGrad) ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  T* dy = ctx.HasOutput(kGradYGrad) ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  const G grad = MakeFunctor<G>(ctx);
  if (x.dims() == y.dims()) {
    ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i) {
        if (dx) dx[i] = grad.dx(xp[i], yp[i], op[i], g[i]);
        if (dy) dy[i] = grad.dy(xp[i], yp[i], op[i], g[i]);
      }
    });
    return;
  }
  if (dx) std::fill(dx, dx + x.numel(), T(0));
  if (dy) std::fill(dy, dy + y.numel(), T(0));
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), x.dims(), y.dims(), AxisOf(ctx));
  // One operand's gradient along a run: a broadcast operand (stride 0) sums
  // the run (a bias's gradient) and adds once; the other is written element-wise.
  auto run_grad = [&](T* d, int64_t o, int64_t stride, int64_t oo, int64_t xo, int64_t yo,
                      int64_t n, int64_t xs, int64_t ys, auto part) {
    if (stride == 0) d[o] += SumRun(part, xp + xo, xs, yp + yo, ys, op + oo, g + oo, n);
    else AddRun(part, d + o, stride, xp + xo, xs, yp + yo, ys, op + oo, g + oo, n);
  };
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    if (dx)
      run_grad(dx, xo, xs, oo, xo, yo, n, xs, ys,
               [&](T xv, T yv, T ov, T gv) { return grad.dx(xv, yv, ov, gv); });
    if (dy)
      run_grad(dy, yo, ys, oo, xo, yo, n, xs, ys,
               [&](T xv, T yv, T ov, T gv) { return grad.dy(xv, yv, ov, gv); });
  });
}

}  // namespace binary

template <typename G, typename S = UpperSlots, typename... Ts>
void BinaryGrad(OpDefBuilder& op);

// `.Apply(Binary<F, G, dtypes...>)`: the op (X, Y) -> Out with `axis`, and its
// gradient `<type>_grad` (X, Y, [Out,] Out@GRAD) -> X@GRAD, Y@GRAD.
template <typename F, typename G, typename... Ts>
void Binary(OpDefBuilder& op) {
  binary::Slots(op, false, true);
  op.InferShape(binary::InferShape);
  (op.template CpuKernel<Ts>(binary::Kernel<F, Ts>), ...);
  if constexpr (!std::is_same_v<G, NoGrad>) BinaryGrad<G, UpperSlots, Ts...>(op);
}

// The gradient part of Binary (slot names S).
template <typename G, typename S, typename... Ts>
void BinaryGrad(OpDefBuilder& op) {
  op.Grad().Reads(binary::kGradX, S::kX).Reads(binary::kGradY, S::kY);
  if constexpr (G::kReadsOut) op.Reads(binary::kGradOutOrOutGrad, S::kOut);
  op.OutputGrad(G::kReadsOut ? binary::kGradOutOrOutGrad + 1 : binary::kGradOutOrOutGrad, S::kOut)
      .InputGrad(binary::kGradXGrad, S::kX)
      .InputGrad(binary::kGradYGrad, S::kY)
      .InferShape(G::kReadsOut ? binary::GradInferShapeReadingOut : binary::GradInferShape);
  (AddGradKernel<Ts>(op, [] { return &binary::GradKernel<G, Ts>; }), ...);
}

// `.Apply(NamedNumpyBinary<S, F, G, dtypes...>)`: NumpyBinary with the slot
// names S (x, y, out: LowerSlots) and attributes from F (`static void
// Attrs(OpDefBuilder&)`, indices from 0).
template <typename S, typename F, typename G, typename... Ts>
void NamedNumpyBinary(OpDefBuilder& op) {
  binary::Slots(op, false, false, S::kX, S::kY, S::kOut);
  if constexpr (HasAttrs<F>::value) F::Attrs(op);
  op.InferShape(binary::InferShape);
  (op.template CpuKernel<Ts>(binary::Kernel<F, Ts>), ...);
  if constexpr (!std::is_same_v<G, NoGrad>) BinaryGrad<G, S, Ts...>(op);
}

// `.Apply(NumpyBinary<F, G, dtypes...>)`: Binary without the `axis` attribute
// (numpy broadcasting only), as PaddlePaddle's newer ops have it
// (elementwise_fmax, bitwise_and, ...).
template <typename F, typename G, typename... Ts>
void NumpyBinary(OpDefBuilder& op) {
  NamedNumpyBinary<UpperSlots, F, G, Ts...>(op);
}

// `.Apply(Compare<F, dtypes...>)`: (X, Y) -> Out of bool with `axis` and the
// legacy `force_cpu`; no gradient (equal, less_than, ...).
template <typename F, typename... Ts>
void Compare(OpDefBuilder& op) {
  binary::Slots(op, true, true);
  op.Attr<bool>(binary::kAxis + 1, "force_cpu", false,
                  "Legacy: keep Out on the CPU; every kernel here is a CPU kernel.",
                  "旧版属性：把 Out 放在 CPU 上；这里的内核都在 CPU 上运行。")
      .InferShape(binary::PredicateInferShape);
  (op.template CpuKernel<Ts>(binary::Kernel<F, Ts>), ...);
}

// `.Apply(Logical<F, dtypes...>)`: (X, Y) -> Out of bool, numpy broadcasting,
// no attributes and no gradient (logical_and, ...).
template <typename F, typename... Ts>
void Logical(OpDefBuilder& op) {
  binary::Slots(op, true, false);
  op.InferShape(binary::PredicateInferShape);
  (op.template CpuKernel<Ts>(binary::Kernel<F, Ts>), ...);
}

}  // namespace ops
}  // namespace paddle
