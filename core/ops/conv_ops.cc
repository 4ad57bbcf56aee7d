// conv2d, depthwise_conv2d and conv3d: grouped convolution (cross-correlation)
// over 2-D and 3-D images, one computation (conv.h) for all three.
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/conv.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum ConvIn { kInput, kFilter };
enum ConvOut { kOutput };
enum ConvGradIn { kGradInput, kGradFilter, kGradOutputGrad };
enum ConvGradOut { kGradInputGrad, kGradFilterGrad };
// The ops declare their attributes in PaddlePaddle's orders, which differ,
// so the kernels read them by name (AttrOf).

template <int kNsp>
void ConvInferShape(InferShapeContext& ctx) {
  const ConvGeom g = ResolveConv(ctx, kNsp, ctx.InputDim(kInput), ctx.InputDim(kFilter));
  ctx.SetOutputDim(kOutput, g.OtherDims());
}

template <int kNsp, typename T>
void ConvKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kInput);
  const DenseTensor& f = ctx.Input(kFilter);
  const ConvGeom g = ResolveConv(ctx, kNsp, x.dims(), f.dims());
  T* out = ctx.Output(kOutput)->MutableData<T>(ctx.place());
  ConvForward(ctx, g, x.data<T>(), f.data<T>(), out, ctx.InputFrozen(kFilter));
}

template <int kNsp>
void ConvGradInferShape(InferShapeContext& ctx) {
  const ConvGeom g =
      ResolveConv(ctx, kNsp, ctx.InputDim(kGradInput), ctx.InputDim(kGradFilter));
  CheckInputShape(ctx, kGradOutputGrad, g.OtherDims(), "the convolution's output shape");
  GradShapeLike(ctx, kGradInput, kGradInputGrad);
  GradShapeLike(ctx, kGradFilter, kGradFilterGrad);
}

// Input@GRAD is the adjoint convolution of Output@GRAD; Filter@GRAD
// correlates Output@GRAD with Input.
template <int kNsp, typename T>
void ConvGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradInput);
  const DenseTensor& f = ctx.Input(kGradFilter);
  const T* dout = ctx.Input(kGradOutputGrad).data<T>();
  const ConvGeom g = ResolveConv(ctx, kNsp, x.dims(), f.dims());
  if (ctx.HasOutput(kGradFilterGrad))
    ConvBackwardFilter(ctx, g, x.data<T>(), dout,
                       ctx.Output(kGradFilterGrad)->MutableData<T>(ctx.place()));
  if (ctx.HasOutput(kGradInputGrad))
    ConvBackwardImage(ctx, g, dout, f.data<T>(),
                      ctx.Output(kGradInputGrad)->MutableData<T>(ctx.place()));
}

// Slot docs per spatial rank.
struct ConvText {
  const char *input_en, *input_zh, *filter_en, *filter_zh, *output_en, *output_zh;
};
constexpr ConvText kConv2dText{
    "The input image batch, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
    "输入图像批，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。",
    "The filters, [M, C / groups, kh, kw].",
    "卷积核，[M, C / groups, kh, kw]。",
    "The output, [N, M, H', W'] (NCHW) or [N, H', W', M] (NHWC), where H' = (H + pad_top + "
    "pad_bottom - (dilation*(kh-1)+1)) / stride + 1, and likewise W'.",
    "输出，[N, M, H', W']（NCHW）或 [N, H', W', M]（NHWC），其中 H' = (H + 上填充 + "
    "下填充 - (dilation*(kh-1)+1)) / stride + 1，W' 同理。"};
constexpr ConvText kConv3dText{
    "The input volume batch, [N, C, D, H, W] (NCDHW) or [N, D, H, W, C] (NDHWC).",
    "输入体数据批，[N, C, D, H, W]（NCDHW）或 [N, D, H, W, C]（NDHWC）。",
    "The filters, [M, C / groups, kd, kh, kw].",
    "卷积核，[M, C / groups, kd, kh, kw]。",
    "The output, [N, M, D', H', W'] (NCDHW) or [N, D', H', W', M] (NDHWC), where D' = (D + "
    "pad_front + pad_back - (dilation*(kd-1)+1)) / stride + 1, and likewise H', W'.",
    "输出，[N, M, D', H', W']（NCDHW）或 [N, D', H', W', M]（NDHWC），其中 D' = (D + 前填充 "
    "+ 后填充 - (dilation*(kd-1)+1)) / stride + 1，H'、W' 同理。"};

