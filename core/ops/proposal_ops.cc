// Detection post-processing and two-stage proposal ops, without gradients as
// in PaddlePaddle: matrix_nms (SOLOv2's parallel soft suppression per class),
// generate_proposals_v2 (RPN anchors decoded, clipped, filtered and
// suppressed per image) and distribute_fpn_proposals (boxes assigned to FPN
// levels by scale). Output sizes depend on values, so shape inference leaves
// them -1 and the kernels set them. Orders, boundary tests and the legacy +1
// pixel areas follow PaddlePaddle's CPU kernels.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// The area of an [x1, y1, x2, y2] box; pixel boxes (not normalized) count both end pixels.
template <typename T>
T BoxArea(const T* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return T(0);
  const T w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

template <typename T>
T Jaccard(const T* a, const T* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return T(0);
  const T norm = normalized ? T(0) : T(1);
  const T iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + norm;
  const T ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + norm;
  const T inter = iw * ih;
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

// ---- matrix_nms ----

enum MatrixNmsIn { kBBoxes, kScores };
enum MatrixNmsOut { kMOut, kMIndex, kMRoisNum };
enum MatrixNmsAttr {
  kScoreThreshold, kNmsTopK, kKeepTopK, kPostThreshold, kUseGaussian, kGaussianSigma,
  kBackgroundLabel, kNormalized
};

void MatrixNmsInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim boxes = ctx.InputDim(kBBoxes), scores = ctx.InputDim(kScores);
  PD_CHECK(boxes.rank() == 3 && (boxes[2] == 4 || boxes[2] < 0), InvalidArgument, "[", op,
           "] input 'BBoxes' must be [N, M, 4], got ", boxes.ToString());
  PD_CHECK(scores.rank() == 3, InvalidArgument, "[", op,
           "] input 'Scores' must be [N, C, M], got ", scores.ToString());
  PD_CHECK(boxes[1] < 0 || scores[2] < 0 || boxes[1] == scores[2], InvalidArgument, "[", op,
           "] Scores ", scores.ToString(), " must score the ", boxes[1], " boxes of BBoxes ",
           boxes.ToString(), " (its last dim)");
  PD_CHECK(boxes[0] < 0 || scores[0] < 0 || boxes[0] == scores[0], InvalidArgument, "[", op,
           "] BBoxes ", boxes.ToString(), " and Scores ", scores.ToString(),
           " must have one batch size");
  ctx.SetOutputDim(kMOut, DDim{-1, 6});
  ctx.SetOutputDim(kMIndex, DDim{-1, 1});
  ctx.SetOutputDtype(kMIndex, DataType::kInt32);
  if (ctx.HasOutput(kMRoisNum)) {
    ctx.SetOutputDim(kMRoisNum, DDim{boxes[0]});
    ctx.SetOutputDtype(kMRoisNum, DataType::kInt32);
  }
}

// One class of one image: the kept box indices and their decayed scores.
template <typename T>
void MatrixNmsClass(const T* boxes, const T* scores, int64_t m, const KernelContext& ctx,
                    std::vector<int>* kept, std::vector<T>* kept_scores) {
  const float score_threshold = ctx.Attr<float>(kScoreThreshold);
  const float post_threshold = ctx.Attr<float>(kPostThreshold);
  const int top_k = ctx.Attr<int32_t>(kNmsTopK);
  const bool gaussian = ctx.Attr<bool>(kUseGaussian), normalized = ctx.Attr<bool>(kNormalized);
  const T sigma = ctx.Attr<float>(kGaussianSigma);
  std::vector<int> perm(static_cast<size_t>(m));
  std::iota(perm.begin(), perm.end(), 0);
  auto end = std::remove_if(perm.begin(), perm.end(),
                            [&](int i) { return scores[i] <= score_threshold; });
  int64_t num = end - perm.begin();
  if (num <= 0) return;
  if (top_k > -1 && num > top_k) num = top_k;
  std::partial_sort(perm.begin(), perm.begin() + num, end,
                    [&](int a, int b) { return scores[a] > scores[b]; });
  // iou[i][j] (j < i) and each box's largest IoU with a higher-scored box.
  std::vector<T> iou(static_cast<size_t>(num * (num - 1) / 2)), iou_max(num, T(0));
  for (int64_t i = 1, p = 0; i < num; ++i) {
    T best = 0;
    for (int64_t j = 0; j < i; ++j) {
      const T v = Jaccard(boxes + 4 * perm[i], boxes + 4 * perm[j], normalized);
      best = std::max(best, v);
      iou[p++] = v;
    }
    iou_max[i] = best;
  }
  if (scores[perm[0]] > post_threshold) {
    kept->push_back(perm[0]);
    kept_scores->push_back(scores[perm[0]]);
  }
  for (int64_t i = 1, p = 0; i < num; ++i) {
    T decay = 1.;
    for (int64_t j = 0; j < i; ++j) {
      const T v = iou[p + j], vmax = iou_max[j];
      const T d = gaussian ? std::exp((vmax * vmax - v * v) * sigma) : (1. - v) / (1. - vmax);
      decay = std::min(decay, d);
    }
    p += i;
    const T s = decay * scores[perm[i]];
    if (s <= post_threshold) continue;
    kept->push_back(perm[i]);
    kept_scores->push_back(s);
  }
}

template <typename T>
void MatrixNmsKernel(KernelContext& ctx) {
  const DenseTensor& boxes_t = ctx.Input(kBBoxes);
  const DenseTensor& scores_t = ctx.Input(kScores);
  const int64_t n = boxes_t.dims()[0], m = boxes_t.dims()[1], classes = scores_t.dims()[1];
  const int background = ctx.Attr<int32_t>(kBackgroundLabel);
  const int keep_top_k = ctx.Attr<int32_t>(kKeepTopK);
  std::vector<T> rows;
  std::vector<int32_t> index, counts;
  for (int64_t b = 0; b < n; ++b) {
    const T* boxes = boxes_t.data<T>() + b * m * 4;
    std::vector<int> all_idx, all_cls;
    std::vector<T> all_scores;
    for (int64_t c = 0; c < classes; ++c) {
      if (c == background) continue;
      const size_t before = all_idx.size();
      MatrixNmsClass(boxes, scores_t.data<T>() + (b * classes + c) * m, m, ctx, &all_idx,
                     &all_scores);
      all_cls.insert(all_cls.end(), all_idx.size() - before, static_cast<int>(c));
    }
    std::vector<int> perm(all_idx.size());
    std::iota(perm.begin(), perm.end(), 0);
    std::sort(perm.begin(), perm.end(),
              [&](int a, int c) { return all_scores[a] > all_scores[c]; });
    int64_t num = static_cast<int64_t>(perm.size());
    if (keep_top_k > -1) num = std::min<int64_t>(num, keep_top_k);
    for (int64_t i = 0; i < num; ++i) {
      const int k = perm[i];
      const T* box = boxes + 4 * all_idx[k];
      rows.insert(rows.end(), {static_cast<T>(all_cls[k]), all_scores[k], box[0], box[1], box[2],
                               box[3]});
      index.push_back(static_cast<int32_t>(b * m + all_idx[k]));
    }
    counts.push_back(static_cast<int32_t>(num));
  }
  const int64_t total = static_cast<int64_t>(index.size());
  DenseTensor* out = ctx.Output(kMOut);
  out->Resize(DDim{total, 6});
  std::copy(rows.begin(), rows.end(), out->MutableData<T>(ctx.place()));
  DenseTensor* idx = ctx.Output(kMIndex);
  idx->Resize(DDim{total, 1});
  std::copy(index.begin(), index.end(), idx->MutableData<int32_t>(ctx.place()));
  if (ctx.HasOutput(kMRoisNum)) {
    DenseTensor* num = ctx.Output(kMRoisNum);
    num->Resize(DDim{n});
    std::copy(counts.begin(), counts.end(), num->MutableData<int32_t>(ctx.place()));
  }
}

PD_REGISTER_OP(matrix_nms)
    .Doc("Matrix NMS (SOLOv2): per image and class (but background_label), the boxes scoring "
         "above score_threshold (the nms_top_k best) are sorted by score and each score is "
         "decayed by its IoUs with higher-scored boxes, min over j of (1 - iou_ij) / (1 - "
         "max_iou_j), or exp((max_iou_j^2 - iou_ij^2) * gaussian_sigma) with use_gaussian; "
         "boxes whose decayed score exceeds post_threshold are kept, the keep_top_k best of "
         "all classes per image. Out rows are [label, score, x1, y1, x2, y2].",
         "Matrix NMS（SOLOv2）：对每张图像的每个类别（background_label 除外），得分高于 "
         "score_threshold 的框（至多 nms_top_k 个）按得分排序，每个得分按其与更高得分框的 IoU "
         "衰减：对 j 取 (1 - iou_ij) / (1 - max_iou_j) 的最小值，use_gaussian 时为 "
         "exp((max_iou_j^2 - iou_ij^2) * gaussian_sigma)；衰减后得分超过 post_threshold 的框被"
         "保留，每张图像保留所有类别中最好的 keep_top_k 个。Out 的每行为 [label, score, x1, y1, "
         "x2, y2]。")
    .Input(kBBoxes, "BBoxes", "The boxes [N, M, 4] as [x1, y1, x2, y2].",
           "框 [N, M, 4]，格式为 [x1, y1, x2, y2]。")
    .Input(kScores, "Scores", "The class scores [N, C, M].", "类别得分 [N, C, M]。")
    .Output(kMOut, "Out", "The kept detections [num_kept, 6]: label, score, box.",
            "保留的检测结果 [num_kept, 6]：类别、得分、框。")
    .Output(kMIndex, "Index",
            "Each kept box's index among all N * M boxes, [num_kept, 1], int32.",
            "每个保留框在全部 N * M 个框中的下标，[num_kept, 1]，int32。")
    .Output(kMRoisNum, "RoisNum", "The number of kept boxes of each image [N], int32.",
            "每张图像保留的框数 [N]，int32。")
    .Dispensable()
    .RequiredAttr<float>(kScoreThreshold, "score_threshold",
                         "Boxes scoring at or below this are dropped first.",
                         "得分不高于此值的框先被去掉。")
    .RequiredAttr<int32_t>(kNmsTopK, "nms_top_k",
                           "The boxes per class considered, best first; -1 means all.",
                           "每个类别参与的框数（按得分从高到低）；-1 表示全部。")
    .RequiredAttr<int32_t>(kKeepTopK, "keep_top_k",
                           "The boxes kept per image, best first; -1 means all.",
                           "每张图像保留的框数（按得分从高到低）；-1 表示全部。")
    .Attr<float>(kPostThreshold, "post_threshold", 0.0f,
                 "Boxes whose decayed score is at or below this are dropped.",
                 "衰减后得分不高于此值的框被去掉。")
    .Attr<bool>(kUseGaussian, "use_gaussian", false, "Decays with the Gaussian kernel.",
                "使用高斯核衰减。")
    .Attr<float>(kGaussianSigma, "gaussian_sigma", 2.0f, "The Gaussian kernel's sigma.",
                 "高斯核的 sigma。")
    .Attr<int32_t>(kBackgroundLabel, "background_label", 0,
                   "The class that is skipped; -1 means none.", "被跳过的类别；-1 表示没有。")
    .Attr<bool>(kNormalized, "normalized", true,
                "Boxes are normalized; false counts both end pixels in areas.",
                "框已归一化；为 false 时面积计入两端像素。")
    .InferShape(MatrixNmsInferShape)
    .KernelDtypeFrom("BBoxes")
    .CpuKernel<float>(MatrixNmsKernel<float>)
    .CpuKernel<double>(MatrixNmsKernel<double>);

// ---- generate_proposals_v2 ----

enum ProposalIn { kPScores, kPDeltas, kPImShape, kPAnchors, kPVariances };
enum ProposalOut { kPRois, kPProbs, kPRoisNum };
enum ProposalAttr { kPreNmsTopN, kPostNmsTopN, kNmsThresh, kMinSize, kEta, kPixelOffset };

void GenerateProposalsInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim scores = ctx.InputDim(kPScores), anchors = ctx.InputDim(kPAnchors);
  PD_CHECK(scores.rank() == 4, InvalidArgument, "[", op,
           "] input 'Scores' must be [N, A, H, W], got ", scores.ToString());
  const int64_t a = scores[1];
  CheckInputShape(ctx, kPDeltas, DDim{scores[0], a < 0 ? -1 : 4 * a, scores[2], scores[3]},
                  "[N, 4 * A, H, W] for Scores [N, A, H, W]");
  CheckInputShape(ctx, kPImShape, DDim{scores[0], 2}, "[N, 2] (height, width)");
  CheckInputShape(ctx, kPAnchors, DDim{scores[2], scores[3], a, 4},
                  "[H, W, A, 4] for Scores [N, A, H, W]");
  CheckInputShape(ctx, kPVariances, anchors, "Anchors' shape");
  ctx.SetOutputDim(kPRois, DDim{-1, 4});
  ctx.SetOutputDim(kPProbs, DDim{-1, 1});
  if (ctx.HasOutput(kPRoisNum)) {
    ctx.SetOutputDim(kPRoisNum, DDim{scores[0]});
    ctx.SetOutputDtype(kPRoisNum, DataType::kInt32);
  }
}

