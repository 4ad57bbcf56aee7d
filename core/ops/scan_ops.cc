// Running products and log-sum-exps along one axis: cumprod and logcumsumexp,
// with gradients. X is seen as [outer, n, inner]; each (outer, inner) pair is
// one line of n elements, strided by inner, walked from the end when `reverse`.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Element s of line (a, c) in scan order.
struct Line {
  const AxisSplit& l;
  int64_t a, c;
  bool reverse;
  int64_t operator[](int64_t s) const {
    return (a * l.n + (reverse ? l.n - 1 - s : s)) * l.inner + c;
  }
};

template <typename Fn>
void ForEachLine(const AxisSplit& l, bool reverse, Fn&& fn) {
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c) fn(Line{l, a, c, reverse});
}

// A 0-D X has one line of one element, so axes 0 and -1 name it.
AxisSplit LinesAlong(const std::string& op, const DDim& x, int64_t axis, bool flatten) {
  if (flatten) return AxisSplit{1, x.numel(), 1};
  return SplitAt(x, NormalizeAxis(op, "axis", axis, std::max(x.rank(), 1), x));
}

// out_j = combine of init and the line's elements up to j (before j when
// exclusive), in scan order.
template <typename T, typename Combine>
void RunningScan(const T* in, T* out, const AxisSplit& lines, bool exclusive, bool reverse, T init,
                 Combine combine) {
  ForEachLine(lines, reverse, [&](const Line& line) {
    T acc = init;
    for (int64_t s = 0; s < line.l.n; ++s) {
      const T v = in[line[s]];
      if (!exclusive) acc = combine(acc, v);
      out[line[s]] = acc;
      if (exclusive) acc = combine(acc, v);
    }
  });
}

// ---- cumprod ----

enum CumprodAttr { kDim, kProdExclusive, kProdReverse };
enum ScanGradIn { kGradX, kGradOut, kGradOutGrad };
enum ScanGradOut { kGradXGrad };

void CumprodInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  LinesAlong(ctx.op_type(), x, ctx.Attr<int32_t>(kDim), false);
  SameShape(ctx, 0, 0);
}

template <typename T>
void CumprodKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  RunningScan(x.data<T>(), ctx.Output(0)->MutableData<T>(ctx.place()),
              LinesAlong(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kDim), false),
              ctx.Attr<bool>(kProdExclusive), ctx.Attr<bool>(kProdReverse), T(1),
              [](T a, T b) { return a * b; });
}

// dX_i = (product of the elements before i) * S_i, with S_i the sum over the
// outputs j that hold x_i of dOut_j times the elements between i and j:
// S_i = dOut_i + x_{i+1} S_{i+1} (inclusive), dOut_{i+1} + x_{i+1} S_{i+1}
// (exclusive). No division, so zeros in X are exact.
template <typename T>
void CumprodGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const T* xp = x.data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const bool exclusive = ctx.Attr<bool>(kProdExclusive);
  ForEachLine(LinesAlong(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kDim), false),
              ctx.Attr<bool>(kProdReverse), [&](const Line& line) {
                const int64_t n = line.l.n;
                T s = T(0);
                for (int64_t i = n - 1; i >= 0; --i) {  // dx holds S_i for now
                  const T next_x = i + 1 < n ? xp[line[i + 1]] : T(0);
                  const T own = exclusive ? (i + 1 < n ? g[line[i + 1]] : T(0)) : g[line[i]];
                  s = own + next_x * s;
                  dx[line[i]] = s;
                }
                T before = T(1);
                for (int64_t i = 0; i < n; ++i) {
                  dx[line[i]] *= before;
                  before *= xp[line[i]];
                }
              });
}

// ---- logcumsumexp ----

enum LcseAttr { kAxis, kFlatten, kExclusive, kReverse };

void LcseInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  if (ctx.Attr<bool>(kFlatten)) {
    ctx.SetOutputDim(0, DDim{x.numel()});
    return;
  }
  LinesAlong(ctx.op_type(), x, ctx.Attr<int32_t>(kAxis), false);
  SameShape(ctx, 0, 0);
}

AxisSplit LcseLines(const KernelContext& ctx, const DDim& x) {
  return LinesAlong(ctx.op_type(), x, ctx.Attr<int32_t>(kAxis), ctx.Attr<bool>(kFlatten));
}

// log(e^a + e^b) without overflow; -inf + -inf stays -inf.
template <typename T>
T LogAddExp(T a, T b) {
  const T hi = std::max(a, b), lo = std::min(a, b);
  if (hi == -std::numeric_limits<T>::infinity()) return hi;
  return hi + std::log1p(std::exp(lo - hi));
}

