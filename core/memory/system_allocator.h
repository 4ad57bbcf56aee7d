// The one place that asks the operating system for memory. Pools call it for
// whole chunks (and the chunked pool for oversized direct requests); nothing
// else should.
#pragma once

#include <cstddef>

namespace paddle {
namespace memory {

// A kAlignment-aligned buffer of `bytes` (a multiple of kAlignment), or
// nullptr when the system refuses. Returning nullptr instead of throwing lets
// a pool release its cache and retry before reporting out-of-memory.
void* SystemAllocate(size_t bytes);
void SystemFree(void* ptr);

}  // namespace memory
}  // namespace paddle
