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

namespace {
DDim CheckedShape(const std::string& op, const std::vector<int64_t>& shape) {
  for (int64_t d : shape)
    PD_CHECK(d >= 0, InvalidArgument, "[", op, "] shape [", StrJoin(shape), "] has a negative dim");
  const DDim dims(shape);
  CheckedNumel(dims, op, "shape");
  return dims;
}
}  // namespace

DDim ShapeArg(const KernelContext& ctx, int tensor_slot, int list_slot,
              const std::vector<int64_t>& attr) {
  return CheckedShape(ctx.op_type(), IntList(ctx, tensor_slot, list_slot, attr));
}

void InferShapeArg(InferShapeContext& ctx, int tensor_slot, int list_slot,
                   const std::vector<int64_t>& attr, int out) {
  const bool from_tensor = tensor_slot >= 0 && ctx.HasInput(tensor_slot);
  const bool from_list = list_slot >= 0 && ctx.HasInput(list_slot);
  if (!from_tensor && !from_list) return ctx.SetOutputDim(out, CheckedShape(ctx.op_type(), attr));
  if (ctx.IsRuntime()) return;
  int64_t rank = static_cast<int64_t>(ctx.InputCount(list_slot));
  if (from_tensor) {
    const DDim t = ctx.InputDim(tensor_slot);
    rank = t.rank() == 1 ? t[0] : -1;
  }
  if (rank >= 0 && rank <= DDim::kMaxRank)
    ctx.SetOutputDim(out, DDim(std::vector<int64_t>(rank, -1)));
}

}  // namespace ops
}  // namespace paddle
