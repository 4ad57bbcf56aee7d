// Unary elementwise ops and activations (the unary family, unary.h): each is
// a forward functor and a gradient functor that reads X or Out.
#include <algorithm>
#include <cmath>

#include "core/ops/activation_functors.h"
#include "core/ops/unary.h"
#include "core/ops/vec_math.h"

namespace paddle {
namespace ops {
namespace {

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

struct SigmoidGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * out * (T(1) - out); }
};

struct TanhGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * Conj(T(1) - out * out); }
};

struct Exp {
  template <typename T> T operator()(T x) const {
    if constexpr (kIsComplex<T>) {
      return std::exp(x);
    } else {
      return vec::Exp(x);
    }
  }
};
struct ExpGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout * Conj(out); }
};

struct Log {
  template <typename T> T operator()(T x) const { return std::log(x); }
};
struct LogGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / Conj(x); }
};

struct Sqrt {
  template <typename T> T operator()(T x) const { return std::sqrt(x); }
};
struct SqrtGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return dout / (T(2) * Conj(out)); }
};

struct Square {
  template <typename T> T operator()(T x) const { return x * x; }
};
struct SquareGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return T(2) * Conj(x) * dout; }
};

struct Abs {  // real for complex X
  template <typename T> RealOfT<T> operator()(T x) const { return std::abs(x); }
};
struct AbsGrad {
  using Reads = ReadsX;  // d|x|/dx is sign(x), taken as 0 at 0 as PaddlePaddle does
  template <typename T> T operator()(T x, T dout) const {
    return x > T(0) ? dout : (x < T(0) ? -dout : T(0));
  }
};

// abs of a complex X is real: dX = dOut * X / |X| (0 at 0).
void AbsInferShape(InferShapeContext& ctx) {
  SameShape(ctx, unary::kX, unary::kOut);
  const DataType t = ctx.InputDtype(unary::kX);
  if (IsComplexDtype(t)) ctx.SetOutputDtype(unary::kOut, RealDtypeOf(t));
}

template <typename R>
void ComplexAbsGradKernel(KernelContext& ctx) {
  const std::complex<R>* x = ctx.Input(unary::kGradA).data<std::complex<R>>();
  const R* g = ctx.Input(unary::kGradOutGrad).data<R>();
  std::complex<R>* dx = ctx.Output(unary::kGradXGrad)->MutableData<std::complex<R>>(ctx.place());
  const int64_t n = ctx.Input(unary::kGradA).numel();
  for (int64_t i = 0; i < n; ++i) {
    const R m = std::abs(x[i]);
    dx[i] = m == R(0) ? std::complex<R>(0) : x[i] * (g[i] / m);
  }
}

struct Relu6 {  // PaddlePaddle 3.x fixes the threshold at 6
  template <typename T> T operator()(T x) const { return std::min(std::max(x, T(0)), T(6)); }
};
struct Relu6Grad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const {
    return out > T(0) && out < T(6) ? dout : T(0);
  }
};

struct Sin {
  template <typename T> T operator()(T x) const { return std::sin(x); }
};
struct SinGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout * Conj(std::cos(x)); }
};

struct Cos {
  template <typename T> T operator()(T x) const { return std::cos(x); }
};
struct CosGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return -dout * Conj(std::sin(x)); }
};

