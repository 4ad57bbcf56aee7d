// Allocator statistics for tests and benchmarks (paddle.device.cuda.memory_*
// style): bytes allocated and reserved by the pool of the current strategy.
#include <string>

#include "core/base/enforce.h"
#include "core/base/place.h"
#include "core/memory/allocator.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

// "cpu", "gpu" or "gpu:N", as paddle.set_device spells places.
Place ParsePlace(const std::string& text) {
  if (text == "cpu") return CPUPlace();
  if (text == "gpu") return GPUPlace(0);
  if (text.rfind("gpu:", 0) == 0 && text.size() > 4) {
    size_t used = 0;
    int id = -1;
    try {
      id = std::stoi(text.substr(4), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == text.size() - 4 && id >= 0) return GPUPlace(id);
  }
  PD_THROW(InvalidArgument, "[memory_stats] place must be 'cpu', 'gpu' or 'gpu:N', got '", text,
           "'");
}

}  // namespace

void BindMemory(py::module_& m) {
  m.def(
      "memory_stats",
      [](const std::string& place) {
        memory::AllocatorStats s = memory::GetAllocator(ParsePlace(place))->Stats();
        py::dict out;
        out["allocated"] = s.allocated;
        out["reserved"] = s.reserved;
        out["peak_allocated"] = s.peak_allocated;
        out["peak_reserved"] = s.peak_reserved;
        out["num_allocs"] = s.num_allocs;
        return out;
      },
      py::arg("place") = "cpu",
      "Bytes allocated and reserved (now and at peak) by the allocator that "
      "FLAGS_allocator_strategy selects for `place`.");

  m.def(
      "reset_peak_memory_stats",
      [](const std::string& place) { memory::GetAllocator(ParsePlace(place))->ResetPeak(); },
      py::arg("place") = "cpu", "Resets the peak counters of `place`'s allocator to the current values.");

  m.def(
      "release_cached_memory",
      [](const std::string& place) { return memory::GetAllocator(ParsePlace(place))->Release(); },
      py::arg("place") = "cpu",
      "Hands the wholly free chunks `place`'s allocator keeps back to the system; returns the "
      "bytes released (paddle.device.empty_cache).");

  m.def(
      "allocator_name",
      [](const std::string& place) { return std::string(memory::GetAllocator(ParsePlace(place))->Name()); },
      py::arg("place") = "cpu", "The name of the allocator FLAGS_allocator_strategy selects for `place`.");
}

}  // namespace pybind
}  // namespace paddle
