// Random ops: uniform_random, gaussian_random, truncated_gaussian_random,
// randint, randperm, bernoulli, binomial, standard_gamma, dropout. Each run draws from the engine
// core/framework/generator.h leases it: its own, seeded by the op's non-zero
// `seed`, so the same numbers every run, else the default generator's shared
// one. The draws are sequential on that engine (so a seed gives one sequence
// whatever the thread count) and follow PaddlePaddle's CPU kernels: std::mt19937_64 with the
// standard distributions, so a seeded uniform or gaussian gives its numbers.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/generator.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// Out's element type from attribute `attr` (a VarType code), one of `allowed`.
template <typename Ctx>
DataType OutDtype(const Ctx& ctx, int attr, const std::vector<DataType>& allowed) {
  const int32_t code = ctx.template Attr<int32_t>(attr);
  const DataType t = DataTypeFromCode(code, "[" + ctx.op_type() + "] attribute 'dtype'");
  std::vector<std::string> names;
  for (DataType a : allowed) names.push_back(DataTypeName(a));
  PD_CHECK(std::find(allowed.begin(), allowed.end(), t) != allowed.end(), InvalidArgument, "[",
           ctx.op_type(), "] attribute 'dtype' ", code, " (", DataTypeName(t), ") must be one of ",
           StrJoin(names));
  return t;
}

const std::vector<DataType> kReal = {DataType::kFloat32, DataType::kFloat64};

// Calls fn(T{}) for float32 or float64 (checked by OutDtype at shape inference).
template <typename Fn>
void VisitReal(DataType t, Fn&& fn) {
  if (t == DataType::kFloat64) return fn(double{});
  fn(float{});
}

// Output 0 resized to `dims`, its elements of type T.
template <typename T>
T* MakeOut(KernelContext& ctx, const DDim& dims) {
  DenseTensor* out = ctx.Output(0);
  out->Resize(dims);
  return out->MutableData<T>(ctx.place());
}

uint64_t SeedAttr(const KernelContext& ctx, int seed_attr) {
  return static_cast<uint64_t>(int64_t{ctx.Attr<int32_t>(seed_attr)});
}

void CheckStd(const InferShapeContext& ctx, int attr, bool zero_ok) {
  const float sd = ctx.Attr<float>(attr);
  PD_CHECK(zero_ok ? sd >= 0 : sd > 0, InvalidArgument, "[", ctx.op_type(), "] std ", sd,
           zero_ok ? " must be >= 0" : " must be > 0");
}

// The ops that take a shape (attribute, ShapeTensor or ShapeTensorList).
enum ShapeIn { kShapeTensor, kShapeTensorList };

void ShapeInputs(OpDefBuilder& op) {
  op.Input(kShapeTensor, "ShapeTensor", "Optional 1-D int32/int64 tensor overriding `shape`.",
             "可选的一维 int32/int64 张量，取代 shape 属性。")
      .Dispensable()
      .Input(kShapeTensorList, "ShapeTensorList",
             "Optional one-element int32/int64 tensors (one per dim) overriding `shape`.",
             "可选的单元素 int32/int64 张量列表（每维一个），取代 shape 属性。")
      .Duplicable()
      .Dispensable()
      .Output(0, "Out", "The random tensor.", "随机张量。");
}

const char kSeedEn[] = "Seed of this op's numbers: non-zero gives the same numbers every run; "
                       "0 draws from the default generator.";
const char kSeedZh[] = "本算子随机数的种子：非零时每次运行得到相同的数；为 0 时取自默认生成器。";

const char kRealDtypeEn[] = "The element type (VarType code; 5 = float32, 6 = float64).";
const char kRealDtypeZh[] = "元素类型（VarType 编码；5 为 float32，6 为 float64）。";

DDim ShapeOf(const KernelContext& ctx, int shape_attr) {
  return ShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(shape_attr));
}

// ---- uniform_random ----

enum UniformAttr { kUShape, kUDtype, kUMin, kUMax, kUSeed, kUDiagNum, kUDiagStep, kUDiagVal };

