// The one place that asks the operating system for memory. Pools call it for
// whole chunks (and the chunked pool for oversized direct requests); nothing
// else should.
#pragma once

#include <cstddef>

namespace paddle {
namespace memory {

// Buffers of at least kHugePageThreshold bytes are kHugePage-aligned and
// advised to use transparent huge pages (where the system allows them).
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugePageThreshold = size_t{4} << 20;

// A kAlignment-aligned buffer of `bytes` (a multiple of kAlignment), or
// nullptr when the system refuses. Returning nullptr instead of throwing lets
// a pool release its cache and retry before reporting out-of-memory.
void* SystemAllocate(size_t bytes);
void SystemFree(void* ptr);

}  // namespace memory
}  // namespace paddle
