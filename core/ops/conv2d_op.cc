// conv2d: 2-D convolution (cross-correlation) as im2col + one GEMM per batch
// item and group. The im2col buffer is laid out one row per output pixel
// ([oh * ow, C/groups * kh * kw], the row in the filter's (c, kh, kw) order),
// so NCHW and NHWC differ only in the input strides and in which side of the
// GEMM the filter sits on.
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"
#include "core/ops/window2d.h"

namespace paddle {
namespace ops {
namespace {

enum ConvIn { kInput, kFilter };
enum ConvOut { kOutput };
enum ConvGradIn { kGradInput, kGradFilter, kGradOutputGrad };
enum ConvGradOut { kGradInputGrad, kGradFilterGrad };
// Both ops declare the same attributes (ConvAttrs).
// conv2d and depthwise_conv2d declare their attributes in different orders
// (PaddlePaddle's), so the kernels read them by name through AttrOf.

// The op's own index of attribute `name`.
template <typename Ctx>
int AttrOf(const Ctx& ctx, const char* name) {
  return ctx.def().AttrIndex(name);
}

// Everything a kernel needs, resolved once from the shapes and attributes.
// Sizes are -1 where unknown (build time only).
struct ConvGeom {
  bool nhwc = false;
  Dims4 in{};
  int64_t m = 0, kh = 0, kw = 0;  // filter: output channels and window
  int64_t oh = -1, ow = -1;
  int64_t groups = 1;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1;
  int64_t pt = 0, pb = 0, pl = 0, pr = 0;

  int64_t cg() const { return in.c / groups; }  // input channels per group
  int64_t mg() const { return m / groups; }     // output channels per group
  int64_t k() const { return cg() * kh * kw; }  // GEMM inner size
  int64_t pixels() const { return oh * ow; }
  DDim OutDims() const { return MakeDims4(in.n, m, oh, ow, nhwc); }
};

// Output size of one spatial dim; checks that the dilated kernel fits.
int64_t ConvOutSize(const std::string& op, const char* what, int64_t in, int64_t k, int64_t d,
                    int64_t p0, int64_t p1, int64_t s, const DDim& in_dims,
                    const DDim& filter_dims) {
  if (in < 0 || k < 0) return -1;
  const int64_t dk = AddSize(MulSize(d, k - 1, op, "the dilated filter size"), 1, op,
                             "the dilated filter size");
  const int64_t padded = AddSize(AddSize(in, p0, op, "the padded input size"), p1, op,
                                 "the padded input size");
  PD_CHECK(padded >= dk, InvalidArgument, "[", op, "] the filter's ", what, " ", k,
           " (dilated to ", dk, ") is larger than the padded input ", what, " ", in, " + ", p0,
           " + ", p1, " = ", padded, " (Input ", in_dims.ToString(), ", Filter ",
           filter_dims.ToString(), ")");
  return (padded - dk) / s + 1;
}

template <typename Ctx>
ConvGeom ResolveConv(const Ctx& ctx, const DDim& x, const DDim& f) {
  const std::string& op = ctx.op_type();
  const std::string& format = ctx.template Attr<std::string>(AttrOf(ctx, "data_format"));
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op, "] input 'Input' must be 4-D (", format,
           "), got shape ", x.ToString());
  PD_CHECK(f.rank() == 4, InvalidArgument, "[", op,
           "] input 'Filter' must be 4-D [out_channels, in_channels / groups, kh, kw], got "
           "shape ",
           f.ToString());
  const auto& strides = ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "strides"));
  const auto& dilations = ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "dilations"));
  CheckPair(op, "strides", strides);
  CheckPair(op, "dilations", dilations);
  const std::vector<int64_t> pads =
      ExpandPaddings(op, ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "paddings")));

  ConvGeom g;
  g.nhwc = IsChannelLast(format);
  g.in = ReadDims4(x, g.nhwc);
  g.m = f[0];
  g.kh = f[2];
  g.kw = f[3];
  g.groups = ctx.template Attr<int32_t>(AttrOf(ctx, "groups"));
  g.sh = strides[0], g.sw = strides[1];
  g.dh = dilations[0], g.dw = dilations[1];
  g.pt = pads[0], g.pb = pads[1], g.pl = pads[2], g.pr = pads[3];

  PD_CHECK(g.m < 0 || g.m % g.groups == 0, InvalidArgument, "[", op, "] Filter ", f.ToString(),
           " has ", g.m, " output channels, which groups=", g.groups, " does not divide");
  PD_CHECK(g.in.c < 0 || f[1] < 0 || g.in.c == f[1] * g.groups, InvalidArgument, "[", op,
           "] Input ", x.ToString(), " (", format, ") has ", g.in.c,
           " channels but Filter ", f.ToString(), " expects ", f[1], " per group x groups=",
           g.groups, " = ", f[1] * g.groups);

  const std::string& algo = ctx.template Attr<std::string>(AttrOf(ctx, "padding_algorithm"));
  const bool known_h = ApplyPaddingAlgorithm(op, algo, g.in.h, g.kh, g.sh, &g.pt, &g.pb);
  const bool known_w = ApplyPaddingAlgorithm(op, algo, g.in.w, g.kw, g.sw, &g.pl, &g.pr);
  if (algo == "SAME") g.dh = g.dw = 1;  // PaddlePaddle: SAME ignores dilations
  g.oh = known_h ? ConvOutSize(op, "height", g.in.h, g.kh, g.dh, g.pt, g.pb, g.sh, x, f) : -1;
  g.ow = known_w ? ConvOutSize(op, "width", g.in.w, g.kw, g.dw, g.pl, g.pr, g.sw, x, f) : -1;
  return g;
}

