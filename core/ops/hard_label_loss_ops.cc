// Losses of one class id per row: cross_entropy2 (X holds probabilities) and
// nll_loss (X holds log-probabilities, optional class weights, reductions).
// A label equal to ignore_index contributes nothing; any other label outside
// [0, classes) is an error naming the op, the label and its position.
#include <cmath>
#include <limits>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Label i (int32 or int64), checked against [0, classes) unless it is `ignore`.
int64_t ClassOf(const KernelContext& ctx, int slot, int64_t i, int64_t classes, int64_t ignore) {
  const int64_t c = IntElement(ctx, slot, 0, i);
  PD_CHECK(c == ignore || (c >= 0 && c < classes), InvalidArgument, "[", ctx.op_type(),
           "] label ", c, " at flat position ", i, " is outside [0, ", classes, ") (", classes,
           " classes; ignore_index ", ignore, ")");
  return c;
}

// Known dims a and b differ (-1 is unknown at build time).
bool Differ(int64_t a, int64_t b) { return a >= 0 && b >= 0 && a != b; }

// ---- cross_entropy2: Y = -log(X[label]) per row, classes along the last dim ----

enum Ce2In { kCeX, kCeLabel };
enum Ce2Out { kCeY, kCeXShape, kCeMatchX };
enum Ce2Attr { kCeIgnoreIndex };
enum Ce2GradIn { kCeGLabel, kCeGMatchX, kCeGXShape, kCeGYGrad };
enum Ce2GradOut { kCeGXGrad };

// Label is X's shape with the class dim 1, or without it.
void Ce2InferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kCeX), label = ctx.InputDim(kCeLabel);
  const int r = x.rank();
  PD_CHECK(r >= 1 && r < DDim::kMaxRank, InvalidArgument, "[", ctx.op_type(),
           "] X must have rank in [1, ", DDim::kMaxRank, "), got ", x.ToString());
  bool ok = label.rank() == r || label.rank() == r - 1;
  for (int i = 0; ok && i < r - 1; ++i) ok = !Differ(label[i], x[i]);
  if (ok && label.rank() == r) ok = !Differ(label[r - 1], 1);
  PD_CHECK(ok, InvalidArgument, "[", ctx.op_type(), "] Label ", label.ToString(),
           " must be X's shape with the class dim 1 (or without it) for X ", x.ToString());
  DDim match = x;
  match[r - 1] = 1;
  int64_t xs[DDim::kMaxRank];
  for (int i = 0; i < r; ++i) xs[i] = x[i];
  xs[r] = 0;  // X.dims + [0]: no elements, X's shape for the gradient
  ctx.SetOutputDim(kCeY, label);
  ctx.SetOutputDim(kCeMatchX, match);
  if (ctx.HasOutput(kCeXShape)) ctx.SetOutputDim(kCeXShape, DDim(xs, r + 1));
}

template <typename T>
void Ce2Kernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kCeX);
  const int64_t classes = x.dims()[x.dims().rank() - 1];
  const int64_t rows = classes ? x.numel() / classes : 0;
  const int64_t ignore = ctx.Attr<int32_t>(kCeIgnoreIndex);
  const T* xp = x.data<T>();
  T* y = ctx.Output(kCeY)->MutableData<T>(ctx.place());
  T* match = ctx.Output(kCeMatchX)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t c = ClassOf(ctx, kCeLabel, i, classes, ignore);
    match[i] = c == ignore ? T(0) : xp[i * classes + c];
    // -log(0) is given as 1e20, as PaddlePaddle keeps the loss finite.
    const T l = c == ignore ? T(0) : -std::log(match[i]);
    y[i] = std::isinf(l) ? std::copysign(T(1e20), l) : l;
  }
  if (ctx.HasOutput(kCeXShape)) ctx.Output(kCeXShape)->MutableData<T>(ctx.place());
}

