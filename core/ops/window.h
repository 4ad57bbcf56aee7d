// The sliding-window geometry that conv and pool share, 2-D and 3-D, with
// PaddlePaddle's rules: channel-first/last layouts, paddings of one or two
// values per spatial dim, the EXPLICIT/SAME/VALID padding algorithms and the
// output-size formulas. A 2-D op is its 3-D form with depth 1, so one loop
// serves both. Sizes are -1 when unknown (build time) and stay -1 through
// every rule.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/ddim.h"

namespace paddle {
namespace ops {

// Depth, height and width; a 2-D op's depth entry is 1 (a window of 1, no padding).
using Spatial = std::array<int64_t, 3>;

// "NHWC" and "NDHWC" are channel-last; "NCHW", "NCDHW" and the legacy "AnyLayout" channel-first.
inline bool IsChannelLast(const std::string& data_format) {
  return data_format == "NHWC" || data_format == "NDHWC";
}

// The name of spatial axis 0, 1 or 2 (depth, height, width), for errors.
inline const char* AxisName(int axis) {
  static const char* const kNames[3] = {"depth", "height", "width"};
  return kNames[axis];
}

inline const char* SpatialNames(int nsp) {
  return nsp == 3 ? "(depth, height, width)" : "(height, width)";
}

// An activation's dims read per its layout.
struct Image {
  int64_t n = 0, c = 0;
  Spatial sp{1, 1, 1};
  int64_t Numel() const { return n * c * sp[0] * sp[1] * sp[2]; }
  int64_t ItemSize() const { return c * sp[0] * sp[1] * sp[2]; }
};

// Input `slot` of op `op` must be an image of nsp spatial dims (rank nsp + 2).
inline void CheckImageRank(const std::string& op, const char* slot, const DDim& x, int nsp,
                           const std::string& format) {
  PD_CHECK(x.rank() == nsp + 2, InvalidArgument, "[", op, "] input '", slot, "' must be ",
           nsp + 2, "-D (", format, "), got shape ", x.ToString());
}

// Reads a rank-(nsp + 2) shape (checked by CheckImageRank).
inline Image ReadImage(const DDim& d, int nsp, bool channel_last) {
  Image im;
  im.n = d[0];
  im.c = channel_last ? d[nsp + 1] : d[1];
  const int first = channel_last ? 1 : 2;
  for (int i = 0; i < nsp; ++i) im.sp[3 - nsp + i] = d[first + i];
  return im;
}

inline DDim ImageDims(const Image& im, int nsp, bool channel_last) {
  std::vector<int64_t> d{im.n};
  if (!channel_last) d.push_back(im.c);
  for (int i = 3 - nsp; i < 3; ++i) d.push_back(im.sp[i]);
  if (channel_last) d.push_back(im.c);
  return DDim(d);
}

// Element strides of a batch item's channel and spatial dims.
struct ImageStrides {
  int64_t c;
  Spatial sp;
};

inline ImageStrides LayoutStrides(const Image& im, bool channel_last) {
  const int64_t hw = im.sp[1] * im.sp[2];
  if (channel_last) return {1, {hw * im.c, im.sp[2] * im.c, im.c}};
  return {im.sp[0] * hw, {hw, im.sp[2], 1}};
}

// A per-spatial-dim INTS attribute (strides, dilations, ksize), checked to
// have nsp positive values; depth 1 for 2-D ops.
inline Spatial SpatialInts(const std::string& op, const char* name, const std::vector<int32_t>& v,
                           int nsp) {
  PD_CHECK(static_cast<int>(v.size()) == nsp, InvalidArgument, "[", op, "] attribute '", name,
           "' must have ", nsp, " values ", SpatialNames(nsp), ", got ", v.size(), " [",
           StrJoin(v), "]");
  Spatial s{1, 1, 1};
  for (int i = 0; i < nsp; ++i) {
    PD_CHECK(v[i] > 0, InvalidArgument, "[", op, "] attribute '", name,
             "' must be positive, got [", StrJoin(v), "]");
    s[3 - nsp + i] = v[i];
  }
  return s;
}

// Padding before and after each spatial dim.
struct Pads {
  Spatial before{0, 0, 0}, after{0, 0, 0};
};

// paddings as nsp values (both sides of each dim alike) or 2 * nsp
// ([front, back,] top, bottom, left, right).
inline Pads ExpandPaddings(const std::string& op, const std::vector<int32_t>& p, int nsp) {
  const int n = static_cast<int>(p.size());
  PD_CHECK(n == nsp || n == 2 * nsp, InvalidArgument, "[", op,
           "] attribute 'paddings' must have ", nsp, " values (one per spatial dim) or ",
           2 * nsp, " (before and after each), got ", n, " [", StrJoin(p), "]");
  for (int32_t v : p)
    PD_CHECK(v >= 0, InvalidArgument, "[", op, "] attribute 'paddings' must be >= 0, got [",
             StrJoin(p), "]");
  Pads pads;
  for (int i = 0; i < nsp; ++i) {
    const int at = 3 - nsp + i;
    pads.before[at] = n == nsp ? p[i] : p[2 * i];
    pads.after[at] = n == nsp ? p[i] : p[2 * i + 1];
  }
  return pads;
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