// Greedy NMS with PaddlePaddle's adaptive threshold (eta < 1 lowers it after each kept box
// while it is above 0.5): the kept positions, best score first.
template <typename T>
std::vector<int64_t> AdaptiveNms(const std::vector<T>& boxes, const std::vector<T>& scores,
                                 float threshold, float eta, bool normalized) {
  std::vector<int64_t> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return scores[a] < scores[b]; });
  std::vector<int64_t> kept;
  T adaptive = threshold;
  while (!order.empty()) {
    const int64_t i = order.back();
    order.pop_back();
    bool keep = true;
    for (int64_t k : kept) {
      if (Jaccard(&boxes[4 * i], &boxes[4 * k], normalized) > adaptive) {
        keep = false;
        break;
      }
    }
    if (!keep) continue;
    kept.push_back(i);
    if (eta < 1 && adaptive > 0.5) adaptive *= eta;
  }
  return kept;
}

template <typename T>
void GenerateProposalsKernel(KernelContext& ctx) {
  const DenseTensor& scores_t = ctx.Input(kPScores);
  const int64_t n = scores_t.dims()[0], a = scores_t.dims()[1], h = scores_t.dims()[2],
                w = scores_t.dims()[3], total = a * h * w;
  const T* scores = scores_t.data<T>();
  const T* deltas = ctx.Input(kPDeltas).data<T>();
  const T* im_shape = ctx.Input(kPImShape).data<T>();
  const T* anchors = ctx.Input(kPAnchors).data<T>();
  const T* variances = ctx.Input(kPVariances).data<T>();
  const int pre_n = ctx.Attr<int32_t>(kPreNmsTopN), post_n = ctx.Attr<int32_t>(kPostNmsTopN);
  const float nms_thresh = ctx.Attr<float>(kNmsThresh), eta = ctx.Attr<float>(kEta);
  const float min_size = std::max(ctx.Attr<float>(kMinSize), 1.0f);
  const bool pixel = ctx.Attr<bool>(kPixelOffset);
  const T offset = pixel ? T(1) : T(0);
  const T clip = static_cast<T>(std::log(1000.0 / 16.0));  // exp clamp of the log sizes
  std::vector<T> rois, probs;
  std::vector<int32_t> counts;
  for (int64_t b = 0; b < n; ++b) {
    // Position p = (y * W + x) * A + anchor, as the anchors are laid out.
    auto score_at = [&](int64_t p) {
      const int64_t an = p % a, yx = p / a;
      return scores[(b * a + an) * h * w + yx];
    };
    std::vector<int64_t> order(static_cast<size_t>(total));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t i, int64_t j) { return score_at(i) > score_at(j); });
    if (pre_n > 0 && pre_n < total) order.resize(pre_n);
    const T im_h = im_shape[2 * b], im_w = im_shape[2 * b + 1];
    std::vector<T> boxes, kept_scores;
    for (int64_t p : order) {
      const int64_t an = p % a, yx = p / a;
      const T* anc = anchors + 4 * p;
      const T* var = variances + 4 * p;
      T d[4];
      for (int k = 0; k < 4; ++k) d[k] = deltas[((b * a + an) * 4 + k) * h * w + yx];
      const T aw = anc[2] - anc[0] + offset, ah = anc[3] - anc[1] + offset;
      const T acx = anc[0] + 0.5 * aw, acy = anc[1] + 0.5 * ah;
      const T cx = var[0] * d[0] * aw + acx, cy = var[1] * d[1] * ah + acy;
      const T bw = std::exp(std::min<T>(var[2] * d[2], clip)) * aw;
      const T bh = std::exp(std::min<T>(var[3] * d[3], clip)) * ah;
      T box[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2 - offset, cy + bh / 2 - offset};
      const T lim[4] = {im_w - offset, im_h - offset, im_w - offset, im_h - offset};
      for (int k = 0; k < 4; ++k) box[k] = std::max(std::min(box[k], lim[k]), T(0));
      const T ws = box[2] - box[0] + offset, hs = box[3] - box[1] + offset;
      bool keep = ws >= min_size && hs >= min_size;
      if (pixel) keep = keep && box[0] + ws / 2 <= im_w && box[1] + hs / 2 <= im_h;
      if (!keep) continue;
      boxes.insert(boxes.end(), box, box + 4);
      kept_scores.push_back(score_at(p));
    }
    if (kept_scores.empty()) {  // as PaddlePaddle: one zero box with probability 0
      rois.insert(rois.end(), 4, T(0));
      probs.push_back(T(0));
      counts.push_back(1);
      continue;
    }
    std::vector<int64_t> kept(kept_scores.size());
    std::iota(kept.begin(), kept.end(), 0);
    if (nms_thresh > 0) kept = AdaptiveNms(boxes, kept_scores, nms_thresh, eta, !pixel);
    if (post_n > 0 && post_n < static_cast<int64_t>(kept.size())) kept.resize(post_n);
    for (int64_t i : kept) {
      rois.insert(rois.end(), &boxes[4 * i], &boxes[4 * i] + 4);
      probs.push_back(kept_scores[i]);
    }
    counts.push_back(static_cast<int32_t>(kept.size()));
  }
  const int64_t num = static_cast<int64_t>(probs.size());
  DenseTensor* r = ctx.Output(kPRois);
  r->Resize(DDim{num, 4});
  std::copy(rois.begin(), rois.end(), r->MutableData<T>(ctx.place()));
  DenseTensor* pr = ctx.Output(kPProbs);
  pr->Resize(DDim{num, 1});
  std::copy(probs.begin(), probs.end(), pr->MutableData<T>(ctx.place()));
  if (ctx.HasOutput(kPRoisNum)) {
    DenseTensor* c = ctx.Output(kPRoisNum);
    c->Resize(DDim{n});
    std::copy(counts.begin(), counts.end(), c->MutableData<int32_t>(ctx.place()));
  }
}

