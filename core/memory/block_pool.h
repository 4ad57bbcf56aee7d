// Best-fit bookkeeping for blocks carved out of system chunks, shared by the
// auto-growth and chunked strategies. It never talks to the system: the owning
// allocator hands it chunks and takes back the wholly free ones. Not
// thread-safe; the owner serializes calls.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <set>
#include <utility>
#include <vector>

#include "core/memory/allocator.h"

namespace paddle {
namespace memory {

struct Block;

// The Allocation a pool hands out. It lives inside its Block, so freeing it
// finds the block without any lookup and allocating it costs no heap call.
class PoolAllocation : public Allocation {
 public:
  explicit PoolAllocation(Block* block) : Allocation(nullptr, 0, nullptr), block_(block) {}
  Block* block() const { return block_; }
  void Assign(void* ptr, size_t size, Allocator* owner) { Reset(ptr, size, owner); }

 private:
  Block* block_;
};

enum class BlockState : uint8_t {
  kFree,    // in the best-fit index, may merge with free neighbours
  kInUse,   // held by a user, or parked in a thread's cache (PooledAllocator)
  kCached,  // small block returned to the pool, parked in a size-class list
};

struct Block {
  Block() : handle(this) {}
  Block(const Block&) = delete;  // `handle` points back at this very object
  Block& operator=(const Block&) = delete;
  char* ptr = nullptr;
  size_t size = 0;        // a multiple of kAlignment
  Block* prev = nullptr;  // address neighbours within the same chunk only,
  Block* next = nullptr;  // so merges never cross system allocations
  Block* next_cached = nullptr;
  BlockState state = BlockState::kFree;
  bool direct = false;  // a whole system allocation outside any chunk
  PoolAllocation handle;
};

class BlockPool {
 public:
  // Requests up to this size are served from exact size-class lists: a freed
  // small block is parked there instead of merged, so the next request of
  // that size is a pointer pop rather than a tree search and split.
  static constexpr size_t kSmallMax = 4096;

  BlockPool() = default;
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  // A block of exactly `size` (a multiple of kAlignment), in use; nullptr
  // when neither a cached block nor any free block is big enough.
  Block* Take(size_t size);
  // Returns a block taken from this pool.
  void Give(Block* block);
  void AddChunk(void* base, size_t size);
  // Merges every parked small block back into the best-fit index; called
  // before growing so cached fragments never force a new chunk.
  void FlushCache();
  size_t cached_bytes() const { return cached_bytes_; }
  // Removes every chunk that is wholly free and returns (base, size) of each.
  std::vector<std::pair<void*, size_t>> TakeFreeChunks();

  // Block records for allocations the pool does not carve (direct ones).
  Block* NewBlock();
  void RecycleBlock(Block* block);

 private:
  struct BySizeThenAddress {
    using is_transparent = void;
    bool operator()(const Block* a, const Block* b) const {
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
    bool operator()(const Block* a, size_t size) const { return a->size < size; }
    bool operator()(size_t size, const Block* b) const { return size < b->size; }
  };
  static size_t ClassOf(size_t size) { return size / kAlignment - 1; }
  void Merge(Block* block);

  std::set<Block*, BySizeThenAddress> free_;
  std::array<Block*, kSmallMax / kAlignment> cached_{};
  size_t cached_bytes_ = 0;
  std::deque<Block> records_;   // owns every Block; a deque keeps addresses stable
  std::vector<Block*> spare_;  // records not describing any memory right now
};

}  // namespace memory
}  // namespace paddle
