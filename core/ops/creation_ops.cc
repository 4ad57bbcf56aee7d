// Ops that make a tensor from attributes or scalars: fill_constant, range,
// linspace, eye. Their element type comes from an attribute or from their
// scalar inputs, so each is one kernel that switches on it.
#include <complex>
#include <cmath>
#include <cstdlib>
#include <string>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Calls fn(T{}) for the C++ type of `t` among the types these ops make.
template <typename Fn>
void VisitNumeric(const std::string& op, DataType t, Fn&& fn) {
  switch (t) {
    case DataType::kFloat32: return fn(float{});
    case DataType::kFloat64: return fn(double{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kInt64: return fn(int64_t{});
    case DataType::kBool: return fn(bool{});
    case DataType::kInt16: return fn(int16_t{});
    case DataType::kInt8: return fn(int8_t{});
    case DataType::kUInt8: return fn(uint8_t{});
    default: PD_THROW(Unimplemented, "[", op, "] cannot make tensors of ", DataTypeName(t));
  }
}

template <typename R>
void FillComplex(void* o, int64_t n, double value) {
  auto* p = static_cast<std::complex<R>*>(o);
  std::fill(p, p + n, std::complex<R>(static_cast<R>(value), R(0)));
}

DataType DtypeAttr(const KernelContext& ctx, int attr) {
  return DataTypeFromCode(ctx.Attr<int32_t>(attr), "[" + ctx.op_type() + "] attribute 'dtype'");
}

// A one-element tensor's value as double (range, linspace and fill_constant's
// tensor arguments).
double ScalarOf(const KernelContext& ctx, int slot) {
  const DenseTensor& t = ctx.Input(slot);
  PD_CHECK(t.numel() == 1, InvalidArgument, "[", ctx.op_type(), "] input '",
           ctx.def().inputs[slot].name, "' must hold one element, got shape ", t.dims().ToString());
  double v = 0;
  VisitNumeric(ctx.op_type(), t.dtype(), [&](auto tag) {
    v = static_cast<double>(t.data<decltype(tag)>()[0]);
  });
  return v;
}

// ---- fill_constant ----

enum FillIn { kValueTensor, kShapeTensor, kShapeTensorList };
enum FillAttr { kDtype, kShape, kValue, kStrValue, kForceCpu, kPlaceType };

void FillInferShape(InferShapeContext& ctx) {
  InferShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(kShape), 0);
  ctx.SetOutputDtype(0, DataTypeFromCode(ctx.Attr<int32_t>(kDtype),
                                         "[" + ctx.op_type() + "] attribute 'dtype'"));
}

void FillKernel(KernelContext& ctx) {
  const DDim dims =
      ShapeArg(ctx, kShapeTensor, kShapeTensorList, ctx.Attr<std::vector<int64_t>>(kShape));
  const DataType t = DtypeAttr(ctx, kDtype);
  DenseTensor* out = ctx.Output(0);
  out->Resize(dims);
  // str_value keeps what a float cannot (large int64s, "inf", "nan").
  const std::string& text = ctx.Attr<std::string>(kStrValue);
  const bool from_text = !text.empty();
  double value = ctx.HasInput(kValueTensor) ? ScalarOf(ctx, kValueTensor) : ctx.Attr<float>(kValue);
  // NaN, inf and values beyond int64 have no integer: converting them is undefined behaviour.
  auto fits_int64 = [](double x) { return x >= -0x1p63 && x < 0x1p63; };  // false for NaN
  bool has_exact = fits_int64(value);
  int64_t exact = has_exact ? static_cast<int64_t>(value) : 0;
  if (from_text && !ctx.HasInput(kValueTensor)) {
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    PD_CHECK(end && *end == '\0', InvalidArgument, "[", ctx.op_type(), "] str_value '", text,
             "' is not a number");
    exact = std::strtoll(text.c_str(), &end, 10);
    if (*end != '\0') {
      has_exact = fits_int64(value);
      exact = has_exact ? static_cast<int64_t>(value) : 0;
    } else {
      has_exact = true;
    }
  }
  void* o = out->MutableData(ctx.place(), t);
  if (t == DataType::kComplex64 || t == DataType::kComplex128) {  // value is the real part
    if (t == DataType::kComplex64) FillComplex<float>(o, dims.numel(), value);
    else FillComplex<double>(o, dims.numel(), value);
    return;
  }
  VisitNumeric(ctx.op_type(), t, [&](auto tag) {
    using T = decltype(tag);
    constexpr bool kInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;
    PD_CHECK(!kInteger || has_exact, InvalidArgument, "[", ctx.op_type(), "] value ", value,
             " is not representable in ", DataTypeName(t));
    const T v = kInteger ? static_cast<T>(exact) : static_cast<T>(value);
    std::fill(static_cast<T*>(o), static_cast<T*>(o) + dims.numel(), v);
  });
}

// ---- range / linspace ----

enum RangeIn { kStart, kEnd, kStep };

void UnknownLength(InferShapeContext& ctx) { ctx.SetOutputDim(0, DDim{-1}); }

void RangeKernel(KernelContext& ctx) {
  const double start = ScalarOf(ctx, kStart), end = ScalarOf(ctx, kEnd), step = ScalarOf(ctx, kStep);
  PD_CHECK(step != 0, InvalidArgument, "[", ctx.op_type(), "] Step must not be 0");
  const double span = std::ceil((end - start) / step);
  PD_CHECK(std::isfinite(span) && span < 9.0e15, InvalidArgument, "[", ctx.op_type(), "] [",
           start, ", ", end, ") by ", step, " has too many elements");
  const int64_t n = span > 0 ? static_cast<int64_t>(span) : 0;
  const DataType t = ctx.Input(kStart).dtype();
  DenseTensor* out = ctx.Output(0);
  out->Resize(DDim{n});
  void* o = out->MutableData(ctx.place(), t);
  VisitNumeric(ctx.op_type(), t, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < n; ++i) static_cast<T*>(o)[i] = static_cast<T>(start + i * step);
  });
}

