// The CPU memory pools: both strategies through one parameterized suite, then
// the strategy-specific behaviour, the flag-driven facade, and DenseTensor.
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/framework/dense_tensor.h"
#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/memory/allocator.h"
#include "core/memory/auto_growth_allocator.h"
#include "core/memory/block_pool.h"
#include "core/memory/chunked_allocator.h"
#include "core/memory/pooled_allocator.h"
#include "core/memory/system_allocator.h"
#include "test_util.h"

namespace paddle {
namespace memory {
namespace {

using ::paddle::test::CatchError;

constexpr size_t kKiB = 1024;
constexpr size_t kMiB = 1024 * 1024;

bool Aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kAlignment == 0; }
char* At(const AllocationPtr& a, size_t offset = 0) {
  return static_cast<char*>(a->ptr()) + offset;
}


// Private instances with 1 MiB chunks, so each test sees exact statistics.
std::unique_ptr<Allocator> MakePool(const std::string& strategy) {
  if (strategy == "auto_growth") return std::make_unique<AutoGrowthAllocator>(kMiB);
  return std::make_unique<ChunkedAllocator>(kMiB);
}

class PoolTest : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Allocator> pool_ = MakePool(GetParam());
};

TEST_P(PoolTest, BuffersAreAlignedAndWritable) {
  std::vector<AllocationPtr> live;
  for (size_t bytes : {1, 3, 63, 64, 65, 100, 4095, 4096, 4097, 70000, 300000}) {
    live.push_back(pool_->Allocate(bytes));
    EXPECT_TRUE(Aligned(live.back()->ptr())) << bytes;
    EXPECT_EQ(live.back()->size(), bytes);
    EXPECT_EQ(live.back()->owner(), pool_.get());
    std::memset(live.back()->ptr(), 0xab, bytes);
  }
}

TEST_P(PoolTest, StatsCountRoundedSizesAndPeaks) {
  EXPECT_EQ(pool_->Stats().allocated, 0u);
  EXPECT_EQ(pool_->Stats().reserved, 0u);
  auto a = pool_->Allocate(100);   // counts as 128
  auto b = pool_->Allocate(1000);  // counts as 1024
  AllocatorStats s = pool_->Stats();
  EXPECT_EQ(s.allocated, 128u + 1024u);
  EXPECT_EQ(s.reserved, kMiB);
  EXPECT_EQ(s.peak_allocated, 128u + 1024u);
  EXPECT_EQ(s.peak_reserved, kMiB);

  a.reset();
  s = pool_->Stats();
  EXPECT_EQ(s.allocated, 1024u);
  EXPECT_EQ(s.peak_allocated, 128u + 1024u);  // a high-water mark does not fall
  pool_->ResetPeak();
  s = pool_->Stats();
  EXPECT_EQ(s.peak_allocated, 1024u);
  EXPECT_EQ(s.peak_reserved, kMiB);
  b.reset();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
  EXPECT_EQ(pool_->Stats().peak_allocated, 1024u);
}

TEST_P(PoolTest, FreedBufferIsReusedWithoutGrowing) {
  for (size_t bytes : {size_t{200}, 64 * kKiB}) {  // size-class path and best-fit path
    auto a = pool_->Allocate(bytes);
    void* first = a->ptr();
    const size_t reserved = pool_->Stats().reserved;
    a.reset();
    auto b = pool_->Allocate(bytes);
    EXPECT_EQ(b->ptr(), first) << bytes;
    EXPECT_EQ(pool_->Stats().reserved, reserved) << bytes;
  }
}

TEST_P(PoolTest, SplitsChunksAndCoalescesNeighbours) {
  // Requests above the size-class limit take the best-fit path.
  const size_t quarter = kMiB / 4;
  auto a = pool_->Allocate(quarter);
  auto b = pool_->Allocate(quarter);
  auto c = pool_->Allocate(quarter);
  EXPECT_EQ(pool_->Stats().reserved, kMiB);  // one chunk, split three ways
  EXPECT_EQ(At(b), At(a, quarter));
  EXPECT_EQ(At(c), At(b, quarter));
  void* base = a->ptr();
  a.reset();
  b.reset();
  // Only the merged a+b span holds half a chunk; the tail holds a quarter.
  auto half = pool_->Allocate(kMiB / 2);
  EXPECT_EQ(half->ptr(), base);
  EXPECT_EQ(pool_->Stats().reserved, kMiB);
  half.reset();
  c.reset();
  // Everything merged back into one block spanning the chunk.
  EXPECT_EQ(pool_->Release(), kMiB);
  EXPECT_EQ(pool_->Stats().reserved, 0u);
}

TEST_P(PoolTest, CachedSmallBlocksAreMergedBeforeGrowing) {
  // Fill the chunk with small blocks, free them (they park in size-class
  // lists), then ask for the whole chunk: it must come from the same chunk.
  std::vector<AllocationPtr> small;
  for (size_t i = 0; i < kMiB / (4 * kKiB); ++i) small.push_back(pool_->Allocate(4 * kKiB));
  EXPECT_EQ(pool_->Stats().reserved, kMiB);
  small.clear();
  auto whole = pool_->Allocate(kMiB);
  EXPECT_EQ(pool_->Stats().reserved, kMiB);
  EXPECT_EQ(pool_->Stats().allocated, kMiB);
}

TEST_P(PoolTest, ZeroSizeGivesDistinctAlignedBuffers) {
  auto a = pool_->Allocate(0);
  auto b = pool_->Allocate(0);
  ASSERT_NE(a->ptr(), nullptr);
  EXPECT_NE(a->ptr(), b->ptr());
  EXPECT_TRUE(Aligned(a->ptr()));
  EXPECT_EQ(a->size(), 0u);
  EXPECT_EQ(pool_->Stats().allocated, 2 * kAlignment);
  a.reset();
  b.reset();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
}

TEST_P(PoolTest, OutOfMemoryThrowsAndLeavesPoolUsable) {
  auto keep = pool_->Allocate(1000);
  const AllocatorStats before = pool_->Stats();
  for (size_t bytes : {size_t{1} << 62, SIZE_MAX}) {
    Error e = CatchError([&] { pool_->Allocate(bytes); });
    EXPECT_EQ(e.kind(), ErrorKind::kResourceExhausted);
    EXPECT_NE(std::string(e.what()).find(std::to_string(bytes)), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(pool_->Name()), std::string::npos) << e.what();
  }
  EXPECT_EQ(pool_->Stats().allocated, before.allocated);
  auto after = pool_->Allocate(1000);
  EXPECT_NE(after->ptr(), keep->ptr());
}

// Overlapping live buffers would mean the pool handed the same bytes twice.
void ExpectDisjoint(const std::vector<AllocationPtr>& live) {
  std::vector<std::pair<const char*, size_t>> spans;
  for (const auto& a : live) spans.emplace_back(At(a), std::max<size_t>(a->size(), 1));
  std::sort(spans.begin(), spans.end());
  for (size_t i = 1; i < spans.size(); ++i) {
    ASSERT_LE(spans[i - 1].first + spans[i - 1].second, spans[i].first) << "overlap at " << i;
  }
}

TEST_P(PoolTest, RandomAllocFreeEndsWithNothingAllocated) {
  std::mt19937 rng(1234);
  std::uniform_int_distribution<size_t> small(0, 5000), large(5000, 3 * kMiB / 2);
  std::vector<AllocationPtr> live;
  for (int step = 0; step < 4000; ++step) {
    if (live.empty() || rng() % 3 != 0) {
      live.push_back(pool_->Allocate(rng() % 8 == 0 ? large(rng) : small(rng)));
      if (live.back()->size()) {
        // A stamp at both ends catches a neighbour writing into this buffer.
        At(live.back())[0] = static_cast<char>(step);
        At(live.back())[live.back()->size() - 1] = static_cast<char>(step);
      }
    } else {
      std::swap(live[rng() % live.size()], live.back());
      const AllocationPtr& a = live.back();
      if (a->size()) ASSERT_EQ(At(a)[0], At(a)[a->size() - 1]);
      live.pop_back();
    }
    if (step % 500 == 0) ExpectDisjoint(live);
  }
  ExpectDisjoint(live);
  std::shuffle(live.begin(), live.end(), rng);
  live.clear();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
  pool_->Release();
  EXPECT_EQ(pool_->Stats().reserved, 0u);  // every chunk merged back whole
}

TEST_P(PoolTest, ConcurrentAllocFreeFromFourThreads) {
  auto work = [&](unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<AllocationPtr> live;
    for (int step = 0; step < 20000; ++step) {
      if (live.size() < 32 && rng() % 2) {
        const size_t bytes = rng() % 16 == 0 ? 100 * kKiB : rng() % 4096;
        live.push_back(pool_->Allocate(bytes));
        std::memset(live.back()->ptr(), static_cast<int>(seed), live.back()->size());
      } else if (!live.empty()) {
        const AllocationPtr& a = live.back();
        for (size_t i = 0; i < a->size(); i += 97) {
          ASSERT_EQ(At(a)[i], static_cast<char>(seed)) << "buffer shared between threads";
        }
        live.pop_back();
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) threads.emplace_back(work, t + 1);
  for (auto& t : threads) t.join();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
}

TEST_P(PoolTest, BufferMayBeFreedOnAnotherThread) {
  std::vector<AllocationPtr> made;
  for (int i = 0; i < 100; ++i) made.push_back(pool_->Allocate(64 + i * 512));
  std::thread([&] { made.clear(); }).join();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
}

// --- The per-thread cache of small blocks in front of the pool ---

PooledAllocator* Pooled(const std::unique_ptr<Allocator>& a) {
  return dynamic_cast<PooledAllocator*>(a.get());
}

TEST_P(PoolTest, SmallCacheHitReturnsTheSameBlockWithoutLocking) {
  PooledAllocator* pooled = Pooled(pool_);
  ASSERT_NE(pooled, nullptr);
  auto a = pool_->Allocate(200);
  void* first = a->ptr();
  a.reset();
  const uint64_t locked = pooled->LockedCalls();
  const AllocatorStats before = pool_->Stats();
  for (int i = 0; i < 1000; ++i) {
    auto b = pool_->Allocate(200);
    ASSERT_EQ(b->ptr(), first) << i;
    At(b)[199] = 1;
  }
  EXPECT_EQ(pooled->LockedCalls(), locked);  // neither the allocations nor the frees locked
  const AllocatorStats after = pool_->Stats();
  EXPECT_EQ(after.reserved, before.reserved);
  EXPECT_EQ(after.num_allocs, before.num_allocs + 1000);
  EXPECT_EQ(after.allocated, 0u);
}

TEST_P(PoolTest, StatsAreExactWithCachedBlocks) {
  auto a = pool_->Allocate(100);   // 128
  auto b = pool_->Allocate(3000);  // 3008
  AllocatorStats s = pool_->Stats();
  EXPECT_EQ(s.allocated, 128u + 3008u);
  EXPECT_EQ(s.reserved, kMiB);
  EXPECT_EQ(s.num_allocs, 2u);
  EXPECT_EQ(s.peak_allocated, 128u + 3008u);

  a.reset();  // parked in this thread's cache: no longer allocated, still reserved
  s = pool_->Stats();
  EXPECT_EQ(s.allocated, 3008u);
  EXPECT_EQ(s.reserved, kMiB);
  EXPECT_EQ(s.peak_allocated, 128u + 3008u);

  auto c = pool_->Allocate(100);  // a cache hit still counts
  s = pool_->Stats();
  EXPECT_EQ(s.allocated, 128u + 3008u);
  EXPECT_EQ(s.num_allocs, 3u);
  EXPECT_EQ(s.peak_allocated, 128u + 3008u);
  auto d = pool_->Allocate(1);  // a new high-water mark
  EXPECT_EQ(pool_->Stats().peak_allocated, 64u + 128u + 3008u);

  b.reset();
  pool_->ResetPeak();
  EXPECT_EQ(pool_->Stats().peak_allocated, 64u + 128u);
  auto e = pool_->Allocate(64);  // right after a reset the first growth is a new peak
  EXPECT_EQ(pool_->Stats().peak_allocated, 64u + 128u + 64u);
  c.reset();
  d.reset();
  e.reset();
  s = pool_->Stats();
  EXPECT_EQ(s.allocated, 0u);
  EXPECT_EQ(s.reserved, kMiB);
  EXPECT_EQ(s.peak_allocated, 64u + 128u + 64u);
  EXPECT_EQ(s.num_allocs, 5u);
}

TEST_P(PoolTest, ReleaseFlushesTheCallingThreadsCache) {
  auto a = pool_->Allocate(100);
  a.reset();  // cached by this thread: the chunk is not free inside the pool
  EXPECT_EQ(pool_->Release(), kMiB);
  EXPECT_EQ(pool_->Stats().reserved, 0u);
  auto b = pool_->Allocate(100);  // the cache still works after a flush
  EXPECT_EQ(pool_->Stats().allocated, 128u);
}

// A thread that runs tasks until told to stop, so a test can act while the
// thread (and its cache) is still alive.
class Worker {
 public:
  Worker() : thread_([this] { Loop(); }) {}
  ~Worker() { Stop(); }
  void Run(std::function<void()> fn) {
    std::packaged_task<void()> task(std::move(fn));
    auto done = task.get_future();
    {
      std::lock_guard<std::mutex> lock(mu_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
    done.get();
  }
  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_one();
    thread_.join();
  }

 private:
  void Loop() {
    for (;;) {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stop_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      auto task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::packaged_task<void()>> tasks_;
  bool stop_ = false;
  std::thread thread_;
};

TEST_P(PoolTest, CrossThreadFreeGoesToTheFreeingThreadsCache) {
  std::vector<AllocationPtr> made;
  for (int i = 0; i < 20; ++i) made.push_back(pool_->Allocate(64 + 64 * (i % 8)));
  const size_t reserved = pool_->Stats().reserved;
  Worker worker;
  worker.Run([&] { made.clear(); });  // parked in the worker's cache
  EXPECT_EQ(pool_->Stats().allocated, 0u);
  EXPECT_EQ(pool_->Stats().reserved, reserved);
  EXPECT_EQ(pool_->Stats().num_allocs, 20u);
  // The worker's cached blocks keep their chunk from being wholly free
  // (documented: Release flushes only the calling thread's cache)...
  EXPECT_EQ(pool_->Release(), 0u);
  // ...the worker reuses them without the pool...
  std::vector<AllocationPtr> again;
  worker.Run([&] {
    for (int i = 0; i < 20; ++i) again.push_back(pool_->Allocate(64 + 64 * (i % 8)));
  });
  EXPECT_EQ(pool_->Stats().reserved, reserved);
  again.clear();  // freed here, cached by this thread now
  // ...and its exit gives them back.
  worker.Stop();
  EXPECT_EQ(pool_->Stats().allocated, 0u);
  EXPECT_EQ(pool_->Release(), reserved);
  EXPECT_EQ(pool_->Stats().reserved, 0u);
}

TEST_P(PoolTest, ThreadExitFlushesItsCache) {
  std::thread([&] {
    std::vector<AllocationPtr> live;
    for (int i = 0; i < 300; ++i) live.push_back(pool_->Allocate(1 + (i * 37) % 4096));
    live.clear();  // all cached or trimmed back by this thread
  }).join();
  AllocatorStats s = pool_->Stats();
  EXPECT_EQ(s.allocated, 0u);
  EXPECT_EQ(s.num_allocs, 300u);
  ASSERT_GT(s.reserved, 0u);
  EXPECT_EQ(pool_->Release(), s.reserved);  // every chunk is wholly free again
  EXPECT_EQ(pool_->Stats().reserved, 0u);
}

TEST_P(PoolTest, PeakIsExactAcrossThreads) {
  auto a = pool_->Allocate(1000);  // 1024
  a.reset();
  Worker worker;
  AllocationPtr held;
  worker.Run([&] { held = pool_->Allocate(500); });  // 512, still held
  EXPECT_EQ(pool_->Stats().peak_allocated, 1024u);
  // This thread had room for 1024 bytes under the old peak; the worker's
  // buffer must still count.
  a = pool_->Allocate(1000);
  EXPECT_EQ(pool_->Stats().peak_allocated, 1024u + 512u);
  // Same after the worker is gone.
  worker.Stop();
  a.reset();
  a = pool_->Allocate(1500);  // 1536
  EXPECT_EQ(pool_->Stats().peak_allocated, 1536u + 512u);
  EXPECT_EQ(pool_->Stats().allocated, 1536u + 512u);
}

TEST_P(PoolTest, FourThreadsTradeSmallBuffersWithStamps) {
  struct Stamped {
    AllocationPtr buffer;
    uint32_t stamp;
  };
  std::mutex mu;
  std::vector<Stamped> exchange;  // buffers made by one thread, freed by another
  // Every byte of a buffer derives from its stamp, so any overlap or stray
  // write shows.
  auto stamp_of = [](const AllocationPtr& a, uint32_t stamp) {
    for (size_t i = 0; i < a->size(); ++i) At(a)[i] = static_cast<char>(stamp + i * 131);
  };
  auto check = [](const AllocationPtr& a, uint32_t stamp) {
    for (size_t i = 0; i < a->size(); ++i) {
      if (At(a)[i] != static_cast<char>(stamp + i * 131)) return false;
    }
    return true;
  };
  auto work = [&](uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<Stamped> live;
    for (uint32_t step = 0; step < 20000; ++step) {
      const uint32_t r = rng();
      if (live.size() < 48 && r % 2) {
        const size_t bytes = r % 4097;
        const uint32_t stamp = seed * 0x9e3779b9u + step * 7919u;
        live.push_back({pool_->Allocate(bytes), stamp});
        stamp_of(live.back().buffer, stamp);
      } else if (!live.empty()) {
        std::swap(live[r % live.size()], live.back());
        Stamped s = std::move(live.back());
        live.pop_back();
        ASSERT_TRUE(check(s.buffer, s.stamp)) << "buffer overwritten (seed " << seed << ")";
        if (r % 3 == 0) {  // hand it to whichever thread takes it next
          std::lock_guard<std::mutex> lock(mu);
          exchange.push_back(std::move(s));
        }
      }
      if (step % 16 == 0) {
        std::vector<Stamped> taken;
        {
          std::lock_guard<std::mutex> lock(mu);
          taken.swap(exchange);
        }
        for (const Stamped& s : taken) {
          ASSERT_TRUE(check(s.buffer, s.stamp)) << "buffer overwritten in flight";
        }
      }
    }
  };
  std::vector<std::thread> threads;
  for (uint32_t t = 0; t < 4; ++t) threads.emplace_back(work, t + 1);
  for (auto& t : threads) t.join();
  exchange.clear();
  AllocatorStats s = pool_->Stats();
  EXPECT_EQ(s.allocated, 0u);
  pool_->Release();
  EXPECT_EQ(pool_->Stats().reserved, 0u);  // no block stranded in a dead thread's cache
}

INSTANTIATE_TEST_SUITE_P(Strategies, PoolTest, ::testing::Values("auto_growth", "chunked"),
                         [](const auto& info) { return info.param; });

// An allocator destroyed while another thread still caches its blocks: the
// thread must neither crash nor return them into freed memory (run under
// ASan/LSan: the chunks must also be freed, not leaked), whether it next
// touches another allocator or simply exits.
TEST(ThreadCacheTest, AllocatorDestroyedWhileAnotherThreadCachesItsBlocks) {
  for (bool keeps_working : {false, true}) {
    auto pool = std::make_unique<AutoGrowthAllocator>(kMiB);
    Worker worker;
    worker.Run([&] {
      std::vector<AllocationPtr> live;
      for (int i = 0; i < 50; ++i) live.push_back(pool->Allocate(64 * (1 + i % 8)));
      live.clear();  // all parked in the worker's cache
    });
    auto mine = pool->Allocate(100);
    mine.reset();   // and one in this thread's cache
    pool.reset();   // destroyed first
    if (keeps_working) {
      worker.Run([&] {
        AutoGrowthAllocator other(kMiB);
        std::vector<AllocationPtr> live;
        for (int i = 0; i < 200; ++i) live.push_back(other.Allocate(64 * (1 + i % 64)));
        live.clear();
        EXPECT_EQ(other.Stats().allocated, 0u);
      });
    }
    worker.Stop();
  }
}

TEST(ThreadCacheTest, AllocatorDestroyedOnAnotherThreadThanItsUsers) {
  auto pool = std::make_unique<ChunkedAllocator>(kMiB);
  std::vector<AllocationPtr> live;
  for (int i = 0; i < 100; ++i) live.push_back(pool->Allocate(64 * (1 + i % 64)));
  live.clear();
  std::thread([&] { pool.reset(); }).join();
  // This thread's cache still lists the dead pool; touching another pool
  // drops it.
  AutoGrowthAllocator other(kMiB);
  auto a = other.Allocate(4096);
  EXPECT_EQ(other.Stats().allocated, 4096u);
}

// A buffer freed while its thread is exiting, after the cache is gone (here:
// a thread_local built before the cache, hence destroyed after it), goes
// straight back to the pool.
TEST(ThreadCacheTest, FreeAfterTheThreadsCacheIsGone) {
  AutoGrowthAllocator pool(kMiB);
  std::thread([&] {
    static thread_local std::vector<AllocationPtr> held;
    held.push_back(pool.Allocate(100));
    held.push_back(pool.Allocate(100));
    held.pop_back();  // one cached, one freed only at thread exit
  }).join();
  EXPECT_EQ(pool.Stats().allocated, 0u);
  EXPECT_EQ(pool.Stats().num_allocs, 2u);
  EXPECT_EQ(pool.Release(), kMiB);
}

TEST(ThreadCacheTest, CacheIsBoundedPerThread) {
  // Freeing many small blocks does not park them all in the cache: the
  // overflow goes back to the pool, where another thread can use it.
  AutoGrowthAllocator pool(kMiB);
  std::vector<AllocationPtr> live;
  for (int i = 0; i < 4096; ++i) live.push_back(pool.Allocate(256));  // exactly one chunk
  EXPECT_EQ(pool.Stats().reserved, kMiB);
  live.clear();
  std::thread([&] {
    for (int i = 0; i < 4000; ++i) live.push_back(pool.Allocate(256));
  }).join();
  EXPECT_EQ(pool.Stats().reserved, kMiB);  // served from the first thread's overflow
  live.clear();
}

TEST(AutoGrowthTest, GrowsByRoundedChunksAndReleasesOnlyFreeOnes) {
  AutoGrowthAllocator pool(kMiB);
  auto a = pool.Allocate(kMiB + 1);  // needs a 2 MiB chunk
  EXPECT_EQ(pool.Stats().reserved, 2 * kMiB);
  auto b = pool.Allocate(kMiB);  // the 1 MiB tail of that chunk is too small by 64 bytes
  EXPECT_EQ(pool.Stats().reserved, 3 * kMiB);
  b.reset();
  EXPECT_EQ(pool.Release(), kMiB);  // the chunk still holding `a` stays
  EXPECT_EQ(pool.Stats().reserved, 2 * kMiB);
  EXPECT_EQ(pool.Stats().peak_reserved, 3 * kMiB);
  a.reset();
  EXPECT_EQ(pool.Release(), 2 * kMiB);
  EXPECT_EQ(pool.Release(), 0u);
}

TEST(AutoGrowthTest, ZeroGranularityTakesExactlyTheRequest) {
  AutoGrowthAllocator pool(0);
  auto a = pool.Allocate(5000);
  EXPECT_EQ(pool.Stats().reserved, 5056u);  // 5000 rounded up to 64
}

TEST(AutoGrowthTest, RejectsUnalignedGranularity) {
  Error e = CatchError([] { AutoGrowthAllocator pool(1000); });
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(std::string(e.what()).find("1000"), std::string::npos);
}

TEST(ChunkedTest, PreallocatesOneChunkAndAddsMoreWhenFull) {
  ChunkedAllocator pool(kMiB);
  EXPECT_EQ(pool.Stats().reserved, 0u);
  auto a = pool.Allocate(10);
  EXPECT_EQ(pool.Stats().reserved, kMiB);
  auto b = pool.Allocate(600 * kKiB);
  auto c = pool.Allocate(600 * kKiB);  // does not fit the first chunk's rest
  EXPECT_EQ(pool.Stats().reserved, 2 * kMiB);
}

TEST(ChunkedTest, RequestAboveChunkSizeGoesDirectAndReturnsOnFree) {
  ChunkedAllocator pool(kMiB);
  auto small = pool.Allocate(100);
  auto big = pool.Allocate(2 * kMiB + 1);
  EXPECT_TRUE(Aligned(big->ptr()));
  EXPECT_EQ(pool.Stats().reserved, kMiB + 2 * kMiB + kAlignment);
  EXPECT_EQ(pool.Stats().allocated, 128u + 2 * kMiB + kAlignment);
  std::memset(big->ptr(), 1, big->size());
  big.reset();
  EXPECT_EQ(pool.Stats().reserved, kMiB);  // no Release() needed
  EXPECT_EQ(pool.Stats().peak_reserved, 3 * kMiB + kAlignment);
}

TEST(ChunkedTest, RejectsBadChunkSize) {
  EXPECT_EQ(CatchError([] { ChunkedAllocator pool(0); }).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(CatchError([] { ChunkedAllocator pool(100); }).kind(), ErrorKind::kInvalidArgument);
}

// Restores the strategy flag however a facade test ends.
class FacadeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = GetStringFlag("allocator_strategy");
    GetAllocator(CPUPlace());  // registers the flag listener
  }
  void TearDown() override { SetFlag("allocator_strategy", saved_); }
  std::string saved_;
};

TEST_F(FacadeTest, DefaultStrategyIsAutoGrowth) {
  EXPECT_EQ(ListFlags().empty(), false);
  bool found = false;
  for (const FlagInfo& f : ListFlags()) {
    if (f.name == "allocator_strategy") {
      found = true;
      EXPECT_EQ(std::get<std::string>(f.default_value), "auto_growth");
    }
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(std::get<int64_t>(GetFlag("FLAGS_initial_cpu_memory_in_mb")), 64);
  SetFlag("allocator_strategy", std::string("auto_growth"));
  EXPECT_STREQ(GetAllocator(CPUPlace())->Name(), "auto_growth");
}

TEST_F(FacadeTest, SwitchingStrategyAtRunTimeKeepsOldBuffersValid) {
  SetFlag("allocator_strategy", std::string("auto_growth"));
  AllocationPtr from_auto = Alloc(CPUPlace(), 1000);
  Allocator* auto_growth = from_auto->owner();
  EXPECT_STREQ(auto_growth->Name(), "auto_growth");

  SetFlag("allocator_strategy", std::string("chunked"));
  Allocator* chunked = GetAllocator(CPUPlace());
  EXPECT_STREQ(chunked->Name(), "chunked");
  const size_t chunked_before = chunked->Stats().allocated;
  AllocationPtr from_chunked = Alloc(CPUPlace(), 1000);
  EXPECT_EQ(from_chunked->owner(), chunked);
  EXPECT_EQ(chunked->Stats().allocated, chunked_before + 1024);
  EXPECT_EQ(chunked->Stats().reserved % (64 * kMiB), 0u);  // FLAGS_initial_cpu_memory_in_mb

  SetFlag("allocator_strategy", std::string("naive_best_fit"));
  EXPECT_EQ(GetAllocator(CPUPlace()), chunked);

  const size_t auto_before = auto_growth->Stats().allocated;
  from_auto.reset();  // freed by the pool that made it, not the current one
  EXPECT_EQ(auto_growth->Stats().allocated, auto_before - 1024);
  SetFlag("allocator_strategy", std::string("auto_growth"));
  from_chunked.reset();
  EXPECT_EQ(chunked->Stats().allocated, chunked_before);
  EXPECT_EQ(GetAllocator(CPUPlace()), auto_growth);
}

TEST_F(FacadeTest, UnknownStrategyIsRejectedNamingTheFlag) {
  Error at_set = CatchError([] { SetFlag("allocator_strategy", std::string("buddy")); });
  EXPECT_EQ(at_set.kind(), ErrorKind::kInvalidArgument);
  const std::string msg = at_set.what();
  EXPECT_NE(msg.find("FLAGS_allocator_strategy"), std::string::npos) << msg;
  EXPECT_NE(msg.find("buddy"), std::string::npos) << msg;
  EXPECT_NE(msg.find("auto_growth"), std::string::npos) << msg;
  EXPECT_NE(msg.find("chunked"), std::string::npos) << msg;
  // The bad value was never taken: the flag and the pool are unchanged.
  EXPECT_EQ(GetStringFlag("allocator_strategy"), "auto_growth");
  EXPECT_NE(Alloc(CPUPlace(), 8)->ptr(), nullptr);

  EXPECT_EQ(CatchError([] { GetAllocator(CPUPlace(), ""); }).kind(), ErrorKind::kInvalidArgument);
}

TEST_F(FacadeTest, ExplicitStrategyGivesTheSameInstances) {
  EXPECT_EQ(GetAllocator(CPUPlace(), "chunked"), GetAllocator(CPUPlace(), "naive_best_fit"));
  EXPECT_NE(GetAllocator(CPUPlace(), "chunked"), GetAllocator(CPUPlace(), "auto_growth"));
}

TEST_F(FacadeTest, GpuPlaceIsUnimplemented) {
  Error e = CatchError([] { GetAllocator(GPUPlace(0)); });
  EXPECT_EQ(e.kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(std::string(e.what()).find("gpu:0"), std::string::npos) << e.what();
  EXPECT_EQ(CatchError([] { Alloc(GPUPlace(1), 16); }).kind(), ErrorKind::kUnimplemented);
  EXPECT_EQ(CatchError([] { GetAllocator(GPUPlace(0), "auto_growth"); }).kind(),
            ErrorKind::kUnimplemented);
}

TEST_F(FacadeTest, DenseTensorDrawsFromThePool) {
  SetFlag("allocator_strategy", std::string("auto_growth"));
  Allocator* pool = GetAllocator(CPUPlace());
  const size_t before = pool->Stats().allocated;
  {
    DenseTensor t(DataType::kFloat32, DDim({10, 30}));
    float* data = t.MutableData<float>();
    EXPECT_TRUE(Aligned(data));
    EXPECT_EQ(t.Holder()->owner(), pool);
    EXPECT_EQ(pool->Stats().allocated, before + 1216);  // 1200 bytes rounded to 64
    data[299] = 1.0f;
  }
  EXPECT_EQ(pool->Stats().allocated, before);
}

TEST(SystemAllocatorTest, LargeBuffersStartOnAHugePage) {
  void* small = SystemAllocate(kHugePageThreshold - kAlignment);
  void* large = SystemAllocate(kHugePageThreshold);
  ASSERT_NE(small, nullptr);
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % kAlignment, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(large) % kHugePage, 0u);
  std::memset(large, 1, kHugePageThreshold);  // usable to the last byte
  SystemFree(small);
  SystemFree(large);
}

}  // namespace
}  // namespace memory
}  // namespace paddle