PD_REGISTER_OP(generate_proposals_v2)
    .Doc("RPN proposals per image: the pre_nms_topN best-scored anchors are decoded with "
         "BboxDeltas and Variances (log sizes clamped at log(1000 / 16)), clipped to ImShape, "
         "filtered by min_size (and, with pixel_offset, by their centre lying in the image), "
         "then suppressed by NMS at nms_thresh (adaptive with eta < 1); the post_nms_topN best "
         "are kept. An image with no box left gives one zero box with probability 0.",
         "逐图像生成 RPN 候选框：得分最高的 pre_nms_topN 个锚框用 BboxDeltas 与 Variances 解码"
         "（对数尺寸截断于 log(1000 / 16)），截断到 ImShape 内，按 min_size 过滤（pixel_offset "
         "时还要求中心在图像内），再以 nms_thresh 做 NMS（eta < 1 时阈值自适应）；保留最好的 "
         "post_nms_topN 个。没有剩余框的图像给出一个概率为 0 的零框。")
    .Input(kPScores, "Scores", "The objectness scores [N, A, H, W].", "目标性得分 [N, A, H, W]。")
    .Input(kPDeltas, "BboxDeltas", "The box deltas [N, 4 * A, H, W].", "框偏移 [N, 4 * A, H, W]。")
    .Input(kPImShape, "ImShape", "The image sizes [N, 2] as (height, width).",
           "图像尺寸 [N, 2]，格式为 (高, 宽)。")
    .Input(kPAnchors, "Anchors", "The anchors [H, W, A, 4] as [x1, y1, x2, y2].",
           "锚框 [H, W, A, 4]，格式为 [x1, y1, x2, y2]。")
    .Input(kPVariances, "Variances", "The anchors' variances, Anchors' shape.",
           "锚框的方差，形状同 Anchors。")
    .Output(kPRois, "RpnRois", "The proposals [num, 4], image by image.",
            "候选框 [num, 4]，按图像依次排列。")
    .Output(kPProbs, "RpnRoiProbs", "The proposals' scores [num, 1].", "候选框的得分 [num, 1]。")
    .Output(kPRoisNum, "RpnRoisNum", "The number of proposals of each image [N], int32.",
            "每张图像的候选框数 [N]，int32。")
    .Dispensable()
    .RequiredAttr<int32_t>(kPreNmsTopN, "pre_nms_topN",
                           "The anchors decoded per image, best first; <= 0 means all.",
                           "每张图像解码的锚框数（按得分从高到低）；<= 0 表示全部。")
    .RequiredAttr<int32_t>(kPostNmsTopN, "post_nms_topN",
                           "The proposals kept per image after NMS; <= 0 means all.",
                           "NMS 后每张图像保留的候选框数；<= 0 表示全部。")
    .RequiredAttr<float>(kNmsThresh, "nms_thresh", "The NMS IoU threshold; <= 0 skips NMS.",
                         "NMS 的 IoU 阈值；<= 0 时不做 NMS。")
    .RequiredAttr<float>(kMinSize, "min_size",
                         "Proposals narrower or shorter than this (at least 1) are dropped.",
                         "宽或高小于此值（至少为 1）的候选框被去掉。")
    .RequiredAttr<float>(kEta, "eta",
                         "Below 1, the NMS threshold is multiplied by eta after each kept box "
                         "while it is above 0.5.",
                         "小于 1 时，每保留一个框且阈值大于 0.5 时将 NMS 阈值乘以 eta。")
    .Attr<bool>(kPixelOffset, "pixel_offset", true,
                "Pixel boxes: widths and heights count both end pixels.",
                "像素框：宽高计入两端像素。")
    .InferShape(GenerateProposalsInferShape)
    .CpuKernel<float>(GenerateProposalsKernel<float>)
    .CpuKernel<double>(GenerateProposalsKernel<double>);

