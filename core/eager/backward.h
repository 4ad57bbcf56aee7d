// The backward engine: walks the grad nodes reachable from the roots in
// dependency order (a node runs once every node that feeds it has), summing
// the gradients that meet at a tensor.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/eager/eager_tensor.h"

namespace paddle {
namespace eager {

// Tensor.backward(): the gradients of `roots` (`root_grads[i]`, or ones where
// null or absent) flow back and accumulate into the grad of every leaf that
// wants one. Roots that want no gradient contribute nothing.
void Backward(const std::vector<TensorPtr>& roots, const std::vector<TensorPtr>& root_grads,
              bool retain_graph);

// Runs `fn` once when the Backward pass running on this thread ends (after
// every leaf's .grad and hooks), e.g. to wait for communication a hook
// started. Only valid inside a pass (from a hook); throws otherwise. A pass
// that fails drops its callbacks.
void QueueBackwardCallback(std::function<void()> fn);
// Which Backward pass is running on this thread (0 outside one): a hook can
// tell a new pass from the one it saw before, even if that one failed.
uint64_t BackwardPassId();

struct GradOptions {
  bool retain_graph = false;
  bool create_graph = false;  // record the grad ops, for higher-order gradients
  bool allow_unused = false;  // an input the outputs do not depend on gets null, not an error
};

// paddle.grad(): the gradients of `outputs` with respect to `inputs`
// (leaves or not), returned instead of accumulated; nothing reaches any
// tensor's grad. No gradient flows through `no_grad_vars`.
std::vector<TensorPtr> Grad(const std::vector<TensorPtr>& outputs,
                            const std::vector<TensorPtr>& inputs,
                            const std::vector<TensorPtr>& grad_outputs,
                            const std::vector<TensorPtr>& no_grad_vars, const GradOptions& opts);

}  // namespace eager
}  // namespace paddle
