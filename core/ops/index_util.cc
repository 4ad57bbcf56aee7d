#include "core/ops/index_util.h"

#include <algorithm>

#include "core/ops/op_util.h"

namespace paddle {
namespace ops {

std::vector<int64_t> RawIndices(const KernelContext& ctx, const DenseTensor& t, const char* slot) {
  std::vector<int64_t> out(static_cast<size_t>(t.numel()));
  if (t.dtype() == DataType::kInt32) {
    const int32_t* p = t.data<int32_t>();
    std::copy(p, p + t.numel(), out.begin());
  } else {
    PD_CHECK(t.dtype() == DataType::kInt64, InvalidArgument, "[", ctx.op_type(), "] input '",
             slot, "' must be int32 or int64, got ", DataTypeName(t.dtype()));
    const int64_t* p = t.data<int64_t>();
    std::copy(p, p + t.numel(), out.begin());
  }
  return out;
}

std::vector<int64_t> Indices(const KernelContext& ctx, const DenseTensor& t, const char* slot,
                             int64_t bound, const std::string& what) {
  std::vector<int64_t> out = RawIndices(ctx, t, slot);
  for (size_t i = 0; i < out.size(); ++i) {
    PD_CHECK(out[i] >= -bound && out[i] < bound, InvalidArgument, "[", ctx.op_type(), "] ", slot,
             " ", out[i], " at flat position ", i, " of ", slot, " (shape ",
             t.dims().ToString(), ") is out of range: ", what, " has ", bound,
             " entries, so indices must be in [", -bound, ", ", bound, ")");
    if (out[i] < 0) out[i] += bound;
  }
  return out;
}

std::vector<int64_t> Strides(const DDim& d) {
  std::vector<int64_t> s(d.rank(), 1);
  for (int i = d.rank() - 2; i >= 0; --i) s[i] = s[i + 1] * d[i + 1];
  return s;
}

int TakeAxis(const std::string& op, const DDim& x, const DDim& idx, int axis_attr) {
  PD_CHECK(idx.rank() == x.rank(), InvalidArgument, "[", op, "] Index ", idx.ToString(),
           " must have Input's rank (Input ", x.ToString(), ")");
  const int axis = NormalizeAxis(op, "Axis", axis_attr, x.rank(), x);
  for (int i = 0; i < x.rank(); ++i)
    PD_CHECK(i == axis || idx[i] < 0 || x[i] < 0 || idx[i] <= x[i], InvalidArgument, "[", op,
             "] Index ", idx.ToString(), " is larger than Input ", x.ToString(), " in dim ", i);
  return axis;
}

DDim GatherNdDims(const std::string& op, const DDim& x, const DDim& idx) {
  PD_CHECK(idx.rank() >= 1, InvalidArgument, "[", op, "] Index must have rank >= 1, got ",
           idx.ToString());
  const int64_t k = idx[idx.rank() - 1];
  PD_CHECK(k < 0 || k <= x.rank(), InvalidArgument, "[", op, "] Index's last dim ", k,
           " is larger than X's rank ", x.rank(), " (X ", x.ToString(), ")");
  std::vector<int64_t> d(idx.data(), idx.data() + idx.rank() - 1);
  if (k >= 0) d.insert(d.end(), x.data() + k, x.data() + x.rank());
  PD_CHECK(d.size() <= static_cast<size_t>(DDim::kMaxRank), InvalidArgument, "[", op,
           "] the result would have more than ", DDim::kMaxRank, " dims");
  return DDim(d);
}

}  // namespace ops
}  // namespace paddle
