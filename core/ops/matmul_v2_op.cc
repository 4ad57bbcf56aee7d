// matmul_v2: numpy's matmul with optional transposes of the last two dims.
// 1-D operands are vectors (X as a row, Y as a column; their transposes are
// ignored, and their unit dim is dropped from Out); leading (batch) dims
// broadcast numpy-style. Each batch is one GEMM; when Y has no batch and X is
// not transposed, X's batches are folded into the GEMM's rows (the linear
// layer's case) so the whole product is one call.
// The legacy matmul is the same product scaled by alpha, with transpose_X /
// transpose_Y, and batches only when both operands have the same number of
// them (or one has none), as PaddlePaddle's legacy shape rule.
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
// The legacy matmul's further attributes (the kernels read alpha only).
enum LegacyMatmulAttr {
  kAlpha = kTransY + 1, kUseMkldnn, kUseQuantizer, kMkldnnDataType, kScaleX, kScaleY, kScaleOut,
  kForceFp32Output, kHeadNumber
};

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

// The legacy matmul multiplies batches pairwise: the operands' batch counts
// must be equal unless one has no batch dims.
void CheckLegacyBatches(const std::string& op, const MatmulGeometry& g, const DDim& x, bool tx,
                        const DDim& y, bool ty) {
  if (g.x_batch.rank() == 0 || g.y_batch.rank() == 0) return;
  const int64_t xb = g.x_batch.numel(), yb = g.y_batch.numel();
  PD_CHECK(xb < 0 || yb < 0 || xb == yb, InvalidArgument, "[", op, "] ", Describe(x, tx, y, ty),
           ": the batch counts differ (", xb, " vs ", yb,
           "); the legacy matmul needs equal batches or an operand of rank <= 2");
}

template <bool kLegacy, typename Ctx>
MatmulGeometry Geometry(const Ctx& ctx, const DDim& x, const DDim& y) {
  const bool tx = ctx.template Attr<bool>(kTransX), ty = ctx.template Attr<bool>(kTransY);
  const MatmulGeometry g = MatmulShape(ctx.op_type(), x, y, tx, ty);
  if (kLegacy) CheckLegacyBatches(ctx.op_type(), g, x, tx, y, ty);
  return g;
}

template <bool kLegacy>
MatmulGeometry ShapeFromAttrs(InferShapeContext& ctx, int x, int y) {
  if (kLegacy) {
    const int32_t heads = ctx.Attr<int32_t>(kHeadNumber);
    PD_CHECK(heads == 1, Unimplemented, "[", ctx.op_type(), "] head_number ", heads,
             " (the multi-head product) is not supported; only 1");
  }
  return Geometry<kLegacy>(ctx, ctx.InputDim(x), ctx.InputDim(y));
}

template <bool kLegacy>
void MatmulInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, ShapeFromAttrs<kLegacy>(ctx, kX, kY).out);
}

// Out = alpha * op(X) op(Y): alpha is the legacy matmul's, 1 for matmul_v2.
template <typename T, bool kLegacy>
T AlphaOf(const KernelContext& ctx) {
  return kLegacy ? static_cast<T>(ctx.Attr<float>(kAlpha)) : T(1);
}

// Y has one matrix (or a batch of size-1 dims) and X is not transposed: X's
// batches stack into the rows of one GEMM.
bool FoldsIntoRows(const MatmulGeometry& g) { return !g.tx && g.y_batch.numel() == 1; }

template <typename T, bool kLegacy>
void MatmulKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const MatmulGeometry g = Geometry<kLegacy>(ctx, x.dims(), y.dims());
  const T alpha = AlphaOf<T, kLegacy>(ctx);
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  if (out->numel() == 0) return;
  if (FoldsIntoRows(g)) {
    Gemm(false, g.ty, g.out_batch.numel() * g.m, g.n, g.k, alpha, xp, yp, T(0), o);
    return;
  }
  const int64_t xsz = g.m * g.k, ysz = g.k * g.n, osz = g.m * g.n;
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), g.x_batch, g.y_batch, -1);
  ForEachInnerRun(loop, [&](int64_t ob, int64_t xb, int64_t yb, int64_t n, int64_t xs,
                            int64_t ys) {
    for (int64_t j = 0; j < n; ++j)
      Gemm(g.tx, g.ty, g.m, g.n, g.k, alpha, xp + (xb + j * xs) * xsz, yp + (yb + j * ys) * ysz,
           T(0), o + (ob + j) * osz);
  });
}

