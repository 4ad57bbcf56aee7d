// What the rewriting passes share: who reads and writes each variable, the
// "may this temporary be swallowed" test of a fusing pass, and renaming the
// reads of a variable when a pass drops the op that copied it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/framework/program_desc.h"
#include "core/ir/pass.h"

namespace paddle {
namespace ir {

// The one variable bound to a slot, or "" when it holds zero or several.
std::string Single(const std::vector<std::string>& names);

// Readers and writers of every name, taken when a pass starts (a pass that
// edits the block recounts before matching again).
class VarUses {
 public:
  VarUses(const BlockDesc& block, const ProgramDesc& program);

  // Reads by ops of every block (a sub-block may read this block's variables).
  int Reads(const std::string& name) const;
  // Writes by ops of `block`.
  int Writes(const std::string& name) const;
  // Reads by ops of `block` only.
  int BlockReads(const std::string& name) const;
  // The last op of `block` reading `name`, or -1.
  long LastReader(const std::string& name) const;

  // A temporary a fusing pass may swallow: declared in the block, not
  // persistable, not in ctx.keep_vars, written once and read exactly once, by
  // an op of this block; `*reader` is that op.
  bool Intermediate(const BlockDesc& block, const std::string& name, const PassContext& ctx,
                    size_t* reader) const;

 private:
  std::map<std::string, int> reads_, writes_, block_reads_;
  std::map<std::string, size_t> last_reader_;
};

// Whether the op has a sub-block attribute (control flow: its block reads and
// writes this block's variables).
bool HasSubBlock(const OpDesc& op);

// The indices of the ops of `block` writing `name`, in order.
std::vector<size_t> Writers(const BlockDesc& block, const std::string& name);

// Whether an op strictly between `from` and `to` writes `name`.
bool WrittenBetween(const BlockDesc& block, const std::string& name, size_t from, size_t to);

// Whether op `index` of `block` (which writes `out` from `in`, a copy at
// inference) can be dropped with its readers renamed to read `in`: `out` is a
// temporary written once (not persistable, not kept), every reader is in this
// block after the op, and `in` keeps its value until the last of them.
bool CanForward(const BlockDesc& block, const VarUses& uses, const PassContext& ctx,
                size_t index, const std::string& in, const std::string& out);
// Renames every read of `from` by ops after `index` to `to`, removes op
// `index` and the VarDesc of `from`.
void ForwardAndRemove(BlockDesc* block, size_t index, const std::string& from,
                      const std::string& to);

// Removes the VarDescs of `names` that no op of the program names any more
// (never persistables or kept variables).
void RemoveUnusedVars(BlockDesc* block, const ProgramDesc& program, const PassContext& ctx,
                      const std::vector<std::string>& names);

}  // namespace ir
}  // namespace paddle
