#include "core/memory/auto_growth_allocator.h"

#include "core/base/enforce.h"

namespace paddle {
namespace memory {

AutoGrowthAllocator::AutoGrowthAllocator(size_t granularity) : granularity_(granularity) {
  PD_CHECK(granularity % kAlignment == 0, InvalidArgument,
           "[auto_growth] chunk granularity must be a multiple of ", kAlignment, " bytes, got ",
           granularity);
}

size_t AutoGrowthAllocator::ChunkSizeFor(size_t size) const {
  if (granularity_ == 0) return size;
  return (size + granularity_ - 1) / granularity_ * granularity_;
}

}  // namespace memory
}  // namespace paddle
