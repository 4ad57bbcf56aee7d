#include "core/eager/grad_node.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <unordered_map>

#include "core/base/enforce.h"
#include "core/eager/composite_grad.h"
#include "core/eager/op_runner.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace eager {

namespace {

// A declared gradient's slots resolved to indices once per op type.
struct SpecTemplate {
  const OpDef* grad_def = nullptr;
  std::vector<std::pair<GradSlot::Source, int>> ins, outs;  // (source, forward slot)
};

const SpecTemplate& TemplateFor(const OpDef& fwd) {
  static std::mutex mu;
  static std::unordered_map<const OpDef*, SpecTemplate> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(&fwd);
  if (it != cache.end()) return it->second;
  SpecTemplate t;
  t.grad_def = &OpRegistry::Instance().Get(fwd.grad->type);
  auto slot_of = [&](const GradSlot& g) {
    const bool output = g.source == GradSlot::kForwardOutput || g.source == GradSlot::kOutputGrad;
    return output ? fwd.OutputIndex(g.forward_slot) : fwd.InputIndex(g.forward_slot);
  };
  for (const GradSlot& g : fwd.grad->inputs) t.ins.emplace_back(g.source, slot_of(g));
  for (const GradSlot& g : fwd.grad->outputs) t.outs.emplace_back(g.source, slot_of(g));
  return cache.emplace(&fwd, std::move(t)).first->second;
}

std::vector<std::vector<Edge>> EdgesOf(const TensorSlots& ins) {
  std::vector<std::vector<Edge>> edges(ins.size());
  for (size_t s = 0; s < ins.size(); ++s) {
    for (const TensorPtr& t : ins[s]) {
      Edge e;
      if (t->requires_grad()) {
        if (t->grad_node()) e = Edge{t->grad_node(), t->out_slot(), t->out_index(), nullptr};
        else e.leaf = t;
      }
      edges[s].push_back(std::move(e));
    }
  }
  return edges;
}

TensorPtr Zeros(const DDim& dims, DataType dtype) {
  DenseTensor t(dtype, dims);
  void* p = t.MutableData(CPUPlace(), dtype);
  std::memset(p, 0, t.nbytes());
  return MakeTensor(std::move(t));
}

// "@I<slot>.<index>" / "@O<slot>.<index>": forward variables in a maker's desc.
std::string VarName(char io, size_t s, size_t i) {
  return std::string("@") + io + std::to_string(s) + "." + std::to_string(i);
}
bool ParseVarName(const std::string& n, char* io, int* s, int* i) {
  if (n.size() < 5 || n[0] != '@' || (n[1] != 'I' && n[1] != 'O')) return false;
  *io = n[1];
  return std::sscanf(n.c_str() + 2, "%d.%d", s, i) == 2;
}

}  // namespace

std::shared_ptr<GradNode> GradNode::Make(const OpDef& def, const std::vector<Attribute>& attrs,
                                         const TensorSlots& ins, const TensorSlots& outs) {
  if (!def.grad_maker) return nullptr;
  auto node = std::make_shared<GradNode>();
  node->fwd_ = &def;
  node->Connect(ins, outs);
  if (def.grad) node->BuildFromSpec(attrs, ins, outs);
  else node->BuildFromMaker(attrs, ins, outs);
  return node;
}

void GradNode::Connect(const TensorSlots& ins, const TensorSlots& outs) {
  edges_ = EdgesOf(ins);
  out_meta_.resize(outs.size());
  for (size_t s = 0; s < outs.size(); ++s)
    for (const TensorPtr& t : outs[s]) out_meta_[s].push_back({t->dense().dims(), t->dense().dtype()});
}

std::shared_ptr<GradNode> GradNode::MakeUnavailable(const OpDef& def, const TensorSlots& ins,
                                                   const TensorSlots& outs) {
  auto node = std::make_shared<GradNode>();
  node->fwd_ = &def;
  node->unavailable_ = true;
  node->Connect(ins, outs);
  return node;
}

std::shared_ptr<GradNode> GradNode::MakeCustom(std::string type, CustomBackward fn,
                                               const TensorSlots& ins, const TensorSlots& outs) {
  for (const auto& slot : ins)
    for (const TensorPtr& t : slot) PD_CHECK(t, InvalidArgument, "[", type, "] an input is None");
  auto node = std::make_shared<GradNode>();
  node->custom_type_ = std::move(type);
  node->custom_ = std::move(fn);
  node->Connect(ins, outs);
  return node;
}

