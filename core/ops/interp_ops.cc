// bilinear_interp_v2 and nearest_interp_v2: resizing 4-D images. Both ops are
// one computation that interp_method selects, as in PaddlePaddle (a
// nearest_interp_v2 saved with interp_method "bilinear" interpolates
// bilinearly). Source coordinates follow PaddlePaddle's CPU kernels to the
// bit: ratios and weights in float32, whatever the element type, so that
// indices truncated from them agree with PaddlePaddle's.
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/window.h"

namespace paddle {
namespace ops {
namespace {

enum InterpIn { kX, kOutSize, kSizeTensor, kScale };
enum InterpOut { kOut };
enum InterpAttr {
  kDataLayout,
  kOutD,
  kOutH,
  kOutW,
  kScaleAttr,
  kInterpMethod,
  kAlignCorners,
  kAlignMode,
};
// The grad op reads the forward's inputs at the same slots, then Out@GRAD.
enum InterpGradIn { kGradOutGrad = kScale + 1 };
enum InterpGradOut { kGradXGrad };

struct InterpGeom {
  bool channel_last = false, nearest = false, align_corners = true;
  int align_mode = 1;
  Image in, out;  // depth 1
  float scale_h = -1.f, scale_w = -1.f;  // > 0 when a scale sets the size
};

bool HasSizeInputs(const InferShapeContext& ctx) {
  return ctx.HasInput(kOutSize) || ctx.HasInput(kSizeTensor) || ctx.HasInput(kScale);
}

// The attributes, X's dims and the output size the attributes give
// (out_h/out_w, or `scale`).
template <typename Ctx>
InterpGeom ReadInterp(const Ctx& ctx, const DDim& x) {
  const std::string& op = ctx.op_type();
  const std::string& layout = ctx.template Attr<std::string>(kDataLayout);
  CheckImageRank(op, "X", x, 2, layout);
  InterpGeom g;
  g.channel_last = IsChannelLast(layout);
  g.nearest = ctx.template Attr<std::string>(kInterpMethod) == "nearest";
  g.align_corners = ctx.template Attr<bool>(kAlignCorners);
  g.align_mode = ctx.template Attr<int32_t>(kAlignMode);
  g.in = ReadImage(x, 2, g.channel_last);
  g.out = g.in;
  g.out.sp[1] = ctx.template Attr<int32_t>(kOutH);
  g.out.sp[2] = ctx.template Attr<int32_t>(kOutW);
  const auto& scale = ctx.template Attr<std::vector<float>>(kScaleAttr);
  if (!scale.empty()) {  // PaddlePaddle's shape rule rejects one value too
    PD_CHECK(scale.size() == 2, InvalidArgument, "[", op,
             "] attribute 'scale' must be empty or [scale_h, scale_w], got [", StrJoin(scale),
             "]");
    PD_CHECK(scale[0] > 0 && scale[1] > 0, InvalidArgument, "[", op,
             "] attribute 'scale' must be > 0, got [", StrJoin(scale), "] (X ", x.ToString(),
             ")");
    g.scale_h = scale[0], g.scale_w = scale[1];
  }
  return g;
}

// The size from the scales: trunc(in * scale) in float32, as PaddlePaddle.
void SizeFromScale(InterpGeom* g) {
  if (g->scale_h <= 0 || g->scale_w <= 0) return;
  for (int i : {1, 2}) {
    const int64_t in = g->in.sp[i];
    const float scale = i == 1 ? g->scale_h : g->scale_w;
    g->out.sp[i] = in < 0 ? -1 : static_cast<int64_t>(static_cast<float>(in) * scale);
  }
}

void CheckOutSize(const std::string& op, const InterpGeom& g, const DDim& x) {
  for (int i : {1, 2})
    PD_CHECK(g.out.sp[i] > 0 || (g.out.sp[i] == -1 && g.in.sp[i] < 0), InvalidArgument, "[",
             op, "] the output ", i == 1 ? "height" : "width", " must be > 0, got ", g.out.sp[i],
             " (X ", x.ToString(), "; from out_h/out_w, scale, OutSize or SizeTensor)");
}

// PaddlePaddle's order: SizeTensor wins; else Scale (tensor, else attribute)
// sets the size and OutSize then overrides it, keeping the scale for the
// source coordinates.
InterpGeom ResolveInterp(const KernelContext& ctx, const DDim& x) {
  const std::string& op = ctx.op_type();
  InterpGeom g = ReadInterp(ctx, x);
  if (ctx.HasInput(kSizeTensor)) {
    PD_CHECK(ctx.InputCount(kSizeTensor) == 2, InvalidArgument, "[", op,
             "] input 'SizeTensor' must hold 2 tensors (out_h, out_w), got ",
             ctx.InputCount(kSizeTensor));
    g.out.sp[1] = IntScalar(ctx, kSizeTensor, 0);
    g.out.sp[2] = IntScalar(ctx, kSizeTensor, 1);
  } else {
    if (ctx.HasInput(kScale)) {
      const DenseTensor& s = ctx.Input(kScale);
      PD_CHECK(s.numel() >= 1, InvalidArgument, "[", op, "] input 'Scale' is empty, shape ",
               s.dims().ToString());
      g.scale_h = FloatElement(ctx, kScale, 0);
      g.scale_w = FloatElement(ctx, kScale, s.numel() > 1 ? 1 : 0);
      PD_CHECK(g.scale_h > 0 && g.scale_w > 0, InvalidArgument, "[", op,
               "] input 'Scale' must be > 0, got [", g.scale_h, ", ", g.scale_w, "] (X ",
               x.ToString(), ")");
    }
    SizeFromScale(&g);
    if (ctx.HasInput(kOutSize)) {
      const DenseTensor& s = ctx.Input(kOutSize);
      PD_CHECK(s.numel() == 2, InvalidArgument, "[", op,
               "] input 'OutSize' must hold 2 values (out_h, out_w), got shape ",
               s.dims().ToString());
      g.out.sp[1] = IntElement(ctx, kOutSize, 0, 0);
      g.out.sp[2] = IntElement(ctx, kOutSize, 0, 1);
    }
  }
  CheckOutSize(op, g, x);
  return g;
}

void InterpInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  InterpGeom g = ReadInterp(ctx, x);
  if (HasSizeInputs(ctx)) {  // the size is a value the kernel reads
    if (ctx.IsRuntime()) return;
    g.out.sp[1] = g.out.sp[2] = -1;
  } else {
    SizeFromScale(&g);
    CheckOutSize(ctx.op_type(), g, x);
  }
  ctx.SetOutputDim(kOut, ImageDims(g.out, 2, g.channel_last));
}

// Where output index k of one axis reads: indices lo and hi with weights
// (nearest: lo alone).
struct Tap {
  int64_t lo, hi;
  float w_lo, w_hi;
};

// PaddlePaddle's ratio: (in - 1) / (out - 1) with align_corners, else 1 /
// scale when a scale set the size, else in / out.
float Ratio(const InterpGeom& g, int axis) {
  const int64_t in = g.in.sp[axis], out = g.out.sp[axis];
  if (out <= 1) return 0.f;
  if (g.align_corners) return static_cast<float>(in - 1) / static_cast<float>(out - 1);
  const float scale = axis == 1 ? g.scale_h : g.scale_w;
  if (scale > 0) return static_cast<float>(1. / scale);
  return static_cast<float>(in) / static_cast<float>(out);
}

// The source coordinate is ratio * (k + 0.5) - 0.5 (half-pixel centres:
// align_mode 0 without align_corners), else ratio * k; nearest rounds
// ratio * k (to nearest with align_corners, else down). The mixed
// float/double arithmetic is PaddlePaddle's.
std::vector<Tap> AxisTaps(const InterpGeom& g, int axis) {
  const int64_t in = g.in.sp[axis], out = g.out.sp[axis];
  const float ratio = Ratio(g, axis);
  const bool half_pixel = g.align_mode == 0 && !g.align_corners;
  std::vector<Tap> taps(static_cast<size_t>(out));
  for (int64_t k = 0; k < out; ++k) {
    const float rk = ratio * static_cast<float>(k);
    if (g.nearest) {
      const int64_t i = g.align_corners ? static_cast<int64_t>(rk + 0.5) : static_cast<int64_t>(rk);
      taps[k] = Tap{i, i, 1.f, 0.f};
      continue;
    }
    const double centre = ratio * (static_cast<double>(k) + 0.5) - 0.5;
    const int64_t lo =
        std::max<int64_t>(half_pixel ? static_cast<int64_t>(centre) : static_cast<int64_t>(rk), 0);
    const int64_t hi = std::min(lo + 1, in - 1);
    const float src = std::max(static_cast<float>(centre), 0.f);
    const float d = half_pixel ? src - static_cast<float>(lo) : rk - static_cast<float>(lo);
    taps[k] = Tap{lo, hi, 1.f - d, d};
  }
  return taps;
}

// Calls fn(x_index, out_index, weight) for every (source, output) pair that
// carries weight, planes (batch, channel) spread over threads.
template <typename Fn>
void ForEachTap(const InterpGeom& g, Fn fn) {
  const std::vector<Tap> th = AxisTaps(g, 1), tw = AxisTaps(g, 2);
  const ImageStrides xs = LayoutStrides(g.in, g.channel_last);
  const ImageStrides os = LayoutStrides(g.out, g.channel_last);
  const int64_t out_plane = g.out.sp[1] * g.out.sp[2];
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, out_plane));
  ParallelFor(g.in.n * g.in.c, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      const int64_t n = p / g.in.c, c = p % g.in.c;
      const int64_t xb = n * g.in.ItemSize() + c * xs.c, ob = n * g.out.ItemSize() + c * os.c;
      for (int64_t oh = 0; oh < g.out.sp[1]; ++oh) {
        const Tap& a = th[oh];
        for (int64_t ow = 0; ow < g.out.sp[2]; ++ow) {
          const Tap& b = tw[ow];
          const int64_t o = ob + oh * os.sp[1] + ow * os.sp[2];
          auto at = [&](int64_t h, int64_t w) { return xb + h * xs.sp[1] + w * xs.sp[2]; };
          if (g.nearest) {
            fn(at(a.lo, b.lo), o, 1.f, 1.f);
            continue;
          }
          fn(at(a.lo, b.lo), o, a.w_lo, b.w_lo);
          fn(at(a.hi, b.lo), o, a.w_hi, b.w_lo);
          fn(at(a.lo, b.hi), o, a.w_lo, b.w_hi);
          fn(at(a.hi, b.hi), o, a.w_hi, b.w_hi);
        }
      }
    }
  }, grain);
}

