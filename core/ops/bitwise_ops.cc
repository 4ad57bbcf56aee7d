// Elementwise ops on numpy broadcasting without `axis` (binary.h's
// NumpyBinary): the bitwise ops on integers and bools and the shifts (no
// gradient), the NaN-ignoring elementwise_fmax/fmin, elementwise_heaviside,
// atan2, copysign and nextafter.
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

// Shifts by y bits; a shift by a negative count or by the width or more gives
// 0, or the sign for an arithmetic right shift (as PaddlePaddle's kernels).
struct ShiftAttrs {
  enum { kIsArithmetic };
  static void Attrs(OpDefBuilder& op) {
    op.Attr<bool>(kIsArithmetic, "is_arithmetic", true,
                  "Arithmetic shift (the sign is kept) or logical shift (bits as unsigned).",
                  "算术移位（保留符号）或逻辑移位（按无符号位移）。");
  }
  explicit ShiftAttrs(const KernelContext& ctx) : arithmetic(ctx.Attr<bool>(kIsArithmetic)) {}
  bool arithmetic;
  template <typename T> static bool OutOfRange(T y) {
    return y < T(0) || static_cast<uint64_t>(y) >= sizeof(T) * 8;
  }
};
struct ShiftLeft : ShiftAttrs {
  using ShiftAttrs::ShiftAttrs;
  template <typename T> T operator()(T x, T y) const {
    using U = std::make_unsigned_t<T>;
    return OutOfRange(y) ? T(0) : static_cast<T>(static_cast<U>(x) << y);
  }
};
struct ShiftRight : ShiftAttrs {
  using ShiftAttrs::ShiftAttrs;
  template <typename T> T operator()(T x, T y) const {
    using U = std::make_unsigned_t<T>;
    if (arithmetic) return OutOfRange(y) ? static_cast<T>(x < T(0) ? -1 : 0) : static_cast<T>(x >> y);
    return OutOfRange(y) ? T(0) : static_cast<T>(static_cast<U>(x) >> y);
  }
};

struct Atan2 {
  template <typename T> T operator()(T x1, T x2) const { return std::atan2(x1, x2); }
};
struct Atan2Grad {  // d atan2(a, b) = (b da - a db) / (a^2 + b^2)
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T a, T b, T, T dout) const { return dout * b / (a * a + b * b); }
  template <typename T> T dy(T a, T b, T, T dout) const { return -dout * a / (a * a + b * b); }
};
struct Atan2Slots : UpperSlots {
  static constexpr const char* kX = "X1";
  static constexpr const char* kY = "X2";
};

// |x| with y's sign bit (so -0.0 counts as negative); integers by y < 0.
struct Copysign {
  template <typename T> T operator()(T x, T y) const {
    if constexpr (std::is_floating_point_v<T>) return std::copysign(x, y);
    else return static_cast<T>(y < T(0) ? -(x < T(0) ? -x : x) : (x < T(0) ? -x : x));
  }
};
struct CopysignGrad {  // sign(x) * sign(y), 0 at x = 0; flat in y
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T x, T y, T, T dout) const {
    if (x == T(0)) return T(0);
    return dout * std::copysign(T(1), x) * std::copysign(T(1), y);
  }
  template <typename T> T dy(T, T, T, T) const { return T(0); }
};

struct NextAfter {
  template <typename T> T operator()(T x, T y) const { return std::nextafter(x, y); }
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

PD_REGISTER_OP(bitwise_left_shift)
    .Doc("x shifted left by y bits, elementwise with broadcasting (0 for y < 0 or y >= the width).",
         "x 逐元素左移 y 位并广播（y < 0 或不小于位宽时为 0）。")
    .Apply(NamedNumpyBinary<LowerSlots, ShiftLeft, NoGrad, uint8_t, int8_t, int16_t, int32_t,
                            int64_t>);

PD_REGISTER_OP(bitwise_right_shift)
    .Doc("x shifted right by y bits, arithmetic (sign kept) or logical, elementwise with "
         "broadcasting (y < 0 or y >= the width: the sign, or 0 when logical).",
         "x 逐元素右移 y 位并广播，算术移位（保留符号）或逻辑移位（y < 0 或不小于位宽时为符号位，"
         "逻辑移位为 0）。")
    .Apply(NamedNumpyBinary<LowerSlots, ShiftRight, NoGrad, uint8_t, int8_t, int16_t, int32_t,
                            int64_t>);

PD_REGISTER_OP(atan2)
    .Doc("Arc tangent of X1 / X2 in the quadrant of (X2, X1), elementwise with broadcasting "
         "(radians in [-pi, pi]).",
         "逐元素计算 X1 / X2 的反正切，象限由 (X2, X1) 决定，支持广播（弧度，范围 [-pi, pi]）。")
    .Apply(NamedNumpyBinary<Atan2Slots, Atan2, Atan2Grad, float, double>);

PD_REGISTER_OP(copysign)
    .Doc("|x| with the sign of y, elementwise with broadcasting (y = -0.0 counts as negative).",
         "逐元素取 |x| 并赋予 y 的符号，支持广播（y = -0.0 视为负）。")
    .Apply(NamedNumpyBinary<LowerSlots, Copysign, CopysignGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(nextafter)
    .Doc("The next representable number after x toward y, elementwise with broadcasting.",
         "逐元素求 x 朝 y 方向的下一个可表示的数，支持广播。")
    .Apply(NamedNumpyBinary<LowerSlots, NextAfter, NoGrad, float, double>);

#undef PD_BITWISE_TYPES

}  // namespace
}  // namespace ops
}  // namespace paddle
