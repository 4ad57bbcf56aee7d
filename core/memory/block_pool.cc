#include "core/memory/block_pool.h"

namespace paddle {
namespace memory {

Block* BlockPool::NewBlock() {
  Block* block;
  if (spare_.empty()) {
    block = &records_.emplace_back();
  } else {
    block = spare_.back();
    spare_.pop_back();
  }
  block->prev = block->next = block->next_cached = nullptr;
  block->direct = false;
  return block;
}

void BlockPool::RecycleBlock(Block* block) { spare_.push_back(block); }

void BlockPool::AddChunk(void* base, size_t size) {
  Block* block = NewBlock();
  block->ptr = static_cast<char*>(base);
  block->size = size;
  block->state = BlockState::kFree;
  free_.insert(block);
}

Block* BlockPool::Take(size_t size) {
  if (size <= kSmallMax) {
    Block*& head = cached_[ClassOf(size)];
    if (head) {
      Block* block = head;
      head = block->next_cached;
      cached_bytes_ -= size;
      block->state = BlockState::kInUse;
      return block;
    }
  }
  auto it = free_.lower_bound(size);
  if (it == free_.end()) return nullptr;
  Block* block = *it;
  free_.erase(it);
  if (block->size > size) {
    // Keep the front, so consecutive requests fill a chunk in address order.
    Block* rest = NewBlock();
    rest->ptr = block->ptr + size;
    rest->size = block->size - size;
    rest->state = BlockState::kFree;
    rest->prev = block;
    rest->next = block->next;
    if (block->next) block->next->prev = rest;
    block->next = rest;
    block->size = size;
    free_.insert(rest);
  }
  block->state = BlockState::kInUse;
  return block;
}

void BlockPool::Give(Block* block) {
  if (block->size <= kSmallMax) {
    Block*& head = cached_[ClassOf(block->size)];
    block->next_cached = head;
    head = block;
    cached_bytes_ += block->size;
    block->state = BlockState::kCached;
    return;
  }
  Merge(block);
}

void BlockPool::Merge(Block* block) {
  block->state = BlockState::kFree;
  if (Block* prev = block->prev; prev && prev->state == BlockState::kFree) {
    free_.erase(prev);  // before its size, part of the key, changes
    prev->size += block->size;
    prev->next = block->next;
    if (block->next) block->next->prev = prev;
    RecycleBlock(block);
    block = prev;
  }
  if (Block* next = block->next; next && next->state == BlockState::kFree) {
    free_.erase(next);
    block->size += next->size;
    block->next = next->next;
    if (next->next) next->next->prev = block;
    RecycleBlock(next);
  }
  free_.insert(block);
}

void BlockPool::FlushCache() {
  for (Block*& head : cached_) {
    while (head) {
      Block* block = head;
      head = block->next_cached;
      block->next_cached = nullptr;
      Merge(block);
    }
  }
  cached_bytes_ = 0;
}

std::vector<std::pair<void*, size_t>> BlockPool::TakeFreeChunks() {
  std::vector<std::pair<void*, size_t>> chunks;
  for (auto it = free_.begin(); it != free_.end();) {
    Block* block = *it;
    // A free block with no neighbours spans its whole chunk.
    if (!block->prev && !block->next) {
      chunks.emplace_back(block->ptr, block->size);
      RecycleBlock(block);
      it = free_.erase(it);
    } else {
      ++it;
    }
  }
  return chunks;
}

}  // namespace memory
}  // namespace paddle
