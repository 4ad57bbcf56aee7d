// The one definition of an operator: its inputs, outputs and attributes (each
// with English and Chinese text), shape inference, gradient maker and kernels.
// Everything else (OpProto, executor dispatch, eager calls, specs, docs) is
// derived from this. How to add an op: core/ops/README.md.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/framework/attribute.h"
#include "core/framework/data_type.h"
#include "core/framework/ddim.h"
#include "core/base/place.h"

namespace paddle {

class InferShapeContext;
class KernelContext;
class OpDesc;
struct GradOpDesc;

struct ArgDef {
  std::string name;
  std::string en, zh;
  bool duplicable = false;   // takes a list of variables
  bool dispensable = false;  // may be absent
  bool intermediate = false;
  bool extra = false;  // accepted for compatibility, never read by kernels
};

// A constraint on an attribute value: returns "" if ok, else what was expected.
struct AttrCheck {
  std::string text;  // "> 0", "one of {a, b}": shown in OpProto and docs
  std::function<std::string(const Attribute&)> check;
};

struct AttrDef {
  std::string name;
  AttrType type;
  bool has_default = false;
  Attribute default_value;
  std::string en, zh;
  std::vector<AttrCheck> checks;
  bool extra = false;
};

using InferShapeFn = void (*)(InferShapeContext& ctx);
using KernelFn = void (*)(KernelContext& ctx);
// Given the forward op, the ops that compute its inputs' gradients.
using GradMakerFn = std::vector<GradOpDesc> (*)(const OpDesc& forward);

struct KernelKey {
  DeviceType device;
  DataType dtype;
  bool operator<(const KernelKey& o) const {
    return device != o.device ? device < o.device : dtype < o.dtype;
  }
};

struct OpDef {
  std::string type;
  std::string en, zh;
  std::vector<ArgDef> inputs, outputs;
  std::vector<AttrDef> attrs;
  InferShapeFn infer_shape = nullptr;
  GradMakerFn grad_maker = nullptr;
  std::map<KernelKey, KernelFn> kernels;
  // The input whose element type selects the kernel (default: the first).
  int kernel_dtype_input = 0;
  // (input, output) slot pairs the kernel may compute in place: the output may
  // be given the input's buffer when the input is not read afterwards.
  std::vector<std::pair<int, int>> inplace;
  // The kernel makes outputs alias inputs or outside buffers (feed, fetch):
  // the executor must not plan the memory of the variables it touches.
  bool shares_buffers = false;

  // Index of a slot/attribute in declaration order, or -1.
  int InputIndex(const std::string& name) const;
  int OutputIndex(const std::string& name) const;
  int AttrIndex(const std::string& name) const;
  // The kernel for (device, dtype); throws NotFound listing what exists.
  KernelFn FindKernel(DeviceType device, DataType dtype) const;
  // Checks the desc's attributes against the definition and returns them in
  // declaration order, defaults filled in. Attributes the op does not declare
  // (bookkeeping, legacy hints) are ignored. Throws InvalidArgument naming the
  // op and attribute on a wrong type, a failed constraint or a missing value.
  std::vector<Attribute> CheckAttrs(const AttributeMap& given) const;
  // The desc's inputs/outputs checked against the definition: every required
  // slot present and bound, no list on a non-duplicable slot.
  void CheckSlots(const OpDesc& desc) const;
};

// A wrong T for an attribute is a bug in the op's own code (its index
// constants or a type): Fatal naming the op and attribute, never a bare
// std::bad_variant_access.
[[noreturn]] void ThrowAttrAccess(const OpDef& def, const std::vector<Attribute>& values, int idx,
                                  AttrType wanted);
// values[idx] (checked attributes in declaration order) as T.
template <typename T>
const T& AttrAt(const OpDef& def, const std::vector<Attribute>& values, int idx) {
  if (idx >= 0 && static_cast<size_t>(idx) < values.size())
    if (const T* p = std::get_if<T>(&values[idx])) return *p;
  ThrowAttrAccess(def, values, idx, AttrTypeOf<T>::value);
}

// An op desc's attributes as its definition reads them: checked, converted to
// the declared types, defaults filled in. For passes and tools, by name (off
// the hot path); kernels read theirs by index through their context.
class OpAttrs {
 public:
  // Throws NotFound for an unregistered op, InvalidArgument as CheckAttrs does.
  explicit OpAttrs(const OpDesc& op);
  template <typename T>
  const T& Get(const std::string& name) const {
    return AttrAt<T>(*def_, values_, def_->AttrIndex(name));
  }

