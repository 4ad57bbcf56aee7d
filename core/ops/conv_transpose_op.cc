// conv2d_transpose and conv3d_transpose: the transposed (fractionally
// strided) convolution, computed as the convolution's input gradient
// (conv.h): its Output is the image a convolution would slide over, its Input
// the convolution's output side. One definition for 2-D and 3-D (kNsp).
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/conv.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum ConvTransposeIn { kInput, kFilter, kBias };
enum ConvTransposeOut { kOutput };
enum ConvTransposeAttr {
  kStrides,
  kPaddings,
  kOutputPadding,
  kOutputSize,
  kPaddingAlgorithm,
  kGroups,
  kDilations,
  kDataFormat,
};
enum ConvTransposeGradIn { kGradInput, kGradFilter, kGradOutputGrad };
enum ConvTransposeGradOut { kGradInputGrad, kGradFilterGrad };

// An optional per-spatial-dim attribute: empty, or kNsp values.
template <int kNsp>
std::vector<int32_t> OptionalSpatial(const std::string& op, const char* name,
                                     const std::vector<int32_t>& v) {
  PD_CHECK(v.empty() || static_cast<int>(v.size()) == kNsp, InvalidArgument, "[", op,
           "] attribute '", name, "' must be empty or have ", kNsp, " values ",
           SpatialNames(kNsp), ", got ", v.size(), " [", StrJoin(v), "]");
  return v;
}

template <int kNsp, typename Ctx>
ConvGeom ResolveConvTranspose(const Ctx& ctx, const DDim& x, const DDim& f) {
  const std::string& op = ctx.op_type();
  const std::string& format = ctx.template Attr<std::string>(kDataFormat);
  CheckImageRank(op, "Input", x, kNsp, format);
  ConvGeom g = ReadConvAttrs(ctx, kNsp, f,
                             kNsp == 3 ? "[in_channels, out_channels / groups, kd, kh, kw]"
                                       : "[in_channels, out_channels / groups, kh, kw]");
  const Image in = ReadImage(x, kNsp, g.channel_last);
  g.m = f[0];
  g.out = in.sp;
  PD_CHECK(in.c < 0 || g.m < 0 || in.c == g.m, InvalidArgument, "[", op, "] Input ",
           x.ToString(), " (", format, ") has ", in.c, " channels but Filter ", f.ToString(),
           " expects ", g.m, " (its dim 0)");
  PD_CHECK(g.m < 0 || g.m % g.groups == 0, InvalidArgument, "[", op, "] Filter ", f.ToString(),
           " has ", g.m, " input channels, which groups=", g.groups, " does not divide");
  g.image.n = in.n;
  g.image.c = f[1] < 0 ? -1 : MulSize(f[1], g.groups, op, "the output channels");
  const std::array<bool, 3> known = ApplyConvPaddingAlgorithm(ctx, in.sp, &g);
  const std::vector<int32_t> out_pad = OptionalSpatial<kNsp>(
      op, "output_padding", ctx.template Attr<std::vector<int32_t>>(kOutputPadding));
  const std::vector<int32_t> out_size = OptionalSpatial<kNsp>(
      op, "output_size", ctx.template Attr<std::vector<int32_t>>(kOutputSize));
  for (int i = 3 - kNsp; i < 3; ++i) {
    const int a = i - (3 - kNsp);  // index into the attributes
    if (!known[i] || in.sp[i] < 0 || g.k[i] < 0) {
      g.image.sp[i] = out_size.empty() ? -1 : out_size[a];
      continue;
    }
    const char* what = "the output size";
    const int64_t s = g.stride[i];
    const int64_t infer =
        AddSize(MulSize(in.sp[i] - 1, s, op, what) - g.pads.before[i] - g.pads.after[i],
                DilatedSize(op, g.k[i], g.dilation[i]), op, what);
    if (!out_size.empty()) {
      PD_CHECK(out_size[a] >= infer && out_size[a] < infer + s, InvalidArgument, "[", op,
               "] attribute 'output_size' [", StrJoin(out_size), "] gives ", AxisName(i), " ",
               out_size[a], ", outside [", infer, ", ", infer + s, ") that Input ", x.ToString(),
               ", Filter ", f.ToString(), " and stride ", s, " allow");
      g.image.sp[i] = out_size[a];
    } else {
      const int64_t extra = out_pad.empty() ? 0 : out_pad[a];
      PD_CHECK(extra >= 0 && extra < std::max(s, g.dilation[i]), InvalidArgument, "[", op,
               "] attribute 'output_padding' [", StrJoin(out_pad),
               "] must be >= 0 and below max(stride, dilation) = ",
               std::max(s, g.dilation[i]), " for the ", AxisName(i));
      g.image.sp[i] = infer + extra;
    }
    PD_CHECK(g.image.sp[i] > 0, InvalidArgument, "[", op, "] the output ", AxisName(i), " is ",
             g.image.sp[i], " (<= 0) for Input ", x.ToString(), ", Filter ", f.ToString(),
             ", stride ", s, ", paddings ", g.pads.before[i], " + ", g.pads.after[i]);
  }
  return g;
}