void Conv2dInferShape(InferShapeContext& ctx) {
  const ConvGeom g = ResolveConv(ctx, ctx.InputDim(kInput), ctx.InputDim(kFilter));
  ctx.SetOutputDim(kOutput, g.OutDims());
}

// col[p][(c * kh + i) * kw + j] = x[c0 + c][oh*sh - pt + i*dh][ow*sw - pl + j*dw] (0 in the
// padding), for output pixel p = oh * ow_count + ow; x is one batch item.
template <typename T>
void Im2Col(const T* x, const ConvGeom& g, const Strides3& st, int64_t c0, T* col) {
  const int64_t cg = g.cg();
  for (int64_t oh = 0; oh < g.oh; ++oh) {
    const int64_t h0 = oh * g.sh - g.pt;
    for (int64_t ow = 0; ow < g.ow; ++ow) {
      const int64_t w0 = ow * g.sw - g.pl;
      T* row = col + (oh * g.ow + ow) * g.k();
      for (int64_t c = 0; c < cg; ++c) {
        const T* xc = x + (c0 + c) * st.c;
        for (int64_t i = 0; i < g.kh; ++i) {
          const int64_t h = h0 + i * g.dh;
          if (h < 0 || h >= g.in.h) {
            std::fill(row, row + g.kw, T(0));
            row += g.kw;
            continue;
          }
          const T* xr = xc + h * st.h;
          for (int64_t j = 0; j < g.kw; ++j) {
            const int64_t w = w0 + j * g.dw;
            *row++ = (w >= 0 && w < g.in.w) ? xr[w * st.w] : T(0);
          }
        }
      }
    }
  }
}

// The adjoint of Im2Col: adds each col entry back to the input element it came from.
template <typename T>
void Col2ImAdd(const T* col, const ConvGeom& g, const Strides3& st, int64_t c0, T* x) {
  const int64_t cg = g.cg();
  for (int64_t oh = 0; oh < g.oh; ++oh) {
    const int64_t h0 = oh * g.sh - g.pt;
    for (int64_t ow = 0; ow < g.ow; ++ow) {
      const int64_t w0 = ow * g.sw - g.pl;
      const T* row = col + (oh * g.ow + ow) * g.k();
      for (int64_t c = 0; c < cg; ++c) {
        T* xc = x + (c0 + c) * st.c;
        for (int64_t i = 0; i < g.kh; ++i, row += g.kw) {
          const int64_t h = h0 + i * g.dh;
          if (h < 0 || h >= g.in.h) continue;
          T* xr = xc + h * st.h;
          for (int64_t j = 0; j < g.kw; ++j) {
            const int64_t w = w0 + j * g.dw;
            if (w >= 0 && w < g.in.w) xr[w * st.w] += row[j];
          }
        }
      }
    }
  }
}

