// Elementwise ops on numpy broadcasting without `axis` (binary.h's
// NumpyBinary): the bitwise ops on integers and bools (no gradient), the
// NaN-ignoring elementwise_fmax/fmin and elementwise_heaviside.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "core/ops/binary.h"

namespace paddle {
namespace ops {
namespace {

struct BitAnd {
  template <typename T> T operator()(T x, T y) const { return static_cast<T>(x & y); }
};
struct BitOr {
  template <typename T> T operator()(T x, T y) const { return static_cast<T>(x | y); }
};
struct BitXor {
  template <typename T> T operator()(T x, T y) const { return static_cast<T>(x ^ y); }
};
struct BitNot {  // logical not on bools, one's complement on integers
  template <typename T> T operator()(T x) const {
    if constexpr (std::is_same_v<T, bool>) return !x;
    else return static_cast<T>(~x);
  }
};

// A NaN operand loses to a number (numpy's fmax/fmin); two NaNs give NaN.
struct Fmax {
  template <typename T> T operator()(T x, T y) const {
    if constexpr (std::is_floating_point_v<T>) return std::fmax(x, y);
    else return std::max(x, y);
  }
};
struct Fmin {
  template <typename T> T operator()(T x, T y) const {
    if constexpr (std::is_floating_point_v<T>) return std::fmin(x, y);
    else return std::min(x, y);
  }
};
// The gradient goes to the operand Out took: X on ties and where Y is NaN.
struct FmaxGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> static bool TakesX(T x, T y) { return x >= y || std::isnan(y); }
  template <typename T> T dx(T x, T y, T, T dout) const { return TakesX(x, y) ? dout : T(0); }
  template <typename T> T dy(T x, T y, T, T dout) const { return TakesX(x, y) ? T(0) : dout; }
};
struct FminGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> static bool TakesX(T x, T y) { return x <= y || std::isnan(y); }
  template <typename T> T dx(T x, T y, T, T dout) const { return TakesX(x, y) ? dout : T(0); }
  template <typename T> T dy(T x, T y, T, T dout) const { return TakesX(x, y) ? T(0) : dout; }
};

// Step function: 0 below zero, 1 above, Y where X is zero.
struct Heaviside {
  template <typename T> T operator()(T x, T y) const {
    return x == T(0) ? y : (x > T(0) ? T(1) : T(0));
  }
};
struct HeavisideGrad {  // flat in X; Y shows through only where X is zero
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T, T, T, T) const { return T(0); }
  template <typename T> T dy(T x, T, T, T dout) const { return x == T(0) ? dout : T(0); }
};

#define PD_BITWISE_TYPES bool, uint8_t, int8_t, int16_t, int32_t, int64_t

PD_REGISTER_OP(bitwise_and)
    .Doc("Bitwise and of integers (logical and of bools), elementwise with broadcasting.",
         "整数的按位与（bool 为逻辑与），逐元素计算并广播。")
    .Apply(NumpyBinary<BitAnd, NoGrad, PD_BITWISE_TYPES>);

PD_REGISTER_OP(bitwise_or)
    .Doc("Bitwise or of integers (logical or of bools), elementwise with broadcasting.",
         "整数的按位或（bool 为逻辑或），逐元素计算并广播。")
    .Apply(NumpyBinary<BitOr, NoGrad, PD_BITWISE_TYPES>);

PD_REGISTER_OP(bitwise_xor)
    .Doc("Bitwise exclusive or of integers (logical xor of bools), elementwise with broadcasting.",
         "整数的按位异或（bool 为逻辑异或），逐元素计算并广播。")
    .Apply(NumpyBinary<BitXor, NoGrad, PD_BITWISE_TYPES>);

PD_REGISTER_OP(bitwise_not)
    .Doc("Bitwise not of integers (one's complement; logical not of bools), elementwise.",
         "整数的按位取反（反码；bool 为逻辑非），逐元素计算。")
    .Apply(Unary<BitNot, NoGrad, PD_BITWISE_TYPES>);

PD_REGISTER_OP(elementwise_fmax)
    .Doc("Elementwise maximum that ignores NaN (NaN only where both are NaN), with broadcasting.",
         "忽略 NaN 的逐元素最大值（两者都是 NaN 时才为 NaN），支持广播。")
    .Apply(NumpyBinary<Fmax, FmaxGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(elementwise_fmin)
    .Doc("Elementwise minimum that ignores NaN (NaN only where both are NaN), with broadcasting.",
         "忽略 NaN 的逐元素最小值（两者都是 NaN 时才为 NaN），支持广播。")
    .Apply(NumpyBinary<Fmin, FminGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(elementwise_heaviside)
    .Doc("Heaviside step function: 0 where X < 0, 1 where X > 0, Y where X == 0.",
         "Heaviside 阶跃函数：X < 0 时为 0，X > 0 时为 1，X == 0 时为 Y。")
    .Apply(NumpyBinary<Heaviside, HeavisideGrad, float, double, int32_t, int64_t>);

#undef PD_BITWISE_TYPES

}  // namespace
}  // namespace ops
}  // namespace paddle
