#include "core/ir/block_text.h"

#include <set>
#include <sstream>

namespace paddle {
namespace ir {

namespace {

// Attributes PaddlePaddle stamps on every op for its own bookkeeping.
const std::set<std::string>& BookkeepingAttrs() {
  static const std::set<std::string> names = {"op_role",      "op_role_var",   "op_namescope",
                                              "op_device",    "op_callstack", "with_quant_attr"};
  return names;
}

void PrintSlots(std::ostream& os, const OpDesc& op, bool inputs) {
  bool first = true;
  for (const auto& slot : inputs ? op.InputSlots() : op.OutputSlots()) {
    os << (first ? "" : ", ") << slot << "=[";
    first = false;
    bool first_var = true;
    for (const auto& v : inputs ? op.Input(slot) : op.Output(slot)) {
      os << (first_var ? "" : ", ") << v;
      first_var = false;
    }
    os << "]";
  }
}

}  // namespace

std::string VarToText(const VarDesc& var) {
  std::ostringstream os;
  os << (var.Persistable() ? "persist var " : "var ") << var.Name() << " : ";
  const auto kind = var.Kind();
  if (kind == proto::VarType::LOD_TENSOR || kind == proto::VarType::SELECTED_ROWS ||
      kind == proto::VarType::LOD_TENSOR_ARRAY) {
    if (kind != proto::VarType::LOD_TENSOR) os << proto::VarType::Type_Name(kind) << " ";
    os << DataTypeName(var.GetDataType()) << "[";
    const auto shape = var.GetShape();
    for (size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
    os << "]";
  } else {
    os << proto::VarType::Type_Name(kind);
  }
  return os.str();
}

std::string OpToText(const OpDesc& op) {
  std::ostringstream os;
  PrintSlots(os, op, false);
  os << " = " << op.Type() << "(";
  PrintSlots(os, op, true);
  os << ")";
  const AttributeMap attrs = op.GetAttrMap();  // sorted by name
  bool first = true;
  for (const auto& kv : attrs) {
    if (BookkeepingAttrs().count(kv.first)) continue;
    os << (first ? " {" : ", ") << kv.first << "=" << AttrToString(kv.second);
    first = false;
  }
  if (!first) os << "}";
  return os.str();
}

std::string BlockToText(const BlockDesc& block) {
  std::ostringstream os;
  for (size_t i = 0; i < block.VarCount(); ++i) os << VarToText(*block.Var(i)) << "\n";
  for (size_t i = 0; i < block.OpCount(); ++i) os << OpToText(*block.Op(i)) << "\n";
  return os.str();
}

}  // namespace ir
}  // namespace paddle
