// conv_activation_mkldnn_fuse_pass (inference): a convolution and the activation of its
// output,
//   o = conv2d(Input=x, Filter=w, ...)         conv2d, depthwise_conv2d or fused_conv2d
//   y = act(X=o)                               relu, relu6 or leaky_relu
// become y = fused_conv2d(Input=x, Filter=w, ...) {fuse_activation=act}, the activation a
// oneDNN post-op after the bias and residual sums (PaddlePaddle's pass of that name, with its
// attributes: relu6 clamps to [fuse_alpha=0, fuse_beta=6], leaky_relu's slope is fuse_alpha).
// Run it after the bias and residual passes, whose adds come before the activation.
#include "core/framework/op_def.h"
#include "core/ir/conv_fuse_util.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

bool AcceptActivation(const BlockDesc&, const OpDesc& conv, const OpDesc& act, OpDesc* fused) {
  if (Single(act.Input("X")) != Single(conv.Output("Output"))) return false;
  if (!OpAttrs(*fused).Get<std::string>("fuse_activation").empty()) return false;
  const std::string& t = act.Type();
  float alpha = 0.0f, beta = 0.0f;
  if (t == "relu6") beta = 6.0f;
  else if (t == "leaky_relu") alpha = OpAttrs(act).Get<float>("alpha");
  else if (t != "relu") return false;
  fused->SetAttr("fuse_activation", t);
  fused->SetAttr("fuse_alpha", alpha);
  fused->SetAttr("fuse_beta", beta);
  return true;
}

}  // namespace

std::unique_ptr<Pass> MakeConvActivationFusePass(const PassOptions&) {
  return std::make_unique<ConvFusePass>(AcceptActivation);
}

}  // namespace ir
}  // namespace paddle
