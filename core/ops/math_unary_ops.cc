// Unary math ops beyond the activations (the unary family, unary.h): inverse
// trigonometric and hyperbolic functions, base-2/10 logarithms, expm1, the
// gamma-function family (lgamma, digamma), erfinv, the modified Bessel
// functions i0, i0e, i1, i1e, stanh and logit.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/unary.h"

namespace paddle {
namespace ops {
namespace {

constexpr double kPi = 3.14159265358979323846;

// digamma(x) = d/dx ln Gamma(x): reflection below 0.5, recurrence up to 10,
// then the asymptotic series (double precision throughout).
double Digamma(double x) {
  if (x <= 0 && std::floor(x) == x) {  // poles, as PaddlePaddle gives them
    return x == 0 ? -1 / x : std::numeric_limits<double>::quiet_NaN();  // -inf at +0, inf at -0
  }
  if (x < 0.5) return Digamma(1 - x) - kPi / std::tan(kPi * x);
  double acc = 0;
  for (; x < 10; x += 1) acc -= 1 / x;
  const double r = 1 / (x * x);
  return acc + std::log(x) - 0.5 / x -
         r * (1.0 / 12 - r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132)))));
}

// trigamma(x) = d/dx digamma(x), the same way (the gradient of digamma).
double Trigamma(double x) {
  if (x <= 0 && std::floor(x) == x) return std::numeric_limits<double>::infinity();
  if (x < 0.5) {
    const double s = std::sin(kPi * x);
    return -Trigamma(1 - x) + kPi * kPi / (s * s);
  }
  double acc = 0;
  for (; x < 10; x += 1) acc += 1 / (x * x);
  const double r = 1 / (x * x);
  return acc + 1 / x + r / 2 +
         r / x * (1.0 / 6 - r * (1.0 / 30 - r * (1.0 / 42 - r * (1.0 / 30))));
}

// erfinv: Giles' single-precision approximation, then two Newton steps on erf
// (each doubles the correct digits, so double reaches full precision).
double Erfinv(double y) {
  if (std::isnan(y)) return y;
  if (y >= 1) return std::numeric_limits<double>::infinity();
  if (y <= -1) return -std::numeric_limits<double>::infinity();
  double w = -std::log((1 - y) * (1 + y)), p;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                     -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      p = c + p * w;
  } else {
    w = std::sqrt(w) - 3;
    p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                     -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      p = c + p * w;
  }
  double x = p * y;
  for (int i = 0; i < 2; ++i)  // erf'(x) = 2 / sqrt(pi) * exp(-x^2)
    x -= (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
  return x;
}

struct Acos {
  template <typename T> T operator()(T x) const { return std::acos(x); }
};
struct AcosGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return -dout / std::sqrt(T(1) - x * x); }
};
struct Asin {
  template <typename T> T operator()(T x) const { return std::asin(x); }
};
struct AsinGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / std::sqrt(T(1) - x * x); }
};
struct Atan {
  template <typename T> T operator()(T x) const { return std::atan(x); }
};
struct AtanGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / (T(1) + x * x); }
};
struct Acosh {
  template <typename T> T operator()(T x) const { return std::acosh(x); }
};
struct AcoshGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / std::sqrt(x * x - T(1)); }
};
struct Asinh {
  template <typename T> T operator()(T x) const { return std::asinh(x); }
};
struct AsinhGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / std::sqrt(x * x + T(1)); }
};
struct Atanh {
  template <typename T> T operator()(T x) const { return std::atanh(x); }
};
struct AtanhGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / (T(1) - x * x); }
};
struct Cosh {
  template <typename T> T operator()(T x) const { return std::cosh(x); }
};
struct CoshGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * std::sinh(x); }
};
struct Sinh {
  template <typename T> T operator()(T x) const { return std::sinh(x); }
};
struct SinhGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * std::cosh(x); }
};
struct Tan {
  template <typename T> T operator()(T x) const { return std::tan(x); }
};
struct TanGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    const T c = std::cos(x);
    return dout / (c * c);
  }
};
struct Log2 {
  template <typename T> T operator()(T x) const { return std::log2(x); }
};
struct Log2Grad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    return dout / (x * T(0.6931471805599453));  // ln 2
  }
};
struct Log10 {
  template <typename T> T operator()(T x) const { return std::log10(x); }
};
struct Log10Grad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    return dout / (x * T(2.302585092994046));  // ln 10
  }
};
struct Expm1 {
  template <typename T> T operator()(T x) const { return std::expm1(x); }
};
struct Expm1Grad {
  using Reads = ReadsOut;  // d/dx (e^x - 1) = Out + 1
  template <typename T> T operator()(T out, T dout) const { return dout * (out + T(1)); }
};
struct Lgamma {
  template <typename T> T operator()(T x) const { return std::lgamma(x); }
};
struct LgammaGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * T(Digamma(x)); }
};
struct DigammaF {
  template <typename T> T operator()(T x) const { return T(Digamma(x)); }
};
struct DigammaGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * T(Trigamma(x)); }
};
struct ErfinvF {
  template <typename T> T operator()(T x) const { return T(Erfinv(x)); }
};
struct ErfinvGrad {
  using Reads = ReadsOut;  // 1 / erf'(Out) = sqrt(pi) / 2 * exp(Out^2)
  template <typename T> T operator()(T out, T dout) const {
    return dout * T(0.8862269254527580) * std::exp(out * out);
  }
};

