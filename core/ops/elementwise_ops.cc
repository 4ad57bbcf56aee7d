// Binary elementwise ops with PaddlePaddle's broadcasting (the binary family,
// binary.h): each is a forward functor and a gradient functor giving the
// contribution of one Out element to dX and dY (complex: PaddlePaddle's
// conjugate convention, complex_util.h).
#include <cmath>
#include <type_traits>

#include "core/base/enforce.h"
#include "core/ops/binary.h"
#include "core/ops/complex_util.h"

namespace paddle {
namespace ops {
namespace {

struct Add {
  template <typename T> T operator()(T x, T y) const { return x + y; }
};
struct AddGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T, T, T, T dout) const { return dout; }
  template <typename T> T dy(T, T, T, T dout) const { return dout; }
};

struct Sub {
  template <typename T> T operator()(T x, T y) const { return x - y; }
};
struct SubGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T, T, T, T dout) const { return dout; }
  template <typename T> T dy(T, T, T, T dout) const { return -dout; }
};

struct Mul {
  template <typename T> T operator()(T x, T y) const { return x * y; }
};
struct MulGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T, T y, T, T dout) const { return dout * Conj(y); }
  template <typename T> T dy(T x, T, T, T dout) const { return dout * Conj(x); }
};

struct Div {
  template <typename T> T operator()(T x, T y) const { return x / y; }
};
struct DivGrad {
  static constexpr bool kReadsOut = true;  // dY = -dOut * Out / Y
  template <typename T> T dx(T, T y, T, T dout) const { return dout / Conj(y); }
  template <typename T> T dy(T, T y, T out, T dout) const { return -dout * Conj(out / y); }
};

// Ties send the gradient to Y for max and to Y for min, as PaddlePaddle does.
struct Max {
  template <typename T> T operator()(T x, T y) const { return x > y ? x : y; }
};
struct MaxGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T x, T y, T, T dout) const { return x > y ? dout : T(0); }
  template <typename T> T dy(T x, T y, T, T dout) const { return x > y ? T(0) : dout; }
};

struct Min {
  template <typename T> T operator()(T x, T y) const { return x < y ? x : y; }
};
struct MinGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> T dx(T x, T y, T, T dout) const { return x < y ? dout : T(0); }
  template <typename T> T dy(T x, T y, T, T dout) const { return x < y ? T(0) : dout; }
};

struct Pow {
  template <typename T> T operator()(T x, T y) const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(std::llround(std::pow(static_cast<double>(x), static_cast<double>(y))));
    } else {
      return std::pow(x, y);
    }
  }
};
struct PowGrad {
  static constexpr bool kReadsOut = true;
  template <typename T> T dx(T x, T y, T, T dout) const {
    return dout * Conj(y * std::pow(x, y - T(1)));
  }
  template <typename T> T dy(T x, T, T out, T dout) const { return dout * Conj(out * std::log(x)); }
};

// Integer division by zero is an error, not a signal: Y is checked first.
template <typename T>
void CheckNoZeroDivisor(const KernelContext& ctx, const T* y, int64_t n) {
  if constexpr (std::is_integral_v<T>) {
    for (int64_t i = 0; i < n; ++i)
      PD_CHECK(y[i] != T(0), InvalidArgument, "[", ctx.op_type(), "] Y holds 0 at flat index ",
               i, ": integer division by zero");
  }
}

// x / y rounded toward negative infinity. The smallest integer divided by -1
// wraps (as in numpy) rather than trapping.
template <typename T>
T FloorDivide(T x, T y) {
  if constexpr (std::is_integral_v<T>) {
    if (y == T(-1)) return static_cast<T>(T(0) - static_cast<std::make_unsigned_t<T>>(x));
    const T q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
  } else {
    return std::floor(x / y);
  }
}

struct FloorDiv {
  template <typename T> static void CheckY(const KernelContext& ctx, const T* y, int64_t n) {
    CheckNoZeroDivisor(ctx, y, n);
  }
  template <typename T> T operator()(T x, T y) const { return FloorDivide(x, y); }
};