template <bool kLegacy>
void MatmulGradInferShape(InferShapeContext& ctx) {
  // The same checks as the forward, and Out@GRAD must have its output's shape.
  CheckInputShape(ctx, kGradOutGrad, ShapeFromAttrs<kLegacy>(ctx, kGradX, kGradY).out,
                  "the product's shape for X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// Per batch, with Out = op(X) op(Y):
//   d op(X) = dOut op(Y)^T, so dX = dOut op(Y)^T, or op(Y) dOut^T when X is transposed;
//   d op(Y) = op(X)^T dOut, so dY = op(X)^T dOut, or dOut^T op(X) when Y is transposed.
// A broadcast operand sums the contributions of every batch it was used in;
// every product carries alpha.
template <typename T, bool kLegacy>
void MatmulGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& y = ctx.Input(kGradY);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const MatmulGeometry g = Geometry<kLegacy>(ctx, x.dims(), y.dims());
  const T a = AlphaOf<T, kLegacy>(ctx);
  T* dx = ctx.HasOutput(kGradXGrad) ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  T* dy = ctx.HasOutput(kGradYGrad) ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place())
                                    : nullptr;
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  const T* gp = dout.data<T>();
  const int64_t m = g.m, k = g.k, n = g.n;
  // The folded products below overwrite (beta 0); the per-batch ones accumulate
  // into zeros. Filling only then spares a training step a pass over each weight
  // gradient (784x512 floats for an MLP's first layer).
  const bool folds = FoldsIntoRows(g);
  if (!folds || dout.numel() == 0) {
    if (dx) std::fill(dx, dx + x.numel(), T(0));
    if (dy) std::fill(dy, dy + y.numel(), T(0));
  }
  if (dout.numel() == 0) return;
  if (folds) {
    const int64_t rows = g.out_batch.numel() * m;  // X and dOut as [rows, k] and [rows, n]
    if (dx) Gemm(false, !g.ty, rows, k, n, a, gp, yp, T(0), dx);
    if (dy && !g.ty) Gemm(true, false, k, n, rows, a, xp, gp, T(0), dy);
    if (dy && g.ty) Gemm(true, false, n, k, rows, a, gp, xp, T(0), dy);
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
        if (!g.tx) Gemm(false, !g.ty, m, k, n, a, gm, ym, T(1), d);
        else Gemm(g.ty, true, k, m, n, a, ym, gm, T(1), d);
      }
      if (dy) {
        T* d = dy + (yb + j * ys) * ysz;
        if (!g.ty) Gemm(!g.tx, false, k, n, m, a, xm, gm, T(1), d);
        else Gemm(true, g.tx, n, k, m, a, gm, xm, T(1), d);
      }
    }
  });
}

