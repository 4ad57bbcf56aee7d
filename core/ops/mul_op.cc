// mul: the fully-connected layer's matrix product. X and Y are flattened to
// matrices at x_num_col_dims / y_num_col_dims, multiplied with one GEMM, and
// the result keeps X's leading dims and Y's trailing dims.
#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum MulIn { kX, kY };
enum MulOut { kOut };
// mul_grad reads the forward inputs and the output gradient.
enum MulGradIn { kGradX, kGradY, kGradOutGrad };
enum MulGradOut { kGradXGrad, kGradYGrad };
// Both ops declare the same attributes.
enum MulAttr { kXNumColDims, kYNumColDims };

// The product's shape; checks rank and the inner dims where they are known.
DDim MulOutDims(const std::string& op, const DDim& x, const DDim& y, int xk, int yk) {
  PD_CHECK(x.rank() > xk, InvalidArgument, "[", op, "] input 'X' must have rank > x_num_col_dims (",
           xk, "), got shape ", x.ToString());
  PD_CHECK(y.rank() > yk, InvalidArgument, "[", op, "] input 'Y' must have rank > y_num_col_dims (",
           yk, "), got shape ", y.ToString());
  const DDim x2 = x.FlattenTo2D(xk);
  const DDim y2 = y.FlattenTo2D(yk);
  // -1 marks a dim not known before run time: only known sizes can disagree.
  PD_CHECK(x2[1] < 0 || y2[0] < 0 || x2[1] == y2[0], InvalidArgument, "[", op,
           "] X flattened at x_num_col_dims=", xk, " is ", x2.ToString(),
           " and Y flattened at y_num_col_dims=", yk, " is ", y2.ToString(),
           ": their inner sizes must match (X shape ", x.ToString(), ", Y shape ", y.ToString(),
           ")");
  int64_t d[DDim::kMaxRank];
  int r = 0;
  for (int i = 0; i < xk; ++i) d[r++] = x[i];
  for (int i = yk; i < y.rank(); ++i) {
    PD_CHECK(r < DDim::kMaxRank, InvalidArgument, "[", op, "] output rank exceeds ",
             DDim::kMaxRank, " for X ", x.ToString(), " and Y ", y.ToString());
    d[r++] = y[i];
  }
  return DDim(d, r);
}

void MulInferShape(InferShapeContext& ctx) {
  const DDim out = MulOutDims(ctx.op_type(), ctx.InputDim(kX), ctx.InputDim(kY),
                              ctx.Attr<int32_t>(kXNumColDims), ctx.Attr<int32_t>(kYNumColDims));
  ctx.SetOutputDim(kOut, out);
  ctx.ShareLoD(kX, kOut);
}

template <typename T>
void MulKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const int xk = ctx.Attr<int32_t>(kXNumColDims);
  const int yk = ctx.Attr<int32_t>(kYNumColDims);
  const DDim x2 = x.dims().FlattenTo2D(xk);
  const DDim y2 = y.dims().FlattenTo2D(yk);
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  Gemm(false, false, x2[0], y2[1], x2[1], T(1), x.data<T>(), y.data<T>(), T(0), o);
}

void MulGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kGradOutGrad,
                  MulOutDims(ctx.op_type(), ctx.InputDim(kGradX), ctx.InputDim(kGradY),
                             ctx.Attr<int32_t>(kXNumColDims), ctx.Attr<int32_t>(kYNumColDims)),
                  "mul's output shape for X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// With Out = X2 * Y2 (flattened): dX2 = dOut * Y2^T and dY2 = X2^T * dOut.
template <typename T>
void MulGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& y = ctx.Input(kGradY);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const DDim x2 = x.dims().FlattenTo2D(ctx.Attr<int32_t>(kXNumColDims));
  const DDim y2 = y.dims().FlattenTo2D(ctx.Attr<int32_t>(kYNumColDims));
  const int64_t m = x2[0], k = x2[1], n = y2[1];
  if (ctx.HasOutput(kGradXGrad)) {
    T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
    Gemm(false, true, m, k, n, T(1), dout.data<T>(), y.data<T>(), T(0), dx);
  }
  if (ctx.HasOutput(kGradYGrad)) {
    T* dy = ctx.Output(kGradYGrad)->MutableData<T>(ctx.place());
    Gemm(true, false, k, n, m, T(1), x.data<T>(), dout.data<T>(), T(0), dy);
  }
}

PD_REGISTER_OP(mul)
    .Doc("Matrix product of X and Y after flattening each to 2-D: X becomes "
         "[prod(X.dims[:x_num_col_dims]), prod(X.dims[x_num_col_dims:])] and Y becomes "
         "[prod(Y.dims[:y_num_col_dims]), prod(Y.dims[y_num_col_dims:])]. Out has shape "
         "X.dims[:x_num_col_dims] + Y.dims[y_num_col_dims:] and keeps X's LoD.",
         "将 X 与 Y 各自展平为二维后做矩阵乘：X 变为 [prod(X.dims[:x_num_col_dims]), "
         "prod(X.dims[x_num_col_dims:])]，Y 变为 [prod(Y.dims[:y_num_col_dims]), "
         "prod(Y.dims[y_num_col_dims:])]。Out 的形状为 X.dims[:x_num_col_dims] + "
         "Y.dims[y_num_col_dims:]，并沿用 X 的 LoD。")
    .Input(kX, "X", "The left operand, e.g. a batch of features [N, K].",
           "左操作数，例如一批特征 [N, K]。")
    .Input(kY, "Y", "The right operand, e.g. a weight matrix [K, M].", "右操作数，例如权重矩阵 [K, M]。")
    .Output(kOut, "Out", "The product, shape X.dims[:x_num_col_dims] + Y.dims[y_num_col_dims:].",
            "乘积，形状为 X.dims[:x_num_col_dims] + Y.dims[y_num_col_dims:]。")
    .Attr<int32_t>(kXNumColDims, "x_num_col_dims", 1,
                   "How many leading dims of X form the rows of the flattened matrix; the rest "
                   "form its columns.",
                   "X 的前多少个维度合并为展平矩阵的行，其余维度合并为列。")
    .AtLeast(1)
    .Attr<int32_t>(kYNumColDims, "y_num_col_dims", 1,
                   "How many leading dims of Y form the rows of the flattened matrix; the rest "
                   "form its columns.",
                   "Y 的前多少个维度合并为展平矩阵的行，其余维度合并为列。")
    .AtLeast(1)
    .InferShape(MulInferShape)
    .CpuKernel<float>(MulKernel<float>)
    .CpuKernel<double>(MulKernel<double>)
    .Grad("mul_grad")
    .Doc("Gradients of mul: X@GRAD = Out@GRAD * Y^T and Y@GRAD = X^T * Out@GRAD, computed on "
         "the flattened matrices and reshaped to X's and Y's shapes.",
         "mul 的梯度：在展平后的矩阵上计算 X@GRAD = Out@GRAD * Y^T 与 Y@GRAD = X^T * Out@GRAD，"
         "再还原为 X 与 Y 的形状。")
    .Reads(kGradX, "X")
    .Reads(kGradY, "Y")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InputGrad(kGradYGrad, "Y")
    .InferShape(MulGradInferShape)
    .CpuKernel<float>(MulGradKernel<float>)
    .CpuKernel<double>(MulGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
