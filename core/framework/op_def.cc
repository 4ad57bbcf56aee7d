#include "core/framework/op_def.h"

#include <algorithm>
#include <sstream>

#include "core/base/enforce.h"
#include "core/framework/op_context.h"
#include "core/framework/program_desc.h"

namespace paddle {

namespace {
int IndexOf(const std::vector<ArgDef>& args, const std::string& name) {
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].name == name) return static_cast<int>(i);
  return -1;
}

// A numeric view of an attribute for range checks (scalars only).
bool AsNumber(const Attribute& a, double* out) {
  return std::visit(
      [out](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<T>) {
          *out = static_cast<double>(v);
          return true;
        }
        return false;
      },
      a);
}

std::string FormatNumber(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}
}  // namespace

int OpDef::InputIndex(const std::string& name) const { return IndexOf(inputs, name); }
int OpDef::OutputIndex(const std::string& name) const { return IndexOf(outputs, name); }

int OpDef::AttrIndex(const std::string& name) const {
  for (size_t i = 0; i < attrs.size(); ++i)
    if (attrs[i].name == name) return static_cast<int>(i);
  return -1;
}

void ThrowAttrAccess(const OpDef& def, const std::vector<Attribute>& values, int idx,
                     AttrType wanted) {
  PD_CHECK(idx >= 0 && static_cast<size_t>(idx) < values.size() && idx < static_cast<int>(def.attrs.size()),
           Fatal, "[", def.type, "] attribute index ", idx, " is out of range: the op declares ",
           def.attrs.size(), " attributes (", values.size(), " given)");
  PD_THROW(Fatal, "[", def.type, "] attribute '", def.attrs[idx].name, "' (index ", idx,
           ") is read as ", AttrTypeName(wanted), " but holds ", AttrTypeName(TypeOf(values[idx])),
           "; the op's attribute index constants or types disagree with its definition");
}

OpAttrs::OpAttrs(const OpDesc& op)
    : def_(&OpRegistry::Instance().Get(op.Type())), values_(def_->CheckAttrs(op.GetAttrMap())) {}

KernelFn OpDef::FindKernel(DeviceType device, DataType dtype) const {
  auto it = kernels.find(KernelKey{device, dtype});
  if (it != kernels.end()) return it->second;
  std::string have;
  for (const auto& [key, fn] : kernels) {
    if (!have.empty()) have += ", ";
    have += std::string(key.device == DeviceType::kCPU ? "cpu/" : "gpu/") + DataTypeName(key.dtype);
  }
  PD_THROW(NotFound, "[", type, "] no kernel for ", device == DeviceType::kCPU ? "cpu/" : "gpu/",
           DataTypeName(dtype), "; registered: ", have.empty() ? "none" : have);
}

std::vector<Attribute> OpDef::CheckAttrs(const AttributeMap& given) const {
  std::vector<Attribute> out;
  out.reserve(attrs.size());
  for (const AttrDef& a : attrs) {
    auto it = given.find(a.name);
    if (it == given.end()) {
      PD_CHECK(a.has_default, InvalidArgument, "[", type, "] attribute '", a.name,
               "' is required (", AttrTypeName(a.type), ") but was not set");
      out.push_back(a.default_value);
      continue;
    }
    Attribute value;
    PD_CHECK(ConvertAttr(it->second, a.type, &value), InvalidArgument, "[", type,
             "] attribute '", a.name, "' expects ", AttrTypeName(a.type), ", got ",
             AttrTypeName(TypeOf(it->second)), " ", AttrToString(it->second));
    CheckAttrValue(a, value);
    out.push_back(std::move(value));
  }
  return out;
}

void OpDef::CheckAttrValue(const AttrDef& a, const Attribute& value) const {
  for (const AttrCheck& c : a.checks) {
    std::string err = c.check(value);
    PD_CHECK(err.empty(), InvalidArgument, "[", type, "] attribute '", a.name, "' must be ",
             c.text, ", got ", AttrToString(value));
  }
}

void OpDef::CheckSlots(const OpDesc& desc) const {
  auto check = [this, &desc](const std::vector<ArgDef>& defs, bool is_input) {
    const char* kind = is_input ? "input" : "output";
    for (const ArgDef& a : defs) {
      auto args = is_input ? desc.Input(a.name) : desc.Output(a.name);
      // A list slot may be present with no variables (a branch that reads nothing).
      const bool empty_list =
          a.duplicable && (is_input ? desc.HasInput(a.name) : desc.HasOutput(a.name));
      PD_CHECK(!args.empty() || empty_list || a.dispensable || a.extra || a.intermediate,
               InvalidArgument,
               "[", type, "] ", kind, " '", a.name, "' is required but not bound");
      PD_CHECK(args.size() <= 1 || a.duplicable, InvalidArgument, "[", type, "] ", kind, " '",
               a.name, "' takes one variable, got ", args.size());
    }
  };
  check(inputs, true);
  check(outputs, false);
}

