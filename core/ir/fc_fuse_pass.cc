// fc_fuse_pass: the dense layer PaddlePaddle saves as
//
//   t0 = mul(X=x, Y=w)            x_num_col_dims k, y_num_col_dims 1, w persistable [K, N]
//     or matmul_v2(X=x, Y=w)      trans_x = trans_y = false, x of rank r >= 2: k = r - 1
//     or matmul(X=x, Y=w)         transpose_X = transpose_Y = false, alpha 1: likewise
//   t1 = elementwise_add(X=t0, Y=b)   b persistable [N], axis k or -1
//   t2 = act(X=t1)                (optional) relu, sigmoid, tanh, gelu (exact or tanh)
//
// becomes one `fc(Input=x, W=w, Bias=b) {in_num_col_dims=k, activation_type=...}`
// writing the last output, so the output is touched once. A chain fuses only
// when each intermediate (t0, and t1 when an activation follows) is written
// once, read only by the next op of the chain (counted over every block of the
// program), not persistable and not a kept (feed/fetch) variable; the
// intermediates' VarDescs are then removed. The fc op takes the place of the
// chain's last op.
#include <algorithm>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// One matched chain: op indices in the block (act = -1 when absent).
struct FcMatch {
  size_t mul, add;
  long act;
  std::string x, w, bias, out, activation;
  int32_t in_num_col_dims;
};

// The fc activation_type of an activation op, or "" when fc has none for it.
std::string FcActivation(const OpDesc& op) {
  const std::string& t = op.Type();
  if (t == "relu" || t == "sigmoid" || t == "tanh") return t;
  if (t == "gelu") return OpAttrs(op).Get<bool>("approximate") ? "gelu_tanh" : "gelu";
  return "";
}

// The rows/columns split of a product by a 2-D weight (mul's x_num_col_dims;
// the rank of X less one for a matmul), or 0 when the op is no such product.
int32_t ProductColDims(const BlockDesc& block, const OpDesc& op) {
  const OpAttrs attrs(op);
  if (op.Type() == "mul")
    return attrs.Get<int32_t>("y_num_col_dims") == 1 ? attrs.Get<int32_t>("x_num_col_dims") : 0;
  if (op.Type() == "matmul_v2") {
    if (attrs.Get<bool>("trans_x") || attrs.Get<bool>("trans_y")) return 0;
  } else if (op.Type() == "matmul") {
    if (attrs.Get<bool>("transpose_X") || attrs.Get<bool>("transpose_Y") ||
        attrs.Get<float>("alpha") != 1.0f)
      return 0;
  } else {
    return 0;
  }
  const VarDesc* x = block.FindVar(Single(op.Input("X")));
  if (!x || !x->IsTensor()) return 0;
  const size_t rank = x->GetShape().size();
  return rank >= 2 ? static_cast<int32_t>(rank - 1) : 0;
}

class FcFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    const VarUses uses(*block, *program);
    std::vector<FcMatch> matches;
    for (size_t i = 0; i < block->OpCount(); ++i) {
      const OpDesc& mul = *block->Op(i);
      if (mul.Type() != "mul" && mul.Type() != "matmul_v2" && mul.Type() != "matmul") continue;
      FcMatch m{i, 0, -1, Single(mul.Input("X")), Single(mul.Input("Y")), "", "", "",
                ProductColDims(*block, mul)};
      if (m.x.empty() || m.in_num_col_dims == 0) continue;
      const VarDesc* w = block->FindVar(m.w);
      if (!w || !w->Persistable() || !w->IsTensor() || w->GetShape().size() != 2) continue;
      const DataType dtype = w->GetDataType();
      if (dtype != DataType::kFloat32 && dtype != DataType::kFloat64) continue;
      const int64_t n = w->GetShape()[1];

      const std::string t0 = Single(mul.Output("Out"));
      if (!uses.Intermediate(*block, t0, ctx, &m.add) || m.add <= i) continue;
      const OpDesc& add = *block->Op(m.add);
      if (add.Type() != "elementwise_add" || Single(add.Input("X")) != t0) continue;
      const int32_t axis = OpAttrs(add).Get<int32_t>("axis");
      if (axis != -1 && axis != m.in_num_col_dims) continue;
      m.bias = Single(add.Input("Y"));
      const VarDesc* b = block->FindVar(m.bias);
      if (!b || !b->Persistable() || !b->IsTensor() || b->GetDataType() != dtype ||
          b->GetShape() != std::vector<int64_t>{n})
        continue;
      m.out = Single(add.Output("Out"));
      if (m.out.empty()) continue;

      size_t r = 0;
      if (uses.Intermediate(*block, m.out, ctx, &r) && r > m.add &&
          Single(block->Op(r)->Input("X")) == m.out &&
          !Single(block->Op(r)->Output("Out")).empty()) {
        m.activation = FcActivation(*block->Op(r));
        if (!m.activation.empty()) {
          m.act = static_cast<long>(r);
          m.out = Single(block->Op(r)->Output("Out"));
        }
      }
      auto movable_to = [&](size_t last) {
        return !WrittenBetween(*block, m.x, i, last) && !WrittenBetween(*block, m.w, i, last) &&
               !WrittenBetween(*block, m.bias, i, last);
      };
      if (m.act >= 0 && !movable_to(static_cast<size_t>(m.act))) {
        m.act = -1;  // still fuse the product + add, where the inputs are as it read them
        m.activation.clear();
        m.out = Single(add.Output("Out"));
      }
      if (movable_to(m.add)) matches.push_back(m);
    }
    if (matches.empty()) return;

    std::vector<size_t> dead_ops;
    for (const FcMatch& m : matches) {
      const size_t last = m.act >= 0 ? static_cast<size_t>(m.act) : m.add;
      OpDesc* fc = block->Op(last);
      const std::string t0 = Single(block->Op(m.mul)->Output("Out"));
      const std::string t1 = Single(block->Op(m.add)->Output("Out"));
      *fc->Proto() = proto::OpDesc();
      fc->SetType("fc");
      fc->SetInput("Input", {m.x});
      fc->SetInput("W", {m.w});
      fc->SetInput("Bias", {m.bias});
      fc->SetOutput("Out", {m.out});
      fc->SetAttr("in_num_col_dims", m.in_num_col_dims);
      fc->SetAttr("activation_type", m.activation);
      fc->SetAttr("padding_weights", false);
      dead_ops.push_back(m.mul);
      if (m.act >= 0) dead_ops.push_back(m.add);
      block->RemoveVar(t0);
      if (m.act >= 0) block->RemoveVar(t1);
    }
    std::sort(dead_ops.rbegin(), dead_ops.rend());
    for (size_t i : dead_ops) block->RemoveOps(i, i + 1);
  }
};

}  // namespace

std::unique_ptr<Pass> MakeFcFusePass(const PassOptions&) { return std::make_unique<FcFusePass>(); }

}  // namespace ir
}  // namespace paddle
