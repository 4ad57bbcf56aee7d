#include "core/eager/eager_tensor.h"

#include <atomic>
#include <cstring>

namespace paddle {
namespace eager {

const std::string& EagerTensor::name() {
  if (name_.empty()) {
    static std::atomic<uint64_t> counter{0};
    name_ = "generated_tensor_" + std::to_string(counter++);
  }
  return name_;
}

void EagerTensor::MaterializeZeroGrad() const {
  // A fresh zero buffer, not a write into the old one, which a detached view may share.
  const DenseTensor& old = grad_->dense();
  DenseTensor zeros(old.dtype(), old.dims());
  void* data = zeros.MutableData(old.place(), old.dtype());
  std::memset(data, 0, zeros.nbytes());
  grad_zero_pending_ = false;
  grad_->dense() = std::move(zeros);
  grad_->BumpVersion();
}

void EagerTensor::TakeGradIntoPendingZero(const DenseTensor& g) {
  grad_zero_pending_ = false;
  grad_->dense() = g;
  grad_->BumpVersion();
}

}  // namespace eager
}  // namespace paddle