// ---- distribute_fpn_proposals ----

enum FpnIn { kFpnRois, kFpnRoisNum };
enum FpnOut { kMultiFpnRois, kRestoreIndex, kMultiLevelRoisNum };
enum FpnAttr { kMinLevel, kMaxLevel, kReferLevel, kReferScale, kFpnPixelOffset };

void DistributeFpnInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim rois = ctx.InputDim(kFpnRois);
  PD_CHECK(rois.rank() == 2 && (rois[1] == 4 || rois[1] < 0), InvalidArgument, "[", op,
           "] input 'FpnRois' must be boxes shaped [num_rois, 4], got ", rois.ToString());
  const int min_level = ctx.Attr<int32_t>(kMinLevel), max_level = ctx.Attr<int32_t>(kMaxLevel);
  PD_CHECK(max_level > min_level, InvalidArgument, "[", op, "] max_level (", max_level,
           ") must be greater than min_level (", min_level, ")");
  const size_t levels = static_cast<size_t>(max_level - min_level + 1);
  PD_CHECK(ctx.OutputCount(kMultiFpnRois) == levels, InvalidArgument, "[", op,
           "] output 'MultiFpnRois' must hold one tensor per level (", levels, "), got ",
           ctx.OutputCount(kMultiFpnRois));
  for (size_t i = 0; i < levels; ++i) ctx.SetOutputDim(kMultiFpnRois, DDim{-1, 4}, i);
  ctx.SetOutputDim(kRestoreIndex, DDim{rois[0], 1});
  ctx.SetOutputDtype(kRestoreIndex, DataType::kInt32);
  if (ctx.HasInput(kFpnRoisNum)) {
    const DDim num = ctx.InputDim(kFpnRoisNum);
    PD_CHECK(num.rank() == 1, InvalidArgument, "[", op, "] input 'RoisNum' must be 1-D, got ",
             num.ToString());
  }
  if (ctx.HasOutput(kMultiLevelRoisNum)) {
    PD_CHECK(ctx.OutputCount(kMultiLevelRoisNum) == levels, InvalidArgument, "[", op,
             "] output 'MultiLevelRoIsNum' must hold one tensor per level (", levels, ")");
    const int64_t images = ctx.HasInput(kFpnRoisNum) ? ctx.InputDim(kFpnRoisNum)[0] : -1;
    for (size_t i = 0; i < levels; ++i) {
      ctx.SetOutputDim(kMultiLevelRoisNum, DDim{images}, i);
      ctx.SetOutputDtype(kMultiLevelRoisNum, DataType::kInt32, i);
    }
  }
}

