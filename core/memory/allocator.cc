#include "core/memory/allocator.h"

#include <new>
#include <type_traits>

namespace paddle {
namespace memory {

// The AllocationPtr's control block is built inside the Allocation itself
// (every pooled Allocation lives in its block record), so Allocate makes no
// heap call. The buffer therefore goes back to its allocator when the control
// block is deallocated, i.e. when the last shared and weak owner is gone; the
// shared_ptr deleter does nothing. A standard library whose control block
// does not fit falls back to the heap, with the same freeing rule.
template <typename T>
struct Allocator::ControlBlockAllocator {
  using value_type = T;
  static constexpr bool kInPlace =
      sizeof(T) <= Allocation::kControlBytes && alignof(T) <= Allocation::kControlAlign;

  explicit ControlBlockAllocator(Allocation* a) : allocation(a) {}
  template <typename U>
  ControlBlockAllocator(const ControlBlockAllocator<U>& other) : allocation(other.allocation) {}

  T* allocate(size_t n) {
    if constexpr (kInPlace) {
      if (n == 1) return reinterpret_cast<T*>(allocation->control_);
    }
    return static_cast<T*>(::operator new(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (!kInPlace || n != 1) ::operator delete(p);
    // The owner's FreeImpl may recycle the record that held the control
    // block; the library has destroyed the block before deallocating it.
    allocation->owner_->FreeImpl(allocation);
  }
  template <typename U>
  bool operator==(const ControlBlockAllocator<U>& other) const {
    return allocation == other.allocation;
  }
  template <typename U>
  bool operator!=(const ControlBlockAllocator<U>& other) const {
    return allocation != other.allocation;
  }

  Allocation* allocation;
};

namespace {
struct KeepBuffer {
  void operator()(Allocation*) const {}  // freed by ControlBlockAllocator::deallocate
};
}  // namespace

AllocationPtr Allocator::Allocate(size_t bytes) {
  // The buffer goes back to the allocation's own owner, not to whatever the
  // current strategy is when the last reference drops.
  Allocation* allocation = AllocateImpl(bytes);
  try {
    return AllocationPtr(allocation, KeepBuffer{}, ControlBlockAllocator<Allocation>(allocation));
  } catch (...) {  // only if a fallback control block could not be allocated
    FreeImpl(allocation);
    throw;
  }
}

}  // namespace memory
}  // namespace paddle
