// pool2d and pool3d: max or average pooling over 2-D and 3-D windows, one
// computation (a 2-D op is its 3-D form with depth 1), with PaddlePaddle's
// rules for ceil_mode, exclusive averaging, global and adaptive pooling.
#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/window.h"

namespace paddle {
namespace ops {
namespace {

enum PoolIn { kX };
enum PoolOut { kOut };
enum PoolGradIn { kGradX, kGradOut, kGradOutGrad };
enum PoolGradOut { kGradXGrad };
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
  int nsp = 2;
  bool channel_last = false, max = true, exclusive = true, adaptive = false;
  Image in;
  Spatial out{1, 1, 1}, k{1, 1, 1}, stride{1, 1, 1};
  Pads pads;
  Image OutImage() const { return Image{in.n, in.c, out}; }
  DDim OutDims() const { return ImageDims(OutImage(), nsp, channel_last); }
};

// PaddlePaddle's formula, division truncating toward zero: a window that
// overhangs the padded input by less than a stride still yields one output.
int64_t PoolOutSize(const std::string& op, int axis, const PoolGeom& g, bool ceil_mode,
                    const DDim& x) {
  const int64_t in = g.in.sp[axis], k = g.k[axis], s = g.stride[axis];
  const int64_t p0 = g.pads.before[axis], p1 = g.pads.after[axis];
  if (in < 0) return -1;
  const char* size = "the padded input size";
  const int64_t padded = AddSize(AddSize(in, p0, op, size), p1, op, size);
  const int64_t out = (AddSize(padded - k, ceil_mode ? s - 1 : 0, op, size)) / s + 1;
  const char* what = AxisName(axis);
  PD_CHECK(out > 0, InvalidArgument, "[", op, "] the window ", what, " ", k,
           " is larger than the padded input ", what, " ", in, " + ", p0, " + ", p1, " = ",
           padded, " (X ", x.ToString(), ", stride ", s, "): the output ", what,
           " would be ", out);
  return out;
}

template <typename Ctx>
PoolGeom ResolvePool(const Ctx& ctx, int nsp, const DDim& x) {
  const std::string& op = ctx.op_type();
  const std::string& format = ctx.template Attr<std::string>(kDataFormat);
  CheckImageRank(op, "X", x, nsp, format);
  PoolGeom g;
  g.nsp = nsp;
  g.channel_last = IsChannelLast(format);
  g.in = ReadImage(x, nsp, g.channel_last);
  g.max = ctx.template Attr<std::string>(kPoolingType) == "max";
  g.exclusive = ctx.template Attr<bool>(kExclusive);
  g.adaptive = ctx.template Attr<bool>(kAdaptive);
  g.k = SpatialInts(op, "ksize", ctx.template Attr<std::vector<int32_t>>(kKsize), nsp);
  g.stride = SpatialInts(op, "strides", ctx.template Attr<std::vector<int32_t>>(kStrides), nsp);
  g.pads = ExpandPaddings(op, ctx.template Attr<std::vector<int32_t>>(kPaddings), nsp);
  const bool global = ctx.template Attr<bool>(kGlobalPooling);
  if (global) g.k = g.in.sp;
  const std::string& algo = ctx.template Attr<std::string>(kPaddingAlgorithm);
  const bool ceil_mode = ctx.template Attr<bool>(kCeilMode);
  for (int i = 0; i < 3; ++i) {
    const bool known = ApplyPaddingAlgorithm(op, algo, g.in.sp[i], g.k[i], g.stride[i],
                                             &g.pads.before[i], &g.pads.after[i]);
    if (global || g.adaptive) g.pads.before[i] = g.pads.after[i] = 0;  // windows cover the input
    if (g.adaptive) g.out[i] = g.k[i];  // ksize is the output size
    else g.out[i] = known ? PoolOutSize(op, i, g, ceil_mode, x) : -1;
  }
  return g;
}

template <int kNsp>
void PoolInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, ResolvePool(ctx, kNsp, ctx.InputDim(kX)).OutDims());
}

// One output index's window along one axis, clipped to the input ([lo, hi)),
// and its share of an average's divisor: the in-input count when exclusive
// (or adaptive), else the window clipped only to the padded input
// (PaddlePaddle pads after the input by the before amount here, so a
// ceil_mode overhang is not counted). As in PaddlePaddle, a window wholly in
// the padding (ceil_mode) keeps its empty or negative count: its average is
// 0 / count, NaN or -0.
struct Span {
  int64_t lo, hi, count;
};

