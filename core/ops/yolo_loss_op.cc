// yolov3_loss: the YOLOv3 training loss of one detection head, per image,
// and its gradient for X. Every ground-truth box is matched to the anchor
// (of all `anchors`) whose shape fits it best; if that anchor is one of this
// head's (`anchor_mask`), the cell holding the box's centre gets location
// (sigmoid cross entropy on x, y; L1 on log w, h, weighted by 2 - w * h),
// class (sigmoid cross entropy, label smoothing) and positive objectness
// losses, each times the box's GTScore. Other predictions get a negative
// objectness loss unless they overlap some ground truth by more than
// ignore_thresh. The arithmetic (and the gradient's overwrite of a cell two
// boxes share) follows PaddlePaddle's CPU kernels.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum YoloLossIn { kX, kGTBox, kGTLabel, kGTScore };
enum YoloLossOut { kLoss, kObjectnessMask, kGTMatchMask };
enum YoloLossAttr {
  kAnchors, kAnchorMask, kClassNum, kIgnoreThresh, kDownsample, kLabelSmooth, kScaleXY
};
// The grad op reads the forward's inputs at their slots, then two outputs and Loss@GRAD.
enum YoloLossGradIn { kGradObjMask = kGTScore + 1, kGradMatchMask, kGradLossGrad };
enum YoloLossGradOut { kXGrad };

template <typename T>
struct Box {
  T x, y, w, h;
};

template <typename T>
T Sigmoid(T x) {
  return 1.0 / (1.0 + std::exp(-x));
}
template <typename T>
T SigmoidCrossEntropy(T x, T label) {
  return (x > 0 ? x : 0.0) - x * label + std::log(1.0 + std::exp(-std::abs(x)));
}
template <typename T>
T Overlap1D(T c1, T w1, T c2, T w2) {
  const T left = std::max(c1 - w1 / 2.0, c2 - w2 / 2.0);
  const T right = std::min(c1 + w1 / 2.0, c2 + w2 / 2.0);
  return right - left;
}
template <typename T>
T BoxIoU(const Box<T>& a, const Box<T>& b) {
  const T w = Overlap1D(a.x, a.w, b.x, b.w), h = Overlap1D(a.y, a.h, b.y, b.h);
  const T inter = (w < 0 || h < 0) ? 0.0 : w * h;
  return inter / (a.w * a.h + b.w * b.h - inter);
}
template <typename T>
bool Degenerate(T v) {
  return v < 1e-6;
}

struct Head {
  int64_t n, h, w, boxes;  // images, grid, ground-truth boxes per image
  int an_num, mask_num, class_num, input_size;
  int64_t stride, an_stride;
  int64_t entry(int64_t b, int64_t a, int64_t hw, int64_t e) const {
    return (b * mask_num + a) * an_stride + e * stride + hw;
  }
};

template <typename Ctx>
Head ReadHead(const Ctx& ctx, const DDim& x, const DDim& gt) {
  Head hd;
  hd.n = x[0], hd.h = x[2], hd.w = x[3], hd.boxes = gt[1];
  hd.an_num = static_cast<int>(ctx.template Attr<std::vector<int32_t>>(kAnchors).size() / 2);
  hd.mask_num = static_cast<int>(ctx.template Attr<std::vector<int32_t>>(kAnchorMask).size());
  hd.class_num = ctx.template Attr<int32_t>(kClassNum);
  hd.input_size = static_cast<int>(ctx.template Attr<int32_t>(kDownsample) * hd.h);
  hd.stride = hd.h * hd.w;
  hd.an_stride = (hd.class_num + 5) * hd.stride;
  return hd;
}