// ---- registry ----

OpRegistry& OpRegistry::Instance() {
  static OpRegistry* registry = new OpRegistry;  // never destroyed: ops outlive statics
  return *registry;
}

void OpRegistry::Register(OpDef def) {
  PD_CHECK(!defs_.count(def.type), Fatal, "[OpRegistry] op '", def.type,
           "' is defined twice");
  auto pending = pending_kernels_.find(def.type);
  if (pending != pending_kernels_.end()) {
    for (const auto& [key, fn] : pending->second) def.kernels[key] = fn;
    pending_kernels_.erase(pending);
  }
  std::string type = def.type;
  defs_.emplace(std::move(type), std::move(def));
}

void OpRegistry::AddKernel(const std::string& type, KernelKey key, KernelFn fn) {
  auto it = defs_.find(type);
  auto& kernels = it != defs_.end() ? it->second.kernels : pending_kernels_[type];
  PD_CHECK(!kernels.count(key), Fatal, "[", type, "] two kernels for ",
           key.device == DeviceType::kCPU ? "cpu/" : "gpu/", DataTypeName(key.dtype));
  kernels[key] = fn;
}

std::vector<std::string> OpRegistry::OrphanKernelTypes() const {
  std::vector<std::string> out;
  for (const auto& kv : pending_kernels_) out.push_back(kv.first);
  return out;
}

void AddKernel(const std::string& type, KernelKey key, KernelFn fn) {
  OpRegistry::Instance().AddKernel(type, key, fn);
}

const OpDef& OpRegistry::Get(const std::string& type) const {
  auto it = defs_.find(type);
  PD_CHECK(it != defs_.end(), NotFound, "[", type,
           "] operator is not supported by this build of paddle (", defs_.size(),
           " ops registered)");
  return it->second;
}

std::vector<std::string> OpRegistry::Types() const {
  std::vector<std::string> out;
  for (const auto& kv : defs_) out.push_back(kv.first);
  return out;
}

namespace {
void FillVar(const ArgDef& a, proto::OpProto::Var* v) {
  v->set_name(a.name);
  v->set_comment(a.en);
  v->set_comment_zh(a.zh);
  v->set_duplicable(a.duplicable);
  v->set_dispensable(a.dispensable);
  v->set_intermediate(a.intermediate);
  v->set_extra(a.extra);
}
}  // namespace

std::string OpRegistry::SerializedProto(const std::string& type) const {
  const OpDef& def = Get(type);
  proto::OpProto p;
  p.set_type(def.type);
  p.set_comment(def.en);
  p.set_comment_zh(def.zh);
  for (const auto& a : def.inputs) FillVar(a, p.add_inputs());
  for (const auto& a : def.outputs) FillVar(a, p.add_outputs());
  for (const auto& a : def.attrs) {
    if (a.unlisted) continue;
    auto* pa = p.add_attrs();
    pa->set_name(a.name);
    pa->set_type(a.type);
    pa->set_comment(a.en);
    pa->set_comment_zh(a.zh);
    pa->set_extra(a.extra);
    if (a.has_default) AttrToProto(a.name, a.default_value, pa->mutable_default_value());
    for (const auto& c : a.checks) pa->add_constraints(c.text);
  }
  return p.SerializeAsString();
}

std::vector<std::string> OpRegistry::SerializedProtos() const {
  std::vector<std::string> out;
  for (const auto& kv : defs_) out.push_back(SerializedProto(kv.first));
  return out;
}

// ---- builder ----

OpDefBuilder::OpDefBuilder(const char* type) { def_.type = type; }
OpDefBuilder::~OpDefBuilder() = default;

OpDefBuilder& OpDefBuilder::Doc(const char* en, const char* zh) {
  Cur().en = en;
  Cur().zh = zh;
  return *this;
}

namespace {
// Declaration order must match the index constants kernels read slots by.
void CheckIndex(const OpDef& def, const char* kind, const char* name, int index, size_t count) {
  PD_CHECK(index == static_cast<int>(count), Fatal, "[", def.type, "] ", kind, " '", name,
           "' is declared with index ", index, " but is ", kind, " #", count,
           ": its index constant is out of declaration order");
}
}  // namespace

