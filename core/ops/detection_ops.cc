// Detection box ops without gradients, as in PaddlePaddle: nms (greedy
// suppression over boxes in the given order), box_coder (center-size encoding
// and decoding against prior boxes), prior_box (SSD anchors per feature-map
// cell) and yolo_box (YOLOv3 head outputs to boxes and class scores). The
// arithmetic follows PaddlePaddle's CPU kernels step by step (same order of
// operations in the element type) so results agree to the last bits.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Boxes given as [x1, y1, x2, y2] rows: a 2-D [n, 4] shape, or unknown dims.
void CheckBoxRows(const InferShapeContext& ctx, const char* slot, const DDim& d) {
  PD_CHECK(d.rank() == 2 && (d[1] == 4 || d[1] < 0), InvalidArgument, "[", ctx.op_type(),
           "] input '", slot, "' must be boxes shaped [num_boxes, 4], got ", d.ToString());
}

// ---- nms: indices of the boxes kept by greedy suppression, in box order ----

enum NmsIn { kNmsBoxes };
enum NmsOut { kNmsKeep };
enum NmsAttr { kNmsIouThreshold };

void NmsInferShape(InferShapeContext& ctx) {
  CheckBoxRows(ctx, "Boxes", ctx.InputDim(kNmsBoxes));
  ctx.SetOutputDim(kNmsKeep, DDim{-1});  // how many are kept is known to the kernel only
  ctx.SetOutputDtype(kNmsKeep, DataType::kInt64);
}

// True when the IoU of two [x1, y1, x2, y2] boxes exceeds the threshold
// (areas without PaddlePaddle's legacy +1 pixel).
template <typename T>
bool Overlaps(const T* a, const T* b, float threshold) {
  const T area_a = (a[2] - a[0]) * (a[3] - a[1]);
  const T area_b = (b[2] - b[0]) * (b[3] - b[1]);
  const T w = std::max(std::min(a[2], b[2]) - std::max(a[0], b[0]), T(0));
  const T h = std::max(std::min(a[3], b[3]) - std::max(a[1], b[1]), T(0));
  const T inter = w * h;
  return inter / (area_a + area_b - inter) > threshold;
}

template <typename T>
void NmsKernel(KernelContext& ctx) {
  const DenseTensor& boxes = ctx.Input(kNmsBoxes);
  const float threshold = ctx.Attr<float>(kNmsIouThreshold);
  const int64_t n = boxes.dims()[0];
  const T* b = boxes.data<T>();
  std::vector<char> suppressed(static_cast<size_t>(n), 0);
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < n; ++i) {
    if (suppressed[i]) continue;
    keep.push_back(i);
    for (int64_t j = i + 1; j < n; ++j)
      if (!suppressed[j] && Overlaps(b + 4 * i, b + 4 * j, threshold)) suppressed[j] = 1;
  }
  DenseTensor* out = ctx.Output(kNmsKeep);
  out->Resize(DDim{static_cast<int64_t>(keep.size())});
  int64_t* o = out->MutableData<int64_t>(ctx.place());
  std::copy(keep.begin(), keep.end(), o);
}

PD_REGISTER_OP(nms)
    .Doc("Greedy non-maximum suppression over boxes in their given order (sort them by score "
         "first): box i is kept unless a kept box before it overlaps it with IoU > "
         "iou_threshold. KeepBoxesIdxs holds the kept indices, int64, ascending.",
         "按给定顺序对框做贪心非极大值抑制（需先按得分排序）：若之前保留的某个框与框 i 的 "
         "IoU > iou_threshold，则去掉框 i，否则保留。KeepBoxesIdxs 为保留框的下标，int64，升序。")
    .Input(kNmsBoxes, "Boxes", "The boxes [num_boxes, 4] as [x1, y1, x2, y2].",
           "框 [框数, 4]，格式为 [x1, y1, x2, y2]。")
    .Output(kNmsKeep, "KeepBoxesIdxs", "The indices of the kept boxes, int64, 1-D.",
            "保留框的下标，int64，一维。")
    .Attr<float>(kNmsIouThreshold, "iou_threshold", 1.0f,
                 "Boxes overlapping a kept box with IoU above this are suppressed.",
                 "与已保留框的 IoU 大于此值的框被抑制。")
    .InferShape(NmsInferShape)
    .CpuKernel<float>(NmsKernel<float>)
    .CpuKernel<double>(NmsKernel<double>);