std::vector<Span> AxisSpans(const PoolGeom& g, int axis) {
  const int64_t in = g.in.sp[axis], out = g.out[axis], pad = g.pads.before[axis];
  std::vector<Span> spans(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    Span& s = spans[o];
    if (g.adaptive) {
      s.lo = AdaptiveStart(o, in, out), s.hi = AdaptiveEnd(o, in, out);
      s.count = s.hi - s.lo;
      continue;
    }
    const int64_t start = o * g.stride[axis] - pad;
    const int64_t end = std::min(start + g.k[axis], in + pad);
    s.lo = std::max<int64_t>(start, 0), s.hi = std::min(end, in);
    s.count = g.exclusive ? s.hi - s.lo : end - start;
  }
  return spans;
}

// Calls fn(out_index, window, divisor) for every output element, the
// (batch, channel) planes spread over threads; window(visit) calls visit(x
// index) over the element's window in X, in depth, height, width order,
// stopping when visit returns true.
template <typename Fn>
void ForEachWindow(const PoolGeom& g, Fn fn) {
  const std::vector<Span> spans[3] = {AxisSpans(g, 0), AxisSpans(g, 1), AxisSpans(g, 2)};
  const Image out = g.OutImage();
  const ImageStrides xs = LayoutStrides(g.in, g.channel_last);
  const ImageStrides os = LayoutStrides(out, g.channel_last);
  const int64_t planes = g.in.n * g.in.c;
  const int64_t plane = g.in.sp[0] * g.in.sp[1] * g.in.sp[2];
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, plane));
  ParallelFor(planes, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      const int64_t n = p / g.in.c, c = p % g.in.c;
      const int64_t xb = n * g.in.ItemSize() + c * xs.c, ob = n * out.ItemSize() + c * os.c;
      for (int64_t od = 0; od < g.out[0]; ++od)
        for (int64_t oh = 0; oh < g.out[1]; ++oh)
          for (int64_t ow = 0; ow < g.out[2]; ++ow) {
            const Span &a = spans[0][od], &b = spans[1][oh], &e = spans[2][ow];
            auto window = [&](auto visit) {
              for (int64_t d = a.lo; d < a.hi; ++d)
                for (int64_t h = b.lo; h < b.hi; ++h)
                  for (int64_t w = e.lo; w < e.hi; ++w)
                    if (visit(xb + d * xs.sp[0] + h * xs.sp[1] + w * xs.sp[2])) return;
            };
            fn(ob + od * os.sp[0] + oh * os.sp[1] + ow * os.sp[2], window,
               a.count * b.count * e.count);
          }
    }
  }, grain);
}


// Whether the pooling is channel-first with depth 1 (every pool2d in NCHW): its planes are
// the (batch, channel) pairs, each an H x W image.
bool ChannelFirstPlanes(const PoolGeom& g) {
  const std::vector<Span> ds = AxisSpans(g, 0);
  return !g.channel_last && ds.size() == 1 && ds[0].lo == 0 && ds[0].hi == 1 && ds[0].count == 1;
}

// The loops of ForEachWindow for the common case, a channel-first pooling
// with depth 1 (every pool2d in NCHW), with max or average chosen at compile
// time and each window row read contiguously: the same spans, so the same
// numbers, several times faster. Returns false when the case does not apply.
template <typename T, typename Visit>
bool ForEachPlane2d(const PoolGeom& g, Visit visit) {
  if (!ChannelFirstPlanes(g)) return false;
  const std::vector<Span> hs = AxisSpans(g, 1), ws = AxisSpans(g, 2);
  const int64_t in_plane = g.in.sp[1] * g.in.sp[2], out_plane = g.out[1] * g.out[2];
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, in_plane));
  ParallelFor(g.in.n * g.in.c, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) visit(p * in_plane, p * out_plane, hs, ws);
  }, grain);
  return true;
}

// One step of a window's running value: PaddlePaddle's max (kept only while greater, so a NaN
// is taken and then dropped by the next element) or the sum of an average.
template <bool kMax, typename T>
inline T PoolStep(T acc, T v) {
  return kMax ? (acc > v ? acc : v) : acc + v;
}