// Modified Bessel functions of the first kind, orders 0 and 1 (i0 even, i1
// odd), and their exponentially scaled forms e^-|x| I(x) that stay finite.
struct I0 {
  template <typename T> T operator()(T x) const { return T(std::cyl_bessel_i(0.0, std::abs(double(x)))); }
};
struct I0Grad {  // I0' = I1
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * I1Of(x); }
  template <typename T> static T I1Of(T x) {
    const double v = std::cyl_bessel_i(1.0, std::abs(double(x)));
    return T(x < T(0) ? -v : v);
  }
};
struct I1 {
  template <typename T> T operator()(T x) const { return I0Grad::I1Of(x); }
};
struct I1Grad {  // I1' = I0 - I1 / x, 1/2 at 0
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    if (x == T(0)) return dout * T(0.5);
    return dout * (I0{}(x) - I0Grad::I1Of(x) / x);
  }
};
// e^-|x| I(x): asymptotic series for large |x|, where I(x) itself overflows.
double ScaledBessel(int order, double x) {
  const double a = std::abs(x);
  if (a < 700) return std::exp(-a) * std::cyl_bessel_i(double(order), a);
  const double mu = 4.0 * order * order;
  double term = 1, sum = 1;
  for (int k = 1; k < 12; ++k) {
    term *= -(mu - (2 * k - 1) * (2 * k - 1)) / (k * 8.0 * a);
    sum += term;
  }
  return sum / std::sqrt(2 * kPi * a);
}
struct I0e {
  template <typename T> T operator()(T x) const { return T(ScaledBessel(0, double(x))); }
};
struct I0eGrad {  // (e^-|x| I0)' = i1e(x) - sign(x) i0e(x)
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    const double s = (x > T(0)) - (x < T(0));
    return dout * T(s * ScaledBessel(1, double(x)) - s * ScaledBessel(0, double(x)));
  }
};
struct I1e {
  template <typename T> T operator()(T x) const {
    const double v = ScaledBessel(1, double(x));
    return T(x < T(0) ? -v : v);
  }
};
struct I1eGrad {  // (e^-|x| I1)' = i0e(x) - i1e(x) (sign(x) + 1 / x), 1/2 at 0
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    if (x == T(0)) return dout * T(0.5);
    const double xd = double(x), s = (x > T(0)) - (x < T(0));
    const double i1e = s * ScaledBessel(1, xd);
    return dout * T(ScaledBessel(0, xd) - i1e * (s + 1 / xd));
  }
};