// PaddlePaddle copies X when the size does not change, whatever the scale.
bool SameSize(const InterpGeom& g) {
  return g.in.sp[1] == g.out.sp[1] && g.in.sp[2] == g.out.sp[2];
}

template <typename T>
void InterpKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const InterpGeom g = ResolveInterp(ctx, x.dims());
  DenseTensor* out_t = ctx.Output(kOut);
  out_t->Resize(ImageDims(g.out, 2, g.channel_last));
  T* out = out_t->MutableData<T>(ctx.place());
  const T* xd = x.data<T>();
  if (SameSize(g)) {
    std::copy(xd, xd + x.numel(), out);
    return;
  }
  std::fill(out, out + g.out.Numel(), T(0));
  if (g.nearest) {
    ForEachTap(g, [&](int64_t i, int64_t o, float, float) { out[o] = xd[i]; });
    return;
  }
  ForEachTap(g, [&](int64_t i, int64_t o, float wh, float ww) { out[o] += xd[i] * T(wh) * T(ww); });
}

void InterpGradInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  if (!HasSizeInputs(ctx)) {
    InterpGeom g = ReadInterp(ctx, x);
    SizeFromScale(&g);
    CheckInputShape(ctx, kGradOutGrad, ImageDims(g.out, 2, g.channel_last),
                    "the interpolation's output shape");
  }
  GradShapeLike(ctx, kX, kGradXGrad);
}

