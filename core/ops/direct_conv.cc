#include "core/ops/direct_conv.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/ops/parallel.h"

namespace paddle {
namespace ops {

namespace {

constexpr int64_t kMaxFilter = 11, kMaxStride = 4;
constexpr int64_t kOcBlock = 8;     // output channels per kernel call
constexpr int64_t kLanes = 16;      // floats per vector
constexpr int64_t kColBlock = 2 * kLanes;  // output columns per kernel call

typedef float V16 __attribute__((vector_size(kLanes * sizeof(float))));

inline V16 Load(const float* p) {
  V16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The image, zero-padded and split by column phase: with stride S, padded column S * j + p
// goes to phase p's column j, so the filter tap kx reads phase kx % S from column
// ox + kx / S on: contiguous for consecutive outputs ox. Rows are the padded rows.
struct Phases {
  int64_t stride, rows, cols;  // per phase and channel: rows x cols
  const float* data;           // [stride][c][rows][cols]
  const float* Row(int64_t phase, int64_t c, int64_t channels, int64_t row) const {
    return data + ((phase * channels + c) * rows + row) * cols;
  }
};

// dst[j] = src[stride * j] for j < n.
PD_SIMD_CLONES void StridedCopy(const float* __restrict src, int64_t stride,
                                float* __restrict dst, int64_t n) {
  if (stride == 1) {
    std::memcpy(dst, src, n * sizeof(float));
  } else if (stride == 2) {
    for (int64_t j = 0; j < n; ++j) dst[j] = src[2 * j];
  } else {
    for (int64_t j = 0; j < n; ++j) dst[j] = src[stride * j];
  }
}

Phases SplitPhases(const DnnlConvShape& s, const float* image, std::vector<float>* buffer) {
  const int64_t S = s.stride[2], H = s.in[1], W = s.in[2];
  const int64_t pt = s.pad_before[1], pl = s.pad_before[2];
  Phases ph;
  ph.stride = S;
  ph.rows = H + pt + s.pad_after[1];
  // Room for the last column block and the widest tap: reads past the data see zeros.
  ph.cols = (s.out[2] + kColBlock - 1) / kColBlock * kColBlock + (s.k[2] - 1) / S + 1;
  const int64_t count = S * s.c * ph.rows * ph.cols;
  if (static_cast<int64_t>(buffer->size()) < count) buffer->resize(count);
  float* out = buffer->data();
  // Planes (phase p, channel c) in pieces: few planes, each of many elements.
  ParallelFor(S * s.c, [&](int64_t begin, int64_t end) {
    for (int64_t plane = begin; plane < end; ++plane) {
      const int64_t p = plane / s.c, c = plane % s.c;
      // Columns j in [lo, hi) read the image (w = S * j + p - pl in [0, W)); the rest pad.
      const int64_t lo = std::min(ph.cols, std::max<int64_t>(0, (pl - p + S - 1) / S));
      const int64_t last = W - 1 + pl - p;
      const int64_t hi = last < 0 ? lo : std::max(lo, std::min(ph.cols, last / S + 1));
      for (int64_t row = 0; row < ph.rows; ++row) {
        float* dst = out + (plane * ph.rows + row) * ph.cols;
        const int64_t h = row - pt;
        if (h < 0 || h >= H) {
          std::fill(dst, dst + ph.cols, 0.0f);
          continue;
        }
        std::fill(dst, dst + lo, 0.0f);
        StridedCopy(image + (c * H + h) * W + (S * lo + p - pl), S, dst + lo, hi - lo);
        std::fill(dst + hi, dst + ph.cols, 0.0f);
      }
    }
  }, std::max<int64_t>(1, kParallelGrain / (ph.rows * ph.cols)));
  ph.data = out;
  return ph;
}

// The filter as [m / kOcBlock][c][kh][kw][kOcBlock], zero past the last output channel, so
// one tap's kOcBlock weights lie together.
const float* PackFilter(const DnnlConvShape& s, const float* filter, std::vector<float>* buffer) {
  const int64_t blocks = (s.m + kOcBlock - 1) / kOcBlock, taps = s.c * s.k[1] * s.k[2];
  buffer->assign(blocks * taps * kOcBlock, 0.0f);
  for (int64_t o = 0; o < s.m; ++o)
    for (int64_t t = 0; t < taps; ++t)
      (*buffer)[((o / kOcBlock) * taps + t) * kOcBlock + o % kOcBlock] = filter[o * taps + t];
  return buffer->data();
}

// One output row's kVecs * kLanes columns from `ox0` for kOcBlock output channels: the sums
// in vector registers, then bias, residual and activation, stored for the `oc_valid` channels
// and `cols` columns that exist. `out` and `residual` point at channel 0, row oy, column ox0.
template <int kVecs>
PD_SIMD_CLONES void RowBlock(const DnnlConvShape& s, const Phases& ph, const float* w,
                             int64_t oy, int64_t ox0, const float* bias, int64_t oc_valid,
                             int64_t cols, float* out, const float* residual, int64_t plane,
                             const DnnlConvFusion& f) {
  const int64_t S = ph.stride, KH = s.k[1], KW = s.k[2];
  V16 acc[kOcBlock][kVecs];
  for (int64_t o = 0; o < kOcBlock; ++o) {
    const float b = bias && o < oc_valid ? bias[o] : 0.0f;
    for (int v = 0; v < kVecs; ++v) acc[o][v] = V16{} + b;
  }
  for (int64_t c = 0; c < s.c; ++c)
    for (int64_t ky = 0; ky < KH; ++ky) {
      const int64_t row = oy * s.stride[1] + ky;
      const float* wk = w + (c * KH + ky) * KW * kOcBlock;
      for (int64_t kx = 0; kx < KW; ++kx) {
        const float* src = ph.Row(kx % S, c, s.c, row) + ox0 + kx / S;
        V16 x[kVecs];
        for (int v = 0; v < kVecs; ++v) x[v] = Load(src + v * kLanes);
#pragma GCC unroll 8
        for (int64_t o = 0; o < kOcBlock; ++o) {
          const float wv = wk[kx * kOcBlock + o];
          for (int v = 0; v < kVecs; ++v) acc[o][v] += wv * x[v];
        }
      }
    }
  const bool whole = cols == kVecs * kLanes;
  for (int64_t o = 0; o < oc_valid; ++o) {
    float* dst = out + o * plane;
    const float* res = residual ? residual + o * plane : nullptr;
    for (int64_t v = 0; v < kVecs; ++v) {
      V16 x = acc[o][v];
      if (res) {
        if (whole) {
          x += Load(res + v * kLanes);
        } else {
          float part[kLanes] = {};
          for (int64_t j = v * kLanes; j < cols && j < (v + 1) * kLanes; ++j)
            part[j - v * kLanes] = res[j];
          x += Load(part);
        }
      }
      if (f.act == DnnlConvFusion::Act::kRelu) {
        x = x > 0.0f ? x : x * f.alpha;
      } else if (f.act == DnnlConvFusion::Act::kClip) {
        x = x < f.alpha ? V16{} + f.alpha : x;
        x = x > f.beta ? V16{} + f.beta : x;
      }
      if (whole) {
        std::memcpy(dst + v * kLanes, &x, sizeof x);
      } else {
        float part[kLanes];
        std::memcpy(part, &x, sizeof x);
        for (int64_t j = v * kLanes; j < cols && j < (v + 1) * kLanes; ++j)
          dst[j] = part[j - v * kLanes];
      }
    }
  }
}

}  // namespace

bool DirectConvApplies(const DnnlConvShape& s) {
  if (s.nsp != 2 || s.channel_last || s.groups != 1 || s.c < 1 ||
      s.c > kDirectConvMaxChannels || s.m < 1)
    return false;
  for (int i = 1; i < 3; ++i)
    if (s.dilation[i] != 1 || s.k[i] < 1 || s.k[i] > kMaxFilter || s.stride[i] < 1 ||
        s.stride[i] > kMaxStride || s.pad_before[i] < 0 || s.pad_after[i] < 0 || s.out[i] < 1)
      return false;
  return true;
}

void DirectConvForward(const DnnlConvShape& s, const float* image, const float* filter,
                       float* other, const DnnlConvFusion& fusion) {
  thread_local std::vector<float> phase_buffer, filter_buffer;
  const float* w = PackFilter(s, filter, &filter_buffer);
  const int64_t OH = s.out[1], OW = s.out[2], plane = OH * OW;
  const int64_t blocks = (s.m + kOcBlock - 1) / kOcBlock, taps = s.c * s.k[1] * s.k[2];
  // The residual may be `other` itself: each element is read before it is overwritten.
  for (int64_t n = 0; n < s.n; ++n) {
    const Phases ph = SplitPhases(s, image + n * s.c * s.in[1] * s.in[2], &phase_buffer);
    float* out_n = other + n * s.m * plane;
    const float* res_n = fusion.residual ? fusion.residual + n * s.m * plane : nullptr;
    const int64_t items = blocks * OH;  // (output channel block, row)
    const int64_t item_work = taps * kOcBlock * OW;
    ParallelFor(items, [&](int64_t begin, int64_t end) {
      for (int64_t item = begin; item < end; ++item) {
        const int64_t b = item / OH, oy = item % OH, oc0 = b * kOcBlock;
        const int64_t at = oc0 * plane + oy * OW;
        const float* wb = w + b * taps * kOcBlock;
        const float* bias = fusion.bias ? fusion.bias + oc0 : nullptr;
        const int64_t oc_valid = std::min(kOcBlock, s.m - oc0);
        for (int64_t ox0 = 0; ox0 < OW; ox0 += kColBlock) {
          const int64_t cols = std::min(kColBlock, OW - ox0);
          float* out = out_n + at + ox0;
          const float* res = res_n ? res_n + at + ox0 : nullptr;
          if (cols > kLanes)
            RowBlock<2>(s, ph, wb, oy, ox0, bias, oc_valid, cols, out, res, plane, fusion);
          else
            RowBlock<1>(s, ph, wb, oy, ox0, bias, oc_valid, cols, out, res, plane, fusion);
        }
      }
    }, std::max<int64_t>(1, (int64_t{1} << 18) / std::max<int64_t>(1, item_work)));
  }
}

}  // namespace ops
}  // namespace paddle
