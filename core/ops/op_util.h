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

}  // namespace ops
}  // namespace paddle
