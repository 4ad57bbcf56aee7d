// elementwise_add: Out = X + Y with PaddlePaddle's broadcasting (broadcast.h),
// the bias add of every dense layer. The gradient sums Out@GRAD over the dims
// each operand was broadcast along.
#include <algorithm>
#include <cstring>

#include "core/base/enforce.h"
#include "core/ops/broadcast.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum AddIn { kX, kY };
enum AddOut { kOut };
enum AddGradIn { kGradX, kGradY, kGradOutGrad };
enum AddGradOut { kGradXGrad, kGradYGrad };
enum AddAttr { kAxis };  // both ops

void AddInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, BroadcastShape(ctx.op_type(), ctx.InputDim(kX), ctx.InputDim(kY),
                                        ctx.Attr<int32_t>(kAxis)));
  ctx.ShareLoD(kX, kOut);
}

template <typename T>
void AddKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  DenseTensor* out = ctx.Output(kOut);
  if (x.dims() == y.dims()) {
    T* o = out->MutableData<T>(ctx.place());
    const int64_t n = x.numel();
    for (int64_t i = 0; i < n; ++i) o[i] = xp[i] + yp[i];
    return;
  }
  const BroadcastLoop loop =
      MakeBroadcastLoop("elementwise_add", x.dims(), y.dims(), ctx.Attr<int32_t>(kAxis));
  PD_CHECK(out->numel() == loop.numel, InvalidArgument, "[elementwise_add] output 'Out' has shape ",
           out->dims().ToString(), " but X ", x.dims().ToString(), " + Y ", y.dims().ToString(),
           " has ", loop.numel, " elements");
  T* o = out->MutableData<T>(ctx.place());
  // Each run is the innermost merged dim: for a bias add [N, C] + [C] it is one
  // row of C with both operands contiguous.
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    T* dst = o + oo;
    const T* a = xp + xo;
    const T* b = yp + yo;
    if (xs && ys) {
      for (int64_t k = 0; k < n; ++k) dst[k] = a[k] + b[k];
    } else if (xs) {
      const T bv = *b;
      for (int64_t k = 0; k < n; ++k) dst[k] = a[k] + bv;
    } else if (ys) {
      const T av = *a;
      for (int64_t k = 0; k < n; ++k) dst[k] = av + b[k];
    } else {
      std::fill(dst, dst + n, *a + *b);
    }
  });
}

void AddGradInferShape(InferShapeContext& ctx) {
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// Adds `g` (one inner run of Out@GRAD) into `d`, the operand's gradient:
// elementwise where the operand is contiguous, summed where it was broadcast.
template <typename T>
inline void AccumulateRun(T* d, const T* g, int64_t n, int64_t step) {
  if (step) {
    for (int64_t k = 0; k < n; ++k) d[k] += g[k];
  } else {
    T s = T(0);
    for (int64_t k = 0; k < n; ++k) s += g[k];
    *d += s;
  }
}

template <typename T>
void AddGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kGradX).dims();
  const DDim yd = ctx.Input(kGradY).dims();
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const T* g = dout.data<T>();
  const bool want_dx = ctx.HasOutput(kGradXGrad), want_dy = ctx.HasOutput(kGradYGrad);
  T* dx = want_dx ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dy = want_dy ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place()) : nullptr;
  const BroadcastLoop loop =
      MakeBroadcastLoop("elementwise_add_grad", xd, yd, ctx.Attr<int32_t>(kAxis));
  PD_CHECK(dout.numel() == loop.numel, InvalidArgument, "[elementwise_add_grad] Out@GRAD ",
           dout.dims().ToString(), " does not match X ", xd.ToString(), " + Y ", yd.ToString(),
           " (", loop.numel, " elements)");
  // An operand of Out's full size gets Out@GRAD unchanged.
  const size_t bytes = static_cast<size_t>(loop.numel) * sizeof(T);
  const bool dx_copy = dx && xd.numel() == loop.numel;
  const bool dy_copy = dy && yd.numel() == loop.numel;
  if (dx_copy && bytes) std::memcpy(dx, g, bytes);
  if (dy_copy && bytes) std::memcpy(dy, g, bytes);
  T* rx = dx_copy ? nullptr : dx;
  T* ry = dy_copy ? nullptr : dy;
  if (!rx && !ry) return;
  if (rx) std::fill(rx, rx + xd.numel(), T(0));
  if (ry) std::fill(ry, ry + yd.numel(), T(0));
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    if (rx) AccumulateRun(rx + xo, g + oo, n, xs);
    if (ry) AccumulateRun(ry + yo, g + oo, n, ys);
  });
}

std::vector<GradOpDesc> AddGradMaker(const OpDesc& fwd) {
  return BinaryGrad(fwd, "elementwise_add_grad");
}

constexpr const char* kAxisEn =
    "Where Y's dims line up with X's when Y has lower rank: -1 aligns Y with X's trailing dims "
    "(numpy style); k >= 0 aligns Y's first dim with X's dim k (e.g. X [N, C, H, W] + Y [C] "
    "with axis=1). Ignored when the ranks are equal. Then every aligned dim must match or be 1.";
constexpr const char* kAxisZh =
    "当 Y 的维数较少时，Y 的维度与 X 对齐的位置：-1 表示与 X 的末尾维度对齐（同 numpy）；"
    "k >= 0 表示 Y 的第一个维度对齐 X 的第 k 个维度（例如 X [N, C, H, W] + Y [C]，axis=1）。"
    "维数相同时忽略。对齐后每个维度的大小必须相等或其中之一为 1。";

PD_REGISTER_OP(elementwise_add)
    .Doc("Elementwise sum Out = X + Y with broadcasting: the lower-rank operand is aligned "
         "with the other at `axis`, and dims of size 1 stretch to match (numpy rules on both "
         "sides). Out keeps X's LoD.",
         "逐元素求和 Out = X + Y，支持广播：维数较少的操作数在 axis 处与另一个对齐，大小为 1 的"
         "维度被扩展以匹配（两侧均按 numpy 规则）。Out 沿用 X 的 LoD。")
    .Input("X", "The first operand.", "第一个操作数。")
    .Input("Y", "The second operand, e.g. a bias vector broadcast over X.",
           "第二个操作数，例如在 X 上广播的偏置向量。")
    .Output("Out", "X + Y, with the broadcast shape of X and Y.", "X + Y，形状为 X 与 Y 广播后的形状。")
    .Attr<int32_t>("axis", -1, kAxisEn, kAxisZh)
    .AtLeast(-1)
    .InferShape(AddInferShape)
    .GradMaker(AddGradMaker)
    .CpuKernel<float>(AddKernel<float>)
    .CpuKernel<double>(AddKernel<double>);

PD_REGISTER_OP(elementwise_add_grad)
    .Doc("Gradients of elementwise_add: each operand's gradient is Out@GRAD summed over the "
         "dims that operand was broadcast along, in the operand's own shape.",
         "elementwise_add 的梯度：每个操作数的梯度是 Out@GRAD 沿该操作数被广播的维度求和，"
         "形状与该操作数相同。")
    .Apply(BinaryGradSlots)  // only X's and Y's shapes are read
    .Attr<int32_t>("axis", -1, kAxisEn, kAxisZh)
    .AtLeast(-1)
    .InferShape(AddGradInferShape)
    .KernelDtypeFrom("Out@GRAD")  // X and Y may have been freed: only their dims are read
    .CpuKernel<float>(AddGradKernel<float>)
    .CpuKernel<double>(AddGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
