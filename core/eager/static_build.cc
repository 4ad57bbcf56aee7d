#include "core/eager/static_build.h"

#include <unordered_map>
#include <utility>

#include "core/base/enforce.h"
#include "core/framework/build_infer_shape.h"

namespace paddle {
namespace eager {

namespace {
// Static mode is process-wide, as paddle.enable_static() is.
ProgramPtr g_program;
int g_block = 0;
int g_op_role = 0;
std::string g_name_scope = "/";
UniqueNameCounts g_name_counts;

// Constants above this size belong in a parameter file, not in an attribute.
constexpr int64_t kMaxConstantElements = 1 << 20;

bool IsAncestorOrSelf(const ProgramDesc& program, int ancestor, int block) {
  for (int b = block; b >= 0 && static_cast<size_t>(b) < program.BlockCount();) {
    if (b == ancestor) return true;
    const int parent = program.Block(static_cast<size_t>(b))->ParentIndex();
    if (parent == b) break;
    b = parent;
  }
  return false;
}

bool IsIntegral(DataType t) {
  return t == DataType::kBool || t == DataType::kInt16 || t == DataType::kInt32 ||
         t == DataType::kInt64 || t == DataType::kUInt8 || t == DataType::kInt8;
}

// The variable a symbolic tensor names in the target block. A parameter made
// under another program (the startup program's initializer writing it, a
// layer reused) gets the same name in this one.
std::string TargetName(const TensorPtr& t, const OpDef& def, const std::string& slot) {
  StaticProgram& target = *g_program;
  const StaticVarRef& ref = *t->static_var();
  if (ref.program.get() == &target) {
    PD_CHECK(IsAncestorOrSelf(target.desc, ref.block, g_block), InvalidArgument, "[", def.type,
             "] '", slot, "' is variable '", ref.name, "' of block ", ref.block,
             ", which block ", g_block, " cannot see");
    return ref.name;
  }
  const VarDesc* src = ref.desc();
  PD_CHECK(src->Persistable(), InvalidArgument, "[", def.type, "] '", slot, "' is variable '",
           ref.name, "' of another program; use variables of the program being built");
  BlockDesc* global = target.desc.Block(0);
  if (!global->FindVar(ref.name)) *global->AddVar(ref.name)->Proto() = src->Proto();
  return ref.name;
}

}  // namespace

VarDesc* StaticVarRef::desc() const {
  BlockDesc* block = program->desc.Block(static_cast<size_t>(this->block));
  VarDesc* v = FindVarRecursive(&program->desc, block, name);
  PD_CHECK(v, NotFound, "variable '", name, "' is no longer in its program");
  return v;
}

TensorPtr SymbolicTensor(const ProgramPtr& program, int block, const std::string& name) {
  PD_CHECK(block >= 0 && static_cast<size_t>(block) < program->desc.BlockCount(), OutOfRange,
           "block ", block, " does not exist (the program has ", program->desc.BlockCount(), ")");
  auto ref = std::make_shared<StaticVarRef>();
  ref->program = program;
  ref->block = block;
  ref->name = name;
  const VarDesc* v = ref->desc();  // must exist
  auto t = std::make_shared<EagerTensor>();
  // Code that reads only the element type (type promotion) reads it here.
  if (v->IsTensor()) t->dense().set_dtype(v->GetDataType());
  t->set_name(name);
  t->set_static_var(std::move(ref));
  return t;
}

void SetBuildTarget(ProgramPtr program, int block) {
  if (program)
    PD_CHECK(block >= 0 && static_cast<size_t>(block) < program->desc.BlockCount(), OutOfRange,
             "block ", block, " does not exist");
  g_program = std::move(program);
  g_block = block;
}
const ProgramPtr& BuildProgram() { return g_program; }
int BuildBlock() { return g_block; }
void SetOpRole(int role) { g_op_role = role; }
int OpRole() { return g_op_role; }
void SetNameScope(std::string scope) { g_name_scope = std::move(scope); }

std::string UniqueName(const std::string& key, const BlockDesc* block, const std::string& suffix) {
  for (;;) {
    std::string name = key + "_" + std::to_string(g_name_counts[key]++);
    if (!block || !block->FindVar(name + suffix)) return name;
  }
}
void ResetUniqueNames() { g_name_counts.clear(); }
UniqueNameCounts SwapUniqueNameCounts(UniqueNameCounts counts) {
  std::swap(counts, g_name_counts);
  return counts;
}

OpDesc* AppendOpDesc(StaticProgram* program, int block_id, const OpDef& def,
                     const std::vector<Attribute>& attrs,
                     const std::map<std::string, std::vector<std::string>>& inputs,
                     const std::map<std::string, std::vector<std::string>>& outputs,
                     const AttributeMap& extra_attrs) {
  BlockDesc* block = program->desc.Block(static_cast<size_t>(block_id));
  std::vector<std::string> added;  // output variables made here, removed again on failure
  for (const auto& [slot, names] : outputs)
    for (const std::string& n : names)
      if (!FindVarRecursive(&program->desc, block, n)) {
        block->AddVar(n)->SetDataType(DataType::kFloat32);
        added.push_back(n);
      }
  OpDesc* op = block->AppendOp();
  try {
    op->SetType(def.type);
    for (const auto& [slot, names] : inputs) op->SetInput(slot, names);
    for (const auto& [slot, names] : outputs) op->SetOutput(slot, names);
    for (size_t i = 0; i < def.attrs.size(); ++i)
      if (!def.attrs[i].extra) op->SetAttr(def.attrs[i].name, attrs[i]);
    for (const auto& [name, value] : extra_attrs) op->SetAttr(name, value);
    const int seed = def.AttrIndex("seed");
    if (program->random_seed != 0 && seed >= 0 && def.attrs[seed].type == AttrType::INT &&
        std::get<int32_t>(attrs[seed]) == 0) {
      op->SetAttr("seed", program->random_seed);
      if (def.AttrIndex("fix_seed") >= 0) op->SetAttr("fix_seed", true);
    }
    if (!op->HasAttr("op_role")) op->SetAttr("op_role", int32_t{g_op_role});
    op->SetAttr("op_namescope", g_name_scope);
    def.CheckSlots(*op);
    InferOpShapeAtBuildTime(def, attrs, *op, block, &program->desc);
  } catch (...) {
    block->RemoveOps(block->OpCount() - 1, block->OpCount());
    for (const std::string& n : added) block->RemoveVar(n);
    throw;
  }
  ++program->revision;
  return op;
}

void BuildOp(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
             TensorSlots& outs) {
  StaticProgram* program = g_program.get();
  BlockDesc* block = program->desc.Block(static_cast<size_t>(g_block));
  std::map<std::string, std::vector<std::string>> in_names, out_names;
  bool wants_grad = false;
  for (size_t s = 0; s < ins.size(); ++s) {
    if (ins[s].empty()) continue;
    auto& names = in_names[def.inputs[s].name];
    for (const TensorPtr& t : ins[s]) {
      PD_CHECK(t, InvalidArgument, "[", def.type, "] input '", def.inputs[s].name, "' is None");
      names.push_back(t->static_var() ? TargetName(t, def, def.inputs[s].name)
                                      : BuildConstant(t->dense())->static_var()->name);
      if (t->static_var() && !t->static_var()->desc()->StopGradient()) wants_grad = true;
    }
  }
  std::string prefix;  // "<type>_<n>", made on the first new output
  int made = 0;
  std::vector<std::pair<size_t, size_t>> fresh;
  for (size_t s = 0; s < outs.size(); ++s) {
    if (outs[s].empty()) continue;
    auto& names = out_names[def.outputs[s].name];
    for (size_t i = 0; i < outs[s].size(); ++i) {
      const TensorPtr& t = outs[s][i];
      if (t) {
        PD_CHECK(t->static_var(), InvalidArgument, "[", def.type, "] output '",
                 def.outputs[s].name, "' would write an eager Tensor in place while building a "
                 "static program");
        names.push_back(TargetName(t, def, def.outputs[s].name));
        continue;
      }
      if (prefix.empty()) prefix = UniqueName(def.type, block, ".tmp_0");
      names.push_back(prefix + ".tmp_" + std::to_string(made++));
      fresh.emplace_back(s, i);
    }
  }
  AppendOpDesc(program, g_block, def, attrs, in_names, out_names);
  wants_grad = wants_grad && def.grad_maker != nullptr;
  for (auto [s, i] : fresh) {
    const std::string& name = out_names[def.outputs[s].name][i];
    VarDesc* v = block->FindVar(name);
    v->SetStopGradient(!wants_grad || IsIntegral(v->GetDataType()));
    outs[s][i] = SymbolicTensor(g_program, g_block, name);
  }
}

TensorPtr BuildConstant(const DenseTensor& value) {
  const OpDef& def = OpRegistry::Instance().Get("assign_value");
  const int64_t n = value.numel();
  PD_CHECK(n <= kMaxConstantElements, InvalidArgument, "[static] a constant of ", n,
           " elements is too big to embed in a program (at most ", kMaxConstantElements,
           "); make it a parameter or feed it with paddle.static.data");
  std::vector<Scalar> values;
  values.reserve(static_cast<size_t>(n));
  auto take = [&](auto* p) {
    for (int64_t i = 0; i < n; ++i) values.emplace_back(p[i]);
  };
  switch (value.dtype()) {
    case DataType::kBool: take(value.data<bool>()); break;
    case DataType::kInt32: take(value.data<int32_t>()); break;
    case DataType::kInt64: take(value.data<int64_t>()); break;
    case DataType::kFloat32: take(value.data<float>()); break;
    case DataType::kFloat64: take(value.data<double>()); break;
    default:
      PD_THROW(Unimplemented, "[static] a constant of type ", DataTypeName(value.dtype()),
               " cannot be embedded in a program (bool, int32, int64, float32 and float64 can)");
  }
  std::vector<int32_t> shape;
  for (int64_t d : value.dims().ToVector()) shape.push_back(static_cast<int32_t>(d));
  AttributeMap given{{"shape", shape},
                     {"dtype", static_cast<int32_t>(value.dtype())},
                     {"values", values}};
  TensorSlots outs(def.outputs.size());
  outs[0].resize(1);
  BuildOp(def, def.CheckAttrs(given), TensorSlots(def.inputs.size()), outs);
  return outs[0][0];
}

}  // namespace eager
}  // namespace paddle
