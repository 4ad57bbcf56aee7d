#include "core/ir/backward.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"

namespace paddle {

namespace {

// PaddlePaddle's OpRole values, kept in every appended op's `op_role`.
constexpr int32_t kOpRoleBackward = 1;
constexpr int32_t kOpRoleLoss = 256;
constexpr const char* kOpRoleAttr = "op_role";
constexpr const char* kOpRoleVarAttr = "op_role_var";  // (param, grad) pairs an op finishes
constexpr const char* kGradSuffix = "@GRAD";
constexpr const char* kSubBlockAttr = "sub_block";  // a control-flow op's block
// An input gradient nobody wants, in a list slot the grad kernel writes in
// full: a scratch variable of its own (PaddlePaddle's "@EMPTY@" plus a number,
// since our executor binds every name to a real variable).
constexpr const char* kEmptyPrefix = "@EMPTY@";

using Slots = std::vector<std::pair<std::string, std::vector<std::string>>>;

// A grad op being built; slots in the grad op's declaration order.
struct PendingOp {
  std::string type;
  Slots inputs, outputs;
  AttributeMap attrs;

  std::vector<std::string> Names(const Slots& slots) const {
    std::vector<std::string> out;
    for (const auto& slot : slots) out.insert(out.end(), slot.second.begin(), slot.second.end());
    return out;
  }
  bool Reads(const std::string& name) const {
    for (const auto& slot : inputs)
      if (std::count(slot.second.begin(), slot.second.end(), name)) return true;
    return false;
  }
  void Rename(const std::string& from, const std::string& to) {
    for (Slots* slots : {&inputs, &outputs})
      for (auto& slot : *slots) std::replace(slot.second.begin(), slot.second.end(), from, to);
  }
  void RenameInputs(const std::string& from, const std::string& to) {
    for (auto& slot : inputs) std::replace(slot.second.begin(), slot.second.end(), from, to);
  }
};

bool IsFloating(DataType t) {
  return t == DataType::kFloat16 || t == DataType::kBFloat16 || t == DataType::kFloat32 ||
         t == DataType::kFloat64 || t == DataType::kComplex64 || t == DataType::kComplex128;
}

bool HasGradSuffix(const std::string& name) {
  return name.size() > 5 && name.compare(name.size() - 5, 5, kGradSuffix) == 0;
}

// "x@GRAD", "x@GRAD@RENAME@block0@1", "x@GRAD_0" -> "x"; "" for other names.
std::string ForwardNameOf(const std::string& grad) {
  const size_t at = grad.find(kGradSuffix);
  return at == std::string::npos || at == 0 ? "" : grad.substr(0, at);
}

PendingOp MakeOp(std::string type, Slots inputs, Slots outputs, AttributeMap attrs) {
  attrs[kOpRoleAttr] = kOpRoleBackward;
  return PendingOp{std::move(type), std::move(inputs), std::move(outputs), std::move(attrs)};
}

// A block's variables by name (BlockDesc::FindVar scans them all). Find
// also looks through the enclosing blocks' indexes (a sub-block reads its
// parents' variables); FindOwn only here.
class VarIndex {
 public:
  explicit VarIndex(BlockDesc* block, const VarIndex* parent = nullptr)
      : block_(block), parent_(parent) {
    for (size_t i = 0; i < block->VarCount(); ++i) vars_[block->Var(i)->Name()] = block->Var(i);
  }
  VarDesc* Find(const std::string& name) const {
    VarDesc* v = FindOwn(name);
    return v || !parent_ ? v : parent_->Find(name);
  }
  VarDesc* FindOwn(const std::string& name) const {
    auto it = vars_.find(name);
    return it == vars_.end() ? nullptr : it->second;
  }
  VarDesc* Add(const std::string& name) { return vars_[name] = block_->AddVar(name); }

 private:
  BlockDesc* block_;
  const VarIndex* parent_;
  std::unordered_map<std::string, VarDesc*> vars_;
};

class BackwardBuilder {
 public:
  // A builder for `block` of `program`; a sub-block's builder sees its
  // enclosing blocks' variables through `parent_vars`.
  BackwardBuilder(ProgramDesc* program, BlockDesc* block, const std::set<std::string>& no_grad,
                  const VarIndex* parent_vars = nullptr)
      : program_(program),
        block_(block),
        vars_(block, parent_vars),
        no_grad_(no_grad),
        fwd_ops_(block->OpCount()) {}

