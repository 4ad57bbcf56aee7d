#include "core/ops/broadcast.h"

#include <cstdlib>

#include "core/base/enforce.h"

namespace paddle {
namespace ops {

namespace {

[[noreturn]] void Incompatible(const std::string& op, const DDim& x, const DDim& y, int axis,
                               const std::string& why) {
  PD_THROW(InvalidArgument, "[", op, "] cannot broadcast X ", x.ToString(), " with Y ",
           y.ToString(), " at axis ", axis, ": ", why);
}

// x and y padded with 1s to a common rank, the shorter one placed at `axis`.
void Align(const std::string& op, const DDim& x, const DDim& y, int axis, int64_t* xa,
           int64_t* ya, int* rank) {
  const bool x_longer = x.rank() >= y.rank();
  const DDim& big = x_longer ? x : y;
  const DDim& small = x_longer ? y : x;
  const int r = big.rank(), diff = big.rank() - small.rank();
  int start = diff;  // equal ranks, or axis == -1: trailing alignment
  if (diff > 0 && axis != -1) {
    if (axis < 0 || axis > diff)
      Incompatible(op, x, y, axis,
                   "axis must be -1 or in [0, " + std::to_string(diff) +
                       "] (the higher rank minus the lower rank)");
    start = axis;
  }
  int64_t* b = x_longer ? xa : ya;
  int64_t* s = x_longer ? ya : xa;
  for (int i = 0; i < r; ++i) {
    b[i] = big[i];
    s[i] = (i >= start && i < start + small.rank()) ? small[i - start] : 1;
  }
  *rank = r;
}

}  // namespace

DDim BroadcastShape(const std::string& op, const DDim& x, const DDim& y, int axis) {
  if (x == y) return x;
  int64_t xa[DDim::kMaxRank], ya[DDim::kMaxRank], out[DDim::kMaxRank];
  int r = 0;
  Align(op, x, y, axis, xa, ya, &r);
  for (int i = 0; i < r; ++i) {
    const int64_t a = xa[i], b = ya[i];
    if (a == b || b == 1) {
      out[i] = a;
    } else if (a == 1) {
      out[i] = b;
    } else if (a < 0 || b < 0) {
      // One side unknown: the known size wins if it is > 1 (the unknown must
      // then be 1 or equal), checked again at run time.
      out[i] = a < 0 ? b : a;
    } else {
      Incompatible(op, x, y, axis,
                   "aligned dim " + std::to_string(i) + " is " + std::to_string(a) + " vs " +
                       std::to_string(b) + " (sizes must match or one must be 1)");
    }
  }
  return DDim(out, r);
}

BroadcastLoop MakeBroadcastLoop(const std::string& op, const DDim& x, const DDim& y, int axis) {
  int64_t xa[DDim::kMaxRank], ya[DDim::kMaxRank];
  int r = 0;
  Align(op, x, y, axis, xa, ya, &r);
  BroadcastLoop loop;
  loop.numel = 1;
  // Strides of x and y in their own row-major layouts, 0 where broadcast.
  int64_t xs[DDim::kMaxRank], ys[DDim::kMaxRank], od[DDim::kMaxRank];
  int64_t xacc = 1, yacc = 1;
  for (int i = r - 1; i >= 0; --i) {
    PD_CHECK(xa[i] >= 0 && ya[i] >= 0, InvalidArgument, "[", op,
             "] shapes must be known at run time, got X ", x.ToString(), " and Y ",
             y.ToString());
    if (xa[i] != ya[i] && xa[i] != 1 && ya[i] != 1)
      Incompatible(op, x, y, axis,
                   "aligned dim " + std::to_string(i) + " is " + std::to_string(xa[i]) +
                       " vs " + std::to_string(ya[i]) + " (sizes must match or one must be 1)");
    od[i] = xa[i] == 1 ? ya[i] : xa[i];
    xs[i] = xa[i] == 1 ? 0 : xacc;
    ys[i] = ya[i] == 1 ? 0 : yacc;
    xacc = MulSize(xacc, xa[i], op, "input 'X'");
    yacc = MulSize(yacc, ya[i], op, "input 'Y'");
    loop.numel = MulSize(loop.numel, od[i], op, "the broadcast shape of X and Y");
  }
  // Merge dim i into the run below it when both operands step through them as
  // one contiguous block (or both skip them); size-1 dims merge with anything.
  int n = 0;
  for (int i = 0; i < r; ++i) {
    if (od[i] == 1) continue;
    if (n > 0) {
      const int p = n - 1;
      const bool x_ok = (xs[i] == 0) == (loop.x_stride[p] == 0);
      const bool y_ok = (ys[i] == 0) == (loop.y_stride[p] == 0);
      if (x_ok && y_ok) {
        loop.dims[p] = MulSize(loop.dims[p], od[i], op, "the broadcast shape of X and Y");
        loop.x_stride[p] = xs[i];
        loop.y_stride[p] = ys[i];
        continue;
      }
    }
    loop.dims[n] = od[i];
    loop.x_stride[n] = xs[i];
    loop.y_stride[n] = ys[i];
    ++n;
  }
  if (n == 0) {  // every dim is 1 (or rank 0): one element
    loop.dims[0] = 1;
    loop.x_stride[0] = 0;
    loop.y_stride[0] = 0;
    n = 1;
  }
  loop.rank = n;
  return loop;
}

}  // namespace ops
}  // namespace paddle
