// The reduce family: PaddlePaddle's reduction rule (which dims a reduce_* op
// reduces and the output shape), a loop over an input that visits it in
// memory order while tracking the output element each input element reduces
// into, and the kernels and registration every reduce_* op shares. An op is
// a reducer and a gradient functor:
//
//   struct Sum {
//     template <typename T> static T Init() { return T(0); }
//     template <typename T> static T Combine(T acc, T v) { return acc + v; }
//     template <typename T> static T Finish(T acc, int64_t count) { return acc; }
//   };
//   struct SumGrad {
//     static constexpr bool kReadsOut = false;
//     template <typename T> static T dx(T x, T out, T dout, int64_t count) { return dout; }
//   };
//   PD_REGISTER_OP(reduce_sum).Doc(en, zh).Apply(Reduce<Sum, SumGrad, float, double>);
//
// A reducer's accumulator may have another type than X's elements: the
// logical reductions (LogicalReduce) fold any X into bool.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/framework/ddim.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/ops/unary.h"

namespace paddle {
namespace ops {

// Which dims of `x` are reduced, PaddlePaddle 3.x's rule: `dims` may be
// negative (counted from the end) and repeat; everything is reduced when
// reduce_all is set, `dims` is empty, X is 0-D, `dims` has as many entries as
// X has dims, or `dims` names every dim. Throws InvalidArgument naming `op`
// when a dim is outside [-rank, rank) ([-1, 0] for a 0-D X).
std::vector<bool> ReducedDims(const std::string& op, const DDim& x,
                              const std::vector<int64_t>& dims, bool reduce_all);

// The output shape: reduced dims become 1 (keep_dim) or disappear (a full
// reduction without keep_dim is 0-D). Unknown (-1) dims stay unknown.
DDim ReduceOutDims(const DDim& x, const std::vector<bool>& reduced, bool keep_dim);

// X's dims with adjacent dims of the same kind (kept/reduced) merged and
// size-1 dims dropped; out_stride is 0 along reduced dims. count is how many
// input elements fold into each output element.
struct ReduceLoop {
  int rank = 0;  // >= 1
  int64_t dims[DDim::kMaxRank];
  int64_t out_stride[DDim::kMaxRank];
  int64_t numel = 0;  // X's
  int64_t count = 1;
};

ReduceLoop MakeReduceLoop(const DDim& x, const std::vector<bool>& reduced);

// Calls fn(in_offset, out_offset, n, out_step) once per run of the innermost
// merged dim, in X's memory order: input elements [in_offset, in_offset + n)
// map to output out_offset + i * out_step (out_step is 1 when that dim is
// kept, 0 when it is reduced).
template <typename Fn>
void ForEachReduceRun(const ReduceLoop& loop, Fn&& fn) {
  if (loop.numel == 0) return;
  const int last = loop.rank - 1;
  const int64_t n = loop.dims[last];
  const int64_t step = loop.out_stride[last];
  int64_t idx[DDim::kMaxRank] = {0};
  int64_t oo = 0;
  for (int64_t io = 0; io < loop.numel; io += n) {
    fn(io, oo, n, step);
    for (int d = last - 1; d >= 0; --d) {  // odometer over the outer dims
      oo += loop.out_stride[d];
      if (++idx[d] < loop.dims[d]) break;
      oo -= loop.out_stride[d] * loop.dims[d];
      idx[d] = 0;
    }
  }
}

namespace reduce {

// The logical reductions also take AxisTensor and AxisTensorList.
enum In { kX, kAxisTensor, kAxisTensorList };
enum Out { kOut };
enum Attr { kDim, kKeepDim, kReduceAll, kInDtype, kOutDtype };
// Out is read only by gradients that need it (kReadsOut); Out@GRAD follows.
enum GradIn { kGradX, kGradOutOrOutGrad };
enum GradOut { kGradXGrad };

void InferShape(InferShapeContext& ctx);
void GradInferShape(InferShapeContext& ctx);
void GradInferShapeReadingOut(InferShapeContext& ctx);
// Out of bool elements (the logical reductions).
void BoolInferShape(InferShapeContext& ctx);
// The attributes, `dim` a list of I: int32_t (INTS) or int64_t (LONGS).
template <typename I>
void Attrs(OpDefBuilder& op);
// The dims the op reduces for input shape `x`, from its attributes.
std::vector<bool> Reduced(const KernelContext& ctx, const DDim& x);

// Out's elements are the reducer's accumulator type A (X's T, or bool).
template <typename R, typename T>
void Kernel(KernelContext& ctx) {
  using A = decltype(R::template Init<T>());
  const DenseTensor& x = ctx.Input(kX);
  const ReduceLoop loop = MakeReduceLoop(x.dims(), Reduced(ctx, x.dims()));
  DenseTensor* out = ctx.Output(kOut);
  A* o = out->MutableData<A>(ctx.place());
  const T* in = x.data<T>();
  const int64_t n_out = out->numel();
  std::fill(o, o + n_out, R::template Init<T>());
  ForEachReduceRun(loop, [&](int64_t io, int64_t oo, int64_t n, int64_t step) {
    const T* src = in + io;
    A* dst = o + oo;
    if (step) {
      for (int64_t i = 0; i < n; ++i) dst[i] = R::Combine(dst[i], src[i]);
    } else {
      A acc = R::template Init<T>();
      for (int64_t i = 0; i < n; ++i) acc = R::Combine(acc, src[i]);
      *dst = R::Combine(*dst, acc);
    }
  });
  for (int64_t i = 0; i < n_out; ++i) o[i] = R::Finish(o[i], loop.count);
}

// X@GRAD[i] = G::dx(X[i], Out[o], Out@GRAD[o], count), o the output element
// X[i] was reduced into.
template <typename G, typename T>
void GradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const int dout_slot = G::kReadsOut ? kGradOutOrOutGrad + 1 : kGradOutOrOutGrad;
  const T* g = ctx.Input(dout_slot).data<T>();
  const T* op = G::kReadsOut ? ctx.Input(kGradOutOrOutGrad).data<T>() : g;
  const T* xp = x.data<T>();
  const ReduceLoop loop = MakeReduceLoop(x.dims(), Reduced(ctx, x.dims()));
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  ForEachReduceRun(loop, [&](int64_t io, int64_t oo, int64_t n, int64_t step) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t o = oo + i * step;
      dx[io + i] = G::dx(xp[io + i], op[o], g[o], loop.count);
    }
  });
}

}  // namespace reduce

