// Program autodiff: appends to block 0 of a ProgramDesc the ops that compute
// gradients, built from each op's gradient maker (OpDef::grad_maker), the way
// PaddlePaddle's static mode does (paddle.static.append_backward / gradients),
// so the programs read the same: `w@GRAD`, `x@GRAD@RENAME@block0@<k>` + `sum`
// for a gradient with several contributions, `fill_any_like` zeros for an
// output gradient nobody made, op_role 1 on every grad op.
//
// Which ops: those on a path from a variable that wants a gradient to the
// target. A variable wants one when it is a tensor of a floating type, not
// stop_gradient, not in `no_grad`, not a persistable non-parameter, and is
// either a source (AppendBackward: a leaf, i.e. written by no op but `feed`;
// CalcGradients: one of `inputs`) or written by an op that reads one that
// wants a gradient. An op on such a path
// without a gradient maker is Unimplemented, naming it.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/program_desc.h"

namespace paddle {

// Appends to block 0 the ops computing d(loss)/d(v): a `fill_constant` of ones
// into `loss@GRAD` (op_role 257), then the grad ops in reverse order of their
// forward ops. Returns (param, grad var) pairs for `parameters` (empty: every
// VarDesc with is_parameter && !stop_gradient) that received a gradient, in
// `parameters` / var order. As PaddlePaddle does, it marks the op making the
// loss op_role 256, gives the op finishing each returned gradient
// `op_role_var` = [param, grad], and writes a gradient the block already holds
// (a second call) under a fresh name (`w@GRAD_0`). The loss must have one
// element (InvalidArgument); an unknown loss or parameter is NotFound.
std::vector<std::pair<std::string, std::string>> AppendBackward(
    ProgramDesc* program, const std::string& loss,
    const std::vector<std::string>& parameters = {}, const std::set<std::string>& no_grad = {});

// paddle.static.gradients: appends the ops computing the gradients of
// sum(targets * target_grads) w.r.t. `inputs` (target_grads empty or "" entries:
// ones, made by `fill_any_like`). Returns one grad var name per input, "" where
// no gradient flows. The ops are those on a path from `inputs` to the targets;
// as PaddlePaddle's, they also write the gradients of other variables on it
// that want one from a leaf (x@GRAD for a data x with stop_gradient=False).
// A gradient variable the block already holds (an earlier call) is written
// under a fresh name (`x@GRAD_0`, ...). Unknown names are NotFound. Where a
// target with a given gradient also gets gradient from another target, the
// given one is copied into target@GRAD and summed with it (PaddlePaddle
// 3.3.1 drops the other contribution).
std::vector<std::string> CalcGradients(ProgramDesc* program, const std::vector<std::string>& targets,
                                       const std::vector<std::string>& target_grads,
                                       const std::vector<std::string>& inputs,
                                       const std::set<std::string>& no_grad = {});

}  // namespace paddle
