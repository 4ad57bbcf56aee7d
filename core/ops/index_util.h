// Index reading shared by the ops that pick or put elements by index
// (index_ops.cc, scatter_ops.cc): every index is read as int64 and checked
// against its bound, a typed error naming the op, the position and the bound.
#pragma once

#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/op_context.h"

namespace paddle {
namespace ops {

// The elements of an int32/int64 tensor as int64 (InvalidArgument naming the
// op and `slot` for another element type).
std::vector<int64_t> RawIndices(const KernelContext& ctx, const DenseTensor& t, const char* slot);

// The indices of an int32/int64 tensor as int64, each checked to lie in
// [-bound, bound) (negatives count from the end) and returned in [0, bound).
std::vector<int64_t> Indices(const KernelContext& ctx, const DenseTensor& t, const char* slot,
                             int64_t bound, const std::string& what);

// Row-major strides of `d`.
std::vector<int64_t> Strides(const DDim& d);

// ---- along one axis (take_along_axis, put_along_axis) ----

// Index has Input's rank; its dims other than `axis` must fit Input's
// (PaddlePaddle broadcasts only equal or smaller index dims). Returns the
// axis in [0, rank).
int TakeAxis(const std::string& op, const DDim& x, const DDim& idx, int axis_attr);

// Calls fn(input_offset, index_offset, other_offset) for every element of
// Index in order: input_offset is Input's element at Index's position with
// the axis coordinate replaced by the index, other_offset the same position
// in a tensor of dims `other` (at least Index's in every dim).
template <typename Fn>
void ForEachTaken(const KernelContext& ctx, const DDim& x, const DenseTensor& index, int axis,
                  const DDim& other, Fn&& fn) {
  const DDim id = index.dims();
  const auto idx = Indices(ctx, index, "Index", x[axis], "Input's axis " + std::to_string(axis));
  const std::vector<int64_t> xs = Strides(x), os = Strides(other);
  std::vector<int64_t> pos(id.rank(), 0);
  for (int64_t k = 0; k < id.numel(); ++k) {
    int64_t off = 0, other_off = 0;
    for (int d = 0; d < id.rank(); ++d) {
      off += (d == axis ? idx[k] : pos[d]) * xs[d];
      other_off += pos[d] * os[d];
    }
    fn(off, k, other_off);
    for (int d = id.rank() - 1; d >= 0; --d) {
      if (++pos[d] < id[d]) break;
      pos[d] = 0;
    }
  }
}

// ---- coordinate tuples (gather_nd, scatter_nd_add) ----

// Index.shape[:-1] + X.shape[k:], k = Index's last dim (at most X's rank).
DDim GatherNdDims(const std::string& op, const DDim& x, const DDim& idx);

// Calls fn(x_offset, out_offset, slice) for each index tuple: X's slice of
// `slice` contiguous elements at x_offset pairs with out_offset. Coordinates
// may be negative (from the end); any outside X's dim is an error.
template <typename Fn>
void ForEachNd(const KernelContext& ctx, const DDim& x, const DenseTensor& index, Fn&& fn) {
  const DDim id = index.dims();
  const int64_t k = id[id.rank() - 1];
  const int64_t tuples = k ? index.numel() / k : DDim(id.data(), id.rank() - 1).numel();
  const int64_t slice = DDim(x.data() + k, x.rank() - static_cast<int>(k)).numel();
  const std::vector<int64_t> xs = Strides(x), raw = RawIndices(ctx, index, "Index");
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t off = 0;
    for (int64_t d = 0; d < k; ++d) {
      int64_t v = raw[t * k + d];
      PD_CHECK(v >= -x[d] && v < x[d], InvalidArgument, "[", ctx.op_type(), "] Index ", v,
               " at flat position ", t * k + d, " is out of range for X's dim ", d, " of size ",
               x[d], " (X ", x.ToString(), ")");
      if (v < 0) v += x[d];
      off += v * xs[d];
    }
    fn(off, t * slice, slice);
  }
}

}  // namespace ops
}  // namespace paddle