void Ce2GradInferShape(InferShapeContext& ctx) {
  const DDim xs = ctx.InputDim(kCeGXShape);
  PD_CHECK(xs.rank() >= 2, InvalidArgument, "[", ctx.op_type(),
           "] XShape must be X.dims + [0], got ", xs.ToString());
  const DDim x(xs.data(), xs.rank() - 1);
  CheckSameShape(ctx, kCeGYGrad, kCeGLabel);
  if (ctx.HasOutput(kCeGXGrad)) ctx.SetOutputDim(kCeGXGrad, x);
}

// X@GRAD is zero except at each row's label: -Y@GRAD / MatchX.
template <typename T>
void Ce2GradKernel(KernelContext& ctx) {
  const DDim xs = ctx.Input(kCeGXShape).dims();
  const int64_t classes = xs[xs.rank() - 2];
  const int64_t ignore = ctx.Attr<int32_t>(kCeIgnoreIndex);
  const T* match = ctx.Input(kCeGMatchX).data<T>();
  const T* dy = ctx.Input(kCeGYGrad).data<T>();
  DenseTensor* dx = ctx.Output(kCeGXGrad);
  T* d = dx->MutableData<T>(ctx.place());
  std::fill(d, d + dx->numel(), T(0));
  const int64_t rows = classes ? dx->numel() / classes : 0;
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t c = ClassOf(ctx, kCeGLabel, i, classes, ignore);
    if (c != ignore) d[i * classes + c] = -dy[i] / match[i];
  }
}

PD_REGISTER_OP(cross_entropy2)
    .Doc("Cross entropy of probabilities X (classes along the last dim) with one class id per "
         "row: Y = -log(X[label]); rows whose label is ignore_index give 0. MatchX keeps "
         "X[label] for the gradient.",
         "概率 X（类别在最后一维）与每行一个类别编号的交叉熵：Y = -log(X[label])；"
         "标签等于 ignore_index 的行为 0。MatchX 保存 X[label] 供梯度使用。")
    .Input(kCeX, "X", "Probabilities, [..., classes].", "概率，[..., 类别数]。")
    .Input(kCeLabel, "Label", "Class ids, int64: X's shape with the last dim 1 (or without it).",
           "类别编号，int64：形状为 X 的形状、最后一维为 1（或去掉最后一维）。")
    .Output(kCeY, "Y", "The loss per row, Label's shape.", "每行的损失，形状同 Label。")
    .Output(kCeXShape, "XShape", "X.dims + [0], kept for the gradient; holds no elements.",
            "X.dims + [0]，供梯度使用；不含元素。")
    .Output(kCeMatchX, "MatchX", "X at each row's label (0 for ignored rows), [..., 1].",
            "每行标签处的 X 值（被忽略的行为 0），[..., 1]。")
    .Attr<int32_t>(kCeIgnoreIndex, "ignore_index", -100,
                   "A label whose row gets loss 0 and no gradient.", "损失为 0 且不产生梯度的标签值。")
    .InferShape(Ce2InferShape)
    .CpuKernel<float>(Ce2Kernel<float>)
    .CpuKernel<double>(Ce2Kernel<double>)
    .Grad()
    .Reads(kCeGLabel, "Label")
    .Reads(kCeGMatchX, "MatchX")
    .Reads(kCeGXShape, "XShape")
    .OutputGrad(kCeGYGrad, "Y")
    .InputGrad(kCeGXGrad, "X")
    .InferShape(Ce2GradInferShape)
    .CpuKernel<float>(Ce2GradKernel<float>)
    .CpuKernel<double>(Ce2GradKernel<double>);

// ---- nll_loss: -Weight[label] * X[label] per position, reduced ----

enum NllIn { kNllX, kNllLabel, kNllWeight };
enum NllOut { kNllOut, kNllTotalWeight };
enum NllAttr { kNllIgnoreIndex, kNllReduction };
enum NllGradIn { kNllGX, kNllGLabel, kNllGWeight, kNllGTotalWeight, kNllGOutGrad };
enum NllGradOut { kNllGXGrad };

