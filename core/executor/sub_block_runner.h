// The executor's side of a control-flow op (conditional_block, while and
// their grads): the BlockRunner its kernel calls to run a sub-block in a
// child scope. Each block's ops are checked once (attributes, kernels); each
// (block, scope) is bound once and kept, so a later run finds it ready.
#pragma once

#include <map>
#include <memory>
#include <utility>

#include "core/executor/executor.h"

namespace paddle {

class SubBlockRunner : public BlockRunner {
 public:
  // `program`, `op` and `scope` must outlive the runner (they are the
  // prepared block's).
  SubBlockRunner(Place place, const ProgramDesc& program, const OpDesc& op, Scope* scope)
      : executor_(place), program_(program), op_(op), scope_(scope) {}

  const OpDesc& op() const override { return op_; }
  Scope& scope() const override { return *scope_; }
  void PrepareBlock(int block_id, Scope* scope) override { Prepared(block_id, scope); }
  void RunBlock(int block_id, Scope* scope) override;

 private:
  PreparedBlock& Prepared(int block_id, Scope* scope);

  Executor executor_;
  const ProgramDesc& program_;
  const OpDesc& op_;
  Scope* scope_;
  std::map<std::pair<int, const Scope*>, std::unique_ptr<PreparedBlock>> prepared_;
  std::map<int, const PreparedBlock*> checked_;  // the first preparation of each block
};

}  // namespace paddle
