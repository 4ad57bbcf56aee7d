// pool2d: max or average pooling over 2-D windows, with PaddlePaddle's
// rules for ceil_mode, exclusive averaging, global and adaptive pooling.
#include <algorithm>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/window2d.h"

namespace paddle {
namespace ops {
namespace {

enum PoolIn { kX };
enum PoolOut { kOut };
enum PoolGradIn { kGradX, kGradOut, kGradOutGrad };
enum PoolGradOut { kGradXGrad };
// Both ops declare the same attributes (PoolAttrs).
enum PoolAttr {
  kKsize,
  kStrides,
  kPaddings,
  kCeilMode,
  kExclusive,
  kDataFormat,
  kPoolingType,
  kGlobalPooling,
  kAdaptive,
  kPaddingAlgorithm,
  kUseCudnn,
};

struct PoolGeom {
  bool nhwc = false, max = true, exclusive = true, adaptive = false;
  Dims4 in{};
  int64_t oh = -1, ow = -1;
  int64_t kh = 0, kw = 0, sh = 1, sw = 1, pt = 0, pb = 0, pl = 0, pr = 0;
  DDim OutDims() const { return MakeDims4(in.n, in.c, oh, ow, nhwc); }
};

// PaddlePaddle's formula, division truncating toward zero: a window that
// overhangs the padded input by less than a stride still yields one output.
int64_t PoolOutSize(const std::string& op, const char* what, int64_t in, int64_t k, int64_t p0,
                    int64_t p1, int64_t s, bool ceil_mode, const DDim& x) {
  if (in < 0) return -1;
  const char* size = "the padded input size";
  const int64_t padded = AddSize(AddSize(in, p0, op, size), p1, op, size);
  const int64_t out = (AddSize(padded - k, ceil_mode ? s - 1 : 0, op, size)) / s + 1;
  PD_CHECK(out > 0, InvalidArgument, "[", op, "] the window ", what, " ", k,
           " is larger than the padded input ", what, " ", in, " + ", p0, " + ", p1, " = ",
           padded, " (X ", x.ToString(), ", stride ", s, "): the output ", what,
           " would be ", out);
  return out;
}

template <typename Ctx>
PoolGeom ResolvePool(const Ctx& ctx, const DDim& x) {
  const std::string& op = ctx.op_type();
  const std::string& format = ctx.template Attr<std::string>(kDataFormat);
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op, "] input 'X' must be 4-D (", format,
           "), got shape ", x.ToString());
  const auto& ksize = ctx.template Attr<std::vector<int32_t>>(kKsize);
  const auto& strides = ctx.template Attr<std::vector<int32_t>>(kStrides);
  CheckPair(op, "ksize", ksize);
  CheckPair(op, "strides", strides);
  const std::vector<int64_t> pads =
      ExpandPaddings(op, ctx.template Attr<std::vector<int32_t>>(kPaddings));

  PoolGeom g;
  g.nhwc = IsChannelLast(format);
  g.in = ReadDims4(x, g.nhwc);
  g.max = ctx.template Attr<std::string>(kPoolingType) == "max";
  g.exclusive = ctx.template Attr<bool>(kExclusive);
  g.adaptive = ctx.template Attr<bool>(kAdaptive);
  const bool global = ctx.template Attr<bool>(kGlobalPooling);
  g.kh = global ? g.in.h : ksize[0];
  g.kw = global ? g.in.w : ksize[1];
  g.sh = strides[0], g.sw = strides[1];
  g.pt = pads[0], g.pb = pads[1], g.pl = pads[2], g.pr = pads[3];
  const std::string& algo = ctx.template Attr<std::string>(kPaddingAlgorithm);
  const bool known_h = ApplyPaddingAlgorithm(op, algo, g.in.h, g.kh, g.sh, &g.pt, &g.pb);
  const bool known_w = ApplyPaddingAlgorithm(op, algo, g.in.w, g.kw, g.sw, &g.pl, &g.pr);
  if (global || g.adaptive) g.pt = g.pb = g.pl = g.pr = 0;  // windows cover the input exactly

