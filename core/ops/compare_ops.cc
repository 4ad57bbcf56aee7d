// Ops with bool results and no gradient: comparisons and logical ops
// (binary.h's Compare and Logical, with broadcasting) and the floating-point
// class tests (unary.h's Predicate).
#include <cmath>

#include "core/ops/binary.h"
#include "core/ops/complex_util.h"
#include "core/ops/unary.h"

namespace paddle {
namespace ops {
namespace {

struct Equal {
  template <typename T> bool operator()(T x, T y) const { return x == y; }
};
struct NotEqual {
  template <typename T> bool operator()(T x, T y) const { return x != y; }
};
struct Less {
  template <typename T> bool operator()(T x, T y) const { return x < y; }
};
struct LessEqual {
  template <typename T> bool operator()(T x, T y) const { return x <= y; }
};
struct Greater {
  template <typename T> bool operator()(T x, T y) const { return x > y; }
};
struct GreaterEqual {
  template <typename T> bool operator()(T x, T y) const { return x >= y; }
};

struct And {
  template <typename T> bool operator()(T x, T y) const { return x != T(0) && y != T(0); }
};
struct Or {
  template <typename T> bool operator()(T x, T y) const { return x != T(0) || y != T(0); }
};
struct Xor {
  template <typename T> bool operator()(T x, T y) const { return (x != T(0)) != (y != T(0)); }
};
struct Not {
  template <typename T> bool operator()(T x) const { return x == T(0); }
};

// A complex number is NaN (inf) when either part is, finite when both are (numpy's rule).
struct IsNan {
  template <typename T> bool operator()(T x) const {
    if constexpr (kIsComplex<T>) {
      return std::isnan(x.real()) || std::isnan(x.imag());
    } else {
      return std::isnan(x);
    }
  }
};
struct IsInf {
  template <typename T> bool operator()(T x) const {
    if constexpr (kIsComplex<T>) {
      return std::isinf(x.real()) || std::isinf(x.imag());
    } else {
      return std::isinf(x);
    }
  }
};
struct IsFinite {
  template <typename T> bool operator()(T x) const {
    if constexpr (kIsComplex<T>) {
      return std::isfinite(x.real()) && std::isfinite(x.imag());
    } else {
      return std::isfinite(x);
    }
  }
};

#define PD_COMPARE_OP(TYPE, F, EN, ZH) \
  PD_REGISTER_OP(TYPE).Doc(EN, ZH).Apply(Compare<F, float, double, int32_t, int64_t, bool>)

// Equality is defined on complex numbers too (the ordering ops are not).
PD_REGISTER_OP(equal)
    .Doc("Out = (X == Y), elementwise with broadcasting.", "逐元素比较 Out = (X == Y)，支持广播。")
    .Apply(Compare<Equal, float, double, int32_t, int64_t, bool, complex64, complex128>);
PD_REGISTER_OP(not_equal)
    .Doc("Out = (X != Y), elementwise with broadcasting.", "逐元素比较 Out = (X != Y)，支持广播。")
    .Apply(Compare<NotEqual, float, double, int32_t, int64_t, bool, complex64, complex128>);
PD_COMPARE_OP(less_than, Less, "Out = (X < Y), elementwise with broadcasting.",
              "逐元素比较 Out = (X < Y)，支持广播。");
PD_COMPARE_OP(less_equal, LessEqual, "Out = (X <= Y), elementwise with broadcasting.",
              "逐元素比较 Out = (X <= Y)，支持广播。");
PD_COMPARE_OP(greater_than, Greater, "Out = (X > Y), elementwise with broadcasting.",
              "逐元素比较 Out = (X > Y)，支持广播。");
PD_COMPARE_OP(greater_equal, GreaterEqual, "Out = (X >= Y), elementwise with broadcasting.",
              "逐元素比较 Out = (X >= Y)，支持广播。");

PD_REGISTER_OP(logical_and)
    .Doc("Logical and of X and Y (non-zero is true), elementwise with broadcasting.",
         "X 与 Y 的逐元素逻辑与（非零为真），支持广播。")
    .Apply(Logical<And, bool, float, double, int32_t, int64_t>);
PD_REGISTER_OP(logical_or)
    .Doc("Logical or of X and Y (non-zero is true), elementwise with broadcasting.",
         "X 与 Y 的逐元素逻辑或（非零为真），支持广播。")
    .Apply(Logical<Or, bool, float, double, int32_t, int64_t>);
PD_REGISTER_OP(logical_xor)
    .Doc("Logical exclusive or of X and Y (non-zero is true), elementwise with broadcasting.",
         "X 与 Y 的逐元素逻辑异或（非零为真），支持广播。")
    .Apply(Logical<Xor, bool, float, double, int32_t, int64_t>);
PD_REGISTER_OP(logical_not)
    .Doc("Logical not of X (non-zero is true), elementwise.", "X 的逐元素逻辑非（非零为真）。")
    .Apply(Predicate<Not, bool, float, double, int32_t, int64_t>);

PD_REGISTER_OP(isnan_v2)
    .Doc("Whether each element of X is NaN.", "X 的每个元素是否为 NaN。")
    .Apply(Predicate<IsNan, float, double, complex64, complex128>);
PD_REGISTER_OP(isinf_v2)
    .Doc("Whether each element of X is +inf or -inf.", "X 的每个元素是否为正负无穷。")
    .Apply(Predicate<IsInf, float, double, complex64, complex128>);
PD_REGISTER_OP(isfinite_v2)
    .Doc("Whether each element of X is finite (neither NaN nor infinite).",
         "X 的每个元素是否为有限值（既非 NaN 也非无穷）。")
    .Apply(Predicate<IsFinite, float, double, complex64, complex128>);

}  // namespace
}  // namespace ops
}  // namespace paddle
