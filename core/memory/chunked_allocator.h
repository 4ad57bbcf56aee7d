// Strategy "chunked" (PaddlePaddle's "naive_best_fit"): carves requests from
// fixed-size chunks, the first obtained at first use and more as they fill
// (Release() hands wholly free ones back).
// A request larger than a chunk goes straight to the system and straight
// back on free, so one huge tensor does not pin a huge chunk forever.
#pragma once

#include "core/memory/pooled_allocator.h"

namespace paddle {
namespace memory {

class ChunkedAllocator : public PooledAllocator {
 public:
  // The process-wide instance takes `chunk_size` from
  // FLAGS_initial_cpu_memory_in_mb.
  explicit ChunkedAllocator(size_t chunk_size);
  const char* Name() const override { return "chunked"; }
  size_t chunk_size() const { return chunk_size_; }

 protected:
  size_t ChunkSizeFor(size_t size) const override { return chunk_size_; }
  bool GoesDirect(size_t size) const override { return size > chunk_size_; }

 private:
  size_t chunk_size_;
};

}  // namespace memory
}  // namespace paddle