// One output row's windows whose columns lie wholly inside the input ([ow0, ow1)), in
// vector lanes across the row: each output still visits its window in the general loop's
// order (row by row, left to right), so sums and the NaN rule give the same numbers.
// acc[ow] starts at `init`; `src` is the window's top-left column for ow = 0.
template <bool kMax, typename T>
PD_SIMD_CLONES void PoolRowInterior(const T* __restrict xp, T* __restrict acc, int64_t ow0,
                                    int64_t ow1, int64_t h_lo, int64_t h_hi, int64_t W,
                                    int64_t kw, int64_t stride, int64_t pad, T init) {
  for (int64_t ow = ow0; ow < ow1; ++ow) acc[ow] = init;
  for (int64_t h = h_lo; h < h_hi; ++h)
    for (int64_t j = 0; j < kw; ++j) {
      const T* src = xp + h * W + j - pad;
      // Constant strides 1 and 2 let the compiler vectorize the strided reads.
      if (stride == 1) {
        for (int64_t ow = ow0; ow < ow1; ++ow) acc[ow] = PoolStep<kMax>(acc[ow], src[ow]);
      } else if (stride == 2) {
        for (int64_t ow = ow0; ow < ow1; ++ow) acc[ow] = PoolStep<kMax>(acc[ow], src[2 * ow]);
      } else {
        for (int64_t ow = ow0; ow < ow1; ++ow) acc[ow] = PoolStep<kMax>(acc[ow], src[ow * stride]);
      }
    }
}

// Adaptive windows (a global pooling's one window per plane included) vary in size, so the
// row vectorization below does not apply; instead kPlaneLanes planes are pooled side by side,
// in vector lanes, each plane still visiting its window in the general loop's order (row by
// row, left to right), so the numbers are the same. `xb`/`ob`: the first plane's input and
// output; `lanes` <= kPlaneLanes planes.
constexpr int64_t kPlaneLanes = 16;
template <bool kMax, typename T>
PD_SIMD_CLONES void PoolPlanesSideBySide(const T* __restrict xb, T* __restrict ob, int64_t lanes,
                                         const std::vector<Span>& hs, const std::vector<Span>& ws,
                                         int64_t W, int64_t in_plane, int64_t out_plane, T init) {
  const int64_t OW = static_cast<int64_t>(ws.size());
  for (size_t oh = 0; oh < hs.size(); ++oh)
    for (int64_t ow = 0; ow < OW; ++ow) {
      const Span &a = hs[oh], &b = ws[ow];
      T acc[kPlaneLanes];
      for (int64_t l = 0; l < kPlaneLanes; ++l) acc[l] = init;
      for (int64_t h = a.lo; h < a.hi; ++h)
        for (int64_t w = b.lo; w < b.hi; ++w) {
          const T* src = xb + h * W + w;
          for (int64_t l = 0; l < kPlaneLanes; ++l)
            acc[l] = PoolStep<kMax>(acc[l], l < lanes ? src[l * in_plane] : init);
        }
      const int64_t o = static_cast<int64_t>(oh) * OW + ow;
      const T count = static_cast<T>(a.count * b.count);
      for (int64_t l = 0; l < lanes; ++l) ob[l * out_plane + o] = kMax ? acc[l] : acc[l] / count;
    }
}

template <bool kMax, typename T>
bool AdaptivePoolForward(const PoolGeom& g, const T* x, T* out) {
  if (!g.adaptive || !ChannelFirstPlanes(g)) return false;
  const std::vector<Span> hs = AxisSpans(g, 1), ws = AxisSpans(g, 2);
  const int64_t W = g.in.sp[2], in_plane = g.in.sp[1] * W, out_plane = g.out[1] * g.out[2];
  const int64_t planes = g.in.n * g.in.c, blocks = (planes + kPlaneLanes - 1) / kPlaneLanes;
  const T init = kMax ? static_cast<T>(-std::numeric_limits<float>::max()) : T(0);
  const int64_t grain =
      std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, in_plane * kPlaneLanes));
  ParallelFor(blocks, [&](int64_t begin, int64_t end) {
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t p0 = blk * kPlaneLanes;
      PoolPlanesSideBySide<kMax>(x + p0 * in_plane, out + p0 * out_plane,
                                 std::min(kPlaneLanes, planes - p0), hs, ws, W, in_plane,
                                 out_plane, init);
    }
  }, grain);
  return true;
}

