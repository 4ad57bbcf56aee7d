// DataParallel's gradient all-reduce. The trainable parameters are split into
// buckets of about a given byte size (in reverse order, the order their
// gradients arrive in; one dtype per bucket). As soon as backward has finished
// every gradient of a bucket (EagerTensor::accumulated_hooks), the bucket is
// flattened and its all-reduce started, so communication overlaps the rest of
// the pass. Buckets start in index order on every rank, as MPI needs. When
// the pass ends (a backward callback), the reducer waits for them and writes
// each averaged gradient back into its parameter's .grad.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/distributed/communicator.h"
#include "core/eager/eager_tensor.h"

namespace paddle {
namespace distributed {

class Reducer : public std::enable_shared_from_this<Reducer> {
 public:
  // `first_bucket_bytes` bounds the first bucket (it starts earliest),
  // `bucket_bytes` the others. With `find_unused_parameters`, a parameter that
  // got no gradient in a pass counts as a zero gradient; without, it is an error.
  static std::shared_ptr<Reducer> Create(std::vector<eager::TensorPtr> params, CommPtr comm,
                                         size_t bucket_bytes, size_t first_bucket_bytes,
                                         bool find_unused_parameters);

  // False inside no_sync(): gradients only accumulate locally.
  void set_sync(bool sync) { sync_ = sync; }
  bool sync() const { return sync_; }
  // The buckets, as indices into the parameter list (for tests and reprs).
  std::vector<std::vector<size_t>> buckets() const;

 private:
  struct Bucket {
    std::vector<size_t> params;
    size_t pending = 0;  // gradients not yet finished this pass
    DenseTensor flat;
    TaskPtr task;
  };
  Reducer(std::vector<eager::TensorPtr> params, CommPtr comm, bool find_unused);
  void Split(size_t bucket_bytes, size_t first_bucket_bytes);
  // Collective: every rank must have the same buckets (else InvalidArgument on all).
  void CheckSameLayout();
  void Attach();
  void OnReady(size_t param);
  void Launch(Bucket& b);
  void Finish();
  void ResetPass();

  std::vector<eager::TensorPtr> params_;
  CommPtr comm_;
  bool find_unused_;
  bool sync_ = true;
  std::vector<Bucket> buckets_;
  std::vector<size_t> bucket_of_;  // per parameter
  // This pass's state.
  bool in_pass_ = false;
  uint64_t pass_id_ = 0;
  std::vector<bool> ready_;
  size_t next_launch_ = 0;
};

}  // namespace distributed
}  // namespace paddle
