// Windows over images: conv3d, conv2d_transpose, conv3d_transpose, pool2d, pool3d,
// bilinear_interp_v2, nearest_interp_v2. References index images as
// [N, C, D, H, W] (a 2-D image has D = 1) in either layout.
#include <array>
#include <cfloat>

#include "op_table.h"

namespace paddle {
namespace test {
namespace {

using Dhw = std::array<int64_t, 3>;
using Floats = std::vector<float>;

// An image's dims and layout; At() is the flat index of (n, c, z, y, x).
struct Img {
  int64_t n = 1, c = 1;
  Dhw sp{1, 1, 1};
  bool last = false;
  int64_t At(int64_t b, int64_t ch, int64_t z, int64_t y, int64_t x) const {
    return last ? (((b * sp[0] + z) * sp[1] + y) * sp[2] + x) * c + ch
                : (((b * c + ch) * sp[0] + z) * sp[1] + y) * sp[2] + x;
  }
  int64_t Numel() const { return n * c * sp[0] * sp[1] * sp[2]; }
  Shape Dims(int nsp) const {
    Shape d{n};
    if (!last) d.push_back(c);
    for (int i = 3 - nsp; i < 3; ++i) d.push_back(sp[i]);
    if (last) d.push_back(c);
    return d;
  }
};

Img ImgOf(const Shape& s, bool last) {
  const int nsp = static_cast<int>(s.size()) - 2;
  Img im;
  im.n = s[0];
  im.c = last ? s.back() : s[1];
  im.last = last;
  for (int i = 0; i < nsp; ++i) im.sp[3 - nsp + i] = s[(last ? 1 : 2) + i];
  return im;
}

// Per-spatial-dim values as 3 (depth 1 / padding 0 first for 2-D).
Dhw Spatial3(const Ints& v, int64_t fill) {
  Dhw d{fill, fill, fill};
  for (size_t i = 0; i < v.size(); ++i) d[3 - v.size() + i] = v[i];
  return d;
}

// The window of a convolution or pooling along each dim: stride, dilation,
// padding before and after (already resolved from SAME/VALID by the row).
struct Win {
  Dhw k{1, 1, 1}, stride{1, 1, 1}, dil{1, 1, 1}, pad0{0, 0, 0}, pad1{0, 0, 0};
};

// SAME: out = ceil(in / stride), the odd padding after.
void SamePads(const Dhw& in, Win* w) {
  for (int i = 0; i < 3; ++i) {
    const int64_t out = (in[i] + w->stride[i] - 1) / w->stride[i];
    const int64_t sum = std::max<int64_t>((out - 1) * w->stride[i] + w->k[i] - in[i], 0);
    w->pad0[i] = sum / 2, w->pad1[i] = sum - sum / 2;
  }
}

// Out[b, m, o] = sum over the group's channels c and taps t of
// X[b, c, o * stride - pad + t * dil] * W[m, c, t] (cross-correlation).
Arr ConvRef(const Arr& x, const Arr& w, int nsp, bool last, int groups, const Win& win) {
  const Img xi = ImgOf(x.shape, last);
  Img oi = xi;
  oi.c = w.shape[0];
  for (int i = 0; i < 3; ++i)
    oi.sp[i] = (xi.sp[i] + win.pad0[i] + win.pad1[i] - (win.dil[i] * (win.k[i] - 1) + 1)) /
                   win.stride[i] + 1;
  const int64_t cg = xi.c / groups, mg = oi.c / groups;
  Arr out{oi.Dims(nsp), std::vector<double>(oi.Numel(), 0.0)};
  for (int64_t b = 0; b < oi.n; ++b)
    for (int64_t m = 0; m < oi.c; ++m)
      for (int64_t z = 0; z < oi.sp[0]; ++z)
        for (int64_t y = 0; y < oi.sp[1]; ++y)
          for (int64_t xx = 0; xx < oi.sp[2]; ++xx) {
            double acc = 0;
            for (int64_t c = 0; c < cg; ++c)
              for (int64_t i = 0; i < win.k[0]; ++i)
                for (int64_t j = 0; j < win.k[1]; ++j)
                  for (int64_t l = 0; l < win.k[2]; ++l) {
                    const int64_t zz = z * win.stride[0] - win.pad0[0] + i * win.dil[0];
                    const int64_t yy = y * win.stride[1] - win.pad0[1] + j * win.dil[1];
                    const int64_t x3 = xx * win.stride[2] - win.pad0[2] + l * win.dil[2];
                    if (zz < 0 || zz >= xi.sp[0] || yy < 0 || yy >= xi.sp[1] || x3 < 0 ||
                        x3 >= xi.sp[2])
                      continue;
                    acc += x.v[xi.At(b, (m / mg) * cg + c, zz, yy, x3)] *
                           w.v[(((m * cg + c) * win.k[0] + i) * win.k[1] + j) * win.k[2] + l];
                  }
            out.v[oi.At(b, m, z, y, xx)] = acc;
          }
  return out;
}

// Each X[b, ci, p] scatters X * W[ci, co, t] to Out[b, group's co, p * stride
// - pad + t * dil], in an output of spatial size `size`.
Arr ConvTransposeRef(const Arr& x, const Arr& w, bool last, int groups, const Win& win,
                     const Dhw& size) {
  const Img xi = ImgOf(x.shape, last);
  Img oi = xi;
  oi.c = w.shape[1] * groups;
  oi.sp = size;
  const int64_t mg = xi.c / groups, cog = w.shape[1];
  Arr out{oi.Dims(static_cast<int>(x.shape.size()) - 2), std::vector<double>(oi.Numel(), 0.0)};
  for (int64_t b = 0; b < xi.n; ++b)
    for (int64_t ci = 0; ci < xi.c; ++ci)
      for (int64_t z = 0; z < xi.sp[0]; ++z)
        for (int64_t y = 0; y < xi.sp[1]; ++y)
          for (int64_t xx = 0; xx < xi.sp[2]; ++xx)
            for (int64_t co = 0; co < cog; ++co)
              for (int64_t i = 0; i < win.k[0]; ++i)
                for (int64_t j = 0; j < win.k[1]; ++j)
                  for (int64_t l = 0; l < win.k[2]; ++l) {
                    const int64_t zz = z * win.stride[0] - win.pad0[0] + i * win.dil[0];
                    const int64_t yy = y * win.stride[1] - win.pad0[1] + j * win.dil[1];
                    const int64_t x2 = xx * win.stride[2] - win.pad0[2] + l * win.dil[2];
                    if (zz < 0 || zz >= oi.sp[0] || yy < 0 || yy >= oi.sp[1] || x2 < 0 ||
                        x2 >= oi.sp[2])
                      continue;
                    out.v[oi.At(b, (ci / mg) * cog + co, zz, yy, x2)] +=
                        x.v[xi.At(b, ci, z, y, xx)] *
                        w.v[(((ci * cog + co) * win.k[0] + i) * win.k[1] + j) * win.k[2] + l];
                  }
  return out;
}

struct PoolSpec {
  bool max = true, exclusive = true, ceil = false, adaptive = false;
  Win win;  // pads resolved; for adaptive, k is the output size
};

// PaddlePaddle's pooling: a window [start, min(start + k, in + pad_before))
// clipped to the input; avg divides by the clipped count when exclusive,
// else by the window clipped to the padded input; max starts from -FLT_MAX.
// Adaptive windows cover [floor(i * in / out), ceil((i + 1) * in / out)).
Arr PoolRef(const Arr& x, int nsp, bool last, const PoolSpec& p) {
  const Img xi = ImgOf(x.shape, last);
  Img oi = xi;
  std::array<std::vector<std::array<int64_t, 3>>, 3> spans;  // lo, hi, divisor share
  for (int a = 0; a < 3; ++a) {
    const int64_t in = xi.sp[a], k = p.win.k[a], s = p.win.stride[a];
    const int64_t p0 = p.win.pad0[a], p1 = p.win.pad1[a];
    oi.sp[a] = p.adaptive ? k : (in + p0 + p1 - k + (p.ceil ? s - 1 : 0)) / s + 1;
    for (int64_t o = 0; o < oi.sp[a]; ++o) {
      if (p.adaptive) {
        const auto lo = static_cast<int64_t>(std::floor(double(o) * in / oi.sp[a]));
        const auto hi = static_cast<int64_t>(std::ceil(double(o + 1) * in / oi.sp[a]));
        spans[a].push_back({lo, hi, hi - lo});
        continue;
      }
      const int64_t start = o * s - p0, end = std::min(start + k, in + p0);
      const int64_t lo = std::max<int64_t>(start, 0), hi = std::min(end, in);
      spans[a].push_back({lo, hi, p.exclusive ? hi - lo : end - start});
    }
  }
  Arr out{oi.Dims(nsp), std::vector<double>(oi.Numel(), 0.0)};
  for (int64_t b = 0; b < xi.n; ++b)
    for (int64_t c = 0; c < xi.c; ++c)
      for (int64_t z = 0; z < oi.sp[0]; ++z)
        for (int64_t y = 0; y < oi.sp[1]; ++y)
          for (int64_t xx = 0; xx < oi.sp[2]; ++xx) {
            const auto &sz = spans[0][z], &sy = spans[1][y], &sx = spans[2][xx];
            double acc = p.max ? -double{FLT_MAX} : 0.0;
            for (int64_t i = sz[0]; i < sz[1]; ++i)
              for (int64_t j = sy[0]; j < sy[1]; ++j)
                for (int64_t l = sx[0]; l < sx[1]; ++l) {
                  const double v = x.v[xi.At(b, c, i, j, l)];
                  acc = p.max ? std::max(acc, v) : acc + v;
                }
            if (!p.max) acc /= static_cast<double>(sz[2] * sy[2] * sx[2]);
            out.v[oi.At(b, c, z, y, xx)] = acc;
          }
  return out;
}

// Interpolation as PaddlePaddle computes source coordinates, in float32:
// ratio = (in - 1) / (out - 1) with align_corners, else 1 / scale when a
// scale set the size, else in / out. Bilinear reads src = ratio * (k + 0.5)
// - 0.5 (align_mode 0 without align_corners; clamped at 0) or ratio * k, and
// its floor and the next index (clamped to the input) weighted by distance;
// nearest reads ratio * k rounded (align_corners) or truncated.
struct InterpSpec {
  bool nearest = false, align_corners = true, last = false;
  int align_mode = 1;
  int64_t out_h = 0, out_w = 0;
  float scale_h = -1, scale_w = -1;
};

Arr InterpRef(const Arr& x, const InterpSpec& s) {
  const Img xi = ImgOf(x.shape, s.last);
  Img oi = xi;
  oi.sp = {1, s.out_h, s.out_w};
  Arr out{oi.Dims(2), std::vector<double>(oi.Numel(), 0.0)};
  if (oi.sp == xi.sp) return Arr{out.shape, x.v};  // PaddlePaddle copies X
  struct Tap {
    int64_t lo, hi;
    double w_lo, w_hi;
  };
  auto taps = [&](int64_t in, int64_t n_out, float scale) {
    float ratio = 0.f;
    if (n_out > 1)
      ratio = s.align_corners ? float(in - 1) / float(n_out - 1)
                              : (scale > 0 ? float(1. / scale) : float(in) / float(n_out));
    std::vector<Tap> t;
    for (int64_t k = 0; k < n_out; ++k) {
      const float rk = ratio * float(k);
      if (s.nearest) {
        const int64_t i = s.align_corners ? int64_t(double(rk) + 0.5) : int64_t(rk);
        t.push_back({i, i, 1.0, 0.0});
        continue;
      }
      const bool half = s.align_mode == 0 && !s.align_corners;
      const double centre = double(ratio) * (double(k) + 0.5) - 0.5;
      const int64_t lo = std::max<int64_t>(half ? int64_t(centre) : int64_t(rk), 0);
      const float d = half ? std::max(float(centre), 0.f) - float(lo) : rk - float(lo);
      t.push_back({lo, std::min(lo + 1, in - 1), double(1.f - d), double(d)});
    }
    return t;
  };
  const std::vector<Tap> th = taps(xi.sp[1], s.out_h, s.scale_h);
  const std::vector<Tap> tw = taps(xi.sp[2], s.out_w, s.scale_w);
  for (int64_t b = 0; b < xi.n; ++b)
    for (int64_t c = 0; c < xi.c; ++c)
      for (int64_t y = 0; y < s.out_h; ++y)
        for (int64_t xx = 0; xx < s.out_w; ++xx) {
          const Tap &a = th[y], &e = tw[xx];
          auto px = [&](int64_t h, int64_t w) { return x.v[xi.At(b, c, 0, h, w)]; };
          out.v[oi.At(b, c, 0, y, xx)] =
              px(a.lo, e.lo) * a.w_lo * e.w_lo + px(a.hi, e.lo) * a.w_hi * e.w_lo +
              px(a.lo, e.hi) * a.w_lo * e.w_hi + px(a.hi, e.hi) * a.w_hi * e.w_hi;
        }
  return out;
}

std::string Str(const char* s) { return std::string(s); }

}  // namespace

PD_OP_TABLE(ConvPool) {
  std::vector<OpRow> rows;

  // ---- conv3d: Input [N, C, D, H, W] or [N, D, H, W, C], Filter [M, C/groups, kd, kh, kw].
  auto conv3d = [](const std::string& name, Shape x, Shape w, int groups, Ints strides,
                   Ints paddings, Ints dilations, bool last, bool same) {
    AttributeMap attrs{{"groups", int32_t{groups}}, {"strides", strides},
                       {"paddings", paddings}, {"dilations", dilations},
                       {"data_format", Str(last ? "NDHWC" : "NCDHW")}};
    if (same) attrs["padding_algorithm"] = Str("SAME");
    OpRow r{name, "conv3d", {{"Input", x}, {"Filter", w}}, attrs, nullptr};
    r.out_slot = "Output";
    Win win;
    win.k = {w[2], w[3], w[4]};
    win.stride = Spatial3(strides, 1), win.dil = Spatial3(dilations, 1);
    if (paddings.size() == 3) {
      win.pad0 = win.pad1 = Spatial3(paddings, 0);
    } else {
      for (int i = 0; i < 3; ++i) win.pad0[i] = paddings[2 * i], win.pad1[i] = paddings[2 * i + 1];
    }
    if (same) {
      SamePads(ImgOf(x, last).sp, &win);
      win.dil = {1, 1, 1};  // SAME ignores dilations
    }
    r.reference = [win, groups, last](const std::vector<Arr>& in, const AttributeMap&) {
      return ConvRef(in[0], in[1], 3, last, groups, win);
    };
    return r;
  };
  rows.push_back(conv3d("conv3d", {2, 2, 4, 4, 3}, {3, 2, 3, 3, 2}, 1, {1, 1, 1}, {1, 1, 0},
                        {1, 1, 1}, false, false));
  rows.push_back(conv3d("conv3d_groups_strides_pad6", {1, 4, 5, 4, 5}, {4, 2, 2, 3, 3}, 2,
                        {2, 1, 2}, {1, 0, 0, 1, 1, 1}, {1, 2, 1}, false, false));
  rows.push_back(conv3d("conv3d_ndhwc", {2, 3, 4, 4, 2}, {2, 2, 2, 2, 2}, 1, {1, 2, 1},
                        {0, 1, 1}, {1, 1, 1}, true, false));
  rows.push_back(conv3d("conv3d_same", {1, 2, 5, 4, 3}, {2, 2, 3, 3, 3}, 1, {2, 2, 1},
                        {0, 0, 0}, {2, 2, 2}, false, true));

  // ---- conv2d_transpose: Filter [C_in, C_out/groups, kh, kw]; `size` is the output's H, W.
  struct TransposeCase {
    std::string name;
    Shape x, w;
    AttributeMap attrs;
    Win win;  // pads resolved
    Dhw size;
    bool last = false, bias = false;
    int groups = 1;
  };
  auto transpose = [](TransposeCase t) {
    t.win.k = {1, t.w[2], t.w[3]};
    t.attrs["groups"] = int32_t{t.groups};
    t.attrs["data_format"] = Str(t.last ? "NHWC" : "NCHW");
    OpRow r{t.name, "conv2d_transpose", {{"Input", t.x}, {"Filter", t.w}}, t.attrs, nullptr};
    if (t.bias) {
      r.inputs.push_back({"Bias", {t.w[1] * t.groups}});
      r.inputs.back().differentiable = false;  // an inference-only (extra) input
    }
    r.out_slot = "Output";
    r.reference = [t](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = ConvTransposeRef(in[0], in[1], t.last, t.groups, t.win, t.size);
      if (t.bias) {
        const Img oi = ImgOf(out.shape, t.last);
        for (int64_t b = 0; b < oi.n; ++b)
          for (int64_t c = 0; c < oi.c; ++c)
            for (int64_t y = 0; y < oi.sp[1]; ++y)
              for (int64_t x = 0; x < oi.sp[2]; ++x) out.v[oi.At(b, c, 0, y, x)] += in[2].v[c];
      }
      return out;
    };
    return r;
  };
  {
    TransposeCase t;  // (3 - 1) * 2 - 2 + 3 = 5, (4 - 1) * 2 - 2 + 3 = 7
    t.name = "conv2d_transpose", t.x = {2, 3, 3, 4}, t.w = {3, 2, 3, 3};
    t.attrs = {{"strides", Ints{2, 2}}, {"paddings", Ints{1, 1}}};
    t.win.stride = {1, 2, 2}, t.win.pad0 = t.win.pad1 = {0, 1, 1}, t.size = {1, 5, 7};
    rows.push_back(transpose(t));
    t.name = "conv2d_transpose_bias", t.bias = true;
    rows.push_back(transpose(t));

    t = TransposeCase();  // NHWC, groups 2: H (3-1) - 1 + 2*1 + 1 = 4, W (3-1)*2 - 1 + 3 = 6
    t.name = "conv2d_transpose_groups_nhwc", t.x = {1, 3, 3, 4}, t.w = {4, 3, 2, 3};
    t.last = true, t.groups = 2;
    t.attrs = {{"strides", Ints{1, 2}}, {"paddings", Ints{0, 1, 1, 0}}, {"dilations", Ints{2, 1}}};
    t.win.stride = {1, 1, 2}, t.win.dil = {1, 2, 1}, t.win.pad0 = {0, 0, 1},
    t.win.pad1 = {0, 1, 0}, t.size = {1, 4, 6};
    rows.push_back(transpose(t));

    t = TransposeCase();  // 2 * 2 + 3 + 1 = 8, 2 * 3 + 3 + 2 = 11
    t.name = "conv2d_transpose_output_padding", t.x = {1, 2, 3, 3}, t.w = {2, 2, 3, 3};
    t.attrs = {{"strides", Ints{2, 3}}, {"output_padding", Ints{1, 2}}};
    t.win.stride = {1, 2, 3}, t.size = {1, 8, 11};
    rows.push_back(transpose(t));

    t = TransposeCase();  // computed 6 and 4; output_size takes 8 in [6, 9) and 5 in [4, 6)
    t.name = "conv2d_transpose_output_size", t.x = {1, 2, 3, 3}, t.w = {2, 1, 2, 2};
    t.attrs = {{"strides", Ints{3, 2}}, {"paddings", Ints{1, 1}}, {"output_size", Ints{8, 5}}};
    t.win.stride = {1, 3, 2}, t.win.pad0 = t.win.pad1 = {0, 1, 1}, t.size = {1, 8, 5};
    rows.push_back(transpose(t));

    // SAME pads for ceil(in / stride) over the transposed input: H 5 -> 1 + 1, size 9;
    // W 4 -> 0 + 1, size 8.
    t = TransposeCase();
    t.name = "conv2d_transpose_same", t.x = {1, 2, 5, 4}, t.w = {2, 3, 3, 3};
    t.attrs = {{"strides", Ints{2, 2}}, {"padding_algorithm", Str("SAME")},
               {"paddings", Ints{3, 3}}, {"dilations", Ints{2, 2}}};
    t.win.stride = {1, 2, 2}, t.win.pad0 = {0, 1, 0}, t.win.pad1 = {0, 1, 1}, t.size = {1, 9, 8};
    rows.push_back(transpose(t));

    t = TransposeCase();  // paddings ignored: 2 * 2 + 2 = 6
    t.name = "conv2d_transpose_valid", t.x = {1, 2, 3, 3}, t.w = {2, 2, 2, 2};
    t.attrs = {{"strides", Ints{2, 2}}, {"padding_algorithm", Str("VALID")},
               {"paddings", Ints{1, 1}}};
    t.win.stride = {1, 2, 2}, t.size = {1, 6, 6};
    rows.push_back(transpose(t));
  }

  // ---- conv3d_transpose: Filter [C_in, C_out/groups, kd, kh, kw]; no Bias slot.
  auto transpose3d = [](const std::string& name, Shape x, Shape w, int groups,
                        AttributeMap attrs, Win win, Dhw size, bool last) {
    win.k = {w[2], w[3], w[4]};
    attrs["groups"] = int32_t{groups};
    if (last) attrs["data_format"] = Str("NDHWC");
    OpRow r{name, "conv3d_transpose", {{"Input", x}, {"Filter", w}}, attrs, nullptr};
    r.out_slot = "Output";
    r.reference = [=](const std::vector<Arr>& in, const AttributeMap&) {
      return ConvTransposeRef(in[0], in[1], last, groups, win, size);
    };
    return r;
  };
  {
    Win win;  // D (2-1)*2 - 0 + 2 = 4, H (3-1)*1 - 2 + 3 = 3, W (3-1)*2 - 0 + 2 + 1 = 7
    win.stride = {2, 1, 2}, win.pad0 = win.pad1 = {0, 1, 0};
    rows.push_back(transpose3d("conv3d_transpose", {2, 2, 2, 3, 3}, {2, 3, 2, 3, 2}, 1,
                               {{"strides", Ints{2, 1, 2}}, {"paddings", Ints{0, 1, 0}},
                                {"output_padding", Ints{0, 0, 1}}},
                               win, {4, 3, 7}, false));
    Win w2;  // groups 2, channels last, dilation 2 on W: D 3, H 3, W (2-1) + 2*1 + 1 = 4
    w2.dil = {1, 1, 2};
    rows.push_back(transpose3d("conv3d_transpose_groups_ndhwc", {1, 2, 2, 2, 4}, {4, 1, 2, 2, 2},
                               2, {{"dilations", Ints{1, 1, 2}}}, w2, {3, 3, 4}, true));
  }

  // ---- pool2d and pool3d: X [N, C, (D,) H, W] or channel-last.
  struct PoolCase {
    std::string name, op;
    Shape x;
    Ints ksize, strides, paddings;
    bool max = true, exclusive = true, ceil = false, global = false, adaptive = false,
         last = false, same = false;
  };
  auto pool = [](const PoolCase& c) {
    const int nsp = static_cast<int>(c.x.size()) - 2;
    const char* format = nsp == 3 ? (c.last ? "NDHWC" : "NCDHW") : (c.last ? "NHWC" : "NCHW");
    AttributeMap attrs{{"pooling_type", Str(c.max ? "max" : "avg")},
                       {"ksize", c.ksize},
                       {"strides", c.strides.empty() ? Ints(nsp, 1) : c.strides},
                       {"paddings", c.paddings.empty() ? Ints(nsp, 0) : c.paddings},
                       {"exclusive", c.exclusive},
                       {"ceil_mode", c.ceil},
                       {"global_pooling", c.global},
                       {"adaptive", c.adaptive},
                       {"data_format", Str(format)},
                       {"padding_algorithm", Str(c.same ? "SAME" : "EXPLICIT")}};
    OpRow r{c.name, c.op, {{"X", c.x}}, attrs, nullptr};
    PoolSpec p;
    p.max = c.max, p.exclusive = c.exclusive, p.ceil = c.ceil, p.adaptive = c.adaptive;
    const Img xi = ImgOf(c.x, c.last);
    p.win.k = c.global ? xi.sp : Spatial3(c.ksize, 1);
    p.win.stride = Spatial3(std::get<Ints>(attrs["strides"]), 1);
    const Ints& pads = std::get<Ints>(attrs["paddings"]);
    if (static_cast<int>(pads.size()) == nsp) {
      p.win.pad0 = p.win.pad1 = Spatial3(pads, 0);
    } else {
      for (int i = 0; i < nsp; ++i)
        p.win.pad0[3 - nsp + i] = pads[2 * i], p.win.pad1[3 - nsp + i] = pads[2 * i + 1];
    }
    if (c.same) SamePads(xi.sp, &p.win);
    if (c.global || c.adaptive) p.win.pad0 = p.win.pad1 = {0, 0, 0};
    r.reference = [p, nsp, c](const std::vector<Arr>& in, const AttributeMap&) {
      return PoolRef(in[0], nsp, c.last, p);
    };
    return r;
  };
  std::vector<PoolCase> pools;
  pools.push_back({"pool2d_max", "pool2d", {2, 3, 6, 6}, {2, 2}, {2, 2}, {}});
  // Windows that tile the input (the fast path), with a row and a column left over.
  pools.push_back({"pool2d_max_tiled_wide", "pool2d", {1, 2, 5, 37}, {2, 2}, {2, 2}, {}});
  pools.push_back({"pool2d_max_tiled_3x2", "pool2d", {1, 2, 7, 9}, {3, 2}, {3, 2}, {}});
  pools.push_back({"pool2d_avg_padded", "pool2d", {1, 2, 7, 5}, {3, 3}, {2, 2}, {1, 1}, false});
  pools.push_back({"pool2d_avg_inclusive_ceil", "pool2d", {1, 2, 7, 5}, {3, 3}, {2, 2}, {1, 1},
                   false, false, true});
  pools.push_back({"pool2d_max_ceil_pad4", "pool2d", {1, 2, 6, 6}, {3, 2}, {2, 2}, {2, 0, 1, 1},
                   true, true, true});
  pools.push_back({"pool2d_avg_global", "pool2d", {2, 3, 5, 4}, {1, 1}, {}, {1, 1}, false, true,
                   false, true});
  pools.push_back({"pool2d_max_adaptive", "pool2d", {1, 2, 7, 5}, {3, 2}, {}, {}, true, true,
                   false, false, true});
  // 34 planes: two blocks of 16 side by side and a partial one (the adaptive fast path).
  pools.push_back({"pool2d_avg_adaptive_planes", "pool2d", {2, 17, 7, 5}, {3, 2}, {}, {}, false,
                   true, false, false, true});
  pools.push_back({"pool2d_avg_adaptive_nhwc", "pool2d", {2, 5, 3, 4}, {3, 2}, {}, {}, false,
                   true, false, false, true, true});
  pools.push_back({"pool2d_max_nhwc", "pool2d", {2, 6, 5, 3}, {3, 2}, {2, 1}, {1, 0}, true, true,
                   false, false, false, true});
  pools.push_back({"pool2d_avg_same", "pool2d", {1, 2, 7, 6}, {3, 3}, {2, 2}, {}, false, false,
                   false, false, false, false, true});
  pools.push_back({"pool3d_max", "pool3d", {2, 2, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {}});
  pools.push_back({"pool3d_avg_inclusive_ceil_pad6", "pool3d", {1, 2, 5, 5, 5}, {3, 2, 3},
                   {2, 2, 2}, {1, 0, 0, 1, 1, 1}, false, false, true});
  pools.push_back({"pool3d_avg_padded", "pool3d", {1, 2, 5, 4, 5}, {3, 2, 3}, {2, 2, 2},
                   {1, 1, 1}, false});
  pools.push_back({"pool3d_max_global", "pool3d", {2, 3, 3, 4, 2}, {1, 1, 1}, {}, {}, true, true,
                   false, true});
  pools.push_back({"pool3d_avg_adaptive", "pool3d", {1, 2, 5, 4, 7}, {2, 3, 3}, {}, {}, false,
                   true, false, false, true});
  pools.push_back({"pool3d_max_ndhwc", "pool3d", {1, 4, 5, 3, 2}, {2, 3, 2}, {2, 1, 1},
                   {0, 1, 1}, true, true, false, false, false, true});
  pools.push_back({"pool3d_avg_same", "pool3d", {1, 1, 5, 6, 4}, {3, 3, 2}, {2, 2, 2}, {}, false,
                   true, false, false, false, false, true});
  for (const PoolCase& c : pools) rows.push_back(pool(c));

  // ---- bilinear_interp_v2, nearest_interp_v2 over X [2, 3, 4, 5] (NHWC: [2, 4, 5, 3]).
  auto interp = [](const std::string& name, const std::string& op, InterpSpec s,
                   AttributeMap attrs) {
    attrs["data_layout"] = Str(s.last ? "NHWC" : "NCHW");
    attrs["align_corners"] = s.align_corners;
    attrs["align_mode"] = int32_t{s.align_mode};
    if (!attrs.count("interp_method"))
      attrs["interp_method"] = Str(s.nearest ? "nearest" : "bilinear");
    OpRow r{name, op, {{"X", s.last ? Shape{2, 4, 5, 3} : Shape{2, 3, 4, 5}}}, attrs, nullptr};
    r.reference = [s](const std::vector<Arr>& in, const AttributeMap&) {
      return InterpRef(in[0], s);
    };
    return r;
  };
  auto spec = [](bool nearest, bool align_corners, int align_mode, int64_t h, int64_t w) {
    InterpSpec s;
    s.nearest = nearest, s.align_corners = align_corners, s.align_mode = align_mode;
    s.out_h = h, s.out_w = w;
    return s;
  };
  auto sizes = [](int64_t h, int64_t w) {
    return AttributeMap{{"out_h", int32_t(h)}, {"out_w", int32_t(w)}};
  };
  const std::string bilinear = "bilinear_interp_v2", nearest = "nearest_interp_v2";
  rows.push_back(interp(bilinear, bilinear, spec(false, true, 1, 7, 8), sizes(7, 8)));
  rows.push_back(interp("bilinear_interp_v2_align_mode0", bilinear, spec(false, false, 0, 7, 3),
                        sizes(7, 3)));
  rows.push_back(interp("bilinear_interp_v2_align_mode1", bilinear, spec(false, false, 1, 3, 8),
                        sizes(3, 8)));
  {
    InterpSpec s = spec(false, false, 0, 6, 3);  // trunc(4 * 1.7) = 6, trunc(5 * 0.6) = 3
    s.scale_h = 1.7f, s.scale_w = 0.6f;
    rows.push_back(interp("bilinear_interp_v2_scale", bilinear, s,
                          {{"scale", Floats{1.7f, 0.6f}}, {"out_h", int32_t{9}}}));
    s = spec(false, true, 1, 6, 7);
    s.scale_h = 1.7f, s.scale_w = 1.5f;  // align_corners: the ratio ignores the scale
    rows.push_back(interp("bilinear_interp_v2_scale_align_corners", bilinear, s,
                          {{"scale", Floats{1.7f, 1.5f}}}));
    s = spec(false, false, 0, 6, 7);
    s.last = true;
    rows.push_back(interp("bilinear_interp_v2_nhwc", bilinear, s, sizes(6, 7)));
    s = spec(false, false, 1, 4, 7);  // same height: still interpolated along the width
    rows.push_back(interp("bilinear_interp_v2_same_height", bilinear, s, sizes(4, 7)));
  }
  {
    // Sizes and scales from tensors: OutSize overrides out_h/out_w; SizeTensor overrides all.
    OpRow r = interp("bilinear_interp_v2_out_size", bilinear, spec(false, false, 0, 6, 6),
                     sizes(2, 2));
    r.inputs.push_back({"OutSize", {2}, 6, 6});
    r.inputs.back().dtype = DataType::kInt32;
    r.shape_from_values = true;
    rows.push_back(r);
    r = interp("bilinear_interp_v2_size_tensor", bilinear, spec(false, true, 1, 3, 7), sizes(2, 2));
    r.inputs.push_back({"OutSize", {2}, 6, 6});
    r.inputs.back().dtype = DataType::kInt32;
    r.inputs.push_back({"SizeTensor", {1}, 3, 3});
    r.inputs.back().dtype = DataType::kInt64;
    r.inputs.push_back({"SizeTensor", {1}, 7, 7});
    r.inputs.back().dtype = DataType::kInt32;
    r.shape_from_values = true;
    rows.push_back(r);
    InterpSpec s = spec(false, false, 1, 6, 7);  // trunc(4 * 1.5), trunc(5 * 1.5)
    s.scale_h = s.scale_w = 1.5f;
    r = interp("bilinear_interp_v2_scale_tensor", bilinear, s, {{"scale", Floats{3.f, 3.f}}});
    r.inputs.push_back({"Scale", {1}, 1.5, 1.5});
    r.inputs.back().differentiable = false;
    r.shape_from_values = true;
    rows.push_back(r);
  }
  rows.push_back(interp(nearest, nearest, spec(true, false, 1, 7, 8), sizes(7, 8)));
  rows.push_back(interp("nearest_interp_v2_align_corners", nearest, spec(true, true, 1, 3, 8),
                        sizes(3, 8)));
  {
    InterpSpec s = spec(true, false, 1, 2, 8);  // trunc(4 * 0.6) = 2, trunc(5 * 1.7) = 8
    s.scale_h = 0.6f, s.scale_w = 1.7f;
    rows.push_back(interp("nearest_interp_v2_scale", nearest, s, {{"scale", Floats{0.6f, 1.7f}}}));
    s = spec(true, true, 0, 6, 3);
    s.last = true;
    rows.push_back(interp("nearest_interp_v2_nhwc", nearest, s, sizes(6, 3)));
    // interp_method, not the op type, picks the method (PaddlePaddle's kernel).
    rows.push_back(interp("nearest_interp_v2_method_bilinear", nearest, spec(false, false, 0, 6, 7),
                          {{"out_h", int32_t{6}}, {"out_w", int32_t{7}},
                           {"interp_method", Str("bilinear")}}));
  }
  return rows;
}

}  // namespace test
}  // namespace paddle