enum LinspaceIn { kLStart, kLStop, kLNum };
enum LinspaceAttr { kLDtype };

void LinspaceKernel(KernelContext& ctx) {
  const double start = ScalarOf(ctx, kLStart), stop = ScalarOf(ctx, kLStop);
  const double num = ScalarOf(ctx, kLNum);
  PD_CHECK(num >= 1 && num < 9.0e15 && num == std::floor(num), InvalidArgument, "[",
           ctx.op_type(), "] Num must be a whole number >= 1, got ", num);
  const int64_t n = static_cast<int64_t>(num);
  const DataType t = DtypeAttr(ctx, kLDtype);
  DenseTensor* out = ctx.Output(0);
  out->Resize(DDim{n});
  void* o = out->MutableData(ctx.place(), t);
  const double step = n > 1 ? (stop - start) / static_cast<double>(n - 1) : 0.0;
  VisitNumeric(ctx.op_type(), t, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < n; ++i)
      static_cast<T*>(o)[i] = static_cast<T>(i == n - 1 && n > 1 ? stop : start + step * i);
  });
}

void LinspaceInferShape(InferShapeContext& ctx) {
  UnknownLength(ctx);
  ctx.SetOutputDtype(0, DataTypeFromCode(ctx.Attr<int32_t>(kLDtype),
                                         "[" + ctx.op_type() + "] attribute 'dtype'"));
}

// ---- eye ----

enum EyeAttr { kRows, kColumns, kEyeDtype };

DDim EyeDims(const std::string& op, int64_t rows, int64_t cols) {
  if (cols == -1) cols = rows;
  PD_CHECK(rows >= 0 && cols >= 0, InvalidArgument, "[", op, "] num_rows ", rows,
           " and num_columns ", cols, " must be >= 0");
  const DDim d{rows, cols};
  CheckedNumel(d, op, "shape");
  return d;
}

void EyeInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, EyeDims(ctx.op_type(), ctx.Attr<int64_t>(kRows), ctx.Attr<int64_t>(kColumns)));
  ctx.SetOutputDtype(0, DataTypeFromCode(ctx.Attr<int32_t>(kEyeDtype),
                                         "[" + ctx.op_type() + "] attribute 'dtype'"));
}

void EyeKernel(KernelContext& ctx) {
  const DDim d = EyeDims(ctx.op_type(), ctx.Attr<int64_t>(kRows), ctx.Attr<int64_t>(kColumns));
  DenseTensor* out = ctx.Output(0);
  out->Resize(d);
  void* o = out->MutableData(ctx.place(), DtypeAttr(ctx, kEyeDtype));
  VisitNumeric(ctx.op_type(), DtypeAttr(ctx, kEyeDtype), [&](auto tag) {
    using T = decltype(tag);
    T* p = static_cast<T*>(o);
    std::fill(p, p + d.numel(), T(0));
    for (int64_t i = 0; i < std::min(d[0], d[1]); ++i) p[i * d[1] + i] = T(1);
  });
}

