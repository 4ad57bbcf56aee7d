#include "core/eager/eager_tensor.h"

#include <atomic>

namespace paddle {
namespace eager {

const std::string& EagerTensor::name() {
  if (name_.empty()) {
    static std::atomic<uint64_t> counter{0};
    name_ = "generated_tensor_" + std::to_string(counter++);
  }
  return name_;
}

}  // namespace eager
}  // namespace paddle
