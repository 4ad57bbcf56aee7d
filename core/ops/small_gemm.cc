#include "core/ops/small_gemm.h"

#include <algorithm>
#include <cstring>

#include "core/ops/parallel.h"

namespace paddle {
namespace ops {

namespace {

constexpr int64_t kLanes = 16;  // floats per vector
constexpr int kTileRows = 8;
// Row tiles are shared among the math threads in pieces of at least this many multiply-adds
// (about 2 us here): a 64x64 product runs on two threads, 5.6 -> 4.1 us an eager matmul.
constexpr int64_t kMinPieceMultiplyAdds = int64_t{1} << 16;

typedef float V16 __attribute__((vector_size(kLanes * sizeof(float))));

inline V16 Load(const float* p) {
  V16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void Store(float* p, V16 v) { std::memcpy(p, &v, sizeof v); }

// c[kRows x kVecs * kLanes] = alpha * a[kRows x k] @ b[k x kVecs * kLanes] + beta * c: the
// tile's sums stay in vector registers over the whole k loop (kRows * kVecs of them).
template <int kRows, int kVecs>
PD_SIMD_CLONES void Tile(int64_t k, float alpha, const float* a, int64_t lda, const float* b,
                         int64_t ldb, float beta, float* c, int64_t ldc) {
  V16 acc[kRows][kVecs] = {};
  for (int64_t p = 0; p < k; ++p) {
    V16 x[kVecs];
    for (int v = 0; v < kVecs; ++v) x[v] = Load(b + p * ldb + v * kLanes);
    for (int r = 0; r < kRows; ++r) {
      const float av = a[r * lda + p];
      for (int v = 0; v < kVecs; ++v) acc[r][v] += av * x[v];
    }
  }
  for (int r = 0; r < kRows; ++r)
    for (int v = 0; v < kVecs; ++v) {
      float* out = c + r * ldc + v * kLanes;
      Store(out, beta == 0.0f ? alpha * acc[r][v] : alpha * acc[r][v] + beta * Load(out));
    }
}

using TileFn = void (*)(int64_t, float, const float*, int64_t, const float*, int64_t, float,
                        float*, int64_t);

// The tile for `rows` (1..kTileRows) rows of two vectors or one.
template <int... kRows>
struct TileTable {
  static constexpr TileFn two[] = {Tile<kRows, 2>...};
  static constexpr TileFn one[] = {Tile<kRows, 1>...};
};
using Tiles = TileTable<1, 2, 3, 4, 5, 6, 7, 8>;

}  // namespace

bool SmallGemmApplies(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k) {
  return !trans_a && !trans_b && m > 0 && n > 0 && k > 0 && n % kLanes == 0 &&
         m * n * k < kSmallGemmMultiplyAdds;
}

void SmallGemm(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
               const float* b, int64_t ldb, float beta, float* c, int64_t ldc) {
  const int64_t row_tiles = (m + kTileRows - 1) / kTileRows;
  const int64_t tile_macs = kTileRows * n * k;
  ParallelFor(row_tiles, [&](int64_t begin, int64_t end) {
    for (int64_t t = begin; t < end; ++t) {
      const int64_t i = t * kTileRows;
      const int rows = static_cast<int>(m - i < kTileRows ? m - i : kTileRows);
      for (int64_t j = 0; j < n; j += 2 * kLanes) {
        const TileFn fn = n - j >= 2 * kLanes ? Tiles::two[rows - 1] : Tiles::one[rows - 1];
        fn(k, alpha, a + i * lda, lda, b + j, ldb, beta, c + i * ldc + j, ldc);
      }
    }
  }, std::max<int64_t>(1, kMinPieceMultiplyAdds / tile_macs));
}

}  // namespace ops
}  // namespace paddle
