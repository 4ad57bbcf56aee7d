// One interface for collective communication over a group of processes,
// whatever carries it (Open MPI for CPU tensors, NCCL for GPU ones). Every
// call returns a task: with `sync` the operation is done when the call
// returns (MPI's blocking collectives, its fastest), without it the call only
// starts it and Wait() finishes it. Tensors are changed in place and must stay
// alive until their task completes (the task holds their buffers).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/framework/dense_tensor.h"

namespace paddle {
namespace distributed {

// PaddlePaddle's ReduceOp codes (paddle.distributed.ReduceOp.SUM == 0, ...).
enum class ReduceOp { kSum = 0, kMax = 1, kMin = 2, kProd = 3, kAvg = 4 };
const char* ReduceOpName(ReduceOp op);  // "SUM", ...
// From a code; InvalidArgument naming `where` when it is not one.
ReduceOp ReduceOpFromCode(int code, const std::string& where);

// Shapes `out` as `n` parts of `in` stacked along a new first axis
// ([n, *in.dims], in's dtype) and allocates it at `place`; its data.
inline void* AllocStacked(const DenseTensor& in, int n, const Place& place, DenseTensor* out) {
  std::vector<int64_t> dims{n};
  for (int i = 0; i < in.dims().rank(); ++i) dims.push_back(in.dims()[i]);
  out->set_dtype(in.dtype());
  out->Resize(DDim(dims));
  return out->MutableData(place, in.dtype());
}

class CommTask {
 public:
  virtual ~CommTask() = default;
  // Blocks until the operation has finished (its results are in place);
  // throws if it failed. Waiting twice is fine.
  virtual void Wait() = 0;
  // True once finished; never blocks.
  virtual bool IsCompleted() = 0;
};
using TaskPtr = std::shared_ptr<CommTask>;

class Communicator {
 public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;  // this process's rank in the group
  virtual int size() const = 0;  // the number of processes in the group
  virtual std::string backend() const = 0;

  // `t` reduced over the group, the result on every rank. Without `agree` the
  // ranks skip the per-call agreement on dtype and shape (see
  // MpiCommunicator::Agree): for callers that checked their layout together
  // once (DataParallel's buckets), so a call does not wait for the others.
  virtual TaskPtr AllReduce(DenseTensor* t, ReduceOp op, bool sync, bool agree) = 0;
  // Root's `t` copied to every rank's `t` (same shape and dtype everywhere).
  virtual TaskPtr Broadcast(DenseTensor* t, int root, bool sync) = 0;
  // `t` reduced over the group into root's `t`; the others' stay as they are.
  virtual TaskPtr Reduce(DenseTensor* t, ReduceOp op, int root, bool sync) = 0;
  // `in` ([size, *out.dims]) reduced over the group; rank i keeps part i in `out`.
  virtual TaskPtr ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op, bool sync) = 0;
  // Every rank's `in` stacked along a new first axis into root's `out`
  // ([size, *in.dims]); `out` is written on the root only.
  virtual TaskPtr Gather(const DenseTensor& in, DenseTensor* out, int root, bool sync) = 0;
  // Every rank's `in` stacked along a new first axis into `out` ([size, *in.dims]).
  virtual TaskPtr AllGather(const DenseTensor& in, DenseTensor* out, bool sync) = 0;
  // Root's `in` ([size, *out.dims]) split along its first axis: part i to rank
  // i's `out`. `in` is read on the root only.
  virtual TaskPtr Scatter(const DenseTensor& in, DenseTensor* out, int root, bool sync) = 0;
  // `in` ([size, ...]): part i goes to rank i, which stores it as part
  // (sender's rank) of its `out` (same shape as `in`).
  virtual TaskPtr AllToAll(const DenseTensor& in, DenseTensor* out, bool sync) = 0;
  // Point to point; the receiver's tensor must have the sender's shape and dtype.
  virtual TaskPtr Send(const DenseTensor& t, int peer, bool sync) = 0;
  virtual TaskPtr Recv(DenseTensor* t, int peer, bool sync) = 0;
  virtual TaskPtr Barrier(bool sync) = 0;
};
using CommPtr = std::shared_ptr<Communicator>;

}  // namespace distributed
}  // namespace paddle