// ---- box_coder: center-size encoding of target boxes against prior boxes ----

enum CoderIn { kPriorBox, kPriorBoxVar, kTargetBox };
enum CoderOut { kOutputBox };
enum CoderAttr { kCodeType, kBoxNormalized, kCoderAxis, kVariance };

void BoxCoderInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim prior = ctx.InputDim(kPriorBox);
  const DDim target = ctx.InputDim(kTargetBox);
  CheckBoxRows(ctx, "PriorBox", prior);
  if (ctx.HasInput(kPriorBoxVar)) CheckInputShape(ctx, kPriorBoxVar, prior, "PriorBox's shape");
  const auto& variance = ctx.Attr<std::vector<float>>(kVariance);
  PD_CHECK(variance.empty() || variance.size() == 4, InvalidArgument, "[", op,
           "] attribute 'variance' must be empty or hold 4 values, got ", variance.size());
  const bool encode = ctx.Attr<std::string>(kCodeType) == "encode_center_size";
  if (encode) {
    CheckBoxRows(ctx, "TargetBox", target);
    ctx.SetOutputDim(kOutputBox, DDim{target[0], prior[0], 4});
    return;
  }
  const int axis = ctx.Attr<int32_t>(kCoderAxis);
  PD_CHECK(target.rank() == 3 && (target[2] == 4 || target[2] < 0), InvalidArgument, "[", op,
           "] input 'TargetBox' must be [N, M, 4] for decode_center_size, got ",
           target.ToString());
  const int64_t along = target[axis == 0 ? 1 : 0];
  PD_CHECK(prior[0] < 0 || along < 0 || prior[0] == along, InvalidArgument, "[", op,
           "] PriorBox ", prior.ToString(), " must have one box per entry of TargetBox ",
           target.ToString(), " along dim ", axis == 0 ? 1 : 0, " (axis ", axis, ")");
  ctx.SetOutputDim(kOutputBox, target);
}

template <typename T>
void BoxCoderKernel(KernelContext& ctx) {
  const DenseTensor& prior = ctx.Input(kPriorBox);
  const DenseTensor& target = ctx.Input(kTargetBox);
  const T* p = prior.data<T>();
  const T* t = target.data<T>();
  const T* pv = ctx.HasInput(kPriorBoxVar) ? ctx.Input(kPriorBoxVar).data<T>() : nullptr;
  const auto& variance = ctx.Attr<std::vector<float>>(kVariance);
  const bool encode = ctx.Attr<std::string>(kCodeType) == "encode_center_size";
  const T plus = ctx.Attr<bool>(kBoxNormalized) ? T(0) : T(1);  // pixel boxes count both ends
  const int axis = ctx.Attr<int32_t>(kCoderAxis);
  T* o = ctx.Output(kOutputBox)->MutableData<T>(ctx.place());
  const int64_t rows = target.dims()[0];
  const int64_t cols = encode ? prior.dims()[0] : target.dims()[1];
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t k = encode ? j : (axis == 0 ? j : i);  // the prior box of this entry
      const T* pb = p + 4 * k;
      const T pw = pb[2] - pb[0] + plus, ph = pb[3] - pb[1] + plus;
      const T pcx = pb[0] + pw / 2, pcy = pb[1] + ph / 2;
      T* ob = o + 4 * (i * cols + j);
      if (encode) {
        const T* tb = t + 4 * i;
        const T tcx = (tb[2] + tb[0]) / 2, tcy = (tb[3] + tb[1]) / 2;
        const T tw = tb[2] - tb[0] + plus, th = tb[3] - tb[1] + plus;
        ob[0] = (tcx - pcx) / pw;
        ob[1] = (tcy - pcy) / ph;
        ob[2] = std::log(std::fabs(tw / pw));
        ob[3] = std::log(std::fabs(th / ph));
        for (int c = 0; c < 4; ++c) {
          if (pv) ob[c] /= pv[4 * k + c];
          else if (!variance.empty()) ob[c] /= static_cast<T>(variance[c]);
        }
        continue;
      }
      T var[4] = {T(1), T(1), T(1), T(1)};
      for (int c = 0; c < 4; ++c) {
        if (pv) var[c] = pv[4 * k + c];
        else if (!variance.empty()) var[c] = static_cast<T>(variance[c]);
      }
      const T* tb = t + 4 * (i * cols + j);
      const T cx = var[0] * tb[0] * pw + pcx, cy = var[1] * tb[1] * ph + pcy;
      const T w = std::exp(var[2] * tb[2]) * pw, h = std::exp(var[3] * tb[3]) * ph;
      ob[0] = cx - w / 2;
      ob[1] = cy - h / 2;
      ob[2] = cx + w / 2 - plus;
      ob[3] = cy + h / 2 - plus;
    }
  }
}