template <typename T>
void DistributeFpnKernel(KernelContext& ctx) {
  const std::string& op = ctx.op_type();
  const DenseTensor& rois_t = ctx.Input(kFpnRois);
  const int64_t num_rois = rois_t.dims()[0];
  const T* rois = rois_t.data<T>();
  const int min_level = ctx.Attr<int32_t>(kMinLevel), max_level = ctx.Attr<int32_t>(kMaxLevel);
  const int refer_level = ctx.Attr<int32_t>(kReferLevel);
  const int refer_scale = ctx.Attr<int32_t>(kReferScale);
  const bool pixel = ctx.Attr<bool>(kFpnPixelOffset);
  const int levels = max_level - min_level + 1;
  std::vector<int64_t> starts;  // box offsets per image
  if (ctx.HasInput(kFpnRoisNum)) {
    starts.push_back(0);
    for (int64_t i = 0; i < ctx.Input(kFpnRoisNum).numel(); ++i) {
      const int64_t c = IntElement(ctx, kFpnRoisNum, 0, i);
      PD_CHECK(c >= 0, InvalidArgument, "[", op, "] RoisNum[", i, "] is negative: ", c);
      starts.push_back(starts.back() + c);
    }
  } else if (!rois_t.lod().empty()) {
    starts.assign(rois_t.lod()[0].begin(), rois_t.lod()[0].end());
  } else {
    starts = {0, num_rois};  // one image
  }
  PD_CHECK(starts.back() == num_rois, InvalidArgument, "[", op, "] RoisNum adds up to ",
           starts.back(), " boxes, but FpnRois holds ", num_rois);
  const int64_t images = static_cast<int64_t>(starts.size()) - 1;
  std::vector<int> level(static_cast<size_t>(num_rois));
  std::vector<int64_t> per_level(levels, 0);
  for (int64_t i = 0; i < num_rois; ++i) {
    const T scale = std::sqrt(BoxArea(rois + 4 * i, !pixel));
    int lvl = static_cast<int>(
        std::floor(std::log2(scale / static_cast<T>(refer_scale) + T(1e-6)) + refer_level));
    lvl = std::min(max_level, std::max(lvl, min_level)) - min_level;
    level[i] = lvl;
    ++per_level[lvl];
  }
  // Each level's boxes image by image in their order; RestoreIndex[i] is box i's position
  // in the levels' concatenation.
  std::vector<int64_t> level_start(levels, 0), filled(levels, 0);
  for (int l = 1; l < levels; ++l) level_start[l] = level_start[l - 1] + per_level[l - 1];
  std::vector<T*> outs(levels);
  std::vector<int32_t*> nums(levels, nullptr);
  for (int l = 0; l < levels; ++l) {
    DenseTensor* o = ctx.Output(kMultiFpnRois, l);
    o->Resize(DDim{per_level[l], 4});
    outs[l] = o->MutableData<T>(ctx.place());
    if (ctx.HasOutput(kMultiLevelRoisNum)) {
      DenseTensor* c = ctx.Output(kMultiLevelRoisNum, l);
      c->Resize(DDim{images});
      nums[l] = c->MutableData<int32_t>(ctx.place());
      std::fill(nums[l], nums[l] + images, 0);
    }
  }
  DenseTensor* restore_t = ctx.Output(kRestoreIndex);
  restore_t->Resize(DDim{num_rois, 1});
  int32_t* restore = restore_t->MutableData<int32_t>(ctx.place());
  for (int64_t img = 0; img < images; ++img) {
    for (int64_t i = starts[img]; i < starts[img + 1]; ++i) {
      const int l = level[i];
      std::copy(rois + 4 * i, rois + 4 * i + 4, outs[l] + 4 * filled[l]);
      restore[i] = static_cast<int32_t>(level_start[l] + filled[l]);
      ++filled[l];
      if (nums[l]) ++nums[l][img];
    }
  }
}

