// im2col + GEMM for every float64 convolution, oneDNN for float (conv.h).
#include "core/ops/conv.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "core/ops/blas.h"
#include "core/ops/dnnl_conv.h"
#include "core/ops/direct_conv.h"

namespace paddle {
namespace ops {

int64_t DilatedSize(const std::string& op, int64_t k, int64_t d) {
  const char* what = "the dilated filter size";
  return AddSize(MulSize(d, k - 1, op, what), 1, op, what);
}

namespace {

// Calls fn(col_index, image_offset) for every entry of the im2col matrix of
// image channels [c0, c0 + cg) of one batch item, in the matrix's order:
// row p = window position, column (c, i, j, l) as the filter lays it out;
// image_offset is -1 where the window reads padding.
template <typename Fn>
void ForEachColEntry(const ConvGeom& g, const ImageStrides& st, int64_t c0, Fn fn) {
  const Spatial& in = g.image.sp;
  int64_t idx = 0;
  for (int64_t od = 0; od < g.out[0]; ++od) {
    const int64_t d0 = od * g.stride[0] - g.pads.before[0];
    for (int64_t oh = 0; oh < g.out[1]; ++oh) {
      const int64_t h0 = oh * g.stride[1] - g.pads.before[1];
      for (int64_t ow = 0; ow < g.out[2]; ++ow) {
        const int64_t w0 = ow * g.stride[2] - g.pads.before[2];
        for (int64_t c = 0; c < g.cg(); ++c) {
          const int64_t xc = (c0 + c) * st.c;
          for (int64_t i = 0; i < g.k[0]; ++i) {
            const int64_t d = d0 + i * g.dilation[0];
            const bool in_d = d >= 0 && d < in[0];
            for (int64_t j = 0; j < g.k[1]; ++j) {
              const int64_t h = h0 + j * g.dilation[1];
              const bool in_dh = in_d && h >= 0 && h < in[1];
              const int64_t xdh = xc + d * st.sp[0] + h * st.sp[1];
              for (int64_t l = 0; l < g.k[2]; ++l) {
                const int64_t w = w0 + l * g.dilation[2];
                fn(idx++, in_dh && w >= 0 && w < in[2] ? xdh + w * st.sp[2] : -1);
              }
            }
          }
        }
      }
    }
  }
}

template <typename T>
void Im2Col(const T* x, const ConvGeom& g, const ImageStrides& st, int64_t c0, T* col) {
  ForEachColEntry(g, st, c0, [&](int64_t i, int64_t at) { col[i] = at < 0 ? T(0) : x[at]; });
}

// The adjoint of Im2Col: adds each col entry back to the image element it came from.
template <typename T>
void Col2ImAdd(const T* col, const ConvGeom& g, const ImageStrides& st, int64_t c0, T* x) {
  ForEachColEntry(g, st, c0, [&](int64_t i, int64_t at) {
    if (at >= 0) x[at] += col[i];
  });
}

// The im2col buffer: the kernel context's workspace, kept between runs.
template <typename T>
T* Scratch(KernelContext& ctx, const ConvGeom& g) {
  const int64_t n = MulSize(g.P(), g.K(), ctx.op_type(), "the im2col buffer (positions x K)");
  return static_cast<T*>(ctx.Workspace(
      static_cast<size_t>(MulSize(n, sizeof(T), ctx.op_type(), "the im2col buffer's bytes"))));
}

// The other side's block of group gi in one batch item: channel-first rows
// [mg, P] (ld P), channel-last columns of [P, m] (ld m).
struct OtherBlock {
  int64_t offset, ld;
};
OtherBlock GroupBlock(const ConvGeom& g, int64_t gi) {
  return g.channel_last ? OtherBlock{gi * g.mg(), g.m} : OtherBlock{gi * g.mg() * g.P(), g.P()};
}

// float convolutions go to oneDNN (its JIT kernels beat im2col + GEMM several
// times over, most for depthwise); float64, and empty shapes, stay here.
bool UseDnnl(const ConvGeom& g) { return g.image.n > 0 && g.P() > 0 && g.m > 0 && g.K() > 0; }

// A 1x1 window with unit stride and no padding reads a channel-first image as
// the GEMM operand directly (and that one GEMM beats oneDNN's forward).
bool IsPlainGemm(const ConvGeom& g) {
  bool plain = !g.channel_last;
  for (int i = 0; i < 3; ++i)
    plain = plain && g.k[i] == 1 && g.stride[i] == 1 && g.pads.before[i] == 0 &&
            g.pads.after[i] == 0;
  return plain;
}

DnnlConvShape DnnlShape(const ConvGeom& g) {
  DnnlConvShape s;
  s.nsp = g.nsp;
  s.channel_last = g.channel_last;
  s.n = g.image.n;
  s.c = g.image.c;
  s.m = g.m;
  s.groups = g.groups;
  s.in = g.image.sp;
  s.out = g.out;
  s.k = g.k;
  s.stride = g.stride;
  s.dilation = g.dilation;
  s.pad_before = g.pads.before;
  s.pad_after = g.pads.after;
  return s;
}

}  // namespace

template <typename T>
void ConvForward(KernelContext& ctx, const ConvGeom& g, const T* image, const T* filter,
                 T* other, bool filter_frozen) {
  if constexpr (std::is_same_v<T, float>) {
    const DnnlConvShape s = DnnlShape(g);
    if (DirectConvApplies(s)) return DirectConvForward(s, image, filter, other, {});
    if (UseDnnl(g) && !IsPlainGemm(g)) {
      if (filter_frozen)
        return DnnlConvForwardPacked(s, image, filter, other, &ctx.kernel_cache());
      return DnnlConvForward(s, image, filter, other);
    }
  }
  const int64_t P = g.P(), K = g.K(), mg = g.mg(), cg = g.cg();
  if (g.image.n == 0 || P == 0 || g.m == 0) return;
  if (K == 0) {
    std::fill(other, other + g.Other().Numel(), T(0));
    return;
  }
  const ImageStrides st = LayoutStrides(g.image, g.channel_last);
  const int64_t in_item = g.image.ItemSize(), out_item = g.m * P;
  const bool direct = IsPlainGemm(g);
  T* col = direct ? nullptr : Scratch<T>(ctx, g);
  for (int64_t n = 0; n < g.image.n; ++n) {
    const T* xn = image + n * in_item;
    T* on = other + n * out_item;
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const T* wg = filter + gi * mg * K;
      const OtherBlock ob = GroupBlock(g, gi);
      if (direct) {  // Out_g [mg, P] = W_g [mg, cg] * X_g [cg, P]
        Gemm(false, false, mg, P, cg, T(1), wg, K, xn + gi * cg * P, P, T(0), on + ob.offset, P);
        continue;
      }
      Im2Col(xn, g, st, gi * cg, col);
      if (g.channel_last) {  // Out [P, m] columns of group g = col [P, K] * W_g^T
        Gemm(false, true, P, mg, K, T(1), col, K, wg, K, T(0), on + ob.offset, ob.ld);
      } else {  // Out_g [mg, P] = W_g [mg, K] * col^T
        Gemm(false, true, mg, P, K, T(1), wg, K, col, K, T(0), on + ob.offset, ob.ld);
      }
    }
  }
}

namespace {

// other = act(other + bias + residual) over `len` contiguous elements, the bias one value
// (channel-first planes) or per element (channel-last rows); written as plain loops the
// compiler vectorizes.
template <typename T, typename Act>
void FuseRun(T* o, const T* residual, int64_t len, const T* bias, bool bias_per_element,
             Act act) {
  const T b0 = bias && !bias_per_element ? *bias : T(0);
  if (bias && bias_per_element) {
    if (residual) {
      for (int64_t i = 0; i < len; ++i) o[i] = act(o[i] + bias[i] + residual[i]);
    } else {
      for (int64_t i = 0; i < len; ++i) o[i] = act(o[i] + bias[i]);
    }
  } else if (residual) {
    for (int64_t i = 0; i < len; ++i) o[i] = act(o[i] + b0 + residual[i]);
  } else {
    for (int64_t i = 0; i < len; ++i) o[i] = act(o[i] + b0);
  }
}

// other = act(other + bias[c] + residual), c the channel of each element.
template <typename T, typename Act>
void ApplyFusionWith(const ConvGeom& g, const T* bias, const T* residual, T* other, Act act) {
  const int64_t P = g.P(), m = g.m;
  const int64_t rows = g.channel_last ? g.image.n * P : g.image.n * m;
  const int64_t len = g.channel_last ? m : P;
  for (int64_t r = 0; r < rows; ++r) {
    const T* b = bias ? (g.channel_last ? bias : bias + r % m) : nullptr;
    FuseRun(other + r * len, residual ? residual + r * len : nullptr, len, b, g.channel_last, act);
  }
}

template <typename T>
void ApplyFusion(const ConvGeom& g, const ConvFusion<T>& f, const T* residual, T* other) {
  const T alpha = static_cast<T>(f.alpha), beta = static_cast<T>(f.beta);
  if (f.act == ConvAct::kRelu && alpha == T(0)) {
    ApplyFusionWith(g, f.bias, residual, other, [](T v) { return v > T(0) ? v : T(0); });
  } else if (f.act == ConvAct::kRelu) {
    ApplyFusionWith(g, f.bias, residual, other, [=](T v) { return v > T(0) ? v : v * alpha; });
  } else if (f.act == ConvAct::kClip) {
    ApplyFusionWith(g, f.bias, residual, other,
                    [=](T v) { return std::min(std::max(v, alpha), beta); });
  } else {
    ApplyFusionWith(g, f.bias, residual, other, [](T v) { return v; });
  }
}

DnnlConvFusion ToDnnl(const ConvFusion<float>& f) {
  DnnlConvFusion d;
  d.bias = f.bias;
  d.residual = f.residual;
  d.act = f.act == ConvAct::kRelu   ? DnnlConvFusion::Act::kRelu
          : f.act == ConvAct::kClip ? DnnlConvFusion::Act::kClip
                                    : DnnlConvFusion::Act::kNone;
  d.alpha = f.alpha;
  d.beta = f.beta;
  return d;
}

}  // namespace

template <typename T>
void ConvForwardFused(KernelContext& ctx, const ConvGeom& g, const T* image, const T* filter,
                      T* other, bool filter_frozen, const ConvFusion<T>& fusion) {
  if constexpr (std::is_same_v<T, float>) {
    const DnnlConvShape s = DnnlShape(g);
    if (DirectConvApplies(s)) return DirectConvForward(s, image, filter, other, ToDnnl(fusion));
    if (UseDnnl(g) && !IsPlainGemm(g)) {
      if (filter_frozen)
        return DnnlConvForwardPacked(s, image, filter, other, &ctx.kernel_cache(),
                                     ToDnnl(fusion));
      return DnnlConvForwardFused(s, image, filter, other, ToDnnl(fusion));
    }
  }
  // The product overwrites `other`: a residual held there is copied out first.
  std::vector<T> kept;
  const T* residual = fusion.residual;
  if (residual == other) {
    kept.assign(other, other + g.Other().Numel());
    residual = kept.data();
  }
  ConvForward(ctx, g, image, filter, other, filter_frozen);
  if (fusion.bias || residual || fusion.act != ConvAct::kNone)
    ApplyFusion(g, fusion, residual, other);
}

// With Out_g = W_g * col^T: dcol = Out_g^T * W_g, scattered back by Col2ImAdd.
template <typename T>
void ConvBackwardImage(KernelContext& ctx, const ConvGeom& g, const T* other, const T* filter,
                       T* image) {
  if constexpr (std::is_same_v<T, float>) {
    if (UseDnnl(g)) return DnnlConvBackwardData(DnnlShape(g), other, filter, image);
  }
  std::fill(image, image + g.image.Numel(), T(0));
  const int64_t P = g.P(), K = g.K(), mg = g.mg(), cg = g.cg();
  if (g.image.n == 0 || P == 0 || g.m == 0 || K == 0) return;
  const ImageStrides st = LayoutStrides(g.image, g.channel_last);
  const int64_t in_item = g.image.ItemSize(), out_item = g.m * P;
  T* col = Scratch<T>(ctx, g);
  for (int64_t n = 0; n < g.image.n; ++n) {
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const OtherBlock ob = GroupBlock(g, gi);
      // dcol [P, K] = Out_g^T [P, mg] * W_g [mg, K]
      Gemm(!g.channel_last, false, P, K, mg, T(1), other + n * out_item + ob.offset, ob.ld,
           filter + gi * mg * K, K, T(0), col, K);
      Col2ImAdd(col, g, st, gi * cg, image + n * in_item);
    }
  }
}