PD_REGISTER_OP(box_coder)
    .Doc("Encodes target boxes as center-size offsets from prior boxes (encode_center_size: "
         "TargetBox [N, 4] against PriorBox [M, 4] gives [N, M, 4]), or decodes such offsets "
         "back to [x1, y1, x2, y2] boxes (decode_center_size: TargetBox [N, M, 4], PriorBox "
         "broadcast along `axis`). Offsets are divided (encoding) or multiplied (decoding) by "
         "PriorBoxVar or the `variance` attribute when given.",
         "将目标框编码为相对先验框的中心-尺寸偏移（encode_center_size：TargetBox [N, 4] 对 "
         "PriorBox [M, 4] 得到 [N, M, 4]），或将这种偏移解码回 [x1, y1, x2, y2] 框"
         "（decode_center_size：TargetBox [N, M, 4]，PriorBox 沿 axis 广播）。给出 PriorBoxVar "
         "或 variance 属性时，编码时偏移除以它，解码时乘以它。")
    .Input(kPriorBox, "PriorBox", "The prior boxes [M, 4] as [x1, y1, x2, y2].",
           "先验框 [M, 4]，格式为 [x1, y1, x2, y2]。")
    .Input(kPriorBoxVar, "PriorBoxVar", "The variances of the prior boxes, PriorBox's shape.",
           "先验框的方差，形状同 PriorBox。")
    .Dispensable()
    .Input(kTargetBox, "TargetBox",
           "The boxes to encode [N, 4], or the offsets to decode [N, M, 4].",
           "要编码的框 [N, 4]，或要解码的偏移 [N, M, 4]。")
    .Output(kOutputBox, "OutputBox", "The encoded offsets or decoded boxes, [N, M, 4].",
            "编码得到的偏移或解码得到的框，[N, M, 4]。")
    .Attr(kCodeType, "code_type", "encode_center_size",
          "encode_center_size or decode_center_size.", "encode_center_size 或 decode_center_size。")
    .OneOf({"encode_center_size", "decode_center_size"})
    .Attr<bool>(kBoxNormalized, "box_normalized", true,
                "Boxes are normalized; false adds 1 to widths and heights (pixel boxes).",
                "框已归一化；为 false 时宽高各加 1（像素框）。")
    .Attr<int32_t>(kCoderAxis, "axis", 0,
                   "Decoding: the TargetBox dim PriorBox runs along is 1 for axis 0, 0 for "
                   "axis 1.",
                   "解码时 PriorBox 对应 TargetBox 的维：axis 为 0 时是第 1 维，为 1 时是第 0 维。")
    .InRange(0, 1)
    .Attr<std::vector<float>>(kVariance, "variance", {},
                              "Four variances shared by every prior box when PriorBoxVar is "
                              "not given; empty means none.",
                              "未给出 PriorBoxVar 时所有先验框共用的 4 个方差；为空表示不用。")
    .InferShape(BoxCoderInferShape)
    .CpuKernel<float>(BoxCoderKernel<float>)
    .CpuKernel<double>(BoxCoderKernel<double>);

// ---- prior_box: SSD prior boxes for every cell of a feature map ----

