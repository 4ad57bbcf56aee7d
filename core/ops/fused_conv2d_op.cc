// fused_conv2d: PaddlePaddle's inference convolution with the bias, a residual and an
// activation folded in, Output = act(conv2d(Input, Filter) + Bias + ResidualData), made by the
// conv_bias / conv_elementwise_add / conv_activation mkldnn fuse passes (core/ir). For float the
// additions run as oneDNN post-ops inside the convolution, so the output is written once.
#include <string>

#include "core/base/enforce.h"
#include "core/ops/conv.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum FusedConvIn { kInput, kFilter, kBias, kResidualData };
enum FusedConvOut { kOutput };
enum FusedConvAttr {
  kStrides, kPaddings, kPaddingAlgorithm, kDilations, kGroups, kDataFormat, kFuseActivation,
  kFuseResidualConnection, kForceFp32Output, kFuseAlpha, kFuseBeta
};

void FusedConvInferShape(InferShapeContext& ctx) {
  const ConvGeom g = ResolveConv(ctx, 2, ctx.InputDim(kInput), ctx.InputDim(kFilter));
  if (ctx.HasInput(kBias)) {
    const DDim b = ctx.InputDim(kBias);
    PD_CHECK(b.rank() == 1 && (b[0] < 0 || g.m < 0 || b[0] == g.m), InvalidArgument,
             "[fused_conv2d] input 'Bias' must be 1-D [", g.m, "] (one per output channel), got ",
             b.ToString());
  }
  if (ctx.Attr<bool>(kFuseResidualConnection)) {
    PD_CHECK(ctx.HasInput(kResidualData), InvalidArgument,
             "[fused_conv2d] fuse_residual_connection is true but input 'ResidualData' is absent");
    CheckInputShape(ctx, kResidualData, g.OtherDims(), "the convolution's output shape");
  }
  ctx.SetOutputDim(kOutput, g.OtherDims());
}

// fuse_activation with fuse_alpha/fuse_beta, as PaddlePaddle's oneDNN kernel reads them:
// relu and leaky_relu scale the negative part by fuse_alpha, relu6 clamps to
// [fuse_alpha, fuse_beta].
template <typename T>
void ReadActivation(const KernelContext& ctx, ConvFusion<T>* f) {
  const std::string& act = ctx.Attr<std::string>(kFuseActivation);
  f->alpha = ctx.Attr<float>(kFuseAlpha);
  f->beta = ctx.Attr<float>(kFuseBeta);
  if (act == "relu" || act == "leaky_relu") f->act = ConvAct::kRelu;
  else if (act == "relu6") f->act = ConvAct::kClip;
}

template <typename T>
void FusedConvKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kInput);
  const DenseTensor& w = ctx.Input(kFilter);
  const ConvGeom g = ResolveConv(ctx, 2, x.dims(), w.dims());
  ConvFusion<T> f;
  if (ctx.HasInput(kBias)) f.bias = ctx.Input(kBias).data<T>();
  if (ctx.Attr<bool>(kFuseResidualConnection)) f.residual = ctx.Input(kResidualData).data<T>();
  ReadActivation(ctx, &f);
  T* out = ctx.Output(kOutput)->MutableData<T>(ctx.place());
  ConvForwardFused(ctx, g, x.data<T>(), w.data<T>(), out, ctx.InputFrozen(kFilter), f);
}

