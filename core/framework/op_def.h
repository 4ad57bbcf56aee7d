// The one definition of an operator: its inputs, outputs and attributes (each
// with English and Chinese text), shape inference, gradient maker and kernels.
// Everything else (OpProto, executor dispatch, eager calls, specs, docs) is
// derived from this. How to add an op: core/ops/README.md.
#pragma once

#include <functional>
#include <map>
#include <memory>
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
  // Carried by PaddlePaddle's programs and read by the kernel, but absent from
  // its OpProto (3.x moved such attributes, e.g. dropout's fix_seed/seed, to
  // runtime extras): left out of our OpProto too, so the signatures match.
  bool unlisted = false;
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

// A gradient declared on its forward op (OpDefBuilder::Grad): where each of
// the grad op's slots comes from. The grad op's definition, its maker and its
// docs are derived from this one statement.
struct GradSlot {
  enum Source {
    kForwardInput,   // the forward input of that name, read as is
    kForwardOutput,  // the forward output of that name, read as is
    kOutputGrad,     // "<forward output>@GRAD": the loss's gradient w.r.t. it
    kInputGrad,      // "<forward input>@GRAD": computed by the grad op
  };
  Source source;
  std::string forward_slot;
};

struct GradSpec {
  std::string type;  // the grad op
  std::vector<GradSlot> inputs, outputs;  // in the grad op's slot order
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
  // Set when the gradient is declared on this (forward) op.
  std::unique_ptr<GradSpec> grad;
  // For a declared grad op without its own shape rule: (output, input) slot
  // pairs, X@GRAD taking the shape of the input that reads X.
  std::vector<std::pair<int, int>> grad_shape_from;

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
  // Throws InvalidArgument when `value` (already of a's type) fails a's constraints.
  void CheckAttrValue(const AttrDef& a, const Attribute& value) const;
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
  // A kernel for `type`, defined now or later (kernels in other files).
  void AddKernel(const std::string& type, KernelKey key, KernelFn fn);
  // Op types that kernels were added for but that no definition registered.
  std::vector<std::string> OrphanKernelTypes() const;

 private:
  std::map<std::string, OpDef> defs_;
  std::map<std::string, std::map<KernelKey, KernelFn>> pending_kernels_;
};

// Fluent builder used by PD_REGISTER_OP; the OpRegistrar it converts to
// registers the finished definition (and its gradient's). Slots and
// attributes are declared with the index constant the kernels read them by;
// an index out of declaration order is a Fatal error at registration.
class OpDefBuilder {
 public:
  explicit OpDefBuilder(const char* type);
  OpDefBuilder(const OpDefBuilder&) = delete;
  ~OpDefBuilder();

  // The op's docs; after Grad(), the grad op's (else they are generated).
  OpDefBuilder& Doc(const char* en, const char* zh);
  OpDefBuilder& Input(int index, const char* name, const char* en, const char* zh);
  OpDefBuilder& Output(int index, const char* name, const char* en, const char* zh);
  // Flags for the last input/output declared.
  OpDefBuilder& Duplicable();
  OpDefBuilder& Dispensable();
  OpDefBuilder& Intermediate();
  OpDefBuilder& Extra();

  template <typename T>
  OpDefBuilder& Attr(int index, const char* name, T default_value, const char* en,
                     const char* zh) {
    AttrDef a;
    a.name = name;
    a.type = AttrTypeOf<T>::value;
    a.has_default = true;
    a.default_value = Attribute(std::move(default_value));
    a.en = en;
    a.zh = zh;
    return AddAttr(index, std::move(a));
  }
  OpDefBuilder& Attr(int index, const char* name, const char* default_value, const char* en,
                     const char* zh) {
    return Attr<std::string>(index, name, default_value, en, zh);
  }
  // An attribute the desc must set (no default).
  template <typename T>
  OpDefBuilder& RequiredAttr(int index, const char* name, const char* en, const char* zh) {
    AttrDef a;
    a.name = name;
    a.type = AttrTypeOf<T>::value;
    a.en = en;
    a.zh = zh;
    return AddAttr(index, std::move(a));
  }
  // Constraints on the last attribute declared.
  OpDefBuilder& AtLeast(double lo);
  OpDefBuilder& InRange(double lo, double hi);
  OpDefBuilder& OneOf(std::vector<std::string> values);
  OpDefBuilder& ExtraAttr();
  OpDefBuilder& UnlistedAttr();

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
  // Runs a function that adds parts shared by several ops.
  OpDefBuilder& Apply(void (*add)(OpDefBuilder&)) {
    add(*this);
    return *this;
  }

  // Declares the gradient op `grad_type` on this forward op; the calls after
  // it build the grad op. Its slots say where they come from, with their
  // index constants; its attributes are the forward's; its docs, grad maker
  // and (when every X@GRAD has a Reads(X)) shape rule are derived.
  //   .Grad("mul_grad").Reads(kGX, "X").Reads(kGY, "Y").OutputGrad(kGOut, "Out")
  //       .InputGrad(kGDX, "X").InputGrad(kGDY, "Y")
  OpDefBuilder& Grad(const std::string& grad_type);
  // The same, named "<type>_grad".
  OpDefBuilder& Grad() { return Grad(def_.type + "_grad"); }
  // Grad input: the forward input or output named `forward_slot`, as is.
  OpDefBuilder& Reads(int index, const char* forward_slot);
  // Grad input "<forward_output>@GRAD".
  OpDefBuilder& OutputGrad(int index, const char* forward_output);
  // Grad output "<forward_input>@GRAD", absent when that input needs no gradient.
  OpDefBuilder& InputGrad(int index, const char* forward_input);

 private:
  friend struct OpRegistrar;
  OpDef& Cur() { return grad_ ? *grad_ : def_; }
  OpDefBuilder& AddAttr(int index, AttrDef a);
  void AddGradSlot(int index, GradSlot slot, bool is_input);
  ArgDef& LastArg();
  AttrDef& LastAttr();
  // Fills the grad op from the forward (attributes, docs, shape rule).
  void FinishGrad();
  OpDef def_;
  std::unique_ptr<OpDef> grad_;
  bool last_was_input_ = true;
};

// Kernels added to an op defined in another file (GPU kernels in their own
// files); the op may be registered before or after.
void AddKernel(const std::string& type, KernelKey key, KernelFn fn);
template <typename T>
struct TypeTag {
  using type = T;
};
template <typename... Ts, typename Getter>
bool AddKernels(const char* type, DeviceType device, Getter get) {
  (AddKernel(type, KernelKey{device, DataTypeOf<Ts>::value}, get(TypeTag<Ts>{})), ...);
  return true;
}

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
// PD_REGISTER_KERNEL(relu, GPU, ReluCudaKernel, float, double);  FN is a
// function template over the element type; one kernel per listed type.
#define PD_REGISTER_KERNEL(TYPE, DEVICE, FN, ...)                                           \
  static const bool PD_CONCAT(pd_kernel_##TYPE##_, __LINE__) =                              \
      ::paddle::AddKernels<__VA_ARGS__>(#TYPE, ::paddle::DeviceType::k##DEVICE, [](auto tag) { \
        return static_cast<::paddle::KernelFn>(&FN<typename decltype(tag)::type>);          \
      })
