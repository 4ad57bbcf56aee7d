// deformable_conv (v2, with Mask) and deformable_conv_v1 (without): a grouped
// 2-D convolution whose kernel taps sample X at learned fractional offsets
// (bilinearly; samples outside X read zeros), each tap optionally scaled by
// its Mask value. Computed per image as a deformed im2col (columns
// [C * kh * kw, out_h * out_w]) and one GEMM per group; the gradients of
// Input, Offset, Mask and Filter come from the same columns. The im2col and
// its adjoints follow PaddlePaddle's CPU functors (same sampling rule and
// boundary tests).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Where each op keeps its slots and attributes (v1 orders groups first).
struct V2 {
  enum In { kInput, kOffset, kFilter, kMask, kOutGrad };
  enum Attr { kStrides, kPaddings, kDilations, kDeformableGroups, kGroups, kIm2colStep };
  static constexpr bool kHasMask = true;
};
struct V1 {
  enum In { kInput, kOffset, kFilter, kOutGrad };
  enum Attr { kStrides, kPaddings, kDilations, kGroups, kDeformableGroups, kIm2colStep };
  static constexpr int kMask = -1;
  static constexpr bool kHasMask = false;
};
enum DeformOut { kOutput };
enum DeformGradOut { kInputGrad, kOffsetGrad, kFilterGrad, kMaskGrad };

struct DeformGeom {
  int64_t n, c, h, w;       // Input
  int64_t m, kh, kw;        // Filter [m, c / groups, kh, kw]
  int64_t oh, ow;           // Output's spatial size
  int64_t groups, dgroups;  // convolution groups, deformable groups
  int stride[2], pad[2], dil[2];
  int64_t taps() const { return kh * kw; }
  int64_t positions() const { return oh * ow; }
};

const std::vector<int32_t>& Pair(const InferShapeContext& ctx, int attr, const char* name,
                                 int lo) {
  const auto& v = ctx.Attr<std::vector<int32_t>>(attr);
  PD_CHECK(v.size() == 2, InvalidArgument, "[", ctx.op_type(), "] attribute '", name,
           "' must hold 2 values (height, width), got [", StrJoin(v), "]");
  PD_CHECK(v[0] >= lo && v[1] >= lo, InvalidArgument, "[", ctx.op_type(), "] attribute '",
           name, "' must be >= ", lo, ", got [", StrJoin(v), "]");
  return v;
}

// Reads and checks the shapes and attributes; unknown dims (build time) stay -1.
template <typename S>
DeformGeom ReadGeom(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(S::kInput), f = ctx.InputDim(S::kFilter);
  const DDim off = ctx.InputDim(S::kOffset);
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op,
           "] input 'Input' must be 4-D [N, C, H, W], got ", x.ToString());
  PD_CHECK(f.rank() == 4, InvalidArgument, "[", op,
           "] input 'Filter' must be 4-D [M, C / groups, kh, kw], got ", f.ToString());
  PD_CHECK(off.rank() == 4, InvalidArgument, "[", op,
           "] input 'Offset' must be 4-D [N, 2 * deformable_groups * kh * kw, out_h, out_w], got ",
           off.ToString());
  DeformGeom g;
  const auto& s = Pair(ctx, S::kStrides, "strides", 1);
  const auto& p = Pair(ctx, S::kPaddings, "paddings", 0);
  const auto& d = Pair(ctx, S::kDilations, "dilations", 1);
  for (int i = 0; i < 2; ++i) g.stride[i] = s[i], g.pad[i] = p[i], g.dil[i] = d[i];
  g.groups = ctx.Attr<int32_t>(S::kGroups);
  g.dgroups = ctx.Attr<int32_t>(S::kDeformableGroups);
  PD_CHECK(g.groups >= 1 && g.dgroups >= 1, InvalidArgument, "[", op,
           "] groups and deformable_groups must be >= 1, got ", g.groups, " and ", g.dgroups);
  g.n = x[0], g.c = x[1], g.h = x[2], g.w = x[3];
  g.m = f[0], g.kh = f[2], g.kw = f[3];
  PD_CHECK(g.c < 0 || f[1] < 0 || g.c == f[1] * g.groups, InvalidArgument, "[", op,
           "] Input has ", g.c, " channels, but Filter ", f.ToString(), " with groups ", g.groups,
           " takes ", f[1] * g.groups);
  PD_CHECK(g.m < 0 || g.m % g.groups == 0, InvalidArgument, "[", op, "] Filter's ", g.m,
           " output channels must be divisible by groups ", g.groups);
  PD_CHECK(g.c < 0 || g.c % g.dgroups == 0, InvalidArgument, "[", op, "] Input's ", g.c,
           " channels must be divisible by deformable_groups ", g.dgroups);
  auto out_size = [&](int64_t in, int64_t k, int i) -> int64_t {
    if (in < 0 || k < 0) return -1;
    const int64_t o = (in + 2 * g.pad[i] - (g.dil[i] * (k - 1) + 1)) / g.stride[i] + 1;
    PD_CHECK(o > 0, InvalidArgument, "[", op, "] the output would be empty: Input ",
             x.ToString(), " with Filter ", f.ToString(), ", paddings [", StrJoin(p),
             "], dilations [", StrJoin(d), "], strides [", StrJoin(s), "]");
    return o;
  };
  g.oh = out_size(g.h, g.kh, 0);
  g.ow = out_size(g.w, g.kw, 1);
  const bool known = g.kh >= 0 && g.kw >= 0;
  const DDim want_off{g.n, known ? 2 * g.dgroups * g.kh * g.kw : -1, g.oh, g.ow};
  CheckInputShape(ctx, S::kOffset, want_off,
                  "[N, 2 * deformable_groups * kh * kw, out_h, out_w]");
  if (S::kHasMask)
    CheckInputShape(ctx, S::kMask, DDim{g.n, known ? g.dgroups * g.kh * g.kw : -1, g.oh, g.ow},
                    "[N, deformable_groups * kh * kw, out_h, out_w]");
  return g;
}

