// identity_loss: the loss X reduced by `reduction` (0 sum, 1 mean, 2 none), as
// PaddlePaddle 3.3.1's op (which marks where IPU backpropagation starts).
#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum LossIn { kX };
enum LossOut { kOut };
enum LossAttr { kReduction };
enum LossGradIn { kGradX, kGradOutGrad };
enum LossGradOut { kGradXGrad };
enum Reduction { kSum = 0, kMean = 1, kNone = 2 };

void LossInferShape(InferShapeContext& ctx) {
  const int reduction = ctx.Attr<int32_t>(kReduction);
  PD_CHECK(reduction >= kSum && reduction <= kNone, InvalidArgument, "[", ctx.op_type(),
           "] reduction should be 0 (sum), 1 (mean) or 2 (none), got ", reduction);
  if (reduction == kNone) {
    SameShape(ctx, kX, kOut);
  } else {
    ctx.SetOutputDim(kOut, DDim{});
  }
}

template <typename T>
void LossKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const T* xp = x.data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  const int64_t n = x.numel();
  if (ctx.Attr<int32_t>(kReduction) == kNone) {
    std::copy(xp, xp + n, out);
    return;
  }
  double sum = 0;  // accumulated in double: a loss sums many terms
  for (int64_t i = 0; i < n; ++i) sum += static_cast<double>(xp[i]);
  out[0] = static_cast<T>(ctx.Attr<int32_t>(kReduction) == kMean && n > 0 ? sum / n : sum);
}

void LossGradInferShape(InferShapeContext& ctx) {
  GradShapeLike(ctx, kGradX, kGradXGrad);
}

template <typename T>
void LossGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const int64_t n = x.numel();
  const int reduction = ctx.Attr<int32_t>(kReduction);
  if (reduction == kNone) {
    std::copy(g, g + n, dx);
    return;
  }
  const T each = reduction == kMean && n > 0 ? g[0] / static_cast<T>(n) : g[0];
  std::fill(dx, dx + n, each);
}

}  // namespace

PD_REGISTER_OP(identity_loss)
    .Doc("The loss X reduced: its sum (reduction 0), its mean (1) or X itself (2).",
         "归约后的损失 X：其和（reduction 为 0）、其均值（1）或 X 本身（2）。")
    .Input(kX, "X", "The loss.", "损失。")
    .Output(kOut, "Out", "The reduced loss: 0-D for sum and mean, else X's shape.",
            "归约后的损失：sum 和 mean 时为 0 维，否则形状与 X 相同。")
    .Attr<int32_t>(kReduction, "reduction", 1, "0 sum, 1 mean, 2 none.",
                   "0 为求和，1 为求均值，2 为不归约。")
    .InferShape(LossInferShape)
    .CpuKernel<float>(LossKernel<float>)
    .CpuKernel<double>(LossKernel<double>)
    .Grad()
    .Reads(kGradX, "X")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(LossGradInferShape)
    .CpuKernel<float>(LossGradKernel<float>)
    .CpuKernel<double>(LossGradKernel<double>);

}  // namespace ops
}  // namespace paddle
