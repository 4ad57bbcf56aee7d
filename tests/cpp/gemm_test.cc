// The float GEMM (core/ops/blas.h) against a double-precision reference, over the shapes
// that take its different kernels: the register-tiled small product (core/ops/small_gemm.h)
// with whole and partial row tiles, one- and two-vector column tiles, leading dimensions
// wider than the matrices, alpha and beta, on one thread and shared among two; and the oneDNN
// paths beside it (transposed, n not a multiple of 16, large).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/base/math_threads.h"
#include "core/ops/blas.h"
#include "core/ops/small_gemm.h"

namespace paddle {
namespace ops {
namespace {

struct GemmCase {
  bool ta, tb;
  int64_t m, n, k;
  float alpha, beta;
  int64_t pad;  // extra columns of every leading dimension
};

std::vector<float> Random(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> v(n);
  for (float& x : v) x = u(gen);
  return v;
}

void Check(const GemmCase& g) {
  const int64_t ar = g.ta ? g.k : g.m, ac = g.ta ? g.m : g.k;
  const int64_t br = g.tb ? g.n : g.k, bc = g.tb ? g.k : g.n;
  const int64_t lda = ac + g.pad, ldb = bc + g.pad, ldc = g.n + g.pad;
  const std::vector<float> a = Random(ar * lda, 1), b = Random(br * ldb, 2);
  std::vector<float> c = Random(g.m * ldc, 3);
  if (g.beta == 0) std::fill(c.begin(), c.end(), NAN);  // beta 0 must not read C
  const std::vector<float> c0 = c;
  Gemm(g.ta, g.tb, g.m, g.n, g.k, g.alpha, a.data(), lda, b.data(), ldb, g.beta, c.data(), ldc);
  const std::string what = "m=" + std::to_string(g.m) + " n=" + std::to_string(g.n) +
                           " k=" + std::to_string(g.k) + (g.ta ? " ta" : "") +
                           (g.tb ? " tb" : "") + " threads=" +
                           std::to_string(GetMathLibraryNumThreads());
  for (int64_t i = 0; i < g.m; ++i) {
    for (int64_t j = 0; j < g.n; ++j) {
      double sum = 0;
      for (int64_t p = 0; p < g.k; ++p) {
        const double x = g.ta ? a[p * lda + i] : a[i * lda + p];
        const double y = g.tb ? b[j * ldb + p] : b[p * ldb + j];
        sum += x * y;
      }
      const double want = g.alpha * sum + (g.beta == 0 ? 0.0 : g.beta * c0[i * ldc + j]);
      ASSERT_NEAR(c[i * ldc + j], want, 1e-5 * (1 + std::sqrt(double(g.k))))
          << what << " at (" << i << ", " << j << ")";
    }
    for (int64_t j = g.n; j < ldc; ++j)  // the padding columns stay untouched
      if (!std::isnan(c0[i * ldc + j]))
        ASSERT_EQ(c[i * ldc + j], c0[i * ldc + j]) << what << " wrote padding";
  }
}

TEST(Gemm, SmallTiledProductsMatchTheReference) {
  const std::vector<GemmCase> cases = {
      {false, false, 64, 64, 64, 1, 0, 0},   // the eager matmul: whole tiles, two threads
      {false, false, 13, 48, 7, 1, 0, 3},    // a partial row tile, 2 + 1 vector columns
      {false, false, 1, 16, 300, 1, 0, 0},   // one row, one vector
      {false, false, 9, 32, 5, 0.5f, 2, 5},  // alpha and beta, wide leading dimensions
      {false, false, 100, 80, 60, -1, 1, 0},
  };
  for (const GemmCase& g : cases) {
    ASSERT_TRUE(SmallGemmApplies(g.ta, g.tb, g.m, g.n, g.k));
    for (int threads : {1, 2}) {
      SetMathLibraryNumThreads(threads);
      Check(g);
    }
  }
  SetMathLibraryNumThreads(1);
}

TEST(Gemm, OtherPathsMatchTheReference) {
  const std::vector<GemmCase> cases = {
      {false, true, 64, 64, 64, 1, 0, 0},    // transposed: oneDNN
      {true, false, 20, 32, 40, 1, 1, 2},
      {false, false, 30, 10, 20, 1, 0, 0},   // n not a multiple of 16
      {false, false, 128, 128, 64, 1, 0, 0}, // 2^20 multiply-adds: large
  };
  for (const GemmCase& g : cases) {
    ASSERT_FALSE(SmallGemmApplies(g.ta, g.tb, g.m, g.n, g.k));
    Check(g);
  }
}

}  // namespace
}  // namespace ops
}  // namespace paddle