 private:
  const OpDef* def_;
  std::vector<Attribute> values_;
};

// A gradient op produced by a GradMakerFn.
struct GradOpDesc {
  std::string type;
  std::map<std::string, std::vector<std::string>> inputs, outputs;
  AttributeMap attrs;
};

inline std::string GradVarName(const std::string& name) { return name + "@GRAD"; }

class OpRegistry {
 public:
  static OpRegistry& Instance();
  void Register(OpDef def);
  bool Has(const std::string& type) const { return defs_.count(type) > 0; }
  // Throws NotFound naming the op.
  const OpDef& Get(const std::string& type) const;
  std::vector<std::string> Types() const;  // sorted
  // Serialized proto::OpProto of every op (English in `comment`, Chinese in `comment_zh`).
  std::vector<std::string> SerializedProtos() const;
  std::string SerializedProto(const std::string& type) const;

 private:
  std::map<std::string, OpDef> defs_;
};

// Fluent builder used by PD_REGISTER_OP; the OpRegistrar it converts to
// registers the finished definition.
class OpDefBuilder {
 public:
  explicit OpDefBuilder(const char* type);
  OpDefBuilder(const OpDefBuilder&) = delete;

  OpDefBuilder& Doc(const char* en, const char* zh);
  OpDefBuilder& Input(const char* name, const char* en, const char* zh);
  OpDefBuilder& Output(const char* name, const char* en, const char* zh);
  // Flags for the last input/output declared.
  OpDefBuilder& Duplicable();
  OpDefBuilder& Dispensable();
  OpDefBuilder& Intermediate();
  OpDefBuilder& Extra();

  template <typename T>
  OpDefBuilder& Attr(const char* name, T default_value, const char* en, const char* zh) {
    AttrDef a;
    a.name = name;
    a.type = AttrTypeOf<T>::value;
    a.has_default = true;
    a.default_value = Attribute(std::move(default_value));
    a.en = en;
    a.zh = zh;
    return AddAttr(std::move(a));
  }
  OpDefBuilder& Attr(const char* name, const char* default_value, const char* en, const char* zh) {
    return Attr<std::string>(name, default_value, en, zh);
  }
  // An attribute the desc must set (no default).
  template <typename T>
  OpDefBuilder& RequiredAttr(const char* name, const char* en, const char* zh) {
    AttrDef a;
    a.name = name;
    a.type = AttrTypeOf<T>::value;
    a.en = en;
    a.zh = zh;
    return AddAttr(std::move(a));
  }
  // Constraints on the last attribute declared.
  OpDefBuilder& AtLeast(double lo);
  OpDefBuilder& InRange(double lo, double hi);
  OpDefBuilder& OneOf(std::vector<std::string> values);
  OpDefBuilder& ExtraAttr();

  OpDefBuilder& InferShape(InferShapeFn fn);
  OpDefBuilder& GradMaker(GradMakerFn fn);
  OpDefBuilder& KernelDtypeFrom(const char* input);
  // The kernel is correct when `output` and `input` are the same buffer.
  OpDefBuilder& Inplace(const char* input, const char* output);
  OpDefBuilder& SharesBuffers();
  OpDefBuilder& Kernel(DeviceType device, DataType dtype, KernelFn fn);
  template <typename T>
  OpDefBuilder& CpuKernel(KernelFn fn) {
    return Kernel(DeviceType::kCPU, DataTypeOf<T>::value, fn);
  }
  // One dtype-agnostic kernel (it moves buffers, never elements) for every element type.
  OpDefBuilder& CpuKernelForAllTypes(KernelFn fn);
  // Runs a function that adds parts shared by several ops (e.g. a gradient's slots).
  OpDefBuilder& Apply(void (*add)(OpDefBuilder&)) {
    add(*this);
    return *this;
  }

 private:
  friend struct OpRegistrar;
  OpDefBuilder& AddAttr(AttrDef a);
  ArgDef& LastArg();
  AttrDef& LastAttr();
  OpDef def_;
  bool last_was_input_ = true;
};

struct OpRegistrar {
  OpRegistrar(OpDefBuilder& builder);  // NOLINT: implicit, ends a PD_REGISTER_OP chain
};

}  // namespace paddle

#define PD_CONCAT_INNER(a, b) a##b
#define PD_CONCAT(a, b) PD_CONCAT_INNER(a, b)
// PD_REGISTER_OP(relu).Doc(...).Input(...)...;  (one per op, in core/ops/*.cc)
#define PD_REGISTER_OP(TYPE) \
  static ::paddle::OpRegistrar PD_CONCAT(pd_op_def_##TYPE##_, __LINE__) = \
      ::paddle::OpDefBuilder(#TYPE)
