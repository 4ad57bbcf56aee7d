// Helpers shared by the optimizer ops (optimizer_ops.cc, adam_ops.cc,
// adam_variant_ops.cc): the checks every update op makes and the
// one-element tensors (LearningRate, Beta1Pow, ...) they read. The outputs
// (ParamOut, moments) may be their inputs' own variables: every kernel reads
// element i of all inputs before writing it.
#pragma once

#include <cstring>
#include <initializer_list>
#include <utility>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {

// Docs of the slots and attributes the optimizers share.
inline constexpr char kParamEn[] = "The parameter.";
inline constexpr char kParamZh[] = "参数。";
inline constexpr char kGradEn[] = "The parameter's gradient, same shape.";
inline constexpr char kGradZh[] = "参数的梯度，形状相同。";
inline constexpr char kLrEn[] = "The learning rate, one float element.";
inline constexpr char kLrZh[] = "学习率，单个浮点元素。";
inline constexpr char kParamOutEn[] = "The updated parameter (usually Param's own variable).";
inline constexpr char kParamOutZh[] = "更新后的参数（通常与 Param 是同一变量）。";
// The Adam family's betas and epsilon (adam_ops.cc, adam_variant_ops.cc).
inline constexpr char kBeta1En[] = "Decay of the gradient's running mean.";
inline constexpr char kBeta1Zh[] = "梯度滑动平均的衰减率。";
inline constexpr char kBeta2En[] = "Decay of the squared gradient's running mean.";
inline constexpr char kBeta2Zh[] = "梯度平方滑动平均的衰减率。";
inline constexpr char kEpsilonEn[] = "Added to the root for stability, >= 0.";
inline constexpr char kEpsilonZh[] = "加到平方根上以保证数值稳定，>= 0。";
inline constexpr char kMasterEn[] = "float32 master weights (multi_precision only, not supported).";
inline constexpr char kMasterZh[] = "float32 主权重（仅用于 multi_precision，不支持）。";
inline constexpr char kMasterOutEn[] =
    "The updated master weights (multi_precision only, not supported).";
inline constexpr char kMasterOutZh[] = "更新后的主权重（仅用于 multi_precision，不支持）。";
inline constexpr char kMultiEn[] =
    "Keep float32 master weights of float16 parameters; must be false.";
inline constexpr char kMultiZh[] = "为 float16 参数保留 float32 主权重；必须为 false。";

// multi_precision keeps a float32 master copy of float16 parameters; we have
// no float16 kernels, so true is Unimplemented (naming the op).
void RejectMultiPrecision(InferShapeContext& ctx, int attr);
// Each given input in `slots` must have Param's shape.
void CheckLikeParam(InferShapeContext& ctx, int param, std::initializer_list<int> slots);
// Each given input in `slots` must hold one element (a learning rate, a beta
// power): [1] or a 0-D tensor.
void CheckOneElement(InferShapeContext& ctx, std::initializer_list<int> slots);
// Each bound output takes the shape (and element type) of its input.
void OutputsLike(InferShapeContext& ctx, std::initializer_list<std::pair<int, int>> in_out);

// The one element of a float32 or float64 input (InvalidArgument otherwise).
double ScalarValue(const KernelContext& ctx, int slot);
// `ScalarValue(slot)` when the input is given, else the float attribute.
double ScalarOr(const KernelContext& ctx, int slot, int attr);
// A rate read from a tensor must lie in [lo, hi] (the attribute's own range
// is checked when the op is built); InvalidArgument names the op and input.
double RateIn(const KernelContext& ctx, int slot, int attr, double lo, double hi);
// True when the optional bool input SkipUpdate is given and holds true.
bool SkipUpdate(const KernelContext& ctx, int slot);
// Output `out` as a copy of input `in` (nothing to do when it is that buffer).
void CopyInput(KernelContext& ctx, int in, int out);
// A beta power advanced by one step: out = in * beta, in the input's type.
void AdvancePow(KernelContext& ctx, int in, int out, double beta);

template <typename T>
T* OutData(KernelContext& ctx, int slot) {
  return ctx.Output(slot)->MutableData<T>(ctx.place());
}

}  // namespace ops
}  // namespace paddle