template <typename T>
void ConvBackwardFilter(KernelContext& ctx, const ConvGeom& g, const T* image, const T* other,
                        T* filter_grad) {
  if constexpr (std::is_same_v<T, float>) {
    if (UseDnnl(g)) return DnnlConvBackwardWeights(DnnlShape(g), image, other, filter_grad);
  }
  const int64_t P = g.P(), K = g.K(), mg = g.mg(), cg = g.cg();
  std::fill(filter_grad, filter_grad + g.m * K, T(0));
  if (g.image.n == 0 || P == 0 || g.m == 0 || K == 0) return;
  const ImageStrides st = LayoutStrides(g.image, g.channel_last);
  const int64_t in_item = g.image.ItemSize(), out_item = g.m * P;
  T* col = Scratch<T>(ctx, g);
  for (int64_t n = 0; n < g.image.n; ++n) {
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const OtherBlock ob = GroupBlock(g, gi);
      Im2Col(image + n * in_item, g, st, gi * cg, col);
      // dW_g [mg, K] += dOut_g [mg, P] * col [P, K]
      Gemm(g.channel_last, false, mg, K, P, T(1), other + n * out_item + ob.offset, ob.ld, col, K,
           T(1), filter_grad + gi * mg * K, K);
    }
  }
}

#define PD_CONV_INSTANTIATE(T)                                                                 \
  template void ConvForward<T>(KernelContext&, const ConvGeom&, const T*, const T*, T*, bool); \
  template void ConvForwardFused<T>(KernelContext&, const ConvGeom&, const T*, const T*, T*,    \
                                    bool, const ConvFusion<T>&);                                \
  template void ConvBackwardImage<T>(KernelContext&, const ConvGeom&, const T*, const T*, T*); \
  template void ConvBackwardFilter<T>(KernelContext&, const ConvGeom&, const T*, const T*, T*);