template <typename S>
void DeformInferShape(InferShapeContext& ctx) {
  const DeformGeom g = ReadGeom<S>(ctx);
  ctx.SetOutputDim(kOutput, DDim{g.n, g.m, g.oh, g.ow});
}

template <typename S>
void DeformGradInferShape(InferShapeContext& ctx) {
  const DeformGeom g = ReadGeom<S>(ctx);
  CheckInputShape(ctx, S::kOutGrad, DDim{g.n, g.m, g.oh, g.ow}, "Output's shape");
  GradShapeLike(ctx, S::kInput, kInputGrad);
  GradShapeLike(ctx, S::kOffset, kOffsetGrad);
  GradShapeLike(ctx, S::kFilter, kFilterGrad);
  if (S::kHasMask) GradShapeLike(ctx, S::kMask, kMaskGrad);
}

// Visits every tap of every column of image b: fn(row, l, plane, h, w), where
// row = c * taps + k is the column row, l the output position, plane X's
// plane of channel c and (h, w) the sampling point; offset_at / mask_at give
// the index of the tap's offset pair (h at i, w at i + positions) and mask.
template <typename T, typename Fn>
void ForEachTap(const DeformGeom& g, int64_t b, const T* offset, Fn&& fn) {
  const int64_t taps = g.taps(), L = g.positions(), per_dg = g.c / g.dgroups;
  for (int64_t c = 0; c < g.c; ++c) {
    const int64_t dg = c / per_dg;
    const T* off = offset + (b * g.dgroups + dg) * 2 * taps * L;
    for (int64_t i = 0; i < g.kh; ++i) {
      for (int64_t j = 0; j < g.kw; ++j) {
        const int64_t k = i * g.kw + j;
        for (int64_t oy = 0; oy < g.oh; ++oy) {
          for (int64_t ox = 0; ox < g.ow; ++ox) {
            const int64_t l = oy * g.ow + ox;
            const T h = static_cast<T>(oy * g.stride[0] - g.pad[0] + i * g.dil[0]) +
                        off[(2 * k) * L + l];
            const T w = static_cast<T>(ox * g.stride[1] - g.pad[1] + j * g.dil[1]) +
                        off[(2 * k + 1) * L + l];
            fn(c * taps + k, l, (b * g.c + c) * g.h * g.w, (b * g.dgroups + dg) * taps + k, h, w);
          }
        }
      }
    }
  }
}

// A bilinear sample of one plane at (h, w): the four neighbours (-1 when
// outside the plane) and their weights; `inside` is false (and every weight
// zero) when the point is not within (-1, H) x (-1, W).
template <typename T>
struct Tap {
  bool inside = false;
  int64_t pos[4] = {-1, -1, -1, -1};
  T lh = 0, lw = 0;
};

