#include "core/framework/op_def.h"

#include <sstream>

#include "core/base/enforce.h"
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
    for (const AttrCheck& c : a.checks) {
      std::string err = c.check(value);
      PD_CHECK(err.empty(), InvalidArgument, "[", type, "] attribute '", a.name, "' must be ",
               c.text, ", got ", AttrToString(value));
    }
    out.push_back(std::move(value));
  }
  return out;
}

void OpDef::CheckSlots(const OpDesc& desc) const {
  auto check = [this, &desc](const std::vector<ArgDef>& defs, bool is_input) {
    const char* kind = is_input ? "input" : "output";
    for (const ArgDef& a : defs) {
      auto args = is_input ? desc.Input(a.name) : desc.Output(a.name);
      PD_CHECK(!args.empty() || a.dispensable || a.extra || a.intermediate, InvalidArgument,
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
  std::string type = def.type;
  defs_.emplace(std::move(type), std::move(def));
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

OpDefBuilder& OpDefBuilder::Doc(const char* en, const char* zh) {
  def_.en = en;
  def_.zh = zh;
  return *this;
}

OpDefBuilder& OpDefBuilder::Input(const char* name, const char* en, const char* zh) {
  def_.inputs.push_back(ArgDef{name, en, zh});
  last_was_input_ = true;
  return *this;
}

OpDefBuilder& OpDefBuilder::Output(const char* name, const char* en, const char* zh) {
  def_.outputs.push_back(ArgDef{name, en, zh});
  last_was_input_ = false;
  return *this;
}

ArgDef& OpDefBuilder::LastArg() {
  auto& list = last_was_input_ ? def_.inputs : def_.outputs;
  PD_CHECK(!list.empty(), Fatal, "[", def_.type, "] slot flag given before any slot");
  return list.back();
}

AttrDef& OpDefBuilder::LastAttr() {
  PD_CHECK(!def_.attrs.empty(), Fatal, "[", def_.type, "] constraint given before any attribute");
  return def_.attrs.back();
}

OpDefBuilder& OpDefBuilder::Duplicable() { return LastArg().duplicable = true, *this; }
OpDefBuilder& OpDefBuilder::Dispensable() { return LastArg().dispensable = true, *this; }
OpDefBuilder& OpDefBuilder::Intermediate() { return LastArg().intermediate = true, *this; }
OpDefBuilder& OpDefBuilder::Extra() { return LastArg().extra = true, *this; }
OpDefBuilder& OpDefBuilder::ExtraAttr() { return LastAttr().extra = true, *this; }

OpDefBuilder& OpDefBuilder::AddAttr(AttrDef a) {
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

OpDefBuilder& OpDefBuilder::InferShape(InferShapeFn fn) { return def_.infer_shape = fn, *this; }
OpDefBuilder& OpDefBuilder::GradMaker(GradMakerFn fn) { return def_.grad_maker = fn, *this; }

OpDefBuilder& OpDefBuilder::KernelDtypeFrom(const char* input) {
  int i = def_.InputIndex(input);
  PD_CHECK(i >= 0, Fatal, "[", def_.type, "] KernelDtypeFrom: no input '", input, "'");
  def_.kernel_dtype_input = i;
  return *this;
}

OpDefBuilder& OpDefBuilder::Inplace(const char* input, const char* output) {
  int in = def_.InputIndex(input), out = def_.OutputIndex(output);
  PD_CHECK(in >= 0 && out >= 0, Fatal, "[", def_.type, "] Inplace: no input '", input,
           "' or no output '", output, "'");
  def_.inplace.emplace_back(in, out);
  return *this;
}

OpDefBuilder& OpDefBuilder::SharesBuffers() { return def_.shares_buffers = true, *this; }

OpDefBuilder& OpDefBuilder::Kernel(DeviceType device, DataType dtype, KernelFn fn) {
  def_.kernels[KernelKey{device, dtype}] = fn;
  return *this;
}

OpDefBuilder& OpDefBuilder::CpuKernelForAllTypes(KernelFn fn) {
  for (DataType dtype : AllDataTypes()) Kernel(DeviceType::kCPU, dtype, fn);
  return *this;
}

OpRegistrar::OpRegistrar(OpDefBuilder& builder) {
  OpRegistry::Instance().Register(std::move(builder.def_));
}

}  // namespace paddle
