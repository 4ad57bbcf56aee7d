// matmul_v2: numpy's matmul with optional transposes of the last two dims.
// 1-D operands are vectors (X as a row, Y as a column; their transposes are
// ignored, and their unit dim is dropped from Out); leading (batch) dims
// broadcast numpy-style. Each batch is one GEMM; when Y has no batch and X is
// not transposed, X's batches are folded into the GEMM's rows (the linear
// layer's case) so the whole product is one call.
#include <algorithm>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/broadcast.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum MatmulIn { kX, kY };
enum MatmulOut { kOut };
// matmul_v2_grad reads the forward inputs and the output gradient.
enum MatmulGradIn { kGradX, kGradY, kGradOutGrad };
enum MatmulGradOut { kGradXGrad, kGradYGrad };
enum MatmulAttr { kTransX, kTransY };  // both ops

// The product's geometry: per batch op(X) is [m, k] and op(Y) is [k, n].
struct MatmulGeometry {
  int64_t m = 1, k = 1, n = 1;
  bool tx = false, ty = false;  // transposes actually applied (false for 1-D)
  DDim x_batch, y_batch, out_batch;
  DDim out;
};

std::string Describe(const DDim& x, bool tx, const DDim& y, bool ty) {
  return StrCat("X ", x.ToString(), " (trans_x=", tx ? "true" : "false", ") and Y ",
                y.ToString(), " (trans_y=", ty ? "true" : "false", ")");
}

// Checks ranks, the contraction size and the batch dims where known (-1 is
// unknown at build time) and returns the geometry and Out's shape.
MatmulGeometry MatmulShape(const std::string& op, const DDim& x, const DDim& y, bool trans_x,
                           bool trans_y) {
  PD_CHECK(x.rank() >= 1 && y.rank() >= 1, InvalidArgument, "[", op,
           "] X and Y must have rank >= 1, got ", Describe(x, trans_x, y, trans_y));
  MatmulGeometry g;
  const int xr = x.rank(), yr = y.rank();
  int64_t xk, yk;
  if (xr == 1) {
    g.m = 1;
    xk = x[0];
  } else {
    g.tx = trans_x;
    g.m = trans_x ? x[xr - 1] : x[xr - 2];
    xk = trans_x ? x[xr - 2] : x[xr - 1];
  }
  if (yr == 1) {
    g.n = 1;
    yk = y[0];
  } else {
    g.ty = trans_y;
    yk = trans_y ? y[yr - 1] : y[yr - 2];
    g.n = trans_y ? y[yr - 2] : y[yr - 1];
  }
  PD_CHECK(xk < 0 || yk < 0 || xk == yk, InvalidArgument, "[", op, "] ",
           Describe(x, trans_x, y, trans_y),
           " cannot be multiplied: the contracted dims differ (", xk, " vs ", yk, ")");
  g.k = xk < 0 ? yk : xk;
  g.x_batch = DDim(x.data(), std::max(xr - 2, 0));
  g.y_batch = DDim(y.data(), std::max(yr - 2, 0));
  // Batch dims broadcast from the right: equal, or one of them 1.
  const int br = std::max(g.x_batch.rank(), g.y_batch.rank());
  int64_t ob[DDim::kMaxRank];
  for (int i = 0; i < br; ++i) {
    const int xi = i - (br - g.x_batch.rank()), yi = i - (br - g.y_batch.rank());
    const int64_t a = xi >= 0 ? g.x_batch[xi] : 1, b = yi >= 0 ? g.y_batch[yi] : 1;
    if (a == b || b == 1) {
      ob[i] = a;
    } else if (a == 1) {
      ob[i] = b;
    } else if (a < 0 || b < 0) {
      ob[i] = a < 0 ? b : a;  // the unknown one must be 1 or equal: checked at run time
    } else {
      PD_THROW(InvalidArgument, "[", op, "] ", Describe(x, trans_x, y, trans_y),
               ": batch dims ", g.x_batch.ToString(), " and ", g.y_batch.ToString(),
               " cannot broadcast (", a, " vs ", b, " at batch dim ", i,
               " from the left; sizes must match or one must be 1)");
    }
  }
  g.out_batch = DDim(ob, br);
  int64_t od[DDim::kMaxRank];
  int r = 0;
  for (int i = 0; i < br; ++i) od[r++] = ob[i];
  if (xr > 1) od[r++] = g.m;
  if (yr > 1) od[r++] = g.n;
  g.out = DDim(od, r);
  return g;
}

