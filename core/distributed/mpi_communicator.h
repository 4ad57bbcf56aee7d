// The Communicator over an MPI communicator (CPU tensors). Each call first
// agrees with the other ranks on the tensor (one small all-reduce of its
// dtype and shape, plus whether this rank's arguments were valid), so a
// mismatch or a bad argument on any rank is an error on every rank instead
// of a hang; point-to-point calls check the message's dtype (its tag) and
// size on arrival instead.
#pragma once

#include <mpi.h>

#include <string>

#include "core/distributed/communicator.h"

namespace paddle {
namespace distributed {

class MpiCommunicator : public Communicator {
 public:
  // Owns `comm` (freed at destruction, unless it is MPI_COMM_WORLD).
  explicit MpiCommunicator(MPI_Comm comm);
  ~MpiCommunicator() override;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::string backend() const override { return "mpi"; }
  MPI_Comm comm() const { return comm_; }

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

  // The collective agreement: every rank passes its tensor and the error its
  // own checks found (empty if none); throws on every rank if any rank's
  // arguments were bad or the tensors' dtypes or shapes differ. (The NCCL
  // communicator of the same group agrees through it too.)
  void Agree(const char* op, const DenseTensor& t, const std::string& local_error);
  // Sets *error (if still empty) when root is no rank of the group.
  void CheckRoot(const char* op, int root, std::string* error) const;
  // Throws when peer is no other rank of the group.
  void CheckPeer(const char* op, int peer) const;

 private:

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
};

}  // namespace distributed
}  // namespace paddle
