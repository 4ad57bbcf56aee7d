// Helpers shared by the operator definitions in core/ops: common shape rules.
// Internal to core/ops (other layers see ops only through OpRegistry).
#pragma once

#include <string>
#include <vector>

#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace ops {

// Output `out` gets the shape and LoD of input `in` (elementwise ops).
inline void SameShape(InferShapeContext& ctx, int in, int out) {
  ctx.SetOutputDim(out, ctx.InputDim(in));
  ctx.ShareLoD(in, out);
}

// Output `out` gets the shape of input `in` when `out` is bound (gradients of
// inputs that need none are left unbound by the backward builder).
inline void GradShapeLike(InferShapeContext& ctx, int in, int out) {
  if (ctx.HasOutput(out) && ctx.HasInput(in)) SameShape(ctx, in, out);
}

// Inputs `a` and `b` must have the same shape; a dim unknown at build time
// (-1) matches any size. InvalidArgument names the op and both shapes.
void CheckSameShape(InferShapeContext& ctx, int a, int b);
// Input `slot` must have shape `want` (how the op computes it: `rule`), with
// the same build-time leniency.
void CheckInputShape(InferShapeContext& ctx, int slot, const DDim& want, const char* rule);

// An axis in [-rank, rank) as [0, rank); InvalidArgument names the op, what
// the axis is (`what`, e.g. "axis" or "attribute 'dim'") and the shape `x`.
int NormalizeAxis(const std::string& op, const char* what, int64_t axis, int rank, const DDim& x);

// The product of dims [lo, hi) of a run-time shape (whose numel is known to
// fit): the outer or inner extent around an axis.
inline int64_t DimsProduct(const DDim& d, int lo, int hi) {
  int64_t p = 1;
  for (int i = lo; i < hi; ++i) p *= d[i];
  return p;
}

// A shape seen as [outer, n, inner] around dim `axis` (already normalized):
// outer * inner lines of n elements, `inner` apart. A 0-D shape is one line
// of one element.
struct AxisSplit {
  int64_t outer = 1, n = 1, inner = 1;
};
inline AxisSplit SplitAt(const DDim& d, int axis) {
  if (d.rank() == 0) return AxisSplit{};
  return AxisSplit{DimsProduct(d, 0, axis), d[axis], DimsProduct(d, axis + 1, d.rank())};
}

// Integers ops take from tensor inputs (shapes, axes, counts given as tensors).
// Element i of entry `entry` of input `slot`, an int32 or int64 tensor, as
// int64; InvalidArgument naming the op and slot for another element type.
int64_t IntElement(const KernelContext& ctx, int slot, size_t entry = 0, int64_t i = 0);
// Element i of input `slot` (float32, float64, int32 or int64) as float:
// scales given as tensors; InvalidArgument naming the op and slot otherwise.
float FloatElement(const KernelContext& ctx, int slot, int64_t i = 0);
// The single element of entry `entry` of input `slot` (InvalidArgument when
// it holds more or fewer).
int64_t IntScalar(const KernelContext& ctx, int slot, size_t entry = 0);
// The integers of the 1-D tensor input `tensor_slot` when given, else of the
// one-element tensors of the list input `list_slot`, else `attr` (a slot of
// -1 is absent).
template <typename I>
std::vector<int64_t> IntList(const KernelContext& ctx, int tensor_slot, int list_slot,
                             const std::vector<I>& attr) {
  std::vector<int64_t> out;
  if (tensor_slot >= 0 && ctx.HasInput(tensor_slot)) {
    for (int64_t i = 0; i < ctx.Input(tensor_slot).numel(); ++i)
      out.push_back(IntElement(ctx, tensor_slot, 0, i));
  } else if (list_slot >= 0 && ctx.HasInput(list_slot)) {
    for (size_t k = 0; k < ctx.InputCount(list_slot); ++k) out.push_back(IntScalar(ctx, list_slot, k));
  } else {
    out.assign(attr.begin(), attr.end());
  }
  return out;
}

// A shape given as the `shape` attribute `attr` or by the inputs ShapeTensor
// (`tensor_slot`) / ShapeTensorList (`list_slot`; a slot of -1 is absent), read as IntList does:
// InvalidArgument naming the op when a dim is negative or the element count
// overflows.
DDim ShapeArg(const KernelContext& ctx, int tensor_slot, int list_slot,
              const std::vector<int64_t>& attr);
// Output `out`'s shape at shape inference for such a shape: the attribute's
// (checked) when no tensor gives it; else, at build time, unknown dims as many
// as the tensors tell (at run time the kernel sets it from their values).
void InferShapeArg(InferShapeContext& ctx, int tensor_slot, int list_slot,
                   const std::vector<int64_t>& attr, int out);

}  // namespace ops
}  // namespace paddle