template <bool kMax, typename T>
bool FastPoolForward(const PoolGeom& g, const T* x, T* out) {
  const int64_t W = g.in.sp[2], OW = g.out[2];
  const T lowest = static_cast<T>(-std::numeric_limits<float>::max());
  // The columns whose windows are whole (not clipped by padding or the edge): the row's
  // vectorized middle. Adaptive windows vary in size, so they take the scalar loop.
  int64_t ow0 = OW, ow1 = OW;
  if (!g.adaptive) {
    const int64_t s = g.stride[2], pad = g.pads.before[2], kw = g.k[2];
    ow0 = std::min<int64_t>(OW, (pad + s - 1) / s);
    const int64_t last_whole = W + pad - kw < 0 ? -1 : (W + pad - kw) / s;
    ow1 = std::max<int64_t>(ow0, std::min<int64_t>(OW, last_whole + 1));
  }
  return ForEachPlane2d<T>(g, [&](int64_t xb, int64_t ob, const std::vector<Span>& hs,
                                  const std::vector<Span>& ws) {
    const T* xp = x + xb;
    T* op = out + ob;
    for (size_t oh = 0; oh < hs.size(); ++oh) {
      const Span& a = hs[oh];
      T* orow = op + static_cast<int64_t>(oh) * OW;
      auto scalar = [&](int64_t ow) {
        const Span& b = ws[ow];
        T acc = kMax ? lowest : T(0);
        for (int64_t h = a.lo; h < a.hi; ++h) {
          const T* row = xp + h * W;
          for (int64_t w = b.lo; w < b.hi; ++w) acc = PoolStep<kMax>(acc, row[w]);
        }
        orow[ow] = kMax ? acc : acc / static_cast<T>(a.count * b.count);
      };
      for (int64_t ow = 0; ow < ow0; ++ow) scalar(ow);
      if (ow1 > ow0) {
        PoolRowInterior<kMax>(xp, orow, ow0, ow1, a.lo, a.hi, W, g.k[2], g.stride[2],
                              g.pads.before[2], kMax ? lowest : T(0));
        if (!kMax)
          for (int64_t ow = ow0; ow < ow1; ++ow)
            orow[ow] /= static_cast<T>(a.count * ws[ow].count);
      }
      for (int64_t ow = ow1; ow < OW; ++ow) scalar(ow);
    }
  });
}

template <bool kMax, typename T>
bool FastPoolBackward(const PoolGeom& g, const T* x, const T* out, const T* gout, T* dx) {
  const int64_t W = g.in.sp[2], OW = g.out[2];
  return ForEachPlane2d<T>(g, [&](int64_t xb, int64_t ob, const std::vector<Span>& hs,
                                  const std::vector<Span>& ws) {
    // Locals, not the captured references: the writes through d would
    // otherwise force every pointer to be reloaded after each store.
    const T* __restrict xp = x + xb;
    const T* __restrict op = out + ob;
    const T* __restrict gp = gout + ob;
    T* __restrict d = dx + xb;
    const int64_t w_stride = W, ow_count = OW;
    for (size_t oh = 0; oh < hs.size(); ++oh) {
      const int64_t hlo = hs[oh].lo, hhi = hs[oh].hi, hcount = hs[oh].count;
      for (size_t ow = 0; ow < ws.size(); ++ow) {
        const int64_t wlo = ws[ow].lo, whi = ws[ow].hi;
        const int64_t o = static_cast<int64_t>(oh) * ow_count + static_cast<int64_t>(ow);
        const T ov = op[o], gv = gp[o];
        if (kMax) {
          // The first element equal to the output takes it (PaddlePaddle's
          // rule), found without branching on the data: which element holds
          // the max is random, so a branch on it would mispredict half the time.
          int64_t at = -1;
          for (int64_t h = hlo; h < hhi; ++h)
            for (int64_t w = wlo; w < whi; ++w) {
              const int64_t i = h * w_stride + w;
              at = (at < 0 && xp[i] == ov) ? i : at;
            }
          if (at >= 0) d[at] += gv;
        } else if (hcount * ws[ow].count > 0) {
          const T share = gv / static_cast<T>(hcount * ws[ow].count);
          for (int64_t h = hlo; h < hhi; ++h)
            for (int64_t w = wlo; w < whi; ++w) d[h * w_stride + w] += share;
        }
      }
    }
  });
}

