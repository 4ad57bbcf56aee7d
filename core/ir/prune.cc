#include "core/ir/prune.h"

#include <map>
#include <set>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace ir {

namespace {

constexpr int kRoleBackward = 1, kRoleOptimize = 2;

int OpRoleOf(const OpDesc& op) {
  if (!op.HasAttr("op_role")) return 0;
  const Attribute a = op.GetAttr("op_role");
  if (const int32_t* r = std::get_if<int32_t>(&a)) return *r;
  return 0;
}

void AddVar(proto::BlockDesc* block, const std::string& name, proto::VarType::Type kind) {
  proto::VarDesc* v = block->add_vars();
  v->set_name(name);
  v->mutable_type()->set_type(kind);
  v->set_persistable(true);
}

void AddFeedFetchOp(proto::BlockDesc* block, const std::string& type, const std::string& var,
                    int col) {
  OpDesc op(block->add_ops());
  op.SetType(type);
  const bool feed = type == "feed";
  op.SetInput("X", {feed ? "feed" : var});
  op.SetOutput("Out", {feed ? var : "fetch"});
  op.SetAttr("col", int32_t{col});
}

}  // namespace

ProgramDesc PruneForInference(const ProgramDesc& program, const std::vector<std::string>& feeds,
                              const std::vector<std::string>& fetches) {
  const BlockDesc* block = program.Block(0);
  for (const auto& n : feeds)
    PD_CHECK(block->FindVar(n), NotFound, "[save_inference_model] feed '", n,
             "' is not a variable of the program");
  for (const auto& n : fetches)
    PD_CHECK(block->FindVar(n), NotFound, "[save_inference_model] fetch '", n,
             "' is not a variable of the program");

  // Walk back from the fetches: an op is kept when it writes a needed
  // variable; its inputs become needed. Fed variables need no producer.
  const std::set<std::string> fed(feeds.begin(), feeds.end());
  std::set<std::string> needed(fetches.begin(), fetches.end());
  std::vector<bool> keep(block->OpCount(), false);
  for (size_t i = block->OpCount(); i-- > 0;) {
    const OpDesc& op = *block->Op(i);
    if (op.Type() == "feed" || op.Type() == "fetch" ||
        (OpRoleOf(op) & (kRoleBackward | kRoleOptimize)))
      continue;
    bool wanted = false;
    for (const auto& n : op.OutputArgumentNames())
      if (needed.count(n) && !fed.count(n)) wanted = true;
    if (!wanted) continue;
    keep[i] = true;
    for (const auto& n : op.InputArgumentNames()) needed.insert(n);
  }
  std::set<std::string> written(fed);
  for (size_t i = 0; i < block->OpCount(); ++i)
    if (keep[i])
      for (const auto& n : block->Op(i)->OutputArgumentNames()) written.insert(n);
  for (const auto& n : needed) {
    const VarDesc* v = block->FindVar(n);
    PD_CHECK(written.count(n) || (v && v->Persistable()), InvalidArgument,
             "[save_inference_model] the fetched values need '", n,
             "', which no kept op computes: feed it (add it to feed_vars)");
  }

  // Names every kept op (and any op of a sub-block) uses stay declared.
  std::set<std::string> used(needed);
  for (size_t b = 1; b < program.BlockCount(); ++b)
    for (size_t i = 0; i < program.Block(b)->OpCount(); ++i) {
      const OpDesc& op = *program.Block(b)->Op(i);
      for (const auto& n : op.InputArgumentNames()) used.insert(n);
      for (const auto& n : op.OutputArgumentNames()) used.insert(n);
    }
  for (size_t i = 0; i < block->OpCount(); ++i)
    if (keep[i])
      for (const auto& n : block->Op(i)->OutputArgumentNames()) used.insert(n);

  proto::ProgramDesc out = program.Proto();
  proto::BlockDesc* b0 = out.mutable_blocks(0);
  b0->clear_vars();
  b0->clear_ops();
  AddVar(b0, "feed", proto::VarType::FEED_MINIBATCH);
  AddVar(b0, "fetch", proto::VarType::FETCH_LIST);
  for (size_t i = 0; i < block->VarCount(); ++i) {
    const std::string& n = block->Var(i)->Name();
    if ((used.count(n) || fed.count(n)) && n != "feed" && n != "fetch")
      *b0->add_vars() = block->Var(i)->Proto();
  }
  for (size_t c = 0; c < feeds.size(); ++c)
    AddFeedFetchOp(b0, "feed", feeds[c], static_cast<int>(c));
  for (size_t i = 0; i < block->OpCount(); ++i) {
    if (!keep[i]) continue;
    OpDesc op(b0->add_ops());
    *op.Proto() = block->Op(i)->Proto();
    if (op.HasAttr("is_test")) op.SetAttr("is_test", true);
  }
  for (size_t c = 0; c < fetches.size(); ++c)
    AddFeedFetchOp(b0, "fetch", fetches[c], static_cast<int>(c));
  return ProgramDesc(std::move(out));
}

void StripFeedFetchOps(ProgramDesc* program, std::vector<std::string>* feeds,
                       std::vector<std::string>* fetches) {
  std::map<int, std::string> by_col[2];
  proto::ProgramDesc stripped = program->Proto();
  auto* kept = stripped.mutable_blocks(0)->mutable_ops();
  kept->Clear();
  for (auto& op : *program->Block(0)->Proto()->mutable_ops()) {
    OpDesc desc(&op);
    const bool is_feed = desc.Type() == "feed", is_fetch = desc.Type() == "fetch";
    if (!is_feed && !is_fetch) {
      *kept->Add() = op;
      continue;
    }
    // The op's own definition checks `col` (present, an int, >= 0).
    const OpDef& def = OpRegistry::Instance().Get(desc.Type());
    const int col = std::get<int32_t>(def.CheckAttrs(desc.GetAttrMap())[def.AttrIndex("col")]);
    const auto names = is_feed ? desc.Output("Out") : desc.Input("X");
    PD_CHECK(names.size() == 1, InvalidModel, "[", desc.Type(), "] op must name one variable, "
             "names ", names.size());
    PD_CHECK(by_col[is_fetch].emplace(col, names[0]).second, InvalidModel, "two ", desc.Type(),
             " ops use col ", col);
  }
  *program = ProgramDesc(std::move(stripped));
  for (auto& kv : by_col[0]) feeds->push_back(kv.second);
  for (auto& kv : by_col[1]) fetches->push_back(kv.second);
}

}  // namespace ir
}  // namespace paddle
