// The view family: ops whose Out is X's elements in the same order under a
// new shape (reshape2, flatten_contiguous_range, squeeze2, unsqueeze2). They
// differ only in the shape rule; the kernel copies bytes (or nothing, when
// the memory plan gives Out X's own buffer), writes XShape = [0] + X.dims for
// the gradient, and the gradient is Out@GRAD given X's shape back.
#pragma once

#include <string>

#include "core/framework/op_context.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace ops {
namespace view {

enum GradIn { kGradXShape, kGradOutGrad };
enum GradOut { kGradXGrad };

// [0] + x: what XShape holds (no elements; its dims carry X's shape).
DDim XShapeDims(const std::string& op, const DDim& x);
// X's shape back from XShape's dims.
DDim FromXShape(const std::string& op, const DDim& xshape);

// Copies X into Out (already shaped by shape inference) unless they share a
// buffer, and writes XShape when bound; any element type.
void Kernel(KernelContext& ctx, int x_slot, int out_slot, int xshape_slot);

// `.Apply(view::Grad)` after the forward: `<type>_grad` (XShape, Out@GRAD) -> X@GRAD.
void Grad(OpDefBuilder& op);

}  // namespace view
}  // namespace ops
}  // namespace paddle
