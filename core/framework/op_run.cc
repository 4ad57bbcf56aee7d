#include "core/framework/op_run.h"

#include "core/base/enforce.h"
#include "core/base/profiler.h"

namespace paddle {

DataType KernelDtype(const KernelContext& ctx) {
  const OpDef& def = ctx.def();
  const int sel = def.kernel_dtype_input;
  if (sel < static_cast<int>(ctx.ins.size()) && !ctx.ins[sel].empty() &&
      ctx.ins[sel][0]->IsType<DenseTensor>()) {
    const DenseTensor& t = ctx.ins[sel][0]->Get<DenseTensor>();
    PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[", def.type, "] input '",
             def.inputs[sel].name, "' has no data: it was never fed or computed");
    return t.dtype();
  }
  return DataType::kFloat32;
}

namespace {

bool IsInputVar(const KernelContext& ctx, const Variable* v) {
  for (const auto& slot : ctx.ins)
    for (const Variable* in : slot)
      if (in == v) return true;
  return false;
}

}  // namespace

void InferOutputShapes(KernelContext& ctx, const std::vector<Attribute>& attrs, DataType dtype) {
  const OpDef& def = ctx.def();
  if (!def.infer_shape) return;
  profiler::RecordEvent profile(def.type, profiler::EventType::kOperatorInner, " infer_meta");
  for (auto& slot : ctx.outs)
    for (Variable* v : slot) {
      if (!v->IsType<DenseTensor>()) continue;
      DenseTensor* t = v->GetMutable<DenseTensor>();
      // An output that is also an input (written in place, as update_loss_scaling's int32
      // step counters) keeps its element type: the shape rule and kernel read its data.
      if (t->IsInitialized() && t->dtype() != dtype && IsInputVar(ctx, v)) continue;
      t->set_dtype(dtype);
    }
  RuntimeInferShapeContext ictx(ctx, attrs);
  def.infer_shape(ictx);
}

}  // namespace paddle
