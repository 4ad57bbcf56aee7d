// The CPU pools against the system allocator, on the alloc/free shapes an
// executor produces: short LIFO bursts (temporaries of one op) and a sliding
// window where each new output frees some older variable (eager deletion).
// Prints ns per alloc+free pair and the ratio to aligned_alloc/free.
//
//   allocator_bench            # all patterns
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/memory/allocator.h"
#include "core/memory/pooled_allocator.h"

namespace {

using paddle::memory::AllocationPtr;
using paddle::memory::Allocator;
using paddle::memory::kAlignment;

constexpr size_t kKiB = 1024, kMiB = 1024 * 1024;

struct Pattern {
  std::string name;
  std::vector<size_t> sizes;  // the request sequence, replayed identically for every allocator
  size_t window;              // LIFO: burst length; interleaved: live slots
  bool lifo;
  std::vector<size_t> victims;  // interleaved: which slot each request replaces
  int threads = 1;
};

Pattern MakePattern(std::string name, bool small, bool lifo, size_t window, int threads = 1) {
  std::mt19937_64 rng(42);
  Pattern p{std::move(name), {}, window, lifo, {}, threads};
  const size_t n = small ? 4096 : 64;
  for (size_t i = 0; i < n; ++i) {
    // Spread over powers of two with ragged tails, as tensor shapes are.
    size_t bytes = small ? (size_t{64} << (rng() % 7)) - rng() % 64 : (1 + rng() % 64) * kMiB;
    p.sizes.push_back(bytes);
    p.victims.push_back(rng() % window);
  }
  return p;
}

// One allocator as the benchmark sees it: a slot type and how to fill/empty it.
struct MallocSlot {
  void* ptr = nullptr;
  void Fill(size_t bytes) {
    ptr = std::aligned_alloc(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
    if (!ptr) std::abort();
  }
  void Empty() { std::free(ptr), ptr = nullptr; }
};

// What a pool would cost if it were plain malloc behind the same shared_ptr API.
struct SharedMallocSlot {
  std::shared_ptr<void> ptr;
  void Fill(size_t bytes) {
    void* p = std::aligned_alloc(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
    if (!p) std::abort();
    ptr = std::shared_ptr<void>(p, std::free);
  }
  void Empty() { ptr.reset(); }
};

struct PoolSlot {
  static Allocator* pool;
  AllocationPtr ptr;
  void Fill(size_t bytes) { ptr = pool->Allocate(bytes); }
  void Empty() { ptr.reset(); }
};
Allocator* PoolSlot::pool = nullptr;

// Runs `rounds` passes over the pattern on one thread; returns alloc+free pairs done.
template <typename Slot>
size_t Replay(const Pattern& p, size_t rounds) {
  std::vector<Slot> slots(p.window);
  size_t pairs = 0;
  for (size_t r = 0; r < rounds; ++r) {
    if (p.lifo) {
      for (size_t i = 0; i + p.window <= p.sizes.size(); i += p.window) {
        for (size_t k = 0; k < p.window; ++k) slots[k].Fill(p.sizes[i + k]);
        for (size_t k = p.window; k-- > 0;) slots[k].Empty();
        pairs += p.window;
      }
    } else {
      for (size_t i = 0; i < p.sizes.size(); ++i) {
        Slot& s = slots[p.victims[i]];
        s.Empty();
        s.Fill(p.sizes[i]);
      }
      pairs += p.sizes.size();
    }
  }
  for (Slot& s : slots) s.Empty();
  return pairs;
}

// Best of three timings, in ns per alloc+free pair.
template <typename Slot>
double Measure(const Pattern& p, size_t rounds) {
  Replay<Slot>(p, 1);  // warm up: the pool reserves its chunks here
  double best = 1e30;
  for (int trial = 0; trial < 3; ++trial) {
    auto start = std::chrono::steady_clock::now();
    size_t pairs = 0;
    if (p.threads == 1) {
      pairs = Replay<Slot>(p, rounds);
    } else {
      std::vector<std::thread> threads;
      std::vector<size_t> done(p.threads);
      for (int t = 0; t < p.threads; ++t) {
        threads.emplace_back([&, t] { done[t] = Replay<Slot>(p, rounds); });
      }
      for (auto& t : threads) t.join();
      for (size_t d : done) pairs += d;
    }
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                    .count();
    best = std::min(best, ns / static_cast<double>(pairs));
  }
  return best;
}

}  // namespace

int main() {
  const paddle::Place cpu = paddle::CPUPlace();
  Allocator* auto_growth = paddle::memory::GetAllocator(cpu, "auto_growth");
  Allocator* chunked = paddle::memory::GetAllocator(cpu, "chunked");

  struct Row {
    Pattern pattern;
    size_t rounds;
  };
  std::vector<Row> rows = {
      {MakePattern("small 64B-4KiB, LIFO bursts of 16", true, true, 16), 200},
      {MakePattern("small 64B-4KiB, interleaved, 64 live", true, false, 64), 200},
      {MakePattern("small 64B-4KiB, interleaved, 2 threads", true, false, 64, 2), 100},
      {MakePattern("large 1-64MiB, LIFO bursts of 4", false, true, 4), 20},
      {MakePattern("large 1-64MiB, interleaved, 8 live", false, false, 8), 20},
  };

  std::printf("ns per alloc+free pair (best of 3); ratio = ns / aligned_alloc ns\n");
  std::printf("%-42s %10s %12s %18s %18s\n", "pattern", "malloc", "malloc+sp", "auto_growth",
              "chunked");
  for (const Row& row : rows) {
    const double sys = Measure<MallocSlot>(row.pattern, row.rounds);
    const double shared = Measure<SharedMallocSlot>(row.pattern, row.rounds);
    PoolSlot::pool = auto_growth;
    const double ag = Measure<PoolSlot>(row.pattern, row.rounds);
    PoolSlot::pool = chunked;
    const double ch = Measure<PoolSlot>(row.pattern, row.rounds);
    std::printf("%-42s %10.1f %12.1f %10.1f (%4.2fx) %10.1f (%4.2fx)\n", row.pattern.name.c_str(),
                sys, shared, ag, ag / sys, ch, ch / sys);
  }
  for (Allocator* a : {auto_growth, chunked}) {
    const auto s = a->Stats();
    std::printf("%-12s peak reserved %7.1f MiB, peak allocated %7.1f MiB, now allocated %zu\n",
                a->Name(), s.peak_reserved / double(kMiB), s.peak_allocated / double(kMiB),
                s.allocated);
    // How often the pool's mutex was taken: small requests should mostly
    // be served by the per-thread caches without it.
    if (auto* pooled = dynamic_cast<paddle::memory::PooledAllocator*>(a)) {
      std::printf("%-12s %llu allocations, mutex taken %llu times\n", a->Name(),
                  static_cast<unsigned long long>(s.num_allocs),
                  static_cast<unsigned long long>(pooled->LockedCalls()));
    }
  }
  return 0;
}
