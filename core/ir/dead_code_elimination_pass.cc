// dead_code_elimination_pass: removes the ops of the block whose outputs
// nothing needs, transitively, then the VarDescs of the block that no op of
// the program names any more.
//
// A variable is needed when it is in ctx.keep_vars, read by an op of another
// block (a sub-block reads its parent's variables), or read by a needed op.
// An op is needed when it writes a needed or persistable variable (optimizer
// updates, ParamOut), a variable not declared in the block (its owner is
// elsewhere), or when it has a side effect: feed and fetch, an op writing a
// variable it also reads (in place), an op with a sub-block attribute, an op
// without outputs, and an op drawing from the default random generator (its
// definition has a `seed` attribute, or it is bernoulli): removing it would
// shift the numbers every later random op draws.
//
// One sweep from the last op to the first; a variable once needed stays
// needed, so an earlier write of it is kept even when a later op overwrites
// it (conservative: whole-tensor overwrites are not assumed).
// VarDescs are removed only for tensors that are neither persistable nor kept.
#include <algorithm>
#include <set>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

bool DrawsRandomNumbers(const OpDesc& op) {
  if (op.Type() == "bernoulli") return true;
  const OpRegistry& reg = OpRegistry::Instance();
  return reg.Has(op.Type()) && reg.Get(op.Type()).AttrIndex("seed") >= 0;
}

bool HasSideEffect(const OpDesc& op) {
  if (op.Type() == "feed" || op.Type() == "fetch") return true;
  const auto outs = op.OutputArgumentNames();
  if (outs.empty()) return true;
  const auto ins = op.InputArgumentNames();
  for (const auto& o : outs)
    if (std::find(ins.begin(), ins.end(), o) != ins.end()) return true;
  return HasSubBlock(op) || DrawsRandomNumbers(op);
}

class DeadCodeEliminationPass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    std::set<std::string> needed(ctx.keep_vars.begin(), ctx.keep_vars.end());
    for (size_t b = 0; b < program->BlockCount(); ++b) {
      const BlockDesc* blk = program->Block(b);
      if (blk == block) continue;
      for (size_t i = 0; i < blk->OpCount(); ++i)
        for (const auto& n : blk->Op(i)->InputArgumentNames()) needed.insert(n);
    }
    auto needs = [&](const OpDesc& op) {
      if (HasSideEffect(op)) return true;
      for (const auto& o : op.OutputArgumentNames()) {
        const VarDesc* v = block->FindVar(o);
        if (!v || v->Persistable() || needed.count(o)) return true;
      }
      return false;
    };
    std::vector<size_t> dead;
    for (size_t i = block->OpCount(); i-- > 0;) {
      const OpDesc& op = *block->Op(i);
      if (needs(op)) {
        for (const auto& n : op.InputArgumentNames()) needed.insert(n);
        continue;
      }
      dead.push_back(i);
    }
    for (size_t i : dead) block->RemoveOps(i, i + 1);  // descending: indices stay valid

    // Every tensor no op names, not only the dead ops' outputs: a program may
    // declare variables nothing uses.
    std::vector<std::string> candidates;
    for (size_t i = 0; i < block->VarCount(); ++i)
      if (block->Var(i)->IsTensor()) candidates.push_back(block->Var(i)->Name());
    RemoveUnusedVars(block, *program, ctx, candidates);
  }
};

}  // namespace

std::unique_ptr<Pass> MakeDeadCodeEliminationPass(const PassOptions&) {
  return std::make_unique<DeadCodeEliminationPass>();
}

}  // namespace ir
}  // namespace paddle
