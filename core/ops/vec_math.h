// exp, erf and tanh for float written so that GCC vectorizes a loop that
// calls them: straight-line arithmetic with selects, no libm calls (libm's
// scalar calls keep a loop scalar; they made softmax and GELU 4-6x slower
// than the peers). Each is within a few float ulps of the exact value; NaN
// passes through, and the limits (exp(-inf) = 0, erf(+-inf) = +-1) are exact.
// The double overloads keep libm: float64 kernels are the reference-accurate
// ones the tests compare against.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

// Always inlined: a call keeps the caller's loop scalar (GCC does not inline
// these on its own where a loop body is already large, as in the RNN cells).
#if defined(__GNUC__)
#define PD_VEC_INLINE inline __attribute__((always_inline))
#else
#define PD_VEC_INLINE inline
#endif

namespace paddle {
namespace ops {
namespace vec {

// 2^n for a whole n in [-126, 127], by building the float's exponent bits.
PD_VEC_INLINE float Pow2(float n) {
  const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// e^x = 2^n e^r (below ln(FLT_MIN) 0: no subnormal results) with n = round(x / ln 2) and |r| <= ln(2) / 2; e^r by its
// Taylor polynomial to degree 7 (truncation below 1e-8 relative).
PD_VEC_INLINE float Exp(float x) {
  const float hi = 88.7228391f, lo = -87.3365448f;  // ln(FLT_MAX), ln(FLT_MIN)
  // Clamped so that n fits an int; NaN maps to lo here (converting NaN to int is
  // undefined) and is returned as itself below.
  const float c = x > hi ? hi : (x >= lo ? x : lo);
  const float n = std::floor(c * 1.44269504088896341f + 0.5f);
  // r = c - n ln 2, with ln 2 split in two so n * ln2_hi is exact.
  const float r = (c - n * 0.693359375f) - n * -2.12194440e-4f;
  float p = 1.f / 5040;
  p = p * r + 1.f / 720;
  p = p * r + 1.f / 120;
  p = p * r + 1.f / 24;
  p = p * r + 1.f / 6;
  p = p * r + 0.5f;
  p = p * r + 1.f;
  p = p * r + 1.f;
  const float n1 = std::floor(n * 0.5f);  // n may be 128: scale in two steps
  const float e = p * Pow2(n1) * Pow2(n - n1);
  return x != x ? x : (x > hi ? INFINITY : (x < lo ? 0.f : e));
}

// erf within 6e-7 absolute (Abramowitz and Stegun 7.1.26, 1.5e-7, plus float
// rounding): enough where it is added to 1 (GELU's 1 + erf), and cheaper
// than Erf, which also keeps small arguments to a relative error.
PD_VEC_INLINE float ErfAbs(float x) {
  const float a = std::fabs(x);
  const float t = 1.f / (1.f + 0.3275911f * a);
  float q = 1.061405429f;
  q = q * t - 1.453152027f;
  q = q * t + 1.421413741f;
  q = q * t - 0.284496736f;
  q = q * t + 0.254829592f;
  const float r = 1.f - q * t * Exp(-x * x);
  return x != x ? x : (x < 0 ? -r : r);
}

// erf by its Maclaurin series for |x| < 0.5 (relative error ~1e-8 there,
// where an absolute bound would lose small arguments), ErfAbs above.
PD_VEC_INLINE float Erf(float x) {
  const float x2 = x * x;
  float s = 1.f / 9360;  // (-1)^k / (k! (2k + 1)), k = 6 down to 0
  s = s * x2 - 1.f / 1320;
  s = s * x2 + 1.f / 216;
  s = s * x2 - 1.f / 42;
  s = s * x2 + 1.f / 10;
  s = s * x2 - 1.f / 3;
  s = s * x2 + 1.f;
  const float small = 1.12837916709551257f * x * s;  // 2 / sqrt(pi)
  return std::fabs(x) < 0.5f ? small : ErfAbs(x);
}

// tanh by its odd Taylor series for |x| < 0.4, and 1 - 2 / (e^(2|x|) + 1)
// (no cancellation there) above.
PD_VEC_INLINE float Tanh(float x) {
  const float a = std::fabs(x);
  const float x2 = x * x;
  float s = 21844.f / 6081075;
  s = s * x2 - 1382.f / 155925;
  s = s * x2 + 62.f / 2835;
  s = s * x2 - 17.f / 315;
  s = s * x2 + 2.f / 15;
  s = s * x2 - 1.f / 3;
  s = s * x2 + 1.f;
  const float small = x * s;
  const float big = 1.f - 2.f / (Exp(2.f * a) + 1.f);
  const float r = a < 0.4f ? small : (x < 0 ? -big : big);
  return x != x ? x : r;
}

inline double Exp(double x) { return std::exp(x); }
inline double Erf(double x) { return std::erf(x); }
inline double ErfAbs(double x) { return std::erf(x); }
inline double Tanh(double x) { return std::tanh(x); }

// The logistic function 1 / (1 + e^-x): float on Exp above, double on libm.
template <typename T>
PD_VEC_INLINE T Sigmoid(T x) {
  return T(1) / (T(1) + Exp(-x));
}

}  // namespace vec
}  // namespace ops
}  // namespace paddle