// X is [N, C] (Label [N]) or [N, C, H, W] (Label [N, H, W]); Weight is [C].
void CheckNllShapes(InferShapeContext& ctx, int x_slot, int label_slot, int weight_slot) {
  const DDim x = ctx.InputDim(x_slot), label = ctx.InputDim(label_slot);
  PD_CHECK(x.rank() == 2 || x.rank() == 4, InvalidArgument, "[", ctx.op_type(),
           "] X must be [N, C] or [N, C, H, W], got ", x.ToString());
  bool ok = label.rank() == x.rank() - 1 && !Differ(label[0], x[0]);
  for (int i = 2; ok && i < x.rank(); ++i) ok = !Differ(label[i - 1], x[i]);
  PD_CHECK(ok, InvalidArgument, "[", ctx.op_type(), "] Label ", label.ToString(),
           " must be X's shape without the class dim 1 (X ", x.ToString(), ")");
  if (!ctx.HasInput(weight_slot)) return;
  const DDim w = ctx.InputDim(weight_slot);
  PD_CHECK(w.rank() == 1 && !Differ(w[0], x[1]), InvalidArgument, "[", ctx.op_type(),
           "] Weight ", w.ToString(), " must hold one weight per class: [", x[1], "] for X ",
           x.ToString());
}

void NllInferShape(InferShapeContext& ctx) {
  CheckNllShapes(ctx, kNllX, kNllLabel, kNllWeight);
  const bool none = ctx.Attr<std::string>(kNllReduction) == "none";
  ctx.SetOutputDim(kNllOut, none ? ctx.InputDim(kNllLabel) : DDim());
  ctx.SetOutputDim(kNllTotalWeight, DDim());
}

// X as [n, classes, inner]; position p = (n, inner) of Label.
struct NllView {
  int64_t n, classes, inner;
  int64_t At(int64_t p, int64_t c) const { return ((p / inner) * classes + c) * inner + p % inner; }
};

NllView ViewOf(const DDim& x) {
  return NllView{x[0], x[1], x.rank() == 4 ? x[2] * x[3] : 1};
}

// Calls fn(position, class, weight) for every position whose label is not ignored.
template <typename T, typename Fn>
void ForEachCounted(const KernelContext& ctx, const NllView& v, int label_slot, int weight_slot,
                    Fn&& fn) {
  const int64_t ignore = ctx.Attr<int64_t>(kNllIgnoreIndex);
  const T* w = ctx.HasInput(weight_slot) ? ctx.Input(weight_slot).data<T>() : nullptr;
  for (int64_t p = 0; p < v.n * v.inner; ++p) {
    const int64_t c = ClassOf(ctx, label_slot, p, v.classes, ignore);
    if (c != ignore) fn(p, c, w ? w[c] : T(1));
  }
}

template <typename T>
void NllKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kNllX);
  const NllView v = ViewOf(x.dims());
  const std::string& reduction = ctx.Attr<std::string>(kNllReduction);
  const T* xp = x.data<T>();
  DenseTensor* out = ctx.Output(kNllOut);
  T* o = out->MutableData<T>(ctx.place());
  T* total = ctx.Output(kNllTotalWeight)->MutableData<T>(ctx.place());
  std::fill(o, o + out->numel(), T(0));
  *total = T(0);
  T sum = T(0), weights = T(0);
  ForEachCounted<T>(ctx, v, kNllLabel, kNllWeight, [&](int64_t p, int64_t c, T w) {
    const T l = -w * xp[v.At(p, c)];
    if (reduction == "none") o[p] = l;
    sum += l;
    weights += w;
  });
  if (reduction == "none") return;  // Total_weight stays 0, as PaddlePaddle leaves it
  *total = weights;
  // A mean over no weight (every label ignored) is 0, not 0/0.
  o[0] = reduction == "sum" ? sum : (weights != T(0) ? sum / weights : T(0));
}

