// The allocator both CPU strategies share: a BlockPool behind one mutex, the
// statistics, and the out-of-memory path. A strategy only says how big a new
// chunk is and which requests bypass the pool.
#pragma once

#include <mutex>

#include "core/memory/allocator.h"
#include "core/memory/block_pool.h"

namespace paddle {
namespace memory {

class PooledAllocator : public Allocator {
 public:
  PooledAllocator() = default;
  // Returns every wholly free chunk; buffers still alive at this point are a
  // caller bug (see Allocator) and their chunks are left to the process.
  ~PooledAllocator() override;

  AllocatorStats Stats() const override;
  void ResetPeak() override;
  size_t Release() override;

 protected:
  Allocation* AllocateImpl(size_t bytes) override;
  void FreeImpl(Allocation* allocation) override;

  // The chunk to obtain from the system when nothing pooled fits `size`
  // (already rounded to kAlignment); at least `size`.
  virtual size_t ChunkSizeFor(size_t size) const = 0;
  // Whether `size` skips the pool: allocated from and freed to the system.
  virtual bool GoesDirect(size_t size) const { return false; }

 private:
  void* ObtainLocked(size_t bytes, size_t request);
  size_t ReleaseLocked();

  mutable std::mutex mu_;
  BlockPool pool_;
  AllocatorStats stats_;
};

}  // namespace memory
}  // namespace paddle
