#include "core/ops/reduce.h"

#include "core/base/enforce.h"

namespace paddle {
namespace ops {

std::vector<bool> ReducedDims(const std::string& op, const DDim& x,
                              const std::vector<int32_t>& dims, bool reduce_all) {
  const int r = x.rank();
  // A 0-D X accepts dim 0 or -1, as PaddlePaddle does.
  const int lo = r == 0 ? -1 : -r, hi = r == 0 ? 1 : r;
  std::vector<bool> reduced(r, false);
  for (int32_t d : dims) {
    PD_CHECK(d >= lo && d < hi, InvalidArgument, "[", op, "] attribute 'dim' has ", d,
             ", outside [", lo, ", ", hi, ") for X of shape ", x.ToString(), " (dim = [",
             StrJoin(dims), "])");
    if (r > 0) reduced[d < 0 ? d + r : d] = true;
  }
  if (reduce_all || dims.empty() || static_cast<int>(dims.size()) == r) {
    reduced.assign(r, true);
  }
  return reduced;
}

DDim ReduceOutDims(const DDim& x, const std::vector<bool>& reduced, bool keep_dim) {
  int64_t d[DDim::kMaxRank];
  int n = 0;
  for (int i = 0; i < x.rank(); ++i) {
    if (!reduced[i]) d[n++] = x[i];
    else if (keep_dim) d[n++] = 1;
  }
  return DDim(d, n);
}

ReduceLoop MakeReduceLoop(const DDim& x, const std::vector<bool>& reduced) {
  ReduceLoop loop;
  loop.numel = x.numel();
  bool red[DDim::kMaxRank];
  int n = 0;
  for (int i = 0; i < x.rank(); ++i) {
    if (reduced[i]) loop.count *= x[i];
    if (x[i] == 1) continue;  // a size-1 dim moves neither offset
    if (n > 0 && red[n - 1] == reduced[i]) {
      loop.dims[n - 1] *= x[i];
      continue;
    }
    loop.dims[n] = x[i];
    red[n] = reduced[i];
    ++n;
  }
  if (n == 0) {  // one element (rank 0 or all dims 1)
    loop.dims[0] = 1;
    red[0] = true;
    n = 1;
  }
  // Kept dims are laid out in the output in the same order as in X.
  int64_t acc = 1;
  for (int i = n - 1; i >= 0; --i) {
    loop.out_stride[i] = red[i] ? 0 : acc;
    if (!red[i]) acc *= loop.dims[i];
  }
  loop.rank = n;
  return loop;
}

}  // namespace ops
}  // namespace paddle