  const VarDesc& VarOrThrow(const std::string& name, const char* what) const {
    const VarDesc* v = vars_.Find(name);
    PD_CHECK(v, NotFound, "[backward] ", what, " '", name, "' is not a variable of block 0");
    return *v;
  }

  // Whether `name` may carry a gradient at all.
  bool Differentiable(const std::string& name) const {
    const VarDesc* v = vars_.Find(name);
    if (!v || !v->IsTensor() || v->StopGradient() || no_grad_.count(name)) return false;
    if (v->Persistable() && !v->IsParameter()) return false;
    return IsFloating(v->GetDataType());
  }

  // The variables that want a gradient: the sources (nullptr: every leaf,
  // i.e. a variable no forward op but `feed` writes) and what ops compute from them.
  std::unordered_set<std::string> Wanting(const std::vector<std::string>* sources) const {
    std::unordered_set<std::string> wanting;
    if (sources) {
      for (const auto& s : *sources)
        if (Differentiable(s)) wanting.insert(s);
    } else {
      std::unordered_set<std::string> written;  // by an op; a fed variable is still a leaf
      for (size_t i = 0; i < fwd_ops_; ++i)
        if (block_->Op(i)->Type() != "feed")
          for (const auto& n : block_->Op(i)->OutputArgumentNames()) written.insert(n);
      for (size_t i = 0; i < block_->VarCount(); ++i) {
        const std::string& n = block_->Var(i)->Name();
        if (!written.count(n) && Differentiable(n)) wanting.insert(n);
      }
    }
    for (size_t i = 0; i < fwd_ops_; ++i) {
      const OpDesc& op = *block_->Op(i);
      bool reads_wanting = false;
      for (const auto& n : op.InputArgumentNames()) reads_wanting |= wanting.count(n) > 0;
      if (!reads_wanting) continue;
      for (const auto& n : op.OutputArgumentNames())
        if (Differentiable(n)) wanting.insert(n);
    }
    return wanting;
  }

  // The path runs from what `sources` (nullptr: every leaf) want; the grad ops
  // on it write the gradient of every input that wants one from any leaf too,
  // as PaddlePaddle's (gradients w.r.t. w also give x@GRAD when x has
  // stop_gradient=False).
  void MarkWanting(const std::vector<std::string>* sources) {
    wanting_ = Wanting(sources);
    gets_grad_ = wanting_;
    if (sources)
      for (const auto& n : Wanting(nullptr)) gets_grad_.insert(n);
  }

  // The forward ops on a path from a wanting variable to a target, last first.
  void FindPath(const std::vector<std::string>& targets) {
    std::unordered_set<std::string> needed(targets.begin(), targets.end());
    for (size_t i = fwd_ops_; i-- > 0;) {
      const OpDesc& op = *block_->Op(i);
      std::string via;
      for (const auto& n : op.OutputArgumentNames())
        if (via.empty() && needed.count(n) && wanting_.count(n)) via = n;
      if (via.empty()) continue;
      std::vector<std::string> wanted_inputs;
      for (const auto& n : op.InputArgumentNames())
        if (wanting_.count(n)) wanted_inputs.push_back(n);
      if (wanted_inputs.empty()) continue;  // it makes a leaf or a source (feed)
      const OpDef& def = OpRegistry::Instance().Get(op.Type());
      PD_CHECK(def.grad_maker, Unimplemented, "[backward] op #", i, " '", op.Type(),
               "' has no gradient, but the target depends on its output '", via,
               "', computed from ", StrJoin(wanted_inputs), ", which want a gradient; set "
               "stop_gradient on them or pass them in no_grad to leave them out");
      for (const auto& n : wanted_inputs) needed.insert(n);
      path_.push_back(i);
    }
  }