void CheckYoloLoss(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(kX), box = ctx.InputDim(kGTBox);
  const auto& anchors = ctx.Attr<std::vector<int32_t>>(kAnchors);
  const auto& mask = ctx.Attr<std::vector<int32_t>>(kAnchorMask);
  const int class_num = ctx.Attr<int32_t>(kClassNum);
  PD_CHECK(!anchors.empty() && anchors.size() % 2 == 0, InvalidArgument, "[", op,
           "] attribute 'anchors' must hold (width, height) pairs, got ", anchors.size(),
           " values");
  PD_CHECK(!mask.empty(), InvalidArgument, "[", op, "] attribute 'anchor_mask' is empty");
  for (int32_t m : mask)
    PD_CHECK(m >= 0 && m < static_cast<int32_t>(anchors.size() / 2), InvalidArgument, "[", op,
             "] anchor_mask entry ", m, " is not an anchor index in [0, ", anchors.size() / 2,
             ")");
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op, "] input 'X' must be 4-D [N, C, H, W], got ",
           x.ToString());
  PD_CHECK(x[2] < 0 || x[3] < 0 || x[2] == x[3], InvalidArgument, "[", op,
           "] input 'X' must have a square grid (H == W), got ", x.ToString());
  const int64_t want_c = static_cast<int64_t>(mask.size()) * (5 + class_num);
  PD_CHECK(x[1] < 0 || x[1] == want_c, InvalidArgument, "[", op, "] input 'X' ", x.ToString(),
           " must have anchor_mask size * (5 + class_num) = ", want_c, " channels");
  PD_CHECK(box.rank() == 3 && (box[2] == 4 || box[2] < 0), InvalidArgument, "[", op,
           "] input 'GTBox' must be [N, B, 4] (x, y, w, h), got ", box.ToString());
  PD_CHECK(box[0] < 0 || x[0] < 0 || box[0] == x[0], InvalidArgument, "[", op, "] GTBox ",
           box.ToString(), " must have X's batch size ", x[0]);
  CheckInputShape(ctx, kGTLabel, DDim{box[0], box[1]}, "GTBox's [N, B]");
  if (ctx.HasInput(kGTScore))
    CheckInputShape(ctx, kGTScore, DDim{box[0], box[1]}, "GTBox's [N, B]");
}

void YoloLossInferShape(InferShapeContext& ctx) {
  CheckYoloLoss(ctx);
  const DDim x = ctx.InputDim(kX), box = ctx.InputDim(kGTBox);
  const int64_t mask_num = ctx.Attr<std::vector<int32_t>>(kAnchorMask).size();
  ctx.SetOutputDim(kLoss, DDim{x[0]});
  if (ctx.HasOutput(kObjectnessMask))
    ctx.SetOutputDim(kObjectnessMask, DDim{x[0], mask_num, x[2], x[3]});
  if (ctx.HasOutput(kGTMatchMask)) {
    ctx.SetOutputDim(kGTMatchMask, DDim{box[0], box[1]});
    ctx.SetOutputDtype(kGTMatchMask, DataType::kInt32);
  }
}

const int32_t* Labels(const KernelContext& ctx) {
  const DenseTensor& t = ctx.Input(kGTLabel);
  PD_CHECK(t.dtype() == DataType::kInt32, InvalidArgument, "[", ctx.op_type(),
           "] input 'GTLabel' must be int32, got ", DataTypeName(t.dtype()));
  return t.data<int32_t>();
}

template <typename T>
Box<T> PredBox(const T* x, const std::vector<int32_t>& anchors, int64_t l, int64_t k, int an,
               const Head& hd, int64_t index, T scale, T bias) {
  return Box<T>{(l + Sigmoid(x[index]) * scale + bias) / hd.h,
                (k + Sigmoid(x[index + hd.stride]) * scale + bias) / hd.h,
                std::exp(x[index + 2 * hd.stride]) * anchors[2 * an] / hd.input_size,
                std::exp(x[index + 3 * hd.stride]) * anchors[2 * an + 1] / hd.input_size};
}