enum PriorIn { kPriorInput, kPriorImage };
enum PriorOut { kPriorBoxes, kPriorVariances };
enum PriorAttr {
  kMinSizes, kMaxSizes, kAspectRatios, kVariances, kFlip, kClip, kStepW, kStepH, kOffset,
  kMinMaxOrder
};

// 1, then each new aspect ratio (and its reciprocal with flip), as PaddlePaddle expands them.
std::vector<float> ExpandAspectRatios(const std::vector<float>& given, bool flip) {
  std::vector<float> out = {1.0f};
  for (float ar : given) {
    bool seen = false;
    for (float o : out) seen = seen || std::fabs(ar - o) < 1e-6f;
    if (seen) continue;
    out.push_back(ar);
    if (flip) out.push_back(1.0f / ar);
  }
  return out;
}

template <typename Ctx>
int64_t NumPriors(const Ctx& ctx) {
  const std::string& op = ctx.op_type();
  const auto& min_sizes = ctx.template Attr<std::vector<float>>(kMinSizes);
  const auto& max_sizes = ctx.template Attr<std::vector<float>>(kMaxSizes);
  const auto& ratios = ctx.template Attr<std::vector<float>>(kAspectRatios);
  PD_CHECK(!min_sizes.empty(), InvalidArgument, "[", op, "] attribute 'min_sizes' is empty");
  for (float s : min_sizes)
    PD_CHECK(s > 0, InvalidArgument, "[", op, "] attribute 'min_sizes' must be > 0, got ", s);
  PD_CHECK(max_sizes.empty() || max_sizes.size() == min_sizes.size(), InvalidArgument, "[", op,
           "] attribute 'max_sizes' must be empty or hold one size per min size (",
           min_sizes.size(), "), got ", max_sizes.size());
  for (size_t i = 0; i < max_sizes.size(); ++i)
    PD_CHECK(max_sizes[i] > min_sizes[i], InvalidArgument, "[", op, "] max_sizes[", i, "] (",
             max_sizes[i], ") must be greater than min_sizes[", i, "] (", min_sizes[i], ")");
  for (float r : ratios)
    PD_CHECK(r > 0, InvalidArgument, "[", op, "] attribute 'aspect_ratios' must be > 0, got ", r);
  PD_CHECK(ctx.template Attr<std::vector<float>>(kVariances).size() == 4, InvalidArgument, "[",
           op, "] attribute 'variances' must hold 4 values, got ",
           ctx.template Attr<std::vector<float>>(kVariances).size());
  const auto expanded = ExpandAspectRatios(ratios, ctx.template Attr<bool>(kFlip));
  return static_cast<int64_t>(expanded.size() * min_sizes.size() + max_sizes.size());
}

void PriorBoxInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim in = ctx.InputDim(kPriorInput), image = ctx.InputDim(kPriorImage);
  PD_CHECK(in.rank() == 4, InvalidArgument, "[", op,
           "] input 'Input' must be a 4-D feature map [N, C, H, W], got ", in.ToString());
  PD_CHECK(image.rank() == 4, InvalidArgument, "[", op,
           "] input 'Image' must be a 4-D image [N, C, H, W], got ", image.ToString());
  const DDim out{in[2], in[3], NumPriors(ctx), 4};
  ctx.SetOutputDim(kPriorBoxes, out);
  ctx.SetOutputDim(kPriorVariances, out);
}