// The im2col buffer: the kernel context's workspace, kept between runs.
template <typename T>
T* Scratch(KernelContext& ctx, const ConvGeom& g) {
  const int64_t n = MulSize(g.pixels(), g.k(), ctx.op_type(), "the im2col buffer (pixels x K)");
  return static_cast<T*>(ctx.Workspace(
      static_cast<size_t>(MulSize(n, sizeof(T), ctx.op_type(), "the im2col buffer's bytes"))));
}

template <typename T>
void Conv2dKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kInput);
  const DenseTensor& f = ctx.Input(kFilter);
  const ConvGeom g = ResolveConv(ctx, x.dims(), f.dims());
  T* out = ctx.Output(kOutput)->MutableData<T>(ctx.place());
  const int64_t P = g.pixels(), K = g.k(), mg = g.mg(), cg = g.cg();
  if (g.in.n == 0 || P == 0 || g.m == 0) return;
  const Strides3 st = LayoutStrides(g.in, g.nhwc);
  const int64_t in_item = g.in.c * g.in.h * g.in.w, out_item = g.m * P;
  const T* xd = x.data<T>();
  const T* wd = f.data<T>();
  // A 1x1 kernel with unit stride and no padding reads NCHW input as the GEMM operand directly.
  const bool direct = !g.nhwc && g.kh == 1 && g.kw == 1 && g.sh == 1 && g.sw == 1 &&
                      g.pt == 0 && g.pb == 0 && g.pl == 0 && g.pr == 0;
  T* col = direct ? nullptr : Scratch<T>(ctx, g);
  for (int64_t n = 0; n < g.in.n; ++n) {
    const T* xn = xd + n * in_item;
    T* on = out + n * out_item;
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const T* wg = wd + gi * mg * K;
      if (direct) {  // Out_g [mg, P] = W_g [mg, cg] * X_g [cg, P]
        Gemm(false, false, mg, P, cg, T(1), wg, K, xn + gi * cg * P, P, T(0), on + gi * mg * P, P);
        continue;
      }
      Im2Col(xn, g, st, gi * cg, col);
      if (g.nhwc) {  // Out [P, m] columns of group g = col [P, K] * W_g^T
        Gemm(false, true, P, mg, K, T(1), col, K, wg, K, T(0), on + gi * mg, g.m);
      } else {  // Out_g [mg, P] = W_g [mg, K] * col^T
        Gemm(false, true, mg, P, K, T(1), wg, K, col, K, T(0), on + gi * mg * P, P);
      }
    }
  }
}

void Conv2dGradInferShape(InferShapeContext& ctx) {
  const ConvGeom g = ResolveConv(ctx, ctx.InputDim(kGradInput), ctx.InputDim(kGradFilter));
  CheckInputShape(ctx, kGradOutputGrad, g.OutDims(), "conv2d's output shape");
  GradShapeLike(ctx, kGradInput, kGradInputGrad);
  GradShapeLike(ctx, kGradFilter, kGradFilterGrad);
}

