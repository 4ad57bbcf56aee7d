// The unary family: Out = f(X) elementwise, with X@GRAD = g(X or Out, Out@GRAD).
// An op is a functor pair; the loop, its threading, the slots, the gradient
// op, in-place execution and the kernels per dtype come from here:
//
//   struct Relu {
//     template <typename T> T operator()(T x) const { return x > T(0) ? x : T(0); }
//   };
//   struct ReluGrad {
//     using Reads = ReadsOut;  // Out > 0 exactly where X > 0: X may be freed
//     template <typename T> T operator()(T out, T dout) const { return out > T(0) ? dout : T(0); }
//   };
//   PD_REGISTER_OP(relu).Doc(en, zh).Apply(Unary<Relu, ReluGrad, float, double>);
//
// A functor with attributes declares them (static void Attrs(OpDefBuilder&),
// indices from 0) and reads them in a constructor taking the KernelContext;
// the grad op has the same attributes, so its functor reads them the same way.
// An attribute that selects another formula (gelu's `approximate`) is better
// a choice between functors, so the loop does not compute both: the functor
// then has `template <typename Fn> static void Visit(const KernelContext&, Fn&&)`
// that calls fn with the chosen one.
#pragma once

#include <type_traits>

#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {

// For ops without a gradient (integer-valued ops), in the unary and binary families.
struct NoGrad {};

// The slot names of a family's op: PaddlePaddle's legacy ops say X, Y, Out;
// its newer ones x, y, out (i0, nextafter, ...).
struct UpperSlots {
  static constexpr const char* kX = "X";
  static constexpr const char* kY = "Y";
  static constexpr const char* kOut = "Out";
  static constexpr const char* kXGrad = "X@GRAD";
  static constexpr const char* kOutGrad = "Out@GRAD";
};
struct LowerSlots {
  static constexpr const char* kX = "x";
  static constexpr const char* kY = "y";
  static constexpr const char* kOut = "out";
  static constexpr const char* kXGrad = "x@GRAD";
  static constexpr const char* kOutGrad = "out@GRAD";
};

// What a gradient functor's first argument is.
struct ReadsX {};
struct ReadsOut {};

// The functor for one kernel call: built from the context when it has attributes.
template <typename F>
F MakeFunctor(const KernelContext& ctx) {
  if constexpr (std::is_constructible_v<F, const KernelContext&>) {
    return F(ctx);
  } else {
    return F{};
  }
}

struct AnyFunctorSink {
  template <typename F> void operator()(F) const {}
};
template <typename F, typename = void>
struct HasVisit : std::false_type {};
template <typename F>
struct HasVisit<F, std::void_t<decltype(F::Visit(std::declval<const KernelContext&>(),
                                                 AnyFunctorSink{}))>> : std::true_type {};

// Calls fn with the functor of one kernel call: F's choice (Visit), or F itself.
template <typename F, typename Fn>
void WithFunctor(const KernelContext& ctx, Fn&& fn) {
  if constexpr (HasVisit<F>::value) {
    F::Visit(ctx, fn);
  } else {
    fn(MakeFunctor<F>(ctx));
  }
}

template <typename F, typename = void>
struct HasAttrs : std::false_type {};
template <typename F>
struct HasAttrs<F, std::void_t<decltype(F::Attrs(std::declval<OpDefBuilder&>()))>>
    : std::true_type {};

namespace unary {

enum In { kX };
enum Out { kOut };
enum GradIn { kGradA, kGradOutGrad };  // A is X or Out, as the grad functor reads
enum GradOut { kGradXGrad };

inline void InferShape(InferShapeContext& ctx) { SameShape(ctx, kX, kOut); }

inline void GradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradA, kGradOutGrad);
  GradShapeLike(ctx, kGradOutGrad, kGradXGrad);
}

// Out has bool elements (predicates).
inline void PredicateInferShape(InferShapeContext& ctx) {
  SameShape(ctx, kX, kOut);
  ctx.SetOutputDtype(kOut, DataType::kBool);
}

