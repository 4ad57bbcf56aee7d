// A readable text form of a block, for debugging and for the golden
// "IR in, IR out" tests of passes. One line per variable, then one per op:
//
//   persist var fc_0.w_0 : float32[784, 128]
//   var x : float32[-1, 784]
//   Out=[fc_0.tmp_2] = fc(Input=[x], W=[fc_0.w_0], Bias=[fc_0.b_0]) {activation_type="relu", ...}
//
// Attributes are sorted by name; the bookkeeping ones every PaddlePaddle op
// carries (op_role, op_role_var, op_namescope, op_device, op_callstack,
// with_quant_attr) are left out, and so are VAR attributes.
#pragma once

#include <string>

#include "core/framework/program_desc.h"

namespace paddle {
namespace ir {

std::string VarToText(const VarDesc& var);
std::string OpToText(const OpDesc& op);
std::string BlockToText(const BlockDesc& block);

}  // namespace ir
}  // namespace paddle
