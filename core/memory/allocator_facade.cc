// Chooses the process-wide allocator for a place from FLAGS_allocator_strategy.
// The choice is cached in an atomic that a flag listener refreshes, so the
// per-allocation cost is one atomic load, not a flag lookup.
#include <atomic>
#include <mutex>

#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/memory/allocator.h"
#include "core/memory/auto_growth_allocator.h"
#include "core/memory/chunked_allocator.h"

namespace paddle {
namespace memory {

namespace {

constexpr int64_t kMaxMiB = int64_t{1} << 40;  // keeps MiB -> bytes from overflowing

std::string CheckStrategy(const FlagValue& v) {
  const std::string& s = std::get<std::string>(v);
  return s == "auto_growth" || s == "chunked" || s == "naive_best_fit"
             ? ""
             : "one of auto_growth, chunked, naive_best_fit";
}

template <int64_t kMin>
std::string CheckMiB(const FlagValue& v) {
  int64_t mib = std::get<int64_t>(v);
  return mib >= kMin && mib <= kMaxMiB ? "" : "a size in MiB in [" + std::to_string(kMin) + ", 2^40]";
}

}  // namespace
}  // namespace memory
}  // namespace paddle

PD_DEFINE_CHECKED_FLAG(allocator_strategy, std::string("auto_growth"),
                       "CPU memory pool: auto_growth (grows by small chunks, default) or chunked "
                       "(pre-allocates FLAGS_initial_cpu_memory_in_mb; naive_best_fit is an alias)",
                       paddle::memory::CheckStrategy);
PD_DEFINE_CHECKED_FLAG(initial_cpu_memory_in_mb, int64_t{64},
                       "chunk size of the chunked CPU pool, in MiB; larger requests bypass the pool",
                       paddle::memory::CheckMiB<1>);
PD_DEFINE_CHECKED_FLAG(auto_growth_chunk_size_in_mb, int64_t{1},
                       "granularity of the auto_growth CPU pool's chunks, in MiB (0: exactly the "
                       "request)",
                       paddle::memory::CheckMiB<0>);

namespace paddle {
namespace memory {

namespace {

size_t FlagMiB(const char* name, int64_t min) {
  const int64_t mib = GetIntFlag(name);
  PD_CHECK(mib >= min && mib <= kMaxMiB, InvalidArgument, "[memory] FLAGS_", name,
           " must be between ", min, " and ", kMaxMiB, " MiB, got ", mib);
  return static_cast<size_t>(mib) << 20;
}

void CheckCpu(const Place& place) {
  PD_CHECK(place.type == DeviceType::kCPU, Unimplemented, "[memory] no allocator for ",
           place.ToString(), ": this build has CPU allocators only (GPU pools need CUDA)");
}

// Instances are created on first use and never destroyed: buffers held by
// other static objects may be freed during process exit.
Allocator* CpuAllocator(const std::string& strategy) {
  if (strategy == "auto_growth") {
    static Allocator* auto_growth =
        new AutoGrowthAllocator(FlagMiB("auto_growth_chunk_size_in_mb", 0));
    return auto_growth;
  }
  if (strategy == "chunked" || strategy == "naive_best_fit") {
    static Allocator* chunked = new ChunkedAllocator(FlagMiB("initial_cpu_memory_in_mb", 1));
    return chunked;
  }
  PD_THROW(InvalidArgument, "[memory] unknown allocator strategy '", strategy,
           "' (FLAGS_allocator_strategy): expected one of auto_growth, chunked, naive_best_fit");
}

std::atomic<Allocator*> current_cpu{nullptr};
std::mutex resolve_mu;  // orders the listener against the first resolution

Allocator* ResolveCurrent() {
  static std::once_flag listening;
  std::call_once(listening, [] {
    AddFlagListener("allocator_strategy", [](const FlagValue& value) {
      std::lock_guard<std::mutex> lock(resolve_mu);
      // On a bad name the cache is emptied first, so new allocations keep
      // failing (rather than silently using the old pool) until it is fixed.
      current_cpu.store(nullptr, std::memory_order_release);
      current_cpu.store(CpuAllocator(std::get<std::string>(value)), std::memory_order_release);
    });
  });
  std::lock_guard<std::mutex> lock(resolve_mu);
  Allocator* allocator = CpuAllocator(GetStringFlag("allocator_strategy"));
  current_cpu.store(allocator, std::memory_order_release);
  return allocator;
}

}  // namespace

Allocator* GetAllocator(const Place& place) {
  CheckCpu(place);
  Allocator* allocator = current_cpu.load(std::memory_order_acquire);
  return allocator ? allocator : ResolveCurrent();
}

Allocator* GetAllocator(const Place& place, const std::string& strategy) {
  CheckCpu(place);
  return CpuAllocator(strategy);
}

AllocationPtr Alloc(const Place& place, size_t bytes) {
  return GetAllocator(place)->Allocate(bytes);
}

}  // namespace memory
}  // namespace paddle
