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

// Every element type of data_type.h, for kernels that move tensors without
// reading their elements (feed, fetch).
constexpr DataType kAllDataTypes[] = {
    DataType::kBool,    DataType::kInt16,   DataType::kInt32,     DataType::kInt64,
    DataType::kFloat16, DataType::kFloat32, DataType::kFloat64,   DataType::kUInt8,
    DataType::kInt8,    DataType::kBFloat16, DataType::kComplex64, DataType::kComplex128};

}  // namespace ops
}  // namespace paddle

// `.PD_CPU_KERNEL_ALL_DTYPES(fn)` inside a PD_REGISTER_OP chain: `fn` serves
// every element type on CPU. Spelled out because the builder chain is one
// expression (no loop); keep in step with kAllDataTypes.
#define PD_CPU_KERNEL_ALL_DTYPES(FN)                                 \
  Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kBool, FN)      \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kInt16, FN)  \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kInt32, FN)  \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kInt64, FN)  \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kFloat16, FN) \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kFloat32, FN) \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kFloat64, FN) \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kUInt8, FN)  \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kInt8, FN)   \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kBFloat16, FN) \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kComplex64, FN) \
      .Kernel(::paddle::DeviceType::kCPU, ::paddle::DataType::kComplex128, FN)
