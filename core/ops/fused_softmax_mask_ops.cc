// The masked softmaxes of attention scores X [batch, heads, seq_q, seq_k], as
// PaddlePaddle 3.3.1's fused_softmax_mask (softmax of X + Mask, the mask
// [batch, 1, seq_q, seq_k] shared by the heads) and
// fused_softmax_mask_upper_triangle (causal: row i is the softmax of its first
// i + 1 entries, the rest 0), whose kernels are GPU-only there. Both gradients
// read Out: X@GRAD = Out * (Out@GRAD - sum(Out * Out@GRAD)) per row.
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/softmax_row.h"

namespace paddle {
namespace ops {
namespace {

enum MaskIn { kX, kMask };
enum MaskOut { kOut };
enum MaskGradIn { kGradOut, kGradOutGrad };
enum MaskGradOut { kGradXGrad };

void CheckScores(InferShapeContext& ctx, const DDim& x) {
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", ctx.op_type(),
           "] X must be 4-D [batch_size, num_heads, seq_len_q, seq_len_k], got ", x.ToString());
}

void MaskInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const DDim mask = ctx.InputDim(kMask);
  CheckScores(ctx, x);
  bool fits = mask.rank() == 4 && (mask[1] < 0 || mask[1] == 1);
  for (int i : {0, 2, 3}) fits = fits && (mask[i] < 0 || x[i] < 0 || mask[i] == x[i]);
  PD_CHECK(fits, InvalidArgument, "[", ctx.op_type(), "] Mask must be [", x[0], ", 1, ", x[2],
           ", ", x[3], "] (X's shape with one head), got ", mask.ToString());
  SameShape(ctx, kX, kOut);
}

void TriangleInferShape(InferShapeContext& ctx) {
  CheckScores(ctx, ctx.InputDim(kX));
  SameShape(ctx, kX, kOut);
}

// Every row of [batch, heads, rows, cols], with the mask row it adds (or none).
template <typename T, typename RowFn>
void ForEachRow(const DDim& x, RowFn row_fn) {
  const int64_t heads = x[1], rows = x[2], cols = x[3];
  const int64_t total = x[0] * heads * rows;
  ParallelFor(total, [&](int64_t lo, int64_t hi) {
    std::vector<T> buf(cols);
    for (int64_t r = lo; r < hi; ++r) {
      const int64_t b = r / (heads * rows), i = r % rows;
      row_fn(r * cols, (b * rows + i) * cols, i, buf.data());
    }
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(cols, 1)));
}

template <typename T>
void MaskKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const T* xp = x.data<T>();
  const T* mp = ctx.Input(kMask).data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  const int64_t cols = x.dims()[3];
  ForEachRow<T>(x.dims(), [&](int64_t at, int64_t mask_at, int64_t, T* sum) {
    for (int64_t j = 0; j < cols; ++j) sum[j] = xp[at + j] + mp[mask_at + j];
    SoftmaxRow(sum, out + at, cols);
  });
}

template <typename T>
void TriangleKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const T* xp = x.data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  const int64_t cols = x.dims()[3];
  ForEachRow<T>(x.dims(), [&](int64_t at, int64_t, int64_t i, T*) {
    const int64_t kept = std::min(i + 1, cols);
    SoftmaxRow(xp + at, out + at, kept);
    std::fill(out + at + kept, out + at + cols, T(0));
  });
}

void MaskGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradOut, kGradOutGrad);
  GradShapeLike(ctx, kGradOut, kGradXGrad);
}

// Masked entries have Out 0, so the plain row gradient gives them 0 too.
template <typename T>
void MaskGradKernel(KernelContext& ctx) {
  const DenseTensor& out = ctx.Input(kGradOut);
  const T* y = out.data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const int64_t cols = out.dims()[3];
  ForEachRow<T>(out.dims(), [&](int64_t at, int64_t, int64_t, T*) {
    SoftmaxGradRow(y + at, g + at, dx + at, cols);
  });
}

// Both ops' gradient: X@GRAD from Out and Out@GRAD, row by row.
void RowSoftmaxGrad(OpDefBuilder& op) {
  op.Grad()
      .Reads(kGradOut, "Out")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InferShape(MaskGradInferShape);
  op.CpuKernel<float>(MaskGradKernel<float>);
  op.CpuKernel<double>(MaskGradKernel<double>);
}

}  // namespace

PD_REGISTER_OP(fused_softmax_mask)
    .Doc("Softmax over the last axis of X + Mask, the mask shared by the heads (attention "
         "scores with an additive mask).",
         "对 X + Mask 的最后一维做 softmax，各注意力头共用同一个掩码（带加性掩码的注意力分数）。")
    .Input(kX, "X", "The attention scores [batch_size, num_heads, seq_len_q, seq_len_k].",
           "注意力分数 [batch_size, num_heads, seq_len_q, seq_len_k]。")
    .Input(kMask, "Mask", "The additive mask [batch_size, 1, seq_len_q, seq_len_k], X's dtype.",
           "加性掩码 [batch_size, 1, seq_len_q, seq_len_k]，数据类型与 X 相同。")
    .Output(kOut, "Out", "The softmax, X's shape.", "softmax 结果，形状与 X 相同。")
    .InferShape(MaskInferShape)
    .CpuKernel<float>(MaskKernel<float>)
    .CpuKernel<double>(MaskKernel<double>)
    .Apply(RowSoftmaxGrad);

PD_REGISTER_OP(fused_softmax_mask_upper_triangle)
    .Doc("Causal softmax of attention scores: row i of the last two axes is the softmax of its "
         "first i + 1 entries, the later entries 0.",
         "注意力分数的因果 softmax：最后两维的第 i 行是其前 i + 1 个元素的 softmax，其后的元素为 0。")
    .Input(kX, "X", "The attention scores [batch_size, num_heads, seq_len_q, seq_len_k].",
           "注意力分数 [batch_size, num_heads, seq_len_q, seq_len_k]。")
    .Output(kOut, "Out", "The masked softmax, X's shape.", "屏蔽后的 softmax，形状与 X 相同。")
    .InferShape(TriangleInferShape)
    .CpuKernel<float>(TriangleKernel<float>)
    .CpuKernel<double>(TriangleKernel<double>)
    .Apply(RowSoftmaxGrad);

}  // namespace ops
}  // namespace paddle
