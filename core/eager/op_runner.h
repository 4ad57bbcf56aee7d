// Runs one op eagerly: the same registered kernel the executor runs, on
// tensors instead of scope variables, and (when grad mode is on and an input
// wants a gradient) a node on the autograd tape.
#pragma once

#include <vector>

#include "core/eager/grad_node.h"

namespace paddle {
namespace eager {

// Grad mode (thread-local): off inside paddle.no_grad() and while backward
// runs the grad ops without create_graph.
bool GradEnabled();
void SetGradEnabled(bool on);
class GradModeGuard {
 public:
  explicit GradModeGuard(bool on) : prev_(GradEnabled()) { SetGradEnabled(on); }
  ~GradModeGuard() { SetGradEnabled(prev_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool prev_;
};

// Runs `def` with `attrs` (checked, in declaration order) on `ins`. `outs`
// comes sized per output slot: a null entry is made into a new tensor, a
// given one is written in place (its version bumped: optimizer ops update
// their parameters so). Throws the kernel's typed errors.
void RunOp(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
           TensorSlots& outs);

// An in-place result (x += y, x[i] = v): `t` takes `src`'s buffer and its
// place in the graph, and its version is bumped. A trace records it as an
// assign from src to t.
void AssignInPlace(const TensorPtr& t, const TensorPtr& src);

// For each output slot of `def`: one new tensor (an empty slot for a
// dispensable output nobody asked for is the caller's choice).
TensorSlots NewOutputs(const OpDef& def);

// Runs the op named `type` with attributes given by name (unnamed ones take
// their defaults) on `ins` (trailing absent slots may be left out), one new
// tensor per output slot. For C++ callers and the autograd engine; not the
// per-call Python path.
TensorSlots RunOpByName(const std::string& type, const AttributeMap& attrs, TensorSlots ins);

}  // namespace eager
}  // namespace paddle