PD_REGISTER_OP(distribute_fpn_proposals)
    .Doc("Assigns each box to an FPN level by its scale: level = floor(log2(sqrt(area) / "
         "refer_scale + 1e-6) + refer_level), clipped to [min_level, max_level]. "
         "MultiFpnRois holds each level's boxes (image by image, in their order), "
         "RestoreIndex each box's position in the levels' concatenation, and "
         "MultiLevelRoIsNum each level's boxes per image.",
         "按尺度将每个框分配到 FPN 层：层级 = floor(log2(sqrt(面积) / refer_scale + 1e-6) + "
         "refer_level)，截断到 [min_level, max_level]。MultiFpnRois 为各层的框（按图像依次、"
         "保持原顺序），RestoreIndex 为每个框在各层拼接结果中的位置，MultiLevelRoIsNum 为各层"
         "每张图像的框数。")
    .Input(kFpnRois, "FpnRois", "The boxes [num_rois, 4] as [x1, y1, x2, y2].",
           "框 [num_rois, 4]，格式为 [x1, y1, x2, y2]。")
    .Input(kFpnRoisNum, "RoisNum",
           "The number of boxes of each image [N], int32 or int64; without it ROIs' LoD, or "
           "one image.",
           "每张图像的框数 [N]，int32 或 int64；不给出时由 LoD 给出，或视为一张图像。")
    .Dispensable()
    .Output(kMultiFpnRois, "MultiFpnRois", "The boxes of each level [n_l, 4].",
            "各层的框 [n_l, 4]。")
    .Duplicable()
    .Output(kRestoreIndex, "RestoreIndex",
            "Each box's position in the levels' concatenation [num_rois, 1], int32.",
            "每个框在各层拼接结果中的位置 [num_rois, 1]，int32。")
    .Output(kMultiLevelRoisNum, "MultiLevelRoIsNum",
            "The boxes of each level per image, [N] each, int32.",
            "各层每张图像的框数，每个为 [N]，int32。")
    .Duplicable()
    .Dispensable()
    .RequiredAttr<int32_t>(kMinLevel, "min_level", "The lowest FPN level.", "最低的 FPN 层级。")
    .RequiredAttr<int32_t>(kMaxLevel, "max_level", "The highest FPN level.", "最高的 FPN 层级。")
    .RequiredAttr<int32_t>(kReferLevel, "refer_level", "The level of boxes of refer_scale.",
                           "尺度为 refer_scale 的框所在的层级。")
    .RequiredAttr<int32_t>(kReferScale, "refer_scale", "The scale of refer_level's boxes.",
                           "refer_level 层框的尺度。")
    .Attr<bool>(kFpnPixelOffset, "pixel_offset", true,
                "Pixel boxes: areas count both end pixels.", "像素框：面积计入两端像素。")
    .InferShape(DistributeFpnInferShape)
    .CpuKernel<float>(DistributeFpnKernel<float>)
    .CpuKernel<double>(DistributeFpnKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
