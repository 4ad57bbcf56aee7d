// An eager-mode tensor: a DenseTensor plus what autograd needs to know about
// it (whether it wants a gradient, which grad node produced it, its
// accumulated gradient, its hooks). Always held by shared_ptr (TensorPtr).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/framework/variable.h"

namespace paddle {
namespace eager {

class GradNode;
class EagerTensor;
struct StaticVarRef;  // static_build.h
using TensorPtr = std::shared_ptr<EagerTensor>;
// Called with a tensor's gradient once it is complete; a non-null result replaces it.
using GradHook = std::function<TensorPtr(const TensorPtr&)>;
// Called once a backward pass has finished a leaf's .grad (every path summed),
// while the pass goes on: data-parallel training starts the gradient's
// all-reduce there, overlapping the rest of the backward.
using AccumulatedHook = std::function<void()>;

class EagerTensor {
 public:
  EagerTensor() { var_.GetMutable<DenseTensor>(); }
  explicit EagerTensor(DenseTensor t) { *var_.GetMutable<DenseTensor>() = std::move(t); }

  DenseTensor& dense() { return *var_.GetMutable<DenseTensor>(); }
  const DenseTensor& dense() const { return var_.Get<DenseTensor>(); }
  Variable* var() { return &var_; }

  // Named on first use ("generated_tensor_N"), so unnamed temporaries cost nothing.
  const std::string& name();
  void set_name(std::string name) { name_ = std::move(name); }
  bool persistable() const { return persistable_; }
  void set_persistable(bool p) { persistable_ = p; }

  // Autograd: a tensor takes part when stop_gradient is false.
  bool stop_gradient() const { return stop_gradient_; }
  void set_stop_gradient(bool s) { stop_gradient_ = s; }
  bool requires_grad() const { return !stop_gradient_; }
  // The node that computes this tensor's inputs' gradients from its own
  // (null for a leaf), and which of the node's forward outputs this is.
  const std::shared_ptr<GradNode>& grad_node() const { return grad_node_; }
  int out_slot() const { return out_slot_; }
  int out_index() const { return out_index_; }
  void SetGradNode(std::shared_ptr<GradNode> node, int slot, int index) {
    grad_node_ = std::move(node);
    out_slot_ = slot;
    out_index_ = index;
  }
  bool is_leaf() const { return grad_node_ == nullptr; }

  // The gradient accumulated by backward() (leaves, and non-leaves that retain it).
  // One cleared by ClearGradToZero is zero-filled here, at its first read.
  const TensorPtr& grad() const {
    if (grad_zero_pending_) MaterializeZeroGrad();
    return grad_;
  }
  void set_grad(TensorPtr g) {
    grad_ = std::move(g);
    grad_zero_pending_ = false;
  }
  // clear_grad(set_to_zero=True) without a pass over memory: .grad keeps its object and
  // reads as zeros, and the next backward writes its gradient into that object instead
  // of adding it to zeros (TakeGradIntoPendingZero).
  void ClearGradToZero() { grad_zero_pending_ = grad_ != nullptr; }
  bool grad_zero_pending() const { return grad_zero_pending_; }
  // The pending-zero .grad object takes g's buffer (g must own it), as if g were added to zeros.
  void TakeGradIntoPendingZero(const DenseTensor& g);
  // Hooks on a leaf run before its gradient is accumulated; a non-leaf's
  // hooks live on its grad node (GradNode::AddHook).
  std::vector<GradHook>& leaf_hooks() { return leaf_hooks_; }
  std::vector<AccumulatedHook>& accumulated_hooks() { return accumulated_hooks_; }

  // Counts in-place writes, so a saved input changed after its use is caught.
  uint64_t version() const { return version_; }
  void BumpVersion() { ++version_; }

  // Set for a symbolic tensor (static mode): the program variable it names.
  // Such a tensor holds no data; its shape, dtype and flags are the VarDesc's.
  const std::shared_ptr<StaticVarRef>& static_var() const { return static_var_; }
  void set_static_var(std::shared_ptr<StaticVarRef> ref) { static_var_ = std::move(ref); }

  // The Python object wrapping this tensor, if one is alive (not owned; set
  // and cleared by the bindings), so one tensor is always one Python object.
  void* py_object() const { return py_object_; }
  void set_py_object(void* obj) { py_object_ = obj; }

 private:
  Variable var_;
  std::string name_;
  bool persistable_ = false;
  bool stop_gradient_ = true;
  std::shared_ptr<GradNode> grad_node_;
  int out_slot_ = 0, out_index_ = 0;
  TensorPtr grad_;
  mutable bool grad_zero_pending_ = false;
  void MaterializeZeroGrad() const;
  std::vector<GradHook> leaf_hooks_;
  std::vector<AccumulatedHook> accumulated_hooks_;
  uint64_t version_ = 0;
  std::shared_ptr<StaticVarRef> static_var_;
  void* py_object_ = nullptr;
};

// A new tensor holding `t` (shared buffer, no copy).
inline TensorPtr MakeTensor(DenseTensor t) { return std::make_shared<EagerTensor>(std::move(t)); }

}  // namespace eager
}  // namespace paddle
