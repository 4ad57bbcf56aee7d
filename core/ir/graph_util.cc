#include "core/ir/graph_util.h"

#include <algorithm>
#include <set>
#include <variant>

namespace paddle {
namespace ir {

std::string Single(const std::vector<std::string>& names) {
  return names.size() == 1 ? names[0] : std::string();
}

VarUses::VarUses(const BlockDesc& block, const ProgramDesc& program) {
  for (size_t b = 0; b < program.BlockCount(); ++b) {
    const BlockDesc* blk = program.Block(b);
    for (size_t i = 0; i < blk->OpCount(); ++i) {
      for (const auto& n : blk->Op(i)->InputArgumentNames()) {
        reads_[n]++;
        if (blk == &block) {
          block_reads_[n]++;
          last_reader_[n] = i;
        }
      }
      if (blk == &block)
        for (const auto& n : blk->Op(i)->OutputArgumentNames()) writes_[n]++;
    }
  }
}

namespace {
int CountOf(const std::map<std::string, int>& m, const std::string& name) {
  auto it = m.find(name);
  return it == m.end() ? 0 : it->second;
}
}  // namespace

int VarUses::Reads(const std::string& name) const { return CountOf(reads_, name); }
int VarUses::Writes(const std::string& name) const { return CountOf(writes_, name); }
int VarUses::BlockReads(const std::string& name) const { return CountOf(block_reads_, name); }

long VarUses::LastReader(const std::string& name) const {
  auto it = last_reader_.find(name);
  return it == last_reader_.end() ? -1 : static_cast<long>(it->second);
}

bool VarUses::Intermediate(const BlockDesc& block, const std::string& name,
                           const PassContext& ctx, size_t* reader) const {
  const VarDesc* v = name.empty() ? nullptr : block.FindVar(name);
  if (!v || v->Persistable() || ctx.keep_vars.count(name)) return false;
  if (Writes(name) != 1 || Reads(name) != 1 || BlockReads(name) != 1) return false;
  *reader = static_cast<size_t>(LastReader(name));
  return true;
}

bool HasSubBlock(const OpDesc& op) {
  for (const auto& name : op.AttrNames()) {
    const Attribute a = op.GetAttr(name);
    if (std::holds_alternative<BlockRef>(a) || std::holds_alternative<BlockRefs>(a)) return true;
  }
  return false;
}

std::vector<size_t> Writers(const BlockDesc& block, const std::string& name) {
  std::vector<size_t> writers;
  for (size_t i = 0; i < block.OpCount(); ++i) {
    const auto outs = block.Op(i)->OutputArgumentNames();
    if (std::find(outs.begin(), outs.end(), name) != outs.end()) writers.push_back(i);
  }
  return writers;
}

bool WrittenBetween(const BlockDesc& block, const std::string& name, size_t from, size_t to) {
  for (size_t i = from + 1; i < to; ++i) {
    const auto outs = block.Op(i)->OutputArgumentNames();
    if (std::find(outs.begin(), outs.end(), name) != outs.end()) return true;
  }
  return false;
}

bool CanForward(const BlockDesc& block, const VarUses& uses, const PassContext& ctx,
                size_t index, const std::string& in, const std::string& out) {
  const VarDesc* v = out.empty() ? nullptr : block.FindVar(out);
  if (in.empty() || in == out || !v || v->Persistable() || ctx.keep_vars.count(out)) return false;
  if (uses.Writes(out) != 1 || uses.Reads(out) != uses.BlockReads(out)) return false;
  const long last = uses.LastReader(out);
  if (last < 0) return true;  // nobody reads it: the op simply goes
  for (size_t i = 0; i <= index; ++i) {
    const auto ins = block.Op(i)->InputArgumentNames();
    if (std::find(ins.begin(), ins.end(), out) != ins.end()) return false;  // read before written
  }
  return !WrittenBetween(block, in, index, static_cast<size_t>(last));
}

void ForwardAndRemove(BlockDesc* block, size_t index, const std::string& from,
                      const std::string& to) {
  for (size_t i = index + 1; i < block->OpCount(); ++i) {
    OpDesc* op = block->Op(i);
    for (const auto& slot : op->InputSlots()) {
      auto args = op->Input(slot);
      if (std::find(args.begin(), args.end(), from) == args.end()) continue;
      std::replace(args.begin(), args.end(), from, to);
      op->SetInput(slot, args);
    }
  }
  block->RemoveOps(index, index + 1);
  block->RemoveVar(from);
}

void RemoveUnusedVars(BlockDesc* block, const ProgramDesc& program, const PassContext& ctx,
                      const std::vector<std::string>& names) {
  std::set<std::string> named;
  for (size_t b = 0; b < program.BlockCount(); ++b) {
    const BlockDesc* blk = program.Block(b);
    for (size_t i = 0; i < blk->OpCount(); ++i) {
      for (const auto& n : blk->Op(i)->InputArgumentNames()) named.insert(n);
      for (const auto& n : blk->Op(i)->OutputArgumentNames()) named.insert(n);
    }
  }
  for (const auto& name : names) {
    const VarDesc* v = block->FindVar(name);
    if (v && !v->Persistable() && !ctx.keep_vars.count(name) && !named.count(name))
      block->RemoveVar(name);
  }
}

}  // namespace ir
}  // namespace paddle