// Piecewise-constant ops: the gradient is zero almost everywhere.
struct ZeroGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T, T) const { return T(0); }
};
struct Floor {
  template <typename T> T operator()(T x) const { return std::floor(x); }
};
struct Ceil {
  template <typename T> T operator()(T x) const { return std::ceil(x); }
};
struct Trunc {  // toward zero; integers are whole already
  template <typename T> T operator()(T x) const {
    if constexpr (std::is_integral_v<T>) return x;
    else return std::trunc(x);
  }
};
struct Sign {
  template <typename T> T operator()(T x) const { return T((x > T(0)) - (x < T(0))); }
};
struct Round {  // halves to even (PaddlePaddle 3.3.1's rule), at `decimals` digits after the point
  enum { kDecimals };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<int32_t>(kDecimals, "decimals", 0,
                     "Digits after the decimal point to round to (negative: before it).",
                     "保留的小数位数（负数表示小数点前的位数）。");
  }
  explicit Round(const KernelContext& ctx)
      : scale(std::pow(10.0, ctx.Attr<int32_t>(kDecimals))) {}
  double scale;
  template <typename T> T operator()(T x) const {
    // nearbyint rounds in the default mode: to nearest, halves to even.
    return scale == 1.0 ? std::nearbyint(x) : static_cast<T>(std::nearbyint(x * scale) / scale);
  }
};

struct Reciprocal {
  template <typename T> T operator()(T x) const { return T(1) / x; }
};
struct ReciprocalGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return -dout * Conj(out * out); }
};

struct Rsqrt {
  template <typename T> T operator()(T x) const { return T(1) / std::sqrt(x); }
};
struct RsqrtGrad {
  using Reads = ReadsOut;
  template <typename T> T operator()(T out, T dout) const { return T(-0.5) * dout * out * out * out; }
};

struct Log1p {
  template <typename T> T operator()(T x) const { return std::log1p(x); }
};
struct Log1pGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / (T(1) + x); }
};

struct Erf {
  template <typename T> T operator()(T x) const { return vec::Erf(x); }
};
struct ErfGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    return dout * T(1.1283791670955126) * vec::Exp(-x * x);  // 2 / sqrt(pi)
  }
};

struct Softsign {
  template <typename T> T operator()(T x) const { return x / (T(1) + std::abs(x)); }
};
struct SoftsignGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    const T d = T(1) + std::abs(x);
    return dout / (d * d);
  }
};

// Where beta * x exceeds `threshold`, softplus is x itself (no overflow in exp).
struct Softplus {
  enum { kBeta, kThreshold };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kBeta, "beta", 1.0f, "Sharpness: Out = log(1 + exp(beta * X)) / beta.",
                   "陡峭程度：Out = log(1 + exp(beta * X)) / beta。")
        .Attr<float>(kThreshold, "threshold", 20.0f,
                     "Above this value of beta * X, Out = X (linear, no overflow).",
                     "beta * X 大于该值时 Out = X（线性，避免溢出）。");
  }
  explicit Softplus(const KernelContext& ctx)
      : beta(ctx.Attr<float>(kBeta)), threshold(ctx.Attr<float>(kThreshold)) {}
  float beta, threshold;
  template <typename T> T operator()(T x) const {
    const T bx = static_cast<T>(beta) * x;
    return bx > static_cast<T>(threshold) ? x : std::log1p(std::exp(bx)) / static_cast<T>(beta);
  }
};
struct SoftplusGrad {
  using Reads = ReadsX;
  explicit SoftplusGrad(const KernelContext& ctx) : f(ctx) {}
  Softplus f;
  template <typename T> T operator()(T x, T dout) const {
    const T bx = static_cast<T>(f.beta) * x;
    return bx > static_cast<T>(f.threshold) ? dout : dout / (T(1) + std::exp(-bx));
  }
};

struct Silu {  // also swish: X * sigmoid(X)
  template <typename T> T operator()(T x) const { return x / (T(1) + vec::Exp(-x)); }
};
struct SiluGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const {
    const T s = vec::Sigmoid(x);
    return dout * s * (T(1) + x * (T(1) - s));
  }
};

struct LogSigmoid {  // log(sigmoid(X)) without overflow: min(X, 0) - log1p(exp(-|X|))
  template <typename T> T operator()(T x) const {
    return std::min(x, T(0)) - std::log1p(std::exp(-std::abs(x)));
  }
};
struct LogSigmoidGrad {
  using Reads = ReadsX;
  template <typename T> T operator()(T x, T dout) const { return dout / (T(1) + std::exp(x)); }
};

