// The PartialFC / ArcFace pair, single process (nranks 1; ring_id and rank
// are accepted and unused):
//   class_center_sample: the sorted distinct labels (positive class centers),
//     then random other classes up to num_samples (drawn from the op's own
//     engine when fix_seed and seed are set, else from the default generator),
//     and the labels remapped to their positions in that list.
//   margin_cross_entropy: softmax cross entropy of scale * logits where the
//     label's logit x = cos(theta) becomes cos(margin1 * theta + margin2) -
//     margin3; Softmax is kept for the gradient
//     dLogits = scale * dLoss * (Softmax - onehot) * (d margin / dx at the label).
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/generator.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// ---- class_center_sample ----

enum CcsIn { kLabel };
enum CcsOut { kRemapped, kSampled };
enum CcsAttr { kNumClasses, kNumSamples, kRingId, kRank, kNranks, kFixSeed, kSeed };

void CcsInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim label = ctx.InputDim(kLabel);
  const int32_t classes = ctx.Attr<int32_t>(kNumClasses);
  const int32_t samples = ctx.Attr<int32_t>(kNumSamples);
  PD_CHECK(label.rank() == 1, InvalidArgument, "[", op, "] Label must be 1-D [N], got ",
           label.ToString());
  PD_CHECK(classes >= 1, InvalidArgument, "[", op, "] num_classes must be positive, got ",
           classes);
  PD_CHECK(samples >= 1 && samples <= classes, InvalidArgument, "[", op,
           "] num_samples must be in [1, num_classes = ", classes, "], got ", samples);
  PD_CHECK(ctx.Attr<int32_t>(kNranks) == 1, Unimplemented, "[", op,
           "] runs in a single process only (nranks 1), got nranks ",
           ctx.Attr<int32_t>(kNranks));
  SameShape(ctx, kLabel, kRemapped);
  ctx.SetOutputDim(kSampled, DDim{-1});  // at least num_samples: known to the kernel only
}

template <typename T>
void CcsKernel(KernelContext& ctx) {
  const std::string& op = ctx.op_type();
  const DenseTensor& label = ctx.Input(kLabel);
  const T* lp = label.data<T>();
  const int64_t n = label.numel();
  const int64_t classes = ctx.Attr<int32_t>(kNumClasses);
  const size_t samples = static_cast<size_t>(ctx.Attr<int32_t>(kNumSamples));
  std::set<T> positive;
  for (int64_t i = 0; i < n; ++i) {
    PD_CHECK(lp[i] >= 0 && lp[i] < classes, InvalidArgument, "[", op, "] Label[", i, "] = ",
             lp[i], " is out of [0, ", classes, ")");
    positive.insert(lp[i]);
  }
  std::vector<T> sampled(positive.begin(), positive.end());
  std::map<T, T> position;
  for (size_t i = 0; i < sampled.size(); ++i) position[sampled[i]] = static_cast<T>(i);
  if (sampled.size() < samples) {
    const bool fixed = ctx.Attr<bool>(kFixSeed);
    EngineLease lease(fixed ? static_cast<uint64_t>(int64_t{ctx.Attr<int32_t>(kSeed)}) : 0);
    std::uniform_int_distribution<int64_t> dist(0, classes - 1);
    std::set<T> taken = positive;
    while (sampled.size() < samples) {
      const T c = static_cast<T>(dist(*lease));
      if (taken.insert(c).second) sampled.push_back(c);
    }
  }
  T* remapped = ctx.Output(kRemapped)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < n; ++i) remapped[i] = position[lp[i]];
  DenseTensor* out = ctx.Output(kSampled);
  out->Resize(DDim{static_cast<int64_t>(sampled.size())});
  std::copy(sampled.begin(), sampled.end(), out->MutableData<T>(ctx.place()));
}

