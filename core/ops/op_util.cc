#include "core/ops/op_util.h"

namespace paddle {
namespace ops {

void BinaryGradSlots(OpDefBuilder& op) {
  op.Input("X", "The forward input X.", "前向输入 X。")
      .Input("Y", "The forward input Y.", "前向输入 Y。")
      .Input("Out@GRAD", "Gradient of the loss with respect to Out.", "损失对 Out 的梯度。")
      .Output("X@GRAD", "Gradient of the loss with respect to X; omitted when X needs none.",
              "损失对 X 的梯度；X 不需要梯度时省略。")
      .Dispensable()
      .Output("Y@GRAD", "Gradient of the loss with respect to Y; omitted when Y needs none.",
              "损失对 Y 的梯度；Y 不需要梯度时省略。")
      .Dispensable();
}

std::vector<GradOpDesc> BinaryGrad(const OpDesc& forward, const char* grad_type) {
  return GradOpBuilder(forward, grad_type)
      .ForwardInput("X")
      .ForwardInput("Y")
      .OutputGrad("Out")
      .InputGrad("X")
      .InputGrad("Y")
      .Build();
}

}  // namespace ops
}  // namespace paddle
