// gelu_erf_fuse_pass (inference; ours): GELU written out with erf, as a model that spells
// out 0.5 * x * (1 + erf(x / sqrt(2))) saves it,
//   u = scale(x, 1/sqrt(2)); e = erf(u); p = scale(e, 1, bias 1)
//   and either y = elementwise_mul(scale(x, 0.5), p)      (either operand order)
//   or         y = scale(elementwise_mul(x, p), 0.5)
// becomes y = gelu(x) {approximate=false} in the last op's place: one pass over the tensor
// instead of five, and a dense layer's bias add followed by gelu is then one fc
// (fc_fuse_pass runs after this one). Every intermediate must be a temporary written once
// and read only by the next op of the pattern (graph_util.h), x must keep its value until
// the last op, and the tensors must be float32 or float64 (the gelu kernels).
#include <algorithm>
#include <cmath>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// Whether `op` is scale(X=x) by `factor` (within float rounding) with bias `bias`, its scale
// and bias attributes only (no ScaleTensor/BiasTensor). `*x` gets its input.
bool IsScale(const OpDesc& op, float factor, float bias, std::string* x) {
  if (op.Type() != "scale" || !op.Input("ScaleTensor").empty() || !op.Input("BiasTensor").empty())
    return false;
  const OpAttrs attrs(op);
  if (std::fabs(attrs.Get<float>("scale") - factor) > 1e-6f * std::fabs(factor)) return false;
  // bias_after_scale false adds the bias before scaling: the same only for a factor of 1.
  if (attrs.Get<float>("bias") != bias || (bias != 0 && factor != 1 &&
                                           !attrs.Get<bool>("bias_after_scale")))
    return false;
  *x = Single(op.Input("X"));
  return !x->empty();
}

// The one op writing `name`, if it comes before op `before`; else -1.
long OnlyWriterBefore(const BlockDesc& block, const std::string& name, size_t before) {
  const std::vector<size_t> writers = Writers(block, name);
  return writers.size() == 1 && writers[0] < before ? static_cast<long>(writers[0]) : -1;
}

class GeluErfFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    const float kInvSqrt2 = 0.70710678f;
    bool changed = true;
    while (changed) {  // one match per sweep: the ops it removes shift the indices
      changed = false;
      const VarUses uses(*block, *program);
      for (size_t c = 0; c < block->OpCount() && !changed; ++c) {
        const OpDesc& erf = *block->Op(c);
        if (erf.Type() != "erf") continue;
        const std::string u = Single(erf.Input("X")), e = Single(erf.Output("Out"));
        std::string x, scratch;
        size_t d = 0, m = 0, unused = 0;
        const long b = OnlyWriterBefore(*block, u, c);
        if (u.empty() || e.empty() || b < 0 || !IsScale(*block->Op(b), kInvSqrt2, 0, &x) ||
            !uses.Intermediate(*block, u, ctx, &unused) ||
            !uses.Intermediate(*block, e, ctx, &d) || !IsScale(*block->Op(d), 1, 1, &scratch))
          continue;
        const std::string p = Single(block->Op(d)->Output("Out"));
        if (p.empty() || !uses.Intermediate(*block, p, ctx, &m)) continue;
        const OpDesc& mul = *block->Op(m);
        if (mul.Type() != "elementwise_mul") continue;
        const std::string mx = Single(mul.Input("X")), my = Single(mul.Input("Y"));
        const std::string other = mx == p ? my : my == p ? mx : "";
        const std::string mul_out = Single(mul.Output("Out"));
        if (other.empty() || mul_out.empty()) continue;
        std::vector<size_t> removed = {static_cast<size_t>(b), c, d};
        std::vector<std::string> gone = {u, e, p};
        size_t last = m;
        std::string y;
        const long a = other == x ? -1 : OnlyWriterBefore(*block, other, m);
        std::string half_in;
        if (a >= 0 && IsScale(*block->Op(a), 0.5f, 0, &half_in) && half_in == x &&
            uses.Intermediate(*block, other, ctx, &unused)) {
          removed.push_back(static_cast<size_t>(a));  // mul(scale(x, 0.5), p)
          gone.push_back(other);
          y = mul_out;
        } else if (other == x) {  // scale(mul(x, p), 0.5)
          size_t f = 0;
          if (!uses.Intermediate(*block, mul_out, ctx, &f) ||
              !IsScale(*block->Op(f), 0.5f, 0, &half_in))
            continue;
          removed.push_back(m);
          gone.push_back(mul_out);
          last = f;
          y = Single(block->Op(f)->Output("Out"));
        } else {
          continue;
        }
        const VarDesc* xv = block->FindVar(x);
        if (y.empty() || !xv || (xv->GetDataType() != DataType::kFloat32 &&
                                 xv->GetDataType() != DataType::kFloat64))
          continue;
        size_t first = last;
        for (size_t r : removed) first = std::min(first, r);
        if (WrittenBetween(*block, x, first, last)) continue;
        OpDesc* gelu = block->Op(last);
        *gelu->Proto() = proto::OpDesc();
        gelu->SetType("gelu");
        gelu->SetInput("X", {x});
        gelu->SetOutput("Out", {y});
        gelu->SetAttr("approximate", false);
        std::sort(removed.begin(), removed.end());
        for (size_t k = removed.size(); k-- > 0;)
          block->RemoveOps(removed[k], removed[k] + 1);
        for (const auto& name : gone) block->RemoveVar(name);
        changed = true;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Pass> MakeGeluErfFusePass(const PassOptions&) {
  return std::make_unique<GeluErfFusePass>();
}

}  // namespace ir
}  // namespace paddle