template <typename T>
Tap<T> Locate(int64_t height, int64_t width, T h, T w) {
  Tap<T> t;
  if (!(h > -1 && w > -1 && h < height && w < width)) return t;
  t.inside = true;
  const int64_t h0 = static_cast<int64_t>(std::floor(h)), w0 = static_cast<int64_t>(std::floor(w));
  t.lh = h - h0, t.lw = w - w0;
  const int64_t hs[2] = {h0, h0 + 1}, ws[2] = {w0, w0 + 1};
  for (int a = 0; a < 2; ++a)
    for (int e = 0; e < 2; ++e)
      if (hs[a] >= 0 && hs[a] < height && ws[e] >= 0 && ws[e] < width)
        t.pos[2 * a + e] = hs[a] * width + ws[e];
  return t;
}

// The neighbours' values (0 outside) and their bilinear weights.
template <typename T>
void Corners(const Tap<T>& t, const T* plane, T v[4], T wt[4]) {
  for (int q = 0; q < 4; ++q) v[q] = t.pos[q] >= 0 ? plane[t.pos[q]] : T(0);
  const T hh = 1 - t.lh, hw = 1 - t.lw;
  wt[0] = hh * hw, wt[1] = hh * t.lw, wt[2] = t.lh * hw, wt[3] = t.lh * t.lw;
}

// The deformed columns of image b (masked when a mask is given).
template <typename T>
void Im2Col(const DeformGeom& g, int64_t b, const T* x, const T* offset, const T* mask, T* col) {
  const int64_t L = g.positions();
  ForEachTap<T>(g, b, offset, [&](int64_t row, int64_t l, int64_t plane, int64_t mi, T h, T w) {
    const Tap<T> t = Locate(g.h, g.w, h, w);
    T val = 0;
    if (t.inside) {
      T v[4], wt[4];
      Corners(t, x + plane, v, wt);
      val = wt[0] * v[0] + wt[1] * v[1] + wt[2] * v[2] + wt[3] * v[3];
    }
    col[row * L + l] = mask ? val * mask[mi * L + l] : val;
  });
}

template <typename S>
DeformGeom RunGeom(const KernelContext& ctx) {
  DeformGeom g;
  const DDim x = ctx.Input(S::kInput).dims(), f = ctx.Input(S::kFilter).dims();
  const auto& s = ctx.Attr<std::vector<int32_t>>(S::kStrides);
  const auto& p = ctx.Attr<std::vector<int32_t>>(S::kPaddings);
  const auto& d = ctx.Attr<std::vector<int32_t>>(S::kDilations);
  for (int i = 0; i < 2; ++i) g.stride[i] = s[i], g.pad[i] = p[i], g.dil[i] = d[i];
  g.groups = ctx.Attr<int32_t>(S::kGroups);
  g.dgroups = ctx.Attr<int32_t>(S::kDeformableGroups);
  g.n = x[0], g.c = x[1], g.h = x[2], g.w = x[3];
  g.m = f[0], g.kh = f[2], g.kw = f[3];
  const DDim off = ctx.Input(S::kOffset).dims();
  g.oh = off[2], g.ow = off[3];
  return g;
}

template <typename S>
const DenseTensor* MaskOf(const KernelContext& ctx) {
  if constexpr (S::kHasMask) return &ctx.Input(S::kMask);
  return nullptr;
}

template <typename T, typename S>
void DeformKernel(KernelContext& ctx) {
  const DeformGeom g = RunGeom<S>(ctx);
  const T* x = ctx.Input(S::kInput).template data<T>();
  const T* offset = ctx.Input(S::kOffset).template data<T>();
  const T* filter = ctx.Input(S::kFilter).template data<T>();
  const DenseTensor* mask = MaskOf<S>(ctx);
  const T* mk = mask ? mask->data<T>() : nullptr;
  T* out = ctx.Output(kOutput)->MutableData<T>(ctx.place());
  const int64_t L = g.positions(), rows = g.c * g.taps();
  const int64_t mg = g.m / g.groups, kg = rows / g.groups;  // per group: filters, column rows
  T* col = static_cast<T*>(ctx.Workspace(sizeof(T) * rows * L));
  for (int64_t b = 0; b < g.n; ++b) {
    Im2Col(g, b, x, offset, mk, col);
    for (int64_t gi = 0; gi < g.groups; ++gi)
      Gemm(false, false, mg, L, kg, T(1), filter + gi * mg * kg, col + gi * kg * L, T(0),
           out + (b * g.m + gi * mg) * L);
  }
}

