// The steps of running one op call that the executor and eager mode share:
// which kernel dtype, and the outputs' shapes from the op's shape rule.
#pragma once

#include <vector>

#include "core/framework/op_context.h"

namespace paddle {

// Shape inference over live tensors (run time: every dim known).
class RuntimeInferShapeContext : public InferShapeContext {
 public:
  RuntimeInferShapeContext(KernelContext& kctx, const std::vector<Attribute>& attrs)
      : InferShapeContext(kctx.def(), attrs), kctx_(kctx) {}

  bool IsRuntime() const override { return true; }
  size_t InputCount(int slot) const override { return kctx_.InputCount(slot); }
  size_t OutputCount(int slot) const override { return kctx_.OutputCount(slot); }
  DDim InputDim(int slot, size_t i) const override { return kctx_.Input(slot, i).dims(); }
  DataType InputDtype(int slot, size_t i) const override { return kctx_.Input(slot, i).dtype(); }
  // An output shape naming more elements than fit in 64 bits is the op's error.
  void SetOutputDim(int slot, const DDim& dims, size_t i) override {
    CheckedNumel(dims, op_type(), "output shape");
    kctx_.Output(slot, i)->Resize(dims);
  }
  void SetOutputDtype(int slot, DataType dtype, size_t i) override {
    kctx_.Output(slot, i)->set_dtype(dtype);
  }
  void ShareLoD(int in_slot, int out_slot, size_t i) override {
    kctx_.Output(out_slot, i)->set_lod(kctx_.Input(in_slot, i).lod());
  }

 private:
  KernelContext& kctx_;
};

// The element type that selects the kernel: that of the op's selecting input;
// float32 for ops without one and for list-valued inputs (feed). Throws
// PreconditionNotMet when that input was never written.
DataType KernelDtype(const KernelContext& ctx);

// Gives every tensor output `dtype`, then runs the op's shape rule (if any).
void InferOutputShapes(KernelContext& ctx, const std::vector<Attribute>& attrs, DataType dtype);

}  // namespace paddle
