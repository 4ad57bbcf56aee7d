// delete_dropout_op_pass (inference): a dropout in test mode (is_test=true)
// draws nothing, so
//   - dropout_implementation "upscale_in_train" (identity at inference) is
//     removed and its readers read X instead;
//   - "downgrade_in_infer" (Out = X * (1 - p)) becomes
//     scale(X) {scale = 1 - p, bias = 0}.
// An upscale dropout whose Out cannot be forwarded (a kept or persistable Out,
// a reader in a sub-block, X rewritten before the last reader) becomes
// scale(X) {scale = 1}, a plain copy. A dropout still in training mode, or
// whose Mask someone reads (a dropout_grad), is left as it is. The Mask
// VarDesc goes with the op.
#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

void BecomeScale(OpDesc* op, const std::string& x, const std::string& out, float factor) {
  *op->Proto() = proto::OpDesc();
  op->SetType("scale");
  op->SetInput("X", {x});
  op->SetOutput("Out", {out});
  op->SetAttr("scale", factor);
  op->SetAttr("bias", 0.0f);
  op->SetAttr("bias_after_scale", true);
}

class DeleteDropoutOpPass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    // Back to front, so removing an op keeps the earlier indices.
    for (size_t i = block->OpCount(); i-- > 0;) {
      OpDesc* op = block->Op(i);
      if (op->Type() != "dropout") continue;
      const OpAttrs attrs(*op);
      if (!attrs.Get<bool>("is_test")) continue;
      const std::string x = Single(op->Input("X")), out = Single(op->Output("Out"));
      const std::string mask = op->HasOutput("Mask") ? Single(op->Output("Mask")) : "";
      const VarUses uses(*block, *program);
      if (x.empty() || out.empty() || (!mask.empty() && uses.Reads(mask) > 0)) continue;
      const bool upscale = attrs.Get<std::string>("dropout_implementation") == "upscale_in_train";
      if (upscale && CanForward(*block, uses, ctx, i, x, out)) {
        ForwardAndRemove(block, i, out, x);
      } else {
        BecomeScale(op, x, out, upscale ? 1.0f : 1.0f - attrs.Get<float>("dropout_prob"));
      }
      if (!mask.empty()) RemoveUnusedVars(block, *program, ctx, {mask});
    }
  }
};

}  // namespace

std::unique_ptr<Pass> MakeDeleteDropoutOpPass(const PassOptions&) {
  return std::make_unique<DeleteDropoutOpPass>();
}

}  // namespace ir
}  // namespace paddle
