// Gradient ops written with differentiable forward ops, for create_graph=True:
// the gradient they compute can itself be differentiated, to any order.
// Keyed by grad op type; the backward pass uses one in place of the grad op's
// kernel only when it records (create_graph), since the kernel is faster.
#pragma once

#include <vector>

#include "core/eager/grad_node.h"

namespace paddle {
namespace eager {

// `ins` are the grad op's inputs by slot; `outs` come sized per output slot
// (an empty slot: that gradient is not needed) and are filled.
using CompositeGradFn = void (*)(const OpDef& grad_def, const std::vector<Attribute>& attrs,
                                 const TensorSlots& ins, TensorSlots& outs);

// The composite form of grad op `type`, or null.
CompositeGradFn FindCompositeGrad(const std::string& type);

}  // namespace eager
}  // namespace paddle