// The adjoint of the forward: each output's gradient goes back to the
// sources it read, times their weights.
template <typename T>
void InterpGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const InterpGeom g = ResolveInterp(ctx, x.dims());
  const DDim want = ImageDims(g.out, 2, g.channel_last);
  PD_CHECK(dout.dims() == want, InvalidArgument, "[", ctx.op_type(), "] input 'Out@GRAD' ",
           dout.dims().ToString(), " must have the output's shape ", want.ToString());
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const T* gd = dout.data<T>();
  if (SameSize(g)) {
    std::copy(gd, gd + x.numel(), dx);
    return;
  }
  std::fill(dx, dx + x.numel(), T(0));
  ForEachTap(g, [&](int64_t i, int64_t o, float wh, float ww) {
    dx[i] += g.nearest ? gd[o] : gd[o] * T(wh) * T(ww);
  });
}

void Interp(OpDefBuilder& op) {
  op.Input(kX, "X", "The images, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
           "输入图像，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。")
      .Input(kOutSize, "OutSize",
             "Optional int32 tensor [out_h, out_w]; overrides out_h/out_w and scale.",
             "可选的 int32 张量 [out_h, out_w]；优先于 out_h/out_w 与 scale。")
      .Dispensable()
      .Input(kSizeTensor, "SizeTensor",
             "Optional list of two one-element int tensors (out_h, out_w); overrides every "
             "other size.",
             "可选的两个单元素整型张量列表（out_h, out_w）；优先于其他所有大小设置。")
      .Duplicable()
      .Dispensable()
      .Input(kScale, "Scale",
             "Optional float tensor of the scale (one value for both dims, or [scale_h, "
             "scale_w]); overrides the scale attribute.",
             "可选的缩放比例浮点张量（一个值用于两个维度，或 [scale_h, scale_w]）；优先于 "
             "scale 属性。")
      .Dispensable()
      .Output(kOut, "Out", "The resized images, [N, C, out_h, out_w] or [N, out_h, out_w, C].",
              "缩放后的图像，[N, C, out_h, out_w] 或 [N, out_h, out_w, C]。")
      .Attr(kDataLayout, "data_layout", "NCHW",
            "Layout of X and Out: NCHW (channels first; the legacy AnyLayout means the same) "
            "or NHWC (channels last).",
            "X 与 Out 的数据布局：NCHW（通道在前；旧式的 AnyLayout 与之相同）或 NHWC（通道在后）。")
      .OneOf({"NCHW", "NHWC", "AnyLayout"})
      .Attr<int32_t>(kOutD, "out_d", 0, "Output depth, for 5-D inputs; not read for 4-D images.",
                     "输出深度，用于五维输入；四维图像不读取。")
      .ExtraAttr()
      .Attr<int32_t>(kOutH, "out_h", 0,
                     "Output height, used when no scale, OutSize or SizeTensor is given.",
                     "输出高度，未给出 scale、OutSize 或 SizeTensor 时使用。")
      .Attr<int32_t>(kOutW, "out_w", 0,
                     "Output width, used when no scale, OutSize or SizeTensor is given.",
                     "输出宽度，未给出 scale、OutSize 或 SizeTensor 时使用。")
      .Attr<std::vector<float>>(
          kScaleAttr, "scale", {},
          "[scale_h, scale_w], each > 0: the output size is trunc(in * scale), and the source "
          "coordinates step by 1 / scale. Empty means none; OutSize still overrides the size.",
          "[scale_h, scale_w]，每个值都须大于 0：输出大小为 trunc(输入 * scale)，源坐标步长为 "
          "1 / scale。为空表示不使用；OutSize 仍优先决定大小。")
      .Attr(kInterpMethod, "interp_method", "bilinear",
            "bilinear (the four neighbours, weighted by distance) or nearest (one neighbour).",
            "bilinear（四个相邻像素按距离加权）或 nearest（取一个最近像素）。")
      .OneOf({"bilinear", "nearest"})
      .Attr<bool>(kAlignCorners, "align_corners", true,
                  "Map the corner pixels of X and Out onto each other: source = k * (in - 1) "
                  "/ (out - 1); nearest then rounds to the nearest index.",
                  "使 X 与 Out 的角点像素相互对齐：源坐标 = k * (输入 - 1) / (输出 - 1)；"
                  "nearest 此时取四舍五入的下标。")
      .Attr<int32_t>(kAlignMode, "align_mode", 1,
                     "Without align_corners, for bilinear: 0 takes pixel centres (source = (k "
                     "+ 0.5) * ratio - 0.5), 1 takes corners (source = k * ratio).",
                     "不使用 align_corners 时（仅 bilinear）：0 以像素中心对齐（源坐标 = "
                     "(k + 0.5) * ratio - 0.5），1 以左上角对齐（源坐标 = k * ratio）。")
      .InRange(0, 1)
      .InferShape(InterpInferShape)
      .CpuKernel<float>(InterpKernel<float>)
      .CpuKernel<double>(InterpKernel<double>)
      .Grad()
      .Doc("Gradient of the interpolation: each output's gradient goes back to the pixels it "
           "read, times their weights.",
           "插值的梯度：每个输出的梯度按权重传回它所读取的像素。")
      .Reads(kX, "X")
      .Reads(kOutSize, "OutSize")
      .Reads(kSizeTensor, "SizeTensor")
      .Reads(kScale, "Scale")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InferShape(InterpGradInferShape)
      .CpuKernel<float>(InterpGradKernel<float>)
      .CpuKernel<double>(InterpGradKernel<double>);
}

