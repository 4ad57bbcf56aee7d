#include "core/ir/conv_fuse_util.h"

#include <string>
#include <vector>

#include "core/framework/op_def.h"
#include "core/ir/graph_util.h"

namespace paddle {
namespace ir {
namespace {

bool IsFusableConv(const OpDesc& op) {
  const std::string& t = op.Type();
  if (t != "conv2d" && t != "depthwise_conv2d" && t != "fused_conv2d") return false;
  return !Single(op.Input("Input")).empty() && !Single(op.Input("Filter")).empty() &&
         !Single(op.Output("Output")).empty();
}

// The fused_conv2d form of a convolution: its inputs, output and window attributes (every
// one set, defaults included), nothing fused yet. A fused_conv2d is copied as it is.
proto::OpDesc ToFusedConv(const OpDesc& conv) {
  if (conv.Type() == "fused_conv2d") return conv.Proto();
  const OpAttrs a(conv);
  proto::OpDesc p;
  OpDesc f(&p);
  f.SetType("fused_conv2d");
  f.SetInput("Input", conv.Input("Input"));
  f.SetInput("Filter", conv.Input("Filter"));
  f.SetOutput("Output", conv.Output("Output"));
  for (const char* name : {"strides", "paddings", "dilations"})
    f.SetAttr(name, a.Get<std::vector<int32_t>>(name));
  f.SetAttr("padding_algorithm", a.Get<std::string>("padding_algorithm"));
  f.SetAttr("groups", a.Get<int32_t>("groups"));
  f.SetAttr("data_format", a.Get<std::string>("data_format"));
  f.SetAttr("fuse_activation", std::string());
  f.SetAttr("fuse_residual_connection", false);
  f.SetAttr("force_fp32_output", false);
  f.SetAttr("fuse_alpha", 0.0f);
  f.SetAttr("fuse_beta", 0.0f);
  return p;
}

}  // namespace

void FuseConvWithNext(BlockDesc* block, const ProgramDesc& program, const PassContext& ctx,
                      const ConvFuser& fuse) {
  const VarUses uses(*block, program);
  std::vector<size_t> dead_convs;
  for (size_t i = 0; i < block->OpCount(); ++i) {
    const OpDesc& conv = *block->Op(i);
    if (!IsFusableConv(conv)) continue;
    const std::string o = Single(conv.Output("Output"));
    size_t next = 0;
    if (!uses.Intermediate(*block, o, ctx, &next) || next <= i) continue;
    OpDesc* later = block->Op(next);
    const std::string out = Single(later->Output("Out"));
    if (out.empty()) continue;
    proto::OpDesc proto = ToFusedConv(conv);
    OpDesc fused(&proto);
    if (!fuse(*block, conv, *later, &fused)) continue;
    // The fused op runs in the later op's place: the conv's inputs must still hold their
    // values there (what the later op read, it reads where it did).
    bool moved_reads_ok = true;
    for (const std::string& name : conv.InputArgumentNames())
      moved_reads_ok = moved_reads_ok && !WrittenBetween(*block, name, i, next);
    if (!moved_reads_ok) continue;
    fused.SetOutput("Output", {out});
    *later->Proto() = proto;
    dead_convs.push_back(i);
    block->RemoveVar(o);
  }
  for (size_t k = dead_convs.size(); k-- > 0;)
    block->RemoveOps(dead_convs[k], dead_convs[k] + 1);
}

}  // namespace ir
}  // namespace paddle
