// Unary elementwise ops and activations (the unary family, unary.h): each is
// a forward functor and a gradient functor that reads X or Out.
#include <cmath>

#include "core/ops/unary.h"

namespace paddle {
namespace ops {
namespace {

struct Relu {
  template <typename T> T operator()(T x) const { return x > T(0) ? x : T(0); }
};
struct ReluGrad {
  using Reads = ReadsOut;  // Out > 0 exactly where X > 0, so X may be freed or overwritten
  template <typename T> T operator()(T out, T dout) const { return out > T(0) ? dout : T(0); }
};

struct LeakyRelu {
  enum { kAlpha };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kAlpha, "alpha", 0.02f, "Slope for negative inputs.", "输入为负时的斜率。");
  }
  explicit LeakyRelu(const KernelContext& ctx) : alpha(ctx.Attr<float>(kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x) const { return x > T(0) ? x : static_cast<T>(alpha) * x; }
};
struct LeakyReluGrad {
  using Reads = ReadsX;  // alpha may be negative: the sign of Out does not give X's
  explicit LeakyReluGrad(const KernelContext& ctx) : alpha(ctx.Attr<float>(LeakyRelu::kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x, T dout) const {
    return x > T(0) ? dout : static_cast<T>(alpha) * dout;
  }
};

struct Sigmoid {
  template <typename T> T operator()(T x) const { return T(1) / (T(1) + std::exp(-x)); }
};
struct SigmoidGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * out * (T(1) - out); }
};

struct Tanh {
  template <typename T> T operator()(T x) const { return std::tanh(x); }
};
struct TanhGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * (T(1) - out * out); }
};

struct Exp {
  template <typename T> T operator()(T x) const { return std::exp(x); }
};
struct ExpGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * out; }
};

struct Log {
  template <typename T> T operator()(T x) const { return std::log(x); }
};
struct LogGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / x; }
};

struct Sqrt {
  template <typename T> T operator()(T x) const { return std::sqrt(x); }
};
struct SqrtGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout / (T(2) * out); }
};

struct Square {
  template <typename T> T operator()(T x) const { return x * x; }
};
struct SquareGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return T(2) * x * dout; }
};

struct Abs {
  template <typename T> T operator()(T x) const { return std::abs(x); }
};
struct AbsGrad {
  using Reads = ReadsX;  // d|x|/dx is sign(x), taken as 0 at 0 as PaddlePaddle does
  template <typename T> T operator()(T x, T dout) const {
    return x > T(0) ? dout : (x < T(0) ? -dout : T(0));
  }
};

PD_REGISTER_OP(relu)
    .Doc("Rectified linear unit, elementwise: Out = max(X, 0).",
         "逐元素的线性整流函数：Out = max(X, 0)。")
    .Apply(Unary<Relu, ReluGrad, float, double>);

PD_REGISTER_OP(leaky_relu)
    .Doc("Leaky rectified linear unit: Out = X where X > 0, else alpha * X.",
         "带泄漏的线性整流函数：X > 0 时 Out = X，否则 Out = alpha * X。")
    .Apply(Unary<LeakyRelu, LeakyReluGrad, float, double>);

PD_REGISTER_OP(sigmoid)
    .Doc("Logistic sigmoid, elementwise: Out = 1 / (1 + exp(-X)).",
         "逐元素的 logistic sigmoid：Out = 1 / (1 + exp(-X))。")
    .Apply(Unary<Sigmoid, SigmoidGrad, float, double>);

PD_REGISTER_OP(tanh)
    .Doc("Hyperbolic tangent, elementwise: Out = tanh(X).", "逐元素的双曲正切：Out = tanh(X)。")
    .Apply(Unary<Tanh, TanhGrad, float, double>);

PD_REGISTER_OP(exp)
    .Doc("Exponential, elementwise: Out = e^X.", "逐元素的指数函数：Out = e^X。")
    .Apply(Unary<Exp, ExpGrad, float, double>);

PD_REGISTER_OP(log)
    .Doc("Natural logarithm, elementwise: Out = ln(X) (NaN for X < 0, -inf at 0).",
         "逐元素的自然对数：Out = ln(X)（X < 0 时为 NaN，X = 0 时为 -inf）。")
    .Apply(Unary<Log, LogGrad, float, double>);

PD_REGISTER_OP(sqrt)
    .Doc("Square root, elementwise: Out = sqrt(X) (NaN for X < 0).",
         "逐元素的平方根：Out = sqrt(X)（X < 0 时为 NaN）。")
    .Apply(Unary<Sqrt, SqrtGrad, float, double>);

PD_REGISTER_OP(square)
    .Doc("Square, elementwise: Out = X * X.", "逐元素的平方：Out = X * X。")
    .Apply(Unary<Square, SquareGrad, float, double>);

PD_REGISTER_OP(abs)
    .Doc("Absolute value, elementwise: Out = |X|.", "逐元素的绝对值：Out = |X|。")
    .Apply(Unary<Abs, AbsGrad, float, double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
