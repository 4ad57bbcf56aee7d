#include "core/eager/op_runner.h"

#include <memory>
#include <unordered_map>

#include "core/base/enforce.h"
#include "core/base/profiler.h"
#include "core/eager/static_build.h"
#include "core/eager/tracer.h"
#include "core/framework/op_run.h"

namespace paddle {
namespace eager {

namespace {
thread_local bool g_grad_enabled = true;

// One kernel context per op and thread, reused call after call; a call made
// while the op's context is in use (a hook running the same op) gets its own.
class ContextLease {
 public:
  ContextLease(const OpDef& def, const std::vector<Attribute>& attrs) {
    thread_local std::unordered_map<const OpDef*, std::pair<std::unique_ptr<KernelContext>, bool>>
        cache;
    auto& [ctx, busy] = cache[&def];
    if (ctx && !busy) {
      ctx->Rebind(attrs);
    } else if (!ctx) {
      ctx = std::make_unique<KernelContext>(def, attrs, CPUPlace());
    } else {
      own_ = std::make_unique<KernelContext>(def, attrs, CPUPlace());
      ctx_ = own_.get();
      return;
    }
    ctx_ = ctx.get();
    busy_ = &busy;
    busy = true;
  }
  ~ContextLease() {
    if (busy_) *busy_ = false;
  }
  KernelContext& operator*() { return *ctx_; }

 private:
  KernelContext* ctx_ = nullptr;
  std::unique_ptr<KernelContext> own_;
  bool* busy_ = nullptr;
};

bool AnyInputWantsGrad(const TensorSlots& ins) {
  for (const auto& slot : ins)
    for (const TensorPtr& t : slot)
      if (t && t->requires_grad()) return true;
  return false;
}
}  // namespace

bool GradEnabled() { return g_grad_enabled; }
void SetGradEnabled(bool on) { g_grad_enabled = on; }

void RunOp(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
           TensorSlots& outs) {
  PD_CHECK(ins.size() == def.inputs.size() && outs.size() == def.outputs.size(), Fatal, "[",
           def.type, "] eager call with ", ins.size(), " input and ", outs.size(),
           " output slots; the op has ", def.inputs.size(), " and ", def.outputs.size());
  if (Building()) return BuildOp(def, attrs, ins, outs);
  profiler::RecordEvent profile(def.type, profiler::EventType::kOperator);  // run, not built
  ContextLease lease(def, attrs);
  KernelContext& ctx = *lease;
  for (size_t s = 0; s < ins.size(); ++s) {
    ctx.ins[s].reserve(ins[s].size());
    for (const TensorPtr& t : ins[s]) {
      PD_CHECK(t, InvalidArgument, "[", def.type, "] input '", def.inputs[s].name,
               "' is None");
      ctx.ins[s].push_back(t->var());
    }
  }
  for (size_t s = 0; s < outs.size(); ++s) {
    ctx.outs[s].reserve(outs[s].size());
    for (TensorPtr& t : outs[s]) {
      if (!t) t = std::make_shared<EagerTensor>();
      else t->BumpVersion();
      ctx.outs[s].push_back(t->var());
    }
  }
  const DataType dtype = KernelDtype(ctx);
  KernelFn kernel = def.FindKernel(DeviceType::kCPU, dtype);
  InferOutputShapes(ctx, attrs, dtype);
  kernel(ctx);
  if (Tracer* tracer = Tracer::Active()) tracer->Record(def, attrs, ins, outs);

  if (!g_grad_enabled || !AnyInputWantsGrad(ins)) return;
  // A forward op without a gradient (argmax, comparisons) gives outputs that
  // need none; a grad op without one (reached with create_graph) must not.
  const bool is_grad_op = def.type.size() > 5 && def.type.compare(def.type.size() - 5, 5, "_grad") == 0;
  std::shared_ptr<GradNode> node;
  if (def.grad_maker) node = GradNode::Make(def, attrs, ins, outs);
  else if (is_grad_op) node = GradNode::MakeUnavailable(def, ins, outs);
  if (!node) return;
  for (size_t s = 0; s < outs.size(); ++s) {
    // An output without a gradient (a running statistic written in place, an
    // XShape) stays out of the graph, so the graph does not outlive the step.
    if (!node->UsesOutputGrad(static_cast<int>(s))) continue;
    for (size_t i = 0; i < outs[s].size(); ++i) {
      outs[s][i]->SetGradNode(node, static_cast<int>(s), static_cast<int>(i));
      outs[s][i]->set_stop_gradient(false);
    }
  }
}

void AssignInPlace(const TensorPtr& t, const TensorPtr& src) {
  if (Building() || t->static_var()) {
    // Static mode: the program writes src's value into t's variable.
    PD_CHECK(Building(), PreconditionNotMet, "[assign] variable '", t->name(),
             "' belongs to a static program; it can only be written while building one");
    static const OpDef& assign = OpRegistry::Instance().Get("assign");
    TensorSlots outs{{t}};
    return BuildOp(assign, {}, {{src}}, outs);
  }
  t->dense() = src->dense();
  t->BumpVersion();
  t->SetGradNode(src->grad_node(), src->out_slot(), src->out_index());
  // A result computed outside the graph (under no_grad, an optimizer's update)
  // leaves the target's wish for a gradient as it was.
  if (src->grad_node()) t->set_stop_gradient(src->stop_gradient());
  if (Tracer* tracer = Tracer::Active()) {
    static const OpDef& assign = OpRegistry::Instance().Get("assign");
    tracer->Record(assign, {}, {{src}}, {{t}});
  }
}

TensorSlots NewOutputs(const OpDef& def) {
  TensorSlots outs(def.outputs.size());
  for (auto& slot : outs) slot.resize(1);
  return outs;
}

TensorSlots RunOpByName(const std::string& type, const AttributeMap& attrs, TensorSlots ins) {
  const OpDef& def = OpRegistry::Instance().Get(type);
  std::vector<Attribute> checked = def.CheckAttrs(attrs);
  ins.resize(def.inputs.size());  // trailing optional slots may be left out
  TensorSlots outs = NewOutputs(def);
  RunOp(def, checked, ins, outs);
  return outs;
}

}  // namespace eager
}  // namespace paddle
