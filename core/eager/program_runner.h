// Runs block 0 of an inference program op by op in eager mode (the layers
// paddle.jit.load returns): every op goes through RunOp, so gradients flow
// back to the parameters and inputs as through any eager code.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/eager/grad_node.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace eager {

class ProgramRunner {
 public:
  // Resolves each op's definition and checks its attributes once; throws
  // InvalidModel naming the op for an unknown op or a bad attribute.
  explicit ProgramRunner(ProgramDesc program);

  // In feed / fetch `col` order.
  const std::vector<std::string>& feed_names() const { return feeds_; }
  const std::vector<std::string>& fetch_names() const { return fetches_; }
  // The persistable tensor variables: what `params` must hold.
  const std::vector<std::string>& param_names() const { return params_; }

  std::vector<TensorPtr> Run(const std::vector<TensorPtr>& feeds,
                             const std::map<std::string, TensorPtr>& params) const;

 private:
  struct Step {
    const OpDef* def;
    std::vector<Attribute> attrs;
    std::vector<std::vector<std::string>> ins, outs;  // per slot of def
  };
  ProgramDesc program_;
  std::vector<Step> steps_;
  std::vector<std::string> feeds_, fetches_, params_;
};

}  // namespace eager
}  // namespace paddle
