// PaddlePaddle's elementwise broadcasting, shared by the elementwise_* ops.
//
// The lower-rank operand is aligned with the higher-rank one starting at dim
// `axis` (axis == -1: at the trailing dims, as numpy does), padded with 1s on
// both sides; then, dim by dim, sizes must be equal or one of them 1 (numpy's
// rule, applied to both operands). With equal ranks `axis` has no effect.
#pragma once

#include <cstdint>
#include <string>

#include "core/framework/ddim.h"

namespace paddle {
namespace ops {

// The broadcast result of x and y. Unknown (-1) dims propagate: a -1 meeting a
// known size > 1 takes that size, otherwise stays -1. Throws InvalidArgument
// naming `op`, both shapes and the axis when they are incompatible.
DDim BroadcastShape(const std::string& op, const DDim& x, const DDim& y, int axis);

// How to walk x and y while writing out in row-major order, with adjacent
// dims of the same broadcast pattern merged so inner loops are long and
// contiguous. A stride is 0 along a dim the operand is broadcast over.
struct BroadcastLoop {
  int rank = 0;  // >= 1 after merging
  int64_t dims[DDim::kMaxRank];
  int64_t x_stride[DDim::kMaxRank];
  int64_t y_stride[DDim::kMaxRank];
  int64_t numel = 0;
};

// For fully known shapes (run time). Throws like BroadcastShape.
BroadcastLoop MakeBroadcastLoop(const std::string& op, const DDim& x, const DDim& y, int axis);

// Calls fn(out_offset, x_offset, y_offset, n, x_step, y_step) once per run of
// the innermost merged dim, so fn's loop over n elements is the hot, vectorizable
// part. x_step/y_step are 0 or 1 (broadcast or contiguous).
template <typename Fn>
void ForEachInnerRun(const BroadcastLoop& loop, Fn&& fn) {
  if (loop.numel == 0) return;
  const int last = loop.rank - 1;
  const int64_t n = loop.dims[last];
  const int64_t xs = loop.x_stride[last], ys = loop.y_stride[last];
  int64_t idx[DDim::kMaxRank] = {0};
  int64_t xo = 0, yo = 0;
  for (int64_t oo = 0; oo < loop.numel; oo += n) {
    fn(oo, xo, yo, n, xs, ys);
    // Odometer over the outer dims, keeping x/y offsets in step.
    for (int d = last - 1; d >= 0; --d) {
      xo += loop.x_stride[d];
      yo += loop.y_stride[d];
      if (++idx[d] < loop.dims[d]) break;
      xo -= loop.x_stride[d] * loop.dims[d];
      yo -= loop.y_stride[d] * loop.dims[d];
      idx[d] = 0;
    }
  }
}

}  // namespace ops
}  // namespace paddle
