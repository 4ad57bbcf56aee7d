// The Communicator for GPU tensors, over NCCL (built where CUDA and NCCL are
// found: PADDLE_WITH_NCCL). One per (group, device), made collectively by
// process_group.cc on a group's first GPU collective: rank 0 creates the
// NCCL id and the group's MPI communicator broadcasts it. Each operation is
// queued on the communicator's own stream and its task waits on a CUDA event.
// The ranks agree on dtype, shape and arguments through the MPI communicator
// first, as for CPU tensors. Calls only queue work (`sync` is not needed):
// the caller waits on the task.
#pragma once

#ifdef PADDLE_WITH_NCCL

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <memory>
#include <string>

#include "core/distributed/mpi_communicator.h"

namespace paddle {
namespace distributed {

class NcclCommunicator : public Communicator {
 public:
  NcclCommunicator(std::shared_ptr<MpiCommunicator> mpi, int device);
  ~NcclCommunicator() override;

  int rank() const override { return mpi_->rank(); }
  int size() const override { return mpi_->size(); }
  std::string backend() const override { return "nccl"; }

  TaskPtr AllReduce(DenseTensor* t, ReduceOp op, bool sync, bool agree) override;
  TaskPtr Broadcast(DenseTensor* t, int root, bool sync) override;
  TaskPtr Reduce(DenseTensor* t, ReduceOp op, int root, bool sync) override;
  TaskPtr ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op, bool sync) override;
  TaskPtr Gather(const DenseTensor& in, DenseTensor* out, int root, bool sync) override;
  TaskPtr AllGather(const DenseTensor& in, DenseTensor* out, bool sync) override;
  TaskPtr Scatter(const DenseTensor& in, DenseTensor* out, int root, bool sync) override;
  TaskPtr AllToAll(const DenseTensor& in, DenseTensor* out, bool sync) override;
  TaskPtr Send(const DenseTensor& t, int peer, bool sync) override;
  TaskPtr Recv(DenseTensor* t, int peer, bool sync) override;
  TaskPtr Barrier(bool sync) override;

 private:
  // Queues the task's completion event after what `issue` put on the stream.
  TaskPtr Issue(const char* op, std::vector<DenseTensor> keep);
  std::string DeviceError(const char* op, const char* arg, const DenseTensor& t) const;

  std::shared_ptr<MpiCommunicator> mpi_;
  int device_;
  ncclComm_t comm_ = nullptr;
  cudaStream_t stream_ = nullptr;
};

}  // namespace distributed
}  // namespace paddle

#endif  // PADDLE_WITH_NCCL
