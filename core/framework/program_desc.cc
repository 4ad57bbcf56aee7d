#include "core/framework/program_desc.h"

#include "core/base/enforce.h"

namespace paddle {

// ---- VarDesc ----

void VarDesc::SetKind(VarKind kind) { desc_->mutable_type()->set_type(kind); }

const proto::VarType::TensorDesc& VarDesc::TensorDescOrThrow() const {
  const auto& t = desc_->type();
  switch (t.type()) {
    case proto::VarType::LOD_TENSOR: return t.lod_tensor().tensor();
    case proto::VarType::SELECTED_ROWS: return t.selected_rows();
    case proto::VarType::LOD_TENSOR_ARRAY: return t.tensor_array().tensor();
    default: break;
  }
  PD_THROW(InvalidArgument, "[VarDesc] variable '", Name(), "' of kind ",
           proto::VarType::Type_Name(t.type()), " has no element type or shape");
}

proto::VarType::TensorDesc* VarDesc::MutableTensorDesc() {
  auto* t = desc_->mutable_type();
  switch (t->type()) {
    case proto::VarType::LOD_TENSOR: return t->mutable_lod_tensor()->mutable_tensor();
    case proto::VarType::SELECTED_ROWS: return t->mutable_selected_rows();
    case proto::VarType::LOD_TENSOR_ARRAY: return t->mutable_tensor_array()->mutable_tensor();
    default: break;
  }
  PD_THROW(InvalidArgument, "[VarDesc] variable '", Name(), "' of kind ",
           proto::VarType::Type_Name(t->type()), " has no element type or shape");
}

DataType VarDesc::GetDataType() const {
  return DataTypeFromCode(TensorDescOrThrow().data_type(), "VarDesc " + Name());
}

void VarDesc::SetDataType(DataType dtype) {
  MutableTensorDesc()->set_data_type(static_cast<proto::VarType::Type>(dtype));
}

std::vector<int64_t> VarDesc::GetShape() const {
  const auto& dims = TensorDescOrThrow().dims();
  return std::vector<int64_t>(dims.begin(), dims.end());
}

void VarDesc::SetShape(const std::vector<int64_t>& dims) {
  auto* t = MutableTensorDesc();
  t->clear_dims();
  for (int64_t d : dims) t->add_dims(d);
}

int32_t VarDesc::GetLoDLevel() const {
  const auto& t = desc_->type();
  if (t.type() == proto::VarType::LOD_TENSOR) return t.lod_tensor().lod_level();
  if (t.type() == proto::VarType::LOD_TENSOR_ARRAY) return t.tensor_array().lod_level();
  return 0;
}

void VarDesc::SetLoDLevel(int32_t level) {
  auto* t = desc_->mutable_type();
  if (t->type() == proto::VarType::LOD_TENSOR) t->mutable_lod_tensor()->set_lod_level(level);
  else if (t->type() == proto::VarType::LOD_TENSOR_ARRAY)
    t->mutable_tensor_array()->set_lod_level(level);
  else
    PD_THROW(InvalidArgument, "[VarDesc] variable '", Name(), "' cannot have a LoD level");
}

// ---- OpDesc ----

namespace {
using VarList = google::protobuf::RepeatedPtrField<proto::OpDesc::Var>;

std::vector<std::string> Slots(const VarList& vars) {
  std::vector<std::string> out;
  for (const auto& v : vars) out.push_back(v.parameter());
  return out;
}

const proto::OpDesc::Var* FindSlot(const VarList& vars, const std::string& slot) {
  for (const auto& v : vars)
    if (v.parameter() == slot) return &v;
  return nullptr;
}

std::vector<std::string> Args(const VarList& vars, const std::string& slot) {
  const auto* v = FindSlot(vars, slot);
  if (!v) return {};
  return std::vector<std::string>(v->arguments().begin(), v->arguments().end());
}

void SetSlot(VarList* vars, const std::string& slot, const std::vector<std::string>& args) {
  proto::OpDesc::Var* target = nullptr;
  for (auto& v : *vars)
    if (v.parameter() == slot) target = &v;
  if (!target) {
    target = vars->Add();
    target->set_parameter(slot);
  }
  target->clear_arguments();
  for (const auto& a : args) target->add_arguments(a);
}

std::vector<std::string> AllArgs(const VarList& vars) {
  std::vector<std::string> out;
  for (const auto& v : vars)
    for (const auto& a : v.arguments()) out.push_back(a);
  return out;
}
}  // namespace

std::vector<std::string> OpDesc::InputSlots() const { return Slots(desc_->inputs()); }
std::vector<std::string> OpDesc::OutputSlots() const { return Slots(desc_->outputs()); }
std::vector<std::string> OpDesc::Input(const std::string& s) const { return Args(desc_->inputs(), s); }
std::vector<std::string> OpDesc::Output(const std::string& s) const { return Args(desc_->outputs(), s); }
bool OpDesc::HasInput(const std::string& s) const { return FindSlot(desc_->inputs(), s); }
bool OpDesc::HasOutput(const std::string& s) const { return FindSlot(desc_->outputs(), s); }
void OpDesc::SetInput(const std::string& s, const std::vector<std::string>& args) {
  SetSlot(desc_->mutable_inputs(), s, args);
}
void OpDesc::SetOutput(const std::string& s, const std::vector<std::string>& args) {
  SetSlot(desc_->mutable_outputs(), s, args);
}
std::vector<std::string> OpDesc::InputArgumentNames() const { return AllArgs(desc_->inputs()); }
std::vector<std::string> OpDesc::OutputArgumentNames() const { return AllArgs(desc_->outputs()); }

const proto::OpDesc::Attr* OpDesc::FindAttr(const std::string& name) const {
  for (const auto& a : desc_->attrs())
    if (a.name() == name) return &a;
  return nullptr;
}

bool OpDesc::HasAttr(const std::string& name) const { return FindAttr(name) != nullptr; }

std::vector<std::string> OpDesc::AttrNames() const {
  std::vector<std::string> out;
  for (const auto& a : desc_->attrs()) out.push_back(a.name());
  return out;
}

Attribute OpDesc::GetAttr(const std::string& name) const {
  const auto* a = FindAttr(name);
  PD_CHECK(a, NotFound, "[", Type(), "] op has no attribute '", name, "'");
  return AttrFromProto(*a);
}

void OpDesc::SetAttr(const std::string& name, const Attribute& value) {
  for (auto& a : *desc_->mutable_attrs()) {
    if (a.name() == name) {
      AttrToProto(name, value, &a);
      return;
    }
  }
  AttrToProto(name, value, desc_->add_attrs());
}

AttributeMap OpDesc::GetAttrMap() const {
  AttributeMap out;
  for (const auto& a : desc_->attrs()) {
    switch (a.type()) {
      case proto::VAR:
      case proto::VARS: continue;
      default: out.emplace(a.name(), AttrFromProto(a));
    }
  }
  return out;
}

// ---- BlockDesc ----

BlockDesc::BlockDesc(proto::BlockDesc* desc) : desc_(desc) {
  for (auto& v : *desc_->mutable_vars()) {
    vars_.push_back(std::make_unique<VarDesc>(&v));
    by_name_.emplace(v.name(), vars_.back().get());  // the first of a repeated name wins
  }
  for (auto& o : *desc_->mutable_ops()) ops_.push_back(std::make_unique<OpDesc>(&o));
}

VarDesc* BlockDesc::FindVar(const std::string& name) {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

const VarDesc* BlockDesc::FindVar(const std::string& name) const {
  return const_cast<BlockDesc*>(this)->FindVar(name);
}

VarDesc* BlockDesc::AddVar(const std::string& name) {
  if (VarDesc* v = FindVar(name)) return v;
  auto* p = desc_->add_vars();
  p->set_name(name);
  auto* t = p->mutable_type();
  t->set_type(proto::VarType::LOD_TENSOR);
  t->mutable_lod_tensor()->mutable_tensor()->set_data_type(proto::VarType::FP32);
  vars_.push_back(std::make_unique<VarDesc>(p));
  by_name_.emplace(name, vars_.back().get());
  return vars_.back().get();
}

OpDesc* BlockDesc::AppendOp() {
  ops_.push_back(std::make_unique<OpDesc>(desc_->add_ops()));
  return ops_.back().get();
}

// A repeated message field owns its elements through pointers, so erasing some
// leaves the others (and the wrappers pointing at them) where they are.
bool BlockDesc::RemoveVar(const std::string& name) {
  for (size_t i = 0; i < vars_.size(); ++i) {
    if (vars_[i]->Name() != name) continue;
    if (by_name_[name] == vars_[i].get()) by_name_.erase(name);
    desc_->mutable_vars()->DeleteSubrange(static_cast<int>(i), 1);
    vars_.erase(vars_.begin() + static_cast<std::ptrdiff_t>(i));
    // A repeated name (a corrupt model) is found again at its next declaration.
    for (auto& v : vars_)
      if (v->Name() == name) {
        by_name_.emplace(name, v.get());
        break;
      }
    return true;
  }
  return false;
}

void BlockDesc::RemoveOps(size_t begin, size_t end) {
  PD_CHECK(begin <= end && end <= ops_.size(), OutOfRange, "[BlockDesc] cannot remove ops [",
           begin, ", ", end, ") of a block of ", ops_.size());
  if (begin == end) return;
  desc_->mutable_ops()->DeleteSubrange(static_cast<int>(begin), static_cast<int>(end - begin));
  ops_.erase(ops_.begin() + static_cast<std::ptrdiff_t>(begin),
             ops_.begin() + static_cast<std::ptrdiff_t>(end));
}

// ---- ProgramDesc ----

ProgramDesc::ProgramDesc() {
  auto* b = proto_.add_blocks();
  b->set_idx(0);
  b->set_parent_idx(-1);
  proto_.mutable_version()->set_version(kProgramVersion);
  Wrap();
}

ProgramDesc::ProgramDesc(proto::ProgramDesc proto) : proto_(std::move(proto)) { Wrap(); }

ProgramDesc::ProgramDesc(const ProgramDesc& other) : proto_(other.proto_) { Wrap(); }

ProgramDesc& ProgramDesc::operator=(const ProgramDesc& other) {
  if (this != &other) {
    proto_ = other.proto_;
    Wrap();
  }
  return *this;
}

void ProgramDesc::Wrap() {
  blocks_.clear();
  for (auto& b : *proto_.mutable_blocks()) blocks_.push_back(std::make_unique<BlockDesc>(&b));
}

ProgramDesc ProgramDesc::Parse(const std::string& bytes, const std::string& source) {
  proto::ProgramDesc p;
  PD_CHECK(p.ParseFromString(bytes), InvalidModel, "[ProgramDesc] ", source,
           ": not a valid serialized ProgramDesc (", bytes.size(), " bytes)");
  return ProgramDesc(std::move(p));
}

std::string ProgramDesc::Serialize() const {
  std::string out;
  PD_CHECK(proto_.SerializeToString(&out), InvalidArgument,
           "[ProgramDesc] cannot serialize: a required field is unset (",
           proto_.InitializationErrorString(), ")");
  return out;
}

BlockDesc* ProgramDesc::Block(size_t i) {
  PD_CHECK(i < blocks_.size(), OutOfRange, "[ProgramDesc] block ", i, " of ", blocks_.size());
  return blocks_[i].get();
}

const BlockDesc* ProgramDesc::Block(size_t i) const {
  return const_cast<ProgramDesc*>(this)->Block(i);
}

BlockDesc* ProgramDesc::AppendBlock(int32_t parent_idx) {
  auto* b = proto_.add_blocks();
  b->set_idx(static_cast<int32_t>(blocks_.size()));
  b->set_parent_idx(parent_idx);
  blocks_.push_back(std::make_unique<BlockDesc>(b));
  return blocks_.back().get();
}

}  // namespace paddle