// The location targets of a matched box: tx, ty (offsets in the cell), tw, th (log sizes).
template <typename T>
void LocationTargets(const Box<T>& gt, const std::vector<int32_t>& anchors, int an, int64_t gi,
                     int64_t gj, const Head& hd, T t[4]) {
  t[0] = gt.x * hd.h - gi;
  t[1] = gt.y * hd.h - gj;
  t[2] = std::log(gt.w * hd.input_size / anchors[2 * an]);
  t[3] = std::log(gt.h * hd.input_size / anchors[2 * an + 1]);
}

template <typename T>
void YoloLossKernel(KernelContext& ctx) {
  const DenseTensor& xt = ctx.Input(kX);
  const Head hd = ReadHead(ctx, xt.dims(), ctx.Input(kGTBox).dims());
  const auto& anchors = ctx.Attr<std::vector<int32_t>>(kAnchors);
  const auto& mask = ctx.Attr<std::vector<int32_t>>(kAnchorMask);
  const float ignore = ctx.Attr<float>(kIgnoreThresh);
  T pos = 1.0, neg = 0.0;
  if (ctx.Attr<bool>(kLabelSmooth)) {
    const T smooth = std::min(1.0 / static_cast<T>(hd.class_num), 1.0 / 40);
    pos = 1.0 - smooth, neg = smooth;
  }
  const T scale = ctx.Attr<float>(kScaleXY), bias = -0.5 * (scale - 1.);
  const T* x = xt.data<T>();
  const T* gt = ctx.Input(kGTBox).data<T>();
  const int32_t* labels = Labels(ctx);
  const T* gt_score = ctx.HasInput(kGTScore) ? ctx.Input(kGTScore).data<T>() : nullptr;
  T* loss = ctx.Output(kLoss)->MutableData<T>(ctx.place());
  std::fill(loss, loss + hd.n, T(0));
  DenseTensor* obj_t = ctx.Output(kObjectnessMask);
  obj_t->Resize(DDim{hd.n, hd.mask_num, hd.h, hd.w});
  T* obj = obj_t->MutableData<T>(ctx.place());
  std::fill(obj, obj + obj_t->numel(), T(0));
  DenseTensor* match_t = ctx.Output(kGTMatchMask);
  match_t->Resize(DDim{hd.n, hd.boxes});
  int32_t* match = match_t->MutableData<int32_t>(ctx.place());
  auto gt_box = [&](int64_t b, int64_t t) {
    const T* p = gt + (b * hd.boxes + t) * 4;
    return Box<T>{p[0], p[1], p[2], p[3]};
  };
  for (int64_t b = 0; b < hd.n; ++b) {
    // Predictions overlapping a ground truth by more than ignore_thresh get no objectness loss.
    for (int j = 0; j < hd.mask_num; ++j)
      for (int64_t k = 0; k < hd.h; ++k)
        for (int64_t l = 0; l < hd.w; ++l) {
          const Box<T> pred =
              PredBox(x, anchors, l, k, mask[j], hd, hd.entry(b, j, k * hd.w + l, 0), scale, bias);
          T best = 0;
          for (int64_t t = 0; t < hd.boxes; ++t) {
            const Box<T> g = gt_box(b, t);
            if (Degenerate(g.w) || Degenerate(g.h)) continue;
            best = std::max(best, BoxIoU(pred, g));
          }
          if (best > ignore) obj[(b * hd.mask_num + j) * hd.stride + k * hd.w + l] = T(-1);
        }
    for (int64_t t = 0; t < hd.boxes; ++t) {
      const Box<T> g = gt_box(b, t);
      if (Degenerate(g.w) || Degenerate(g.h)) {
        match[b * hd.boxes + t] = -1;
        continue;
      }
      const int64_t gi = static_cast<int64_t>(g.x * hd.w), gj = static_cast<int64_t>(g.y * hd.h);
      const Box<T> shape{0, 0, g.w, g.h};
      float best_iou = 0;
      int best_n = 0;
      for (int a = 0; a < hd.an_num; ++a) {
        const Box<T> an{0, 0, anchors[2 * a] / static_cast<T>(hd.input_size),
                        anchors[2 * a + 1] / static_cast<T>(hd.input_size)};
        const float iou = BoxIoU(an, shape);
        if (iou > best_iou) best_iou = iou, best_n = a;
      }
      const int mask_idx = static_cast<int>(
          std::find(mask.begin(), mask.end(), best_n) == mask.end()
              ? -1 : std::find(mask.begin(), mask.end(), best_n) - mask.begin());
      match[b * hd.boxes + t] = mask_idx;
      if (mask_idx < 0) continue;
      PD_CHECK(gi >= 0 && gi < hd.w && gj >= 0 && gj < hd.h, InvalidArgument, "[",
               ctx.op_type(), "] GTBox[", b, ", ", t, "] centre (", g.x, ", ", g.y,
               ") is outside [0, 1)");
      const int label = labels[b * hd.boxes + t];
      PD_CHECK(label >= 0 && label < hd.class_num, InvalidArgument, "[", ctx.op_type(),
               "] GTLabel[", b, ", ", t, "] is ", label, ", not in [0, class_num = ",
               hd.class_num, ")");
      const T score = gt_score ? gt_score[b * hd.boxes + t] : T(1);
      const int64_t hw = gj * hd.w + gi, bi = hd.entry(b, mask_idx, hw, 0);
      T tg[4];
      LocationTargets(g, anchors, best_n, gi, gj, hd, tg);
      const T wscale = (2.0 - g.w * g.h) * score;
      loss[b] += SigmoidCrossEntropy(x[bi], tg[0]) * wscale;
      loss[b] += SigmoidCrossEntropy(x[bi + hd.stride], tg[1]) * wscale;
      loss[b] += std::abs(tg[2] - x[bi + 2 * hd.stride]) * wscale;
      loss[b] += std::abs(tg[3] - x[bi + 3 * hd.stride]) * wscale;
      obj[(b * hd.mask_num + mask_idx) * hd.stride + hw] = score;
      const int64_t li = hd.entry(b, mask_idx, hw, 5);
      for (int c = 0; c < hd.class_num; ++c)
        loss[b] += SigmoidCrossEntropy(x[li + c * hd.stride], c == label ? pos : neg) * score;
    }
  }
  // Objectness: positive cells weighted by their score, negatives (mask 0) by 1, ignored (-1) not.
  for (int64_t b = 0; b < hd.n; ++b)
    for (int j = 0; j < hd.mask_num; ++j)
      for (int64_t hw = 0; hw < hd.stride; ++hw) {
        const T o = obj[(b * hd.mask_num + j) * hd.stride + hw];
        const T v = x[hd.entry(b, j, hw, 4)];
        if (o > 1e-5) loss[b] += SigmoidCrossEntropy(v, T(1.0)) * o;
        else if (o > -0.5) loss[b] += SigmoidCrossEntropy(v, T(0.0));
      }
}

