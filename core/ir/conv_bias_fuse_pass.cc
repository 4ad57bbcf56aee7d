// conv_bias_mkldnn_fuse_pass (inference): a convolution and the add of a per-channel bias,
//   o = conv2d(Input=x, Filter=w)              conv2d, depthwise_conv2d or fused_conv2d
//   y = elementwise_add(X=o, Y=b) {axis}       b persistable [M], M = w's dim 0
// become y = fused_conv2d(Input=x, Filter=w, Bias=b), the bias added inside the convolution
// (PaddlePaddle's pass of that name). The add must broadcast b over the channels: axis 1 for
// NCHW, -1 or 3 for NHWC. A fused_conv2d takes no second bias, nor one after its activation.
#include "core/framework/op_def.h"
#include "core/ir/conv_fuse_util.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

bool AcceptBias(const BlockDesc& block, const OpDesc& conv, const OpDesc& add, OpDesc* fused) {
  if (add.Type() != "elementwise_add") return false;
  const std::string o = Single(conv.Output("Output"));
  if (Single(add.Input("X")) != o || !Single(fused->Input("Bias")).empty()) return false;
  const OpAttrs attrs(*fused);
  if (!attrs.Get<std::string>("fuse_activation").empty()) return false;
  const std::string b = Single(add.Input("Y"));
  const VarDesc* bias = block.FindVar(b);
  const VarDesc* filter = block.FindVar(Single(conv.Input("Filter")));
  const VarDesc* out = block.FindVar(o);
  if (!bias || !filter || !out || !bias->Persistable() || !bias->IsTensor()) return false;
  const std::vector<int64_t> fs = filter->GetShape();
  if (fs.size() != 4 || fs[0] <= 0 || bias->GetShape() != std::vector<int64_t>{fs[0]} ||
      bias->GetDataType() != out->GetDataType())
    return false;
  const int32_t axis = OpAttrs(add).Get<int32_t>("axis");
  const bool channels_last = attrs.Get<std::string>("data_format") == "NHWC";
  if (channels_last ? (axis != -1 && axis != 3) : axis != 1) return false;
  fused->SetInput("Bias", {b});
  return true;
}

}  // namespace

std::unique_ptr<Pass> MakeConvBiasFusePass(const PassOptions&) {
  return std::make_unique<ConvFusePass>(AcceptBias);
}

}  // namespace ir
}  // namespace paddle
