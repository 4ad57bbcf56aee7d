// elementwise_act_fuse_pass: t = elementwise_add(X=x, Y=y); out = act(X=t)
// with act relu, sigmoid, tanh or gelu (exact) becomes
//   out = fused_elemwise_add_activation(X=x, Y=y)
//         {functor_list=[act, "elementwise_add"], axis, scale=0, save_intermediate_out=false}
// in the activation's place (PaddlePaddle's fuse_elewise_add_act_pass, for
// inference: IntermediateOut is left unbound). t must be a temporary written
// once and read only by the activation (graph_util.h), of float32 or float64
// (the fused op's kernels), and x, y must keep their values from the add to
// the activation. Run it after fc_fuse_pass, which takes the dense layers'
// add + activation first.
#include <algorithm>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// The functor name of an activation op, or "" when the fused op has none for it.
std::string Functor(const OpDesc& op) {
  const std::string& t = op.Type();
  if (t == "relu" || t == "sigmoid" || t == "tanh") return t;
  if (t == "gelu" && !OpAttrs(op).Get<bool>("approximate")) return t;
  return "";
}

class ElementwiseActFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    const VarUses uses(*block, *program);
    std::vector<size_t> dead_adds;
    for (size_t i = 0; i < block->OpCount(); ++i) {
      const OpDesc& add = *block->Op(i);
      if (add.Type() != "elementwise_add") continue;
      const std::string x = Single(add.Input("X")), y = Single(add.Input("Y"));
      const std::string t = Single(add.Output("Out"));
      size_t a = 0;
      if (x.empty() || y.empty() || !uses.Intermediate(*block, t, ctx, &a) || a <= i) continue;
      const DataType dtype = block->FindVar(t)->GetDataType();  // the fused op's kernels
      if (dtype != DataType::kFloat32 && dtype != DataType::kFloat64) continue;
      OpDesc* act = block->Op(a);
      const std::string functor = Functor(*act);
      const std::string out = Single(act->Output("Out"));
      if (functor.empty() || Single(act->Input("X")) != t || out.empty()) continue;
      if (WrittenBetween(*block, x, i, a) || WrittenBetween(*block, y, i, a)) continue;
      const int32_t axis = OpAttrs(add).Get<int32_t>("axis");
      *act->Proto() = proto::OpDesc();
      act->SetType("fused_elemwise_add_activation");
      act->SetInput("X", {x});
      act->SetInput("Y", {y});
      act->SetOutput("Out", {out});
      act->SetAttr("functor_list", std::vector<std::string>{functor, "elementwise_add"});
      act->SetAttr("axis", axis);
      act->SetAttr("scale", 0.0f);
      act->SetAttr("save_intermediate_out", false);
      dead_adds.push_back(i);
      block->RemoveVar(t);
    }
    for (size_t k = dead_adds.size(); k-- > 0;) block->RemoveOps(dead_adds[k], dead_adds[k] + 1);
  }
};

}  // namespace

std::unique_ptr<Pass> MakeElementwiseActFusePass(const PassOptions&) {
  return std::make_unique<ElementwiseActFusePass>();
}

}  // namespace ir
}  // namespace paddle