template <int kNsp>
void ConvTransposeInferShape(InferShapeContext& ctx) {
  const ConvGeom g = ResolveConvTranspose<kNsp>(ctx, ctx.InputDim(kInput), ctx.InputDim(kFilter));
  if (kNsp == 2 && ctx.HasInput(kBias)) {
    const DDim b = ctx.InputDim(kBias);
    PD_CHECK(b.rank() == 1 && (b[0] < 0 || g.image.c < 0 || b[0] == g.image.c),
             InvalidArgument, "[", ctx.op_type(), "] input 'Bias' must be [", g.image.c,
             "] (one per output channel), got ", b.ToString());
  }
  ctx.SetOutputDim(kOutput, g.ImageDim());
}

template <int kNsp, typename T>
void ConvTransposeKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kInput);
  const DenseTensor& f = ctx.Input(kFilter);
  const ConvGeom g = ResolveConvTranspose<kNsp>(ctx, x.dims(), f.dims());
  T* out = ctx.Output(kOutput)->MutableData<T>(ctx.place());
  ConvBackwardImage(ctx, g, x.data<T>(), f.data<T>(), out);
  if (kNsp != 2 || !ctx.HasInput(kBias)) return;  // conv3d_transpose has no Bias slot
  const T* bias = ctx.Input(kBias).data<T>();
  const int64_t c = g.image.c, plane = g.image.sp[0] * g.image.sp[1] * g.image.sp[2];
  for (int64_t n = 0; n < g.image.n; ++n) {
    T* on = out + n * g.image.ItemSize();
    for (int64_t p = 0; p < plane; ++p)
      for (int64_t ch = 0; ch < c; ++ch)
        on[g.channel_last ? p * c + ch : ch * plane + p] += bias[ch];
  }
}

template <int kNsp>
void ConvTransposeGradInferShape(InferShapeContext& ctx) {
  const ConvGeom g =
      ResolveConvTranspose<kNsp>(ctx, ctx.InputDim(kGradInput), ctx.InputDim(kGradFilter));
  CheckInputShape(ctx, kGradOutputGrad, g.ImageDim(), "the transposed convolution's output shape");
  GradShapeLike(ctx, kGradInput, kGradInputGrad);
  GradShapeLike(ctx, kGradFilter, kGradFilterGrad);
}

// Output = conv's input gradient of Input, so Input@GRAD is the convolution
// of Output@GRAD, and Filter@GRAD correlates Input with Output@GRAD.
template <int kNsp, typename T>
void ConvTransposeGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradInput);
  const DenseTensor& f = ctx.Input(kGradFilter);
  const T* dout = ctx.Input(kGradOutputGrad).data<T>();
  const ConvGeom g = ResolveConvTranspose<kNsp>(ctx, x.dims(), f.dims());
  if (ctx.HasOutput(kGradFilterGrad))
    ConvBackwardFilter(ctx, g, dout, x.data<T>(),
                       ctx.Output(kGradFilterGrad)->MutableData<T>(ctx.place()));
  if (ctx.HasOutput(kGradInputGrad))
    ConvForward(ctx, g, dout, f.data<T>(),
                ctx.Output(kGradInputGrad)->MutableData<T>(ctx.place()));
}

void OutputPaddingAttr(OpDefBuilder& op) {
  op.Attr<std::vector<int32_t>>(
      kOutputPadding, "output_padding", {},
      "Extra size added after each spatial dim of the output, one per spatial dim; each >= 0 "
      "and below max(stride, dilation). Empty means none. Ignored when output_size is set.",
      "在输出每个空间维末端额外增加的大小，每个空间维一个；每个值都须 >= 0 且小于 "
      "max(stride, dilation)。为空表示不增加。设置了 output_size 时忽略。");
}

void OutputSizeAttr(OpDefBuilder& op) {
  op.Attr<std::vector<int32_t>>(
      kOutputSize, "output_size", {},
      "The output's spatial size, one per spatial dim, each in [s, s + stride) where s = "
      "(in - 1) * stride - pad_before - pad_after + dilation * (k - 1) + 1. Empty means s.",
      "输出的空间大小，每个空间维一个，每个值须在 [s, s + stride) 内，其中 s = (输入 - 1) * "
      "stride - 前填充 - 后填充 + dilation * (k - 1) + 1。为空表示取 s。");
}

// The attributes both ops share, then the gradient.
template <int kNsp>
void TransposeAttrs(OpDefBuilder& op) {
  StridesAttr(op, kStrides, kNsp);
  PaddingsAttr(op, kPaddings, kNsp);
  OutputPaddingAttr(op);
  OutputSizeAttr(op);
  PaddingAlgorithmAttr(op, kPaddingAlgorithm);
  GroupsAttr(op, kGroups);
  DilationsAttr(op, kDilations, kNsp);
}