// The remainder with the divisor's sign (Python's %): x - floor(x / y) * y.
struct Mod {
  template <typename T> static void CheckY(const KernelContext& ctx, const T* y, int64_t n) {
    CheckNoZeroDivisor(ctx, y, n);
  }
  template <typename T> T operator()(T x, T y) const {
    if constexpr (std::is_integral_v<T>) {
      if (y == T(-1)) return T(0);
      const T r = x % y;
      return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
    } else {
      const T r = std::fmod(x, y);
      return (r != T(0) && ((r < T(0)) != (y < T(0)))) ? r + y : r;
    }
  }
};

PD_REGISTER_OP(elementwise_add)
    .Doc("Elementwise sum Out = X + Y with broadcasting: the lower-rank operand is aligned "
         "with the other at `axis`, and dims of size 1 stretch to match (numpy rules on both "
         "sides). Out keeps X's LoD.",
         "逐元素求和 Out = X + Y，支持广播：维数较少的操作数在 axis 处与另一个对齐，大小为 1 的"
         "维度被扩展以匹配（两侧均按 numpy 规则）。Out 沿用 X 的 LoD。")
    .Apply(Binary<Add, AddGrad, float, double, int32_t, int64_t, complex64, complex128>);

PD_REGISTER_OP(elementwise_sub)
    .Doc("Elementwise difference Out = X - Y, broadcast as in elementwise_add.",
         "逐元素求差 Out = X - Y，广播规则同 elementwise_add。")
    .Apply(Binary<Sub, SubGrad, float, double, int32_t, int64_t, complex64, complex128>);

PD_REGISTER_OP(elementwise_mul)
    .Doc("Elementwise product Out = X * Y, broadcast as in elementwise_add.",
         "逐元素求积 Out = X * Y，广播规则同 elementwise_add。")
    .Apply(Binary<Mul, MulGrad, float, double, int32_t, int64_t, complex64, complex128>);

PD_REGISTER_OP(elementwise_div)
    .Doc("Elementwise quotient Out = X / Y, broadcast as in elementwise_add (IEEE rules for a "
         "zero Y in floating point).",
         "逐元素求商 Out = X / Y，广播规则同 elementwise_add（浮点数除以零按 IEEE 规则）。")
    .Apply(Binary<Div, DivGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(elementwise_max)
    .Doc("Elementwise maximum Out = max(X, Y), broadcast as in elementwise_add.",
         "逐元素最大值 Out = max(X, Y)，广播规则同 elementwise_add。")
    .Apply(Binary<Max, MaxGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(elementwise_min)
    .Doc("Elementwise minimum Out = min(X, Y), broadcast as in elementwise_add.",
         "逐元素最小值 Out = min(X, Y)，广播规则同 elementwise_add。")
    .Apply(Binary<Min, MinGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(elementwise_pow)
    .Doc("Elementwise power Out = X ^ Y, broadcast as in elementwise_add.",
         "逐元素求幂 Out = X ^ Y，广播规则同 elementwise_add。")
    .Apply(Binary<Pow, PowGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(elementwise_floordiv)
    .Doc("Elementwise floor division Out = floor(X / Y), broadcast as in elementwise_add. An "
         "integer Y holding 0 is an error. No gradient.",
         "逐元素向下取整除法 Out = floor(X / Y)，广播规则同 elementwise_add。整数 Y 含 0 时报错。"
         "没有梯度。")
    .Apply(Binary<FloorDiv, NoGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(elementwise_mod)
    .Doc("Elementwise remainder with the sign of Y (Python's %), broadcast as in "
         "elementwise_add. An integer Y holding 0 is an error. No gradient.",
         "逐元素取余，结果与 Y 同号（同 Python 的 %），广播规则同 elementwise_add。"
         "整数 Y 含 0 时报错。没有梯度。")
    .Apply(Binary<Mod, NoGrad, float, double, int32_t, int64_t>);

}  // namespace
}  // namespace ops
}  // namespace paddle