void YoloLossGradInferShape(InferShapeContext& ctx) {
  CheckYoloLoss(ctx);
  CheckInputShape(ctx, kGradLossGrad, DDim{ctx.InputDim(kX)[0]}, "[N]");
  GradShapeLike(ctx, kX, kXGrad);
}

template <typename T>
void YoloLossGradKernel(KernelContext& ctx) {
  const DenseTensor& xt = ctx.Input(kX);
  const Head hd = ReadHead(ctx, xt.dims(), ctx.Input(kGTBox).dims());
  const auto& anchors = ctx.Attr<std::vector<int32_t>>(kAnchors);
  const auto& mask = ctx.Attr<std::vector<int32_t>>(kAnchorMask);
  T pos = 1.0, neg = 0.0;
  if (ctx.Attr<bool>(kLabelSmooth)) {
    const T smooth = std::min(1.0 / static_cast<T>(hd.class_num), 1.0 / 40);
    pos = 1.0 - smooth, neg = smooth;
  }
  const T* x = xt.data<T>();
  const T* gt = ctx.Input(kGTBox).data<T>();
  const int32_t* labels = Labels(ctx);
  const T* gt_score = ctx.HasInput(kGTScore) ? ctx.Input(kGTScore).data<T>() : nullptr;
  const T* obj = ctx.Input(kGradObjMask).data<T>();
  const int32_t* match = ctx.Input(kGradMatchMask).data<int32_t>();
  const T* dloss = ctx.Input(kGradLossGrad).data<T>();
  T* dx = ctx.Output(kXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xt.numel(), T(0));
  auto sce_grad = [](T v, T label) { return Sigmoid(v) - label; };
  for (int64_t b = 0; b < hd.n; ++b) {
    for (int64_t t = 0; t < hd.boxes; ++t) {
      const int mask_idx = match[b * hd.boxes + t];
      if (mask_idx < 0) continue;
      const T* p = gt + (b * hd.boxes + t) * 4;
      const Box<T> g{p[0], p[1], p[2], p[3]};
      const int64_t gi = static_cast<int64_t>(g.x * hd.w), gj = static_cast<int64_t>(g.y * hd.h);
      const T score = gt_score ? gt_score[b * hd.boxes + t] : T(1);
      const int64_t hw = gj * hd.w + gi, bi = hd.entry(b, mask_idx, hw, 0);
      T tg[4];
      LocationTargets(g, anchors, mask[mask_idx], gi, gj, hd, tg);
      const T wscale = (2.0 - g.w * g.h) * score * dloss[b];
      dx[bi] = sce_grad(x[bi], tg[0]) * wscale;
      dx[bi + hd.stride] = sce_grad(x[bi + hd.stride], tg[1]) * wscale;
      dx[bi + 2 * hd.stride] = (x[bi + 2 * hd.stride] > tg[2] ? 1.0 : -1.0) * wscale;
      dx[bi + 3 * hd.stride] = (x[bi + 3 * hd.stride] > tg[3] ? 1.0 : -1.0) * wscale;
      const int label = labels[b * hd.boxes + t];
      const int64_t li = hd.entry(b, mask_idx, hw, 5);
      for (int c = 0; c < hd.class_num; ++c)
        dx[li + c * hd.stride] =
            sce_grad(x[li + c * hd.stride], c == label ? pos : neg) * dloss[b] * score;
    }
    for (int j = 0; j < hd.mask_num; ++j)
      for (int64_t hw = 0; hw < hd.stride; ++hw) {
        const T o = obj[(b * hd.mask_num + j) * hd.stride + hw];
        const int64_t i = hd.entry(b, j, hw, 4);
        if (o > 1e-5) dx[i] = sce_grad(x[i], T(1.0)) * o * dloss[b];
        else if (o > -0.5) dx[i] = sce_grad(x[i], T(0.0)) * dloss[b];
      }
  }
}