PD_REGISTER_OP(bilinear_interp_v2)
    .Doc("Resizes images to out_h x out_w (from out_h/out_w, scale, OutSize or SizeTensor) "
         "by bilinear interpolation of the four nearest source pixels, with PaddlePaddle's "
         "align_corners and align_mode rules.",
         "将图像缩放为 out_h x out_w（由 out_h/out_w、scale、OutSize 或 SizeTensor 给出），"
         "按 PaddlePaddle 的 align_corners 与 align_mode 规则对最近的四个源像素做双线性插值。")
    .Apply(Interp);

PD_REGISTER_OP(nearest_interp_v2)
    .Doc("Resizes images to out_h x out_w (from out_h/out_w, scale, OutSize or SizeTensor), "
         "each output pixel copying its nearest source pixel when interp_method is nearest "
         "(PaddlePaddle saves it so); interp_method bilinear interpolates as "
         "bilinear_interp_v2.",
         "将图像缩放为 out_h x out_w（由 out_h/out_w、scale、OutSize 或 SizeTensor 给出）；"
         "interp_method 为 nearest 时（PaddlePaddle 如此保存）每个输出像素复制最近的源像素，"
         "为 bilinear 时与 bilinear_interp_v2 相同地做双线性插值。")
    .Apply(Interp);

}  // namespace
}  // namespace ops
}  // namespace paddle