PD_REGISTER_OP(class_center_sample)
    .Doc("Class center sampling (PartialFC): the sorted distinct labels, then random other "
         "classes up to num_samples; RemappedLabel gives each label's position in that list.",
         "类中心采样（PartialFC）：排序后的不同标签，再随机补充其他类别直到 num_samples 个；"
         "RemappedLabel 给出每个标签在该列表中的位置。")
    .Input(kLabel, "Label", "int32 or int64 labels, [N], in [0, num_classes).",
           "int32 或 int64 标签，[N]，取值于 [0, num_classes)。")
    .Output(kRemapped, "RemappedLabel", "Each label's position among the sampled centers, [N].",
            "每个标签在采样中心中的位置，[N]。")
    .Output(kSampled, "SampledLocalClassCenter",
            "The sampled class centers: the positives sorted, then the negatives as drawn.",
            "采样得到的类中心：先是排序后的正类，再是按抽取顺序的负类。")
    .RequiredAttr<int32_t>(kNumClasses, "num_classes", "The number of classes.", "类别数。")
    .RequiredAttr<int32_t>(kNumSamples, "num_samples",
                           "How many centers to sample (all positives are kept when more).",
                           "要采样的中心数（正类更多时全部保留）。")
    .Attr<int32_t>(kRingId, "ring_id", 0, "The communication ring (multi-process only; unused).",
                   "通信环（仅多进程；未使用）。")
    .Attr<int32_t>(kRank, "rank", 0, "This process's rank (unused: single process).",
                   "本进程的 rank（未使用：单进程）。")
    .Attr<int32_t>(kNranks, "nranks", 1, "The number of processes; must be 1 here.",
                   "进程数；此处必须为 1。")
    .Attr<bool>(kFixSeed, "fix_seed", false, "Draw the negatives from an engine seeded by seed.",
                "是否用 seed 初始化的引擎抽取负类。")
    .Attr<int32_t>(kSeed, "seed", 0, "The seed used with fix_seed.", "与 fix_seed 一起使用的种子。")
    .InferShape(CcsInferShape)
    .CpuKernel<int32_t>(CcsKernel<int32_t>)
    .CpuKernel<int64_t>(CcsKernel<int64_t>);

// ---- margin_cross_entropy ----

enum McIn { kLogits, kMcLabel };
enum McOut { kSoftmax, kLoss };
enum McAttr { kReturnSoftmax, kMcRingId, kMcRank, kMcNranks, kMargin1, kMargin2, kMargin3,
              kScale };
enum McGradIn { kGLogits, kGLabel, kGSoftmax, kGLossGrad };
enum McGradOut { kGLogitsGrad };

void McInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim logits = ctx.InputDim(kLogits), label = ctx.InputDim(kMcLabel);
  PD_CHECK(logits.rank() == 2, InvalidArgument, "[", op, "] Logits must be 2-D [N, C], got ",
           logits.ToString());
  PD_CHECK(label.numel() < 0 || logits[0] < 0 || label.numel() == logits[0], InvalidArgument,
           "[", op, "] Label ", label.ToString(), " must hold one class per row of Logits ",
           logits.ToString());
  PD_CHECK(ctx.Attr<int32_t>(kMcNranks) == 1, Unimplemented, "[", op,
           "] runs in a single process only (nranks 1), got nranks ",
           ctx.Attr<int32_t>(kMcNranks));
  SameShape(ctx, kLogits, kSoftmax);
  ctx.SetOutputDim(kLoss, DDim{logits[0], 1});
}

template <typename L>
int64_t LabelAt(const DenseTensor& label, int64_t i) {
  return static_cast<int64_t>(label.data<L>()[i]);
}

int64_t ReadLabel(const std::string& op, const DenseTensor& label, int64_t i, int64_t classes) {
  const int64_t c = label.dtype() == DataType::kInt32 ? LabelAt<int32_t>(label, i)
                                                      : LabelAt<int64_t>(label, i);
  PD_CHECK(c >= 0 && c < classes, InvalidArgument, "[", op, "] Label[", i, "] = ", c,
           " is out of [0, ", classes, ")");
  return c;
}

// What the forward and gradient kernels read: Logits [n, c], the labels
// (checked) and the margins. The grad op has the forward's attributes.
template <typename T>
struct MarginArgs {
  MarginArgs(KernelContext& ctx, int logits_slot, int label_slot)
      : n(ctx.Input(logits_slot).dims()[0]),
        c(ctx.Input(logits_slot).dims()[1]),
        m1(static_cast<T>(ctx.Attr<float>(kMargin1))),
        m2(static_cast<T>(ctx.Attr<float>(kMargin2))),
        m3(static_cast<T>(ctx.Attr<float>(kMargin3))),
        scale(static_cast<T>(ctx.Attr<float>(kScale))),
        x(ctx.Input(logits_slot).data<T>()) {
    const DenseTensor& labels = ctx.Input(label_slot);
    for (int64_t i = 0; i < n; ++i) label.push_back(ReadLabel(ctx.op_type(), labels, i, c));
  }
  int64_t n, c;
  T m1, m2, m3, scale;
  const T* x;
  std::vector<int64_t> label;
};

