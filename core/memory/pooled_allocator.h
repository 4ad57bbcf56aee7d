// The allocator both CPU strategies share: a BlockPool behind one mutex, a
// per-thread cache of small blocks in front of it, the statistics, and the
// out-of-memory path. A strategy only says how big a new chunk is and which
// requests bypass the pool.
//
// Small requests (up to BlockPool::kSmallMax) normally never take the mutex:
// a free parks the block in the freeing thread's cache (per size class,
// bounded), and an allocation of that class pops it again. Misses and
// overflows move blocks between a thread's cache and the pool in batches,
// under the mutex. See pooled_allocator.cc for the lifetime rules.
#pragma once

#include <cstdint>
#include <memory>

#include "core/memory/allocator.h"
#include "core/memory/block_pool.h"

namespace paddle {
namespace memory {

// The pool, its mutex and its counters. Shared by the allocator and by every
// thread cache that holds blocks of it, so it outlives the allocator while
// another thread still caches its blocks (defined in pooled_allocator.cc).
struct PoolCore;
// One thread's cache (and counters) for one PoolCore.
struct CacheSlot;

class PooledAllocator : public Allocator {
 public:
  PooledAllocator();
  // Returns every wholly free chunk; buffers still alive at this point are a
  // caller bug (see Allocator) and their chunks are left to the process.
  // Small blocks that other threads still cache go back to the system when
  // those threads next touch the memory layer or exit.
  ~PooledAllocator() override;

  // A consistent snapshot: `allocated` and `num_allocs` are exact once the
  // threads using this allocator are quiescent (e.g. joined).
  AllocatorStats Stats() const override;
  void ResetPeak() override;
  // Flushes the calling thread's small-block cache into the pool, then frees
  // every wholly free chunk. Other threads' caches keep their blocks (at most
  // a bounded number of small ones per thread), so a chunk holding one of
  // them is not wholly free; they return when that thread exits.
  size_t Release() override;

  // How many times the mutex was taken to allocate or free (cache misses and
  // overflows, large and direct requests). Tests use it to show that the
  // small path is lock-free.
  uint64_t LockedCalls() const;

 protected:
  Allocation* AllocateImpl(size_t bytes) override;
  void FreeImpl(Allocation* allocation) override;

  // The chunk to obtain from the system when nothing pooled fits `size`
  // (already rounded to kAlignment); at least `size`.
  virtual size_t ChunkSizeFor(size_t size) const = 0;
  // Whether `size` skips the pool: allocated from and freed to the system.
  virtual bool GoesDirect(size_t size) const { return false; }

 private:
  // `*slot` is set when the allocation is to be counted on the thread's slot.
  Block* AllocateLocked(size_t size, size_t bytes, CacheSlot** slot);
  void* ObtainLocked(size_t bytes, size_t request);

  std::shared_ptr<PoolCore> core_;
  PoolCore* const c_;  // == core_.get(), without the shared_ptr indirection on the hot path
};

}  // namespace memory
}  // namespace paddle
