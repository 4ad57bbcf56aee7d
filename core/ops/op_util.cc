#include "core/ops/op_util.h"

#include "core/base/enforce.h"

namespace paddle {
namespace ops {

namespace {
bool Matches(const InferShapeContext& ctx, const DDim& a, const DDim& b) {
  bool same = a.rank() == b.rank();
  for (int i = 0; same && i < a.rank(); ++i)
    same = a[i] == b[i] || (!ctx.IsRuntime() && (a[i] < 0 || b[i] < 0));
  return same;
}
}  // namespace

void CheckInputShape(InferShapeContext& ctx, int slot, const DDim& want, const char* rule) {
  const DDim got = ctx.InputDim(slot);
  PD_CHECK(Matches(ctx, got, want), InvalidArgument, "[", ctx.op_type(), "] ",
           ctx.def().inputs[slot].name, " has shape ", got.ToString(), ", expected ",
           want.ToString(), " (", rule, ")");
}

void CheckSameShape(InferShapeContext& ctx, int a, int b) {
  const DDim da = ctx.InputDim(a), db = ctx.InputDim(b);
  PD_CHECK(Matches(ctx, da, db), InvalidArgument, "[", ctx.op_type(), "] ", ctx.def().inputs[a].name, " ",
           da.ToString(), " and ", ctx.def().inputs[b].name, " ", db.ToString(),
           " must have the same shape");
}

}  // namespace ops
}  // namespace paddle