struct Mish {
  enum { kThreshold };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kThreshold, "threshold", 20.0f,
                   "Above this value softplus(X) is taken as X (no overflow in exp).",
                   "X 大于该值时 softplus(X) 取为 X（避免 exp 溢出）。");
  }
  explicit Mish(const KernelContext& ctx) : threshold(ctx.Attr<float>(kThreshold)) {}
  float threshold;
  template <typename T> T Softplus(T x) const {
    return x > static_cast<T>(threshold) ? x : std::log1p(std::exp(x));
  }
  template <typename T> T operator()(T x) const { return x * std::tanh(Softplus(x)); }
};
struct MishGrad {
  using Reads = ReadsX;
  explicit MishGrad(const KernelContext& ctx) : f(ctx) {}
  Mish f;
  template <typename T> T operator()(T x, T dout) const {
    const T sp = f.Softplus(x), tsp = std::tanh(sp);
    const T dsp = x > static_cast<T>(f.threshold) ? T(1) : T(1) / (T(1) + std::exp(-x));
    return dout * (tsp + x * (T(1) - tsp * tsp) * dsp);
  }
};

struct HardSwish {  // X * min(max(X + offset, 0), threshold) / scale
  enum { kThreshold, kScale, kOffset };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kThreshold, "threshold", 6.0f, "Upper clip of X + offset.",
                   "X + offset 的上限。")
        .Attr<float>(kScale, "scale", 6.0f, "Divisor of the product.", "乘积的除数。")
        .Attr<float>(kOffset, "offset", 3.0f, "Added to X before clipping.", "截断前加到 X 上的偏移。");
  }
  explicit HardSwish(const KernelContext& ctx)
      : threshold(ctx.Attr<float>(kThreshold)), scale(ctx.Attr<float>(kScale)),
        offset(ctx.Attr<float>(kOffset)) {}
  float threshold, scale, offset;
  template <typename T> T operator()(T x) const {
    const T c = std::min(std::max(x + static_cast<T>(offset), T(0)), static_cast<T>(threshold));
    return x * c / static_cast<T>(scale);
  }
};
struct HardSwishGrad {
  using Reads = ReadsX;
  explicit HardSwishGrad(const KernelContext& ctx) : f(ctx) {}
  HardSwish f;
  template <typename T> T operator()(T x, T dout) const {
    const T t = x + static_cast<T>(f.offset);
    if (t <= T(0)) return T(0);
    if (t >= static_cast<T>(f.threshold)) return dout * static_cast<T>(f.threshold / f.scale);
    return dout * (T(2) * x + static_cast<T>(f.offset)) / static_cast<T>(f.scale);
  }
};

struct HardSigmoid {  // clip(slope * X + offset, 0, 1)
  enum { kSlope, kOffset };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kSlope, "slope", 0.2f, "Slope of the linear part.", "线性部分的斜率。")
        .Attr<float>(kOffset, "offset", 0.5f, "Offset of the linear part.", "线性部分的偏移。");
  }
  explicit HardSigmoid(const KernelContext& ctx)
      : slope(ctx.Attr<float>(kSlope)), offset(ctx.Attr<float>(kOffset)) {}
  float slope, offset;
  template <typename T> T operator()(T x) const {
    return std::min(std::max(static_cast<T>(slope) * x + static_cast<T>(offset), T(0)), T(1));
  }
};
struct HardSigmoidGrad {
  using Reads = ReadsOut;
  explicit HardSigmoidGrad(const KernelContext& ctx) : slope(ctx.Attr<float>(HardSigmoid::kSlope)) {}
  float slope;
  template <typename T> T operator()(T out, T dout) const {
    return out > T(0) && out < T(1) ? dout * static_cast<T>(slope) : T(0);
  }
};

