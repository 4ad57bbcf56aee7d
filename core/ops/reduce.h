// PaddlePaddle's reduction rule (which dims a reduce_* op reduces and the
// output shape) and a loop over an input that visits it in memory order while
// tracking the output element each input element reduces into. Shared by the
// reduce_* ops.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/framework/ddim.h"

namespace paddle {
namespace ops {

// Which dims of `x` are reduced, PaddlePaddle 3.x's rule: `dims` may be
// negative (counted from the end) and repeat; everything is reduced when
// reduce_all is set, `dims` is empty, X is 0-D, `dims` has as many entries as
// X has dims, or `dims` names every dim. Throws InvalidArgument naming `op`
// when a dim is outside [-rank, rank) ([-1, 0] for a 0-D X).
std::vector<bool> ReducedDims(const std::string& op, const DDim& x,
                              const std::vector<int32_t>& dims, bool reduce_all);

// The output shape: reduced dims become 1 (keep_dim) or disappear (a full
// reduction without keep_dim is 0-D). Unknown (-1) dims stay unknown.
DDim ReduceOutDims(const DDim& x, const std::vector<bool>& reduced, bool keep_dim);

// X's dims with adjacent dims of the same kind (kept/reduced) merged and
// size-1 dims dropped; out_stride is 0 along reduced dims. count is how many
// input elements fold into each output element.
struct ReduceLoop {
  int rank = 0;  // >= 1
  int64_t dims[DDim::kMaxRank];
  int64_t out_stride[DDim::kMaxRank];
  int64_t numel = 0;  // X's
  int64_t count = 1;
};

ReduceLoop MakeReduceLoop(const DDim& x, const std::vector<bool>& reduced);

// Calls fn(in_offset, out_offset, n, out_step) once per run of the innermost
// merged dim, in X's memory order: input elements [in_offset, in_offset + n)
// map to output out_offset + i * out_step (out_step is 1 when that dim is
// kept, 0 when it is reduced).
template <typename Fn>
void ForEachReduceRun(const ReduceLoop& loop, Fn&& fn) {
  if (loop.numel == 0) return;
  const int last = loop.rank - 1;
  const int64_t n = loop.dims[last];
  const int64_t step = loop.out_stride[last];
  int64_t idx[DDim::kMaxRank] = {0};
  int64_t oo = 0;
  for (int64_t io = 0; io < loop.numel; io += n) {
    fn(io, oo, n, step);
    for (int d = last - 1; d >= 0; --d) {  // odometer over the outer dims
      oo += loop.out_stride[d];
      if (++idx[d] < loop.dims[d]) break;
      oo -= loop.out_stride[d] * loop.dims[d];
      idx[d] = 0;
    }
  }
}

}  // namespace ops
}  // namespace paddle