void GradNode::BuildFromSpec(const std::vector<Attribute>& attrs, const TensorSlots& ins,
                             const TensorSlots& outs) {
  const SpecTemplate& tpl = TemplateFor(*fwd_);
  GradStep step;
  step.def = tpl.grad_def;
  step.attrs = attrs;  // a declared grad op has the forward's attributes, in order
  step.ins.resize(tpl.ins.size());
  step.outs.resize(tpl.outs.size());
  for (size_t k = 0; k < tpl.ins.size(); ++k) {
    const auto [source, s] = tpl.ins[k];
    switch (source) {
      case GradSlot::kForwardInput:
        for (const TensorPtr& t : ins[s]) {
          step.ins[k].push_back({ValueRef::kSavedInput, static_cast<int>(saved_inputs_.size())});
          saved_inputs_.push_back({t, t->version()});
        }
        break;
      case GradSlot::kForwardOutput:
        for (size_t i = 0; i < outs[s].size(); ++i) {
          const TensorPtr& t = outs[s][i];
          step.ins[k].push_back({ValueRef::kSavedOutput, static_cast<int>(saved_outputs_.size())});
          saved_outputs_.push_back({t->dense(), t, t->version(), s, static_cast<int>(i)});
        }
        break;
      case GradSlot::kOutputGrad:
        for (size_t i = 0; i < outs[s].size(); ++i)
          step.ins[k].push_back({ValueRef::kOutGrad, s, static_cast<int>(i)});
        break;
      case GradSlot::kInputGrad: break;
    }
  }
  for (size_t k = 0; k < tpl.outs.size(); ++k) {
    const int s = tpl.outs[k].second;
    for (size_t i = 0; i < ins[s].size(); ++i)
      step.outs[k].push_back({ValueRef::kInGrad, s, static_cast<int>(i)});
  }
  steps_.push_back(std::move(step));
}

void GradNode::BuildFromMaker(const std::vector<Attribute>& attrs, const TensorSlots& ins,
                              const TensorSlots& outs) {
  framework::proto::OpDesc proto;
  OpDesc desc(&proto);
  desc.SetType(fwd_->type);
  auto bind = [](const std::vector<ArgDef>& slots, const TensorSlots& ts, char io, auto set) {
    for (size_t s = 0; s < slots.size(); ++s) {
      if (ts[s].empty()) continue;
      std::vector<std::string> names;
      for (size_t i = 0; i < ts[s].size(); ++i) names.push_back(VarName(io, s, i));
      set(slots[s].name, names);
    }
  };
  bind(fwd_->inputs, ins, 'I', [&](auto& n, auto& v) { desc.SetInput(n, v); });
  bind(fwd_->outputs, outs, 'O', [&](auto& n, auto& v) { desc.SetOutput(n, v); });
  for (size_t a = 0; a < fwd_->attrs.size() && a < attrs.size(); ++a)
    desc.SetAttr(fwd_->attrs[a].name, attrs[a]);

  std::map<std::string, ValueRef> made;  // by a grad op: input gradients and temporaries
  std::map<std::pair<char, std::pair<int, int>>, int> saved;  // forward variable -> saved index
  auto resolve = [&](const std::string& n) -> ValueRef {
    auto it = made.find(n);
    if (it != made.end()) return it->second;
    const bool is_grad = n.size() > 5 && n.compare(n.size() - 5, 5, "@GRAD") == 0;
    char io;
    int s, i;
    PD_CHECK(ParseVarName(is_grad ? n.substr(0, n.size() - 5) : n, &io, &s, &i), Fatal, "[",
             fwd_->type, "] its gradient maker reads '", n,
             "', which is neither a forward variable nor made by an earlier grad op");
    if (is_grad) {
      PD_CHECK(io == 'O', Fatal, "[", fwd_->type, "] its gradient maker reads '", n,
               "' before any grad op makes it");
      return {ValueRef::kOutGrad, s, i};
    }
    auto key = std::make_pair(io, std::make_pair(s, i));
    auto found = saved.find(key);
    if (found == saved.end()) {
      if (io == 'I') {
        const TensorPtr& t = ins[s][i];
        found = saved.emplace(key, static_cast<int>(saved_inputs_.size())).first;
        saved_inputs_.push_back({t, t->version()});
      } else {
        const TensorPtr& t = outs[s][i];
        found = saved.emplace(key, static_cast<int>(saved_outputs_.size())).first;
        saved_outputs_.push_back({t->dense(), t, t->version(), s, i});
      }
    }
    return {io == 'I' ? ValueRef::kSavedInput : ValueRef::kSavedOutput, found->second};
  };

  for (GradOpDesc& g : fwd_->grad_maker(desc)) {
    GradStep step;
    step.def = &OpRegistry::Instance().Get(g.type);
    step.attrs = step.def->CheckAttrs(g.attrs);
    step.ins.resize(step.def->inputs.size());
    step.outs.resize(step.def->outputs.size());
    for (size_t s = 0; s < step.def->inputs.size(); ++s) {
      auto it = g.inputs.find(step.def->inputs[s].name);
      if (it == g.inputs.end()) continue;
      for (const std::string& n : it->second) step.ins[s].push_back(resolve(n));
    }
    for (size_t s = 0; s < step.def->outputs.size(); ++s) {
      auto it = g.outputs.find(step.def->outputs[s].name);
      if (it == g.outputs.end()) continue;
      for (const std::string& n : it->second) {
        char io;
        int fs, fi;
        ValueRef r{ValueRef::kTemp, num_temps_};
        if (n.size() > 5 && ParseVarName(n.substr(0, n.size() - 5), &io, &fs, &fi) && io == 'I')
          r = {ValueRef::kInGrad, fs, fi};
        else
          ++num_temps_;
        made[n] = r;
        step.outs[s].push_back(r);
      }
    }
    steps_.push_back(std::move(step));
  }
}