template <typename T>
void LcseKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  RunningScan(x.data<T>(), ctx.Output(0)->MutableData<T>(ctx.place()),
              LcseLines(ctx, x.dims()),
              ctx.Attr<bool>(kExclusive), ctx.Attr<bool>(kReverse),
              -std::numeric_limits<T>::infinity(), LogAddExp<T>);
}

// dX_i = sum over the outputs j that hold x_i of dOut_j e^(x_i - Out_j). With
// R_k = sum_{j >= k} dOut_j e^(Out_k - Out_j) = dOut_k + e^(Out_k - Out_{k+1}) R_{k+1}
// (Out grows along the line, so no exponent is positive):
// dX_i = e^(x_i - Out_i) R_i inclusive, e^(x_i - Out_{i+1}) R_{i+1} exclusive.
template <typename T>
void LcseGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const T* xp = x.data<T>();
  const T* op = ctx.Input(kGradOut).data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const bool exclusive = ctx.Attr<bool>(kExclusive);
  ForEachLine(LcseLines(ctx, x.dims()),
              ctx.Attr<bool>(kReverse), [&](const Line& line) {
                const int64_t n = line.l.n;
                T r = T(0);  // R_{i+1}
                for (int64_t i = n - 1; i >= 0; --i) {
                  const T xi = xp[line[i]], oi = op[line[i]];
                  const bool last = i + 1 == n;
                  const T next = last ? T(0) : op[line[i + 1]];
                  const T r_next = r;
                  r = g[line[i]] + (last ? T(0) : std::exp(oi - next) * r_next);
                  if (!exclusive) dx[line[i]] = std::exp(xi - oi) * r;
                  else dx[line[i]] = last ? T(0) : std::exp(xi - next) * r_next;
                }
              });
}

void ScanGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradOut, kGradOutGrad);
  GradShapeLike(ctx, kGradX, kGradXGrad);
}

// The gradient op of a scan: (X, Out, Out@GRAD) -> X@GRAD.
template <KernelFn F32, KernelFn F64>
void ScanGrad(OpDefBuilder& op) {
  op.Grad()
      .Reads(kGradX, "X")
      .Reads(kGradOut, "Out")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InferShape(ScanGradInferShape)
      .CpuKernel<float>(F32)
      .CpuKernel<double>(F64);
}

PD_REGISTER_OP(cumprod)
    .Doc("Running products of X along `dim`, from the end when reverse; exclusive leaves "
         "each element out of its own product.",
         "沿 dim 计算累乘积，reverse 时从末尾开始；exclusive 时每个元素的累乘积不含其自身。")
    .Input(0, "X", "The tensor to multiply.", "要累乘的张量。")
    .Output(0, "Out", "The running products, X's shape.", "累乘积，形状同 X。")
    .RequiredAttr<int32_t>(kDim, "dim", "The dim to multiply along; negative counts from the end.",
                           "累乘所沿的维度；负数从末尾倒数。")
    .Attr<bool>(kProdExclusive, "exclusive", false, "Leave each element out of its own product.",
                "每个元素的累乘积不含其自身。")
    .Attr<bool>(kProdReverse, "reverse", false, "Multiply from the end.", "从末尾开始累乘。")
    .InferShape(CumprodInferShape)
    .CpuKernel<float>(CumprodKernel<float>)
    .CpuKernel<double>(CumprodKernel<double>)
    .CpuKernel<int32_t>(CumprodKernel<int32_t>)
    .CpuKernel<int64_t>(CumprodKernel<int64_t>)
    .Apply(ScanGrad<CumprodGradKernel<float>, CumprodGradKernel<double>>);

PD_REGISTER_OP(logcumsumexp)
    .Doc("Running log(sum(exp(X))) along `axis` (or of X flattened), computed without overflow.",
         "沿 axis（或对展平后的 X）计算 log(sum(exp(X))) 的累积值，计算时不会溢出。")
    .Input(0, "X", "The tensor to accumulate.", "要累积的张量。")
    .Output(0, "Out", "The running values, X's shape (1-D when flatten).",
            "累积值，形状同 X（flatten 时为一维）。")
    .Attr<int32_t>(kAxis, "axis", -1, "The dim to accumulate along; negative counts from the end.",
                   "累积所沿的维度；负数从末尾倒数。")
    .Attr<bool>(kFlatten, "flatten", false, "Accumulate X flattened.", "对展平后的 X 累积。")
    .Attr<bool>(kExclusive, "exclusive", false, "Leave each element out of its own value.",
                "每个元素的累积值不含其自身。")
    .Attr<bool>(kReverse, "reverse", false, "Accumulate from the end.", "从末尾开始累积。")
    .InferShape(LcseInferShape)
    .CpuKernel<float>(LcseKernel<float>)
    .CpuKernel<double>(LcseKernel<double>)
    .Apply(ScanGrad<LcseGradKernel<float>, LcseGradKernel<double>>);

}  // namespace
}  // namespace ops
}  // namespace paddle