PD_REGISTER_OP(yolov3_loss)
    .Doc("The YOLOv3 loss of one detection head X [N, len(anchor_mask) * (5 + class_num), H, "
         "H], per image: location (sigmoid cross entropy on the centre offsets, L1 on the log "
         "sizes, weighted by 2 - w * h), class and objectness losses for each ground-truth box "
         "at the cell of its centre, with the anchor that fits its shape best if that anchor "
         "is in anchor_mask; a negative objectness loss for every other prediction unless it "
         "overlaps a ground truth by more than ignore_thresh. Each box's losses are weighted "
         "by its GTScore (1 without it).",
         "单个检测头 X [N, len(anchor_mask) * (5 + class_num), H, H] 的 YOLOv3 损失，按图像给出："
         "对每个真实框，在其中心所在的单元、用形状最匹配的锚框（若该锚框在 anchor_mask 中）计算"
         "位置损失（中心偏移用 sigmoid 交叉熵，对数尺寸用 L1，权重为 2 - w * h）、类别损失与"
         "目标性损失；其余预测计算负样本目标性损失，除非它与某个真实框的重叠超过 ignore_thresh。"
         "每个框的损失乘以其 GTScore（未给出时为 1）。")
    .Input(kX, "X", "The head output [N, C, H, H].", "检测头输出 [N, C, H, H]。")
    .Input(kGTBox, "GTBox",
           "The ground-truth boxes [N, B, 4] as (centre x, centre y, w, h), normalized to the "
           "image; boxes with w or h <= 0 are padding.",
           "真实框 [N, B, 4]，格式为 (中心 x, 中心 y, w, h)，按图像归一化；w 或 h <= 0 的框为填充。")
    .Input(kGTLabel, "GTLabel", "The boxes' classes [N, B], int32.", "框的类别 [N, B]，int32。")
    .Input(kGTScore, "GTScore", "The boxes' weights [N, B] (mixup scores).",
           "框的权重 [N, B]（mixup 得分）。")
    .Dispensable()
    .Output(kLoss, "Loss", "The loss of each image [N].", "每张图像的损失 [N]。")
    .Output(kObjectnessMask, "ObjectnessMask",
            "The objectness target of every prediction [N, len(anchor_mask), H, H]: the score "
            "of a matched box, 0 for a negative, -1 when ignored.",
            "每个预测的目标性目标 [N, len(anchor_mask), H, H]：匹配框的得分，负样本为 0，"
            "忽略时为 -1。")
    .Intermediate()
    .Output(kGTMatchMask, "GTMatchMask",
            "The anchor_mask index each box was matched to [N, B], int32 (-1: none).",
            "每个框匹配到的 anchor_mask 下标 [N, B]，int32（-1 表示没有）。")
    .Intermediate()
    .Attr<std::vector<int32_t>>(kAnchors, "anchors", {},
                                "All anchors' (width, height) pairs, in input-image pixels.",
                                "所有锚框的 (宽, 高) 对，以输入图像像素计。")
    .Attr<std::vector<int32_t>>(kAnchorMask, "anchor_mask", {},
                                "The indices of this head's anchors in `anchors`.",
                                "本检测头所用锚框在 anchors 中的下标。")
    .Attr<int32_t>(kClassNum, "class_num", 1, "The number of classes.", "类别数。")
    .AtLeast(1)
    .Attr<float>(kIgnoreThresh, "ignore_thresh", 0.7f,
                 "Predictions overlapping a ground truth above this get no objectness loss.",
                 "与真实框重叠超过此值的预测不计算目标性损失。")
    .Attr<int32_t>(kDownsample, "downsample_ratio", 32,
                   "The input image size over the grid size (32, 16, 8).",
                   "输入图像尺寸与网格尺寸之比（32、16、8）。")
    .AtLeast(1)
    .Attr<bool>(kLabelSmooth, "use_label_smooth", true,
                "Smooths the class targets to 1 - s and s, s = min(1 / class_num, 1 / 40).",
                "将类别目标平滑为 1 - s 与 s，s = min(1 / class_num, 1 / 40)。")
    .Attr<float>(kScaleXY, "scale_x_y", 1.0f, "Scales the decoded centre offsets.",
                 "缩放解码得到的中心偏移。")
    .InferShape(YoloLossInferShape)
    .CpuKernel<float>(YoloLossKernel<float>)
    .CpuKernel<double>(YoloLossKernel<double>)
    .Grad("yolov3_loss_grad")
    .Reads(kX, "X")
    .Reads(kGTBox, "GTBox")
    .Reads(kGTLabel, "GTLabel")
    .Reads(kGTScore, "GTScore")
    .Reads(kGradObjMask, "ObjectnessMask")
    .Reads(kGradMatchMask, "GTMatchMask")
    .OutputGrad(kGradLossGrad, "Loss")
    .InputGrad(kXGrad, "X")
    .InferShape(YoloLossGradInferShape)
    .CpuKernel<float>(YoloLossGradKernel<float>)
    .CpuKernel<double>(YoloLossGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