bool GradNode::UsesOutputGrad(int slot) const {
  if (custom_ || unavailable_) return true;
  for (const GradStep& step : steps_)
    for (const auto& refs : step.ins)
      for (const ValueRef& r : refs)
        if (r.kind == ValueRef::kOutGrad && r.a == slot) return true;
  return false;
}

TensorPtr GradNode::Saved(const ValueRef& r, bool create_graph) {
  if (r.kind == ValueRef::kSavedInput) {
    const SavedInput& in = saved_inputs_[r.a];
    PD_CHECK(in.tensor->version() == in.version, PreconditionNotMet, "[", fwd_->type,
             "_grad] an input of ", fwd_->type, " ('", in.tensor->name(),
             "') was modified in place after ", fwd_->type,
             " read it, so its gradient cannot be computed; use an out-of-place operation");
    return in.tensor;
  }
  const SavedOutput& out = saved_outputs_[r.a];
  if (auto t = out.tensor.lock()) {
    PD_CHECK(t->version() == out.version, PreconditionNotMet, "[", fwd_->type, "_grad] an output of ",
             fwd_->type, " ('", t->name(), "') was modified in place after ", fwd_->type,
             " made it, so its gradient cannot be computed; use an out-of-place operation");
  }
  TensorPtr t = MakeTensor(out.data);
  if (create_graph) {  // the output's gradient path runs through this node
    t->SetGradNode(shared_from_this(), out.slot, out.index);
    t->set_stop_gradient(false);
  }
  return t;
}

void GradNode::RunHooks(TensorSlots& out_grads) {
  for (auto& [at, hook] : hooks_) {
    TensorPtr& g = out_grads[at.first][at.second];
    if (!g) continue;
    if (TensorPtr replaced = hook(g)) g = std::move(replaced);
  }
  for (auto& [at, weak] : retained_) {
    TensorPtr t = weak.lock();
    const TensorPtr& g = out_grads[at.first][at.second];
    if (!t || !g) continue;
    // Accumulated, as a leaf's gradient is.
    if (!t->grad()) t->set_grad(MakeTensor(g->dense()));
    else t->set_grad(RunOpByName("sum", {}, {{t->grad(), g}})[0][0]);
  }
}

TensorSlots GradNode::ApplyCustom(TensorSlots out_grads, bool create_graph, bool retain_graph) {
  RunHooks(out_grads);
  TensorSlots in_grads;
  {
    GradModeGuard mode(create_graph);
    in_grads = custom_(std::move(out_grads));
  }
  PD_CHECK(in_grads.size() == edges_.size(), InvalidArgument, "[", custom_type_,
           "] backward gave gradients for ", in_grads.size(), " input slots; the node has ",
           edges_.size());
  for (size_t s = 0; s < edges_.size(); ++s) {
    PD_CHECK(in_grads[s].size() == edges_[s].size(), InvalidArgument, "[", custom_type_,
             "] backward gave ", in_grads[s].size(), " gradients for input slot ", s,
             ", which has ", edges_[s].size(), " tensors");
    for (size_t i = 0; i < edges_[s].size(); ++i)
      if (!edges_[s][i].valid()) in_grads[s][i] = nullptr;
  }
  if (!retain_graph) {
    custom_ = nullptr;  // what it holds (PyLayer's ctx and saved tensors) is freed with the graph
    released_ = true;
  }
  return in_grads;
}