struct Elu {
  enum { kAlpha };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kAlpha, "alpha", 1.0f, "Scale of the negative part.", "负半轴部分的系数。");
  }
  explicit Elu(const KernelContext& ctx) : alpha(ctx.Attr<float>(kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x) const {
    return x > T(0) ? x : static_cast<T>(alpha) * std::expm1(x);
  }
};
struct EluGrad {
  using Reads = ReadsX;
  explicit EluGrad(const KernelContext& ctx) : alpha(ctx.Attr<float>(Elu::kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x, T dout) const {
    return x > T(0) ? dout : dout * static_cast<T>(alpha) * std::exp(x);
  }
};

struct Celu {
  enum { kAlpha };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kAlpha, "alpha", 1.0f, "Scale of the negative part (not 0).",
                   "负半轴部分的系数（不为 0）。");
  }
  explicit Celu(const KernelContext& ctx) : alpha(ctx.Attr<float>(kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x) const {
    const T a = static_cast<T>(alpha);
    return x > T(0) ? x : a * std::expm1(x / a);
  }
};
struct CeluGrad {
  using Reads = ReadsX;
  explicit CeluGrad(const KernelContext& ctx) : alpha(ctx.Attr<float>(Celu::kAlpha)) {}
  float alpha;
  template <typename T> T operator()(T x, T dout) const {
    return x > T(0) ? dout : dout * std::exp(x / static_cast<T>(alpha));
  }
};

struct Selu {
  enum { kScale, kAlpha };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<float>(kScale, "scale", 1.0507010221481323f, "Scale of the whole output.",
                   "整个输出的缩放系数。")
        .Attr<float>(kAlpha, "alpha", 1.6732631921768188f, "Scale of the negative part.",
                     "负半轴部分的系数。");
  }
  explicit Selu(const KernelContext& ctx)
      : scale(ctx.Attr<float>(kScale)), alpha(ctx.Attr<float>(kAlpha)) {}
  float scale, alpha;
  template <typename T> T operator()(T x) const {
    return static_cast<T>(scale) * (x > T(0) ? x : static_cast<T>(alpha) * std::expm1(x));
  }
};
struct SeluGrad {
  using Reads = ReadsX;
  explicit SeluGrad(const KernelContext& ctx) : f(ctx) {}
  Selu f;
  template <typename T> T operator()(T x, T dout) const {
    const T s = static_cast<T>(f.scale);
    return x > T(0) ? dout * s : dout * s * static_cast<T>(f.alpha) * std::exp(x);
  }
};

// gelu, exact (GeluErf) or with the tanh approximation (GeluTanh); the
// attribute picks one functor per call (Visit), so a loop computes one formula.
struct Gelu {
  enum { kApproximate };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<bool>(kApproximate, "approximate", false,
                  "Use the tanh approximation 0.5 X (1 + tanh(sqrt(2/pi) (X + 0.044715 X^3))) "
                  "instead of the exact X Phi(X).",
                  "使用 tanh 近似 0.5 X (1 + tanh(sqrt(2/pi) (X + 0.044715 X^3)))，"
                  "而不是精确的 X Phi(X)。");
  }
  template <typename Fn> static void Visit(const KernelContext& ctx, Fn&& fn) {
    if (ctx.Attr<bool>(kApproximate)) fn(GeluTanh{});
    else fn(GeluErf{});
  }
};
struct GeluErfGrad {
  template <typename T> T operator()(T x, T dout) const {
    const T pdf = vec::Exp(T(-0.5) * x * x) * T(0.3989422804014327);  // 1 / sqrt(2 pi)
    return dout * (T(0.5) * (T(1) + vec::ErfAbs(x * T(0.7071067811865476))) + x * pdf);
  }
};
struct GeluTanhGrad {
  template <typename T> T operator()(T x, T dout) const {
    const T k = T(0.7978845608028654);
    const T t = vec::Tanh(k * (x + T(0.044715) * x * x * x));
    const T dt = (T(1) - t * t) * k * (T(1) + T(3) * T(0.044715) * x * x);
    return dout * T(0.5) * (T(1) + t + x * dt);
  }
};
struct GeluGrad {
  using Reads = ReadsX;
  template <typename Fn> static void Visit(const KernelContext& ctx, Fn&& fn) {
    if (ctx.Attr<bool>(Gelu::kApproximate)) fn(GeluTanhGrad{});
    else fn(GeluErfGrad{});
  }
};

