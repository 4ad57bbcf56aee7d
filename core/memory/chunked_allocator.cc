#include "core/memory/chunked_allocator.h"

#include "core/base/enforce.h"

namespace paddle {
namespace memory {

ChunkedAllocator::ChunkedAllocator(size_t chunk_size) : chunk_size_(chunk_size) {
  PD_CHECK(chunk_size > 0 && chunk_size % kAlignment == 0, InvalidArgument,
           "[chunked] chunk size must be a positive multiple of ", kAlignment, " bytes, got ",
           chunk_size);
}

}  // namespace memory
}  // namespace paddle