PD_CONV_INSTANTIATE(float)
PD_CONV_INSTANTIATE(double)
#undef PD_CONV_INSTANTIATE

void StridesAttr(OpDefBuilder& op, int index, int nsp) {
  op.Attr<std::vector<int32_t>>(
      index, "strides", std::vector<int32_t>(nsp, 1),
      "Stride of the sliding window, one per spatial dim ([height, width], or [depth, height, "
      "width] in 3-D); each > 0.",
      "滑动窗口的步长，每个空间维一个（[高, 宽]，三维时为 [深, 高, 宽]）；每个值都须大于 0。");
}

void PaddingsAttr(OpDefBuilder& op, int index, int nsp) {
  op.Attr<std::vector<int32_t>>(
      index, "paddings", std::vector<int32_t>(nsp, 0),
      "Zero padding of the image: one value per spatial dim pads both its sides equally; two "
      "per dim ([top, bottom, left, right], in 3-D [front, back, top, bottom, left, right]) "
      "pad each side on its own. Used when padding_algorithm is EXPLICIT.",
      "图像的零填充：每个空间维一个值表示该维两侧填充相同；每维两个值（[上, 下, 左, 右]，"
      "三维时为 [前, 后, 上, 下, 左, 右]）表示各侧单独填充。仅在 padding_algorithm 为 "
      "EXPLICIT 时使用。");
}