// Out's element type is what f returns (T, or bool for predicates). Safe in
// place (Out sharing X's buffer): element i is read before it is written.
template <typename F, typename T>
void Kernel(KernelContext& ctx) {
  WithFunctor<F>(ctx, [&ctx](auto f) {
    using R = std::decay_t<std::invoke_result_t<decltype(f), T>>;
    const DenseTensor& x = ctx.Input(kX);
    const T* in = x.data<T>();
    R* out = ctx.Output(kOut)->MutableData<R>(ctx.place());
    ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) { MapLoop(f, in + lo, out + lo, hi - lo); });
  });
}

template <typename G, typename T>
void GradKernel(KernelContext& ctx) {
  WithFunctor<G>(ctx, [&ctx](auto grad) {
    const DenseTensor& a = ctx.Input(kGradA);
    const T* ap = a.data<T>();
    const T* g = ctx.Input(kGradOutGrad).data<T>();
    T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
    ParallelFor(a.numel(), [&](int64_t lo, int64_t hi) {
      ZipLoop(grad, ap + lo, g + lo, dx + lo, hi - lo);
    });
  });
}

}  // namespace unary

// Gradient kernels exist for floating-point and complex types only (an integer op still
// has a forward kernel but nothing to differentiate). `kernel()` gives the
// kernel; it is not instantiated for other types.
template <typename T, typename KernelOf>
void AddGradKernel(OpDefBuilder& op, KernelOf kernel) {
  if constexpr (std::is_floating_point_v<T> || kIsComplex<T>) op.template CpuKernel<T>(kernel());
}

template <typename S, typename G, typename... Ts>
void UnaryGrad(OpDefBuilder& op);

// `.Apply(NamedUnary<S, F, G, dtypes...>)`: the op X -> Out (slot names S)
// and its gradient `<type>_grad` (G::Reads, Out@GRAD) -> X@GRAD, with kernels
// for each dtype (G = NoGrad: none).
template <typename S, typename F, typename G, typename... Ts>
void NamedUnary(OpDefBuilder& op) {
  op.Input(unary::kX, S::kX, "The input tensor, any shape.", "输入张量，形状任意。")
      .Output(unary::kOut, S::kOut, "The result, same shape and LoD as X.",
              "结果，形状与 LoD 同 X。");
  if constexpr (HasAttrs<F>::value) F::Attrs(op);
  op.InferShape(unary::InferShape).Inplace(S::kX, S::kOut);
  (op.template CpuKernel<Ts>(unary::Kernel<F, Ts>), ...);
  if constexpr (!std::is_same_v<G, NoGrad>) UnaryGrad<S, G, Ts...>(op);
}

// `.Apply(Unary<F, G, dtypes...>)`: NamedUnary with the slots X and Out.
template <typename F, typename G, typename... Ts>
void Unary(OpDefBuilder& op) {
  NamedUnary<UpperSlots, F, G, Ts...>(op);
}

// The gradient part of NamedUnary.
template <typename S, typename G, typename... Ts>
void UnaryGrad(OpDefBuilder& op) {
  constexpr bool reads_x = std::is_same_v<typename G::Reads, ReadsX>;
  op.Grad()
      .Reads(unary::kGradA, reads_x ? S::kX : S::kOut)
      .OutputGrad(unary::kGradOutGrad, S::kOut)
      .InputGrad(unary::kGradXGrad, S::kX)
      .InferShape(unary::GradInferShape)
      .Inplace(S::kOutGrad, S::kXGrad);
  (AddGradKernel<Ts>(op, [] { return &unary::GradKernel<G, Ts>; }), ...);
}

// `.Apply(Predicate<F, dtypes...>)`: X -> Out of bool, no gradient
// (isnan_v2, logical_not).
template <typename F, typename... Ts>
void Predicate(OpDefBuilder& op) {
  op.Input(unary::kX, "X", "The input tensor, any shape.", "输入张量，形状任意。")
      .Output(unary::kOut, "Out", "The bool result, same shape and LoD as X.",
              "bool 类型的结果，形状与 LoD 同 X。")
      .InferShape(unary::PredicateInferShape);
  (op.template CpuKernel<Ts>(unary::Kernel<F, Ts>), ...);
}

}  // namespace ops
}  // namespace paddle
