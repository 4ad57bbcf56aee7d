// Declarative (static-graph) mode: while a build target is set, RunOp appends
// each op to the target block instead of running it. The tensors it takes and
// gives are then symbolic: they name variables of a program, and their shape,
// dtype and flags are those of the VarDesc (-1 for dims known only at run
// time). The same Python functions thus run eagerly or build programs.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/eager/grad_node.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace eager {

// A program under construction, shared by the Python Program and by the
// symbolic tensors naming its variables.
struct StaticProgram {
  ProgramDesc desc;
  // Bumped by every change, so an executor knows to prepare it again.
  uint64_t revision = 0;
  // Program.random_seed: when not 0, random ops built into the program get it
  // as their `seed` (and `fix_seed`), so each run draws the same numbers.
  int32_t random_seed = 0;
};
using ProgramPtr = std::shared_ptr<StaticProgram>;

struct StaticVarRef {
  ProgramPtr program;
  int block = 0;
  std::string name;
  // The variable, looked up from `block` through its ancestors; NotFound if
  // the program no longer has it.
  VarDesc* desc() const;
};

// A symbolic tensor naming `name` of `program` (which must have it).
TensorPtr SymbolicTensor(const ProgramPtr& program, int block, const std::string& name);

// Where ops go; a null program switches back to eager mode.
void SetBuildTarget(ProgramPtr program, int block);
const ProgramPtr& BuildProgram();
int BuildBlock();
inline bool Building() { return BuildProgram() != nullptr; }

// The `op_role` attribute given to built ops (PaddlePaddle's OpRole:
// 0 forward, 1 backward, 2 optimize, 256 loss; or-ed), and the
// `op_namescope` (paddle.static.name_scope).
void SetOpRole(int role);
int OpRole();
void SetNameScope(std::string scope);

// Appends `def` with `attrs` (checked, declaration order) to the target
// block: inputs name their variables (eager tensors become constants),
// null outputs become new variables "<type>_<n>.tmp_<i>", given ones are
// written in place. Output shapes and dtypes come from the op's shape rule.
void BuildOp(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
             TensorSlots& outs);

// The op desc for `def`, appended to `block` of `program` with its slots
// bound to variable names (absent slots left out), `attrs` by declaration
// order plus `extra_attrs` by name, the builder's role and name scope; output
// variables the block lacks are added, and shapes inferred.
OpDesc* AppendOpDesc(StaticProgram* program, int block, const OpDef& def,
                     const std::vector<Attribute>& attrs,
                     const std::map<std::string, std::vector<std::string>>& inputs,
                     const std::map<std::string, std::vector<std::string>>& outputs,
                     const AttributeMap& extra_attrs = {});

// A constant holding `value` in the target block (an assign_value op).
TensorPtr BuildConstant(const DenseTensor& value);

// "<key>_<n>" with n counted per key, never a name the block already has
// (with `suffix` appended). ResetUniqueNames starts every count again;
// SwapUniqueNameCounts puts `counts` in place and returns the previous ones
// (paddle.utils.unique_name.guard: names count from zero inside, as before after).
using UniqueNameCounts = std::unordered_map<std::string, int64_t>;
std::string UniqueName(const std::string& key, const BlockDesc* block = nullptr,
                       const std::string& suffix = "");
void ResetUniqueNames();
UniqueNameCounts SwapUniqueNameCounts(UniqueNameCounts counts);

}  // namespace eager
}  // namespace paddle
