#include "core/eager/tracer.h"

#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/base/enforce.h"

namespace paddle {
namespace eager {

namespace {
thread_local Tracer* g_active = nullptr;

bool IsPersistable(const EagerTensor* t) { return t->persistable(); }
}  // namespace

Tracer::~Tracer() { Stop(); }

void Tracer::Start() {
  PD_CHECK(!g_active, PreconditionNotMet, "[jit] a trace is already being recorded on this thread");
  g_active = this;
  active_ = true;
}

void Tracer::Stop() {
  if (active_ && g_active == this) g_active = nullptr;
  active_ = false;
}

Tracer* Tracer::Active() { return g_active; }

void Tracer::Record(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
                    const TensorSlots& outs) {
  ops_.push_back(Op{&def, attrs, ins, outs});
}

TracedProgram Tracer::Build(const std::vector<TensorPtr>& inputs,
                            const std::vector<std::string>& input_names,
                            const std::vector<TensorPtr>& outputs) const {
  PD_CHECK(inputs.size() == input_names.size(), InvalidArgument, "[jit.save] ", inputs.size(),
           " inputs but ", input_names.size(), " names");
  // Liveness, from the outputs back: an op is kept when a later need reads
  // one of its results.
  std::unordered_set<const EagerTensor*> needed;
  for (const TensorPtr& t : outputs) needed.insert(t.get());
  std::vector<bool> live(ops_.size(), false);
  for (size_t k = ops_.size(); k-- > 0;) {
    const Op& op = ops_[k];
    for (const auto& slot : op.outs)
      for (const TensorPtr& t : slot)
        if (needed.count(t.get())) live[k] = true;
    if (!live[k]) continue;
    for (const auto& slot : op.outs)
      for (const TensorPtr& t : slot) needed.erase(t.get());
    for (const auto& slot : op.ins)
      for (const TensorPtr& t : slot) needed.insert(t.get());
  }
  // In-place outputs (batch_norm's MeanOut) are also inputs: still needed.
  TracedProgram result;
  BlockDesc* block = result.program.Block(0);
  std::unordered_map<const EagerTensor*, std::string> names;
  std::set<std::string> taken;
  int tmp = 0, consts = 0;

  auto declare = [&](const TensorPtr& t, const std::string& name, bool persistable) {
    PD_CHECK(taken.insert(name).second, InvalidArgument, "[jit.save] two tensors are both named '",
             name, "' (parameters and inputs need distinct names)");
    names[t.get()] = name;
    VarDesc* v = block->AddVar(name);
    v->SetDataType(t->dense().dtype());
    v->SetShape(t->dense().dims().ToVector());
    v->SetPersistable(persistable);
    if (persistable) result.params[name] = t->dense();
    return v;
  };
  for (size_t i = 0; i < inputs.size(); ++i)
    declare(inputs[i], input_names[i], false)->SetNeedCheckFeed(true);
  auto name_of_input = [&](const TensorPtr& t) -> const std::string& {
    auto it = names.find(t.get());
    if (it != names.end()) return it->second;
    // Made outside the trace: a parameter, a buffer, or a constant.
    if (IsPersistable(t.get()) && !taken.count(t->name())) declare(t, t->name(), true);
    else declare(t, "constant_" + std::to_string(consts++), true);
    return names[t.get()];
  };

  // feed ops first, then the live ops, then fetch ops.
  VarDesc* feed = block->AddVar("feed");
  feed->SetKind(proto::VarType::FEED_MINIBATCH);
  feed->SetPersistable(true);
  for (size_t i = 0; i < inputs.size(); ++i) {
    OpDesc* op = block->AppendOp();
    op->SetType("feed");
    op->SetInput("X", {"feed"});
    op->SetOutput("Out", {input_names[i]});
    op->SetAttr("col", static_cast<int32_t>(i));
  }
  for (size_t k = 0; k < ops_.size(); ++k) {
    if (!live[k]) continue;
    const Op& op = ops_[k];
    OpDesc* desc = block->AppendOp();
    desc->SetType(op.def->type);
    for (size_t s = 0; s < op.ins.size(); ++s) {
      if (op.ins[s].empty()) continue;
      std::vector<std::string> args;
      for (const TensorPtr& t : op.ins[s]) args.push_back(name_of_input(t));
      desc->SetInput(op.def->inputs[s].name, args);
    }
    for (size_t s = 0; s < op.outs.size(); ++s) {
      if (op.outs[s].empty()) continue;
      std::vector<std::string> args;
      for (const TensorPtr& t : op.outs[s]) {
        auto it = names.find(t.get());
        if (it == names.end()) declare(t, "tmp_" + std::to_string(tmp++), false);
        args.push_back(names[t.get()]);
      }
      desc->SetOutput(op.def->outputs[s].name, args);
    }
    for (size_t a = 0; a < op.def->attrs.size() && a < op.attrs.size(); ++a)
      desc->SetAttr(op.def->attrs[a].name, op.attrs[a]);
  }
  VarDesc* fetch = block->AddVar("fetch");
  fetch->SetKind(proto::VarType::FETCH_LIST);
  fetch->SetPersistable(true);
  for (size_t i = 0; i < outputs.size(); ++i) {
    OpDesc* op = block->AppendOp();
    op->SetType("fetch");
    op->SetInput("X", {name_of_input(outputs[i])});
    op->SetOutput("Out", {"fetch"});
    op->SetAttr("col", static_cast<int32_t>(i));
  }
  return result;
}

ProgramDesc MergeTraces(const ProgramDesc& a, const ProgramDesc& b) {
  ProgramDesc merged = a;
  const BlockDesc* ba = a.Block(0);
  const BlockDesc* bb = b.Block(0);
  PD_CHECK(ba->OpCount() == bb->OpCount(), InvalidArgument,
           "[jit.save] the model runs ", ba->OpCount(), " ops at one batch size and ",
           bb->OpCount(), " at another: its ops depend on the input's size (Python control "
           "flow on a shape?), which an exported program cannot express");
  for (size_t i = 0; i < ba->OpCount(); ++i) {
    const OpDesc& oa = *ba->Op(i);
    const OpDesc& ob = *bb->Op(i);
    const auto where = [&] { return StrCat("op #", i, " (", oa.Type(), ")"); };
    PD_CHECK(oa.Type() == ob.Type() && oa.Proto().inputs().size() == ob.Proto().inputs().size(),
             InvalidArgument, "[jit.save] ", where(), " differs between batch sizes");
    for (const std::string& n : oa.AttrNames()) {
      if (!ob.HasAttr(n)) continue;
      Attribute x = oa.GetAttr(n), y = ob.GetAttr(n);
      PD_CHECK(x == y, InvalidArgument, "[jit.save] ", where(), ": attribute '", n, "' is ",
               AttrToString(x), " at one batch size and ", AttrToString(y),
               " at another, so the exported program would only serve one batch size; compute "
               "it from the input inside the model instead (e.g. -1 or 0 in a reshape, "
               "paddle.flatten)");
    }
  }
  BlockDesc* bm = merged.Block(0);
  for (size_t v = 0; v < bm->VarCount(); ++v) {
    VarDesc* vm = bm->Var(v);
    const VarDesc* vb = bb->FindVar(vm->Name());
    if (!vm->IsTensor()) continue;
    PD_CHECK(vb && vb->IsTensor(), InvalidArgument, "[jit.save] variable '", vm->Name(),
             "' exists at one batch size only");
    std::vector<int64_t> da = vm->GetShape(), db = vb->GetShape();
    PD_CHECK(da.size() == db.size(), InvalidArgument, "[jit.save] variable '", vm->Name(),
             "' has rank ", da.size(), " at one batch size and ", db.size(), " at another");
    PD_CHECK(!vm->Persistable() || da == db, InvalidArgument, "[jit.save] parameter '",
             vm->Name(), "' changes shape with the batch size");
    for (size_t d = 0; d < da.size(); ++d)
      if (da[d] != db[d]) da[d] = -1;
    vm->SetShape(da);
  }
  return merged;
}

}  // namespace eager
}  // namespace paddle