template <typename T, typename S>
void DeformGradKernel(KernelContext& ctx) {
  const DeformGeom g = RunGeom<S>(ctx);
  const T* x = ctx.Input(S::kInput).template data<T>();
  const T* offset = ctx.Input(S::kOffset).template data<T>();
  const T* filter = ctx.Input(S::kFilter).template data<T>();
  const T* dout = ctx.Input(S::kOutGrad).template data<T>();
  const DenseTensor* mask = MaskOf<S>(ctx);
  const T* mk = mask ? mask->data<T>() : nullptr;
  auto grad = [&](int slot, int64_t numel) -> T* {
    if (!ctx.HasOutput(slot)) return nullptr;
    T* p = ctx.Output(slot)->MutableData<T>(ctx.place());
    std::fill(p, p + numel, T(0));
    return p;
  };
  const int64_t L = g.positions(), rows = g.c * g.taps();
  const int64_t mg = g.m / g.groups, kg = rows / g.groups;
  T* dx = grad(kInputGrad, ctx.Input(S::kInput).numel());
  T* doff = grad(kOffsetGrad, ctx.Input(S::kOffset).numel());
  T* dfilter = grad(kFilterGrad, ctx.Input(S::kFilter).numel());
  T* dmask = S::kHasMask ? grad(kMaskGrad, mask->numel()) : nullptr;
  T* col = static_cast<T*>(ctx.Workspace(sizeof(T) * rows * L * 2));
  T* dcol = col + rows * L;
  for (int64_t b = 0; b < g.n; ++b) {
    const T* dout_b = dout + b * g.m * L;
    if (dfilter) {
      Im2Col(g, b, x, offset, mk, col);
      for (int64_t gi = 0; gi < g.groups; ++gi)
        Gemm(false, true, mg, kg, L, T(1), dout_b + gi * mg * L, col + gi * kg * L, T(1),
             dfilter + gi * mg * kg);
    }
    if (!dx && !doff && !dmask) continue;
    for (int64_t gi = 0; gi < g.groups; ++gi)
      Gemm(true, false, kg, L, mg, T(1), filter + gi * mg * kg, dout_b + gi * mg * L, T(0),
           dcol + gi * kg * L);
    ForEachTap<T>(g, b, offset, [&](int64_t row, int64_t l, int64_t plane, int64_t mi, T h, T w) {
      const Tap<T> t = Locate(g.h, g.w, h, w);
      if (!t.inside) return;
      T v[4], wt[4];
      Corners(t, x + plane, v, wt);
      const T d = dcol[row * L + l];
      const T m = mk ? mk[mi * L + l] : T(1);
      if (dx)
        for (int q = 0; q < 4; ++q)
          if (t.pos[q] >= 0) dx[plane + t.pos[q]] += wt[q] * d * m;
      if (doff) {
        const T hh = 1 - t.lh, hw = 1 - t.lw;
        const T dh = -hw * v[0] - t.lw * v[1] + hw * v[2] + t.lw * v[3];
        const T dw = -hh * v[0] + hh * v[1] - t.lh * v[2] + t.lh * v[3];
        // The offset pair of this tap: mi = (b * dgroups + dg) * taps + k.
        const int64_t taps = g.taps(), k = mi % taps, base = (mi - k) * 2 * L;
        doff[base + (2 * k) * L + l] += dh * d * m;
        doff[base + (2 * k + 1) * L + l] += dw * d * m;
      }
      if (dmask)
        dmask[mi * L + l] += d * (wt[0] * v[0] + wt[1] * v[1] + wt[2] * v[2] + wt[3] * v[3]);
    });
  }
}

constexpr const char* kInputEn = "The images [N, C, H, W].";
constexpr const char* kInputZh = "图像 [N, C, H, W]。";
constexpr const char* kOffsetEn =
    "The (dy, dx) offset of every tap at every output position, [N, 2 * deformable_groups * kh "
    "* kw, out_h, out_w]: channel 2k holds tap k's dy, 2k + 1 its dx.";
constexpr const char* kOffsetZh =
    "每个输出位置上每个卷积核采样点的 (dy, dx) 偏移，[N, 2 * deformable_groups * kh * kw, "
    "out_h, out_w]：通道 2k 为第 k 个采样点的 dy，2k + 1 为其 dx。";
constexpr const char* kFilterEn = "The filters [M, C / groups, kh, kw].";
constexpr const char* kFilterZh = "卷积核 [M, C / groups, kh, kw]。";
constexpr const char* kOutputEn = "The convolution [N, M, out_h, out_w].";
constexpr const char* kOutputZh = "卷积结果 [N, M, out_h, out_w]。";

