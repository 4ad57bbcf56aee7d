// matmul_grad_sgd_fuse_pass (training): a linear layer's weight gradient that
// only an sgd reads,
//   matmul_v2_grad(X, Y, Out@GRAD) -> X@GRAD, Y@GRAD ... sgd(Y, Y@GRAD, lr) -> Y
// becomes one fused_matmul_grad_sgd in the grad op's place, which computes X@GRAD
// and then Y -= lr · dY in one GEMM (core/ops/fused_matmul_grad_sgd_op.cc): the
// gradient (a full weight-sized tensor) is never written and read back, and
// the update reads X and Out@GRAD while they are still in cache.
// The update moves up to the grad op, so it fuses only when nothing between the
// two ops reads or writes Y, writes the learning rate, or runs a sub-block.
#include <algorithm>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

bool Names(const std::vector<std::string>& args, const std::string& name) {
  return std::find(args.begin(), args.end(), name) != args.end();
}

// Whether the grad op's weight update may run at `from` instead of `to`.
bool UpdateMayMoveUp(const BlockDesc& block, size_t from, size_t to, const std::string& param,
                     const std::string& lr) {
  for (size_t i = from + 1; i < to; ++i) {
    const OpDesc& op = *block.Op(i);
    const auto ins = op.InputArgumentNames(), outs = op.OutputArgumentNames();
    if (Names(ins, param) || Names(outs, param) || Names(outs, lr) || HasSubBlock(op))
      return false;
  }
  return true;
}

// The matmul_v2_grad writing `grad` as Y@GRAD of weight `param` at index `at`,
// in the foldable form the fused op takes (X not transposed, at least 2-D; Y 2-D).
bool IsWeightGrad(const BlockDesc& block, const OpDesc& op, const std::string& grad,
                  const std::string& param) {
  if (op.Type() != "matmul_v2_grad" || Single(op.Output("Y@GRAD")) != grad ||
      Single(op.Input("Y")) != param)
    return false;
  const VarDesc* x = block.FindVar(Single(op.Input("X")));
  const VarDesc* y = block.FindVar(param);
  if (!x || !y || !x->IsTensor() || !y->IsTensor()) return false;
  if (x->GetShape().size() < 2 || y->GetShape().size() != 2) return false;
  return !OpAttrs(op).Get<bool>("trans_x");
}

proto::OpDesc FusedOp(const OpDesc& grad, const std::string& lr) {
  proto::OpDesc p;
  OpDesc f(&p);
  f.SetType("fused_matmul_grad_sgd");
  for (const char* slot : {"X", "Y", "Out@GRAD"}) f.SetInput(slot, grad.Input(slot));
  f.SetInput("LearningRate", {lr});
  const std::string dx = grad.HasOutput("X@GRAD") ? Single(grad.Output("X@GRAD")) : "";
  if (!dx.empty()) f.SetOutput("X@GRAD", {dx});
  f.SetOutput("ParamOut", grad.Input("Y"));
  f.SetAttr("trans_x", false);
  f.SetAttr("trans_y", OpAttrs(grad).Get<bool>("trans_y"));
  return p;
}

class MatmulGradSgdFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    const VarUses uses(*block, *program);
    for (size_t i = block->OpCount(); i-- > 0;) {
      const OpDesc& sgd = *block->Op(i);
      if (sgd.Type() != "sgd" || (sgd.HasInput("MasterParam") && !sgd.Input("MasterParam").empty()))
        continue;
      const std::string param = Single(sgd.Input("Param")), grad = Single(sgd.Input("Grad")),
                        lr = Single(sgd.Input("LearningRate"));
      if (param.empty() || lr.empty() || Single(sgd.Output("ParamOut")) != param) continue;
      if (OpAttrs(sgd).Get<bool>("multi_precision")) continue;
      size_t reader = 0;
      if (!uses.Intermediate(*block, grad, ctx, &reader) || reader != i) continue;
      size_t j = i;
      while (j-- > 0 && !Names(block->Op(j)->OutputArgumentNames(), grad)) {
      }
      if (j >= i || !IsWeightGrad(*block, *block->Op(j), grad, param)) continue;
      if (!UpdateMayMoveUp(*block, j, i, param, lr)) continue;
      *block->Op(j)->Proto() = FusedOp(*block->Op(j), lr);
      block->RemoveOps(i, i + 1);
      block->RemoveVar(grad);
    }
  }
};

}  // namespace

std::unique_ptr<Pass> MakeMatmulGradSgdFusePass(const PassOptions&) {
  return std::make_unique<MatmulGradSgdFusePass>();
}

}  // namespace ir
}  // namespace paddle