void PaddingAlgorithmAttr(OpDefBuilder& op, int index) {
  op.Attr(index, "padding_algorithm", "EXPLICIT",
          "EXPLICIT uses `paddings`; SAME pads so that the (input-side) output size is "
          "ceil(input / stride) (the odd pixel goes to the end) and ignores dilations; VALID "
          "pads nothing.",
          "EXPLICIT 使用 paddings；SAME 自动填充使（输入侧的）输出大小为 ceil(输入 / 步长)"
          "（多出的一个像素填在末端），并忽略 dilations；VALID 不做填充。")
      .OneOf({"EXPLICIT", "SAME", "VALID"});
}

void DilationsAttr(OpDefBuilder& op, int index, int nsp) {
  op.Attr<std::vector<int32_t>>(
      index, "dilations", std::vector<int32_t>(nsp, 1),
      "Spacing between the filter's taps, one per spatial dim; each > 0 (1 = dense).",
      "卷积核采样点之间的间距，每个空间维一个；每个值都须大于 0（1 表示紧密相邻）。");
}

void GroupsAttr(OpDefBuilder& op, int index) {
  op.Attr<int32_t>(index, "groups", 1,
                   "Number of groups: input and output channels are split into `groups` parts "
                   "and part g of the output sees only part g of the input. Must divide both "
                   "channel counts.",
                   "分组数：输入与输出通道各分为 groups 份，输出的第 g 份只与输入的第 g 份相连。"
                   "须整除两侧的通道数。")
      .AtLeast(1);
}

void DataFormatAttr(OpDefBuilder& op, int index, int nsp) {
  if (nsp == 3) {
    op.Attr(index, "data_format", "NCDHW",
            "Layout of the input and output: NCDHW (channels first; the legacy AnyLayout means "
            "the same) or NDHWC (channels last). The filter's layout does not change.",
            "输入与输出的数据布局：NCDHW（通道在前；旧式的 AnyLayout 与之相同）或 NDHWC"
            "（通道在后）。卷积核的布局不变。")
        .OneOf({"NCDHW", "NDHWC", "AnyLayout"});
    return;
  }
  op.Attr(index, "data_format", "NCHW",
          "Layout of the input and output: NCHW (channels first; the legacy AnyLayout means "
          "the same) or NHWC (channels last). The filter's layout does not change.",
          "输入与输出的数据布局：NCHW（通道在前；旧式的 AnyLayout 与之相同）或 NHWC"
          "（通道在后）。卷积核的布局不变。")
      .OneOf({"NCHW", "NHWC", "AnyLayout"});
}

}  // namespace ops
}  // namespace paddle
