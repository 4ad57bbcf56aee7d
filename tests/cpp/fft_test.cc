// The FFT plans of core/ops/fft/: every length from 1 to 64, primes (direct
// radices and Bluestein's), 1000 and 4096 against a direct O(n^2) DFT in long
// double, both directions, and the plan cache.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "core/ops/fft/plan.h"

namespace paddle {
namespace ops {
namespace fft {
namespace {

std::vector<Complex> RandomSignal(int64_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> dist;
  std::vector<Complex> x(n);
  for (auto& v : x) v = Complex(dist(gen), dist(gen));
  return x;
}

// sum_j x[j] exp(-+2 pi i jk / n), the angle's index reduced mod n first.
std::vector<Complex> DirectDft(const std::vector<Complex>& x, bool forward) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<Complex> out(n);
  const long double sign = forward ? -1.0L : 1.0L;
  std::vector<std::complex<long double>> root(n);  // exp(-+2 pi i m / n)
  for (int64_t m = 0; m < n; ++m) {
    const long double a = sign * 2.0L * M_PIl * static_cast<long double>(m) / n;
    root[m] = std::complex<long double>(std::cos(a), std::sin(a));
  }
  for (int64_t k = 0; k < n; ++k) {
    std::complex<long double> acc = 0;
    for (int64_t j = 0; j < n; ++j)
      acc += std::complex<long double>(x[j].real(), x[j].imag()) * root[(j * k) % n];
    out[k] = Complex(static_cast<double>(acc.real()), static_cast<double>(acc.imag()));
  }
  return out;
}

// The largest error relative to the signal's norm.
double RelativeError(const std::vector<Complex>& got, const std::vector<Complex>& want) {
  double err = 0, norm = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    err = std::max(err, std::abs(got[i] - want[i]));
    norm = std::max(norm, std::abs(want[i]));
  }
  return norm == 0 ? err : err / norm;
}

void ExpectMatchesDirect(int64_t n) {
  for (bool forward : {true, false}) {
    const std::vector<Complex> x = RandomSignal(n, static_cast<unsigned>(n));
    std::vector<Complex> got = x;
    GetPlan(n)->Run(got.data(), forward);
    EXPECT_LT(RelativeError(got, DirectDft(x, forward)), 1e-12)
        << "n = " << n << (forward ? " forward" : " inverse");
  }
}

TEST(FftPlan, EveryLengthUpTo64) {
  for (int64_t n = 1; n <= 64; ++n) ExpectMatchesDirect(n);
}

TEST(FftPlan, PrimesDirectAndBluestein) {
  // 61 is the largest direct radix; 67 and above go through Bluestein, also as a factor.
  for (int64_t n : {53, 59, 61, 67, 97, 127, 2 * 67, 3 * 101, 1031}) ExpectMatchesDirect(n);
}

TEST(FftPlan, LargeCompositeLengths) {
  for (int64_t n : {1000, 4096, 2 * 3 * 5 * 7 * 11}) ExpectMatchesDirect(n);
}

TEST(FftPlan, InverseUndoesForward) {
  for (int64_t n : {1, 2, 12, 97, 4096}) {
    const std::vector<Complex> x = RandomSignal(n, 3);
    std::vector<Complex> y = x;
    const auto plan = GetPlan(n);
    plan->Run(y.data(), true);
    plan->Run(y.data(), false);
    for (auto& v : y) v /= static_cast<double>(n);
    EXPECT_LT(RelativeError(y, x), 1e-13) << "n = " << n;
  }
}

TEST(FftPlan, ImpulseAndConstant) {
  std::vector<Complex> x(8, Complex(0));
  x[0] = 1;
  GetPlan(8)->Run(x.data(), true);
  for (const Complex& v : x) EXPECT_EQ(v, Complex(1));
  std::vector<Complex> c(5, Complex(2));
  GetPlan(5)->Run(c.data(), true);
  EXPECT_NEAR(c[0].real(), 10, 1e-14);
  for (int k = 1; k < 5; ++k) EXPECT_LT(std::abs(c[k]), 1e-14);
}

TEST(FftPlan, CachedPerLength) {
  EXPECT_EQ(GetPlan(48).get(), GetPlan(48).get());
  EXPECT_NE(GetPlan(48).get(), GetPlan(49).get());
  EXPECT_EQ(GetPlan(48)->size(), 48);
}

TEST(FftPlan, RejectsNonPositiveLengths) {
  EXPECT_ANY_THROW(Plan(0));
  EXPECT_ANY_THROW(Plan(-3));
}

}  // namespace
}  // namespace fft
}  // namespace ops
}  // namespace paddle
