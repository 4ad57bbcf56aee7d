// graph_viz_pass: writes a Graphviz picture of the block to `path` and changes
// nothing. Ops are boxes, variables ellipses (persistables filled grey), and
// edges follow the data: var -> op for inputs, op -> var for outputs.
// When Graphviz's `dot` is on PATH it also renders `<path>.svg`
// (`dot -Tsvg`); without `dot` only the .dot file is written, and a `dot` that
// fails is an error naming the file.
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "core/base/enforce.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// The `dot` program on PATH, or "" when there is none.
std::string FindDot() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string exe = (dir.empty() ? "." : dir) + "/dot";
    if (access(exe.c_str(), X_OK) == 0) return exe;
  }
  return "";
}

// `s` as one word for /bin/sh.
std::string ShellWord(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

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
    const std::string dot = FindDot();
    if (dot.empty()) return;
    const std::string svg = path_ + ".svg";
    const std::string cmd = ShellWord(dot) + " -Tsvg " + ShellWord(path_) + " -o " +
                            ShellWord(svg);
    const int status = std::system(cmd.c_str());
    PD_CHECK(status == 0, InvalidArgument, "[graph_viz_pass] '", dot, " -Tsvg' failed (status ",
             status, ") rendering '", path_, "' to '", svg, "'");
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
