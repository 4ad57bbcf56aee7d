// The sliding-window geometry that conv2d and pool2d share, with
// PaddlePaddle's rules: NCHW/NHWC layouts, 2- or 4-value paddings, the
// EXPLICIT/SAME/VALID padding algorithms and the output-size formulas.
// Sizes are -1 when unknown (build time) and stay -1 through every rule.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/framework/ddim.h"
#include "core/base/enforce.h"

namespace paddle {
namespace ops {

// "NHWC" is channel-last; "NCHW" and the legacy "AnyLayout" are channel-first.
inline bool IsChannelLast(const std::string& data_format) { return data_format == "NHWC"; }

// A 4-D activation's dims read per its layout.
struct Dims4 {
  int64_t n, c, h, w;
};

inline Dims4 ReadDims4(const DDim& d, bool nhwc) {
  return nhwc ? Dims4{d[0], d[3], d[1], d[2]} : Dims4{d[0], d[1], d[2], d[3]};
}

inline DDim MakeDims4(int64_t n, int64_t c, int64_t h, int64_t w, bool nhwc) {
  return nhwc ? DDim{n, h, w, c} : DDim{n, c, h, w};
}

// Element strides of a batch item's channel, row and column.
struct Strides3 {
  int64_t c, h, w;
};

inline Strides3 LayoutStrides(const Dims4& d, bool nhwc) {
  return nhwc ? Strides3{1, d.w * d.c, d.c} : Strides3{d.h * d.w, d.w, 1};
}

// A 2-value INTS attribute (strides, dilations, ksize) checked to be positive.
inline void CheckPair(const std::string& op, const char* name, const std::vector<int32_t>& v) {
  PD_CHECK(v.size() == 2, InvalidArgument, "[", op, "] attribute '", name,
           "' must have 2 values (height, width), got ", v.size(), " [", StrJoin(v), "]");
  PD_CHECK(v[0] > 0 && v[1] > 0, InvalidArgument, "[", op, "] attribute '", name,
           "' must be positive, got [", StrJoin(v), "]");
}

// paddings as [top, bottom, left, right]: 2 values [h, w] mean symmetric.
inline std::vector<int64_t> ExpandPaddings(const std::string& op,
                                           const std::vector<int32_t>& p) {
  PD_CHECK(p.size() == 2 || p.size() == 4, InvalidArgument, "[", op,
           "] attribute 'paddings' must have 2 values [h, w] or 4 [top, bottom, left, right], "
           "got ",
           p.size(), " [", StrJoin(p), "]");
  for (int32_t v : p)
    PD_CHECK(v >= 0, InvalidArgument, "[", op, "] attribute 'paddings' must be >= 0, got [",
             StrJoin(p), "]");
  if (p.size() == 2) return {p[0], p[0], p[1], p[1]};
  return {p[0], p[1], p[2], p[3]};
}

// Applies padding_algorithm to one spatial dim: SAME pads so that
// out = ceil(in / stride) (the odd pixel goes after), VALID pads nothing.
// Returns false when SAME needs the input size and it is unknown.
inline bool ApplyPaddingAlgorithm(const std::string& op, const std::string& algo, int64_t in,
                                  int64_t k, int64_t stride, int64_t* pad_before,
                                  int64_t* pad_after) {
  if (algo == "VALID") {
    *pad_before = *pad_after = 0;
  } else if (algo == "SAME") {
    if (in < 0 || k < 0) return false;
    const char* what = "SAME padding";
    const int64_t out = AddSize(in, stride - 1, op, what) / stride;
    const int64_t sum = std::max<int64_t>(AddSize((out - 1) * stride, k, op, what) - in, 0);
    *pad_before = sum / 2;
    *pad_after = sum - sum / 2;
  }
  return true;
}

// Adaptive pooling's window [start, end) for output index i of `out` over `in`.
inline int64_t AdaptiveStart(int64_t i, int64_t in, int64_t out) { return (i * in) / out; }
inline int64_t AdaptiveEnd(int64_t i, int64_t in, int64_t out) {
  return ((i + 1) * in + out - 1) / out;
}

}  // namespace ops
}  // namespace paddle