void UniformInferShape(InferShapeContext& ctx) {
  InferShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(kUShape), 0);
  ctx.SetOutputDtype(0, OutDtype(ctx, kUDtype, kReal));
  const float lo = ctx.Attr<float>(kUMin), hi = ctx.Attr<float>(kUMax);
  PD_CHECK(lo <= hi && std::isfinite(lo) && std::isfinite(hi), InvalidArgument, "[",
           ctx.op_type(), "] min ", lo, " and max ", hi, " must be finite with min <= max");
  PD_CHECK(ctx.Attr<int32_t>(kUDiagNum) <= 0 || ctx.Attr<int32_t>(kUDiagStep) >= 0,
           InvalidArgument, "[", ctx.op_type(), "] diag_step ", ctx.Attr<int32_t>(kUDiagStep),
           " must be >= 0");
}

void UniformKernel(KernelContext& ctx) {
  const DDim dims = ShapeOf(ctx, kUShape);
  const int64_t n = dims.numel();
  const int64_t diag_num = ctx.Attr<int32_t>(kUDiagNum), step = ctx.Attr<int32_t>(kUDiagStep) + 1;
  // Element i * (diag_step + 1) of the first diag_num is diag_val.
  const int64_t last = diag_num > 0 ? MulSize(diag_num - 1, step, ctx.op_type(), "diagonal") : -1;
  PD_CHECK(last < n, InvalidArgument, "[", ctx.op_type(), "] diag_num ", diag_num,
           " with diag_step ", step - 1, " reaches element ", last, " of Out ", dims.ToString());
  EngineLease lease(SeedAttr(ctx, kUSeed));
  RandomEngine& engine = *lease;
  VisitReal(OutDtype(ctx, kUDtype, kReal), [&](auto tag) {
    using T = decltype(tag);
    T* out = MakeOut<T>(ctx, dims);
    std::uniform_real_distribution<T> dist(ctx.Attr<float>(kUMin), ctx.Attr<float>(kUMax));
    for (int64_t i = 0; i < n; ++i) out[i] = dist(engine);
    for (int64_t i = 0; i < diag_num; ++i) out[i * step] = static_cast<T>(ctx.Attr<float>(kUDiagVal));
  });
}

// ---- gaussian_random ----

enum GaussianAttr { kGShape, kGMean, kGStd, kGSeed, kGDtype };

void GaussianInferShape(InferShapeContext& ctx) {
  InferShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(kGShape), 0);
  ctx.SetOutputDtype(0, OutDtype(ctx, kGDtype, kReal));
  CheckStd(ctx, kGStd, true);
}

void GaussianKernel(KernelContext& ctx) {
  const DDim dims = ShapeOf(ctx, kGShape);
  EngineLease lease(SeedAttr(ctx, kGSeed));
  RandomEngine& engine = *lease;
  const float mean = ctx.Attr<float>(kGMean), sd = ctx.Attr<float>(kGStd);
  VisitReal(OutDtype(ctx, kGDtype, kReal), [&](auto tag) {
    using T = decltype(tag);
    T* out = MakeOut<T>(ctx, dims);
    if (sd == 0) return std::fill(out, out + dims.numel(), static_cast<T>(mean));
    std::normal_distribution<T> dist(mean, sd);
    for (int64_t i = 0; i < dims.numel(); ++i) out[i] = dist(engine);
  });
}

// ---- truncated_gaussian_random ----

enum TruncatedAttr { kTShape, kTMean, kTStd, kTSeed, kTA, kTB, kTDtype };

std::vector<int64_t> TruncatedShape(const std::vector<int32_t>& shape) {
  return std::vector<int64_t>(shape.begin(), shape.end());
}

void TruncatedInferShape(InferShapeContext& ctx) {
  InferShapeArg(ctx, -1, -1, TruncatedShape(ctx.Attr<std::vector<int32_t>>(kTShape)), 0);
  ctx.SetOutputDtype(0, OutDtype(ctx, kTDtype, kReal));
  CheckStd(ctx, kTStd, false);
  const float a = ctx.Attr<float>(kTA), b = ctx.Attr<float>(kTB);
  PD_CHECK(a < b, InvalidArgument, "[", ctx.op_type(), "] the bounds a ", a, " and b ", b,
           " must satisfy a < b");
}

double NormalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// The standard normal quantile for p in (0, 1): Abramowitz and Stegun's
// 26.2.23 (error below 4.5e-4) refined by Halley steps on NormalCdf(x) - p.
double NormalQuantile(double p) {
  const double t = std::sqrt(-2.0 * std::log(std::min(p, 1.0 - p)));
  double x = t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
                     (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  if (p < 0.5) x = -x;
  for (int i = 0; i < 3; ++i) {
    const double pdf = std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI);
    const double e = (NormalCdf(x) - p) / pdf;
    if (!std::isfinite(e)) break;
    x -= e / (1.0 + 0.5 * x * e);
  }
  return x;
}

// N(mean, std) restricted to [a, b], by inverting the CDF over [Φ(α), Φ(β)]
// (α, β: the bounds in std units). An interval right of the mean is sampled
// mirrored, where the CDF's small values keep their precision.
void TruncatedKernel(KernelContext& ctx) {
  const DDim dims = DDim(TruncatedShape(ctx.Attr<std::vector<int32_t>>(kTShape)));
  const double mean = ctx.Attr<float>(kTMean), sd = ctx.Attr<float>(kTStd);
  const double a = ctx.Attr<float>(kTA), b = ctx.Attr<float>(kTB);
  const bool mirror = a > mean;
  const double alpha = mirror ? (mean - b) / sd : (a - mean) / sd;
  const double beta = mirror ? (mean - a) / sd : (b - mean) / sd;
  const double lo = NormalCdf(alpha), width = NormalCdf(beta) - lo;
  EngineLease lease(SeedAttr(ctx, kTSeed));
  RandomEngine& engine = *lease;
  std::uniform_real_distribution<double> dist(0.0, 1.0);
  VisitReal(OutDtype(ctx, kTDtype, kReal), [&](auto tag) {
    using T = decltype(tag);
    T* out = MakeOut<T>(ctx, dims);
    for (int64_t i = 0; i < dims.numel(); ++i) {
      const double p = lo + dist(engine) * width;
      double z = p <= 0.0 ? alpha : p >= 1.0 ? beta : NormalQuantile(p);
      z = std::clamp(z, alpha, beta);
      out[i] = static_cast<T>(std::clamp(mean + (mirror ? -z : z) * sd, a, b));
    }
  });
}

// ---- randint ----

enum RandintAttr { kRLow, kRHigh, kRShape, kRDtype, kRSeed };
const std::vector<DataType> kInts = {DataType::kInt32, DataType::kInt64};

void RandintInferShape(InferShapeContext& ctx) {
  InferShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(kRShape), 0);
  ctx.SetOutputDtype(0, OutDtype(ctx, kRDtype, kInts));
  PD_CHECK(ctx.Attr<int32_t>(kRLow) < ctx.Attr<int32_t>(kRHigh), InvalidArgument, "[",
           ctx.op_type(), "] low ", ctx.Attr<int32_t>(kRLow), " must be < high ",
           ctx.Attr<int32_t>(kRHigh));
}

void RandintKernel(KernelContext& ctx) {
  const DDim dims = ShapeOf(ctx, kRShape);
  EngineLease lease(SeedAttr(ctx, kRSeed));
  RandomEngine& engine = *lease;
  std::uniform_int_distribution<int64_t> dist(ctx.Attr<int32_t>(kRLow),
                                              int64_t{ctx.Attr<int32_t>(kRHigh)} - 1);
  auto fill = [&](auto* out) {
    for (int64_t i = 0; i < dims.numel(); ++i)
      out[i] = static_cast<std::remove_pointer_t<decltype(out)>>(dist(engine));
  };
  if (OutDtype(ctx, kRDtype, kInts) == DataType::kInt32) fill(MakeOut<int32_t>(ctx, dims));
  else fill(MakeOut<int64_t>(ctx, dims));
}