  if (g.adaptive) {  // ksize is the output size
    g.oh = g.kh;
    g.ow = g.kw;
  } else {
    const bool ceil_mode = ctx.template Attr<bool>(kCeilMode);
    g.oh = known_h ? PoolOutSize(op, "height", g.in.h, g.kh, g.pt, g.pb, g.sh, ceil_mode, x) : -1;
    g.ow = known_w ? PoolOutSize(op, "width", g.in.w, g.kw, g.pl, g.pr, g.sw, ceil_mode, x) : -1;
  }
  return g;
}

void Pool2dInferShape(InferShapeContext& ctx) {
  const PoolGeom g = ResolvePool(ctx, ctx.InputDim(kX));
  ctx.SetOutputDim(kOut, g.OutDims());
}

// One output pixel's window over the input, clipped to it, and the divisor
// of an average: the in-input count when exclusive (or adaptive), else the
// window clipped only to the padded input (PaddlePaddle pads after the input
// by the top/left amount here, so a ceil_mode overhang is not counted).
struct Window {
  int64_t h0, h1, w0, w1;
  int64_t count;
};

Window WindowAt(const PoolGeom& g, int64_t oh, int64_t ow) {
  Window win;
  if (g.adaptive) {
    win.h0 = AdaptiveStart(oh, g.in.h, g.oh), win.h1 = AdaptiveEnd(oh, g.in.h, g.oh);
    win.w0 = AdaptiveStart(ow, g.in.w, g.ow), win.w1 = AdaptiveEnd(ow, g.in.w, g.ow);
    win.count = (win.h1 - win.h0) * (win.w1 - win.w0);
    return win;
  }
  const int64_t h0 = oh * g.sh - g.pt, w0 = ow * g.sw - g.pl;
  const int64_t h1 = std::min(h0 + g.kh, g.in.h + g.pt), w1 = std::min(w0 + g.kw, g.in.w + g.pl);
  win.h0 = std::max<int64_t>(h0, 0), win.h1 = std::min(h1, g.in.h);
  win.w0 = std::max<int64_t>(w0, 0), win.w1 = std::min(w1, g.in.w);
  const int64_t inside =
      std::max<int64_t>(win.h1 - win.h0, 0) * std::max<int64_t>(win.w1 - win.w0, 0);
  win.count = g.exclusive ? inside : (h1 - h0) * (w1 - w0);
  return win;
}

// Calls fn(x_base, x_strides, out_base, out_strides) once per (batch, channel)
// plane; element (h, w) of a plane is at base + h * strides.h + w * strides.w.
template <typename Fn>
void ForEachPlane(const PoolGeom& g, Fn fn) {
  const Dims4 out{g.in.n, g.in.c, g.oh, g.ow};
  const Strides3 xs = LayoutStrides(g.in, g.nhwc), os = LayoutStrides(out, g.nhwc);
  const int64_t x_item = g.in.c * g.in.h * g.in.w, o_item = g.in.c * g.oh * g.ow;
  for (int64_t n = 0; n < g.in.n; ++n)
    for (int64_t c = 0; c < g.in.c; ++c)
      fn(n * x_item + c * xs.c, xs, n * o_item + c * os.c, os);
}

template <typename T>
void Pool2dKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const PoolGeom g = ResolvePool(ctx, x.dims());
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  if (x.numel() == 0) {
    std::fill(out, out + g.in.n * g.in.c * g.oh * g.ow, T(0));
    return;
  }
  const T* xd = x.data<T>();
  ForEachPlane(g, [&](int64_t xb, const Strides3& xs, int64_t ob, const Strides3& os) {
    for (int64_t oh = 0; oh < g.oh; ++oh) {
      for (int64_t ow = 0; ow < g.ow; ++ow) {
        const Window win = WindowAt(g, oh, ow);
        T acc = g.max ? std::numeric_limits<T>::lowest() : T(0);
        bool any = false;
        for (int64_t h = win.h0; h < win.h1; ++h) {
          const T* row = xd + xb + h * xs.h;
          for (int64_t w = win.w0; w < win.w1; ++w) {
            const T v = row[w * xs.w];
            acc = g.max ? std::max(acc, v) : acc + v;
            any = true;
          }
        }
        // A window wholly in the padding (possible with ceil_mode) gives 0.
        if (!any) acc = T(0);
        else if (!g.max) acc /= static_cast<T>(win.count);
        out[ob + oh * os.h + ow * os.w] = acc;
      }
    }
  });
}

void Pool2dGradInferShape(InferShapeContext& ctx) {
  const PoolGeom g = ResolvePool(ctx, ctx.InputDim(kGradX));
  CheckInputShape(ctx, kGradOut, g.OutDims(), "pool2d's output shape for X");
  CheckInputShape(ctx, kGradOutGrad, g.OutDims(), "pool2d's output shape for X");
  GradShapeLike(ctx, kGradX, kGradXGrad);
}

// max: each output's gradient goes to the first element of its window that
// equals the output (PaddlePaddle's tie rule); avg: spread evenly over the
// window, divided by the same count as the forward.
template <typename T>
void Pool2dGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& out = ctx.Input(kGradOut);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const PoolGeom g = ResolvePool(ctx, x.dims());
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + x.numel(), T(0));
  if (x.numel() == 0) return;
  const T* xd = x.data<T>();
  const T* od = out.data<T>();
  const T* gd = dout.data<T>();
  ForEachPlane(g, [&](int64_t xb, const Strides3& xs, int64_t ob, const Strides3& os) {
    for (int64_t oh = 0; oh < g.oh; ++oh) {
      for (int64_t ow = 0; ow < g.ow; ++ow) {
        const Window win = WindowAt(g, oh, ow);
        const int64_t o = ob + oh * os.h + ow * os.w;
        if (g.max) {
          bool done = false;
          for (int64_t h = win.h0; h < win.h1 && !done; ++h) {
            for (int64_t w = win.w0; w < win.w1 && !done; ++w) {
              const int64_t i = xb + h * xs.h + w * xs.w;
              if (xd[i] == od[o]) {
                dx[i] += gd[o];
                done = true;
              }
            }
          }
          continue;
        }
        if (win.count <= 0) continue;
        const T share = gd[o] / static_cast<T>(win.count);
        for (int64_t h = win.h0; h < win.h1; ++h)
          for (int64_t w = win.w0; w < win.w1; ++w) dx[xb + h * xs.h + w * xs.w] += share;
      }
    }
  });
}

