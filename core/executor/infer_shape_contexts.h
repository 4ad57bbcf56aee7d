// The two InferShapeContexts: one over live tensors (run time), one over a
// block's VarDescs (build time, where dims may be -1).
#pragma once

#include <string>
#include <vector>

#include "core/framework/op_context.h"
#include "core/framework/program_desc.h"

namespace paddle {

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

class BuildTimeInferShapeContext : public InferShapeContext {
 public:
  // `block` holds (or its ancestors in `program` hold) every variable the op names.
  BuildTimeInferShapeContext(const OpDef& def, const std::vector<Attribute>& attrs,
                             const OpDesc& op, BlockDesc* block, ProgramDesc* program);

  bool IsRuntime() const override { return false; }
  size_t InputCount(int slot) const override { return inputs_[slot].size(); }
  size_t OutputCount(int slot) const override { return outputs_[slot].size(); }
  DDim InputDim(int slot, size_t i) const override;
  DataType InputDtype(int slot, size_t i) const override;
  void SetOutputDim(int slot, const DDim& dims, size_t i) override;
  void SetOutputDtype(int slot, DataType dtype, size_t i) override;
  void ShareLoD(int in_slot, int out_slot, size_t i) override;

 private:
  VarDesc* In(int slot, size_t i) const;
  VarDesc* Out(int slot, size_t i) const;
  std::vector<std::vector<VarDesc*>> inputs_, outputs_;
};

// Finds `name` in `block` or its ancestors; nullptr if absent.
VarDesc* FindVarRecursive(ProgramDesc* program, BlockDesc* block, const std::string& name);

}  // namespace paddle
