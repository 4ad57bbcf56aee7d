// Strategy "auto_growth" (the CPU default): starts empty and, when nothing
// pooled fits, grows by a chunk just big enough for the request, rounded up
// to a granularity so that small requests share chunks. Release() hands
// wholly free chunks back to the system.
#pragma once

#include "core/memory/pooled_allocator.h"

namespace paddle {
namespace memory {

class AutoGrowthAllocator : public PooledAllocator {
 public:
  // `granularity` bytes (0: exactly the request); the process-wide instance
  // takes it from FLAGS_auto_growth_chunk_size_in_mb.
  explicit AutoGrowthAllocator(size_t granularity);
  const char* Name() const override { return "auto_growth"; }

 protected:
  size_t ChunkSizeFor(size_t size) const override;

 private:
  size_t granularity_;
};

}  // namespace memory
}  // namespace paddle