// The grad op's slots and kernels (after its Doc): X@GRAD and Y@GRAD from X, Y and Out@GRAD.
template <bool kLegacy>
void MatmulGrad(OpDefBuilder& op) {
  op.Reads(kGradX, "X")
      .Reads(kGradY, "Y")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InputGrad(kGradYGrad, "Y")
      .InferShape(MatmulGradInferShape<kLegacy>)
      .template CpuKernel<float>(MatmulGradKernel<float, kLegacy>)
      .template CpuKernel<double>(MatmulGradKernel<double, kLegacy>);
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
    .InferShape(MatmulInferShape<false>)
    .CpuKernel<float>(MatmulKernel<float, false>)
    .CpuKernel<double>(MatmulKernel<double, false>)
    .Grad("matmul_v2_grad")
    .Doc("Gradients of matmul_v2: per batch, X@GRAD = Out@GRAD * op(Y)^T and Y@GRAD = op(X)^T "
         "* Out@GRAD (transposed back where the forward transposed), summed over the batch "
         "dims each operand was broadcast along, in the operand's own shape.",
         "matmul_v2 的梯度：逐批计算 X@GRAD = Out@GRAD * op(Y)^T 与 Y@GRAD = op(X)^T * "
         "Out@GRAD（前向做过转置的再转置回来），并沿各操作数被广播的批维度求和，"
         "形状与该操作数相同。")
    .Apply(MatmulGrad<false>);

PD_REGISTER_OP(matmul)
    .Doc("The legacy matrix product: Out = alpha * op(X) op(Y), with matmul_v2's rules for 1-D "
         "operands and transposes, and batch dims only when both operands have the same number "
         "of batches (or one of them has rank <= 2).",
         "旧版矩阵乘积：Out = alpha * op(X) op(Y)，一维操作数与转置的规则同 matmul_v2；"
         "只有两个操作数的批数相同（或其中之一维数不超过 2）时才可带批维度。")
    .Input(kX, "X", "The left operand, rank >= 1.", "左操作数，维数至少为 1。")
    .Input(kY, "Y", "The right operand, rank >= 1.", "右操作数，维数至少为 1。")
    .Output(kOut, "Out", "The scaled product, shaped as matmul_v2's.",
            "缩放后的乘积，形状与 matmul_v2 相同。")
    .Attr<bool>(kTransX, "transpose_X", false, kTransXEn, kTransXZh)
    .Attr<bool>(kTransY, "transpose_Y", false, kTransYEn, kTransYZh)
    .Attr<float>(kAlpha, "alpha", 1.0f, "The scale of the product.", "乘积的缩放系数。")
    .Attr<bool>(kUseMkldnn, "use_mkldnn", false, "Legacy oneDNN hint; not read.",
                "旧版 oneDNN 提示；不读取。")
    .ExtraAttr()
    .Attr<bool>(kUseQuantizer, "use_quantizer", false, "Legacy quantization hint; not read.",
                "旧版量化提示；不读取。")
    .ExtraAttr()
    .Attr(kMkldnnDataType, "mkldnn_data_type", "float32", "Legacy oneDNN data type; not read.",
          "旧版 oneDNN 数据类型；不读取。")
    .ExtraAttr()
    .Attr<float>(kScaleX, "Scale_x", 1.0f, "Legacy quantization scale of X; not read.",
                 "旧版 X 的量化缩放；不读取。")
    .ExtraAttr()
    .Attr<float>(kScaleY, "Scale_y", 1.0f, "Legacy quantization scale of Y; not read.",
                 "旧版 Y 的量化缩放；不读取。")
    .ExtraAttr()
    .Attr<float>(kScaleOut, "Scale_out", 1.0f, "Legacy quantization scale of Out; not read.",
                 "旧版 Out 的量化缩放；不读取。")
    .ExtraAttr()
    .Attr<bool>(kForceFp32Output, "force_fp32_output", false,
                "Legacy quantization hint; not read.", "旧版量化提示；不读取。")
    .ExtraAttr()
    .Attr<int32_t>(kHeadNumber, "head_number", 1,
                   "Heads of the multi-head product; only 1 (the plain product) is supported.",
                   "多头乘积的头数；仅支持 1（普通乘积）。")
    .InferShape(MatmulInferShape<true>)
    .CpuKernel<float>(MatmulKernel<float, true>)
    .CpuKernel<double>(MatmulKernel<double, true>)
    .Grad("matmul_grad")
    .Doc("Gradients of the legacy matmul: those of matmul_v2, scaled by alpha.",
         "旧版 matmul 的梯度：即 matmul_v2 的梯度乘以 alpha。")
    .Apply(MatmulGrad<true>);

}  // namespace
}  // namespace ops
}  // namespace paddle
