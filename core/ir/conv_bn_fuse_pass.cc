// conv_bn_fuse_pass (inference): a convolution followed by a batch_norm in
// inference mode (is_test or use_global_stats) is one affine map per output
// channel c, so
//
//   o = conv2d(Input=x, Filter=w)          conv2d or depthwise_conv2d
//   [o = elementwise_add(X=o, Y=cb)]       optional per-channel bias cb [C]
//   y = batch_norm(X=o, Scale=s, Bias=b, Mean=m, Variance=v) {epsilon}
//
// becomes
//
//   o = conv2d(Input=x, Filter=w')         w'[c] = w[c] * a[c], a = s / sqrt(v + epsilon)
//   y = elementwise_add(X=o, Y=b') {axis}  b' = (cb - m) * a + b (cb = 0 when absent)
//
// with axis 1 for NCHW and -1 for NHWC (the conv's data_format and the
// batch_norm's data_layout must agree). The weights are in the Scope, not the
// program, so the pass needs ctx.scope (it does nothing without one). w' and
// b' are new persistable variables `<w>.bn_folded` and `<b>.bn_folded` (a
// numeric suffix when taken), folded in double precision; a filter shared
// with another op is therefore never changed under it. The old parameters
// that no op names any more lose their VarDesc and their scope variable.
//
// A chain fuses only when its intermediates are temporaries read only by the
// next op (graph_util.h), every parameter is a persistable tensor held in the
// scope, the filter 4-D of float32 or float64 and the others 1-D [C] of the
// filter's element type, and nobody reads what the batch_norm writes besides
// Y (MeanOut/VarianceOut may be Mean/Variance themselves, as saved models
// have them).
#include <algorithm>
#include <cmath>
#include <set>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

struct ConvBnMatch {
  size_t conv, bn;
  long add = -1;
  std::string filter, conv_bias, bn_x, y;
  bool channels_last = false;
};

// The initialized float tensor of a persistable `name` in the scope, or null.
const DenseTensor* Param(const BlockDesc& block, const Scope& scope, const std::string& name) {
  const VarDesc* v = name.empty() ? nullptr : block.FindVar(name);
  if (!v || !v->Persistable() || !v->IsTensor()) return nullptr;
  const Variable* var = scope.FindVar(name);
  if (!var || !var->IsType<DenseTensor>()) return nullptr;
  const DenseTensor& t = var->Get<DenseTensor>();
  if (!t.IsInitialized() || t.numel() < 0) return nullptr;
  return t.dtype() == DataType::kFloat32 || t.dtype() == DataType::kFloat64 ? &t : nullptr;
}

// A per-channel parameter: a 1-D [c] tensor of the filter's element type
// (the folded bias is added to the conv's output).
const DenseTensor* ChannelParam(const BlockDesc& block, const Scope& scope,
                                const std::string& name, int64_t c, DataType dtype) {
  const DenseTensor* t = Param(block, scope, name);
  return t && t->dims().rank() == 1 && t->dims()[0] == c && t->dtype() == dtype ? t : nullptr;
}

std::vector<double> ToDoubles(const DenseTensor& t) {
  if (t.dtype() == DataType::kFloat64) return {t.data<double>(), t.data<double>() + t.numel()};
  return {t.data<float>(), t.data<float>() + t.numel()};
}

template <typename T>
void Fill(DenseTensor* t, const std::vector<double>& v) {
  T* p = t->MutableData<T>();
  for (size_t i = 0; i < v.size(); ++i) p[i] = static_cast<T>(v[i]);
}

class ConvBnFusePass : public Pass {
 public:
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    if (!ctx.scope) return;
    const VarUses uses(*block, *program);
    std::vector<ConvBnMatch> matches;
    for (size_t i = 0; i < block->OpCount(); ++i) {
      ConvBnMatch m;
      if (Match(*block, uses, ctx, i, &m)) matches.push_back(m);
    }
    if (matches.empty()) return;

