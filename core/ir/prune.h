// The inference program of a training program: what
// paddle.static.save_inference_model writes.
#pragma once

#include <string>
#include <vector>

#include "core/framework/program_desc.h"

namespace paddle {
namespace ir {

// Block 0's forward ops (op_role without the backward or optimize bits) that
// the fetches need, given the feeds; the variables they name; `is_test` set
// to true where an op has it; then, as PaddlePaddle lays it out, `feed` ops
// (col i, from the FEED_MINIBATCH variable "feed") first and `fetch` ops
// (col i, into the FETCH_LIST variable "fetch") last. Other blocks are kept
// as they are. NotFound for a feed or fetch the block does not declare;
// InvalidArgument when a fetch needs a variable that no kept op writes and
// that is neither fed nor persistable (a missing feed), naming it.
ProgramDesc PruneForInference(const ProgramDesc& program, const std::vector<std::string>& feeds,
                              const std::vector<std::string>& fetches);

// Block 0 without its feed and fetch ops, and the variables they named by
// col: what a program loaded from a .pdmodel runs as.
void StripFeedFetchOps(ProgramDesc* program, std::vector<std::string>* feeds,
                       std::vector<std::string>* fetches);

}  // namespace ir
}  // namespace paddle
