#include "core/memory/system_allocator.h"

#include <cstdlib>

#include "core/memory/allocator.h"

namespace paddle {
namespace memory {

void* SystemAllocate(size_t bytes) {
  void* ptr = nullptr;
  // posix_memalign reports failure by its return value, never by aborting,
  // even for absurd sizes such as 2^62.
  if (posix_memalign(&ptr, kAlignment, bytes) != 0) return nullptr;
  return ptr;
}

void SystemFree(void* ptr) { std::free(ptr); }

}  // namespace memory
}  // namespace paddle
