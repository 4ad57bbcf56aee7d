// Helpers shared by the operator definitions in core/ops: gradient-op
// wiring, common shape rules and kernel registration shorthands. Internal to
// core/ops (other layers see ops only through OpRegistry).
#pragma once

#include <string>
#include <vector>

#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace ops {

// Builds a gradient op from its forward op, slot by slot, so a grad maker
// reads like the gradient's signature.
class GradOpBuilder {
 public:
  GradOpBuilder(const OpDesc& forward, const char* grad_type) : fwd_(forward) {
    op_.type = grad_type;
    op_.attrs = forward.GetAttrMap();  // the gradient needs the forward's settings
  }
  // The forward input `slot` is read by the gradient under the same name.
  GradOpBuilder& ForwardInput(const char* slot) {
    op_.inputs[slot] = fwd_.Input(slot);
    return *this;
  }
  // The forward output `slot` is read by the gradient under the same name.
  GradOpBuilder& ForwardOutput(const char* slot) {
    op_.inputs[slot] = fwd_.Output(slot);
    return *this;
  }
  // The gradient of forward output `slot` arrives as input `slot@GRAD`.
  GradOpBuilder& OutputGrad(const char* slot) {
    op_.inputs[GradVarName(slot)] = GradNames(fwd_.Output(slot));
    return *this;
  }
  // The gradient op writes the gradient of forward input `slot` to `slot@GRAD`.
  GradOpBuilder& InputGrad(const char* slot) {
    op_.outputs[GradVarName(slot)] = GradNames(fwd_.Input(slot));
    return *this;
  }
  std::vector<GradOpDesc> Build() { return {std::move(op_)}; }

 private:
  static std::vector<std::string> GradNames(std::vector<std::string> names) {
    for (auto& n : names) n = GradVarName(n);
    return names;
  }
  const OpDesc& fwd_;
  GradOpDesc op_;
};

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

// The slots of the gradient of a binary op Out = f(X, Y): inputs X, Y,
// Out@GRAD; optional outputs X@GRAD, Y@GRAD.  `.Apply(BinaryGradSlots)`
void BinaryGradSlots(OpDefBuilder& op);
// The matching grad op desc: reads X, Y and Out@GRAD, writes X@GRAD and Y@GRAD.
std::vector<GradOpDesc> BinaryGrad(const OpDesc& forward, const char* grad_type);

}  // namespace ops
}  // namespace paddle
