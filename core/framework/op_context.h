// What shape inference and kernels see of one operator call. Slots and
// attributes are addressed by their index in the op's definition (declaration
// order), so the hot path does no string lookups.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/framework/attribute.h"
#include "core/framework/op_def.h"
#include "core/framework/variable.h"

namespace paddle {

class OpDesc;
class Scope;

// What a control-flow op (an op with a BLOCK attribute: conditional_block,
// while and their grads) needs of the executor that runs it: ops cannot
// include the executor, so it hands them this. core/executor/README.md.
class BlockRunner {
 public:
  virtual ~BlockRunner() = default;
  // The op's desc (its variable names: a grad op pairs X with X@GRAD by name).
  virtual const OpDesc& op() const = 0;
  // The scope the op runs in.
  virtual Scope& scope() const = 0;
  // Binds block `block_id` of the op's program into `scope` (a descendant of
  // scope()) unless that was done before for this (block, scope). The
  // block's ops are checked once; another scope (a loop's next step) only
  // binds its variables.
  virtual void PrepareBlock(int block_id, Scope* scope) = 0;
  // Prepares as above, then runs the block's ops in `scope`.
  virtual void RunBlock(int block_id, Scope* scope) = 0;
};

class InferShapeContext {
 public:
  InferShapeContext(const OpDef& def, const std::vector<Attribute>& attrs)
      : def_(def), attrs_(attrs) {}
  virtual ~InferShapeContext() = default;

  const OpDef& def() const { return def_; }
  const std::string& op_type() const { return def_.type; }
  // True while running (all dims known); false at build time (dims may be -1).
  virtual bool IsRuntime() const = 0;

  virtual size_t InputCount(int slot) const = 0;
  virtual size_t OutputCount(int slot) const = 0;
  bool HasInput(int slot) const { return InputCount(slot) > 0; }
  bool HasOutput(int slot) const { return OutputCount(slot) > 0; }
  virtual DDim InputDim(int slot, size_t i = 0) const = 0;
  virtual DataType InputDtype(int slot, size_t i = 0) const = 0;
  // Outputs start with the kernel-selecting input's dtype; set to change it.
  virtual void SetOutputDim(int slot, const DDim& dims, size_t i = 0) = 0;
  virtual void SetOutputDtype(int slot, DataType dtype, size_t i = 0) = 0;
  // Copies the LoD of an input to an output (no-op at build time).
  virtual void ShareLoD(int in_slot, int out_slot, size_t i = 0) = 0;

  template <typename T>
  const T& Attr(int idx) const {
    return AttrAt<T>(def_, attrs_, idx);
  }

  // "[op_type] " + the input's name, for error messages.
  std::string InputName(int slot) const;

 private:
  const OpDef& def_;
  const std::vector<Attribute>& attrs_;
};

class KernelContext {
 public:
  KernelContext(const OpDef& def, const std::vector<Attribute>& attrs, Place place)
      : def_(&def), attrs_(&attrs), place_(place) {
    ins.resize(def.inputs.size());
    outs.resize(def.outputs.size());
  }

  const OpDef& def() const { return *def_; }
  const std::string& op_type() const { return def_->type; }
  const Place& place() const { return place_; }
  // Ready for another call of the same op (eager mode keeps one context per
  // op and thread): new attributes, no variables bound; the slot lists keep
  // their capacity and the workspace its buffer, so a call allocates nothing.
  void Rebind(const std::vector<Attribute>& attrs) {
    attrs_ = &attrs;
    for (auto& slot : ins) slot.clear();
    for (auto& slot : outs) slot.clear();
    frozen_inputs_ = 0;
  }

  size_t InputCount(int slot) const { return ins[slot].size(); }
  size_t OutputCount(int slot) const { return outs[slot].size(); }
  bool HasInput(int slot) const { return !ins[slot].empty() && ins[slot][0]->IsInitialized(); }
  bool HasOutput(int slot) const { return !outs[slot].empty(); }
  // Throws naming the op and slot when absent, not a tensor, or never written.
  const DenseTensor& Input(int slot, size_t i = 0) const;
  DenseTensor* Output(int slot, size_t i = 0);
  Variable* InputVar(int slot, size_t i = 0) const;
  Variable* OutputVar(int slot, size_t i = 0) const;

  template <typename T>
  const T& Attr(int idx) const {
    return AttrAt<T>(*def_, *attrs_, idx);
  }

  // Scratch memory for the kernel (im2col buffers and the like), from the pool.
  // The context keeps it between calls, and the executor keeps its contexts for
  // the life of the prepared block, so a steady-state run allocates nothing.
  // Contents are undefined on entry.
  void* Workspace(size_t bytes);

  // Input slots whose tensors the caller guarantees unchanged, data and shape, for the
  // life of this context (the predictor marks parameters no op of its program writes).
  // A kernel may keep forms derived from them in kernel_cache (a pre-packed filter).
  bool InputFrozen(int slot) const { return slot < 64 && ((frozen_inputs_ >> slot) & 1); }
  void set_frozen_inputs(uint64_t slot_mask) { frozen_inputs_ = slot_mask; }
  // What the op's kernel keeps between calls of this context; lives as long as it.
  std::shared_ptr<void>& kernel_cache() { return kernel_cache_; }

  // Set by the executor for ops with a sub-block; null elsewhere.
  BlockRunner* block_runner() const { return block_runner_; }
  void set_block_runner(BlockRunner* runner) { block_runner_ = runner; }

  // Variables bound to each slot, filled once by the executor (or eager call).
  std::vector<std::vector<Variable*>> ins, outs;

 private:
  const OpDef* def_;
  const std::vector<Attribute>* attrs_;
  Place place_;
  memory::AllocationPtr workspace_;
  BlockRunner* block_runner_ = nullptr;
  uint64_t frozen_inputs_ = 0;
  std::shared_ptr<void> kernel_cache_;
};

}  // namespace paddle
