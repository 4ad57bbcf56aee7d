#include "core/ops/fft/plan.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <unordered_map>

#include "core/base/enforce.h"

namespace paddle {
namespace ops {
namespace fft {

namespace {

// exp(-2 pi i num / den), the angle reduced first so large tables stay exact.
Complex UnitRoot(int64_t num, int64_t den) {
  const double a = -2.0 * M_PI * static_cast<double>(num % den) / static_cast<double>(den);
  return Complex(std::cos(a), std::sin(a));
}

// Radix 4 first (fewest passes), then 2, 3, 5 and the other primes; empty
// when a prime factor exceeds kMaxDirectRadix.
std::vector<int64_t> Factor(int64_t n) {
  std::vector<int64_t> out;
  while (n % 4 == 0) {
    out.push_back(4);
    n /= 4;
  }
  for (int64_t p = 2; p * p <= n; ++p) {
    while (n % p == 0) {
      if (p > kMaxDirectRadix) return {};
      out.push_back(p);
      n /= p;
    }
  }
  if (n > 1) {  // the rest is prime
    if (n > kMaxDirectRadix) return {};
    out.push_back(n);
  }
  return out;
}

}  // namespace

Plan::Plan(int64_t n) : n_(n) {
  PD_CHECK(n >= 1, InvalidArgument, "[fft] expected a transform length >= 1, got ", n);
  radices_ = Factor(n);
  if (n == 1 || !radices_.empty()) {
    twiddle_.resize(n);
    for (int64_t k = 0; k < n; ++k) twiddle_[k] = UnitRoot(k, n);
    return;
  }
  // Bluestein: X[k] = c[k] sum_j (x[j] c[j]) conj(c[k - j]), c[k] = exp(-pi i k^2 / n),
  // the sum a cyclic convolution of length m done by power-of-two transforms.
  int64_t m = 1;
  while (m < 2 * n - 1) m *= 2;
  chirp_.resize(n);
  for (int64_t k = 0; k < n; ++k) chirp_[k] = UnitRoot((k * k) % (2 * n), 2 * n);
  filter_.assign(m, Complex(0));
  filter_[0] = std::conj(chirp_[0]);
  for (int64_t k = 1; k < n; ++k) filter_[k] = filter_[m - k] = std::conj(chirp_[k]);
  inner_ = GetPlan(m);
  inner_->Run(filter_.data(), true);
}

void Plan::Recurse(const Complex* in, int64_t stride, Complex* out, int64_t n, size_t level,
                   Complex* scratch) const {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  const int64_t p = radices_[level];
  const int64_t m = n / p;
  // The DFTs of the p decimated sequences x[q], x[q + p], ... into out[q m ..).
  for (int64_t q = 0; q < p; ++q)
    Recurse(in + q * stride, stride * p, out + q * m, m, level + 1, scratch);
  const int64_t step = n_ / n;  // W_n^j = twiddle_[j * step]
  const int64_t root = n_ / p;  // W_p^j = twiddle_[j * root]
  for (int64_t k = 0; k < m; ++k) {
    Complex* t = scratch;  // the p inputs of one butterfly, twiddled
    t[0] = out[k];
    for (int64_t q = 1; q < p; ++q) t[q] = out[q * m + k] * twiddle_[q * k * step];
    if (p == 2) {
      out[k] = t[0] + t[1];
      out[k + m] = t[0] - t[1];
    } else if (p == 4) {
      const Complex a = t[0] + t[2], b = t[0] - t[2], c = t[1] + t[3];
      const Complex d = (t[1] - t[3]) * Complex(0, -1);  // -i (t1 - t3)
      out[k] = a + c;
      out[k + m] = b + d;
      out[k + 2 * m] = a - c;
      out[k + 3 * m] = b - d;
    } else {
      for (int64_t r = 0; r < p; ++r) {
        Complex acc = t[0];
        for (int64_t q = 1; q < p; ++q) acc += t[q] * twiddle_[((q * r) % p) * root];
        out[k + r * m] = acc;
      }
    }
  }
}

void Plan::RunBluestein(Complex* data) const {
  const int64_t m = inner_->size();
  std::vector<Complex> a(m, Complex(0));
  for (int64_t k = 0; k < n_; ++k) a[k] = data[k] * chirp_[k];
  inner_->Run(a.data(), true);
  for (int64_t k = 0; k < m; ++k) a[k] *= filter_[k];
  inner_->Run(a.data(), false);
  const double scale = 1.0 / static_cast<double>(m);
  for (int64_t k = 0; k < n_; ++k) data[k] = chirp_[k] * a[k] * scale;
}

void Plan::Run(Complex* data, bool forward) const {
  if (n_ == 1) return;
  // The inverse is conj(DFT(conj(x))).
  if (!forward)
    for (int64_t k = 0; k < n_; ++k) data[k] = std::conj(data[k]);
  if (!chirp_.empty()) {
    RunBluestein(data);
  } else {
    const int64_t max_radix = *std::max_element(radices_.begin(), radices_.end());
    std::vector<Complex> in(data, data + n_), scratch(max_radix);
    Recurse(in.data(), 1, data, n_, 0, scratch.data());
  }
  if (!forward)  // + 0.0 turns the -0 a conj makes of 0 into +0, as numpy has it
    for (int64_t k = 0; k < n_; ++k) data[k] = Complex(data[k].real(), -data[k].imag() + 0.0);
}

std::shared_ptr<const Plan> GetPlan(int64_t n) {
  static std::mutex mu;
  static std::unordered_map<int64_t, std::shared_ptr<const Plan>> cache;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(n);
    if (it != cache.end()) return it->second;
  }
  // Built unlocked: a Bluestein plan asks for its inner plan.
  auto plan = std::make_shared<const Plan>(n);
  std::lock_guard<std::mutex> lock(mu);
  return cache.emplace(n, std::move(plan)).first->second;
}

}  // namespace fft
}  // namespace ops
}  // namespace paddle
