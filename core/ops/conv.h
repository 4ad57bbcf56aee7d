// Grouped convolution over 2-D and 3-D images as im2col + GEMM, shared by
// conv2d, depthwise_conv2d, conv3d (conv_ops.cc) and conv2d_transpose
// (conv_transpose_op.cc). The geometry names the two sides of a convolution:
// the image the filter slides over and the other side, one value per window
// position. conv's Input is the image; conv2d_transpose computes conv's
// input gradient, so its Output is the image and its Input the other side.
// The im2col buffer holds one row per window position ([P, C/groups *
// prod(k)], each row in the filter's (c, k...) order), so channel-first and
// channel-last layouts differ only in the image strides and in which side of
// the GEMM the filter sits on.
#pragma once

#include <cstdint>

#include <array>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/ops/window.h"

namespace paddle {
namespace ops {

struct ConvGeom {
  int nsp = 2;  // spatial dims: 2 or 3
  bool channel_last = false;
  Image image;         // the side the filter slides over
  int64_t m = 0;       // channels of the other side: the filter's dim 0
  Spatial out{1, 1, 1};  // spatial dims of the other side
  Spatial k{1, 1, 1}, stride{1, 1, 1}, dilation{1, 1, 1};
  Pads pads;
  int64_t groups = 1;

  int64_t cg() const { return image.c / groups; }  // image channels per group
  int64_t mg() const { return m / groups; }        // other-side channels per group
  int64_t K() const { return cg() * k[0] * k[1] * k[2]; }  // GEMM inner size
  int64_t P() const { return out[0] * out[1] * out[2]; }   // window positions
  Image Other() const { return Image{image.n, m, out}; }
  DDim OtherDims() const { return ImageDims(Other(), nsp, channel_last); }
  DDim ImageDim() const { return ImageDims(image, nsp, channel_last); }
};

// The op's own index of attribute `name` (the convolutions declare theirs in
// PaddlePaddle's orders, which differ), searched once per op type and call site: a string
// search (and, for "padding_algorithm", an allocation) per read was a tenth of a small
// convolution's call. `name` must be a string literal (its address is the key).
template <typename Ctx>
int AttrOf(const Ctx& ctx, const char* name) {
  struct Slot {
    const OpDef* def;
    const char* name;
    int index;
  };
  constexpr size_t kSlots = 64;
  thread_local Slot slots[kSlots] = {};
  const OpDef* def = &ctx.def();
  Slot& s = slots[(reinterpret_cast<uintptr_t>(def) / 16 ^ reinterpret_cast<uintptr_t>(name)) %
                  kSlots];
  if (s.def != def || s.name != name) s = {def, name, def->AttrIndex(name)};
  return s.index;
}

// The attributes every convolution has and the filter's window; `filter_doc`
// names the filter's layout for errors. Pads are the explicit ones.
template <typename Ctx>
ConvGeom ReadConvAttrs(const Ctx& ctx, int nsp, const DDim& f, const char* filter_doc) {
  const std::string& op = ctx.op_type();
  PD_CHECK(f.rank() == nsp + 2, InvalidArgument, "[", op, "] input 'Filter' must be ", nsp + 2,
           "-D ", filter_doc, ", got shape ", f.ToString());
  ConvGeom g;
  g.nsp = nsp;
  g.channel_last = IsChannelLast(ctx.template Attr<std::string>(AttrOf(ctx, "data_format")));
  for (int i = 0; i < nsp; ++i) g.k[3 - nsp + i] = f[2 + i];
  g.stride = SpatialInts(op, "strides",
                         ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "strides")), nsp);
  g.dilation = SpatialInts(
      op, "dilations", ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "dilations")), nsp);
  g.pads = ExpandPaddings(op, ctx.template Attr<std::vector<int32_t>>(AttrOf(ctx, "paddings")),
                          nsp);
  g.groups = ctx.template Attr<int32_t>(AttrOf(ctx, "groups"));
  return g;
}

// Applies padding_algorithm with `in` as the sizes SAME aims at (ceil(in /
// stride)); SAME also ignores dilations, as in PaddlePaddle. Returns false
// for a dim whose padding is unknown (build time).
template <typename Ctx>
std::array<bool, 3> ApplyConvPaddingAlgorithm(const Ctx& ctx, const Spatial& in, ConvGeom* g) {
  const std::string& algo = ctx.template Attr<std::string>(AttrOf(ctx, "padding_algorithm"));
  std::array<bool, 3> known{true, true, true};
  for (int i = 0; i < 3; ++i)
    known[i] = ApplyPaddingAlgorithm(ctx.op_type(), algo, in[i], g->k[i], g->stride[i],
                                     &g->pads.before[i], &g->pads.after[i]);
  if (algo == "SAME") g->dilation = {1, 1, 1};
  return known;
}