// prelu: a leaky relu whose slope is a tensor, one for all (mode "all"), one
// per channel ("channel") or one per element ("element").
enum PreluIn { kPreluX, kAlpha };
enum PreluAttr { kPreluFormat, kMode };
enum PreluGradIn { kPGradX, kPGradAlpha, kPGradOutGrad };
enum PreluGradOut { kPGradXGrad, kPGradAlphaGrad };

// Which Alpha element applies to X's element i.
struct AlphaIndex {
  int mode = 0;  // 0 all, 1 channel, 2 element
  int64_t c = 1, inner = 1;  // element: c is the size of one item (Alpha's numel)
  bool last = false;
  int64_t operator()(int64_t i) const {
    if (mode == 0) return 0;
    if (mode == 2) return i % c;
    return last ? i % c : (i / inner) % c;
  }
};

AlphaIndex AlphaIndexOf(const std::string& op, const DDim& x, const DDim& alpha,
                        const std::string& mode, const std::string& format) {
  AlphaIndex a;
  int64_t want = 1;
  if (mode == "channel") {
    PD_CHECK(x.rank() >= 2, InvalidArgument, "[", op, "] mode 'channel' needs X of rank >= 2, got ",
             x.ToString());
    a.mode = 1;
    a.last = format == "NHWC";
    const int ch = a.last ? x.rank() - 1 : 1;
    a.c = x[ch];
    a.inner = DimsProduct(x, ch + 1, x.rank());
    want = a.c;
  } else if (mode == "element") {
    a.mode = 2;
    want = x.numel() < 0 ? -1 : DDim(x.data() + 1, x.rank() - 1).numel();
    PD_CHECK(x.rank() >= 1, InvalidArgument, "[", op, "] mode 'element' needs X of rank >= 1");
    a.c = want;
  }
  const int64_t n = alpha.numel();
  PD_CHECK(n < 0 || want < 0 || n == want, InvalidArgument, "[", op, "] Alpha ", alpha.ToString(),
           " must have ", want, " elements for mode '", mode, "' and X ", x.ToString());
  return a;
}

void PreluInferShape(InferShapeContext& ctx) {
  AlphaIndexOf(ctx.op_type(), ctx.InputDim(kPreluX), ctx.InputDim(kAlpha),
               ctx.Attr<std::string>(kMode), ctx.Attr<std::string>(kPreluFormat));
  SameShape(ctx, kPreluX, 0);
}

template <typename T>
void PreluKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kPreluX);
  const DenseTensor& alpha = ctx.Input(kAlpha);
  AlphaIndex a = AlphaIndexOf(ctx.op_type(), x.dims(), alpha.dims(), ctx.Attr<std::string>(kMode),
                              ctx.Attr<std::string>(kPreluFormat));
  const T* xp = x.data<T>();
  const T* ap = alpha.data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    const T v = xp[i];
    o[i] = v > T(0) ? v : ap[a(i)] * v;
  }
}

void PreluGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kPGradX, kPGradOutGrad);
  GradShapeLike(ctx, kPGradX, kPGradXGrad);
  GradShapeLike(ctx, kPGradAlpha, kPGradAlphaGrad);
}