OpDefBuilder& OpDefBuilder::Input(int index, const char* name, const char* en, const char* zh) {
  CheckIndex(Cur(), "input", name, index, Cur().inputs.size());
  Cur().inputs.push_back(ArgDef{name, en, zh});
  last_was_input_ = true;
  return *this;
}

OpDefBuilder& OpDefBuilder::Output(int index, const char* name, const char* en, const char* zh) {
  CheckIndex(Cur(), "output", name, index, Cur().outputs.size());
  Cur().outputs.push_back(ArgDef{name, en, zh});
  last_was_input_ = false;
  return *this;
}

ArgDef& OpDefBuilder::LastArg() {
  auto& list = last_was_input_ ? Cur().inputs : Cur().outputs;
  PD_CHECK(!list.empty(), Fatal, "[", Cur().type, "] slot flag given before any slot");
  return list.back();
}

AttrDef& OpDefBuilder::LastAttr() {
  PD_CHECK(!grad_ && !def_.attrs.empty(), Fatal, "[", Cur().type,
           "] constraint given before any attribute, or after Grad()");
  return def_.attrs.back();
}

OpDefBuilder& OpDefBuilder::Duplicable() { return LastArg().duplicable = true, *this; }
OpDefBuilder& OpDefBuilder::Dispensable() { return LastArg().dispensable = true, *this; }
OpDefBuilder& OpDefBuilder::Intermediate() { return LastArg().intermediate = true, *this; }
OpDefBuilder& OpDefBuilder::Extra() { return LastArg().extra = true, *this; }
OpDefBuilder& OpDefBuilder::ExtraAttr() { return LastAttr().extra = true, *this; }
OpDefBuilder& OpDefBuilder::UnlistedAttr() { return LastAttr().unlisted = true, *this; }

OpDefBuilder& OpDefBuilder::AddAttr(int index, AttrDef a) {
  PD_CHECK(!grad_, Fatal, "[", def_.type, "] attribute '", a.name,
           "' declared after Grad(): the grad op takes the forward op's attributes");
  CheckIndex(def_, "attribute", a.name.c_str(), index, def_.attrs.size());
  def_.attrs.push_back(std::move(a));
  return *this;
}

OpDefBuilder& OpDefBuilder::AtLeast(double lo) {
  LastAttr().checks.push_back(AttrCheck{">= " + FormatNumber(lo), [lo](const Attribute& v) {
                                          double x;
                                          return AsNumber(v, &x) && x >= lo ? "" : "too small";
                                        }});
  return *this;
}

OpDefBuilder& OpDefBuilder::InRange(double lo, double hi) {
  LastAttr().checks.push_back(
      AttrCheck{"in [" + FormatNumber(lo) + ", " + FormatNumber(hi) + "]",
                [lo, hi](const Attribute& v) {
                  double x;
                  return AsNumber(v, &x) && x >= lo && x <= hi ? "" : "out of range";
                }});
  return *this;
}

OpDefBuilder& OpDefBuilder::OneOf(std::vector<std::string> values) {
  std::string text = "one of {";
  for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + values[i];
  text += "}";
  LastAttr().checks.push_back(AttrCheck{text, [values](const Attribute& v) {
                                          const auto* s = std::get_if<std::string>(&v);
                                          if (!s) return std::string("not a string");
                                          for (const auto& x : values)
                                            if (x == *s) return std::string();
                                          return std::string("not allowed");
                                        }});
  return *this;
}

OpDefBuilder& OpDefBuilder::InferShape(InferShapeFn fn) { return Cur().infer_shape = fn, *this; }
OpDefBuilder& OpDefBuilder::GradMaker(GradMakerFn fn) { return Cur().grad_maker = fn, *this; }

OpDefBuilder& OpDefBuilder::KernelDtypeFrom(const char* input) {
  int i = Cur().InputIndex(input);
  PD_CHECK(i >= 0, Fatal, "[", Cur().type, "] KernelDtypeFrom: no input '", input, "'");
  Cur().kernel_dtype_input = i;
  return *this;
}

OpDefBuilder& OpDefBuilder::Inplace(const char* input, const char* output) {
  int in = Cur().InputIndex(input), out = Cur().OutputIndex(output);
  PD_CHECK(in >= 0 && out >= 0, Fatal, "[", Cur().type, "] Inplace: no input '", input,
           "' or no output '", output, "'");
  Cur().inplace.emplace_back(in, out);
  return *this;
}

OpDefBuilder& OpDefBuilder::SharesBuffers() { return Cur().shares_buffers = true, *this; }