// With Out_g = W_g * col^T per item: Filter@GRAD_g += dOut_g * col and
// dcol = dOut_g^T * W_g, which Col2ImAdd scatters back into Input@GRAD.
template <typename T>
void Conv2dGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradInput);
  const DenseTensor& f = ctx.Input(kGradFilter);
  const DenseTensor& dout = ctx.Input(kGradOutputGrad);
  const ConvGeom g = ResolveConv(ctx, x.dims(), f.dims());
  const bool want_dx = ctx.HasOutput(kGradInputGrad), want_dw = ctx.HasOutput(kGradFilterGrad);
  T* dx = want_dx ? ctx.Output(kGradInputGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dw = want_dw ? ctx.Output(kGradFilterGrad)->MutableData<T>(ctx.place()) : nullptr;
  if (dx) std::fill(dx, dx + x.numel(), T(0));
  if (dw) std::fill(dw, dw + f.numel(), T(0));
  const int64_t P = g.pixels(), K = g.k(), mg = g.mg(), cg = g.cg();
  if (g.in.n == 0 || P == 0 || g.m == 0 || K == 0) return;
  const Strides3 st = LayoutStrides(g.in, g.nhwc);
  const int64_t in_item = g.in.c * g.in.h * g.in.w, out_item = g.m * P;
  const T* xd = x.data<T>();
  const T* wd = f.data<T>();
  const T* gd = dout.data<T>();
  T* col = Scratch<T>(ctx, g);
  for (int64_t n = 0; n < g.in.n; ++n) {
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      // dOut of group g: NCHW rows [mg, P] (ld P); NHWC columns of [P, m] (ld m).
      const T* dg = gd + n * out_item + (g.nhwc ? gi * mg : gi * mg * P);
      const int64_t ldd = g.nhwc ? g.m : P;
      if (dw) {
        Im2Col(xd + n * in_item, g, st, gi * cg, col);
        // dW_g [mg, K] += dOut_g [mg, P] * col [P, K]
        Gemm(g.nhwc, false, mg, K, P, T(1), dg, ldd, col, K, T(1), dw + gi * mg * K, K);
      }
      if (dx) {
        // dcol [P, K] = dOut_g^T [P, mg] * W_g [mg, K]
        Gemm(!g.nhwc, false, P, K, mg, T(1), dg, ldd, wd + gi * mg * K, K, T(0), col, K);
        Col2ImAdd(col, g, st, gi * cg, dx + n * in_item);
      }
    }
  }
}

// The convolution attributes, each declared at the index its op gives it.
void StridesAttr(OpDefBuilder& op, int index) {
  op.Attr<std::vector<int32_t>>(index, "strides", {1, 1},
                                  "Stride of the sliding window, [height, width]; each > 0.",
                                  "滑动窗口的步长，[高, 宽]；每个值都须大于 0。");
}

void PaddingsAttr(OpDefBuilder& op, int index) {
  op.Attr<std::vector<int32_t>>(
            index, "paddings", {0, 0},
            "Zero padding of the input: [h, w] pads both sides of each spatial dim equally, "
            "[top, bottom, left, right] pads each side on its own. Used when padding_algorithm "
            "is EXPLICIT.",
            "输入的零填充：[h, w] 表示每个空间维两侧填充相同，[上, 下, 左, 右] 表示各侧单独填充。"
            "仅在 padding_algorithm 为 EXPLICIT 时使用。");
}

void PaddingAlgorithmAttr(OpDefBuilder& op, int index) {
  op.Attr(index, "padding_algorithm", "EXPLICIT",
              "EXPLICIT uses `paddings`; SAME pads so that the output size is ceil(input / "
              "stride) (the odd pixel goes to the bottom/right) and ignores dilations; VALID "
              "pads nothing.",
              "EXPLICIT 使用 paddings；SAME 自动填充使输出大小为 ceil(输入 / 步长)"
              "（多出的一个像素填在下/右侧），并忽略 dilations；VALID 不做填充。")
      .OneOf({"EXPLICIT", "SAME", "VALID"});
}

void DilationsAttr(OpDefBuilder& op, int index) {
  op.Attr<std::vector<int32_t>>(
            index, "dilations", {1, 1},
            "Spacing between the filter's taps, [height, width]; each > 0 (1 = dense).",
            "卷积核采样点之间的间距，[高, 宽]；每个值都须大于 0（1 表示紧密相邻）。");
}

void GroupsAttr(OpDefBuilder& op, int index) {
  op.Attr<int32_t>(index, "groups", 1,
                       "Number of groups: input and output channels are split into `groups` "
                       "parts and part g of the output sees only part g of the input. Must "
                       "divide the filter's output channels.",
                       "分组数：输入与输出通道各分为 groups 份，输出的第 g 份只与输入的第 g 份相连。"
                       "须整除卷积核的输出通道数。")
      .AtLeast(1);
}