// One plane's windows of any size (the first equal element takes the gradient).
template <typename T>
void TiledMaxPlane(const T* xp, const T* op, const T* gp, T* d, int64_t oh_count,
                   int64_t ow_count, int64_t w, int64_t kh, int64_t kw) {
  for (int64_t oh = 0; oh < oh_count; ++oh)
    for (int64_t ow = 0; ow < ow_count; ++ow) {
      const T ov = op[oh * ow_count + ow], gv = gp[oh * ow_count + ow];
      bool found = false;
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          const int64_t at = (oh * kh + i) * w + ow * kw + j;
          const bool hit = !found && xp[at] == ov;
          d[at] = hit ? gv : T(0);
          found = found || hit;
        }
    }
}

// v where keep holds, else 0, by masking its bits: a select the compiler
// cannot turn back into a branch on the data.
template <typename T>
inline T KeepIf(bool keep, T v) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  Bits b;
  std::memcpy(&b, &v, sizeof b);
  b &= Bits(0) - static_cast<Bits>(keep);
  std::memcpy(&v, &b, sizeof b);
  return v;
}

// The same for 2x2 windows, a row of windows at a time in vector lanes.
template <typename T>
PD_SIMD_CLONES void TiledMax2x2Plane(const T* __restrict xp, const T* __restrict op,
                                     const T* __restrict gp, T* __restrict d, int64_t oh_count,
                                     int64_t ow_count, int64_t w) {
  for (int64_t oh = 0; oh < oh_count; ++oh) {
    const T* __restrict r0 = xp + 2 * oh * w;
    const T* __restrict r1 = r0 + w;
    T* __restrict d0 = d + 2 * oh * w;
    T* __restrict d1 = d0 + w;
    const T* __restrict orow = op + oh * ow_count;
    const T* __restrict grow = gp + oh * ow_count;
#pragma omp simd
    for (int64_t ow = 0; ow < ow_count; ++ow) {
      const T m = orow[ow], gv = grow[ow];
      const bool ha = r0[2 * ow] == m;
      const bool hb = !ha & (r0[2 * ow + 1] == m);
      const bool hc = !(ha | hb) & (r1[2 * ow] == m);
      const bool he = !(ha | hb | hc) & (r1[2 * ow + 1] == m);
      d0[2 * ow] = KeepIf(ha, gv);
      d0[2 * ow + 1] = KeepIf(hb, gv);
      d1[2 * ow] = KeepIf(hc, gv);
      d1[2 * ow + 1] = KeepIf(he, gv);
    }
  }
}

// The forward of a tiling 2x2 max pool, with the general loop's order and
// NaN rule (a running value kept only while greater, from -FLT_MAX).
template <typename T>
PD_SIMD_CLONES void TiledMax2x2Forward(const T* __restrict xp, T* __restrict op,
                                       int64_t oh_count, int64_t ow_count, int64_t w) {
  const T lowest = static_cast<T>(-std::numeric_limits<float>::max());
  for (int64_t oh = 0; oh < oh_count; ++oh) {
    const T* __restrict r0 = xp + 2 * oh * w;
    const T* __restrict r1 = r0 + w;
    T* __restrict orow = op + oh * ow_count;
#pragma omp simd
    for (int64_t ow = 0; ow < ow_count; ++ow) {
      T acc = lowest;
      acc = acc > r0[2 * ow] ? acc : r0[2 * ow];
      acc = acc > r0[2 * ow + 1] ? acc : r0[2 * ow + 1];
      acc = acc > r1[2 * ow] ? acc : r1[2 * ow];
      acc = acc > r1[2 * ow + 1] ? acc : r1[2 * ow + 1];
      orow[ow] = acc;
    }
  }
}

// Whether the windows tile the input: max pooling, channel-first 2-D,
// stride = window, no padding, every window whole.
bool MaxWindowsTile(const PoolGeom& g) {
  if (!g.max || g.adaptive || g.channel_last || g.in.sp[0] != 1 || g.k[0] != 1) return false;
  for (int a = 1; a < 3; ++a)
    if (g.stride[a] != g.k[a] || g.pads.before[a] || g.pads.after[a] ||
        g.out[a] * g.k[a] > g.in.sp[a])
      return false;
  return true;
}

// Calls fn(plane) over the (batch, channel) planes, spread over threads.
template <typename Fn>
void ForEachPlane(const PoolGeom& g, Fn fn) {
  const int64_t in_plane = g.in.sp[1] * g.in.sp[2];
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, in_plane));
  ParallelFor(g.in.n * g.in.c, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) fn(p);
  }, grain);
}

