// Where a tensor's memory lives. CPU now; GPU is named so kernels and
// allocators can be keyed on it when CUDA is present.
#pragma once

#include <string>

namespace paddle {

enum class DeviceType { kCPU = 0, kGPU = 1 };

struct Place {
  DeviceType type = DeviceType::kCPU;
  int device_id = 0;

  bool operator==(const Place& o) const { return type == o.type && device_id == o.device_id; }
  bool operator!=(const Place& o) const { return !(*this == o); }
  std::string ToString() const {
    return type == DeviceType::kCPU ? "Place(cpu)" : "Place(gpu:" + std::to_string(device_id) + ")";
  }
};

inline Place CPUPlace() { return Place{DeviceType::kCPU, 0}; }
inline Place GPUPlace(int id = 0) { return Place{DeviceType::kGPU, id}; }

}  // namespace paddle