OpDefBuilder& OpDefBuilder::Kernel(DeviceType device, DataType dtype, KernelFn fn) {
  Cur().kernels[KernelKey{device, dtype}] = fn;
  return *this;
}

OpDefBuilder& OpDefBuilder::CpuKernelForAllTypes(KernelFn fn) {
  for (DataType dtype : AllDataTypes()) Kernel(DeviceType::kCPU, dtype, fn);
  return *this;
}

// ---- gradients declared on the forward op ----

namespace {
std::string GradDoc(const OpDef& grad, const std::string& forward, bool zh) {
  std::vector<std::string> ins, outs;
  for (const ArgDef& a : grad.inputs) ins.push_back(a.name);
  for (const ArgDef& a : grad.outputs) outs.push_back(a.name);
  return zh ? StrCat(forward, " 的梯度：由 ", StrJoin(ins, "、"), " 计算 ", StrJoin(outs, "、"), "。")
            : StrCat("Gradient of ", forward, ": computes ", StrJoin(outs), " from ",
                     StrJoin(ins), ".");
}

// The forward slot `name` as an input (or, when `outputs_too`, an output).
const ArgDef* FindForwardSlot(const OpDef& fwd, const std::string& name, bool outputs_too,
                              GradSlot::Source* source) {
  int i = fwd.InputIndex(name);
  if (i >= 0) return *source = GradSlot::kForwardInput, &fwd.inputs[i];
  i = outputs_too ? fwd.OutputIndex(name) : -1;
  if (i >= 0) return *source = GradSlot::kForwardOutput, &fwd.outputs[i];
  return nullptr;
}

// X@GRAD takes the shape of the grad input that reads X (element by element
// for a list).
void ShapesFromForwardSlots(InferShapeContext& ctx) {
  for (const auto& [out, in] : ctx.def().grad_shape_from) {
    const size_t n = std::min(ctx.InputCount(in), ctx.OutputCount(out));
    for (size_t i = 0; i < n; ++i) {
      ctx.SetOutputDim(out, ctx.InputDim(in, i), i);
      ctx.ShareLoD(in, out, i);
    }
  }
}

std::vector<std::string> GradNames(std::vector<std::string> names) {
  for (auto& n : names) n = GradVarName(n);
  return names;
}

// The grad maker of every op whose gradient is declared on it.
std::vector<GradOpDesc> DeclaredGrad(const OpDesc& fwd) {
  const OpDef& def = OpRegistry::Instance().Get(fwd.Type());
  PD_CHECK(def.grad, Fatal, "[", def.type, "] has no declared gradient");
  GradOpDesc g;
  g.type = def.grad->type;
  g.attrs = fwd.GetAttrMap();  // the gradient needs the forward's settings
  for (const GradSlot& s : def.grad->inputs) {
    switch (s.source) {
      case GradSlot::kForwardInput: g.inputs[s.forward_slot] = fwd.Input(s.forward_slot); break;
      case GradSlot::kForwardOutput: g.inputs[s.forward_slot] = fwd.Output(s.forward_slot); break;
      case GradSlot::kOutputGrad:
        g.inputs[GradVarName(s.forward_slot)] = GradNames(fwd.Output(s.forward_slot));
        break;
      case GradSlot::kInputGrad: break;
    }
  }
  for (const GradSlot& s : def.grad->outputs)
    g.outputs[GradVarName(s.forward_slot)] = GradNames(fwd.Input(s.forward_slot));
  return {std::move(g)};
}
}  // namespace

OpDefBuilder& OpDefBuilder::Grad(const std::string& grad_type) {
  PD_CHECK(!grad_, Fatal, "[", def_.type, "] declares two gradients");
  grad_ = std::make_unique<OpDef>();
  grad_->type = grad_type;
  grad_->kernel_dtype_input = -1;  // default: the first Out@GRAD (see FinishGrad)
  def_.grad = std::make_unique<GradSpec>();
  def_.grad->type = grad_type;
  def_.grad_maker = DeclaredGrad;
  return *this;
}

