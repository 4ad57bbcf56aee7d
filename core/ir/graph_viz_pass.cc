// graph_viz_pass: writes a Graphviz picture of the block to `path` and changes
// nothing. Ops are boxes, variables ellipses (persistables filled grey), and
// edges follow the data: var -> op for inputs, op -> var for outputs.
// Render with `dot -Tsvg path -o graph.svg`.
#include <fstream>
#include <map>
#include <sstream>

#include "core/base/enforce.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class GraphVizPass : public Pass {
 public:
  explicit GraphVizPass(std::string path) : path_(std::move(path)) {}

  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    std::ostringstream os;
    os << "digraph block" << block->Index() << " {\n  rankdir=TB;\n";
    std::map<std::string, std::string> var_ids;  // every var an op touches, declared or not
    auto var_id = [&](const std::string& name) {
      auto it = var_ids.find(name);
      if (it != var_ids.end()) return it->second;
      std::string id = "v" + std::to_string(var_ids.size());
      var_ids.emplace(name, id);
      const VarDesc* v = block->FindVar(name);
      bool persist = v && v->Persistable();
      os << "  " << id << " [label=" << Quote(name) << ", shape=ellipse"
         << (persist ? ", style=filled, fillcolor=lightgrey" : "")
         << (ctx.keep_vars.count(name) ? ", peripheries=2" : "") << "];\n";
      return id;
    };
    for (size_t i = 0; i < block->OpCount(); ++i) {
      const OpDesc& op = *block->Op(i);
      const std::string op_id = "op" + std::to_string(i);
      os << "  " << op_id << " [label=" << Quote(op.Type()) << ", shape=box];\n";
      for (const auto& slot : op.InputSlots())
        for (const auto& v : op.Input(slot)) {
          const std::string id = var_id(v);  // declares the node first
          os << "  " << id << " -> " << op_id << " [label=" << Quote(slot) << "];\n";
        }
      for (const auto& slot : op.OutputSlots())
        for (const auto& v : op.Output(slot)) {
          const std::string id = var_id(v);
          os << "  " << op_id << " -> " << id << " [label=" << Quote(slot) << "];\n";
        }
    }
    os << "}\n";
    std::ofstream f(path_, std::ios::binary | std::ios::trunc);
    PD_CHECK(f.good(), InvalidArgument, "[graph_viz_pass] cannot open '", path_, "' for writing");
    f << os.str();
    f.close();
    PD_CHECK(f.good(), InvalidArgument, "[graph_viz_pass] failed writing '", path_, "'");
  }

 private:
  std::string path_;
};

}  // namespace

std::unique_ptr<Pass> MakeGraphVizPass(const PassOptions& options) {
  auto it = options.find("path");
  PD_CHECK(it != options.end() && !it->second.empty(), InvalidArgument,
           "[graph_viz_pass] needs a path option: graph_viz_pass(path=/tmp/graph.dot)");
  return std::make_unique<GraphVizPass>(it->second);
}

}  // namespace ir
}  // namespace paddle
