#include "core/ops/view.h"

#include <cstring>

#include "core/base/enforce.h"

namespace paddle {
namespace ops {
namespace view {

DDim XShapeDims(const std::string& op, const DDim& x) {
  PD_CHECK(x.rank() < DDim::kMaxRank, InvalidArgument, "[", op, "] X ", x.ToString(),
           " has rank ", x.rank(), ": XShape ([0] + X.dims) needs one more than the ",
           DDim::kMaxRank, " supported");
  int64_t d[DDim::kMaxRank] = {0};
  for (int i = 0; i < x.rank(); ++i) d[i + 1] = x[i];
  return DDim(d, x.rank() + 1);
}

DDim FromXShape(const std::string& op, const DDim& xs) {
  PD_CHECK(xs.rank() >= 1, InvalidArgument, "[", op, "] input 'XShape' must be [0] + X.dims, got ",
           xs.ToString());
  return DDim(xs.data() + 1, xs.rank() - 1);
}

void Kernel(KernelContext& ctx, int x_slot, int out_slot, int xshape_slot) {
  const DenseTensor& x = ctx.Input(x_slot);
  DenseTensor* out = ctx.Output(out_slot);
  void* dst = out->MutableData(ctx.place(), x.dtype());
  if (dst != x.data() && x.nbytes()) std::memcpy(dst, x.data(), x.nbytes());
  if (ctx.HasOutput(xshape_slot)) {
    DenseTensor* xshape = ctx.Output(xshape_slot);
    xshape->Resize(XShapeDims(ctx.op_type(), x.dims()));  // numel 0: a zero-size buffer marks it written
    xshape->MutableData(ctx.place(), x.dtype());
  }
}

namespace {

void GradInferShape(InferShapeContext& ctx) {
  const DDim xs = ctx.InputDim(kGradXShape);
  const DDim x = FromXShape(ctx.op_type(), xs);
  const DDim dout = ctx.InputDim(kGradOutGrad);
  const int64_t n = x.numel(), dn = dout.numel();
  PD_CHECK(n < 0 || dn < 0 || n == dn, InvalidArgument, "[", ctx.op_type(), "] Out@GRAD ",
           dout.ToString(), " does not have the ", n, " elements of X's shape ", x.ToString(),
           " (from XShape ", xs.ToString(), ")");
  if (ctx.HasOutput(kGradXGrad)) ctx.SetOutputDim(kGradXGrad, x);
}

void GradKernel(KernelContext& ctx) {
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  void* dst = ctx.Output(kGradXGrad)->MutableData(ctx.place(), dout.dtype());
  if (dst != dout.data() && dout.nbytes()) std::memcpy(dst, dout.data(), dout.nbytes());
}

}  // namespace

void Grad(OpDefBuilder& op) {
  op.Grad()
      .Doc("Gradient of a view op: X@GRAD is Out@GRAD given X's shape, read from XShape.",
           "视图类算子的梯度：X@GRAD 即 Out@GRAD 恢复为 X 的形状（由 XShape 得到）。")
      .Reads(kGradXShape, "XShape")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InferShape(GradInferShape)
      .Inplace("Out@GRAD", "X@GRAD")
      .CpuKernelForAllTypes(GradKernel);
}

}  // namespace view
}  // namespace ops
}  // namespace paddle
