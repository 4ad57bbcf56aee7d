// The allocator interface. Every tensor buffer comes from an Allocator and
// goes back to the one that made it, so strategies can be switched at run time
// while old buffers are still alive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/base/place.h"

namespace paddle {
namespace memory {

// Every buffer is aligned for the widest SIMD loads (AVX-512).
constexpr size_t kAlignment = 64;

// `allocated` counts each live buffer at its request rounded up to kAlignment
// (a zero-byte request occupies, and counts as, one kAlignment unit), so it is
// exactly the pool space in use, not the caller's byte count.
struct AllocatorStats {
  size_t allocated = 0;       // bytes handed out and not yet freed
  size_t reserved = 0;        // bytes held from the system (allocated + cached)
  size_t peak_allocated = 0;  // high-water mark of `allocated` since the last ResetPeak
  size_t peak_reserved = 0;   // high-water mark of `reserved`
  uint64_t num_allocs = 0;    // buffers handed out since start (never reset): tests use it
                              // to show that a steady-state run allocates nothing
};

class Allocator;

// One live buffer. Freed by its allocator when the last shared owner drops it
// (and, like a make_shared object, only once no weak_ptr to it remains).
class Allocation {
 public:
  Allocation(void* ptr, size_t size, Allocator* owner) : ptr_(ptr), size_(size), owner_(owner) {}
  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }  // what was asked for
  Allocator* owner() const { return owner_; }

 protected:
  void Reset(void* ptr, size_t size, Allocator* owner) {
    ptr_ = ptr;
    size_ = size;
    owner_ = owner;
  }

 private:
  friend class Allocator;
  void* ptr_;
  size_t size_;
  Allocator* owner_;
  // Where Allocator::Allocate builds the AllocationPtr's control block, so
  // handing out a buffer costs no heap allocation of its own.
  static constexpr size_t kControlBytes = 32;
  static constexpr size_t kControlAlign = alignof(void*);
  alignas(kControlAlign) unsigned char control_[kControlBytes];
};

using AllocationPtr = std::shared_ptr<Allocation>;

// An allocator must outlive every buffer it handed out.
class Allocator {
 public:
  virtual ~Allocator() = default;
  // Returns a kAlignment-aligned buffer of at least `bytes` (0 is allowed).
  // Throws ResourceExhausted when the system has no more memory.
  AllocationPtr Allocate(size_t bytes);
  virtual AllocatorStats Stats() const = 0;
  virtual void ResetPeak() = 0;
  // Returns cached, unused memory to the system; returns bytes released.
  virtual size_t Release() = 0;
  virtual const char* Name() const = 0;

 protected:
  virtual Allocation* AllocateImpl(size_t bytes) = 0;
  virtual void FreeImpl(Allocation* allocation) = 0;

 private:
  template <typename T>
  struct ControlBlockAllocator;  // places the control block in the Allocation
};

// The allocator for `place` chosen by FLAGS_allocator_strategy
// ("auto_growth", the default, or "chunked"; "naive_best_fit" is accepted as
// PaddlePaddle's name for the chunked pool). Read on every call, so a change
// of the flag applies to new allocations.
Allocator* GetAllocator(const Place& place);
// A specific strategy's allocator for `place` (one instance per process).
Allocator* GetAllocator(const Place& place, const std::string& strategy);

AllocationPtr Alloc(const Place& place, size_t bytes);

}  // namespace memory
}  // namespace paddle