  // The grad ops of the path, in reverse forward order, each output gradient
  // of an input that wants none dropped (an op left with no output is dropped).
  std::vector<PendingOp> MakeGradOps() {
    std::vector<PendingOp> ops;
    for (size_t i : path_) {
      const OpDesc& fwd = *block_->Op(i);
      std::unordered_map<std::string, std::string> input_of_grad;
      for (const auto& n : fwd.InputArgumentNames()) input_of_grad[GradVarName(n)] = n;
      for (GradOpDesc& g : OpRegistry::Instance().Get(fwd.Type()).grad_maker(fwd)) {
        const OpDef& gdef = OpRegistry::Instance().Get(g.type);
        PendingOp op = MakeOp(g.type, InDeclOrder(gdef.inputs, g.inputs), {}, std::move(g.attrs));
        for (auto& [slot, names] : InDeclOrder(gdef.outputs, g.outputs)) {
          size_t kept = 0;
          for (auto& n : names) {
            auto it = input_of_grad.find(n);
            if (it != input_of_grad.end() && !gets_grad_.count(it->second)) n.clear();
            else ++kept;
          }
          if (kept == 0) continue;
          for (auto& n : names)
            if (n.empty()) n = kEmptyPrefix + std::to_string(empty_count_++);
          op.outputs.emplace_back(slot, std::move(names));
        }
        if (op.outputs.empty()) continue;
        if (fwd.HasAttr(kSubBlockAttr)) op.attrs[kSubBlockAttr] = BlockRef{BuildSubBlockGrad(fwd)};
        ops.push_back(std::move(op));
      }
    }
    return ops;
  }

  // The grad block of a control-flow op (conditional_block, while); below.
  int BuildSubBlockGrad(const OpDesc& fwd);

  bool Wants(const std::string& name) const { return wanting_.count(name) > 0; }
  BlockDesc* block() const { return block_; }
  VarIndex& vars() { return vars_; }

 private:
  // A maker's slots in the op's declaration order, then any it added beyond them.
  static Slots InDeclOrder(const std::vector<ArgDef>& decl,
                           std::map<std::string, std::vector<std::string>> given) {
    Slots out;
    for (const ArgDef& a : decl) {
      auto it = given.find(a.name);
      if (it == given.end()) continue;
      if (!it->second.empty()) out.emplace_back(a.name, std::move(it->second));
      given.erase(it);
    }
    for (auto& [slot, names] : given)
      if (!names.empty()) out.emplace_back(slot, std::move(names));
    return out;
  }