template <int kNsp>
void TransposeGrad(OpDefBuilder& op) {
  op.Grad()
      .Reads(kGradInput, "Input")
      .Reads(kGradFilter, "Filter")
      .OutputGrad(kGradOutputGrad, "Output")
      .InputGrad(kGradInputGrad, "Input")
      .InputGrad(kGradFilterGrad, "Filter")
      .InferShape(ConvTransposeGradInferShape<kNsp>)
      .template CpuKernel<float>(ConvTransposeGradKernel<kNsp, float>)
      .template CpuKernel<double>(ConvTransposeGradKernel<kNsp, double>);
}

PD_REGISTER_OP(conv2d_transpose)
    .Doc("2-D transposed convolution (the gradient of conv2d with respect to its input): each "
         "Input pixel scatters Input times Filter over a kh x kw window of the output at "
         "(y*stride - pad, x*stride - pad), spaced by `dilations`.",
         "二维转置卷积（conv2d 对其输入的梯度）：Input 的每个像素把 Input 与 Filter 的乘积"
         "散布到输出上起点为 (y*stride - pad, x*stride - pad)、间距为 dilations 的 kh x kw "
         "窗口中。")
    .Input(kInput, "Input", "The input, [N, C_in, H, W] (NCHW) or [N, H, W, C_in] (NHWC).",
           "输入，[N, C_in, H, W]（NCHW）或 [N, H, W, C_in]（NHWC）。")
    .Input(kFilter, "Filter", "The filters, [C_in, C_out / groups, kh, kw].",
           "卷积核，[C_in, C_out / groups, kh, kw]。")
    .Input(kBias, "Bias", "Optional bias, [C_out], added to every output pixel.",
           "可选偏置，[C_out]，加到输出的每个像素上。")
    .Dispensable()
    .Extra()
    .Output(kOutput, "Output",
            "The output, [N, C_out, H', W'] (NCHW) or [N, H', W', C_out] (NHWC), where H' = "
            "(H - 1) * stride - pad_top - pad_bottom + dilation * (kh - 1) + 1 + "
            "output_padding (or output_size), and likewise W'.",
            "输出，[N, C_out, H', W']（NCHW）或 [N, H', W', C_out]（NHWC），其中 H' = "
            "(H - 1) * stride - 上填充 - 下填充 + dilation * (kh - 1) + 1 + output_padding"
            "（或取 output_size），W' 同理。")
    .Apply(TransposeAttrs<2>)
    .Apply([](OpDefBuilder& op) { DataFormatAttr(op, kDataFormat, 2); })
    .InferShape(ConvTransposeInferShape<2>)
    .CpuKernel<float>(ConvTransposeKernel<2, float>)
    .CpuKernel<double>(ConvTransposeKernel<2, double>)
    .Apply(TransposeGrad<2>);

PD_REGISTER_OP(conv3d_transpose)
    .Doc("3-D transposed convolution (the gradient of conv3d with respect to its input): each "
         "Input voxel scatters Input times Filter over a kd x kh x kw window of the output at "
         "(z*stride - pad, y*stride - pad, x*stride - pad), spaced by `dilations`.",
         "三维转置卷积（conv3d 对其输入的梯度）：Input 的每个体素把 Input 与 Filter 的乘积"
         "散布到输出上起点为 (z*stride - pad, y*stride - pad, x*stride - pad)、间距为 dilations "
         "的 kd x kh x kw 窗口中。")
    .Input(kInput, "Input",
           "The input, [N, C_in, D, H, W] (channels first) or [N, D, H, W, C_in] (NDHWC).",
           "输入，[N, C_in, D, H, W]（通道在前）或 [N, D, H, W, C_in]（NDHWC）。")
    .Input(kFilter, "Filter", "The filters, [C_in, C_out / groups, kd, kh, kw].",
           "卷积核，[C_in, C_out / groups, kd, kh, kw]。")
    .Output(kOutput, "Output",
            "The output, [N, C_out, D', H', W'] or [N, D', H', W', C_out], where D' = (D - 1) * "
            "stride - pad_front - pad_back + dilation * (kd - 1) + 1 + output_padding (or "
            "output_size), and likewise H', W'.",
            "输出，[N, C_out, D', H', W'] 或 [N, D', H', W', C_out]，其中 D' = (D - 1) * stride "
            "- 前填充 - 后填充 + dilation * (kd - 1) + 1 + output_padding（或取 output_size），"
            "H'、W' 同理。")
    .Apply(TransposeAttrs<3>)
    // PaddlePaddle's default for this op is "NCHW", which means channels first here too.
    .Attr(kDataFormat, "data_format", "NCHW",
          "Layout of the input and output: channels first (NCHW, NCDHW or the legacy "
          "AnyLayout) or channels last (NDHWC). The filter's layout does not change.",
          "输入与输出的数据布局：通道在前（NCHW、NCDHW 或旧式的 AnyLayout）或通道在后"
          "（NDHWC）。卷积核的布局不变。")
    .OneOf({"NCHW", "NCDHW", "NDHWC", "AnyLayout"})
    .InferShape(ConvTransposeInferShape<3>)
    .CpuKernel<float>(ConvTransposeKernel<3, float>)
    .CpuKernel<double>(ConvTransposeKernel<3, double>)
    .Apply(TransposeGrad<3>);

}  // namespace
}  // namespace ops
}  // namespace paddle