// Max pooling whose windows tile the input (stride = window, no padding,
// channel-first 2-D: LeNet's 2x2/2): every input element lies in at most one
// window, so dX is written once, without the zero fill and the scattered
// adds of FastPoolBackward: each window element gets the output's gradient
// if it is the first equal to the output, else 0, chosen without branches.
// Rows and columns past the last window get 0. Returns false when the case
// does not apply.
template <typename T>
bool TiledMaxPoolBackward(const PoolGeom& g, const T* x, const T* out, const T* gout, T* dx) {
  if (!MaxWindowsTile(g)) return false;
  const int64_t H = g.in.sp[1], W = g.in.sp[2], OH = g.out[1], OW = g.out[2];
  const int64_t kh = g.k[1], kw = g.k[2];
  ForEachPlane(g, [&](int64_t p) {
    const T* xp = x + p * H * W;
    const T* op = out + p * OH * OW;
    const T* gp = gout + p * OH * OW;
    T* d = dx + p * H * W;
    if (kh == 2 && kw == 2) TiledMax2x2Plane(xp, op, gp, d, OH, OW, W);
    else TiledMaxPlane(xp, op, gp, d, OH, OW, W, kh, kw);
    // Columns right of the last window, then rows below it.
    for (int64_t h = 0; h < OH * kh; ++h) std::fill(d + h * W + OW * kw, d + (h + 1) * W, T(0));
    std::fill(d + OH * kh * W, d + H * W, T(0));
  });
  return true;
}

template <int kNsp, typename T>
void PoolKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const PoolGeom g = ResolvePool(ctx, kNsp, x.dims());
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  if (x.numel() == 0) {
    std::fill(out, out + g.OutImage().Numel(), T(0));
    return;
  }
  const T* xd = x.data<T>();
  if (MaxWindowsTile(g) && g.k[1] == 2 && g.k[2] == 2) {
    const int64_t H = g.in.sp[1], W = g.in.sp[2], OH = g.out[1], OW = g.out[2];
    ForEachPlane(g, [&](int64_t p) {
      TiledMax2x2Forward(xd + p * H * W, out + p * OH * OW, OH, OW, W);
    });
    return;
  }
  if (g.max ? AdaptivePoolForward<true>(g, xd, out) : AdaptivePoolForward<false>(g, xd, out))
    return;
  if (g.max ? FastPoolForward<true>(g, xd, out) : FastPoolForward<false>(g, xd, out)) return;
  // PaddlePaddle's max starts from -FLT_MAX whatever T (a window wholly in
  // the padding keeps it) and keeps the running value only while it is
  // greater, so a NaN is taken and then dropped by the next element.
  const T lowest = static_cast<T>(-std::numeric_limits<float>::max());
  ForEachWindow(g, [&](int64_t o, auto window, int64_t count) {
    T acc = g.max ? lowest : T(0);
    window([&](int64_t i) {
      acc = g.max ? (acc > xd[i] ? acc : xd[i]) : acc + xd[i];
      return false;
    });
    out[o] = g.max ? acc : acc / static_cast<T>(count);
  });
}

template <int kNsp>
void PoolGradInferShape(InferShapeContext& ctx) {
  const DDim want = ResolvePool(ctx, kNsp, ctx.InputDim(kGradX)).OutDims();
  CheckInputShape(ctx, kGradOut, want, "the pooling's output shape for X");
  CheckInputShape(ctx, kGradOutGrad, want, "the pooling's output shape for X");
  GradShapeLike(ctx, kGradX, kGradXGrad);
}

// max: each output's gradient goes to the first element of its window that
// equals the output (PaddlePaddle's tie rule); avg: spread evenly over the
// window, divided by the same count as the forward. Planes are disjoint, so
// threads never add to the same element.
template <int kNsp, typename T>
void PoolGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const PoolGeom g = ResolvePool(ctx, kNsp, x.dims());
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  if (x.numel() == 0) return;
  const T* xd = x.data<T>();
  const T* od = ctx.Input(kGradOut).data<T>();
  const T* gd = ctx.Input(kGradOutGrad).data<T>();
  if (TiledMaxPoolBackward(g, xd, od, gd, dx)) return;
  std::fill(dx, dx + x.numel(), T(0));
  if (g.max ? FastPoolBackward<true>(g, xd, od, gd, dx) : FastPoolBackward<false>(g, xd, od, gd, dx))
    return;
  ForEachWindow(g, [&](int64_t o, auto window, int64_t count) {
    if (g.max) {
      window([&](int64_t i) {
        if (xd[i] != od[o]) return false;
        dx[i] += gd[o];
        return true;
      });
    } else if (count > 0) {  // else the window is empty
      const T share = gd[o] / static_cast<T>(count);
      window([&](int64_t i) {
        dx[i] += share;
        return false;
      });
    }
  });
}

