// fused_matmul_grad_sgd: a linear layer's matmul_v2_grad and the sgd update of
// its weight in one op. With Out = X op(Y) (X [..., K] folded into rows, Y 2-D):
//   X@GRAD   = Out@GRAD op(Y)ᵀ                  (when bound, before Y changes)
//   ParamOut = Y - LearningRate · d op(Y) / dY   (one GEMM with beta 1)
// so the weight gradient is never written out and read back: the update rides
// on the product that makes it. Made by core/ir's matmul_grad_sgd_fuse_pass
// for training programs; an optimizer op (no gradient).
#include "core/ops/blas.h"
#include "core/ops/optimizer.h"

namespace paddle {
namespace ops {
namespace {

enum FusedIn { kX, kY, kOutGrad, kLr };
enum FusedOut { kXGrad, kParamOut };
enum FusedAttr { kTransX, kTransY };

// The product's sizes: X as [rows, k], Y as op(Y) [k, n].
struct Folded {
  int64_t rows, k, n;
};

template <typename Ctx>
Folded FoldedShape(const Ctx& ctx, const DDim& x, const DDim& y) {
  const std::string& op = ctx.op_type();
  PD_CHECK(!ctx.template Attr<bool>(kTransX), InvalidArgument, "[", op,
           "] trans_x must be false (X's rows are folded into one product)");
  PD_CHECK(y.rank() == 2 && x.rank() >= 2, InvalidArgument, "[", op,
           "] Y must be 2-D and X at least 2-D, got X ", x.ToString(), " and Y ", y.ToString());
  const bool ty = ctx.template Attr<bool>(kTransY);
  const int64_t k = ty ? y[1] : y[0], n = ty ? y[0] : y[1];
  const int64_t xk = x[x.rank() - 1];
  PD_CHECK(xk < 0 || k < 0 || xk == k, InvalidArgument, "[", op, "] X ",
           x.ToString(), " and Y ", y.ToString(), " (trans_y=", ty ? "true" : "false",
           ") cannot be multiplied: the contracted dims differ");
  const int64_t numel = x.numel();
  return {numel < 0 || xk < 0 ? -1 : (xk == 0 ? 0 : numel / xk), xk, n};
}

void FusedInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX), y = ctx.InputDim(kY);
  const Folded f = FoldedShape(ctx, x, y);
  std::vector<int64_t> out = x.ToVector();
  out.back() = f.n;
  CheckInputShape(ctx, kOutGrad, DDim(out), "X's shape with its last dim Y's output size");
  CheckOneElement(ctx, {kLr});
  if (ctx.HasOutput(kXGrad)) GradShapeLike(ctx, kX, kXGrad);
  OutputsLike(ctx, {{kY, kParamOut}});
}

template <typename T>
void FusedKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const Folded f = FoldedShape(ctx, x.dims(), y.dims());
  const bool ty = ctx.Attr<bool>(kTransY);
  const T* xp = x.data<T>();
  const T* gp = ctx.Input(kOutGrad).data<T>();
  if (ctx.HasOutput(kXGrad))
    Gemm(false, !ty, f.rows, f.k, f.n, T(1), gp, y.data<T>(), T(0), OutData<T>(ctx, kXGrad));
  const T lr = static_cast<T>(ScalarValue(ctx, kLr));
  CopyInput(ctx, kY, kParamOut);  // nothing to copy when updated in place
  T* w = OutData<T>(ctx, kParamOut);
  if (f.rows == 0) return;
  if (!ty) Gemm(true, false, f.k, f.n, f.rows, -lr, xp, gp, T(1), w);
  else Gemm(true, false, f.n, f.k, f.rows, -lr, gp, xp, T(1), w);
}

PD_REGISTER_OP(fused_matmul_grad_sgd)
    .Doc("A linear layer's matmul_v2_grad fused with the sgd update of its weight Y: "
         "X@GRAD = Out@GRAD op(Y)^T (when bound), then ParamOut = Y - LearningRate * dY with "
         "dY = X^T Out@GRAD (or Out@GRAD^T X when trans_y) computed into the update, so the "
         "weight gradient is never stored. X's leading dims fold into the product's rows. "
         "Made by the training pass matmul_grad_sgd_fuse_pass; it has no gradient.",
         "线性层的 matmul_v2_grad 与其权重 Y 的 sgd 更新融合为一个算子：先计算 "
         "X@GRAD = Out@GRAD op(Y)^T（绑定时），再计算 ParamOut = Y - LearningRate * dY，"
         "其中 dY = X^T Out@GRAD（trans_y 时为 Out@GRAD^T X）直接在更新中算出，"
         "权重梯度不再单独存储。X 的前导维度并入乘积的行。由训练优化 pass "
         "matmul_grad_sgd_fuse_pass 生成；没有梯度。")
    .Input(kX, "X", "The forward product's left operand, [..., K].",
           "前向乘积的左操作数，形状 [..., K]。")
    .Input(kY, "Y", "The weight, 2-D: [K, N], or [N, K] with trans_y.",
           "权重，二维：[K, N]，trans_y 时为 [N, K]。")
    .Input(kOutGrad, "Out@GRAD", "The gradient of the product, [..., N].",
           "乘积的梯度，形状 [..., N]。")
    .Input(kLr, "LearningRate", kLrEn, kLrZh)
    .Output(kXGrad, "X@GRAD", "X's gradient; written when bound.", "X 的梯度；绑定时才写出。")
    .Dispensable()
    .Output(kParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Attr<bool>(kTransX, "trans_x", false, "Must be false (X is not transposed).",
                "必须为 false（X 不转置）。")
    .Attr<bool>(kTransY, "trans_y", false, "Whether the forward product transposed Y.",
                "前向乘积是否转置了 Y。")
    .InferShape(FusedInferShape)
    .Inplace("Y", "ParamOut")
    .CpuKernel<float>(FusedKernel<float>)
    .CpuKernel<double>(FusedKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
