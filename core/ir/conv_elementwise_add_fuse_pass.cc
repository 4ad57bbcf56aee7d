// conv_elementwise_add_mkldnn_fuse_pass (inference): a convolution and the add of a tensor of
// its output's shape (a residual connection),
//   o = conv2d(Input=x, Filter=w [, Bias=b])   conv2d, depthwise_conv2d or fused_conv2d
//   y = elementwise_add(X=o, Y=r)              or X=r, Y=o
// become y = fused_conv2d(Input=x, Filter=w [, Bias=b], ResidualData=r)
// {fuse_residual_connection=true}: oneDNN's sum post-op adds r as the output is written
// (PaddlePaddle's pass of that name). r's VarDesc must have o's shape (known but for the batch
// dim) and dtype, so the add cannot broadcast; a fused_conv2d takes no second residual, nor
// one after its activation. Run it after conv_bias_mkldnn_fuse_pass (the bias add first).
#include "core/framework/op_def.h"
#include "core/ir/conv_fuse_util.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// Whether two VarDescs are surely the same shape: equal, every dim known but the first.
bool SameKnownShape(const VarDesc& a, const VarDesc& b) {
  const std::vector<int64_t> sa = a.GetShape(), sb = b.GetShape();
  if (sa != sb || sa.size() != 4) return false;
  for (size_t i = 1; i < sa.size(); ++i)
    if (sa[i] <= 0) return false;
  return true;
}

bool AcceptResidual(const BlockDesc& block, const OpDesc& conv, const OpDesc& add, OpDesc* fused) {
  if (add.Type() != "elementwise_add") return false;
  const OpAttrs attrs(*fused);
  if (!attrs.Get<std::string>("fuse_activation").empty() ||
      attrs.Get<bool>("fuse_residual_connection"))
    return false;
  const std::string o = Single(conv.Output("Output"));
  const std::string x = Single(add.Input("X")), y = Single(add.Input("Y"));
  const std::string r = x == o ? y : y == o ? x : "";
  if (r.empty() || r == o) return false;
  const VarDesc* residual = block.FindVar(r);
  const VarDesc* out = block.FindVar(o);
  if (!residual || !out || !residual->IsTensor() || !SameKnownShape(*residual, *out) ||
      residual->GetDataType() != out->GetDataType())
    return false;
  fused->SetInput("ResidualData", {r});
  fused->SetAttr("fuse_residual_connection", true);
  return true;
}

}  // namespace

std::unique_ptr<Pass> MakeConvElementwiseAddFusePass(const PassOptions&) {
  return std::make_unique<ConvFusePass>(AcceptResidual);
}

}  // namespace ir
}  // namespace paddle