struct Stanh {  // scale_b * tanh(scale_a * X)
  enum { kScaleA, kScaleB };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kScaleA, "scale_a", 0.67f, "Scale of X inside tanh.", "tanh 内 X 的缩放系数。")
        .Attr<float>(kScaleB, "scale_b", 1.7159f, "Scale of the tanh.", "tanh 结果的缩放系数。");
  }
  explicit Stanh(const KernelContext& ctx)
      : a(ctx.Attr<float>(kScaleA)), b(ctx.Attr<float>(kScaleB)) {}
  float a, b;
  template <typename T> T operator()(T x) const {
    return static_cast<T>(b) * std::tanh(static_cast<T>(a) * x);
  }
};
struct StanhGrad {
  using Reads = ReadsX;
  explicit StanhGrad(const KernelContext& ctx) : f(ctx) {}
  Stanh f;
  template <typename T> T operator()(T x, T dout) const {
    const T t = std::tanh(static_cast<T>(f.a) * x);
    return dout * static_cast<T>(f.a) * static_cast<T>(f.b) * (T(1) - t * t);
  }
};

// log(X / (1 - X)), X first clipped to [eps, 1 - eps] when eps > 0.
struct Logit {
  enum { kEps };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kEps, "eps", 1e-6f,
                   "X is clipped to [eps, 1 - eps] first (no clipping when 0).",
                   "先把 X 截断到 [eps, 1 - eps]（为 0 时不截断）。");
  }
  explicit Logit(const KernelContext& ctx) : eps(ctx.Attr<float>(kEps)) {}
  float eps;
  template <typename T> T operator()(T x) const {
    if (eps > 0) x = std::min(std::max(x, static_cast<T>(eps)), T(1) - static_cast<T>(eps));
    return std::log(x / (T(1) - x));
  }
};
struct LogitGrad {  // zero where X was clipped
  using Reads = ReadsX;
  explicit LogitGrad(const KernelContext& ctx) : f(ctx) {}
  Logit f;
  template <typename T> T operator()(T x, T dout) const {
    const T e = static_cast<T>(f.eps);
    if (f.eps > 0 && (x < e || x > T(1) - e)) return T(0);
    return dout / (x * (T(1) - x));
  }
};

PD_REGISTER_OP(acos)
    .Doc("Arc cosine, elementwise (radians in [0, pi]; NaN outside [-1, 1]).",
         "逐元素的反余弦（弧度，范围 [0, pi]；[-1, 1] 之外为 NaN）。")
    .Apply(Unary<Acos, AcosGrad, float, double>);

PD_REGISTER_OP(asin)
    .Doc("Arc sine, elementwise (radians in [-pi/2, pi/2]; NaN outside [-1, 1]).",
         "逐元素的反正弦（弧度，范围 [-pi/2, pi/2]；[-1, 1] 之外为 NaN）。")
    .Apply(Unary<Asin, AsinGrad, float, double>);

PD_REGISTER_OP(atan)
    .Doc("Arc tangent, elementwise (radians in (-pi/2, pi/2)).",
         "逐元素的反正切（弧度，范围 (-pi/2, pi/2)）。")
    .Apply(Unary<Atan, AtanGrad, float, double>);

PD_REGISTER_OP(acosh)
    .Doc("Inverse hyperbolic cosine, elementwise (NaN below 1).",
         "逐元素的反双曲余弦（小于 1 时为 NaN）。")
    .Apply(Unary<Acosh, AcoshGrad, float, double>);

PD_REGISTER_OP(asinh)
    .Doc("Inverse hyperbolic sine, elementwise.", "逐元素的反双曲正弦。")
    .Apply(Unary<Asinh, AsinhGrad, float, double>);

PD_REGISTER_OP(atanh)
    .Doc("Inverse hyperbolic tangent, elementwise (+-inf at +-1, NaN outside [-1, 1]).",
         "逐元素的反双曲正切（在 ±1 处为 ±inf，[-1, 1] 之外为 NaN）。")
    .Apply(Unary<Atanh, AtanhGrad, float, double>);

PD_REGISTER_OP(cosh)
    .Doc("Hyperbolic cosine, elementwise.", "逐元素的双曲余弦。")
    .Apply(Unary<Cosh, CoshGrad, float, double>);

