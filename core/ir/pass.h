// Graph passes over a ProgramDesc block, LLVM pass-manager style: a pass is a
// small class with one Run method; every pass is one line of the table in
// pass_registry.cc, which also feeds the pipeline parser and `PassTable()`
// (the docs). How to add a pass: core/ir/README.md.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/program_desc.h"
#include "core/framework/scope.h"

namespace paddle {
namespace ir {

// What a pass knows besides the block.
struct PassContext {
  // Variables read or written from outside the program (the predictor's inputs
  // and outputs, fetch targets): no pass removes them or stops writing them.
  std::set<std::string> keep_vars;
  // Where the program's parameters live (the predictor's loaded weights), for
  // passes that rewrite weights (conv_bn_fuse_pass); such a pass does nothing
  // when it is null. A pass may add persistable variables here and erase the
  // ones no op reads any more.
  Scope* scope = nullptr;
};

// A pass rewrites `block` (an op sequence of `program`) in place. A pass that
// finds nothing to do must leave the program unchanged, byte for byte.
class Pass {
 public:
  virtual ~Pass() = default;
  virtual void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const = 0;
};

// Per-pass options, from `name(key=value, ...)` in a pipeline string.
using PassOptions = std::map<std::string, std::string>;
using PassFactory = std::unique_ptr<Pass> (*)(const PassOptions& options);

struct PassInfo {
  const char* name;
  const char* description;  // one line, for `PassTable()` readers and docs
  // The options the pass accepts ("path: where the .dot file goes").
  std::vector<std::pair<const char*, const char*>> options;
  PassFactory make;
};

// The registered passes, in table order.
const std::vector<PassInfo>& PassTable();
// Throws NotFound listing the registered passes.
const PassInfo& FindPass(const std::string& name);
// Makes the named pass; throws InvalidArgument naming the pass on an option it
// does not accept or a bad value.
std::unique_ptr<Pass> MakePass(const std::string& name, const PassOptions& options = {});

// An ordered list of passes, run over block 0 of a program.
class PassPipeline {
 public:
  void Append(const std::string& name, const PassOptions& options = {});
  // Removes every occurrence; returns how many there were.
  size_t Remove(const std::string& name);
  std::vector<std::string> Names() const;
  bool empty() const { return passes_.empty(); }
  // Runs each pass in turn; an error names the pass that raised it.
  void Run(ProgramDesc* program, const PassContext& ctx = {}) const;

 private:
  std::vector<std::pair<std::string, std::unique_ptr<Pass>>> passes_;
};

// "fc_fuse_pass,graph_viz_pass(path=/tmp/g.dot)" -> those passes, in order.
// Names are trimmed; an option value runs to the next ',' or ')'. "" is the
// empty pipeline. Throws NotFound for an unknown pass (listing the registered
// ones) and InvalidArgument for bad syntax or options.
PassPipeline ParsePassPipeline(const std::string& text);

// The passes the predictor runs on CPU when Config::ir_optim() is on, in order.
std::vector<std::string> InferencePassNames();
// Those passes, less any named in `deleted` (names not in the list are ignored).
PassPipeline InferencePasses(const std::vector<std::string>& deleted = {});

}  // namespace ir
}  // namespace paddle