void NllGradInferShape(InferShapeContext& ctx) {
  CheckNllShapes(ctx, kNllGX, kNllGLabel, kNllGWeight);
  const bool none = ctx.Attr<std::string>(kNllReduction) == "none";
  CheckInputShape(ctx, kNllGOutGrad, none ? ctx.InputDim(kNllGLabel) : DDim(),
                  "Label's shape for reduction 'none', else 0-D");
  GradShapeLike(ctx, kNllGX, kNllGXGrad);
}

// X@GRAD[label] = -Weight[label] * Out@GRAD (per position for 'none',
// divided by Total_weight for 'mean'); zero elsewhere.
template <typename T>
void NllGradKernel(KernelContext& ctx) {
  const NllView v = ViewOf(ctx.Input(kNllGX).dims());
  const std::string& reduction = ctx.Attr<std::string>(kNllReduction);
  const T* g = ctx.Input(kNllGOutGrad).data<T>();
  const T total = ctx.Input(kNllGTotalWeight).data<T>()[0];
  DenseTensor* dx = ctx.Output(kNllGXGrad);
  T* d = dx->MutableData<T>(ctx.place());
  std::fill(d, d + dx->numel(), T(0));
  const T scale = reduction != "mean" ? T(1) : (total != T(0) ? T(1) / total : T(0));
  ForEachCounted<T>(ctx, v, kNllGLabel, kNllGWeight, [&](int64_t p, int64_t c, T w) {
    d[v.At(p, c)] = -w * scale * g[reduction == "none" ? p : 0];
  });
}

PD_REGISTER_OP(nll_loss)
    .Doc("Negative log-likelihood of log-probabilities X [N, C] or [N, C, H, W] with one class "
         "id per position: -Weight[label] * X[label], 0 where the label is ignore_index; "
         "'mean' divides the sum by the total weight of the positions counted.",
         "对数概率 X [N, C] 或 [N, C, H, W] 与每个位置一个类别编号的负对数似然："
         "-Weight[label] * X[label]，标签等于 ignore_index 处为 0；'mean' 用计入位置的权重总和去除总和。")
    .Input(kNllX, "X", "Log-probabilities, [N, C] or [N, C, H, W].",
           "对数概率，[N, C] 或 [N, C, H, W]。")
    .Input(kNllLabel, "Label", "Class ids, int64, [N] or [N, H, W].",
           "类别编号，int64，[N] 或 [N, H, W]。")
    .Input(kNllWeight, "Weight", "Optional weight per class, [C] (default 1).",
           "可选的每类权重，[C]（默认为 1）。")
    .Dispensable()
    .Output(kNllOut, "Out", "The loss: Label's shape for 'none', else 0-D.",
            "损失：'none' 时形状同 Label，否则为零维。")
    .Output(kNllTotalWeight, "Total_weight", "The sum of the weights counted, 0-D (0 for 'none').",
            "计入的权重之和，零维（'none' 时为 0）。")
    .Attr<int64_t>(kNllIgnoreIndex, "ignore_index", -100,
                   "A label whose position gives 0 and counts no weight.",
                   "该位置损失为 0 且不计权重的标签值。")
    .Attr(kNllReduction, "reduction", "mean", "'none', 'mean' (weighted) or 'sum'.",
          "'none'、'mean'（加权平均）或 'sum'。")
    .OneOf({"none", "mean", "sum"})
    .InferShape(NllInferShape)
    .CpuKernel<float>(NllKernel<float>)
    .CpuKernel<double>(NllKernel<double>)
    .Grad()
    .Reads(kNllGX, "X")
    .Reads(kNllGLabel, "Label")
    .Reads(kNllGWeight, "Weight")
    .Reads(kNllGTotalWeight, "Total_weight")
    .OutputGrad(kNllGOutGrad, "Out")
    .InputGrad(kNllGXGrad, "X")
    .InferShape(NllGradInferShape)
    .CpuKernel<float>(NllGradKernel<float>)
    .CpuKernel<double>(NllGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