// ---- randperm ----

enum RandpermAttr { kPN, kPDtype };
const std::vector<DataType> kPermTypes = {DataType::kInt32, DataType::kInt64, DataType::kFloat32,
                                          DataType::kFloat64};

void RandpermInferShape(InferShapeContext& ctx) {
  const int32_t n = ctx.Attr<int32_t>(kPN);
  PD_CHECK(n > 0, InvalidArgument, "[", ctx.op_type(), "] n ", n, " must be > 0");
  ctx.SetOutputDim(0, DDim{n});
  ctx.SetOutputDtype(0, OutDtype(ctx, kPDtype, kPermTypes));
}

// 0 .. n-1 shuffled (randperm has no seed attribute: the default generator).
void RandpermKernel(KernelContext& ctx) {
  const DDim dims{ctx.Attr<int32_t>(kPN)};
  EngineLease lease(0);
  RandomEngine& engine = *lease;
  auto fill = [&](auto* out) {
    std::iota(out, out + dims[0], 0);
    std::shuffle(out, out + dims[0], engine);
  };
  switch (OutDtype(ctx, kPDtype, kPermTypes)) {
    case DataType::kInt32: return fill(MakeOut<int32_t>(ctx, dims));
    case DataType::kFloat32: return fill(MakeOut<float>(ctx, dims));
    case DataType::kFloat64: return fill(MakeOut<double>(ctx, dims));
    default: return fill(MakeOut<int64_t>(ctx, dims));
  }
}

// ---- bernoulli ----

// Out[i] is 1 with probability X[i], else 0 (no seed attribute: the default
// generator). An X outside [0, 1] (or NaN) is an error, nothing drawn.
template <typename T>
void BernoulliKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const T* p = x.data<T>();
  const int64_t n = x.numel();
  const T* bad = std::find_if(p, p + n, [](T v) { return !(v >= T(0) && v <= T(1)); });
  PD_CHECK(bad == p + n, InvalidArgument, "[", ctx.op_type(), "] X holds probabilities in [0, 1], got ",
           bad == p + n ? T(0) : *bad, " at element ", bad - p, " of X ", x.dims().ToString());
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  EngineLease lease(0);
  RandomEngine& engine = *lease;
  std::uniform_real_distribution<T> dist(T(0), T(1));
  for (int64_t i = 0; i < n; ++i) out[i] = dist(engine) < p[i] ? T(1) : T(0);
}

// ---- binomial, standard_gamma ----

// Element i of `t` (int32, int64, float32 or float64) as a double.
double NumberAt(const KernelContext& ctx, const DenseTensor& t, int64_t i, const char* slot) {
  switch (t.dtype()) {
    case DataType::kInt32: return t.data<int32_t>()[i];
    case DataType::kInt64: return static_cast<double>(t.data<int64_t>()[i]);
    case DataType::kFloat32: return t.data<float>()[i];
    case DataType::kFloat64: return t.data<double>()[i];
    default:
      PD_THROW(InvalidArgument, "[", ctx.op_type(), "] ", slot,
               " must be int32, int64, float32 or float64, got ", DataTypeName(t.dtype()));
  }
}

enum BinomialIn { kBCount, kBProb };

void BinomialInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kBCount, kBProb);
  SameShape(ctx, kBCount, 0);
  ctx.SetOutputDtype(0, DataType::kInt64);
}

// out[i]: successes in count[i] trials of probability prob[i] (the kernel's type is prob's).
template <typename T>
void BinomialKernel(KernelContext& ctx) {
  const DenseTensor& count = ctx.Input(kBCount);
  const T* p = ctx.Input(kBProb).data<T>();
  int64_t* out = ctx.Output(0)->MutableData<int64_t>(ctx.place());
  EngineLease lease(0);
  RandomEngine& engine = *lease;
  for (int64_t i = 0; i < count.numel(); ++i) {
    const double n = NumberAt(ctx, count, i, "count");
    PD_CHECK(n >= 0 && n == std::floor(n) && n < 9.2e18, InvalidArgument, "[", ctx.op_type(),
             "] count holds non-negative whole numbers, got ", n, " at element ", i);
    PD_CHECK(p[i] >= T(0) && p[i] <= T(1), InvalidArgument, "[", ctx.op_type(),
             "] prob holds probabilities in [0, 1], got ", p[i], " at element ", i);
    std::binomial_distribution<int64_t> dist(static_cast<int64_t>(n), static_cast<double>(p[i]));
    out[i] = dist(engine);
  }
}

