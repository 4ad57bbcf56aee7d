// Shape inference at build time, over a block's VarDescs (dims may be -1):
// for programs being built (static mode, passes, tests); the run-time
// context is core/framework/op_run.h.
#pragma once

#include <string>
#include <vector>

#include "core/framework/op_context.h"
#include "core/framework/op_run.h"
#include "core/framework/program_desc.h"

namespace paddle {

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
  // Whether output #i of `slot` is one of the op's inputs (written in place).
  bool OutputIsAnInput(int slot, size_t i) const;

 private:
  VarDesc* In(int slot, size_t i) const;
  VarDesc* Out(int slot, size_t i) const;
  std::vector<std::vector<VarDesc*>> inputs_, outputs_;
};

// Finds `name` in `block` or its ancestors; nullptr if absent.
VarDesc* FindVarRecursive(ProgramDesc* program, BlockDesc* block, const std::string& name);

// Fills in the output VarDescs' dtypes (that of the op's kernel-selecting
// input unless the shape rule says otherwise; ops without inputs set theirs) and shapes (-1 dims propagate). Output variables the block
// lacks are added. Ops without a shape rule (feed, fetch) keep their outputs.
void InferOpShapeAtBuildTime(const OpDef& def, const std::vector<Attribute>& attrs,
                             const OpDesc& op, BlockDesc* block, ProgramDesc* program);
// The same for every op of a block.
void InferShapesAtBuildTime(ProgramDesc* program, int block_id = 0);

}  // namespace paddle
