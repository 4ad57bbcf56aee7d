// Intra-op threading and vectorisation in one place: a large loop is split
// over the calling thread's math-library threads (OpenMP; the count the user
// set, applied per run), a small one runs on the caller alone; the loops of
// the op families are compiled for AVX-512, AVX2 and the x86-64 baseline and
// the CPU picks one at load time (PD_SIMD_CLONES).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>

// GCC's function multiversioning; elsewhere (clang builds, other CPUs) the
// loop is compiled once for the baseline.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define PD_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define PD_SIMD_CLONES
#endif

// Before a loop whose iterations are independent but which reads and writes
// one buffer at several offsets (an RNN cell's gate blocks): GCC would need
// more run-time alias checks than it allows and leave the loop scalar.
#if defined(__GNUC__) && !defined(__clang__)
#define PD_IVDEP _Pragma("GCC ivdep")
#else
#define PD_IVDEP
#endif

namespace paddle {
namespace ops {

// out[i] = f(in[i]); `out` may be `in` (in-place ops).
template <typename F, typename T, typename R>
PD_SIMD_CLONES void MapLoop(const F& f, const T* in, R* out, int64_t n) {
  const F g = f;  // a local copy: the functor's members cannot alias `out`
  for (int64_t i = 0; i < n; ++i) out[i] = g(in[i]);
}

// out[i] = f(a[i], b[i]).
template <typename F, typename A, typename B, typename R>
PD_SIMD_CLONES void ZipLoop(const F& f, const A* a, const B* b, R* out, int64_t n) {
  const F g = f;
  for (int64_t i = 0; i < n; ++i) out[i] = g(a[i], b[i]);
}

// Below this many elements a loop runs single-threaded: waking threads costs
// more than the work (a few microseconds).
constexpr int64_t kParallelGrain = int64_t{1} << 15;

// Calls fn(begin, end) over pieces that cover [0, n). fn must not throw.
template <typename Fn>
void ParallelFor(int64_t n, Fn&& fn, int64_t grain = kParallelGrain) {
  if (n <= 0) return;
  const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  const int64_t pieces = std::min<int64_t>(threads, n / std::max<int64_t>(grain, 1));
  if (pieces <= 1) {
    fn(int64_t{0}, n);
    return;
  }
  const int64_t base = n / pieces, extra = n % pieces;
#pragma omp parallel for num_threads(static_cast<int>(pieces)) schedule(static)
  for (int64_t p = 0; p < pieces; ++p) {
    const int64_t begin = p * base + std::min(p, extra);
    fn(begin, begin + base + (p < extra ? 1 : 0));
  }
}

}  // namespace ops
}  // namespace paddle