// out[i]: a draw of Gamma(x[i], 1).
template <typename T>
void StandardGammaKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const T* a = x.data<T>();
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  EngineLease lease(0);
  RandomEngine& engine = *lease;
  for (int64_t i = 0; i < x.numel(); ++i) {
    PD_CHECK(a[i] > T(0) && std::isfinite(a[i]), InvalidArgument, "[", ctx.op_type(),
             "] x holds finite, positive concentrations, got ", a[i], " at element ", i);
    out[i] = std::gamma_distribution<T>(a[i], T(1))(engine);
  }
}

// ---- dropout ----

enum DropoutIn { kDX, kDSeed };
enum DropoutOut { kDOut, kDMask };
enum DropoutAttr { kDProb, kDIsTest, kDImpl, kDFixSeed, kDSeedAttr };
enum DropoutGradIn { kGMask, kGOutGrad };
enum DropoutGradOut { kGXGrad };

bool Upscale(const KernelContext& ctx) {
  return ctx.Attr<std::string>(kDImpl) == "upscale_in_train";
}

// What is_test multiplies by: 1 - p when training did not scale, else 1.
template <typename T>
T InferScale(const KernelContext& ctx) {
  return Upscale(ctx) ? T(1) : static_cast<T>(1.0f - ctx.Attr<float>(kDProb));
}

template <typename T>
void ScaleLoop(const T* in, T s, T* out, int64_t n) {
  ParallelFor(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) out[i] = in[i] * s;
  });
}

void DropoutInferShape(InferShapeContext& ctx) {
  SameShape(ctx, kDX, kDOut);
  if (!ctx.HasOutput(kDMask)) return;
  ctx.SetOutputDim(kDMask, ctx.InputDim(kDX));
  ctx.SetOutputDtype(kDMask, DataType::kUInt8);
}

// Training: each element is dropped (Out 0, Mask 0) when a uniform [0, 1)
// draw is below dropout_prob, else kept (Mask 1; Out X, or X / (1 - p) with
// upscale_in_train). The seed: the Seed tensor's, else `seed` when fix_seed.
template <typename T>
void DropoutKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kDX);
  const T* in = x.data<T>();
  const int64_t n = x.numel();
  T* out = ctx.Output(kDOut)->MutableData<T>(ctx.place());
  if (ctx.Attr<bool>(kDIsTest)) return ScaleLoop(in, InferScale<T>(ctx), out, n);
  const int64_t seed = ctx.HasInput(kDSeed)          ? IntScalar(ctx, kDSeed)
                       : ctx.Attr<bool>(kDFixSeed) ? ctx.Attr<int32_t>(kDSeedAttr)
                                                   : 0;
  EngineLease lease(static_cast<uint64_t>(seed));
  RandomEngine& engine = *lease;
  uint8_t* mask = ctx.HasOutput(kDMask) ? ctx.Output(kDMask)->MutableData<uint8_t>(ctx.place())
                                        : nullptr;
  const float p = ctx.Attr<float>(kDProb);
  const T keep = Upscale(ctx) ? static_cast<T>(1.0f - p) : T(1);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  for (int64_t i = 0; i < n; ++i) {
    const bool kept = !(dist(engine) < p);
    out[i] = kept ? in[i] / keep : T(0);
    if (mask) mask[i] = kept;
  }
}

void DropoutGradInferShape(InferShapeContext& ctx) {
  const DDim dout = ctx.InputDim(kGOutGrad);
  if (!ctx.Attr<bool>(kDIsTest)) CheckInputShape(ctx, kGMask, dout, "Out@GRAD's shape");
  if (ctx.HasOutput(kGXGrad)) ctx.SetOutputDim(kGXGrad, dout);
}

