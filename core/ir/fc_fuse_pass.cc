// fc_fuse_pass: the dense layer PaddlePaddle saves as
//
//   t0 = mul(X=x, Y=w)            x_num_col_dims k, y_num_col_dims 1, w persistable [K, N]
//   t1 = elementwise_add(X=t0, Y=b)   b persistable [N], axis k or -1
//   t2 = relu(X=t1)               (optional)
//
// becomes one `fc(Input=x, W=w, Bias=b) {in_num_col_dims=k, activation_type="relu" or ""}`
// writing the last output, so the output is touched once. A chain fuses only
// when each intermediate (t0, and t1 when relu follows) is written once, read
// only by the next op of the chain (counted over every block of the program),
// not persistable and not a kept (feed/fetch) variable; the intermediates'
// VarDescs are then removed. The fc op takes the place of the chain's last op.
#include <algorithm>
#include <map>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// One matched chain: op indices in the block (relu = -1 when absent).
struct FcMatch {
  size_t mul, add;
  long relu;
  std::string x, w, bias, out;
  int32_t in_num_col_dims;
};

// The one variable bound to `slot`, or "" when the slot holds zero or several.
std::string Single(const std::vector<std::string>& names) {
  return names.size() == 1 ? names[0] : std::string();
}

class FcFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    // Readers and writers of each name over the whole program: a sub-block
    // may read this block's variables.
    std::map<std::string, int> reads, writes;
    for (size_t b = 0; b < program->BlockCount(); ++b) {
      const BlockDesc* blk = program->Block(b);
      for (size_t i = 0; i < blk->OpCount(); ++i) {
        for (const auto& n : blk->Op(i)->InputArgumentNames()) reads[n]++;
        if (blk == block)
          for (const auto& n : blk->Op(i)->OutputArgumentNames()) writes[n]++;
      }
    }
    // The op of this block reading each name once (for intermediates).
    std::map<std::string, size_t> reader;
    for (size_t i = 0; i < block->OpCount(); ++i)
      for (const auto& n : block->Op(i)->InputArgumentNames()) reader[n] = i;

    // A temporary the chain may swallow: written once, read once (by `op`).
    auto intermediate = [&](const std::string& name, size_t* next) {
      const VarDesc* v = block->FindVar(name);
      if (name.empty() || !v || v->Persistable() || ctx.keep_vars.count(name)) return false;
      if (writes[name] != 1 || reads[name] != 1 || !reader.count(name)) return false;
      *next = reader[name];
      return true;
    };
    // Not written by ops strictly between `from` and `to` (the fc moves X's read there).
    auto unchanged_between = [&](const std::string& name, size_t from, size_t to) {
      for (size_t i = from + 1; i < to; ++i) {
        const auto outs = block->Op(i)->OutputArgumentNames();
        if (std::find(outs.begin(), outs.end(), name) != outs.end()) return false;
      }
      return true;
    };

    std::vector<FcMatch> matches;
    for (size_t i = 0; i < block->OpCount(); ++i) {
      const OpDesc& mul = *block->Op(i);
      if (mul.Type() != "mul") continue;
      // Attributes as the op's definition checks them (the loader already has).
      const OpAttrs mul_attrs(mul);
      FcMatch m{i, 0, -1, Single(mul.Input("X")), Single(mul.Input("Y")), "", "",
                mul_attrs.Get<int32_t>("x_num_col_dims")};
      if (m.x.empty() || mul_attrs.Get<int32_t>("y_num_col_dims") != 1) continue;
      const VarDesc* w = block->FindVar(m.w);
      if (!w || !w->Persistable() || !w->IsTensor() || w->GetShape().size() != 2) continue;
      const DataType dtype = w->GetDataType();
      if (dtype != DataType::kFloat32 && dtype != DataType::kFloat64) continue;
      const int64_t n = w->GetShape()[1];

      const std::string t0 = Single(mul.Output("Out"));
      if (!intermediate(t0, &m.add) || m.add <= i) continue;
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
      if (intermediate(m.out, &r) && r > m.add && block->Op(r)->Type() == "relu" &&
          Single(block->Op(r)->Input("X")) == m.out && !Single(block->Op(r)->Output("Out")).empty()) {
        m.relu = static_cast<long>(r);
        m.out = Single(block->Op(r)->Output("Out"));
      }
      auto movable_to = [&](size_t last) {
        return unchanged_between(m.x, i, last) && unchanged_between(m.w, i, last) &&
               unchanged_between(m.bias, i, last);
      };
      if (m.relu >= 0 && !movable_to(static_cast<size_t>(m.relu))) {
        m.relu = -1;  // still fuse mul + add, where the inputs are as mul read them
        m.out = Single(add.Output("Out"));
      }
      if (movable_to(m.add)) matches.push_back(m);
    }
    if (matches.empty()) return;

    std::vector<size_t> dead_ops;
    for (const FcMatch& m : matches) {
      const size_t last = m.relu >= 0 ? static_cast<size_t>(m.relu) : m.add;
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
      fc->SetAttr("activation_type", std::string(m.relu >= 0 ? "relu" : ""));
      fc->SetAttr("padding_weights", false);
      dead_ops.push_back(m.mul);
      if (m.relu >= 0) dead_ops.push_back(m.add);
      block->RemoveVar(t0);
      if (m.relu >= 0) block->RemoveVar(t1);
    }
    std::sort(dead_ops.rbegin(), dead_ops.rend());
    for (size_t i : dead_ops) block->RemoveOps(i, i + 1);
  }
};

}  // namespace

std::unique_ptr<Pass> MakeFcFusePass(const PassOptions&) { return std::make_unique<FcFusePass>(); }

}  // namespace ir
}  // namespace paddle
