#include "core/executor/executor.h"

#include <cstdint>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "core/executor/memory_plan.h"
#include "core/executor/sub_block_runner.h"
#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/base/profiler.h"

// < 0 disables eager deletion; >= 0 frees each temporary right after its last
// reader (PaddlePaddle's flag; the threshold itself is not used: we always free at once).
PD_DEFINE_FLAG(eager_delete_tensor_gb, 0.0,
               "Free a temporary tensor right after its last reader runs (< 0 disables)");

namespace paddle {

namespace {

bool IsListKind(VarKind kind) {
  return kind == proto::VarType::FEED_MINIBATCH || kind == proto::VarType::FETCH_LIST;
}

// Binds a variable of the block into the scope with the value kind its desc
// names. In a sub-block a variable the block declares is the block's own.
Variable* BindVar(Scope* scope, const VarDesc* desc, const std::string& name, bool sub_block) {
  Variable* v = nullptr;
  if (desc && desc->Persistable()) v = scope->Var(name);
  else if (desc && sub_block) v = scope->LocalVar(name);
  else v = scope->FindVar(name);
  if (!v) v = scope->LocalVar(name);
  if (!v->IsInitialized()) {
    if (desc && IsListKind(desc->Kind())) v->GetMutable<TensorList>();
    else if (desc && desc->Kind() == proto::VarType::STEP_SCOPES) v->GetMutable<StepScopes>();
    else v->GetMutable<DenseTensor>();
  }
  return v;
}

bool HasSubBlock(const AttributeMap& attrs) {
  for (const auto& [name, value] : attrs)
    if (std::holds_alternative<BlockRef>(value)) return true;
  return false;
}

std::string DescribeInputs(const PreparedStep& step) {
  std::ostringstream os;
  const KernelContext& ctx = *step.ctx;
  bool first = true;
  for (size_t s = 0; s < step.def->inputs.size(); ++s) {
    auto names = step.desc->Input(step.def->inputs[s].name);
    for (size_t i = 0; i < names.size() && i < ctx.ins[s].size(); ++i) {
      os << (first ? "" : ", ") << step.def->inputs[s].name << "=" << names[i];
      first = false;
      const Variable* v = ctx.ins[s][i];
      if (v->IsType<DenseTensor>()) {
        const auto& t = v->Get<DenseTensor>();
        if (t.IsInitialized()) os << " " << DataTypeName(t.dtype()) << t.dims().ToString();
        else os << " (uninitialized)";
      }
    }
  }
  return os.str();
}

}  // namespace

std::unique_ptr<PreparedBlock> Executor::Prepare(const ProgramDesc& program, int block_id,
                                                 Scope* scope,
                                                 const std::vector<std::string>& keep_vars) {
  std::unordered_map<std::string, Variable*> bound;
  auto prepared = PrepareBlock(program, block_id, scope, false, &bound);
  if (GetDoubleFlag("eager_delete_tensor_gb") >= 0)
    PlanBlockMemory(*program.Block(static_cast<size_t>(block_id)), keep_vars, bound,
                    prepared.get());
  return prepared;
}

std::unique_ptr<PreparedBlock> Executor::PrepareSubBlock(const ProgramDesc& program, int block_id,
                                                         Scope* scope, const PreparedBlock* checked) {
  std::unordered_map<std::string, Variable*> bound;
  return PrepareBlock(program, block_id, scope, true, &bound, checked);
}

std::unique_ptr<PreparedBlock> Executor::PrepareBlock(
    const ProgramDesc& program, int block_id, Scope* scope, bool sub_block,
    std::unordered_map<std::string, Variable*>* bound_vars, const PreparedBlock* checked) {
  PD_CHECK(scope, InvalidArgument, "[Executor] scope is null");
  PD_CHECK(block_id >= 0 && static_cast<size_t>(block_id) < program.BlockCount(), OutOfRange,
           "[Executor] block ", block_id, " does not exist (the program has ",
           program.BlockCount(), " blocks)");
  const BlockDesc* block = program.Block(static_cast<size_t>(block_id));
  auto prepared = std::make_unique<PreparedBlock>();
  prepared->program_ = &program;
  prepared->block_id_ = block_id;
  prepared->scope_ = scope;

  const OpRegistry& registry = OpRegistry::Instance();
  std::unordered_map<std::string, Variable*>& bound = *bound_vars;

  // Steps are built in place: each KernelContext points at its step's attrs,
  // so the vector must never reallocate.
  prepared->steps_.reserve(block->OpCount());
  for (size_t i = 0; i < block->OpCount(); ++i) {
    const OpDesc* op = block->Op(i);
    PreparedStep& step = prepared->steps_.emplace_back();
    step.desc = op;
    bool has_sub_block = false;
    if (checked) {  // the same block bound before: its checks and kernels hold
      const PreparedStep& done = checked->steps_[i];
      step.def = done.def;
      step.attrs = done.attrs;
      step.kernel = done.kernel;
      step.kernel_dtype = done.kernel_dtype;
      has_sub_block = done.runner != nullptr;
    } else {
      try {
        const AttributeMap attrs = op->GetAttrMap();
        step.def = &registry.Get(op->Type());
        step.def->CheckSlots(*op);
        step.attrs = step.def->CheckAttrs(attrs);
        has_sub_block = HasSubBlock(attrs);
      } catch (const Error& e) {
        PD_THROW_KIND(e.kind(), e.what(), "\n  [Executor] while preparing op #", i, " '",
                      op->Type(), "' of block ", block_id);
      }
    }
    step.ctx = std::make_unique<KernelContext>(*step.def, step.attrs, place_);
    auto bind_slots = [&](const std::vector<ArgDef>& slots, bool is_input,
                          std::vector<std::vector<Variable*>>& out) {
      for (size_t s = 0; s < slots.size(); ++s) {
        for (const auto& name : is_input ? op->Input(slots[s].name) : op->Output(slots[s].name)) {
          Variable*& v = bound[name];
          if (!v) v = BindVar(scope, block->FindVar(name), name, sub_block);
          out[s].push_back(v);
        }
      }
    };
    bind_slots(step.def->inputs, true, step.ctx->ins);
    bind_slots(step.def->outputs, false, step.ctx->outs);
    if (has_sub_block) {
      step.runner = std::make_unique<SubBlockRunner>(place_, program, *op, scope);
      step.ctx->set_block_runner(step.runner.get());
    }
  }
  return prepared;
}

void Executor::PlanBlockMemory(const BlockDesc& block, const std::vector<std::string>& keep_vars,
                               const std::unordered_map<std::string, Variable*>& bound,
                               PreparedBlock* prepared) {
  std::unordered_set<std::string> keep(keep_vars.begin(), keep_vars.end());
  auto temporary = [&](const std::string& name) {
    const VarDesc* desc = block.FindVar(name);
    return desc && !desc->Persistable() && !IsListKind(desc->Kind()) && !keep.count(name);
  };
  std::vector<PlanOp> ops;
  std::unordered_set<std::string> shared;  // touched by ops that alias buffers: never planned
  std::unordered_map<std::string, size_t> last_use;
  for (size_t i = 0; i < prepared->steps_.size(); ++i) {
    const PreparedStep& step = prepared->steps_[i];
    const OpDef& def = *step.def;
    PlanOp op;
    for (const auto& a : def.inputs)
      for (const auto& n : step.desc->Input(a.name)) op.inputs.push_back(n);
    for (const auto& a : def.outputs)
      for (const auto& n : step.desc->Output(a.name)) op.outputs.push_back(n);
    for (const auto& [in, out] : def.inplace) {
      auto ins = step.desc->Input(def.inputs[in].name);
      auto outs = step.desc->Output(def.outputs[out].name);
      if (ins.size() == 1 && outs.size() == 1) op.inplace.emplace_back(ins[0], outs[0]);
    }
    for (const auto* names : {&op.inputs, &op.outputs}) {
      for (const auto& n : *names) {
        last_use[n] = i;
        if (def.shares_buffers) shared.insert(n);
      }
    }
    ops.push_back(std::move(op));
  }

  // A temporary's size from its VarDesc, an unknown (-1) dim counted as a
  // typical batch: the estimate only steers which free buffer it takes.
  constexpr int64_t kUnknownDim = 64;
  auto estimate = [&](const std::string& n) -> int64_t {
    const VarDesc* desc = block.FindVar(n);
    if (!desc || !desc->IsTensor()) return -1;
    // Saturates: a corrupt model's dims must not overflow (the estimate is only a hint).
    int64_t bytes = static_cast<int64_t>(SizeOf(desc->GetDataType()));
    for (int64_t d : desc->GetShape())
      if (__builtin_mul_overflow(bytes, d < 0 ? kUnknownDim : d, &bytes)) return INT64_MAX;
    return bytes;
  };
  MemoryPlan plan = PlanMemory(
      ops, [&](const std::string& n) { return temporary(n) && !shared.count(n); }, estimate);
  prepared->slots_.resize(static_cast<size_t>(plan.num_slots));
  for (const PlannedWrite& w : plan.writes) {
    Variable* from = w.inplace_from.empty() ? nullptr : bound.at(w.inplace_from);
    prepared->steps_[w.step].slot_writes.push_back(
        SlotWrite{bound.at(w.var), w.slot, w.first_def, from});
  }
  for (const auto& [name, step] : last_use) {
    if (temporary(name)) prepared->steps_[step].free_after.push_back(bound.at(name));
  }
}

void Executor::RunStep(PreparedStep& step, std::vector<memory::AllocationPtr>& slots) {
  KernelContext& ctx = *step.ctx;
  const OpDef& def = *step.def;
  profiler::RecordEvent profile(def.type, profiler::EventType::kOperator);

  const DataType dtype = KernelDtype(ctx);
  if (!step.kernel || step.kernel_dtype != dtype) {
    step.kernel = def.FindKernel(place_.type, dtype);
    step.kernel_dtype = dtype;
  }
  InferOutputShapes(ctx, step.attrs, dtype);
  for (const SlotWrite& w : step.slot_writes) {
    if (!w.first_def) continue;
    DenseTensor* t = w.var->GetMutable<DenseTensor>();
    // In place only when the buffer is exactly the input's: a broadcasting
    // kernel must never overwrite elements it has yet to read.
    bool reuse = !w.inplace_from || w.inplace_from->Get<DenseTensor>().nbytes() == t->nbytes();
    t->ResetHolder(reuse ? slots[w.slot] : nullptr);
  }
  step.kernel(ctx);
  for (const SlotWrite& w : step.slot_writes) {
    slots[w.slot] = w.var->Get<DenseTensor>().Holder();  // a kernel may have grown it
  }

  for (Variable* v : step.free_after) {
    if (v->IsType<DenseTensor>()) v->GetMutable<DenseTensor>()->Clear();
  }
}

void Executor::Run(PreparedBlock& block) {
  for (size_t i = 0; i < block.steps_.size(); ++i) {
    PreparedStep& step = block.steps_[i];
    try {
      RunStep(step, block.slots_);
    } catch (const Error& e) {
      PD_THROW_KIND(e.kind(), e.what(), "\n  [Executor] in op #", i, " '", step.desc->Type(),
                    "' (inputs: ", DescribeInputs(step), ")");
    }
  }
}

void Executor::Run(const ProgramDesc& program, Scope* scope, int block_id) {
  auto prepared = Prepare(program, block_id, scope);
  Run(*prepared);
}

void Executor::SetFeed(Scope* scope, const std::vector<DenseTensor>& inputs,
                       const std::string& feed_var) {
  TensorList* list = scope->Var(feed_var)->GetMutable<TensorList>();
  list->assign(inputs.begin(), inputs.end());
}

std::vector<DenseTensor> Executor::GetFetch(const Scope& scope, const std::string& fetch_var) {
  return scope.GetVar(fetch_var, "Executor::GetFetch")->Get<TensorList>();
}


}  // namespace paddle