// X@GRAD = Out@GRAD times what the forward multiplied X by.
template <typename T>
void DropoutGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(kGXGrad)) return;
  const DenseTensor& dout = ctx.Input(kGOutGrad);
  const T* g = dout.data<T>();
  const int64_t n = dout.numel();
  T* dx = ctx.Output(kGXGrad)->MutableData<T>(ctx.place());
  if (ctx.Attr<bool>(kDIsTest)) return ScaleLoop(g, InferScale<T>(ctx), dx, n);
  const uint8_t* mask = ctx.Input(kGMask).data<uint8_t>();
  const float p = ctx.Attr<float>(kDProb);
  const T keep = Upscale(ctx) ? static_cast<T>(1.0f - p) : T(1);
  ParallelFor(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dx[i] = mask[i] ? g[i] / keep : T(0);
  });
}

PD_REGISTER_OP(uniform_random)
    .Doc("A tensor of `shape` (or ShapeTensor / ShapeTensorList) and `dtype` (float32 or "
         "float64) drawn uniformly from [min, max); optionally diag_num elements, every "
         "(diag_step + 1)-th from the first, set to diag_val.",
         "形状为 shape（或 ShapeTensor / ShapeTensorList）、类型为 dtype（float32 或 float64）、"
         "从 [min, max) 均匀抽样的张量；可选地把从第一个起每隔 diag_step + 1 个的共 diag_num "
         "个元素设为 diag_val。")
    .Apply(ShapeInputs)
    .Attr<std::vector<int64_t>>(kUShape, "shape", {}, "The shape.", "形状。")
    .Attr<int32_t>(kUDtype, "dtype", 5, kRealDtypeEn, kRealDtypeZh)
    .Attr<float>(kUMin, "min", -1.0f, "The lower bound, included.", "下界（包含）。")
    .Attr<float>(kUMax, "max", 1.0f, "The upper bound, not included.", "上界（不包含）。")
    .Attr<int32_t>(kUSeed, "seed", 0, kSeedEn, kSeedZh)
    .Attr<int32_t>(kUDiagNum, "diag_num", 0, "How many diagonal elements to set (0: none).",
                   "要设置的对角元素个数（0 表示不设置）。")
    .Attr<int32_t>(kUDiagStep, "diag_step", 0, "The gap between diagonal elements, minus one.",
                   "对角元素之间的间隔减一。")
    .Attr<float>(kUDiagVal, "diag_val", 1.0f, "The value of the diagonal elements.", "对角元素的值。")
    .InferShape(UniformInferShape)
    .CpuKernelForAllTypes(UniformKernel);

PD_REGISTER_OP(gaussian_random)
    .Doc("A tensor of `shape` (or ShapeTensor / ShapeTensorList) and `dtype` (float32 or "
         "float64) drawn from the normal distribution N(mean, std^2).",
         "形状为 shape（或 ShapeTensor / ShapeTensorList）、类型为 dtype（float32 或 float64）、"
         "服从正态分布 N(mean, std^2) 的张量。")
    .Apply(ShapeInputs)
    .Attr<std::vector<int64_t>>(kGShape, "shape", {}, "The shape.", "形状。")
    .Attr<float>(kGMean, "mean", 0.0f, "The mean.", "均值。")
    .Attr<float>(kGStd, "std", 1.0f, "The standard deviation, >= 0.", "标准差，不小于 0。")
    .Attr<int32_t>(kGSeed, "seed", 0, kSeedEn, kSeedZh)
    .Attr<int32_t>(kGDtype, "dtype", 5, kRealDtypeEn, kRealDtypeZh)
    .InferShape(GaussianInferShape)
    .CpuKernelForAllTypes(GaussianKernel);

