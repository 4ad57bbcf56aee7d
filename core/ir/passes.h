// The factories of the passes in this folder, one per pass file. Internal to
// core/ir: everything else makes passes by name (pass.h).
#pragma once

#include <memory>

#include "core/ir/pass.h"

namespace paddle {
namespace ir {

std::unique_ptr<Pass> MakeConvActivationFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeConvBiasFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeConvBnFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeConvElementwiseAddFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeDeadCodeEliminationPass(const PassOptions& options);
std::unique_ptr<Pass> MakeDeleteDropoutOpPass(const PassOptions& options);
std::unique_ptr<Pass> MakeDeleteScaleOpPass(const PassOptions& options);
std::unique_ptr<Pass> MakeElementwiseActFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeFcFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeGeluErfFusePass(const PassOptions& options);
std::unique_ptr<Pass> MakeGraphVizPass(const PassOptions& options);
std::unique_ptr<Pass> MakeMatmulGradSgdFusePass(const PassOptions& options);

}  // namespace ir
}  // namespace paddle
