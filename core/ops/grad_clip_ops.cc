// The ops PaddlePaddle's gradient clipping writes into programs:
// ClipGradByNorm is clip_by_norm per gradient; ClipGradByGlobalNorm adds the
// squared_l2_norm of every gradient with sum, then scales by the global norm.
// sum is also how backward adds the gradients of a variable used twice (its
// own gradient is one scale op per input, as PaddlePaddle makes it).
#include <cmath>
#include <string>
#include <vector>

#include "core/ops/complex_util.h"
#include "core/ops/optimizer.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// Accumulated in double: a float32 gradient may have millions of elements.
template <typename T>
double SumOfSquares(const T* x, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += static_cast<double>(x[i]) * x[i];
  return s;
}

// ---- clip_by_norm ----

enum ClipByNormAttr { kMaxNorm };

// Out = X * max_norm / |X| when the L2 norm |X| exceeds max_norm, else X.
template <typename T>
void ClipByNormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const T* xp = x.data<T>();
  const double norm = std::sqrt(SumOfSquares(xp, x.numel()));
  const double max_norm = ctx.Attr<float>(kMaxNorm);
  const T scale = static_cast<T>(norm > max_norm ? max_norm / norm : 1.0);
  T* out = OutData<T>(ctx, 0);
  ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) out[i] = xp[i] * scale;
  });
}

void SameShapeAsX(InferShapeContext& ctx) { SameShape(ctx, 0, 0); }

PD_REGISTER_OP(clip_by_norm)
    .Doc("Scales X down to L2 norm max_norm when its norm is larger: Out = X * max_norm / "
         "max(|X|, max_norm).",
         "当 X 的 L2 范数大于 max_norm 时将其缩放到 max_norm：Out = X * max_norm / "
         "max(|X|, max_norm)。")
    .Input(0, "X", "The tensor to clip (a gradient).", "要裁剪的张量（梯度）。")
    .Output(0, "Out", "X scaled to norm at most max_norm, same shape.",
            "缩放到范数不超过 max_norm 的 X，形状相同。")
    .RequiredAttr<float>(kMaxNorm, "max_norm", "The largest L2 norm Out may have, >= 0.",
                         "Out 允许的最大 L2 范数，>= 0。")
    .AtLeast(0)
    .InferShape(SameShapeAsX)
    .Inplace("X", "Out")
    .CpuKernel<float>(ClipByNormKernel<float>)
    .CpuKernel<double>(ClipByNormKernel<double>);

// ---- squared_l2_norm ----

enum SqNormGradIn { kSqGX, kSqGOutGrad };
enum SqNormGradOut { kSqGXGrad };

void SquaredL2NormInferShape(InferShapeContext& ctx) { ctx.SetOutputDim(0, DDim{1}); }

template <typename T>
void SquaredL2NormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  *OutData<T>(ctx, 0) = static_cast<T>(SumOfSquares(x.data<T>(), x.numel()));
}

void SquaredL2NormGradInferShape(InferShapeContext& ctx) {
  CheckOneElement(ctx, {kSqGOutGrad});
  GradShapeLike(ctx, kSqGX, kSqGXGrad);
}

// X@GRAD = 2 * X * Out@GRAD.
template <typename T>
void SquaredL2NormGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSqGX);
  const T* xp = x.data<T>();
  const T k = T(2) * ctx.Input(kSqGOutGrad).data<T>()[0];
  T* dx = OutData<T>(ctx, kSqGXGrad);
  ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) dx[i] = k * xp[i];
  });
}

PD_REGISTER_OP(squared_l2_norm)
    .Doc("The sum of the squares of X's elements, a [1] tensor.",
         "X 各元素的平方和，形状为 [1] 的张量。")
    .Input(0, "X", "The input (a gradient).", "输入（梯度）。")
    .Output(0, "Out", "sum(X * X), [1].", "平方和 sum(X * X)，[1]。")
    .InferShape(SquaredL2NormInferShape)
    .CpuKernel<float>(SquaredL2NormKernel<float>)
    .CpuKernel<double>(SquaredL2NormKernel<double>)
    .Grad()
    .Reads(kSqGX, "X")
    .OutputGrad(kSqGOutGrad, "Out")
    .InputGrad(kSqGXGrad, "X")
    .InferShape(SquaredL2NormGradInferShape)
    .CpuKernel<float>(SquaredL2NormGradKernel<float>)
    .CpuKernel<double>(SquaredL2NormGradKernel<double>);

// ---- sum ----

void SumInferShape(InferShapeContext& ctx) {
  const size_t n = ctx.InputCount(0);
  PD_CHECK(n > 0, InvalidArgument, "[", ctx.op_type(), "] X is an empty list");
  DDim out = ctx.InputDim(0, 0);
  for (size_t k = 1; k < n; ++k) {
    const DDim d = ctx.InputDim(0, k);
    bool same = d.rank() == out.rank();
    for (int i = 0; same && i < d.rank(); ++i) {
      same = d[i] == out[i] || (!ctx.IsRuntime() && (d[i] < 0 || out[i] < 0));
      if (out[i] < 0) out[i] = d[i];  // a size known from another input
    }
    PD_CHECK(same, InvalidArgument, "[", ctx.op_type(), "] X #", k, " ", d.ToString(),
             " and X #0 ", ctx.InputDim(0, 0).ToString(), " must have the same shape");
  }
  ctx.SetOutputDim(0, out);
  ctx.ShareLoD(0, 0);
}

// Out may be any input's buffer: element i of every input is read before Out's.
template <typename T>
void SumKernel(KernelContext& ctx) {
  const size_t n = ctx.InputCount(0);
  std::vector<const T*> xs;
  for (size_t k = 0; k < n; ++k) xs.push_back(ctx.Input(0, k).data<T>());
  T* out = OutData<T>(ctx, 0);
  ParallelFor(ctx.Input(0).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      T s = xs[0][i];
      for (size_t k = 1; k < n; ++k) s += xs[k][i];
      out[i] = s;
    }
  });
}

// As PaddlePaddle: each input's gradient is Out@GRAD, copied by a scale op of 1.
std::vector<GradOpDesc> SumGradMaker(const OpDesc& fwd) {
  std::vector<GradOpDesc> grads;
  for (const std::string& x : fwd.Input("X")) {
    GradOpDesc g;
    g.type = "scale";
    g.inputs["X"] = {GradVarName(fwd.Output("Out").at(0))};
    g.outputs["Out"] = {GradVarName(x)};
    g.attrs = {{"scale", 1.0f}, {"bias", 0.0f}, {"bias_after_scale", true}};
    grads.push_back(std::move(g));
  }
  return grads;
}

PD_REGISTER_OP(sum)
    .Doc("Adds a list of tensors of one shape elementwise.", "将形状相同的一组张量逐元素相加。")
    .Input(0, "X", "The tensors to add, all of one shape.", "要相加的张量，形状相同。")
    .Duplicable()
    .Output(0, "Out", "Their elementwise sum, same shape.", "它们的逐元素和，形状相同。")
    .InferShape(SumInferShape)
    .Inplace("X", "Out")
    .CpuKernel<float>(SumKernel<float>)
    .CpuKernel<double>(SumKernel<double>)
    .CpuKernel<int32_t>(SumKernel<int32_t>)
    .CpuKernel<int64_t>(SumKernel<int64_t>)
    .CpuKernel<complex64>(SumKernel<complex64>)  // gradients of complex tensors add up too
    .CpuKernel<complex128>(SumKernel<complex128>)
    .GradMaker(SumGradMaker);

}  // namespace
}  // namespace ops
}  // namespace paddle