PD_REGISTER_OP(sinh)
    .Doc("Hyperbolic sine, elementwise.", "逐元素的双曲正弦。")
    .Apply(Unary<Sinh, SinhGrad, float, double>);

PD_REGISTER_OP(tan)
    .Doc("Tangent, elementwise (radians).", "逐元素的正切（弧度）。")
    .Apply(Unary<Tan, TanGrad, float, double>);

PD_REGISTER_OP(log2)
    .Doc("Base-2 logarithm, elementwise.", "逐元素的以 2 为底的对数。")
    .Apply(Unary<Log2, Log2Grad, float, double>);

PD_REGISTER_OP(log10)
    .Doc("Base-10 logarithm, elementwise.", "逐元素的以 10 为底的对数。")
    .Apply(Unary<Log10, Log10Grad, float, double>);

PD_REGISTER_OP(expm1)
    .Doc("e^X - 1, elementwise, accurate for small X.", "逐元素计算 e^X - 1，X 很小时仍然精确。")
    .Apply(Unary<Expm1, Expm1Grad, float, double>);

PD_REGISTER_OP(lgamma)
    .Doc("Log of the absolute value of the gamma function, elementwise (inf at the poles).",
         "逐元素计算伽马函数绝对值的对数（在极点处为 inf）。")
    .Apply(Unary<Lgamma, LgammaGrad, float, double>);

PD_REGISTER_OP(digamma)
    .Doc("Digamma function, the derivative of lgamma, elementwise (-inf at +0, inf at -0, NaN at "
         "negative integers).",
         "逐元素的 digamma 函数，即 lgamma 的导数（+0 处为 -inf，-0 处为 inf，负整数处为 NaN）。")
    .Apply(Unary<DigammaF, DigammaGrad, float, double>);

PD_REGISTER_OP(erfinv)
    .Doc("Inverse error function, elementwise: erf(Out) = X (+-inf at and beyond +-1).",
         "逐元素的反误差函数：erf(Out) = X（X 在 ±1 及其以外时为 ±inf）。")
    .Apply(Unary<ErfinvF, ErfinvGrad, float, double>);

PD_REGISTER_OP(i0)
    .Doc("Modified Bessel function of the first kind, order 0, elementwise.",
         "逐元素的第一类修正贝塞尔函数（0 阶）。")
    .Apply(NamedUnary<LowerSlots, I0, I0Grad, float, double>);

PD_REGISTER_OP(i0e)
    .Doc("Exponentially scaled modified Bessel function of order 0: exp(-|x|) * i0(x).",
         "指数缩放的 0 阶修正贝塞尔函数：exp(-|x|) * i0(x)。")
    .Apply(NamedUnary<LowerSlots, I0e, I0eGrad, float, double>);

PD_REGISTER_OP(i1)
    .Doc("Modified Bessel function of the first kind, order 1, elementwise.",
         "逐元素的第一类修正贝塞尔函数（1 阶）。")
    .Apply(NamedUnary<LowerSlots, I1, I1Grad, float, double>);

PD_REGISTER_OP(i1e)
    .Doc("Exponentially scaled modified Bessel function of order 1: exp(-|x|) * i1(x).",
         "指数缩放的 1 阶修正贝塞尔函数：exp(-|x|) * i1(x)。")
    .Apply(NamedUnary<LowerSlots, I1e, I1eGrad, float, double>);

PD_REGISTER_OP(stanh)
    .Doc("Scaled tanh: Out = scale_b * tanh(scale_a * X).",
         "缩放的双曲正切：Out = scale_b * tanh(scale_a * X)。")
    .Apply(Unary<Stanh, StanhGrad, float, double>);

PD_REGISTER_OP(logit)
    .Doc("Logit, the inverse of the sigmoid: Out = log(X / (1 - X)), X clipped to "
         "[eps, 1 - eps] when eps > 0.",
         "logit，sigmoid 的反函数：Out = log(X / (1 - X))；eps > 0 时先把 X 截断到 [eps, 1 - eps]。")
    .Apply(Unary<Logit, LogitGrad, float, double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