void DataFormatAttr(OpDefBuilder& op, int index) {
  op.Attr(index, "data_format", "NCHW",
              "Layout of Input and Output: NCHW (channels first; the legacy AnyLayout means "
              "the same) or NHWC (channels last). The filter is always [M, C/groups, kh, kw].",
              "Input 与 Output 的数据布局：NCHW（通道在前；旧式的 AnyLayout 与之相同）或 NHWC"
              "（通道在后）。卷积核总是 [M, C/groups, kh, kw]。")
      .OneOf({"NCHW", "NHWC", "AnyLayout"});
}

// The slots, attributes (in each op's order), kernels and gradient of conv2d
// and depthwise_conv2d: one computation, grouped convolution.
template <bool kDepthwise>
void Conv(OpDefBuilder& op) {
  op.Input(kInput, "Input", "The input image batch, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
           "输入图像批，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。")
    .Input(kFilter, "Filter", "The filters, [M, C / groups, kh, kw].",
           "卷积核，[M, C / groups, kh, kw]。")
    .Output(kOutput, "Output",
            "The output, [N, M, H', W'] (NCHW) or [N, H', W', M] (NHWC), where H' = (H + "
            "pad_top + pad_bottom - (dilation*(kh-1)+1)) / stride + 1, and likewise W'.",
            "输出，[N, M, H', W']（NCHW）或 [N, H', W', M]（NHWC），其中 H' = (H + 上填充 + "
            "下填充 - (dilation*(kh-1)+1)) / stride + 1，W' 同理。");
  // PaddlePaddle declares groups and dilations in the other order for depthwise_conv2d.
  StridesAttr(op, 0);
  PaddingsAttr(op, 1);
  PaddingAlgorithmAttr(op, 2);
  (kDepthwise ? GroupsAttr : DilationsAttr)(op, 3);
  (kDepthwise ? DilationsAttr : GroupsAttr)(op, 4);
  DataFormatAttr(op, 5);
  op.InferShape(Conv2dInferShape)
    .CpuKernel<float>(Conv2dKernel<float>)
    .CpuKernel<double>(Conv2dKernel<double>)
    .Grad()
    .Doc("Gradients of the convolution: Input@GRAD is the transposed convolution of Output@GRAD with "
         "Filter; Filter@GRAD correlates Output@GRAD with Input, summed over the batch.",
         "卷积的梯度：Input@GRAD 是 Output@GRAD 与 Filter 的转置卷积；Filter@GRAD 是 "
         "Output@GRAD 与 Input 的互相关，并在批上求和。")
    .Reads(kGradInput, "Input")
    .Reads(kGradFilter, "Filter")
    .OutputGrad(kGradOutputGrad, "Output")
    .InputGrad(kGradInputGrad, "Input")
    .InputGrad(kGradFilterGrad, "Filter")
    .InferShape(Conv2dGradInferShape)
    .CpuKernel<float>(Conv2dGradKernel<float>)
    .CpuKernel<double>(Conv2dGradKernel<double>);
}

PD_REGISTER_OP(conv2d)
    .Doc("2-D convolution (cross-correlation, as in deep-learning frameworks): each output "
         "channel m at pixel (y, x) is the sum over the input channels of its group and the "
         "kh x kw window at (y*stride - pad, x*stride - pad), spaced by `dilations`, of "
         "Input times Filter[m]. The bias is added by a separate elementwise_add.",
         "二维卷积（深度学习框架中的互相关）：输出通道 m 在像素 (y, x) 的值，是其所在分组的"
         "各输入通道上、起点为 (y*stride - pad, x*stride - pad)、间距为 dilations 的 kh x kw "
         "窗口内 Input 与 Filter[m] 乘积之和。偏置由单独的 elementwise_add 加上。")
    .Apply(Conv<false>);

PD_REGISTER_OP(depthwise_conv2d)
    .Doc("2-D convolution with groups (as conv2d), the form PaddlePaddle saves for depthwise "
         "layers (groups = input channels); attributes in its own order.",
         "带分组的二维卷积（同 conv2d），PaddlePaddle 为逐通道卷积层（groups 等于输入通道数）"
         "保存的形式；属性按其自身顺序排列。")
    .Apply(Conv<true>);

}  // namespace
}  // namespace ops
}  // namespace paddle
