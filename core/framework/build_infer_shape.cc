#include "core/framework/build_infer_shape.h"

#include "core/base/enforce.h"

namespace paddle {

VarDesc* FindVarRecursive(ProgramDesc* program, BlockDesc* block, const std::string& name) {
  for (BlockDesc* b = block; b;) {
    if (VarDesc* v = b->FindVar(name)) return v;
    int parent = b->ParentIndex();
    b = parent >= 0 && static_cast<size_t>(parent) < program->BlockCount() && parent != b->Index()
            ? program->Block(parent)
            : nullptr;
  }
  return nullptr;
}

BuildTimeInferShapeContext::BuildTimeInferShapeContext(const OpDef& def,
                                                       const std::vector<Attribute>& attrs,
                                                       const OpDesc& op, BlockDesc* block,
                                                       ProgramDesc* program)
    : InferShapeContext(def, attrs) {
  auto bind = [&](const std::vector<ArgDef>& slots, bool is_input) {
    std::vector<std::vector<VarDesc*>> out(slots.size());
    for (size_t s = 0; s < slots.size(); ++s) {
      for (const auto& name : is_input ? op.Input(slots[s].name) : op.Output(slots[s].name)) {
        VarDesc* v = FindVarRecursive(program, block, name);
        if (!v && !is_input) v = block->AddVar(name);
        PD_CHECK(v, NotFound, "[", def.type, "] input '", slots[s].name, "' names variable '",
                 name, "', which the block does not declare");
        out[s].push_back(v);
      }
    }
    return out;
  };
  inputs_ = bind(def.inputs, true);
  outputs_ = bind(def.outputs, false);
}

VarDesc* BuildTimeInferShapeContext::In(int slot, size_t i) const {
  PD_CHECK(i < inputs_[slot].size(), NotFound, InputName(slot), " #", i, " is not bound");
  return inputs_[slot][i];
}

VarDesc* BuildTimeInferShapeContext::Out(int slot, size_t i) const {
  PD_CHECK(i < outputs_[slot].size(), NotFound, "[", op_type(), "] output '",
           def().outputs[slot].name, "' #", i, " is not bound");
  return outputs_[slot][i];
}

DDim BuildTimeInferShapeContext::InputDim(int slot, size_t i) const {
  return DDim(In(slot, i)->GetShape());
}

DataType BuildTimeInferShapeContext::InputDtype(int slot, size_t i) const {
  return In(slot, i)->GetDataType();
}

void BuildTimeInferShapeContext::SetOutputDim(int slot, const DDim& dims, size_t i) {
  Out(slot, i)->SetShape(dims.ToVector());
}

void BuildTimeInferShapeContext::SetOutputDtype(int slot, DataType dtype, size_t i) {
  Out(slot, i)->SetDataType(dtype);
}

bool BuildTimeInferShapeContext::OutputIsAnInput(int slot, size_t i) const {
  const VarDesc* out = Out(slot, i);
  for (const auto& in : inputs_)
    for (const VarDesc* v : in)
      if (v == out) return true;
  return false;
}

void BuildTimeInferShapeContext::ShareLoD(int in_slot, int out_slot, size_t i) {
  Out(out_slot, i)->SetLoDLevel(In(in_slot, i)->GetLoDLevel());
}

void InferOpShapeAtBuildTime(const OpDef& def, const std::vector<Attribute>& attrs,
                             const OpDesc& op, BlockDesc* block, ProgramDesc* program) {
  if (!def.infer_shape) return;
  BuildTimeInferShapeContext ctx(def, attrs, op, block, program);
  if (!def.inputs.empty() && ctx.HasInput(def.kernel_dtype_input)) {
    const DataType dtype = ctx.InputDtype(def.kernel_dtype_input, 0);
    for (size_t s = 0; s < def.outputs.size(); ++s)
      for (size_t k = 0; k < ctx.OutputCount(static_cast<int>(s)); ++k) {
        // An output that is also an input (written in place, as update_loss_scaling's int32
        // step counters) keeps its element type, as at run time (op_run.cc).
        if (ctx.OutputIsAnInput(static_cast<int>(s), k)) continue;
        ctx.SetOutputDtype(static_cast<int>(s), dtype, k);
      }
  }
  def.infer_shape(ctx);
}

void InferShapesAtBuildTime(ProgramDesc* program, int block_id) {
  BlockDesc* block = program->Block(static_cast<size_t>(block_id));
  const OpRegistry& registry = OpRegistry::Instance();
  for (size_t i = 0; i < block->OpCount(); ++i) {
    const OpDesc& op = *block->Op(i);
    const OpDef& def = registry.Get(op.Type());
    InferOpShapeAtBuildTime(def, def.CheckAttrs(op.GetAttrMap()), op, block, program);
  }
}

}  // namespace paddle
