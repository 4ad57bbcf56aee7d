// A one-dimensional complex DFT of any length n >= 1, computed in double:
// mixed-radix Cooley-Tukey (radix 4, 2, 3, 5, and a direct DFT for other
// small prime factors) and Bluestein's chirp-z convolution for lengths with a
// prime factor above kMaxDirectRadix. Plans are cached per length, so the
// twiddle and chirp tables are computed once per size.
//
//   auto plan = fft::GetPlan(n);
//   plan->Run(data, /*forward=*/true);   // in place, unnormalized:
//   // X[k] = sum_j x[j] exp(-2 pi i jk / n)  (forward; +2 pi i for the inverse)
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

namespace paddle {
namespace ops {
namespace fft {

using Complex = std::complex<double>;

// Prime factors up to this size are transformed directly (O(p) per output);
// a length with a larger prime factor goes through Bluestein.
constexpr int64_t kMaxDirectRadix = 61;

class Plan {
 public:
  explicit Plan(int64_t n);
  int64_t size() const { return n_; }
  // The unnormalized DFT of data[0..n) in place; `forward` picks exp(-2 pi i ..).
  void Run(Complex* data, bool forward) const;

 private:
  // Cooley-Tukey: the forward DFT of in[0], in[stride], ... (n values) into out[0..n).
  void Recurse(const Complex* in, int64_t stride, Complex* out, int64_t n, size_t level,
               Complex* scratch) const;
  void RunBluestein(Complex* data) const;

  int64_t n_;
  std::vector<int64_t> radices_;      // Cooley-Tukey factors, their product n_
  std::vector<Complex> twiddle_;      // exp(-2 pi i k / n), k in [0, n)
  // Bluestein (empty otherwise): chirp exp(-pi i k^2 / n), the transformed
  // filter of length m (a power of two >= 2n - 1) and its plan.
  std::vector<Complex> chirp_;
  std::vector<Complex> filter_;
  std::shared_ptr<const Plan> inner_;
};

// The cached plan for length n (n >= 1); thread-safe.
std::shared_ptr<const Plan> GetPlan(int64_t n);

}  // namespace fft
}  // namespace ops
}  // namespace paddle