// `.Apply(Reduce<R, G, dtypes...>)`: the op X -> Out over `dim` (PaddlePaddle's
// attributes) and its gradient `<type>_grad` (X, [Out,] Out@GRAD) -> X@GRAD.
template <typename R, typename G, typename... Ts>
void Reduce(OpDefBuilder& op) {
  op.Input(reduce::kX, "X", "The input tensor.", "输入张量。")
      .Output(reduce::kOut, "Out",
              "The reduction: X's shape with the reduced dims removed (or 1 with keep_dim).",
              "归约结果：X 的形状去掉被归约的维度（keep_dim 时保留为 1）。")
      .Apply(reduce::Attrs<int32_t>)
      .InferShape(reduce::InferShape);
  (op.template CpuKernel<Ts>(reduce::Kernel<R, Ts>), ...);
  op.Grad().Reads(reduce::kGradX, "X");
  if constexpr (G::kReadsOut) op.Reads(reduce::kGradOutOrOutGrad, "Out");
  op.OutputGrad(G::kReadsOut ? reduce::kGradOutOrOutGrad + 1 : reduce::kGradOutOrOutGrad, "Out")
      .InputGrad(reduce::kGradXGrad, "X")
      .InferShape(G::kReadsOut ? reduce::GradInferShapeReadingOut : reduce::GradInferShape);
  (AddGradKernel<Ts>(op, [] { return &reduce::GradKernel<G, Ts>; }), ...);
}

// `.Apply(LogicalReduce<R, dtypes...>)`: X -> Out of bool (non-zero is true)
// over `dim`, with PaddlePaddle's signature for reduce_all/reduce_any: `dim`
// is LONGS, and the dispensable inputs AxisTensor and AxisTensorList are
// accepted but not read, as PaddlePaddle 3.3.1's kernels reduce over `dim`
// whatever they hold. No gradient.
template <typename R, typename... Ts>
void LogicalReduce(OpDefBuilder& op) {
  op.Input(reduce::kX, "X", "The input tensor; a non-zero element is true.",
           "输入张量；非零元素为真。")
      .Input(reduce::kAxisTensor, "AxisTensor",
             "Accepted for compatibility and not read: PaddlePaddle 3.3.1 reduces over `dim` "
             "whatever it holds.",
             "为兼容而接受，但不读取：PaddlePaddle 3.3.1 无论其内容如何都沿 dim 归约。")
      .Dispensable()
      .Input(reduce::kAxisTensorList, "AxisTensorList",
             "Accepted for compatibility and not read: PaddlePaddle 3.3.1 reduces over `dim` "
             "whatever they hold.",
             "为兼容而接受，但不读取：PaddlePaddle 3.3.1 无论其内容如何都沿 dim 归约。")
      .Duplicable()
      .Dispensable()
      .Output(reduce::kOut, "Out",
              "The bool reduction: X's shape with the reduced dims removed (or 1 with keep_dim).",
              "bool 类型的归约结果：X 的形状去掉被归约的维度（keep_dim 时保留为 1）。")
      .Apply(reduce::Attrs<int64_t>)
      .InferShape(reduce::BoolInferShape);
  (op.template CpuKernel<Ts>(reduce::Kernel<R, Ts>), ...);
}

}  // namespace ops
}  // namespace paddle