// The dilated window's extent d * (k - 1) + 1.
int64_t DilatedSize(const std::string& op, int64_t k, int64_t d);

// conv, conv3d: the other side is Output, of the filter's dim 0 channels.
template <typename Ctx>
ConvGeom ResolveConv(const Ctx& ctx, int nsp, const DDim& x, const DDim& f) {
  const std::string& op = ctx.op_type();
  const std::string& format = ctx.template Attr<std::string>(AttrOf(ctx, "data_format"));
  CheckImageRank(op, "Input", x, nsp, format);
  ConvGeom g = ReadConvAttrs(ctx, nsp, f,
                             nsp == 3 ? "[out_channels, in_channels / groups, kd, kh, kw]"
                                      : "[out_channels, in_channels / groups, kh, kw]");
  g.image = ReadImage(x, nsp, g.channel_last);
  g.m = f[0];
  PD_CHECK(g.m < 0 || g.m % g.groups == 0, InvalidArgument, "[", op, "] Filter ", f.ToString(),
           " has ", g.m, " output channels, which groups=", g.groups, " does not divide");
  PD_CHECK(g.image.c < 0 || f[1] < 0 || g.image.c == f[1] * g.groups, InvalidArgument, "[", op,
           "] Input ", x.ToString(), " (", format, ") has ", g.image.c,
           " channels but Filter ", f.ToString(), " expects ", f[1], " per group x groups=",
           g.groups, " = ", f[1] * g.groups);
  const std::array<bool, 3> known = ApplyConvPaddingAlgorithm(ctx, g.image.sp, &g);
  for (int i = 0; i < 3; ++i) {
    const int64_t in = g.image.sp[i];
    if (!known[i] || in < 0 || g.k[i] < 0) {
      g.out[i] = -1;
      continue;
    }
    const int64_t dk = DilatedSize(op, g.k[i], g.dilation[i]);
    const int64_t p0 = g.pads.before[i], p1 = g.pads.after[i];
    const int64_t padded = AddSize(AddSize(in, p0, op, "the padded input size"), p1, op,
                                   "the padded input size");
    PD_CHECK(padded >= dk, InvalidArgument, "[", op, "] the filter's ", AxisName(i), " ", g.k[i],
             " (dilated to ", dk, ") is larger than the padded input ", AxisName(i), " ", in,
             " + ", p0, " + ", p1, " = ", padded, " (Input ", x.ToString(), ", Filter ",
             f.ToString(), ")");
    g.out[i] = (padded - dk) / g.stride[i] + 1;
  }
  return g;
}

// The three products of a convolution, per batch item and group, for
// float and double (conv.cc). `other` is laid out like `image` (same
// data_format), [N, m, out...] or [N, out..., m].
// other = conv(image, filter). With filter_frozen (the filter never changes for this
// context: ctx.InputFrozen), a float filter is packed into oneDNN's layout once and kept
// in ctx.kernel_cache().
template <typename T>
void ConvForward(KernelContext& ctx, const ConvGeom& g, const T* image, const T* filter, T* other,
                 bool filter_frozen = false);
// What fused_conv2d adds to the convolution, in this order:
// other = act(conv(image, filter) + bias[m] + residual).
enum class ConvAct { kNone, kRelu, kClip };  // kRelu: slope alpha below 0; kClip: [alpha, beta]
template <typename T>
struct ConvFusion {
  const T* bias = nullptr;      // [m], or null
  const T* residual = nullptr;  // like `other` (may be `other` itself), or null
  ConvAct act = ConvAct::kNone;
  float alpha = 0, beta = 0;
};
// ConvForward with the fusion: oneDNN post-ops for float, else one pass after the product.
template <typename T>
void ConvForwardFused(KernelContext& ctx, const ConvGeom& g, const T* image, const T* filter,
                      T* other, bool filter_frozen, const ConvFusion<T>& fusion);
// image = the adjoint of conv applied to `other` (conv's input gradient; conv_transpose).
template <typename T>
void ConvBackwardImage(KernelContext& ctx, const ConvGeom& g, const T* other, const T* filter,
                       T* image);
// filter_grad = sum over the batch of other-gradient x im2col(image).
template <typename T>
void ConvBackwardFilter(KernelContext& ctx, const ConvGeom& g, const T* image, const T* other,
                        T* filter_grad);

// The convolution attributes, each declared at the index its op gives it;
// nsp sets the defaults (one value per spatial dim) and data_format's names.
void StridesAttr(OpDefBuilder& op, int index, int nsp);
void PaddingsAttr(OpDefBuilder& op, int index, int nsp);
void PaddingAlgorithmAttr(OpDefBuilder& op, int index);
void DilationsAttr(OpDefBuilder& op, int index, int nsp);
void GroupsAttr(OpDefBuilder& op, int index);
void DataFormatAttr(OpDefBuilder& op, int index, int nsp);

}  // namespace ops
}  // namespace paddle
