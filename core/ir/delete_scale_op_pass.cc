// delete_scale_op_pass: a `scale` with scale 1 and bias 0 (and neither
// ScaleTensor nor BiasTensor bound) copies X; it is removed and its readers
// read X instead, when Out can be forwarded (a temporary written once, read
// only in this block, X unchanged until its last reader: graph_util.h).
#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

bool Bound(const OpDesc& op, const std::string& slot) {
  return op.HasInput(slot) && !op.Input(slot).empty();
}

class DeleteScaleOpPass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    for (size_t i = block->OpCount(); i-- > 0;) {
      const OpDesc& op = *block->Op(i);
      if (op.Type() != "scale" || Bound(op, "ScaleTensor") || Bound(op, "BiasTensor")) continue;
      const OpAttrs attrs(op);
      if (attrs.Get<float>("scale") != 1.0f || attrs.Get<float>("bias") != 0.0f) continue;
      const std::string x = Single(op.Input("X")), out = Single(op.Output("Out"));
      if (CanForward(*block, VarUses(*block, *program), ctx, i, x, out))
        ForwardAndRemove(block, i, out, x);
    }
  }
};

}  // namespace

std::unique_ptr<Pass> MakeDeleteScaleOpPass(const PassOptions&) {
  return std::make_unique<DeleteScaleOpPass>();
}

}  // namespace ir
}  // namespace paddle
