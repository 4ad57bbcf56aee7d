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

int NormalizeAxis(const std::string& op, const char* what, int64_t axis, int rank, const DDim& x) {
  PD_CHECK(axis >= -rank && axis < rank, InvalidArgument, "[", op, "] ", what, " ", axis,
           " is outside [", -rank, ", ", rank, ") for a tensor of shape ", x.ToString());
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}

int64_t IntElement(const KernelContext& ctx, int slot, size_t entry, int64_t i) {
  const DenseTensor& t = ctx.Input(slot, entry);
  if (t.dtype() == DataType::kInt32) return t.data<int32_t>()[i];
  PD_CHECK(t.dtype() == DataType::kInt64, InvalidArgument, "[", ctx.op_type(), "] input '",
           ctx.def().inputs[slot].name, "' must be int32 or int64, got ", DataTypeName(t.dtype()));
  return t.data<int64_t>()[i];
}

float FloatElement(const KernelContext& ctx, int slot, int64_t i) {
  const DenseTensor& t = ctx.Input(slot);
  switch (t.dtype()) {
    case DataType::kFloat32: return t.data<float>()[i];
    case DataType::kFloat64: return static_cast<float>(t.data<double>()[i]);
    case DataType::kInt32: return static_cast<float>(t.data<int32_t>()[i]);
    case DataType::kInt64: return static_cast<float>(t.data<int64_t>()[i]);
    default:
      PD_THROW(InvalidArgument, "[", ctx.op_type(), "] input '", ctx.def().inputs[slot].name,
               "' must be float32, float64, int32 or int64, got ", DataTypeName(t.dtype()));
  }
}

int64_t IntScalar(const KernelContext& ctx, int slot, size_t entry) {
  const DenseTensor& t = ctx.Input(slot, entry);
  PD_CHECK(t.numel() == 1, InvalidArgument, "[", ctx.op_type(), "] input '",
           ctx.def().inputs[slot].name, "' #", entry, " must hold one element, got shape ",
           t.dims().ToString());
  return IntElement(ctx, slot, entry, 0);
}

}  // namespace ops
}  // namespace paddle
