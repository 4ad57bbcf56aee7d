// Runs a block of a ProgramDesc in a Scope. Prepare once (kernels resolved,
// variables bound, attributes checked, the variables to free after each step
// computed), then Run many times.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/framework/build_infer_shape.h"  // InferShapesAtBuildTime, for callers that build programs
#include "core/framework/op_context.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"

namespace paddle {

// A write of a temporary whose buffer comes from the block's memory plan.
struct SlotWrite {
  Variable* var;
  int slot;
  bool first_def;                    // takes the slot's buffer before the kernel runs
  Variable* inplace_from = nullptr;  // the dying input whose buffer this output may reuse
};

struct PreparedStep {
  const OpDesc* desc;
  const OpDef* def;
  std::vector<Attribute> attrs;  // checked, declaration order
  KernelFn kernel = nullptr;     // resolved at first run when the dtype is not known statically
  DataType kernel_dtype = DataType::kFloat32;
  std::unique_ptr<KernelContext> ctx;
  std::vector<SlotWrite> slot_writes;  // memory plan (core/executor/memory_plan.h)
  std::vector<Variable*> free_after;    // eager deletion: last reader of these is this step
  std::unique_ptr<BlockRunner> runner;  // ops with a sub-block (core/executor/sub_block_runner.h)
};

class PreparedBlock {
 public:
  const ProgramDesc& program() const { return *program_; }
  int block_id() const { return block_id_; }
  Scope* scope() const { return scope_; }
  const std::vector<PreparedStep>& steps() const { return steps_; }
  // Buffers the memory plan's slots hold between runs.
  size_t NumSlots() const { return slots_.size(); }
  // Drops those buffers (the next run allocates them again).
  void ReleaseSlots() {
    for (auto& slot : slots_) slot.reset();
  }

 private:
  friend class Executor;
  const ProgramDesc* program_ = nullptr;
  int block_id_ = 0;
  Scope* scope_ = nullptr;
  std::vector<PreparedStep> steps_;
  std::vector<memory::AllocationPtr> slots_;
};

class Executor {
 public:
  explicit Executor(Place place = CPUPlace()) : place_(place) {}

  // Binds every variable of the block into `scope` (persistables where they
  // are, temporaries as local variables) and prepares each op. `program` and
  // `scope` must outlive the result. Throws naming the op on an unknown op,
  // a bad attribute or a missing slot. Unless FLAGS_eager_delete_tensor_gb < 0,
  // temporaries not in `keep_vars` are freed after their last reader and their
  // buffers reused by later temporaries (and in place where an op allows).
  std::unique_ptr<PreparedBlock> Prepare(const ProgramDesc& program, int block_id, Scope* scope,
                                         const std::vector<std::string>& keep_vars = {});
  // Runs the prepared steps. Errors name the failing op, its type and inputs.
  void Run(PreparedBlock& block);
  // Prepare and run once.
  void Run(const ProgramDesc& program, Scope* scope, int block_id = 0);
  // A control-flow op's sub-block, bound into `scope` (a child of the op's
  // scope): the variables the block declares are made there (shadowing the
  // parent's), the others are the parent's. No memory plan: the op's grad
  // reads the block's temporaries back from `scope`. `checked`: the same
  // block prepared for another scope, whose op checks and kernels are reused
  // (only the variables are bound again).
  std::unique_ptr<PreparedBlock> PrepareSubBlock(const ProgramDesc& program, int block_id,
                                                 Scope* scope,
                                                 const PreparedBlock* checked = nullptr);

  // Sets the feed list variable `feed_var` of `scope` to `inputs` (shared, no copy)
  // and reads the fetch list back.
  static void SetFeed(Scope* scope, const std::vector<DenseTensor>& inputs,
                      const std::string& feed_var = "feed");
  static std::vector<DenseTensor> GetFetch(const Scope& scope,
                                           const std::string& fetch_var = "fetch");

 private:
  // Binds the block's variables (filling `bound`, name -> variable) and its ops.
  std::unique_ptr<PreparedBlock> PrepareBlock(const ProgramDesc& program, int block_id,
                                             Scope* scope, bool sub_block,
                                             std::unordered_map<std::string, Variable*>* bound,
                                             const PreparedBlock* checked = nullptr);
  void RunStep(PreparedStep& step, std::vector<memory::AllocationPtr>& slots);
  static void PlanBlockMemory(const BlockDesc& block, const std::vector<std::string>& keep_vars,
                              const std::unordered_map<std::string, Variable*>& bound,
                              PreparedBlock* prepared);
  Place place_;
};


}  // namespace paddle