  ProgramDesc* program_;
  BlockDesc* block_;
  VarIndex vars_;
  const std::set<std::string>& no_grad_;
  size_t fwd_ops_;
  std::unordered_set<std::string> wanting_;    // from the sources: the path
  std::unordered_set<std::string> gets_grad_;  // from the sources or any leaf: grad outputs kept
  std::vector<size_t> path_;
  int empty_count_ = 0;
};

// PaddlePaddle's _addup_repetitive_outputs_: a gradient written by several
// ops has each write renamed `x@GRAD@RENAME@block0@<k>`, and one `sum` op
// writes x@GRAD before its first reader (or at the end).
std::vector<PendingOp> AddUpRepeatedGrads(std::vector<PendingOp> ops) {
  std::unordered_map<std::string, std::vector<std::string>> parts;
  std::vector<std::string> first_seen;  // names in order of first access
  std::unordered_map<std::string, size_t> start;
  std::unordered_map<std::string, int> renames;
  std::map<size_t, std::vector<PendingOp>> sums;  // inserted before op index
  auto parts_of = [&](const std::string& n) -> std::vector<std::string>& {
    auto it = parts.find(n);
    if (it == parts.end()) {
      first_seen.push_back(n);
      it = parts.emplace(n, std::vector<std::string>{}).first;
    }
    return it->second;
  };
  auto add_sum = [&](const std::string& n, size_t at) {
    std::vector<std::string>& p = parts_of(n);
    sums[at].push_back(MakeOp("sum", {{"X", p}}, {{"Out", {n}}}, {{"use_mkldnn", false}}));
    p = {n};
  };
  auto next_name = [&](const std::string& n) {
    return StrCat(n, "@RENAME@block0@", renames[n]++);
  };

  for (size_t idx = 0; idx < ops.size(); ++idx) {
    for (const auto& n : ops[idx].Names(ops[idx].inputs))
      if (n.find(kGradSuffix) != std::string::npos && parts_of(n).size() > 1) add_sum(n, idx);
    for (size_t s = 0; s < ops[idx].outputs.size(); ++s) {
      for (size_t a = 0; a < ops[idx].outputs[s].second.size(); ++a) {
        PendingOp& op = ops[idx];
        const std::string n = op.outputs[s].second[a];
        if (n.find(kGradSuffix) == std::string::npos || n.rfind(kEmptyPrefix, 0) == 0 ||
            op.Reads(n))
          continue;
        std::vector<std::string>& p = parts_of(n);
        if (p.empty()) {
          p = {n};
          start[n] = idx;
          continue;
        }
        if (p.size() == 1) {  // the first write becomes a part too
          const std::string first = next_name(n);
          p[0] = first;
          for (size_t k = start[n]; k < idx; ++k) ops[k].Rename(n, first);
          for (auto& [at, list] : sums)
            for (PendingOp& sum : list) sum.Rename(n, first);
          for (size_t t = 0; t <= s; ++t) {
            auto& names = op.outputs[t].second;
            const size_t end = t < s ? names.size() : a;
            std::replace(names.begin(), names.begin() + end, n, first);
          }
        }
        const std::string part = next_name(n);
        op.outputs[s].second[a] = part;
        p.push_back(part);
      }
    }
  }
  for (const auto& n : first_seen)
    if (parts[n].size() > 1) add_sum(n, ops.size());

  std::vector<PendingOp> out;
  for (size_t idx = 0; idx <= ops.size(); ++idx) {
    auto it = sums.find(idx);
    if (it != sums.end())
      for (PendingOp& sum : it->second) out.push_back(std::move(sum));
    if (idx < ops.size()) out.push_back(std::move(ops[idx]));
  }
  return out;
}

// A gradient a grad op reads that no op made (an unused output of a
// multi-output op) is zeros of its forward variable's shape, made just before.
std::vector<PendingOp> FillMissingGrads(std::vector<PendingOp> ops, const VarIndex& vars,
                                        std::unordered_set<std::string> made) {
  std::vector<PendingOp> out;
  for (PendingOp& op : ops) {
    for (const auto& n : op.Names(op.inputs)) {
      const std::string fwd = HasGradSuffix(n) ? n.substr(0, n.size() - 5) : "";
      if (fwd.empty() || made.count(n) || !vars.Find(fwd)) continue;
      out.push_back(MakeOp("fill_any_like", {{"X", {fwd}}}, {{"Out", {n}}},
                           {{"value", 0.0f}, {"dtype", int32_t{-1}}}));
      made.insert(n);
    }
    for (const auto& n : op.Names(op.outputs)) made.insert(n);
    out.push_back(std::move(op));
  }
  return out;
}

// Appends the ops to the block, with a VarDesc for each gradient they write
// (the forward variable's dtype and shape).
void AppendOps(BlockDesc* block, VarIndex* vars, const std::vector<PendingOp>& ops) {
  for (const PendingOp& p : ops) {
    OpDesc* op = block->AppendOp();
    op->SetType(p.type);
    for (const auto& [slot, names] : p.inputs) op->SetInput(slot, names);
    for (const auto& [slot, names] : p.outputs) op->SetOutput(slot, names);
    for (const auto& [name, value] : p.attrs) op->SetAttr(name, value);
    for (const auto& n : p.Names(p.outputs)) {
      const VarDesc* fwd = vars->Find(ForwardNameOf(n));
      if (!fwd || vars->FindOwn(n)) continue;
      VarDesc* g = vars->Add(n);
      if (fwd->IsTensor()) {
        g->SetDataType(fwd->GetDataType());
        g->SetShape(fwd->GetShape());
      }
    }
  }
}

// The op (index into `ops`) that last writes each name.
std::unordered_map<std::string, size_t> LastWriters(const std::vector<PendingOp>& ops) {
  std::unordered_map<std::string, size_t> last;
  for (size_t i = 0; i < ops.size(); ++i)
    for (const auto& n : ops[i].Names(ops[i].outputs)) last[n] = i;
  return last;
}

std::string RenamedOr(const std::unordered_map<std::string, std::string>& renamed,
                      const std::string& name) {
  auto it = renamed.find(name);
  return it == renamed.end() ? name : it->second;
}

// A second backward over the block (append_backward or gradients called
// again): a gradient the block already holds is written under a fresh name
// `x@GRAD_<k>` (reads follow), except `keep`.
void RenameExistingGrads(std::vector<PendingOp>* ops, const VarIndex& vars,
                         const std::unordered_set<std::string>& keep,
                         std::unordered_map<std::string, std::string>* renamed) {
  std::unordered_set<std::string> taken;
  for (const PendingOp& op : *ops)
    for (const auto& n : op.Names(op.outputs)) taken.insert(n);
  for (PendingOp& op : *ops) {
    for (auto& [slot, names] : op.inputs)
      for (auto& n : names) n = RenamedOr(*renamed, n);
    for (auto& [slot, names] : op.outputs) {
      for (auto& n : names) {
        if (n.find(kGradSuffix) == std::string::npos || keep.count(n) || !vars.Find(n))
          continue;
        std::string fresh;
        for (int k = 0; fresh.empty() || vars.Find(fresh) || taken.count(fresh); ++k)
          fresh = StrCat(n, "_", k);
        taken.insert(fresh);
        (*renamed)[n] = fresh;
        n = fresh;
      }
    }
  }
}

// The grad blocks this call built read the enclosing block's gradients
// (`<out>@GRAD`) by name: where RenameExistingGrads gave one a fresh name, they
// read that (a name the grad block declares itself is its own).
void FollowRenamesInGradBlocks(ProgramDesc* program, const std::vector<PendingOp>& ops,
                               const std::unordered_map<std::string, std::string>& renamed) {
  if (renamed.empty()) return;
  for (const PendingOp& op : ops) {
    auto attr = op.attrs.find(kSubBlockAttr);
    if (attr == op.attrs.end()) continue;
    BlockDesc* grad = program->Block(static_cast<size_t>(std::get<BlockRef>(attr->second).idx));
    for (size_t i = 0; i < grad->OpCount(); ++i) {
      OpDesc* g = grad->Op(i);
      for (const std::string& slot : g->InputSlots()) {
        std::vector<std::string> names = g->Input(slot);
        bool changed = false;
        for (std::string& n : names) {
          if (grad->FindVar(n)) continue;
          const std::string to = RenamedOr(renamed, n);
          changed |= to != n;
          n = to;
        }
        if (changed) g->SetInput(slot, names);
      }
    }
  }
}

// The grad block of a control-flow op's sub-block, a new block whose parent
// is the sub-block: the grad ops of the sub-block's ops on a path from the
// enclosing variables it reads that get a gradient (Input, or X for while)
// to those it writes (Out), whose gradients `<out>@GRAD` come from outside
// (conditional_block_grad runs the block in the forward's scope, which sees
// them; while_grad sets them in each step's scope). Nested control flow
// recurses. A while's loop-carried variable (in X and Out) always has its
// gradient written, zeros when the body does not read it, since while_grad
// hands it to the step before as that step's incoming gradient.
int BackwardBuilder::BuildSubBlockGrad(const OpDesc& fwd) {
  const int fwd_idx = std::get<BlockRef>(fwd.GetAttr(kSubBlockAttr)).idx;
  PD_CHECK(fwd_idx > 0 && static_cast<size_t>(fwd_idx) < program_->BlockCount(), InvalidArgument,
           "[backward] '", fwd.Type(), "' names sub_block ", fwd_idx, ", which the program (",
           program_->BlockCount(), " blocks) does not have");
  const bool is_while = fwd.Type() == "while";
  const std::vector<std::string> reads = fwd.Input(is_while ? "X" : "Input");
  const std::vector<std::string> outs = fwd.Output("Out");
  std::vector<std::string> sources;
  for (const auto& n : reads)
    if (gets_grad_.count(n)) sources.push_back(n);

  BackwardBuilder inner(program_, program_->Block(static_cast<size_t>(fwd_idx)), no_grad_, &vars_);
  inner.MarkWanting(&sources);
  inner.FindPath(outs);
  std::unordered_set<std::string> made;
  for (const auto& o : outs) made.insert(GradVarName(o));
  std::vector<PendingOp> ops =
      FillMissingGrads(AddUpRepeatedGrads(inner.MakeGradOps()), inner.vars(), made);
  if (is_while) {
    const auto written = LastWriters(ops);
    for (const auto& x : sources)
      if (std::count(outs.begin(), outs.end(), x) && !written.count(GradVarName(x)))
        ops.push_back(MakeOp("fill_any_like", {{"X", {x}}}, {{"Out", {GradVarName(x)}}},
                             {{"value", 0.0f}, {"dtype", int32_t{-1}}}));
  }
  BlockDesc* grad = program_->AppendBlock(fwd_idx);
  VarIndex grad_vars(grad, &inner.vars());
  AppendOps(grad, &grad_vars, ops);
  return grad->Index();
}

}  // namespace

std::vector<std::pair<std::string, std::string>> AppendBackward(
    ProgramDesc* program, const std::string& loss, const std::vector<std::string>& parameters,
    const std::set<std::string>& no_grad) {
  PD_CHECK(program, InvalidArgument, "[append_backward] program is null");
  BackwardBuilder builder(program, program->Block(0), no_grad);
  BlockDesc* block = builder.block();
  const VarDesc& loss_var = builder.VarOrThrow(loss, "loss");
  PD_CHECK(loss_var.IsTensor(), InvalidArgument, "[append_backward] loss '", loss,
           "' must be a tensor");
  const std::vector<int64_t> loss_shape = loss_var.GetShape();
  PD_CHECK(std::all_of(loss_shape.begin(), loss_shape.end(), [](int64_t d) { return d == 1; }),
           InvalidArgument, "[append_backward] loss '", loss,
           "' must have one element (shape [] or [1]), got shape [", StrJoin(loss_shape),
           "]; reduce it first, e.g. with paddle.mean");
  for (const auto& p : parameters) builder.VarOrThrow(p, "parameter");

  builder.MarkWanting(nullptr);
  builder.FindPath({loss});
  std::vector<PendingOp> ops = builder.MakeGradOps();
  const std::string loss_grad = GradVarName(loss);
  PendingOp ones = MakeOp(
      "fill_constant", {}, {{"Out", {loss_grad}}},
      {{"shape", loss_shape.empty() ? std::vector<int64_t>{} : std::vector<int64_t>{1}},
       {"value", 1.0f},
       {"dtype", static_cast<int32_t>(loss_var.GetDataType())},
       {"force_cpu", false}});
  ones.attrs[kOpRoleAttr] = kOpRoleBackward | kOpRoleLoss;
  ops.insert(ops.begin(), std::move(ones));
  ops = FillMissingGrads(AddUpRepeatedGrads(std::move(ops)), builder.vars(), {loss_grad});
  std::unordered_map<std::string, std::string> renamed;
  RenameExistingGrads(&ops, builder.vars(), {}, &renamed);
  FollowRenamesInGradBlocks(program, ops, renamed);
  const size_t first_grad_op = block->OpCount();
  AppendOps(block, &builder.vars(), ops);
  // As PaddlePaddle marks them: the op making the loss is Forward | Loss.
  for (size_t i = first_grad_op; i-- > 0;) {
    const auto outs = block->Op(i)->OutputArgumentNames();
    if (std::count(outs.begin(), outs.end(), loss)) {
      block->Op(i)->SetAttr(kOpRoleAttr, kOpRoleLoss);
      break;
    }
  }

  std::vector<std::string> params = parameters;
  if (params.empty()) {
    for (size_t i = 0; i < block->VarCount(); ++i) {
      const VarDesc* v = block->Var(i);
      if (v->IsParameter() && !v->StopGradient()) params.push_back(v->Name());
    }
  }
  std::vector<std::pair<std::string, std::string>> out;
  const auto last_writer = LastWriters(ops);
  for (const auto& p : params) {
    const std::string grad = RenamedOr(renamed, GradVarName(p));
    auto writer = last_writer.find(grad);
    if (!builder.Wants(p) || writer == last_writer.end()) continue;
    out.emplace_back(p, grad);
    // The op that finishes the gradient names the pair in `op_role_var`.
    OpDesc* op = block->Op(first_grad_op + writer->second);
    std::vector<std::string> role_var = {p, grad};
    if (op->HasAttr(kOpRoleVarAttr)) {
      const auto old = std::get<std::vector<std::string>>(op->GetAttr(kOpRoleVarAttr));
      role_var.insert(role_var.end(), old.begin(), old.end());
    }
    op->SetAttr(kOpRoleVarAttr, role_var);
  }
  return out;
}

std::vector<std::string> CalcGradients(ProgramDesc* program,
                                       const std::vector<std::string>& targets,
                                       const std::vector<std::string>& target_grads,
                                       const std::vector<std::string>& inputs,
                                       const std::set<std::string>& no_grad) {
  PD_CHECK(program, InvalidArgument, "[gradients] program is null");
  PD_CHECK(!targets.empty(), InvalidArgument, "[gradients] expected at least one target");
  PD_CHECK(target_grads.empty() || target_grads.size() == targets.size(), InvalidArgument,
           "[gradients] expected one target gradient per target (", targets.size(), "), got ",
           target_grads.size());
  BackwardBuilder builder(program, program->Block(0), no_grad);
  BlockDesc* block = builder.block();
  for (const auto& t : targets) builder.VarOrThrow(t, "target");
  for (const auto& x : inputs) builder.VarOrThrow(x, "input");

  builder.MarkWanting(&inputs);
  builder.FindPath(targets);
  std::vector<PendingOp> grad_ops = builder.MakeGradOps();
  const auto writes_in_grad_ops = LastWriters(grad_ops);

  // Each target's gradient: ones like it, or the given variable (read in
  // place of target@GRAD, or copied into it when other grad ops add to it).
  std::vector<PendingOp> head;
  std::unordered_set<std::string> made, keep;
  std::unordered_map<std::string, std::string> read_as;
  for (size_t i = 0; i < targets.size(); ++i) {
    const std::string grad = GradVarName(targets[i]);
    const std::string given = target_grads.empty() ? "" : target_grads[i];
    made.insert(grad);
    if (given.empty()) {
      head.push_back(MakeOp("fill_any_like", {{"X", {targets[i]}}}, {{"Out", {grad}}},
                            {{"value", 1.0f},
                             {"dtype", static_cast<int32_t>(
                                           builder.VarOrThrow(targets[i], "target").GetDataType())}}));
      keep.insert(grad);
      continue;
    }
    const VarDesc& g = builder.VarOrThrow(given, "target gradient");
    const VarDesc& t = builder.VarOrThrow(targets[i], "target");
    PD_CHECK(g.GetShape() == t.GetShape(), InvalidArgument, "[gradients] the gradient '", given,
             "' of target '", targets[i], "' must have its shape [", StrJoin(t.GetShape()),
             "], got [", StrJoin(g.GetShape()), "]");
    if (writes_in_grad_ops.count(grad)) head.push_back(MakeOp("assign", {{"X", {given}}}, {{"Out", {grad}}}, {}));
    else read_as[grad] = given;
  }
  head.insert(head.end(), std::make_move_iterator(grad_ops.begin()),
              std::make_move_iterator(grad_ops.end()));
  std::vector<PendingOp> ops = FillMissingGrads(AddUpRepeatedGrads(std::move(head)), builder.vars(), made);
  for (PendingOp& op : ops)
    for (const auto& [from, to] : read_as) op.RenameInputs(from, to);
  std::unordered_map<std::string, std::string> renamed;
  RenameExistingGrads(&ops, builder.vars(), keep, &renamed);
  FollowRenamesInGradBlocks(program, ops, renamed);
  AppendOps(block, &builder.vars(), ops);

  std::vector<std::string> out;
  const auto written = LastWriters(ops);
  for (const auto& x : inputs) {
    const std::string grad = RenamedOr(renamed, GradVarName(x));
    const bool flows = builder.Wants(x) && written.count(grad);
    out.push_back(flows ? grad : (builder.Wants(x) && read_as.count(grad) ? read_as[grad] : ""));
  }
  return out;
}

}  // namespace paddle