template <typename S>
void DeformAttrs(OpDefBuilder& op) {
  op.template Attr<std::vector<int32_t>>(S::kStrides, "strides", {1, 1},
                                         "The strides (height, width).", "步长 (高, 宽)。")
      .template Attr<std::vector<int32_t>>(S::kPaddings, "paddings", {0, 0},
                                  "The zero padding (height, width) on each side.",
                                  "每侧的零填充 (高, 宽)。")
      .template Attr<std::vector<int32_t>>(S::kDilations, "dilations", {1, 1},
                                  "The dilations (height, width) between kernel taps.",
                                  "卷积核采样点之间的空洞 (高, 宽)。");
  auto groups = [&] {
    op.template Attr<int32_t>(S::kGroups, "groups", 1,
                     "Channel groups: filter group i sees input channel group i.",
                     "通道分组数：第 i 组卷积核只连接第 i 组输入通道。");
  };
  auto dgroups = [&] {
    op.template Attr<int32_t>(S::kDeformableGroups, "deformable_groups", 1,
                     "Channel groups that share one set of offsets (and mask).",
                     "共用一组偏移（与掩码）的通道分组数。");
  };
  if (S::kGroups < S::kDeformableGroups) groups(), dgroups();
  else dgroups(), groups();
  op.template Attr<int32_t>(S::kIm2colStep, "im2col_step", 64,
                   "Images per step in PaddlePaddle's kernel; results do not depend on it.",
                   "PaddlePaddle 内核中每步处理的图像数；结果与之无关。");
}

template <typename S>
void DeformGradSlots(OpDefBuilder& op) {
  op.Reads(S::kInput, "Input").Reads(S::kOffset, "Offset").Reads(S::kFilter, "Filter");
  if constexpr (S::kHasMask) op.Reads(S::kMask, "Mask");
  op.OutputGrad(S::kOutGrad, "Output")
      .InputGrad(kInputGrad, "Input")
      .InputGrad(kOffsetGrad, "Offset")
      .InputGrad(kFilterGrad, "Filter");
  if constexpr (S::kHasMask) op.InputGrad(kMaskGrad, "Mask");
  op.InferShape(DeformGradInferShape<S>)
      .template CpuKernel<float>(DeformGradKernel<float, S>)
      .template CpuKernel<double>(DeformGradKernel<double, S>);
}

PD_REGISTER_OP(deformable_conv)
    .Doc("Deformable convolution v2: a grouped 2-D convolution whose kernel tap k at output "
         "position p samples Input bilinearly at p's tap position plus Offset (zeros outside "
         "Input), scaled by Mask; deformable_groups channel groups each have their own offsets "
         "and masks.",
         "可变形卷积 v2：分组二维卷积，输出位置 p 的第 k 个卷积核采样点在 p 的采样位置加上 "
         "Offset 处对 Input 做双线性采样（Input 之外为零），再乘以 Mask；deformable_groups 个"
         "通道组各有自己的偏移与掩码。")
    .Input(V2::kInput, "Input", kInputEn, kInputZh)
    .Input(V2::kOffset, "Offset", kOffsetEn, kOffsetZh)
    .Input(V2::kFilter, "Filter", kFilterEn, kFilterZh)
    .Input(V2::kMask, "Mask",
           "The weight of every tap at every output position, [N, deformable_groups * kh * kw, "
           "out_h, out_w].",
           "每个输出位置上每个采样点的权重，[N, deformable_groups * kh * kw, out_h, out_w]。")
    .Output(kOutput, "Output", kOutputEn, kOutputZh)
    .Apply(DeformAttrs<V2>)
    .InferShape(DeformInferShape<V2>)
    .CpuKernel<float>(DeformKernel<float, V2>)
    .CpuKernel<double>(DeformKernel<double, V2>)
    .Grad("deformable_conv_grad")
    .Apply(DeformGradSlots<V2>);

PD_REGISTER_OP(deformable_conv_v1)
    .Doc("Deformable convolution v1: deformable_conv without Mask (every tap weighs 1).",
         "可变形卷积 v1：没有 Mask 的 deformable_conv（每个采样点权重为 1）。")
    .Input(V1::kInput, "Input", kInputEn, kInputZh)
    .Input(V1::kOffset, "Offset", kOffsetEn, kOffsetZh)
    .Input(V1::kFilter, "Filter", kFilterEn, kFilterZh)
    .Output(kOutput, "Output", kOutputEn, kOutputZh)
    .Apply(DeformAttrs<V1>)
    .InferShape(DeformInferShape<V1>)
    .CpuKernel<float>(DeformKernel<float, V1>)
    .CpuKernel<double>(DeformKernel<double, V1>)
    .Grad("deformable_conv_v1_grad")
    .Apply(DeformGradSlots<V1>);

}  // namespace
}  // namespace ops
}  // namespace paddle
