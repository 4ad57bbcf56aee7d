// Reductions over some dims (the reduce family, reduce.h): each is a reducer
// (Init, Combine, Finish) and a gradient functor for one element of X; the
// logical reductions fold into bool and have no gradient.
#include <limits>

#include "core/ops/complex_util.h"
#include "core/ops/reduce.h"

namespace paddle {
namespace ops {
namespace {

struct Sum {
  template <typename T> static T Init() { return T(0); }
  template <typename T> static T Combine(T acc, T v) { return acc + v; }
  template <typename T> static T Finish(T acc, int64_t) { return acc; }
};
struct SumGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> static T dx(T, T, T dout, int64_t) { return dout; }
};

struct Mean {
  template <typename T> static T Init() { return T(0); }
  template <typename T> static T Combine(T acc, T v) { return acc + v; }
  // count == 0 (an empty reduced dim) gives 0 / 0 = NaN, the mean of nothing.
  template <typename T> static T Finish(T acc, int64_t count) { return acc / static_cast<T>(count); }
};
struct MeanGrad {
  static constexpr bool kReadsOut = false;
  template <typename T> static T dx(T, T, T dout, int64_t count) {
    return dout / static_cast<T>(count);
  }
};

struct Max {
  template <typename T> static T Init() { return std::numeric_limits<T>::lowest(); }
  template <typename T> static T Combine(T acc, T v) { return v > acc ? v : acc; }
  template <typename T> static T Finish(T acc, int64_t) { return acc; }
};
struct Min {
  template <typename T> static T Init() { return std::numeric_limits<T>::max(); }
  template <typename T> static T Combine(T acc, T v) { return v < acc ? v : acc; }
  template <typename T> static T Finish(T acc, int64_t) { return acc; }
};
// Every element equal to the extreme gets the gradient, as PaddlePaddle does.
struct ExtremeGrad {
  static constexpr bool kReadsOut = true;
  template <typename T> static T dx(T x, T out, T dout, int64_t) { return x == out ? dout : T(0); }
};

struct Prod {
  template <typename T> static T Init() { return T(1); }
  template <typename T> static T Combine(T acc, T v) { return acc * v; }
  template <typename T> static T Finish(T acc, int64_t) { return acc; }
};
// Out / X, as PaddlePaddle computes it (a zero in X gives inf or NaN there).
struct ProdGrad {
  static constexpr bool kReadsOut = true;
  template <typename T> static T dx(T x, T out, T dout, int64_t) { return dout * out / x; }
};

// Non-zero is true; the accumulator is bool whatever X's type (Combine also
// folds two accumulators, T = bool).
struct All {
  template <typename T> static bool Init() { return true; }
  template <typename T> static bool Combine(bool acc, T v) { return acc && v != T(0); }
  static bool Finish(bool acc, int64_t) { return acc; }
};
struct Any {
  template <typename T> static bool Init() { return false; }
  template <typename T> static bool Combine(bool acc, T v) { return acc || v != T(0); }
  static bool Finish(bool acc, int64_t) { return acc; }
};

PD_REGISTER_OP(reduce_sum)
    .Doc("Sum of X over the dims in `dim` (or all dims). Out has X's dtype.",
         "沿 dim 指定的维度（或全部维度）对 X 求和。Out 的数据类型与 X 相同。")
    .Apply(Reduce<Sum, SumGrad, float, double, int32_t, int64_t, complex64, complex128>);

PD_REGISTER_OP(reduce_mean)
    .Doc("Arithmetic mean of X over the dims in `dim` (or all dims): each element of Out is the "
         "sum of the elements of X that reduce into it divided by their count. Out has X's "
         "dtype.",
         "沿 dim 指定的维度（或全部维度）计算 X 的算术平均：Out 的每个元素等于归约到它的 X "
         "元素之和除以元素个数。Out 的数据类型与 X 相同。")
    .Apply(Reduce<Mean, MeanGrad, float, double, complex64, complex128>);

PD_REGISTER_OP(reduce_max)
    .Doc("Maximum of X over the dims in `dim` (or all dims).",
         "沿 dim 指定的维度（或全部维度）求 X 的最大值。")
    .Apply(Reduce<Max, ExtremeGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(reduce_min)
    .Doc("Minimum of X over the dims in `dim` (or all dims).",
         "沿 dim 指定的维度（或全部维度）求 X 的最小值。")
    .Apply(Reduce<Min, ExtremeGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(reduce_prod)
    .Doc("Product of X over the dims in `dim` (or all dims).",
         "沿 dim 指定的维度（或全部维度）求 X 的乘积。")
    .Apply(Reduce<Prod, ProdGrad, float, double, int32_t, int64_t>);

PD_REGISTER_OP(reduce_all)
    .Doc("Whether every element of X (non-zero is true) over the dims in `dim` (or all dims) "
         "is true. Out is bool; an empty reduction is true.",
         "沿 dim 指定的维度（或全部维度）判断 X 的元素（非零为真）是否全为真。Out 为 bool 类型；"
         "空归约的结果为真。")
    .Apply(LogicalReduce<All, bool, float, double, int32_t, int64_t>);

PD_REGISTER_OP(reduce_any)
    .Doc("Whether any element of X (non-zero is true) over the dims in `dim` (or all dims) is "
         "true. Out is bool; an empty reduction is false.",
         "沿 dim 指定的维度（或全部维度）判断 X 的元素（非零为真）是否有一个为真。Out 为 bool "
         "类型；空归约的结果为假。")
    .Apply(LogicalReduce<Any, bool, float, double, int32_t, int64_t>);

}  // namespace
}  // namespace ops
}  // namespace paddle