template <typename T>
void PriorBoxKernel(KernelContext& ctx) {
  const DDim in = ctx.Input(kPriorInput).dims(), image = ctx.Input(kPriorImage).dims();
  const auto& min_sizes = ctx.Attr<std::vector<float>>(kMinSizes);
  const auto& max_sizes = ctx.Attr<std::vector<float>>(kMaxSizes);
  const auto& variances = ctx.Attr<std::vector<float>>(kVariances);
  const auto ratios = ExpandAspectRatios(ctx.Attr<std::vector<float>>(kAspectRatios),
                                         ctx.Attr<bool>(kFlip));
  const bool min_max_order = ctx.Attr<bool>(kMinMaxOrder);
  const T offset = static_cast<T>(ctx.Attr<float>(kOffset));
  const int64_t img_h = image[2], img_w = image[3], fh = in[2], fw = in[3];
  const float step_w_attr = ctx.Attr<float>(kStepW), step_h_attr = ctx.Attr<float>(kStepH);
  T step_w = static_cast<T>(step_w_attr), step_h = static_cast<T>(step_h_attr);
  if (step_w_attr == 0 || step_h_attr == 0) {
    step_w = static_cast<T>(img_w) / fw;
    step_h = static_cast<T>(img_h) / fh;
  }
  const int64_t num_priors = NumPriors(ctx);
  T* const boxes = ctx.Output(kPriorBoxes)->MutableData<T>(ctx.place());
  T* b = boxes;
  for (int64_t h = 0; h < fh; ++h) {
    for (int64_t w = 0; w < fw; ++w) {
      const T cx = (w + offset) * step_w, cy = (h + offset) * step_h;
      auto push = [&](T half_w, T half_h) {
        b[0] = (cx - half_w) / img_w;
        b[1] = (cy - half_h) / img_h;
        b[2] = (cx + half_w) / img_w;
        b[3] = (cy + half_h) / img_h;
        b += 4;
      };
      for (size_t s = 0; s < min_sizes.size(); ++s) {
        const float min_size = min_sizes[s];
        if (min_max_order) {  // Caffe's order: the min square, the max square, the other ratios
          push(min_size / 2., min_size / 2.);
          if (!max_sizes.empty()) {
            const T half = std::sqrt(min_size * max_sizes[s]) / 2.;
            push(half, half);
          }
          for (float ar : ratios) {
            if (std::fabs(ar - 1.) < 1e-6) continue;
            push(min_size * std::sqrt(ar) / 2., min_size / std::sqrt(ar) / 2.);
          }
        } else {
          for (float ar : ratios)
            push(min_size * std::sqrt(ar) / 2., min_size / std::sqrt(ar) / 2.);
          if (!max_sizes.empty()) {
            const T half = std::sqrt(min_size * max_sizes[s]) / 2.;
            push(half, half);
          }
        }
      }
    }
  }
  const int64_t total = fh * fw * num_priors * 4;
  if (ctx.Attr<bool>(kClip))
    for (int64_t i = 0; i < total; ++i) boxes[i] = std::min(std::max(boxes[i], T(0)), T(1));
  T* v = ctx.Output(kPriorVariances)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < total; ++i) v[i] = static_cast<T>(variances[i % 4]);
}

