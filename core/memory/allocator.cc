#include "core/memory/allocator.h"

namespace paddle {
namespace memory {

AllocationPtr Allocator::Allocate(size_t bytes) {
  // The deleter goes to the allocation's own owner, not to whatever the
  // current strategy is when the last reference drops.
  return AllocationPtr(AllocateImpl(bytes),
                       [](Allocation* allocation) { allocation->owner()->FreeImpl(allocation); });
}

}  // namespace memory
}  // namespace paddle