MatmulGeometry ShapeFromAttrs(InferShapeContext& ctx, int x, int y) {
  return MatmulShape(ctx.op_type(), ctx.InputDim(x), ctx.InputDim(y), ctx.Attr<bool>(kTransX),
                     ctx.Attr<bool>(kTransY));
}

void MatmulInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, ShapeFromAttrs(ctx, kX, kY).out);
}

// Y has one matrix (or a batch of size-1 dims) and X is not transposed: X's
// batches stack into the rows of one GEMM.
bool FoldsIntoRows(const MatmulGeometry& g) { return !g.tx && g.y_batch.numel() == 1; }

template <typename T>
void MatmulKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const MatmulGeometry g = MatmulShape(ctx.op_type(), x.dims(), y.dims(),
                                       ctx.Attr<bool>(kTransX), ctx.Attr<bool>(kTransY));
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  if (out->numel() == 0) return;
  if (FoldsIntoRows(g)) {
    Gemm(false, g.ty, g.out_batch.numel() * g.m, g.n, g.k, T(1), xp, yp, T(0), o);
    return;
  }
  const int64_t xsz = g.m * g.k, ysz = g.k * g.n, osz = g.m * g.n;
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), g.x_batch, g.y_batch, -1);
  ForEachInnerRun(loop, [&](int64_t ob, int64_t xb, int64_t yb, int64_t n, int64_t xs,
                            int64_t ys) {
    for (int64_t j = 0; j < n; ++j)
      Gemm(g.tx, g.ty, g.m, g.n, g.k, T(1), xp + (xb + j * xs) * xsz, yp + (yb + j * ys) * ysz,
           T(0), o + (ob + j) * osz);
  });
}

void MatmulGradInferShape(InferShapeContext& ctx) {
  // The same checks as the forward, and Out@GRAD must have its output's shape.
  CheckInputShape(ctx, kGradOutGrad, ShapeFromAttrs(ctx, kGradX, kGradY).out,
                  "matmul_v2's output shape for X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// Per batch, with Out = op(X) op(Y):
//   d op(X) = dOut op(Y)^T, so dX = dOut op(Y)^T, or op(Y) dOut^T when X is transposed;
//   d op(Y) = op(X)^T dOut, so dY = op(X)^T dOut, or dOut^T op(X) when Y is transposed.
// A broadcast operand sums the contributions of every batch it was used in.
template <typename T>
void MatmulGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& y = ctx.Input(kGradY);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const MatmulGeometry g = MatmulShape(ctx.op_type(), x.dims(), y.dims(),
                                       ctx.Attr<bool>(kTransX), ctx.Attr<bool>(kTransY));
  T* dx = ctx.HasOutput(kGradXGrad) ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  T* dy = ctx.HasOutput(kGradYGrad) ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  const T* gp = dout.data<T>();
  const int64_t m = g.m, k = g.k, n = g.n;
  if (dx) std::fill(dx, dx + x.numel(), T(0));
  if (dy) std::fill(dy, dy + y.numel(), T(0));
  if (dout.numel() == 0) return;
  if (FoldsIntoRows(g)) {
    const int64_t rows = g.out_batch.numel() * m;  // X and dOut as [rows, k] and [rows, n]
    if (dx) Gemm(false, !g.ty, rows, k, n, T(1), gp, yp, T(0), dx);
    if (dy && !g.ty) Gemm(true, false, k, n, rows, T(1), xp, gp, T(0), dy);
    if (dy && g.ty) Gemm(true, false, n, k, rows, T(1), gp, xp, T(0), dy);
    return;
  }
  const int64_t xsz = m * k, ysz = k * n, osz = m * n;
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), g.x_batch, g.y_batch, -1);
  ForEachInnerRun(loop, [&](int64_t ob, int64_t xb, int64_t yb, int64_t cnt, int64_t xs,
                            int64_t ys) {
    for (int64_t j = 0; j < cnt; ++j) {
      const T* xm = xp + (xb + j * xs) * xsz;
      const T* ym = yp + (yb + j * ys) * ysz;
      const T* gm = gp + (ob + j) * osz;
      if (dx) {
        T* d = dx + (xb + j * xs) * xsz;
        if (!g.tx) Gemm(false, !g.ty, m, k, n, T(1), gm, ym, T(1), d);
        else Gemm(g.ty, true, k, m, n, T(1), ym, gm, T(1), d);
      }
      if (dy) {
        T* d = dy + (yb + j * ys) * ysz;
        if (!g.ty) Gemm(!g.tx, false, k, n, m, T(1), xm, gm, T(1), d);
        else Gemm(true, g.tx, n, k, m, T(1), gm, xm, T(1), d);
      }
    }
  });
}