// The slots, attributes (groups before dilations when kGroupsFirst, as
// PaddlePaddle orders them), kernels and gradient of a convolution op.
template <int kNsp, bool kGroupsFirst>
void Conv(OpDefBuilder& op) {
  const ConvText& t = kNsp == 3 ? kConv3dText : kConv2dText;
  op.Input(kInput, "Input", t.input_en, t.input_zh)
      .Input(kFilter, "Filter", t.filter_en, t.filter_zh)
      .Output(kOutput, "Output", t.output_en, t.output_zh);
  StridesAttr(op, 0, kNsp);
  PaddingsAttr(op, 1, kNsp);
  PaddingAlgorithmAttr(op, 2);
  if (kGroupsFirst) {
    GroupsAttr(op, 3);
    DilationsAttr(op, 4, kNsp);
  } else {
    DilationsAttr(op, 3, kNsp);
    GroupsAttr(op, 4);
  }
  DataFormatAttr(op, 5, kNsp);
  // Plain function pointers, so the chain below is not template-dependent.
  const InferShapeFn infer = ConvInferShape<kNsp>, grad_infer = ConvGradInferShape<kNsp>;
  const KernelFn f32 = ConvKernel<kNsp, float>, f64 = ConvKernel<kNsp, double>;
  const KernelFn grad_f32 = ConvGradKernel<kNsp, float>, grad_f64 = ConvGradKernel<kNsp, double>;
  op.InferShape(infer)
      .CpuKernel<float>(f32)
      .CpuKernel<double>(f64)
      .Grad()
      .Doc("Gradients of the convolution: Input@GRAD is the transposed convolution of "
           "Output@GRAD with Filter; Filter@GRAD correlates Output@GRAD with Input, summed over "
           "the batch.",
           "卷积的梯度：Input@GRAD 是 Output@GRAD 与 Filter 的转置卷积；Filter@GRAD 是 "
           "Output@GRAD 与 Input 的互相关，并在批上求和。")
      .Reads(kGradInput, "Input")
      .Reads(kGradFilter, "Filter")
      .OutputGrad(kGradOutputGrad, "Output")
      .InputGrad(kGradInputGrad, "Input")
      .InputGrad(kGradFilterGrad, "Filter")
      .InferShape(grad_infer)
      .CpuKernel<float>(grad_f32)
      .CpuKernel<double>(grad_f64);
}

PD_REGISTER_OP(conv2d)
    .Doc("2-D convolution (cross-correlation, as in deep-learning frameworks): each output "
         "channel m at pixel (y, x) is the sum over the input channels of its group and the "
         "kh x kw window at (y*stride - pad, x*stride - pad), spaced by `dilations`, of "
         "Input times Filter[m]. The bias is added by a separate elementwise_add.",
         "二维卷积（深度学习框架中的互相关）：输出通道 m 在像素 (y, x) 的值，是其所在分组的"
         "各输入通道上、起点为 (y*stride - pad, x*stride - pad)、间距为 dilations 的 kh x kw "
         "窗口内 Input 与 Filter[m] 乘积之和。偏置由单独的 elementwise_add 加上。")
    .Apply(Conv<2, false>);

PD_REGISTER_OP(depthwise_conv2d)
    .Doc("2-D convolution with groups (as conv2d), the form PaddlePaddle saves for depthwise "
         "layers (groups = input channels); attributes in its own order.",
         "带分组的二维卷积（同 conv2d），PaddlePaddle 为逐通道卷积层（groups 等于输入通道数）"
         "保存的形式；属性按其自身顺序排列。")
    .Apply(Conv<2, true>);

PD_REGISTER_OP(conv3d)
    .Doc("3-D convolution (cross-correlation): as conv2d over a kd x kh x kw window of a "
         "volume; the bias is added by a separate elementwise_add.",
         "三维卷积（互相关）：与 conv2d 相同，窗口为体数据上的 kd x kh x kw；偏置由单独的 "
         "elementwise_add 加上。")
    .Apply(Conv<3, true>);

}  // namespace
}  // namespace ops
}  // namespace paddle
