// What kernels need to treat std::complex<float/double> next to the real
// types: a trait, the real type of an element type, and Conj, the identity on
// real numbers. Gradients of complex ops follow PaddlePaddle's convention:
// dX = dOut * conj(dOut/dX) (the conjugate Wirtinger derivative), which
// reduces to the usual chain rule on real numbers.
#pragma once

#include <complex>
#include <type_traits>

#include "core/framework/data_type.h"

namespace paddle {
namespace ops {

using complex64 = std::complex<float>;
using complex128 = std::complex<double>;

template <typename T>
struct IsComplex : std::false_type {};
template <typename R>
struct IsComplex<std::complex<R>> : std::true_type {};
template <typename T>
inline constexpr bool kIsComplex = IsComplex<T>::value;

// float for complex<float>, T itself for a real T.
template <typename T>
struct RealOf {
  using type = T;
};
template <typename R>
struct RealOf<std::complex<R>> {
  using type = R;
};
template <typename T>
using RealOfT = typename RealOf<T>::type;

template <typename T>
inline T Conj(T v) {
  if constexpr (kIsComplex<T>) {
    return std::conj(v);
  } else {
    return v;
  }
}

// The real dtype of a complex one (float32 for complex64, float64 for
// complex128) and the complex dtype of a real one.
inline DataType RealDtypeOf(DataType t) {
  return t == DataType::kComplex128 ? DataType::kFloat64 : DataType::kFloat32;
}
inline DataType ComplexDtypeOf(DataType t) {
  return t == DataType::kFloat64 ? DataType::kComplex128 : DataType::kComplex64;
}
inline bool IsComplexDtype(DataType t) {
  return t == DataType::kComplex64 || t == DataType::kComplex128;
}

}  // namespace ops
}  // namespace paddle