constexpr const char* kTransXEn =
    "Transpose the last two dims of X before multiplying (ignored when X is 1-D).";
constexpr const char* kTransXZh = "相乘前转置 X 的最后两维（X 为一维时忽略）。";
constexpr const char* kTransYEn =
    "Transpose the last two dims of Y before multiplying (ignored when Y is 1-D).";
constexpr const char* kTransYZh = "相乘前转置 Y 的最后两维（Y 为一维时忽略）。";

PD_REGISTER_OP(matmul_v2)
    .Doc("Matrix product with numpy's matmul rules: the last two dims of X and Y (after the "
         "optional transposes) are multiplied, [M, K] x [K, N] = [M, N], and the leading batch "
         "dims broadcast (equal, or one of them 1). A 1-D X is a row vector and a 1-D Y a column "
         "vector, and that unit dim is dropped from Out (two 1-D operands give a 0-D dot "
         "product).",
         "按 numpy 的 matmul 规则计算矩阵乘积：X 与 Y 的最后两维（按需转置后）相乘，"
         "[M, K] x [K, N] = [M, N]，前面的批维度按广播规则对齐（大小相等或其中之一为 1）。"
         "一维的 X 视为行向量、一维的 Y 视为列向量，该单位维度不出现在 Out 中"
         "（两个一维操作数得到零维的点积）。")
    .Input(kX, "X", "The left operand, rank >= 1, e.g. features [N, K] or a batch [B, M, K].",
           "左操作数，维数至少为 1，例如特征 [N, K] 或一批矩阵 [B, M, K]。")
    .Input(kY, "Y", "The right operand, rank >= 1, e.g. a weight matrix [K, N].",
           "右操作数，维数至少为 1，例如权重矩阵 [K, N]。")
    .Output(kOut, "Out", "The product: broadcast batch dims + [M] (unless X is 1-D) + [N] (unless Y "
            "is 1-D).",
            "乘积：广播后的批维度 + [M]（X 为一维时没有）+ [N]（Y 为一维时没有）。")
    .Attr<bool>(kTransX, "trans_x", false, kTransXEn, kTransXZh)
    .Attr<bool>(kTransY, "trans_y", false, kTransYEn, kTransYZh)
    .InferShape(MatmulInferShape)
    .CpuKernel<float>(MatmulKernel<float>)
    .CpuKernel<double>(MatmulKernel<double>)
    .Grad("matmul_v2_grad")
    .Doc("Gradients of matmul_v2: per batch, X@GRAD = Out@GRAD * op(Y)^T and Y@GRAD = op(X)^T "
         "* Out@GRAD (transposed back where the forward transposed), summed over the batch "
         "dims each operand was broadcast along, in the operand's own shape.",
         "matmul_v2 的梯度：逐批计算 X@GRAD = Out@GRAD * op(Y)^T 与 Y@GRAD = op(X)^T * "
         "Out@GRAD（前向做过转置的再转置回来），并沿各操作数被广播的批维度求和，"
         "形状与该操作数相同。")
    .Reads(kGradX, "X")
    .Reads(kGradY, "Y")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InputGrad(kGradYGrad, "Y")
    .InferShape(MatmulGradInferShape)
    .CpuKernel<float>(MatmulGradKernel<float>)
    .CpuKernel<double>(MatmulGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