// Slot docs per spatial rank.
struct PoolText {
  const char *x_en, *x_zh, *out_en, *out_zh, *ksize_en, *ksize_zh;
};
constexpr PoolText kPool2dText{
    "The input, [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC).",
    "输入，[N, C, H, W]（NCHW）或 [N, H, W, C]（NHWC）。",
    "The pooled output, [N, C, H', W'] or [N, H', W', C], with H' = (H + pad_top + "
    "pad_bottom - kh) / stride + 1 (rounded up with ceil_mode), and likewise W'.",
    "池化结果，[N, C, H', W'] 或 [N, H', W', C]，其中 H' = (H + 上填充 + 下填充 - kh) / "
    "stride + 1（ceil_mode 时向上取整），W' 同理。",
    "Window size [height, width]; with adaptive=True, the output size instead. Ignored when "
    "global_pooling is set.",
    "窗口大小 [高, 宽]；adaptive=True 时改为输出大小。global_pooling 为真时忽略。"};
constexpr PoolText kPool3dText{
    "The input, [N, C, D, H, W] (NCDHW) or [N, D, H, W, C] (NDHWC).",
    "输入，[N, C, D, H, W]（NCDHW）或 [N, D, H, W, C]（NDHWC）。",
    "The pooled output, [N, C, D', H', W'] or [N, D', H', W', C], with D' = (D + pad_front + "
    "pad_back - kd) / stride + 1 (rounded up with ceil_mode), and likewise H', W'.",
    "池化结果，[N, C, D', H', W'] 或 [N, D', H', W', C]，其中 D' = (D + 前填充 + 后填充 - "
    "kd) / stride + 1（ceil_mode 时向上取整），H'、W' 同理。",
    "Window size [depth, height, width]; with adaptive=True, the output size instead. "
    "Ignored when global_pooling is set.",
    "窗口大小 [深, 高, 宽]；adaptive=True 时改为输出大小。global_pooling 为真时忽略。"};

