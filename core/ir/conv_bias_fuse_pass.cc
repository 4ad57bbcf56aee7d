// conv_bias_mkldnn_fuse_pass (inference): a convolution and the add of a per-channel bias,
//   o = conv2d(Input=x, Filter=w)              conv2d, depthwise_conv2d or fused_conv2d
//   y = elementwise_add(X=o, Y=b) {axis}       b persistable [M], M = w's dim 0
// become y = fused_conv2d(Input=x, Filter=w, Bias=b), the bias added inside the convolution
// (PaddlePaddle's pass of that name). The add must broadcast b over the channels: axis 1 for
// NCHW, -1 or 3 for NHWC. PaddlePaddle 3.x saves a conv layer's bias as a reshape2 of b to
// [1, M, 1, 1] (NHWC: [1, 1, 1, M]) added at any axis; that form fuses too, b itself becoming
// the Bias (dead_code_elimination_pass then drops the reshape2 no op reads).
// A fused_conv2d takes no second bias, nor one after its activation.
#include "core/framework/op_def.h"
#include "core/ir/conv_fuse_util.h"
#include "core/ir/graph_util.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {
namespace {

// Whether `shape` (reshape2's attribute) makes `want` of a 1-D input: each dim as wanted or
// one -1 (inferred, so also as wanted).
bool ReshapesTo(const std::vector<int32_t>& shape, const std::vector<int64_t>& want) {
  if (shape.size() != want.size()) return false;
  int inferred = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == -1 ? ++inferred > 1 : shape[i] != want[i]) return false;
  return true;
}

// The persistable that `y` (an add's Y) adds per channel: `y` itself, or the 1-D persistable
// that the only op writing `y`, a reshape2 by attribute, spreads over the channel axis of an
// m-channel image (PaddlePaddle 3.x's form of a conv bias). "" when neither; `*direct` says
// which.
std::string ChannelBias(const BlockDesc& block, const std::string& y, int64_t m,
                        bool channels_last, bool* direct) {
  const VarDesc* var = block.FindVar(y);
  *direct = var && var->Persistable();
  if (*direct) return y;
  const std::vector<size_t> writers = Writers(block, y);
  if (writers.size() != 1) return "";
  const OpDesc* writer = block.Op(writers[0]);
  if (writer->Type() != "reshape2" || !writer->Input("Shape").empty() ||
      !writer->Input("ShapeTensor").empty())
    return "";
  const std::string b = Single(writer->Input("X"));
  const VarDesc* param = block.FindVar(b);
  if (!param || !param->Persistable() || param->GetShape() != std::vector<int64_t>{m}) return "";
  const std::vector<int64_t> want =
      channels_last ? std::vector<int64_t>{1, 1, 1, m} : std::vector<int64_t>{1, m, 1, 1};
  if (!ReshapesTo(OpAttrs(*writer).Get<std::vector<int32_t>>("shape"), want)) return "";
  return Writers(block, b).empty() ? b : "";  // a parameter nothing in the block rewrites
}

bool AcceptBias(const BlockDesc& block, const OpDesc& conv, const OpDesc& add, OpDesc* fused) {
  if (add.Type() != "elementwise_add") return false;
  const std::string o = Single(conv.Output("Output"));
  if (Single(add.Input("X")) != o || !Single(fused->Input("Bias")).empty()) return false;
  const OpAttrs attrs(*fused);
  if (!attrs.Get<std::string>("fuse_activation").empty()) return false;
  const VarDesc* filter = block.FindVar(Single(conv.Input("Filter")));
  const VarDesc* out = block.FindVar(o);
  if (!filter || !out) return false;
  const std::vector<int64_t> fs = filter->GetShape();
  if (fs.size() != 4 || fs[0] <= 0) return false;
  const bool channels_last = attrs.Get<std::string>("data_format") == "NHWC";
  bool direct = false;
  const std::string b = ChannelBias(block, Single(add.Input("Y")), fs[0], channels_last, &direct);
  const VarDesc* bias = b.empty() ? nullptr : block.FindVar(b);
  if (!bias || !bias->IsTensor() || bias->GetShape() != std::vector<int64_t>{fs[0]} ||
      bias->GetDataType() != out->GetDataType())
    return false;
  const int32_t axis = OpAttrs(add).Get<int32_t>("axis");
  if (direct && (channels_last ? (axis != -1 && axis != 3) : axis != 1)) return false;
  fused->SetInput("Bias", {b});
  return true;
}

}  // namespace

std::unique_ptr<Pass> MakeConvBiasFusePass(const PassOptions&) {
  return std::make_unique<ConvFusePass>(AcceptBias);
}

}  // namespace ir
}  // namespace paddle