// dX = dOut where X > 0, else alpha * dOut; dAlpha sums X * dOut where X <= 0.
template <typename T>
void PreluGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kPGradX);
  const DenseTensor& alpha = ctx.Input(kPGradAlpha);
  AlphaIndex a = AlphaIndexOf(ctx.op_type(), x.dims(), alpha.dims(), ctx.Attr<std::string>(kMode),
                              ctx.Attr<std::string>(kPreluFormat));
  const T* xp = x.data<T>();
  const T* ap = alpha.data<T>();
  const T* g = ctx.Input(kPGradOutGrad).data<T>();
  T* dx = ctx.HasOutput(kPGradXGrad) ? ctx.Output(kPGradXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* da = ctx.HasOutput(kPGradAlphaGrad) ? ctx.Output(kPGradAlphaGrad)->MutableData<T>(ctx.place())
                                         : nullptr;
  if (da) std::fill(da, da + alpha.numel(), T(0));
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t k = a(i);
    const T v = xp[i];
    if (dx) dx[i] = v > T(0) ? g[i] : ap[k] * g[i];
    if (da && !(v > T(0))) da[k] += v * g[i];
  }
}

PD_REGISTER_OP(prelu)
    .Doc("Parametric relu: Out = X where X > 0, else Alpha * X, with one Alpha for all "
         "elements (mode all), per channel (channel) or per element of an item (element).",
         "带参数的 relu：X > 0 时 Out = X，否则 Out = Alpha * X；Alpha 对所有元素共用（mode all）、"
         "按通道（channel）或按单个样本的每个元素（element）。")
    .Input(kPreluX, "X", "The input.", "输入。")
    .Input(kAlpha, "Alpha", "The slopes: 1, C, or one per element of an item.",
           "斜率：1 个、C 个，或单个样本每个元素各一个。")
    .Output(0, "Out", "The result, X's shape.", "结果，形状同 X。")
    .Attr(kPreluFormat, "data_format", "NCHW", "Where the channel is for mode channel: NCHW or NHWC.",
          "mode 为 channel 时通道的位置：NCHW 或 NHWC。")
    .OneOf({"NCHW", "NHWC", "NCDHW", "NDHWC"})
    .Attr(kMode, "mode", "all", "all, channel or element.", "all、channel 或 element。")
    .OneOf({"all", "channel", "element"})
    .InferShape(PreluInferShape)
    .CpuKernel<float>(PreluKernel<float>)
    .CpuKernel<double>(PreluKernel<double>)
    .Grad()
    .Reads(kPGradX, "X")
    .Reads(kPGradAlpha, "Alpha")
    .OutputGrad(kPGradOutGrad, "Out")
    .InputGrad(kPGradXGrad, "X")
    .InputGrad(kPGradAlphaGrad, "Alpha")
    .InferShape(PreluGradInferShape)
    .CpuKernel<float>(PreluGradKernel<float>)
    .CpuKernel<double>(PreluGradKernel<double>);

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
    .Apply(Unary<Tanh, TanhGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(exp)
    .Doc("Exponential, elementwise: Out = e^X.", "逐元素的指数函数：Out = e^X。")
    .Apply(Unary<Exp, ExpGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(log)
    .Doc("Natural logarithm, elementwise: Out = ln(X) (NaN for X < 0, -inf at 0).",
         "逐元素的自然对数：Out = ln(X)（X < 0 时为 NaN，X = 0 时为 -inf）。")
    .Apply(Unary<Log, LogGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(sqrt)
    .Doc("Square root, elementwise: Out = sqrt(X) (NaN for X < 0).",
         "逐元素的平方根：Out = sqrt(X)（X < 0 时为 NaN）。")
    .Apply(Unary<Sqrt, SqrtGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(square)
    .Doc("Square, elementwise: Out = X * X.", "逐元素的平方：Out = X * X。")
    .Apply(Unary<Square, SquareGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(abs)
    .Doc("Absolute value, elementwise: Out = |X| (the modulus for complex X, Out then real).",
         "逐元素的绝对值：Out = |X|（复数 X 取模，Out 为实数）。")
    .Input(unary::kX, "X", "The input tensor, any shape.", "输入张量，形状任意。")
    .Output(unary::kOut, "Out", "The result, same shape and LoD as X.", "结果，形状与 LoD 同 X。")
    .InferShape(AbsInferShape)
    .Inplace("X", "Out")  // a real Out is never larger than X
    .CpuKernel<float>(unary::Kernel<Abs, float>)
    .CpuKernel<double>(unary::Kernel<Abs, double>)
    .CpuKernel<complex64>(unary::Kernel<Abs, complex64>)
    .CpuKernel<complex128>(unary::Kernel<Abs, complex128>)
    .Grad()
    .Reads(unary::kGradA, "X")
    .OutputGrad(unary::kGradOutGrad, "Out")
    .InputGrad(unary::kGradXGrad, "X")
    .InferShape(unary::GradInferShape)
    .KernelDtypeFrom("X")  // Out@GRAD is real for complex X
    .CpuKernel<float>(unary::GradKernel<AbsGrad, float>)
    .CpuKernel<double>(unary::GradKernel<AbsGrad, double>)
    .CpuKernel<complex64>(ComplexAbsGradKernel<float>)
    .CpuKernel<complex128>(ComplexAbsGradKernel<double>);

PD_REGISTER_OP(relu6)
    .Doc("relu capped at 6: Out = min(max(X, 0), 6).", "上限为 6 的 relu：Out = min(max(X, 0), 6)。")
    .Apply(Unary<Relu6, Relu6Grad, float, double>);

PD_REGISTER_OP(sin)
    .Doc("Sine, elementwise (radians).", "逐元素的正弦（弧度）。")
    .Apply(Unary<Sin, SinGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(cos)
    .Doc("Cosine, elementwise (radians).", "逐元素的余弦（弧度）。")
    .Apply(Unary<Cos, CosGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(floor)
    .Doc("Largest integer not above X, elementwise; the gradient is zero.",
         "逐元素向下取整；梯度为零。")
    .Apply(Unary<Floor, ZeroGrad, float, double>);

PD_REGISTER_OP(ceil)
    .Doc("Smallest integer not below X, elementwise; the gradient is zero.",
         "逐元素向上取整；梯度为零。")
    .Apply(Unary<Ceil, ZeroGrad, float, double>);

PD_REGISTER_OP(trunc)
    .Doc("Rounds X toward zero, elementwise (integers unchanged); the gradient is zero.",
         "逐元素向零取整（整数不变）；梯度为零。")
    .Apply(Unary<Trunc, ZeroGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(round)
    .Doc("Rounds X to `decimals` digits, halves to even; the gradient is zero.",
         "把 X 舍入到 decimals 位小数，恰为一半时舍入到偶数；梯度为零。")
    .Apply(Unary<Round, ZeroGrad, float, double>);

PD_REGISTER_OP(sign)
    .Doc("Sign of X, elementwise: -1, 0 or 1; the gradient is zero.",
         "逐元素的符号函数：-1、0 或 1；梯度为零。")
    .Apply(Unary<Sign, ZeroGrad, float, double>);

PD_REGISTER_OP(reciprocal)
    .Doc("Reciprocal, elementwise: Out = 1 / X.", "逐元素的倒数：Out = 1 / X。")
    .Apply(Unary<Reciprocal, ReciprocalGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(rsqrt)
    .Doc("Reciprocal square root, elementwise: Out = 1 / sqrt(X).",
         "逐元素的平方根倒数：Out = 1 / sqrt(X)。")
    .Apply(Unary<Rsqrt, RsqrtGrad, float, double>);

PD_REGISTER_OP(log1p)
    .Doc("log(1 + X), elementwise, accurate for small X.", "逐元素计算 log(1 + X)，X 很小时仍然精确。")
    .Apply(Unary<Log1p, Log1pGrad, float, double>);

PD_REGISTER_OP(erf)
    .Doc("Gauss error function, elementwise.", "逐元素的高斯误差函数。")
    .Apply(Unary<Erf, ErfGrad, float, double>);

PD_REGISTER_OP(softsign)
    .Doc("Softsign: Out = X / (1 + |X|).", "Softsign 激活函数：Out = X / (1 + |X|)。")
    .Apply(Unary<Softsign, SoftsignGrad, float, double>);

PD_REGISTER_OP(softplus)
    .Doc("Softplus: Out = log(1 + exp(beta * X)) / beta, and X where beta * X > threshold.",
         "Softplus：Out = log(1 + exp(beta * X)) / beta；beta * X > threshold 时 Out = X。")
    .Apply(Unary<Softplus, SoftplusGrad, float, double>);

PD_REGISTER_OP(silu)
    .Doc("SiLU: Out = X * sigmoid(X).", "SiLU 激活函数：Out = X * sigmoid(X)。")
    .Apply(Unary<Silu, SiluGrad, float, double>);

PD_REGISTER_OP(swish)
    .Doc("Swish (PaddlePaddle 3.x, beta = 1): Out = X * sigmoid(X).",
         "Swish 激活函数（PaddlePaddle 3.x 中 beta = 1）：Out = X * sigmoid(X)。")
    .Apply(Unary<Silu, SiluGrad, float, double>);

PD_REGISTER_OP(logsigmoid)
    .Doc("Log of the sigmoid: Out = -log(1 + exp(-X)), computed without overflow.",
         "sigmoid 的对数：Out = -log(1 + exp(-X))，计算时不会溢出。")
    .Apply(Unary<LogSigmoid, LogSigmoidGrad, float, double>);

PD_REGISTER_OP(mish)
    .Doc("Mish: Out = X * tanh(softplus(X)).", "Mish 激活函数：Out = X * tanh(softplus(X))。")
    .Apply(Unary<Mish, MishGrad, float, double>);

PD_REGISTER_OP(hard_swish)
    .Doc("Hard swish: Out = X * min(max(X + offset, 0), threshold) / scale.",
         "Hard swish 激活函数：Out = X * min(max(X + offset, 0), threshold) / scale。")
    .Apply(Unary<HardSwish, HardSwishGrad, float, double>);

PD_REGISTER_OP(hard_sigmoid)
    .Doc("Hard sigmoid: Out = min(max(slope * X + offset, 0), 1).",
         "Hard sigmoid 激活函数：Out = min(max(slope * X + offset, 0), 1)。")
    .Apply(Unary<HardSigmoid, HardSigmoidGrad, float, double>);

PD_REGISTER_OP(elu)
    .Doc("ELU: Out = X where X > 0, else alpha * (exp(X) - 1).",
         "ELU：X > 0 时 Out = X，否则 Out = alpha * (exp(X) - 1)。")
    .Apply(Unary<Elu, EluGrad, float, double>);

PD_REGISTER_OP(celu)
    .Doc("CELU: Out = X where X > 0, else alpha * (exp(X / alpha) - 1).",
         "CELU：X > 0 时 Out = X，否则 Out = alpha * (exp(X / alpha) - 1)。")
    .Apply(Unary<Celu, CeluGrad, float, double>);

PD_REGISTER_OP(selu)
    .Doc("SELU: Out = scale * (X where X > 0, else alpha * (exp(X) - 1)).",
         "SELU：Out = scale * （X > 0 时为 X，否则为 alpha * (exp(X) - 1)）。")
    .Apply(Unary<Selu, SeluGrad, float, double>);

PD_REGISTER_OP(gelu)
    .Doc("GELU: Out = X * Phi(X), Phi the standard normal CDF (or its tanh approximation).",
         "GELU：Out = X * Phi(X)，Phi 为标准正态分布的累积分布函数（或其 tanh 近似）。")
    .Apply(Unary<Gelu, GeluGrad, float, double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