template <int kNsp>
void Pool(OpDefBuilder& op) {
  const PoolText& t = kNsp == 3 ? kPool3dText : kPool2dText;
  op.Input(kX, "X", t.x_en, t.x_zh)
      .Output(kOut, "Out", t.out_en, t.out_zh)
      .RequiredAttr<std::vector<int32_t>>(kKsize, "ksize", t.ksize_en, t.ksize_zh)
      .Attr<std::vector<int32_t>>(
          kStrides, "strides", std::vector<int32_t>(kNsp, 1),
          "Stride of the window, one per spatial dim; each > 0.",
          "窗口的步长，每个空间维一个；每个值都须大于 0。")
      .Attr<std::vector<int32_t>>(
          kPaddings, "paddings", std::vector<int32_t>(kNsp, 0),
          "Padding of the input: one value per spatial dim for both sides, or two per dim "
          "([top, bottom, left, right], in 3-D [front, back, top, bottom, left, right]). "
          "Padded elements never win a max and are not counted by an exclusive average. "
          "Ignored by global and adaptive pooling.",
          "输入的填充：每个空间维一个值表示两侧相同，或每维两个值（[上, 下, 左, 右]，三维时为 "
          "[前, 后, 上, 下, 左, 右]）。填充的元素不参与取最大值，也不计入 exclusive 平均。"
          "全局池化与自适应池化时忽略。")
      .Attr<bool>(kCeilMode, "ceil_mode", false,
                  "Round the output size up instead of down, so a last partial window is kept.",
                  "输出大小向上取整而非向下取整，从而保留最后一个不完整的窗口。")
      .Attr<bool>(kExclusive, "exclusive", true,
                  "For avg: divide by the number of input elements in the window (padding "
                  "excluded) rather than by the window size.",
                  "仅对 avg：除以窗口内实际输入元素的个数（不含填充），而不是窗口大小。");
  if (kNsp == 3) {
    op.Attr(kDataFormat, "data_format", "NCDHW",
            "Layout of X and Out: NCDHW (channels first; the legacy AnyLayout means the same) "
            "or NDHWC (channels last).",
            "X 与 Out 的数据布局：NCDHW（通道在前；旧式的 AnyLayout 与之相同）或 NDHWC（通道在后）。")
        .OneOf({"NCDHW", "NDHWC", "AnyLayout"});
  } else {
    op.Attr(kDataFormat, "data_format", "NCHW",
            "Layout of X and Out: NCHW (channels first; the legacy AnyLayout means the same) "
            "or NHWC (channels last).",
            "X 与 Out 的数据布局：NCHW（通道在前；旧式的 AnyLayout 与之相同）或 NHWC（通道在后）。")
        .OneOf({"NCHW", "NHWC", "AnyLayout"});
  }
  const InferShapeFn infer = PoolInferShape<kNsp>, grad_infer = PoolGradInferShape<kNsp>;
  const KernelFn f32 = PoolKernel<kNsp, float>, f64 = PoolKernel<kNsp, double>;
  const KernelFn grad_f32 = PoolGradKernel<kNsp, float>, grad_f64 = PoolGradKernel<kNsp, double>;
  op.RequiredAttr<std::string>(kPoolingType, "pooling_type",
                               "max (the window's maximum) or avg (its mean).",
                               "max（窗口内最大值）或 avg（窗口内平均值）。")
      .OneOf({"max", "avg"})
      .Attr<bool>(kGlobalPooling, "global_pooling", false,
                  "Pool each channel's whole input to one element (ksize and paddings are "
                  "ignored).",
                  "将每个通道的整个输入池化为一个元素（忽略 ksize 与 paddings）。")
      .Attr<bool>(kAdaptive, "adaptive", false,
                  "Adaptive pooling: the output is ksize, and output index i covers input "
                  "[floor(i * in / out), ceil((i + 1) * in / out)) along each dim.",
                  "自适应池化：输出大小为 ksize，输出下标 i 在每一维覆盖输入的 "
                  "[floor(i * in / out), ceil((i + 1) * in / out))。")
      .Attr(kPaddingAlgorithm, "padding_algorithm", "EXPLICIT",
            "EXPLICIT uses `paddings`; SAME pads so that the output size is ceil(input / "
            "stride); VALID pads nothing.",
            "EXPLICIT 使用 paddings；SAME 自动填充使输出大小为 ceil(输入 / 步长)；VALID 不做填充。")
      .OneOf({"EXPLICIT", "SAME", "VALID"})
      .Attr<bool>(kUseCudnn, "use_cudnn", false,
                  "Legacy hint to use cuDNN on GPU; not read on CPU.",
                  "旧式提示：在 GPU 上使用 cuDNN；CPU 上不读取。")
      .ExtraAttr()
      .InferShape(infer)
      .CpuKernel<float>(f32)
      .CpuKernel<double>(f64)
      .Grad()
      .Doc("Gradient of the pooling: max sends each output's gradient to the first window "
           "element equal to the output; avg spreads it evenly over the window.",
           "池化的梯度：max 把每个输出的梯度传给窗口中第一个等于该输出的元素；avg 把梯度"
           "平均分到窗口内各元素。")
      .Reads(kGradX, "X")
      .Reads(kGradOut, "Out")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradXGrad, "X")
      .InferShape(grad_infer)
      .CpuKernel<float>(grad_f32)
      .CpuKernel<double>(grad_f64);
}

PD_REGISTER_OP(pool2d)
    .Doc("2-D pooling: each output pixel is the max or the mean of a ksize window of X, "
         "moved by `strides` over the padded input, per batch item and channel.",
         "二维池化：对每个样本与通道，输出的每个像素是 X 上一个 ksize 窗口的最大值或平均值，"
         "窗口按 strides 在填充后的输入上滑动。")
    .Apply(Pool<2>);

PD_REGISTER_OP(pool3d)
    .Doc("3-D pooling: each output element is the max or the mean of a ksize window of X, "
         "moved by `strides` over the padded volume, per batch item and channel.",
         "三维池化：对每个样本与通道，输出的每个元素是 X 上一个 ksize 窗口的最大值或平均值，"
         "窗口按 strides 在填充后的体数据上滑动。")
    .Apply(Pool<3>);

}  // namespace
}  // namespace ops
}  // namespace paddle
