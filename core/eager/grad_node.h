// A node of the autograd tape: made when an op runs on a tensor that wants a
// gradient, it holds what the op's gradient definition reads (saved inputs and
// outputs) and the grad ops that turn the gradients of the op's outputs into
// those of its inputs. Edges point to the nodes (or leaf tensors) that receive
// the input gradients.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/eager/eager_tensor.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace eager {

// Tensors per slot, in the op definition's slot order; an absent slot is empty.
using TensorSlots = std::vector<std::vector<TensorPtr>>;

// A custom node's gradient rule (PyLayer's backward): from the gradients of
// the forward outputs (per output slot and index; null where none arrived) to
// those of the forward inputs (per input slot and index; null for none).
using CustomBackward = std::function<TensorSlots(TensorSlots out_grads)>;

// Where a forward input's gradient goes: the node that produced the input
// (and which of its outputs it was), or the leaf tensor that accumulates it.
struct Edge {
  std::shared_ptr<GradNode> node;
  int slot = 0, index = 0;
  TensorPtr leaf;
  bool valid() const { return node || leaf; }
};

// Where an argument of a grad op comes from, or where a result goes.
struct ValueRef {
  enum Kind : uint8_t {
    kSavedInput,   // saved_inputs_[a]
    kSavedOutput,  // saved_outputs_[a]
    kOutGrad,      // gradient of forward output (slot a, index b)
    kInGrad,       // gradient of forward input (slot a, index b)
    kTemp,         // temps[a]: made by one grad op, read by a later one
  };
  Kind kind;
  int a = 0, b = 0;
};

struct GradStep {
  const OpDef* def = nullptr;
  std::vector<Attribute> attrs;
  std::vector<std::vector<ValueRef>> ins, outs;  // per slot of def
};

class GradNode : public std::enable_shared_from_this<GradNode> {
 public:
  // Records the gradient of `def` run on `ins` with `attrs` giving `outs`.
  // Returns null when the op has no gradient. Throws for a gradient maker
  // that names something the forward op did not have.
  static std::shared_ptr<GradNode> Make(const OpDef& def, const std::vector<Attribute>& attrs,
                                        const TensorSlots& ins, const TensorSlots& outs);
  // A node for an op that has no gradient although its inputs want one (a
  // grad op run with create_graph whose own gradient is not defined): it
  // raises Unimplemented if a backward pass ever reaches it, so a higher-order
  // gradient is never silently taken as zero.
  static std::shared_ptr<GradNode> MakeUnavailable(const OpDef& def, const TensorSlots& ins,
                                                   const TensorSlots& outs);

  // A node whose gradient `fn` computes instead of registered grad ops: edges
  // from `ins`, output meta from `outs` (the caller points `outs` at the
  // node). `type` names it in errors. `fn` runs under the backward pass's
  // grad mode (on with create_graph) and is dropped once the graph is freed.
  static std::shared_ptr<GradNode> MakeCustom(std::string type, CustomBackward fn,
                                              const TensorSlots& ins, const TensorSlots& outs);

  const std::string& op_type() const { return fwd_ ? fwd_->type : custom_type_; }
  std::string name() const { return op_type() + "_grad_node"; }
  const std::vector<std::vector<Edge>>& edges() const { return edges_; }
  size_t OutputSlotCount() const { return out_meta_.size(); }
  size_t OutputCount(int slot) const { return out_meta_[slot].size(); }

  // Whether the grad ops read the gradient of forward output `slot`: outputs
  // they do not (batch_norm's MeanOut, reshape2's XShape) get no gradient.
  bool UsesOutputGrad(int slot) const;

  void AddHook(int slot, int index, GradHook hook) {
    hooks_.push_back({{slot, index}, std::move(hook)});
  }
  // Keeps the gradient of forward output (slot, index) in `t`'s grad.
  void RetainGrad(int slot, int index, const TensorPtr& t) {
    retained_.push_back({{slot, index}, t});
  }

  // Runs the grad ops on the gradients of the forward outputs (null entries
  // are taken as zeros) and returns those of the forward inputs (null where
  // no gradient flows). With create_graph the grad ops are themselves
  // recorded. Without retain_graph the saved tensors are released after.
  TensorSlots Apply(TensorSlots out_grads, bool create_graph, bool retain_graph);

 private:
  struct OutMeta {
    DDim dims;
    DataType dtype;
  };
  struct SavedInput {
    TensorPtr tensor;
    uint64_t version;
  };
  struct SavedOutput {
    DenseTensor data;  // the buffer, not the tensor: that points back at this node
    std::weak_ptr<EagerTensor> tensor;
    uint64_t version;
    int slot, index;
  };

  // The edges to the inputs' producers and the outputs' shapes and dtypes.
  void Connect(const TensorSlots& ins, const TensorSlots& outs);
  void BuildFromSpec(const std::vector<Attribute>& attrs, const TensorSlots& ins,
                     const TensorSlots& outs);
  void BuildFromMaker(const std::vector<Attribute>& attrs, const TensorSlots& ins,
                      const TensorSlots& outs);
  TensorPtr Saved(const ValueRef& r, bool create_graph);
  TensorSlots ApplyCustom(TensorSlots out_grads, bool create_graph, bool retain_graph);
  void RunHooks(TensorSlots& out_grads);

  const OpDef* fwd_ = nullptr;  // null for a custom node
  std::string custom_type_;
  CustomBackward custom_;
  std::vector<GradStep> steps_;
  int num_temps_ = 0;
  std::vector<SavedInput> saved_inputs_;
  std::vector<SavedOutput> saved_outputs_;
  std::vector<std::vector<Edge>> edges_;       // per forward input slot and index
  std::vector<std::vector<OutMeta>> out_meta_;  // per forward output slot and index
  std::vector<std::pair<std::pair<int, int>, GradHook>> hooks_;
  std::vector<std::pair<std::pair<int, int>, std::weak_ptr<EagerTensor>>> retained_;
  bool released_ = false;
  bool unavailable_ = false;
};

}  // namespace eager
}  // namespace paddle