PD_REGISTER_OP(truncated_gaussian_random)
    .Doc("A tensor of `shape` and `dtype` (float32 or float64) drawn from the normal "
         "distribution N(mean, std^2) restricted to [a, b].",
         "形状为 shape、类型为 dtype（float32 或 float64）、服从限制在 [a, b] 内的正态分布 "
         "N(mean, std^2) 的张量。")
    .Output(0, "Out", "The random tensor.", "随机张量。")
    .RequiredAttr<std::vector<int32_t>>(kTShape, "shape", "The shape.", "形状。")
    .Attr<float>(kTMean, "mean", 0.0f, "The mean.", "均值。")
    .Attr<float>(kTStd, "std", 1.0f, "The standard deviation, > 0.", "标准差，大于 0。")
    .Attr<int32_t>(kTSeed, "seed", 0, kSeedEn, kSeedZh)
    .Attr<float>(kTA, "a", -2.0f, "The lower bound of the values.", "取值的下界。")
    .Attr<float>(kTB, "b", 2.0f, "The upper bound of the values, > a.", "取值的上界，大于 a。")
    .Attr<int32_t>(kTDtype, "dtype", 5, kRealDtypeEn, kRealDtypeZh)
    .InferShape(TruncatedInferShape)
    .CpuKernelForAllTypes(TruncatedKernel);

PD_REGISTER_OP(randint)
    .Doc("A tensor of `shape` (or ShapeTensor / ShapeTensorList) and `dtype` (int32 or int64) "
         "of integers drawn uniformly from [low, high).",
         "形状为 shape（或 ShapeTensor / ShapeTensorList）、类型为 dtype（int32 或 int64）、"
         "从 [low, high) 均匀抽取的整数张量。")
    .Apply(ShapeInputs)
    .RequiredAttr<int32_t>(kRLow, "low", "The lowest value, included.", "最小值（包含）。")
    .RequiredAttr<int32_t>(kRHigh, "high", "The bound, not included; > low.", "上界（不包含），大于 low。")
    .Attr<std::vector<int64_t>>(kRShape, "shape", {}, "The shape.", "形状。")
    .Attr<int32_t>(kRDtype, "dtype", 3, "The element type (VarType code; 2 = int32, 3 = int64).",
                   "元素类型（VarType 编码；2 为 int32，3 为 int64）。")
    .Attr<int32_t>(kRSeed, "seed", 0, kSeedEn, kSeedZh)
    .InferShape(RandintInferShape)
    .CpuKernelForAllTypes(RandintKernel);

PD_REGISTER_OP(randperm)
    .Doc("A random permutation of 0 .. n-1, 1-D, of `dtype` (int32, int64, float32, float64).",
         "0 到 n-1 的随机排列，一维，类型为 dtype（int32、int64、float32、float64）。")
    .Output(0, "Out", "The permutation.", "该排列。")
    .RequiredAttr<int32_t>(kPN, "n", "How many numbers, > 0.", "数的个数，大于 0。")
    .Attr<int32_t>(kPDtype, "dtype", 3, "The element type (VarType code; 3 = int64).",
                   "元素类型（VarType 编码；3 为 int64）。")
    .InferShape(RandpermInferShape)
    .CpuKernelForAllTypes(RandpermKernel);

PD_REGISTER_OP(bernoulli)
    .Doc("Out[i] is 1 with probability X[i], else 0.", "Out[i] 以概率 X[i] 为 1，否则为 0。")
    .Input(0, "X", "The probabilities, each in [0, 1].", "概率，每个都在 [0, 1] 内。")
    .Output(0, "Out", "The 0/1 draws, of X's shape and type.", "0/1 抽样结果，形状和类型同 X。")
    .InferShape([](InferShapeContext& ctx) { SameShape(ctx, 0, 0); })
    .CpuKernel<float>(BernoulliKernel<float>)
    .CpuKernel<double>(BernoulliKernel<double>);