TensorSlots GradNode::Apply(TensorSlots out_grads, bool create_graph, bool retain_graph) {
  PD_CHECK(!released_, PreconditionNotMet, "[backward] the saved tensors of ", name(),
           " were already freed by an earlier backward through this graph; to run backward "
           "through it twice, pass retain_graph=True to the first backward() or paddle.grad()");
  if (!fwd_) return ApplyCustom(std::move(out_grads), create_graph, retain_graph);
  PD_CHECK(!unavailable_, Unimplemented, "[", fwd_->type, "] has no gradient of its own, so this "
           "higher-order gradient (through a graph made with create_graph=True) cannot be taken");
  RunHooks(out_grads);
  TensorSlots in_grads(edges_.size());
  for (size_t s = 0; s < edges_.size(); ++s) in_grads[s].resize(edges_[s].size());
  std::vector<TensorPtr> temps(num_temps_);
  GradModeGuard mode(create_graph);

  for (const GradStep& step : steps_) {
    TensorSlots ins(step.ins.size());
    for (size_t s = 0; s < step.ins.size(); ++s) {
      for (const ValueRef& r : step.ins[s]) {
        TensorPtr v;
        switch (r.kind) {
          case ValueRef::kSavedInput:
          case ValueRef::kSavedOutput: v = Saved(r, create_graph); break;
          case ValueRef::kOutGrad: {
            TensorPtr& g = out_grads[r.a][r.b];
            if (!g) g = Zeros(out_meta_[r.a][r.b].dims, out_meta_[r.a][r.b].dtype);
            v = g;
            break;
          }
          case ValueRef::kInGrad: v = in_grads[r.a][r.b]; break;
          case ValueRef::kTemp: v = temps[r.a]; break;
        }
        PD_CHECK(v, Fatal, "[", step.def->type, "] reads a gradient no earlier grad op made");
        ins[s].push_back(std::move(v));
      }
    }
    // An input gradient nobody receives is not computed, unless it sits in a
    // list slot (whose kernel writes every entry).
    TensorSlots outs(step.outs.size());
    std::vector<std::vector<ValueRef>> kept(step.outs.size());
    for (size_t s = 0; s < step.outs.size(); ++s) {
      for (const ValueRef& r : step.outs[s]) {
        if (r.kind == ValueRef::kInGrad && !edges_[r.a][r.b].valid() &&
            !step.def->outputs[s].duplicable)
          continue;
        outs[s].push_back(nullptr);
        kept[s].push_back(r);
      }
    }
    // Recording: a composite form keeps the gradient differentiable.
    CompositeGradFn composite = create_graph ? FindCompositeGrad(step.def->type) : nullptr;
    if (composite) {
      composite(*step.def, step.attrs, ins, outs);
      // A result that is one of the inputs (a gradient passed through) is
      // copied, so no two places share one tensor object.
      for (auto& slot : outs)
        for (TensorPtr& t : slot)
          for (const auto& in : ins)
            if (std::find(in.begin(), in.end(), t) != in.end()) t = RunOpByName("assign", {}, {{t}})[0][0];
    } else {
      RunOp(*step.def, step.attrs, ins, outs);
    }
    for (size_t s = 0; s < kept.size(); ++s) {
      for (size_t i = 0; i < kept[s].size(); ++i) {
        const ValueRef& r = kept[s][i];
        if (r.kind == ValueRef::kTemp) temps[r.a] = outs[s][i];
        else in_grads[r.a][r.b] = outs[s][i];
      }
    }
  }
  for (size_t s = 0; s < edges_.size(); ++s)
    for (size_t i = 0; i < edges_[s].size(); ++i)
      if (!edges_[s][i].valid()) in_grads[s][i] = nullptr;
  if (!retain_graph) {
    saved_inputs_.clear();
    saved_outputs_.clear();
    released_ = true;
  }
  return in_grads;
}

}  // namespace eager
}  // namespace paddle