PD_REGISTER_OP(prior_box)
    .Doc("SSD prior boxes: for each cell (h, w) of the feature map Input, num_priors boxes "
         "centred at ((w + offset) * step_w, (h + offset) * step_h), one per min size and "
         "aspect ratio (1, then each given ratio and, with flip, its reciprocal) plus one "
         "sqrt(min * max) square per max size, normalized by Image's width and height. "
         "Boxes and Variances are [H, W, num_priors, 4].",
         "SSD 先验框：对特征图 Input 的每个单元 (h, w)，生成 num_priors 个中心在 "
         "((w + offset) * step_w, (h + offset) * step_h) 的框：每个最小尺寸与每个宽高比"
         "（1，随后是给定的各比例，flip 时还有其倒数）各一个，每个最大尺寸再加一个边长 "
         "sqrt(min * max) 的正方形，并按 Image 的宽高归一化。Boxes 与 Variances 的形状为 "
         "[H, W, num_priors, 4]。")
    .Input(kPriorInput, "Input", "The feature map [N, C, H, W].", "特征图 [N, C, H, W]。")
    .Input(kPriorImage, "Image", "The input image [N, C, H_img, W_img]; only its size is read.",
           "输入图像 [N, C, H_img, W_img]；只读取其尺寸。")
    .Output(kPriorBoxes, "Boxes", "The prior boxes [H, W, num_priors, 4] as [x1, y1, x2, y2].",
            "先验框 [H, W, num_priors, 4]，格式为 [x1, y1, x2, y2]。")
    .Output(kPriorVariances, "Variances", "The variances of every box, Boxes' shape.",
            "每个框的方差，形状同 Boxes。")
    .RequiredAttr<std::vector<float>>(kMinSizes, "min_sizes", "The minimum box sizes, > 0.",
                                      "框的最小尺寸，> 0。")
    .Attr<std::vector<float>>(kMaxSizes, "max_sizes", {},
                              "The maximum box sizes, one per min size or none.",
                              "框的最大尺寸，每个最小尺寸对应一个，或为空。")
    .Attr<std::vector<float>>(kAspectRatios, "aspect_ratios", {},
                              "The aspect ratios (width / height) besides 1.",
                              "除 1 以外的宽高比（宽 / 高）。")
    .Attr<std::vector<float>>(kVariances, "variances", {}, "The 4 variances of every box.",
                              "每个框的 4 个方差。")
    .Attr<bool>(kFlip, "flip", true, "Adds the reciprocal of every aspect ratio.",
                "同时加入每个宽高比的倒数。")
    .Attr<bool>(kClip, "clip", true, "Clips the boxes to [0, 1].", "将框截断到 [0, 1]。")
    .Attr<float>(kStepW, "step_w", 0.0f,
                 "The horizontal distance of cell centres; 0 means image width / feature width.",
                 "相邻单元中心的水平距离；0 表示图像宽度 / 特征图宽度。")
    .Attr<float>(kStepH, "step_h", 0.0f,
                 "The vertical distance of cell centres; 0 means image height / feature height.",
                 "相邻单元中心的垂直距离；0 表示图像高度 / 特征图高度。")
    .Attr<float>(kOffset, "offset", 0.5f, "Where in its cell a box centre lies.",
                 "框中心在单元内的位置。")
    .Attr<bool>(kMinMaxOrder, "min_max_aspect_ratios_order", false,
                "Orders each min size's boxes as Caffe: the min square, the max square, then "
                "the other ratios.",
                "按 Caffe 的顺序排列每个最小尺寸的框：最小正方形、最大正方形，然后是其他宽高比。")
    .InferShape(PriorBoxInferShape)
    .CpuKernel<float>(PriorBoxKernel<float>)
    .CpuKernel<double>(PriorBoxKernel<double>);

// ---- yolo_box: YOLOv3 head outputs to boxes and class scores ----

enum YoloIn { kYoloX, kYoloImgSize };
enum YoloOut { kYoloBoxes, kYoloScores };
enum YoloAttr {
  kAnchors, kClassNum, kConfThresh, kDownsample, kClipBbox, kScaleXY, kIouAware, kIouAwareFactor
};

void YoloBoxInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(kYoloX), img = ctx.InputDim(kYoloImgSize);
  const auto& anchors = ctx.Attr<std::vector<int32_t>>(kAnchors);
  const int class_num = ctx.Attr<int32_t>(kClassNum);
  PD_CHECK(!anchors.empty() && anchors.size() % 2 == 0, InvalidArgument, "[", op,
           "] attribute 'anchors' must hold (width, height) pairs, got ", anchors.size(),
           " values");
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op, "] input 'X' must be 4-D [N, C, H, W], got ",
           x.ToString());
  const int64_t an_num = anchors.size() / 2;
  const int64_t per_anchor = class_num + (ctx.Attr<bool>(kIouAware) ? 6 : 5);
  PD_CHECK(x[1] < 0 || x[1] == an_num * per_anchor, InvalidArgument, "[", op, "] input 'X' ",
           x.ToString(), " must have ", an_num, " anchors * (", per_anchor,
           ") = ", an_num * per_anchor, " channels for class_num ", class_num);
  PD_CHECK(img.rank() == 2 && (img[1] == 2 || img[1] < 0), InvalidArgument, "[", op,
           "] input 'ImgSize' must be [N, 2] (height, width), got ", img.ToString());
  PD_CHECK(img[0] < 0 || x[0] < 0 || img[0] == x[0], InvalidArgument, "[", op,
           "] input 'ImgSize' ", img.ToString(), " must have one row per image of X ",
           x.ToString());
  const int64_t boxes = (x[2] < 0 || x[3] < 0) ? -1 : an_num * x[2] * x[3];
  ctx.SetOutputDim(kYoloBoxes, DDim{x[0], boxes, 4});
  ctx.SetOutputDim(kYoloScores, DDim{x[0], boxes, class_num});
}