PD_REGISTER_OP(binomial)
    .Doc("out[i] is the number of successes in count[i] trials of probability prob[i].",
         "out[i] 是 count[i] 次成功概率为 prob[i] 的试验中成功的次数。")
    .Input(kBCount, "count", "The trials: non-negative whole numbers (int32, int64 or float).",
           "试验次数：非负整数值（int32、int64 或浮点）。")
    .Input(kBProb, "prob", "The probabilities, each in [0, 1], of count's shape.",
           "概率，每个都在 [0, 1] 内，形状同 count。")
    .Output(0, "out", "The int64 counts, of count's shape.", "int64 的计数，形状同 count。")
    .InferShape(BinomialInferShape)
    .KernelDtypeFrom("prob")
    .CpuKernel<float>(BinomialKernel<float>)
    .CpuKernel<double>(BinomialKernel<double>);

PD_REGISTER_OP(standard_gamma)
    .Doc("out[i] is a draw of the Gamma distribution of shape (concentration) x[i] and rate 1.",
         "out[i] 是形状（集中度）为 x[i]、速率为 1 的 Gamma 分布的一个抽样。")
    .Input(0, "x", "The concentrations, finite and positive.", "集中度，有限且为正。")
    .Output(0, "out", "The draws, of x's shape and type.", "抽样结果，形状和类型同 x。")
    .InferShape([](InferShapeContext& ctx) { SameShape(ctx, 0, 0); })
    .CpuKernel<float>(StandardGammaKernel<float>)
    .CpuKernel<double>(StandardGammaKernel<double>);

PD_REGISTER_OP(dropout)
    .Doc("Training: zeroes each element of X with probability dropout_prob (upscale_in_train "
         "divides the kept ones by 1 - dropout_prob). is_test: Out is X (upscale_in_train) or "
         "X * (1 - dropout_prob) (downgrade_in_infer).",
         "训练时：以概率 dropout_prob 把 X 的每个元素置零（upscale_in_train 把保留的元素除以 "
         "1 - dropout_prob）。is_test 时：Out 为 X（upscale_in_train）或 X * (1 - dropout_prob)"
         "（downgrade_in_infer）。")
    .Input(kDX, "X", "The input.", "输入。")
    .Input(kDSeed, "Seed", "Optional one-element int tensor: the seed, overriding fix_seed/seed.",
           "可选的单元素整数张量：种子，优先于 fix_seed/seed。")
    .Dispensable()
    .Extra()
    .Output(kDOut, "Out", "X with elements dropped (or scaled).", "丢弃（或缩放）元素后的 X。")
    .Output(kDMask, "Mask", "uint8, 1 where an element was kept (training only).",
            "uint8，元素被保留处为 1（仅训练时）。")
    .Intermediate()
    .Extra()
    .Attr<float>(kDProb, "dropout_prob", 0.5f, "The probability of dropping an element.",
                 "丢弃一个元素的概率。")
    .InRange(0, 1)
    .Attr<bool>(kDIsTest, "is_test", false, "Inference: nothing is dropped.", "推理模式：不丢弃元素。")
    .Attr(kDImpl, "dropout_implementation", "downgrade_in_infer",
          "downgrade_in_infer: scale by 1 - p at inference; upscale_in_train: by 1 / (1 - p) "
          "in training.",
          "downgrade_in_infer：推理时乘以 1 - p；upscale_in_train：训练时乘以 1 / (1 - p)。")
    .OneOf({"downgrade_in_infer", "upscale_in_train"})
    .Attr<bool>(kDFixSeed, "fix_seed", false, "Use `seed` for this op's numbers.",
                "用 seed 生成本算子的随机数。")
    .UnlistedAttr()
    .Attr<int32_t>(kDSeedAttr, "seed", 0, "The seed when fix_seed is set (0: the default generator).",
                   "设置 fix_seed 时使用的种子（0 表示默认生成器）。")
    .UnlistedAttr()
    .InferShape(DropoutInferShape)
    .CpuKernel<float>(DropoutKernel<float>)
    .CpuKernel<double>(DropoutKernel<double>)
    .Grad()
    .Reads(kGMask, "Mask")
    .OutputGrad(kGOutGrad, "Out")
    .InputGrad(kGXGrad, "X")
    .InferShape(DropoutGradInferShape)
    .CpuKernel<float>(DropoutGradKernel<float>)
    .CpuKernel<double>(DropoutGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
