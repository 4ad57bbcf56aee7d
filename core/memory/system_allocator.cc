#include "core/memory/system_allocator.h"

#include <sys/mman.h>

#include <cstdlib>

#include "core/memory/allocator.h"

namespace paddle {
namespace memory {

void* SystemAllocate(size_t bytes) {
  void* ptr = nullptr;
  // Large buffers start on a huge-page boundary and ask for transparent huge
  // pages (as NumPy does for its large arrays): a pass over tens of MB, such
  // as a gradient all-reduce or a big copy, then takes far fewer TLB misses.
  const bool large = bytes >= kHugePageThreshold;
  // posix_memalign reports failure by its return value, never by aborting,
  // even for absurd sizes such as 2^62.
  if (posix_memalign(&ptr, large ? kHugePage : kAlignment, bytes) != 0) return nullptr;
  if (large) madvise(ptr, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);  // advice only: errors ignored
  return ptr;
}

void SystemFree(void* ptr) { std::free(ptr); }

}  // namespace memory
}  // namespace paddle