PD_REGISTER_OP(pool2d)
    .Doc("2-D pooling: each output pixel is the max or the mean of a ksize window of X, "
         "moved by `strides` over the padded input, per batch item and channel.",
         "二维池化：对每个样本与通道，输出的每个像素是 X 上一个 ksize 窗口的最大值或平均值，"
         "窗口按 strides 在填充后的输入上滑动。")
    .Input(kX, "X", "The input, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
           "输入，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。")
    .Output(kOut, "Out",
            "The pooled output, [N, C, H', W'] or [N, H', W', C], with H' = (H + pad_top + "
            "pad_bottom - kh) / stride + 1 (rounded up with ceil_mode), and likewise W'.",
            "池化结果，[N, C, H', W'] 或 [N, H', W', C]，其中 H' = (H + 上填充 + 下填充 - kh) / "
            "stride + 1（ceil_mode 时向上取整），W' 同理。")
    .RequiredAttr<std::vector<int32_t>>(
        kKsize, "ksize",
        "Window size [height, width]; with adaptive=True, the output size instead. Ignored "
        "when global_pooling is set.",
        "窗口大小 [高, 宽]；adaptive=True 时改为输出大小。global_pooling 为真时忽略。")
    .Attr<std::vector<int32_t>>(kStrides, "strides", {1, 1},
                                  "Stride of the window, [height, width]; each > 0.",
                                  "窗口的步长，[高, 宽]；每个值都须大于 0。")
    .Attr<std::vector<int32_t>>(
          kPaddings, "paddings", {0, 0},
          "Padding of the input: [h, w] for both sides, or [top, bottom, left, right]. "
          "Padded elements never win a max and are not counted by an exclusive average. "
          "Ignored by global and adaptive pooling.",
          "输入的填充：[h, w] 表示两侧相同，或 [上, 下, 左, 右]。填充的元素不参与取最大值，"
          "也不计入 exclusive 平均。全局池化与自适应池化时忽略。")
    .Attr<bool>(kCeilMode, "ceil_mode", false,
                  "Round the output size up instead of down, so a last partial window is kept.",
                  "输出大小向上取整而非向下取整，从而保留最后一个不完整的窗口。")
    .Attr<bool>(kExclusive, "exclusive", true,
                  "For avg: divide by the number of input elements in the window (padding "
                  "excluded) rather than by the window size.",
                  "仅对 avg：除以窗口内实际输入元素的个数（不含填充），而不是窗口大小。")
    .Attr(kDataFormat, "data_format", "NCHW",
            "Layout of X and Out: NCHW (channels first; the legacy AnyLayout means the same) "
            "or NHWC (channels last).",
            "X 与 Out 的数据布局：NCHW（通道在前；旧式的 AnyLayout 与之相同）或 NHWC（通道在后）。")
    .OneOf({"NCHW", "NHWC", "AnyLayout"})
    .RequiredAttr<std::string>(kPoolingType, "pooling_type",
                                 "max (the window's maximum) or avg (its mean).",
                                 "max（窗口内最大值）或 avg（窗口内平均值）。")
    .OneOf({"max", "avg"})
    .Attr<bool>(kGlobalPooling, "global_pooling", false,
                  "Pool each channel's whole plane to 1 x 1 (ksize and paddings are ignored).",
                  "将每个通道的整个平面池化为 1 x 1（忽略 ksize 与 paddings）。")
    .Attr<bool>(kAdaptive, "adaptive", false,
                  "Adaptive pooling: the output is ksize, and output pixel i covers input "
                  "[floor(i * in / out), ceil((i + 1) * in / out)).",
                  "自适应池化：输出大小为 ksize，输出像素 i 覆盖输入的 "
                  "[floor(i * in / out), ceil((i + 1) * in / out))。")
    .Attr(kPaddingAlgorithm, "padding_algorithm", "EXPLICIT",
            "EXPLICIT uses `paddings`; SAME pads so that the output size is ceil(input / "
            "stride); VALID pads nothing.",
            "EXPLICIT 使用 paddings；SAME 自动填充使输出大小为 ceil(输入 / 步长)；VALID 不做填充。")
    .OneOf({"EXPLICIT", "SAME", "VALID"})
    .Attr<bool>(kUseCudnn, "use_cudnn", false, "Legacy hint to use cuDNN on GPU; not read on CPU.",
                  "旧式提示：在 GPU 上使用 cuDNN；CPU 上不读取。")
    .ExtraAttr()
    .InferShape(Pool2dInferShape)
    .CpuKernel<float>(Pool2dKernel<float>)
    .CpuKernel<double>(Pool2dKernel<double>)
    .Grad("pool2d_grad")
    .Doc("Gradient of pool2d: max sends each output's gradient to the first window element "
         "equal to the output; avg spreads it evenly over the window.",
         "pool2d 的梯度：max 把每个输出的梯度传给窗口中第一个等于该输出的元素；avg 把梯度"
         "平均分到窗口内各元素。")
    .Reads(kGradX, "X")
    .Reads(kGradOut, "Out")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(Pool2dGradInferShape)
    .CpuKernel<float>(Pool2dGradKernel<float>)
    .CpuKernel<double>(Pool2dGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