template <typename T>
T Sigmoid(T v) {
  return T(1) / (T(1) + std::exp(-v));
}

template <typename T>
void YoloBoxKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kYoloX);
  const DenseTensor& img_size = ctx.Input(kYoloImgSize);
  PD_CHECK(img_size.dtype() == DataType::kInt32, InvalidArgument, "[", ctx.op_type(),
           "] input 'ImgSize' must be int32, got ", DataTypeName(img_size.dtype()));
  const auto& anchors = ctx.Attr<std::vector<int32_t>>(kAnchors);
  const int class_num = ctx.Attr<int32_t>(kClassNum);
  const float conf_thresh = ctx.Attr<float>(kConfThresh);
  const int downsample = ctx.Attr<int32_t>(kDownsample);
  const bool clip = ctx.Attr<bool>(kClipBbox), iou_aware = ctx.Attr<bool>(kIouAware);
  const float scale = ctx.Attr<float>(kScaleXY), iou_factor = ctx.Attr<float>(kIouAwareFactor);
  const float bias = -0.5f * (scale - 1.f);
  const int64_t n = x.dims()[0], h = x.dims()[2], w = x.dims()[3];
  const int64_t an_num = anchors.size() / 2, stride = h * w, box_num = an_num * stride;
  const int64_t an_stride = (class_num + 5) * stride;
  const int64_t input_h = downsample * h, input_w = downsample * w;
  const T* in = x.data<T>();
  const int32_t* sizes = img_size.data<int32_t>();
  T* boxes = ctx.Output(kYoloBoxes)->MutableData<T>(ctx.place());
  T* scores = ctx.Output(kYoloScores)->MutableData<T>(ctx.place());
  std::fill(boxes, boxes + n * box_num * 4, T(0));
  std::fill(scores, scores + n * box_num * class_num, T(0));
  // With iou_aware each image's channels start with one IoU channel per anchor.
  auto entry = [&](int64_t b, int64_t a, int64_t hw, int64_t e) {
    return iou_aware ? (b * an_num + a) * an_stride + (b * an_num + an_num + e) * stride + hw
                     : (b * an_num + a) * an_stride + e * stride + hw;
  };
  for (int64_t b = 0; b < n; ++b) {
    const int img_h = sizes[2 * b], img_w = sizes[2 * b + 1];
    for (int64_t a = 0; a < an_num; ++a) {
      for (int64_t k = 0; k < h; ++k) {
        for (int64_t l = 0; l < w; ++l) {
          const int64_t hw = k * w + l;
          T conf = Sigmoid(in[entry(b, a, hw, 4)]);
          if (iou_aware) {
            const T iou = Sigmoid(in[b * an_num * an_stride + (b * an_num + a) * stride + hw]);
            conf = std::pow(conf, static_cast<T>(1. - iou_factor)) *
                   std::pow(iou, static_cast<T>(iou_factor));
          }
          if (conf < conf_thresh) continue;
          const int64_t bi = entry(b, a, hw, 0);
          const T bx = (l + Sigmoid(in[bi]) * scale + bias) * img_w / w;
          const T by = (k + Sigmoid(in[bi + stride]) * scale + bias) * img_h / h;
          const T bw = std::exp(in[bi + 2 * stride]) * anchors[2 * a] * img_w / input_w;
          const T bh = std::exp(in[bi + 3 * stride]) * anchors[2 * a + 1] * img_h / input_h;
          const int64_t pos = b * box_num + a * stride + hw;
          T* o = boxes + pos * 4;
          o[0] = bx - bw / 2;
          o[1] = by - bh / 2;
          o[2] = bx + bw / 2;
          o[3] = by + bh / 2;
          if (clip) {
            o[0] = o[0] > 0 ? o[0] : T(0);
            o[1] = o[1] > 0 ? o[1] : T(0);
            o[2] = o[2] < img_w - 1 ? o[2] : static_cast<T>(img_w - 1);
            o[3] = o[3] < img_h - 1 ? o[3] : static_cast<T>(img_h - 1);
          }
          const int64_t li = entry(b, a, hw, 5);
          for (int c = 0; c < class_num; ++c)
            scores[pos * class_num + c] = conf * Sigmoid(in[li + c * stride]);
        }
      }
    }
  }
}