PD_REGISTER_OP(fused_conv2d)
    .Doc("2-D convolution for inference with its bias, a residual and an activation fused in: "
         "Output = act(conv2d(Input, Filter) + Bias + ResidualData), the bias added per output "
         "channel. Made by the inference passes conv_bias_mkldnn_fuse_pass, "
         "conv_elementwise_add_mkldnn_fuse_pass and conv_activation_mkldnn_fuse_pass; it has "
         "no gradient.",
         "用于推理的二维卷积，融合了偏置、残差与激活函数：Output = act(conv2d(Input, Filter) + "
         "Bias + ResidualData)，偏置按输出通道相加。由推理 pass conv_bias_mkldnn_fuse_pass、"
         "conv_elementwise_add_mkldnn_fuse_pass 与 conv_activation_mkldnn_fuse_pass 生成；"
         "没有梯度。")
    .Input(kInput, "Input", "The input image batch, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
           "输入图像批，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。")
    .Input(kFilter, "Filter", "The filters, [M, C / groups, kh, kw].",
           "卷积核，[M, C / groups, kh, kw]。")
    .Input(kBias, "Bias", "The bias [M], one per output channel; optional.",
           "偏置 [M]，每个输出通道一个；可省略。")
    .Dispensable()
    .Input(kResidualData, "ResidualData",
           "A tensor of Output's shape added before the activation; read when "
           "fuse_residual_connection is true.",
           "与 Output 形状相同、在激活函数之前相加的张量；fuse_residual_connection 为 true 时读取。")
    .Dispensable()
    .Output(kOutput, "Output",
            "act(conv + Bias + ResidualData), [N, M, H', W'] (NCHW) or [N, H', W', M] (NHWC), "
            "sized as conv2d's.",
            "act(conv + Bias + ResidualData)，[N, M, H', W']（NCHW）或 [N, H', W', M]（NHWC），"
            "大小同 conv2d。")
    .RequiredAttr<std::vector<int32_t>>(kStrides, "strides",
                                        "Stride of the sliding window, [height, width]; each > 0.",
                                        "滑动窗口的步长，[高, 宽]；每个值都须大于 0。")
    .RequiredAttr<std::vector<int32_t>>(
        kPaddings, "paddings",
        "Zero padding of the image, as conv2d's: [pad_h, pad_w] or [top, bottom, left, right].",
        "图像的零填充，同 conv2d：[pad_h, pad_w] 或 [上, 下, 左, 右]。")
    .RequiredAttr<std::string>(kPaddingAlgorithm, "padding_algorithm",
                               "\"EXPLICIT\" (use paddings), \"SAME\" or \"VALID\", as conv2d's.",
                               "\"EXPLICIT\"（使用 paddings）、\"SAME\" 或 \"VALID\"，同 conv2d。")
    .RequiredAttr<std::vector<int32_t>>(kDilations, "dilations",
                                        "Spacing of the window's taps, [height, width]; each > 0.",
                                        "窗口采样点的间距，[高, 宽]；每个值都须大于 0。")
    .RequiredAttr<int32_t>(kGroups, "groups",
                           "Channel groups; input and output channels are both divisible by it.",
                           "通道分组数；输入与输出通道数都须能被它整除。")
    .RequiredAttr<std::string>(kDataFormat, "data_format", "\"NCHW\" or \"NHWC\".",
                               "\"NCHW\" 或 \"NHWC\"。")
    .RequiredAttr<std::string>(
        kFuseActivation, "fuse_activation",
        "The activation after the sums: \"\" (none), \"relu\" or \"leaky_relu\" (negative part "
        "times fuse_alpha), \"relu6\" (clamped to [fuse_alpha, fuse_beta]).",
        "相加之后的激活函数：\"\"（无）、\"relu\" 或 \"leaky_relu\"（负半部分乘以 "
        "fuse_alpha）、\"relu6\"（截断到 [fuse_alpha, fuse_beta]）。")
    .OneOf({"", "relu", "leaky_relu", "relu6"})
    .RequiredAttr<bool>(kFuseResidualConnection, "fuse_residual_connection",
                        "Whether ResidualData is added before the activation.",
                        "是否在激活函数之前加上 ResidualData。")
    .RequiredAttr<bool>(kForceFp32Output, "force_fp32_output",
                        "For int8 kernels only; float kernels write float anyway.",
                        "仅用于 int8 内核；浮点内核的输出总是浮点。")
    .Attr<float>(kFuseAlpha, "fuse_alpha", 0.0f,
                 "The activation's first parameter (leaky_relu's slope, relu6's lower bound).",
                 "激活函数的第一个参数（leaky_relu 的斜率、relu6 的下界）。")
    .UnlistedAttr()
    .Attr<float>(kFuseBeta, "fuse_beta", 0.0f,
                 "The activation's second parameter (relu6's upper bound, 6 for relu6).",
                 "激活函数的第二个参数（relu6 的上界，relu6 为 6）。")
    .UnlistedAttr()
    .InferShape(FusedConvInferShape)
    .CpuKernel<float>(FusedConvKernel<float>)
    .CpuKernel<double>(FusedConvKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
