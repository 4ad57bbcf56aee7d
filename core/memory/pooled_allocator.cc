#include "core/memory/pooled_allocator.h"

#include <algorithm>

#include "core/framework/enforce.h"
#include "core/memory/system_allocator.h"

namespace paddle {
namespace memory {

namespace {

// Far beyond any machine, yet small enough that rounding up to a chunk
// granularity can never overflow size_t.
constexpr size_t kMaxRequest = size_t{1} << 62;

size_t RoundUp(size_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

}  // namespace

PooledAllocator::~PooledAllocator() {
  std::lock_guard<std::mutex> lock(mu_);
  ReleaseLocked();
}

Allocation* PooledAllocator::AllocateImpl(size_t bytes) {
  PD_CHECK(bytes <= kMaxRequest, ResourceExhausted, "[", Name(), "] cannot allocate ", bytes,
           " bytes: at most ", kMaxRequest, " bytes can be requested");
  // A zero-byte buffer still gets a real, unique address, so callers may
  // pass it to memcpy or compare it like any other.
  const size_t size = bytes == 0 ? kAlignment : RoundUp(bytes);
  std::lock_guard<std::mutex> lock(mu_);
  Block* block;
  if (GoesDirect(size)) {
    void* ptr = ObtainLocked(size, bytes);
    block = pool_.NewBlock();
    block->ptr = static_cast<char*>(ptr);
    block->size = size;
    block->state = BlockState::kInUse;
    block->direct = true;
  } else {
    block = pool_.Take(size);
    if (!block && pool_.cached_bytes() > 0) {
      pool_.FlushCache();
      block = pool_.Take(size);
    }
    if (!block) {
      const size_t chunk = ChunkSizeFor(size);
      pool_.AddChunk(ObtainLocked(chunk, bytes), chunk);
      block = pool_.Take(size);
    }
  }
  stats_.allocated += size;
  ++stats_.num_allocs;
  stats_.peak_allocated = std::max(stats_.peak_allocated, stats_.allocated);
  block->handle.Assign(block->ptr, bytes, this);
  return &block->handle;
}

void PooledAllocator::FreeImpl(Allocation* allocation) {
  Block* block = static_cast<PoolAllocation*>(allocation)->block();
  std::lock_guard<std::mutex> lock(mu_);
  stats_.allocated -= block->size;
  if (block->direct) {
    SystemFree(block->ptr);
    stats_.reserved -= block->size;
    pool_.RecycleBlock(block);
  } else {
    pool_.Give(block);
  }
}

void* PooledAllocator::ObtainLocked(size_t bytes, size_t request) {
  void* ptr = SystemAllocate(bytes);
  if (!ptr && ReleaseLocked() > 0) ptr = SystemAllocate(bytes);
  PD_CHECK(ptr, ResourceExhausted, "[", Name(), "] out of memory: a request of ", request,
           " bytes needed ", bytes, " bytes from the system, which refused (this allocator holds ",
           stats_.reserved, " bytes, ", stats_.allocated, " of them in use)");
  stats_.reserved += bytes;
  stats_.peak_reserved = std::max(stats_.peak_reserved, stats_.reserved);
  return ptr;
}

size_t PooledAllocator::ReleaseLocked() {
  pool_.FlushCache();
  size_t released = 0;
  for (const auto& [base, size] : pool_.TakeFreeChunks()) {
    SystemFree(base);
    released += size;
  }
  stats_.reserved -= released;
  return released;
}

size_t PooledAllocator::Release() {
  std::lock_guard<std::mutex> lock(mu_);
  return ReleaseLocked();
}

AllocatorStats PooledAllocator::Stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

void PooledAllocator::ResetPeak() {
  std::lock_guard<std::mutex> lock(mu_);
  stats_.peak_allocated = stats_.allocated;
  stats_.peak_reserved = stats_.reserved;
}

}  // namespace memory
}  // namespace paddle
