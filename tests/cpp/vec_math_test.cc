// The vectorizable float exp/erf/tanh (core/ops/vec_math.h) against libm in
// double precision over their whole useful range, and at the special values.
#include "core/ops/vec_math.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

namespace paddle {
namespace ops {
namespace {

// The largest relative error of f against the double-precision ref over
// [lo, hi] (skipping exact zeros and results below `floor`).
double MaxRelError(const std::function<float(float)>& f, double (*ref)(double), double lo,
                   double hi, double floor = 0) {
  double worst = 0;
  for (double x = lo; x <= hi; x += (hi - lo) / 2e6) {
    const float xf = static_cast<float>(x);
    const double want = ref(xf);
    if (want == 0 || std::fabs(want) < floor) continue;
    worst = std::max(worst, std::fabs(f(xf) - want) / std::fabs(want));
  }
  return worst;
}

TEST(VecMath, ExpIsWithinAFewUlps) {
  EXPECT_LT(MaxRelError([](float x) { return vec::Exp(x); }, std::exp, -87, 88.7, 1.2e-38), 3e-7);
}

TEST(VecMath, ErfIsWithinAFewUlpsIncludingTinyArguments) {
  EXPECT_LT(MaxRelError([](float x) { return vec::Erf(x); }, std::erf, -6, 6), 1e-6);
  EXPECT_LT(MaxRelError([](float x) { return vec::Erf(x); }, std::erf, -1e-3, 1e-3), 3e-7);
}

TEST(VecMath, ErfAbsIsWithinItsAbsoluteBound) {
  double worst = 0;
  for (double x = -6; x <= 6; x += 1e-5) {
    const float xf = static_cast<float>(x);
    worst = std::max(worst, std::fabs(vec::ErfAbs(xf) - std::erf(static_cast<double>(xf))));
  }
  EXPECT_LT(worst, 6e-7);
  EXPECT_TRUE(std::isnan(vec::ErfAbs(NAN)));
  EXPECT_EQ(vec::ErfAbs(INFINITY), 1.f);
  EXPECT_EQ(vec::ErfAbs(-INFINITY), -1.f);
}

TEST(VecMath, TanhIsWithinAFewUlpsIncludingTinyArguments) {
  EXPECT_LT(MaxRelError([](float x) { return vec::Tanh(x); }, std::tanh, -20, 20), 5e-7);
  EXPECT_LT(MaxRelError([](float x) { return vec::Tanh(x); }, std::tanh, -1e-3, 1e-3), 3e-7);
}

TEST(VecMath, SpecialValues) {
  EXPECT_EQ(vec::Exp(-INFINITY), 0.f);
  EXPECT_EQ(vec::Exp(-100.f), 0.f);
  EXPECT_EQ(vec::Exp(INFINITY), INFINITY);
  EXPECT_EQ(vec::Exp(100.f), INFINITY);
  EXPECT_EQ(vec::Exp(0.f), 1.f);
  EXPECT_TRUE(std::isfinite(vec::Exp(88.7f)));
  EXPECT_EQ(vec::Erf(INFINITY), 1.f);
  EXPECT_EQ(vec::Erf(-INFINITY), -1.f);
  EXPECT_EQ(vec::Erf(0.f), 0.f);
  EXPECT_EQ(vec::Tanh(INFINITY), 1.f);
  EXPECT_EQ(vec::Tanh(-INFINITY), -1.f);
  EXPECT_EQ(vec::Tanh(0.f), 0.f);
  for (float (*f)(float) : {+[](float x) { return vec::Exp(x); }, +[](float x) { return vec::Erf(x); },
                            +[](float x) { return vec::Tanh(x); }})
    EXPECT_TRUE(std::isnan(f(NAN)));
}

TEST(VecMath, DoubleKeepsLibm) {
  EXPECT_EQ(vec::Exp(0.3), std::exp(0.3));
  EXPECT_EQ(vec::Erf(0.3), std::erf(0.3));
  EXPECT_EQ(vec::Tanh(0.3), std::tanh(0.3));
}

}  // namespace
}  // namespace ops
}  // namespace paddle
