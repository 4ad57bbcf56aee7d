#include "core/ops/optimizer.h"

namespace paddle {
namespace ops {

void RejectMultiPrecision(InferShapeContext& ctx, int attr) {
  PD_CHECK(!ctx.Attr<bool>(attr), Unimplemented, "[", ctx.op_type(),
           "] multi_precision=true (float32 master weights of float16 parameters) is not "
           "supported: parameters are updated in their own type, float32 or float64");
}

void CheckLikeParam(InferShapeContext& ctx, int param, std::initializer_list<int> slots) {
  for (int slot : slots)
    if (ctx.HasInput(slot)) CheckSameShape(ctx, slot, param);
}

void CheckOneElement(InferShapeContext& ctx, std::initializer_list<int> slots) {
  for (int slot : slots) {
    if (!ctx.HasInput(slot)) continue;
    const DDim d = ctx.InputDim(slot);
    PD_CHECK(d.numel() == 1 || (!ctx.IsRuntime() && d.numel() < 0), InvalidArgument, "[",
             ctx.op_type(), "] ", ctx.def().inputs[slot].name,
             " must hold one element ([1] or a 0-D tensor), got shape ", d.ToString());
  }
}

void OutputsLike(InferShapeContext& ctx, std::initializer_list<std::pair<int, int>> in_out) {
  for (const auto& [in, out] : in_out) {
    if (!ctx.HasOutput(out) || !ctx.HasInput(in)) continue;
    SameShape(ctx, in, out);
    ctx.SetOutputDtype(out, ctx.InputDtype(in));
  }
}

double ScalarValue(const KernelContext& ctx, int slot) {
  const DenseTensor& t = ctx.Input(slot);
  PD_CHECK(t.numel() == 1, InvalidArgument, "[", ctx.op_type(), "] ", ctx.def().inputs[slot].name,
           " must hold one element, got shape ", t.dims().ToString());
  switch (t.dtype()) {
    case DataType::kFloat32: return t.data<float>()[0];
    case DataType::kFloat64: return t.data<double>()[0];
    default:
      PD_THROW(InvalidArgument, "[", ctx.op_type(), "] ", ctx.def().inputs[slot].name,
               " must be float32 or float64, got ", DataTypeName(t.dtype()));
  }
}

double ScalarOr(const KernelContext& ctx, int slot, int attr) {
  return ctx.HasInput(slot) ? ScalarValue(ctx, slot) : ctx.Attr<float>(attr);
}

double RateIn(const KernelContext& ctx, int slot, int attr, double lo, double hi) {
  const double v = ScalarOr(ctx, slot, attr);
  PD_CHECK(v >= lo && v <= hi, InvalidArgument, "[", ctx.op_type(), "] ",
           ctx.def().inputs[slot].name, " holds ", v, ", expected a value in [", lo, ", ", hi, "]");
  return v;
}

bool SkipUpdate(const KernelContext& ctx, int slot) {
  if (!ctx.HasInput(slot)) return false;
  const DenseTensor& t = ctx.Input(slot);
  PD_CHECK(t.dtype() == DataType::kBool && t.numel() == 1, InvalidArgument, "[", ctx.op_type(),
           "] ", ctx.def().inputs[slot].name, " must be one bool, got ", DataTypeName(t.dtype()),
           " ", t.dims().ToString());
  return t.data<bool>()[0];
}

void CopyInput(KernelContext& ctx, int in, int out) {
  const DenseTensor& x = ctx.Input(in);
  DenseTensor* o = ctx.Output(out);
  if (o == &x) return;
  o->Resize(x.dims());
  void* dst = o->MutableData(ctx.place(), x.dtype());
  if (dst != x.data() && x.nbytes()) std::memcpy(dst, x.data(), x.nbytes());
}

void AdvancePow(KernelContext& ctx, int in, int out, double beta) {
  const double v = ScalarValue(ctx, in) * beta;
  const DenseTensor& x = ctx.Input(in);
  DenseTensor* o = ctx.Output(out);
  if (o != &x) o->Resize(x.dims());
  if (x.dtype() == DataType::kFloat32) *OutData<float>(ctx, out) = static_cast<float>(v);
  else *OutData<double>(ctx, out) = v;
}

}  // namespace ops
}  // namespace paddle
