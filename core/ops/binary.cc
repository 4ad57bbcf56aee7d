#include "core/ops/binary.h"

namespace paddle {
namespace ops {
namespace binary {

const char* const kAxisEn =
    "Where Y's dims line up with X's when Y has lower rank: -1 aligns Y with X's trailing dims "
    "(numpy style); k >= 0 aligns Y's first dim with X's dim k (e.g. X [N, C, H, W] + Y [C] "
    "with axis=1). Ignored when the ranks are equal. Then every aligned dim must match or be 1.";
const char* const kAxisZh =
    "当 Y 的维数较少时，Y 的维度与 X 对齐的位置：-1 表示与 X 的末尾维度对齐（同 numpy）；"
    "k >= 0 表示 Y 的第一个维度对齐 X 的第 k 个维度（例如 X [N, C, H, W] + Y [C]，axis=1）。"
    "维数相同时忽略。对齐后每个维度的大小必须相等或其中之一为 1。";

namespace {
int AxisOf(const InferShapeContext& ctx) {
  return HasAxis(ctx.def()) ? ctx.Attr<int32_t>(kAxis) : -1;
}
}  // namespace

void Slots(OpDefBuilder& op, bool bool_out, bool axis, const char* x, const char* y,
           const char* out) {
  op.Input(kX, x, "The first operand.", "第一个操作数。")
      .Input(kY, y, "The second operand, broadcast against X.", "第二个操作数，与 X 广播。");
  if (bool_out) {
    op.Output(kOut, out, "The bool result, with the broadcast shape of X and Y.",
              "bool 类型的结果，形状为 X 与 Y 广播后的形状。");
  } else {
    op.Output(kOut, out, "The result, with the broadcast shape of X and Y.",
              "结果，形状为 X 与 Y 广播后的形状。");
  }
  if (axis) op.Attr<int32_t>(kAxis, "axis", -1, kAxisEn, kAxisZh).AtLeast(-1);
}

void InferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, BroadcastShape(ctx.op_type(), ctx.InputDim(kX), ctx.InputDim(kY),
                                        AxisOf(ctx)));
  ctx.ShareLoD(kX, kOut);
}

void PredicateInferShape(InferShapeContext& ctx) {
  InferShape(ctx);
  ctx.SetOutputDtype(kOut, DataType::kBool);
}

namespace {
void GradShapes(InferShapeContext& ctx, int dout_slot) {
  const DDim out = BroadcastShape(ctx.op_type(), ctx.InputDim(kGradX), ctx.InputDim(kGradY),
                                  AxisOf(ctx));
  CheckInputShape(ctx, dout_slot, out, "the broadcast shape of X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}
}  // namespace

void GradInferShape(InferShapeContext& ctx) { GradShapes(ctx, kGradOutOrOutGrad); }
void GradInferShapeReadingOut(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradOutOrOutGrad, kGradOutOrOutGrad + 1);
  GradShapes(ctx, kGradOutOrOutGrad + 1);
}

}  // namespace binary
}  // namespace ops
}  // namespace paddle
