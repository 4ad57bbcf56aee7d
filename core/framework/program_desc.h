// Typed views over the model-format descs. Each wrapper points into the one
// proto::ProgramDesc that its ProgramDesc owns, so reads and writes go straight
// to the message: fields we do not model (and unknown fields) are kept, and a
// loaded program serializes back byte for byte.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/framework/attribute.h"
#include "core/framework/data_type.h"
#include "core/framework/framework.pb.h"

namespace paddle {

namespace proto = framework::proto;
using VarKind = proto::VarType::Type;

class VarDesc {
 public:
  explicit VarDesc(proto::VarDesc* desc) : desc_(desc) {}

  const std::string& Name() const { return desc_->name(); }
  VarKind Kind() const { return desc_->type().type(); }  // LOD_TENSOR, FEED_MINIBATCH, ...
  void SetKind(VarKind kind);
  bool IsTensor() const { return Kind() == proto::VarType::LOD_TENSOR; }

  // Element type and shape of a tensor variable (LOD_TENSOR, SELECTED_ROWS, LOD_TENSOR_ARRAY).
  // Throws InvalidArgument for other kinds.
  DataType GetDataType() const;
  void SetDataType(DataType dtype);
  std::vector<int64_t> GetShape() const;
  void SetShape(const std::vector<int64_t>& dims);
  int32_t GetLoDLevel() const;
  void SetLoDLevel(int32_t level);

  bool Persistable() const { return desc_->persistable(); }
  void SetPersistable(bool p) { desc_->set_persistable(p); }
  bool StopGradient() const { return desc_->stop_gradient(); }
  void SetStopGradient(bool s) { desc_->set_stop_gradient(s); }
  bool IsParameter() const { return desc_->is_parameter(); }
  void SetIsParameter(bool p) { desc_->set_is_parameter(p); }
  bool NeedCheckFeed() const { return desc_->need_check_feed(); }
  void SetNeedCheckFeed(bool n) { desc_->set_need_check_feed(n); }

  proto::VarDesc* Proto() { return desc_; }
  const proto::VarDesc& Proto() const { return *desc_; }

 private:
  const proto::VarType::TensorDesc& TensorDescOrThrow() const;
  proto::VarType::TensorDesc* MutableTensorDesc();
  proto::VarDesc* desc_;
};

class OpDesc {
 public:
  explicit OpDesc(proto::OpDesc* desc) : desc_(desc) {}

  const std::string& Type() const { return desc_->type(); }
  void SetType(const std::string& type) { desc_->set_type(type); }

  // Slot names in file order, and the variables bound to one slot
  // (empty if the slot is absent).
  std::vector<std::string> InputSlots() const;
  std::vector<std::string> OutputSlots() const;
  std::vector<std::string> Input(const std::string& slot) const;
  std::vector<std::string> Output(const std::string& slot) const;
  bool HasInput(const std::string& slot) const;
  bool HasOutput(const std::string& slot) const;
  void SetInput(const std::string& slot, const std::vector<std::string>& args);
  void SetOutput(const std::string& slot, const std::vector<std::string>& args);
  // Every variable read or written, in slot order (duplicates kept).
  std::vector<std::string> InputArgumentNames() const;
  std::vector<std::string> OutputArgumentNames() const;

  bool HasAttr(const std::string& name) const;
  std::vector<std::string> AttrNames() const;
  // Throws NotFound when absent; Unimplemented for VAR kinds.
  Attribute GetAttr(const std::string& name) const;
  void SetAttr(const std::string& name, const Attribute& value);
  // Typed attributes of the desc, skipping the kinds with no typed form.
  AttributeMap GetAttrMap() const;

  proto::OpDesc* Proto() { return desc_; }
  const proto::OpDesc& Proto() const { return *desc_; }

 private:
  const proto::OpDesc::Attr* FindAttr(const std::string& name) const;
  proto::OpDesc* desc_;
};

class BlockDesc {
 public:
  explicit BlockDesc(proto::BlockDesc* desc);

  int32_t Index() const { return desc_->idx(); }
  int32_t ParentIndex() const { return desc_->parent_idx(); }

  size_t VarCount() const { return vars_.size(); }
  VarDesc* Var(size_t i) { return vars_[i].get(); }
  const VarDesc* Var(size_t i) const { return vars_[i].get(); }
  // By name; nullptr if absent.
  VarDesc* FindVar(const std::string& name);
  const VarDesc* FindVar(const std::string& name) const;
  // Appends a new LOD_TENSOR variable (or returns the existing one).
  VarDesc* AddVar(const std::string& name);
  // Removes the variable (false if absent). Other wrappers stay valid.
  bool RemoveVar(const std::string& name);

  size_t OpCount() const { return ops_.size(); }
  OpDesc* Op(size_t i) { return ops_[i].get(); }
  const OpDesc* Op(size_t i) const { return ops_[i].get(); }
  OpDesc* AppendOp();
  // Removes ops [begin, end). Wrappers of the other ops stay valid (graph passes).
  void RemoveOps(size_t begin, size_t end);

  proto::BlockDesc* Proto() { return desc_; }
  const proto::BlockDesc& Proto() const { return *desc_; }

 private:
  proto::BlockDesc* desc_;
  std::vector<std::unique_ptr<VarDesc>> vars_;
  // FindVar's index (variable names are set only by AddVar and never change).
  std::unordered_map<std::string, VarDesc*> by_name_;
  std::vector<std::unique_ptr<OpDesc>> ops_;
};

class ProgramDesc {
 public:
  // An empty program with one root block, stamped with kProgramVersion.
  ProgramDesc();
  // Takes the parsed message as is (nothing is validated here; see model_io).
  explicit ProgramDesc(proto::ProgramDesc proto);
  ProgramDesc(const ProgramDesc& other);
  ProgramDesc& operator=(const ProgramDesc& other);

  // Parse serialized bytes; throws InvalidModel naming `source` if they do not parse.
  static ProgramDesc Parse(const std::string& bytes, const std::string& source = "<bytes>");
  std::string Serialize() const;

  size_t BlockCount() const { return blocks_.size(); }
  BlockDesc* Block(size_t i);
  const BlockDesc* Block(size_t i) const;
  BlockDesc* AppendBlock(int32_t parent_idx);

  int64_t Version() const { return proto_.version().version(); }
  void SetVersion(int64_t v) { proto_.mutable_version()->set_version(v); }

  const proto::ProgramDesc& Proto() const { return proto_; }

 private:
  void Wrap();
  proto::ProgramDesc proto_;
  std::vector<std::unique_ptr<BlockDesc>> blocks_;
};

// The model-format version we write, and the newest we read: PaddlePaddle 3.3.1.
constexpr int64_t kProgramVersion = 3003001;

}  // namespace paddle