template <typename T>
void McKernel(KernelContext& ctx) {
  const MarginArgs<T> a(ctx, kLogits, kMcLabel);
  const int64_t c = a.c;
  T* softmax = ctx.Output(kSoftmax)->MutableData<T>(ctx.place());
  T* loss = ctx.Output(kLoss)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < a.n; ++i) {
    const int64_t y = a.label[i];
    const T* row = a.x + i * c;
    T* s = softmax + i * c;
    for (int64_t j = 0; j < c; ++j) {
      const T v = j == y ? std::cos(a.m1 * std::acos(row[j]) + a.m2) - a.m3 : row[j];
      s[j] = v * a.scale;
    }
    const T top = *std::max_element(s, s + c);
    T sum = T(0);
    for (int64_t j = 0; j < c; ++j) sum += std::exp(s[j] - top);
    const T log_sum = std::log(sum) + top;
    loss[i] = log_sum - s[y];
    for (int64_t j = 0; j < c; ++j) s[j] = std::exp(s[j] - log_sum);
  }
}

void McGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGLogits, kGSoftmax);
  GradShapeLike(ctx, kGLogits, kGLogitsGrad);
}

template <typename T>
void McGradKernel(KernelContext& ctx) {
  const MarginArgs<T> a(ctx, kGLogits, kGLabel);
  const T* s = ctx.Input(kGSoftmax).data<T>();
  const T* dloss = ctx.Input(kGLossGrad).data<T>();
  T* dx = ctx.Output(kGLogitsGrad)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < a.n; ++i) {
    for (int64_t j = 0; j < a.c; ++j) {
      const int64_t k = i * a.c + j;
      const bool is_label = j == a.label[i];
      T g = (s[k] - (is_label ? T(1) : T(0))) * dloss[i] * a.scale;
      if (is_label) {  // through cos(m1 * acos(x) + m2)
        g *= a.m1 * std::sin(a.m1 * std::acos(a.x[k]) + a.m2) / std::sqrt(T(1) - a.x[k] * a.x[k]);
      }
      dx[k] = g;
    }
  }
}

PD_REGISTER_OP(margin_cross_entropy)
    .Doc("Margin softmax cross entropy (ArcFace/CosFace/SphereFace): the label's logit "
         "cos(theta) becomes cos(margin1 * theta + margin2) - margin3, every logit is "
         "multiplied by scale, and Loss is the softmax cross entropy of the result.",
         "带间隔的 softmax 交叉熵（ArcFace/CosFace/SphereFace）：标签处的 logit cos(theta) 变为 "
         "cos(margin1 * theta + margin2) - margin3，所有 logit 乘以 scale，Loss 为其 softmax "
         "交叉熵。")
    .Input(kLogits, "Logits", "Cosines of the features and class centers, [N, C], in [-1, 1].",
           "特征与类中心的余弦，[N, C]，取值于 [-1, 1]。")
    .Input(kMcLabel, "Label", "int32 or int64 classes, [N] or [N, 1].",
           "int32 或 int64 类别，[N] 或 [N, 1]。")
    .Output(kSoftmax, "Softmax", "The softmax of the scaled margin logits, [N, C].",
            "缩放后带间隔 logit 的 softmax，[N, C]。")
    .Output(kLoss, "Loss", "Each row's loss, [N, 1].", "每行的损失，[N, 1]。")
    .Attr<bool>(kReturnSoftmax, "return_softmax", false,
                "Whether the caller wants Softmax (it is always written).",
                "调用方是否需要 Softmax（Softmax 总会写出）。")
    .Attr<int32_t>(kMcRingId, "ring_id", 0, "The communication ring (multi-process only; unused).",
                   "通信环（仅多进程；未使用）。")
    .Attr<int32_t>(kMcRank, "rank", 0, "This process's rank (unused: single process).",
                   "本进程的 rank（未使用：单进程）。")
    .Attr<int32_t>(kMcNranks, "nranks", 1, "The number of processes; must be 1 here.",
                   "进程数；此处必须为 1。")
    .Attr<float>(kMargin1, "margin1", 1.0f, "m1: multiplies the label's angle.",
                 "m1：乘以标签处的角度。")
    .Attr<float>(kMargin2, "margin2", 0.5f, "m2: added to the label's angle.",
                 "m2：加到标签处的角度上。")
    .Attr<float>(kMargin3, "margin3", 0.0f, "m3: subtracted from the label's cosine.",
                 "m3：从标签处的余弦中减去。")
    .Attr<float>(kScale, "scale", 64.0f, "s: multiplies every logit.", "s：乘以所有 logit。")
    .InferShape(McInferShape)
    .CpuKernel<float>(McKernel<float>)
    .CpuKernel<double>(McKernel<double>)
    .Grad()
    .Reads(kGLogits, "Logits")
    .Reads(kGLabel, "Label")
    .Reads(kGSoftmax, "Softmax")
    .OutputGrad(kGLossGrad, "Loss")
    .InputGrad(kGLogitsGrad, "Logits")
    .InferShape(McGradInferShape)
    .CpuKernel<float>(McGradKernel<float>)
    .CpuKernel<double>(McGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
