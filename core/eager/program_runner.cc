#include "core/eager/program_runner.h"

#include <algorithm>
#include <unordered_map>

#include "core/base/enforce.h"
#include "core/eager/op_runner.h"

namespace paddle {
namespace eager {

namespace {
// Places names at their `col`; a missing or repeated col is a bad model.
void PlaceAtCol(std::vector<std::string>& list, const OpDesc& op, const std::string& name) {
  const Attribute col = op.GetAttr("col");
  const int32_t* c = std::get_if<int32_t>(&col);
  PD_CHECK(c && *c >= 0 && *c < 100000, InvalidModel, "[jit.load] ", op.Type(),
           " op has a bad 'col' attribute");
  if (list.size() <= static_cast<size_t>(*c)) list.resize(static_cast<size_t>(*c) + 1);
  PD_CHECK(list[*c].empty(), InvalidModel, "[jit.load] two ", op.Type(), " ops have col ", *c);
  list[*c] = name;
}
}  // namespace

ProgramRunner::ProgramRunner(ProgramDesc program) : program_(std::move(program)) {
  const BlockDesc* block = program_.Block(0);
  const OpRegistry& registry = OpRegistry::Instance();
  for (size_t i = 0; i < block->OpCount(); ++i) {
    const OpDesc& op = *block->Op(i);
    if (op.Type() == "feed") {
      PlaceAtCol(feeds_, op, op.Output("Out").at(0));
      continue;
    }
    if (op.Type() == "fetch") {
      PlaceAtCol(fetches_, op, op.Input("X").at(0));
      continue;
    }
    Step step;
    try {
      step.def = &registry.Get(op.Type());
      step.def->CheckSlots(op);
      step.attrs = step.def->CheckAttrs(op.GetAttrMap());
    } catch (const Error& e) {
      PD_THROW(InvalidModel, e.what(), "\n  [jit.load] in op #", i, " '", op.Type(), "'");
    }
    for (const ArgDef& a : step.def->inputs) step.ins.push_back(op.Input(a.name));
    for (const ArgDef& a : step.def->outputs) step.outs.push_back(op.Output(a.name));
    steps_.push_back(std::move(step));
  }
  for (const std::string& n : feeds_)
    PD_CHECK(!n.empty(), InvalidModel, "[jit.load] the feed cols have a gap");
  for (const std::string& n : fetches_)
    PD_CHECK(!n.empty(), InvalidModel, "[jit.load] the fetch cols have a gap");
  for (size_t v = 0; v < block->VarCount(); ++v) {
    const VarDesc* var = block->Var(v);
    if (var->Persistable() && var->IsTensor()) params_.push_back(var->Name());
  }
}

std::vector<TensorPtr> ProgramRunner::Run(const std::vector<TensorPtr>& feeds,
                                          const std::map<std::string, TensorPtr>& params) const {
  PD_CHECK(feeds.size() == feeds_.size(), InvalidArgument, "[jit.load] the program takes ",
           feeds_.size(), " inputs, got ", feeds.size());
  std::unordered_map<std::string, TensorPtr> env;
  for (const std::string& p : params_) {
    auto it = params.find(p);
    PD_CHECK(it != params.end() && it->second, NotFound, "[jit.load] parameter '", p,
             "' was not given");
    env[p] = it->second;
  }
  for (size_t i = 0; i < feeds.size(); ++i) {
    PD_CHECK(feeds[i], InvalidArgument, "[jit.load] input '", feeds_[i], "' is None");
    env[feeds_[i]] = feeds[i];
  }
  for (const Step& step : steps_) {
    TensorSlots ins(step.ins.size()), outs(step.outs.size());
    for (size_t s = 0; s < step.ins.size(); ++s) {
      for (const std::string& n : step.ins[s]) {
        auto it = env.find(n);
        PD_CHECK(it != env.end(), NotFound, "[jit.load] op '", step.def->type, "' reads '", n,
                 "', which nothing wrote before it");
        ins[s].push_back(it->second);
      }
    }
    for (size_t s = 0; s < step.outs.size(); ++s) {
      for (const std::string& n : step.outs[s]) {
        // An output that is also one of the op's inputs is written in place (MeanOut = Mean).
        bool in_place = false;
        for (const auto& slot : step.ins)
          in_place = in_place || std::find(slot.begin(), slot.end(), n) != slot.end();
        outs[s].push_back(in_place ? env.at(n) : nullptr);
      }
    }
    RunOp(*step.def, step.attrs, ins, outs);
    for (size_t s = 0; s < step.outs.size(); ++s)
      for (size_t i = 0; i < step.outs[s].size(); ++i) env[step.outs[s][i]] = outs[s][i];
  }
  std::vector<TensorPtr> results;
  for (const std::string& n : fetches_) {
    auto it = env.find(n);
    PD_CHECK(it != env.end(), NotFound, "[jit.load] output '", n, "' was never computed");
    results.push_back(it->second);
  }
  return results;
}

}  // namespace eager
}  // namespace paddle