PD_REGISTER_OP(yolo_box)
    .Doc("Decodes a YOLOv3 head X [N, anchors * (5 + class_num), H, W] into boxes and scores: "
         "for anchor a at cell (k, l), centre ((l + sigmoid(tx) * scale_x_y + bias) * img_w / "
         "W, (k + sigmoid(ty) * scale_x_y + bias) * img_h / H) with bias = -0.5 * (scale_x_y - "
         "1), size (exp(tw) * anchor_w, exp(th) * anchor_h) * image size / (downsample_ratio * "
         "grid size). Boxes with confidence sigmoid(to) below conf_thresh stay zero; scores "
         "are confidence * sigmoid(class logits). iou_aware inputs carry one IoU channel per "
         "anchor first, and confidence becomes conf^(1 - f) * iou^f.",
         "将 YOLOv3 检测头 X [N, 锚框数 * (5 + class_num), H, W] 解码为框和得分：单元 (k, l) 上"
         "的锚框 a 的中心为 ((l + sigmoid(tx) * scale_x_y + bias) * img_w / W, (k + sigmoid(ty) * "
         "scale_x_y + bias) * img_h / H)，其中 bias = -0.5 * (scale_x_y - 1)，尺寸为 (exp(tw) * "
         "锚框宽, exp(th) * 锚框高) * 图像尺寸 / (downsample_ratio * 网格尺寸)。置信度 "
         "sigmoid(to) 低于 conf_thresh 的框保持为零；得分为置信度 * sigmoid(类别 logit)。"
         "iou_aware 的输入在前面为每个锚框多一个 IoU 通道，置信度变为 conf^(1 - f) * iou^f。")
    .Input(kYoloX, "X", "The head output [N, C, H, W].", "检测头输出 [N, C, H, W]。")
    .Input(kYoloImgSize, "ImgSize", "The image sizes [N, 2] as (height, width), int32.",
           "图像尺寸 [N, 2]，格式为 (高, 宽)，int32。")
    .Output(kYoloBoxes, "Boxes", "The boxes [N, anchors * H * W, 4] as [x1, y1, x2, y2].",
            "框 [N, 锚框数 * H * W, 4]，格式为 [x1, y1, x2, y2]。")
    .Output(kYoloScores, "Scores", "The class scores [N, anchors * H * W, class_num].",
            "类别得分 [N, 锚框数 * H * W, class_num]。")
    .Attr<std::vector<int32_t>>(kAnchors, "anchors", {},
                                "The anchors' (width, height) pairs, in input-image pixels.",
                                "锚框的 (宽, 高) 对，以输入图像像素计。")
    .Attr<int32_t>(kClassNum, "class_num", 1, "The number of classes.", "类别数。")
    .AtLeast(1)
    .Attr<float>(kConfThresh, "conf_thresh", 0.01f,
                 "Boxes whose confidence is below this are left zero.",
                 "置信度低于此值的框保持为零。")
    .Attr<int32_t>(kDownsample, "downsample_ratio", 32,
                   "The input image size over the grid size (32, 16, 8).",
                   "输入图像尺寸与网格尺寸之比（32、16、8）。")
    .AtLeast(1)
    .Attr<bool>(kClipBbox, "clip_bbox", true, "Clips the boxes to the image.",
                "将框截断到图像范围内。")
    .Attr<float>(kScaleXY, "scale_x_y", 1.0f, "Scales the decoded centre offsets.",
                 "缩放解码得到的中心偏移。")
    .Attr<bool>(kIouAware, "iou_aware", false, "X carries one IoU channel per anchor first.",
                "X 在前面为每个锚框多一个 IoU 通道。")
    .Attr<float>(kIouAwareFactor, "iou_aware_factor", 0.5f,
                 "The weight f of the IoU in the confidence conf^(1 - f) * iou^f.",
                 "置信度 conf^(1 - f) * iou^f 中 IoU 的权重 f。")
    .InferShape(YoloBoxInferShape)
    .CpuKernel<float>(YoloBoxKernel<float>)
    .CpuKernel<double>(YoloBoxKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
