// The forward functors of the activations other ops fuse (fc's
// activation_type, fused_elemwise_add_activation's functor_list) as well as
// activation_ops.cc registers: one formula each, so a fused op computes
// exactly what the separate op would.
#pragma once

#include "core/ops/complex_util.h"
#include "core/ops/vec_math.h"

namespace paddle {
namespace ops {

struct Relu {
  template <typename T> T operator()(T x) const { return x > T(0) ? x : T(0); }
};
struct Sigmoid {
  template <typename T> T operator()(T x) const { return vec::Sigmoid(x); }
};
struct Tanh {
  template <typename T> T operator()(T x) const {
    if constexpr (kIsComplex<T>) {
      return std::tanh(x);
    } else {
      return vec::Tanh(x);
    }
  }
};
// gelu, exact (X Phi(X), with erf) and with the tanh approximation.
struct GeluErf {
  template <typename T> T operator()(T x) const {
    return T(0.5) * x * (T(1) + vec::ErfAbs(x * T(0.7071067811865476)));
  }
};
struct GeluTanh {
  template <typename T> T operator()(T x) const {
    const T k = T(0.7978845608028654);  // sqrt(2 / pi)
    return T(0.5) * x * (T(1) + vec::Tanh(k * (x + T(0.044715) * x * x * x)));
  }
};

}  // namespace ops
}  // namespace paddle
