// assign_value: a constant tensor written into the program, its elements in
// the SCALARS attribute `values` (PaddlePaddle writes one for paddle.assign of
// a NumPy array and for paddle.to_tensor inside a saved layer). Every value
// must be exactly representable in `dtype` (a float only within range), so a
// model never carries a constant that silently changes on load.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum AssignValueIn { kValuesTensor };
enum AssignValueOut { kOut };
enum AssignValueAttr { kShape, kDtype, kValues };

// Calls fn(T{}) for `dtype`, one of the element types assign_value makes
// (PaddlePaddle's: bool, int32, int64, float32, float64).
template <typename Fn>
void VisitValueType(const std::string& op, DataType dtype, Fn&& fn) {
  switch (dtype) {
    case DataType::kBool: return fn(bool{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kInt64: return fn(int64_t{});
    case DataType::kFloat32: return fn(float{});
    case DataType::kFloat64: return fn(double{});
    default:
      PD_THROW(InvalidArgument, "[", op, "] attribute 'dtype' must be bool (0), int32 (2), "
               "int64 (3), float32 (5) or float64 (6), got ", DataTypeName(dtype));
  }
}

// `v` as a T when T holds it: an integer or bool exactly, a float within its
// range (rounded to nearest, as any float conversion).
template <typename T>
bool FromDouble(double v, T* out) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isfinite(v) && std::abs(v) > std::numeric_limits<T>::max()) return false;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (v != 0 && v != 1) return false;
  } else {
    const double lo = static_cast<double>(std::numeric_limits<T>::min());  // -2^(bits-1), exact
    if (!(v >= lo && v < -lo && v == std::trunc(v))) return false;  // NaN fails too
  }
  *out = static_cast<T>(v);
  return true;
}

template <typename T>
bool FromInt(int64_t v, T* out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (v != 0 && v != 1) return false;
  } else if constexpr (std::is_integral_v<T>) {
    if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return false;
  }
  *out = static_cast<T>(v);
  return true;
}

// A Scalar as a T; false when T cannot hold it (a complex value is real when
// its imaginary part is 0).
template <typename T>
bool ScalarAs(const Scalar& s, T* out) {
  return std::visit(
      [out](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, bool>) {
          *out = static_cast<T>(v);
          return true;
        } else if constexpr (std::is_same_v<V, int64_t>) {
          return FromInt(v, out);
        } else if constexpr (std::is_same_v<V, double>) {
          return FromDouble(v, out);
        } else {
          return v.imag() == 0 && FromDouble(v.real(), out);
        }
      },
      s.value);
}

DataType OutDtype(const std::string& op, int32_t code) {
  const DataType t = DataTypeFromCode(code, "[" + op + "] attribute 'dtype'");
  VisitValueType(op, t, [](auto) {});  // one of the five
  return t;
}

void AssignValueInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const auto& shape = ctx.Attr<std::vector<int32_t>>(kShape);
  for (int32_t d : shape)
    PD_CHECK(d >= 0, InvalidArgument, "[", op, "] attribute 'shape' [", StrJoin(shape),
             "] has a negative dim");
  const DDim dims(std::vector<int64_t>(shape.begin(), shape.end()));
  const int64_t numel = CheckedNumel(dims, op, "shape");
  const auto& values = ctx.Attr<std::vector<Scalar>>(kValues);
  PD_CHECK(static_cast<int64_t>(values.size()) == numel, InvalidArgument, "[", op,
           "] attribute 'values' has ", values.size(), " elements, but 'shape' ",
           dims.ToString(), " holds ", numel);
  const DataType t = OutDtype(op, ctx.Attr<int32_t>(kDtype));
  VisitValueType(op, t, [&](auto tag) {
    for (size_t i = 0; i < values.size(); ++i)
      PD_CHECK(ScalarAs(values[i], &tag), InvalidArgument, "[", op, "] values[", i, "] = ",
               ScalarToString(values[i]), " is not representable as ", DataTypeName(t));
  });
  ctx.SetOutputDim(kOut, dims);
  ctx.SetOutputDtype(kOut, t);
}

void AssignValueKernel(KernelContext& ctx) {
  const auto& shape = ctx.Attr<std::vector<int32_t>>(kShape);
  const auto& values = ctx.Attr<std::vector<Scalar>>(kValues);
  const DataType t = OutDtype(ctx.op_type(), ctx.Attr<int32_t>(kDtype));
  DenseTensor* out = ctx.Output(kOut);
  out->Resize(DDim(std::vector<int64_t>(shape.begin(), shape.end())));
  void* o = out->MutableData(ctx.place(), t);
  VisitValueType(ctx.op_type(), t, [&](auto tag) {
    using T = decltype(tag);
    for (size_t i = 0; i < values.size(); ++i) ScalarAs(values[i], static_cast<T*>(o) + i);
  });
}

PD_REGISTER_OP(assign_value)
    .Doc("A constant tensor of `shape` and `dtype` holding `values` in row-major order. Each value "
         "must be exactly representable in `dtype` (a float within range).",
         "形状为 shape、类型为 dtype 的常量张量，按行优先顺序存放 values。每个值都必须能在 dtype "
         "中精确表示（浮点数须在其范围内）。")
    .Input(kValuesTensor, "ValuesTensor",
           "Accepted for compatibility and not read: PaddlePaddle 3.3.1 takes the values from "
           "the `values` attribute whatever it holds.",
           "为兼容而接受，但不读取：PaddlePaddle 3.3.1 无论其内容如何都从 values 属性取值。")
    .Dispensable()
    .Output(kOut, "Out", "The constant tensor.", "常量张量。")
    .RequiredAttr<std::vector<int32_t>>(kShape, "shape", "Out's shape; no dim negative.",
                                        "Out 的形状；各维均不得为负。")
    .RequiredAttr<int32_t>(kDtype, "dtype",
                           "Out's element type (VarType code): bool 0, int32 2, int64 3, float32 "
                           "5, float64 6.",
                           "Out 的元素类型（VarType 编码）：bool 为 0，int32 为 2，int64 为 3，"
                           "float32 为 5，float64 为 6。")
    .Attr<std::vector<Scalar>>(kValues, "values", {},
                               "The elements, as many as `shape` holds (bool, integer, float or "
                               "complex with a zero imaginary part).",
                               "各元素，个数等于 shape 的元素总数（bool、整数、浮点数，或虚部为零"
                               "的复数）。")
    .InferShape(AssignValueInferShape)
    .CpuKernelForAllTypes(AssignValueKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
