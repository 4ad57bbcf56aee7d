#include "core/framework/op_context.h"

#include "core/base/enforce.h"

namespace paddle {

std::string InferShapeContext::InputName(int slot) const {
  return "[" + def_.type + "] input '" + def_.inputs[slot].name + "'";
}

Variable* KernelContext::InputVar(int slot, size_t i) const {
  PD_CHECK(i < ins[slot].size(), NotFound, "[", def_->type, "] input '",
           def_->inputs[slot].name, "' #", i, " is not bound");
  return ins[slot][i];
}

Variable* KernelContext::OutputVar(int slot, size_t i) const {
  PD_CHECK(i < outs[slot].size(), NotFound, "[", def_->type, "] output '",
           def_->outputs[slot].name, "' #", i, " is not bound");
  return outs[slot][i];
}

const DenseTensor& KernelContext::Input(int slot, size_t i) const {
  Variable* v = InputVar(slot, i);
  PD_CHECK(v->IsType<DenseTensor>(), PreconditionNotMet, "[", def_->type, "] input '",
           def_->inputs[slot].name, "' holds ", v->TypeName(), ", expected a DenseTensor");
  const DenseTensor& t = v->Get<DenseTensor>();
  // Checked here, once for every kernel, so a kernel never reads a tensor
  // that nothing wrote (the executor's message adds the variable's name).
  PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[", def_->type, "] input '",
           def_->inputs[slot].name, "' #", i, " holds no data: no earlier op writes it, and it "
           "is neither a parameter nor a fed input");
  return t;
}

DenseTensor* KernelContext::Output(int slot, size_t i) {
  return OutputVar(slot, i)->GetMutable<DenseTensor>();
}

void* KernelContext::Workspace(size_t bytes) {
  if (!workspace_ || workspace_->size() < bytes) {
    workspace_.reset();  // return the old buffer first: the pool may hand it back grown
    workspace_ = memory::Alloc(place_, bytes);
  }
  return workspace_->ptr();
}

}  // namespace paddle