    std::vector<size_t> dead_ops;
    std::set<std::string> maybe_unused;
    for (const ConvBnMatch& m : matches) Fold(block, ctx, m, &dead_ops, &maybe_unused);
    std::sort(dead_ops.rbegin(), dead_ops.rend());
    for (size_t i : dead_ops) block->RemoveOps(i, i + 1);
    RemoveUnusedParams(block, *program, ctx, maybe_unused);
  }

 private:
  bool Match(const BlockDesc& block, const VarUses& uses, const PassContext& ctx, size_t i,
             ConvBnMatch* m) const {
    const OpDesc& conv = *block.Op(i);
    if (conv.Type() != "conv2d" && conv.Type() != "depthwise_conv2d") return false;
    const Scope& scope = *ctx.scope;
    m->conv = i;
    m->filter = Single(conv.Input("Filter"));
    const DenseTensor* w = Param(block, scope, m->filter);
    if (!w || w->dims().rank() != 4) return false;
    const int64_t c = w->dims()[0];
    m->channels_last = OpAttrs(conv).Get<std::string>("data_format") == "NHWC";
    const std::string o = Single(conv.Output("Output"));
    size_t next = 0;
    if (!uses.Intermediate(block, o, ctx, &next) || next <= i) return false;
    m->bn_x = o;
    const OpDesc* op = block.Op(next);
    if (op->Type() == "elementwise_add") {
      const int32_t axis = OpAttrs(*op).Get<int32_t>("axis");
      const bool aligned = m->channels_last ? (axis == -1 || axis == 3) : axis == 1;
      m->conv_bias = Single(op->Input("Y"));
      if (Single(op->Input("X")) != o || !aligned ||
          !ChannelParam(block, scope, m->conv_bias, c, w->dtype()))
        return false;
      m->add = static_cast<long>(next);
      m->bn_x = Single(op->Output("Out"));
      if (!uses.Intermediate(block, m->bn_x, ctx, &next) || next <= static_cast<size_t>(m->add))
        return false;
      op = block.Op(next);
    }
    if (op->Type() != "batch_norm" || Single(op->Input("X")) != m->bn_x) return false;
    m->bn = next;
    const OpAttrs bn(*op);
    if (!bn.Get<bool>("is_test") && !bn.Get<bool>("use_global_stats")) return false;
    if ((bn.Get<std::string>("data_layout") == "NHWC") != m->channels_last) return false;
    for (const char* slot : {"Scale", "Bias", "Mean", "Variance"})
      if (!op->HasInput(slot) ||
          !ChannelParam(block, scope, Single(op->Input(slot)), c, w->dtype()))
        return false;
    // Nothing but Y may be read: the running statistics stay as they are.
    for (const auto& [slot, same_as] : std::vector<std::pair<const char*, const char*>>{
             {"MeanOut", "Mean"}, {"VarianceOut", "Variance"}, {"SavedMean", ""},
             {"SavedVariance", ""}, {"ReserveSpace", ""}}) {
      if (!op->HasOutput(slot)) continue;
      for (const auto& n : op->Output(slot)) {
        if (*same_as && n == Single(op->Input(same_as))) continue;
        if (uses.Reads(n) > 0 || ctx.keep_vars.count(n)) return false;
      }
    }
    m->y = Single(op->Output("Y"));
    return !m->y.empty();
  }

  // A name for a new persistable derived from `base`, free in block and scope.
  static std::string FreshName(const BlockDesc& block, const Scope& scope,
                               const std::string& base) {
    std::string name = base + ".bn_folded";
    for (int k = 1; block.FindVar(name) || scope.FindVar(name); ++k)
      name = base + ".bn_folded_" + std::to_string(k);
    return name;
  }

  // Adds persistable `name` like `like` with `values`, in the block and the scope.
  static void AddParam(BlockDesc* block, Scope* scope, const std::string& name,
                       const VarDesc& like, const DenseTensor& like_tensor,
                       const std::vector<double>& values) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(like.GetDataType());
    v->SetShape(like_tensor.dims().ToVector());
    v->SetPersistable(true);
    DenseTensor* t = scope->Var(name)->GetMutable<DenseTensor>();
    *t = DenseTensor(like_tensor.dtype(), like_tensor.dims());
    if (t->dtype() == DataType::kFloat64) Fill<double>(t, values);
    else Fill<float>(t, values);
  }

  void Fold(BlockDesc* block, const PassContext& ctx, const ConvBnMatch& m,
            std::vector<size_t>* dead_ops, std::set<std::string>* maybe_unused) const {
    Scope* scope = ctx.scope;
    OpDesc* bn = block->Op(m.bn);
    auto param = [&](const std::string& slot) {
      return ToDoubles(scope->FindVar(Single(bn->Input(slot)))->Get<DenseTensor>());
    };
    const std::vector<double> s = param("Scale"), b = param("Bias"), mean = param("Mean"),
                              var = param("Variance");
    const double eps = OpAttrs(*bn).Get<float>("epsilon");
    const DenseTensor& w = scope->FindVar(m.filter)->Get<DenseTensor>();
    std::vector<double> wv = ToDoubles(w);
    std::vector<double> cb(s.size(), 0.0);
    if (m.add >= 0) cb = ToDoubles(scope->FindVar(m.conv_bias)->Get<DenseTensor>());
    const size_t per_channel = wv.size() / s.size();
    std::vector<double> folded_bias(s.size());
    for (size_t c = 0; c < s.size(); ++c) {
      const double a = s[c] / std::sqrt(var[c] + eps);
      for (size_t k = 0; k < per_channel; ++k) wv[c * per_channel + k] *= a;
      folded_bias[c] = (cb[c] - mean[c]) * a + b[c];
    }
    const std::string bias_param = Single(bn->Input("Bias"));
    const std::string new_w = FreshName(*block, *scope, m.filter);
    AddParam(block, scope, new_w, *block->FindVar(m.filter), w, wv);
    const std::string new_b = FreshName(*block, *scope, bias_param);
    const DenseTensor& bias_tensor = scope->FindVar(bias_param)->Get<DenseTensor>();
    AddParam(block, scope, new_b, *block->FindVar(bias_param), bias_tensor, folded_bias);

    for (const auto& slot : bn->InputSlots())
      for (const auto& n : bn->Input(slot)) maybe_unused->insert(n);
    for (const auto& slot : bn->OutputSlots())
      for (const auto& n : bn->Output(slot))
        if (n != m.y) maybe_unused->insert(n);
    maybe_unused->insert(m.filter);
    block->Op(m.conv)->SetInput("Filter", {new_w});
    const int32_t axis = m.channels_last ? -1 : 1;
    if (m.add >= 0) {
      OpDesc* add = block->Op(static_cast<size_t>(m.add));
      maybe_unused->insert(m.conv_bias);
      maybe_unused->insert(m.bn_x);
      add->SetInput("Y", {new_b});
      add->SetOutput("Out", {m.y});
      dead_ops->push_back(m.bn);
      return;
    }
    *bn->Proto() = proto::OpDesc();
    bn->SetType("elementwise_add");
    bn->SetInput("X", {m.bn_x});
    bn->SetInput("Y", {new_b});
    bn->SetOutput("Out", {m.y});
    bn->SetAttr("axis", axis);
  }

  // The VarDescs (and scope variables, for persistables) of `names` that no op
  // of the program names any more and that are not kept.
  static void RemoveUnusedParams(BlockDesc* block, const ProgramDesc& program,
                                 const PassContext& ctx, const std::set<std::string>& names) {
    const VarUses uses(*block, program);
    std::vector<std::string> erase;
    for (const auto& n : names) {
      const VarDesc* v = block->FindVar(n);
      if (!v || ctx.keep_vars.count(n) || uses.Reads(n) > 0 || uses.Writes(n) > 0) continue;
      if (v->Persistable()) erase.push_back(n);
      block->RemoveVar(n);
    }
    ctx.scope->EraseVars(erase);
  }
};

}  // namespace

std::unique_ptr<Pass> MakeConvBnFusePass(const PassOptions&) {
  return std::make_unique<ConvBnFusePass>();
}

}  // namespace ir
}  // namespace paddle