PD_REGISTER_OP(fill_constant)
    .Doc("A tensor of `shape` (or ShapeTensor / ShapeTensorList) and `dtype` filled with `value` "
         "(or str_value, or ValueTensor).",
         "形状为 shape（或 ShapeTensor / ShapeTensorList）、类型为 dtype、以 value（或 str_value、"
         "ValueTensor）填充的张量。")
    .Input(kValueTensor, "ValueTensor", "Optional one-element tensor overriding the value.",
           "可选的单元素张量，取代填充值。")
    .Dispensable()
    .Input(kShapeTensor, "ShapeTensor", "Optional 1-D int tensor overriding `shape`.",
           "可选的一维整数张量，取代 shape 属性。")
    .Dispensable()
    .Input(kShapeTensorList, "ShapeTensorList", "Optional one-element int tensors overriding `shape`.",
           "可选的单元素整数张量列表，取代 shape 属性。")
    .Duplicable()
    .Dispensable()
    .Output(0, "Out", "The filled tensor.", "填充后的张量。")
    .Attr<int32_t>(kDtype, "dtype", 5, "The element type (VarType code; 5 = float32).",
                   "元素类型（VarType 编码；5 为 float32）。")
    .Attr<std::vector<int64_t>>(kShape, "shape", {}, "The shape.", "形状。")
    .Attr<float>(kValue, "value", 0.0f, "The fill value.", "填充值。")
    .Attr(kStrValue, "str_value", "", "The fill value as text, when given (exact for int64).",
          "以文本给出的填充值（给出时使用；对 int64 精确）。")
    .Attr<bool>(kForceCpu, "force_cpu", false, "Legacy: make Out on the CPU.", "旧版属性：在 CPU 上生成 Out。")
    .Attr<int32_t>(kPlaceType, "place_type", -1, "Legacy placement hint; not read.", "旧式的设备提示；不读取。")
    .InferShape(FillInferShape)
    .CpuKernelForAllTypes(FillKernel);

PD_REGISTER_OP(range)
    .Doc("The numbers from Start up to (not including) End by Step, of Start's type.",
         "从 Start 开始、按 Step 递增、不含 End 的数列，类型同 Start。")
    .Input(kStart, "Start", "The first value (one element).", "起始值（单个元素）。")
    .Input(kEnd, "End", "The bound, not included (one element).", "上界，不包含（单个元素）。")
    .Input(kStep, "Step", "The increment, not 0 (one element).", "步长，不为 0（单个元素）。")
    .Output(0, "Out", "The numbers, 1-D.", "数列，一维。")
    .InferShape(UnknownLength)
    .CpuKernelForAllTypes(RangeKernel);

PD_REGISTER_OP(linspace)
    .Doc("Num evenly spaced numbers from Start to Stop, both included.",
         "从 Start 到 Stop（两端都包含）均匀分布的 Num 个数。")
    .Input(kLStart, "Start", "The first value (one element).", "起始值（单个元素）。")
    .Input(kLStop, "Stop", "The last value (one element).", "结束值（单个元素）。")
    .Input(kLNum, "Num", "How many numbers, >= 1 (one int element).", "个数，至少为 1（单个整数元素）。")
    .Output(0, "Out", "The numbers, 1-D.", "数列，一维。")
    .RequiredAttr<int32_t>(kLDtype, "dtype", "Out's element type (VarType code).",
                           "Out 的元素类型（VarType 编码）。")
    .InferShape(LinspaceInferShape)
    .CpuKernelForAllTypes(LinspaceKernel);

PD_REGISTER_OP(eye)
    .Doc("A [num_rows, num_columns] matrix with ones on the diagonal and zeros elsewhere.",
         "对角线为 1、其余为 0 的 [num_rows, num_columns] 矩阵。")
    .Output(0, "Out", "The matrix.", "该矩阵。")
    .RequiredAttr<int64_t>(kRows, "num_rows", "The number of rows.", "行数。")
    .Attr<int64_t>(kColumns, "num_columns", -1, "The number of columns; -1: num_rows.",
                   "列数；-1 表示等于行数。")
    .Attr<int32_t>(kEyeDtype, "dtype", 5, "The element type (VarType code; 5 = float32).",
                   "元素类型（VarType 编码；5 为 float32）。")
    .InferShape(EyeInferShape)
    .CpuKernelForAllTypes(EyeKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
