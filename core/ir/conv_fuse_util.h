// What the three conv fuse passes (conv_bias_mkldnn_fuse_pass,
// conv_elementwise_add_mkldnn_fuse_pass, conv_activation_mkldnn_fuse_pass) share: the sweep
// that finds a convolution whose output only one later op reads, and the fused_conv2d form of
// a convolution.
#pragma once

#include <functional>
#include <utility>

#include "core/framework/program_desc.h"
#include "core/ir/pass.h"

namespace paddle {
namespace ir {

// Decides whether `next` (the one reader of conv's Output) folds into `fused`, the
// fused_conv2d form of `conv`, and if so records it there (Bias, ResidualData,
// fuse_activation). Returns false to leave both ops alone.
using ConvFuser = std::function<bool(const BlockDesc& block, const OpDesc& conv,
                                     const OpDesc& next, OpDesc* fused)>;

// For each conv2d, depthwise_conv2d or fused_conv2d whose Output is a temporary read only by a
// later op of the block (VarUses::Intermediate) that `fuse` accepts, and whose inputs nothing
// writes between the two: the later op becomes the fused_conv2d, writing the later op's Out;
// the conv and its Output's VarDesc go.
void FuseConvWithNext(BlockDesc* block, const ProgramDesc& program, const PassContext& ctx,
                      const ConvFuser& fuse);

// A conv fuse pass: FuseConvWithNext with its ConvFuser.
class ConvFusePass : public Pass {
 public:
  explicit ConvFusePass(ConvFuser fuse) : fuse_(std::move(fuse)) {}
  void Run(BlockDesc* block, ProgramDesc* program, const PassContext& ctx) const override {
    FuseConvWithNext(block, *program, ctx, fuse_);
  }

 private:
  ConvFuser fuse_;
};

}  // namespace ir
}  // namespace paddle