void OpDefBuilder::AddGradSlot(int index, GradSlot slot, bool is_input) {
  PD_CHECK(grad_, Fatal, "[", def_.type, "] a gradient slot is declared before Grad()");
  const bool reads = slot.source == GradSlot::kForwardInput;
  GradSlot::Source found;
  const ArgDef* fwd = FindForwardSlot(def_, slot.forward_slot,
                                      reads || slot.source == GradSlot::kForwardOutput, &found);
  if (slot.source == GradSlot::kOutputGrad) {
    const int i = def_.OutputIndex(slot.forward_slot);
    fwd = i >= 0 ? &def_.outputs[i] : nullptr;
  }
  PD_CHECK(fwd, Fatal, "[", grad_->type, "] gradient slot names '", slot.forward_slot,
           "', which the forward op ", def_.type, " does not declare (declare the forward's "
           "slots before Grad())");
  if (reads) slot.source = found;
  const std::string& n = slot.forward_slot;
  ArgDef a;
  switch (slot.source) {
    case GradSlot::kForwardInput:
      a = ArgDef{n, StrCat("The forward input ", n, "."), StrCat("前向输入 ", n, "。")};
      a.duplicable = fwd->duplicable, a.dispensable = fwd->dispensable;
      break;
    case GradSlot::kForwardOutput:
      a = ArgDef{n, StrCat("The forward output ", n, "."), StrCat("前向输出 ", n, "。")};
      a.duplicable = fwd->duplicable, a.dispensable = fwd->dispensable;
      break;
    case GradSlot::kOutputGrad:
      a = ArgDef{GradVarName(n), StrCat("Gradient of the loss with respect to ", n, "."),
                 StrCat("损失对 ", n, " 的梯度。")};
      a.duplicable = fwd->duplicable;
      break;
    case GradSlot::kInputGrad:
      a = ArgDef{GradVarName(n),
                 StrCat("Gradient of the loss with respect to ", n, "; omitted when ", n,
                        " needs none."),
                 StrCat("损失对 ", n, " 的梯度；", n, " 不需要梯度时省略。")};
      a.duplicable = fwd->duplicable;
      a.dispensable = true;
      break;
  }
  auto& list = is_input ? grad_->inputs : grad_->outputs;
  CheckIndex(*grad_, is_input ? "input" : "output", a.name.c_str(), index, list.size());
  list.push_back(std::move(a));
  last_was_input_ = is_input;
  (is_input ? def_.grad->inputs : def_.grad->outputs).push_back(std::move(slot));
}

OpDefBuilder& OpDefBuilder::Reads(int index, const char* forward_slot) {
  AddGradSlot(index, GradSlot{GradSlot::kForwardInput, forward_slot}, true);
  return *this;
}

OpDefBuilder& OpDefBuilder::OutputGrad(int index, const char* forward_output) {
  AddGradSlot(index, GradSlot{GradSlot::kOutputGrad, forward_output}, true);
  return *this;
}

OpDefBuilder& OpDefBuilder::InputGrad(int index, const char* forward_input) {
  const bool is_input = def_.InputIndex(forward_input) >= 0;
  PD_CHECK(is_input, Fatal, "[", def_.type, "] InputGrad('", forward_input,
           "'): the forward op has no such input");
  AddGradSlot(index, GradSlot{GradSlot::kInputGrad, forward_input}, false);
  return *this;
}

void OpDefBuilder::FinishGrad() {
  OpDef& g = *grad_;
  for (const AttrDef& a : def_.attrs) g.attrs.push_back(a);
  if (g.en.empty()) {
    g.en = GradDoc(g, def_.type, false);
    g.zh = GradDoc(g, def_.type, true);
  }
  if (g.kernel_dtype_input < 0) {
    g.kernel_dtype_input = 0;
    for (size_t i = 0; i < def_.grad->inputs.size(); ++i) {
      if (def_.grad->inputs[i].source == GradSlot::kOutputGrad) {
        g.kernel_dtype_input = static_cast<int>(i);
        break;
      }
    }
  }
  if (!g.infer_shape) {
    for (size_t o = 0; o < def_.grad->outputs.size(); ++o) {
      const std::string& x = def_.grad->outputs[o].forward_slot;
      int from = -1;
      for (size_t i = 0; i < def_.grad->inputs.size(); ++i)
        if (def_.grad->inputs[i].source == GradSlot::kForwardInput &&
            def_.grad->inputs[i].forward_slot == x)
          from = static_cast<int>(i);
      PD_CHECK(from >= 0, Fatal, "[", g.type, "] ", x, "@GRAD has no shape rule: Reads('", x,
               "') or give the grad op an InferShape");
      g.grad_shape_from.emplace_back(static_cast<int>(o), from);
    }
    g.infer_shape = ShapesFromForwardSlots;
  }
}

OpRegistrar::OpRegistrar(OpDefBuilder& builder) {
  if (builder.grad_) builder.FinishGrad();
  OpRegistry::Instance().Register(std::move(builder.def_));
  if (builder.grad_) OpRegistry::Instance().Register(std::move(*builder.grad_));
}

}  // namespace paddle
