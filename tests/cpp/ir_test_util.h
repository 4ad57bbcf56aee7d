// What the pass tests (ir_test.cc, ir_passes_test.cc) share: a small block
// builder, running one pass, golden files under tests/data/ir/ (rewritten with
// PADDLE_UPDATE_GOLDEN=1), and running a block through the Executor.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/executor/executor.h"
#include "core/ir/block_text.h"
#include "core/ir/pass.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace test {

inline ProgramDesc LoadOracle(const std::string& name) {
  return ProgramDesc::Parse(ReadFile(DataPath(name + "/model.pdmodel")), name);
}

inline void RunPass(const std::string& name, ProgramDesc* program, ir::PassContext ctx = {}) {
  ir::PassPipeline p;
  p.Append(name);
  p.Run(program, ctx);
}

// `text` must equal tests/data/ir/<file>; PADDLE_UPDATE_GOLDEN=1 rewrites it.
inline void ExpectGolden(const std::string& text, const std::string& file) {
  const std::string path = DataPath("ir/" + file);
  if (std::getenv("PADDLE_UPDATE_GOLDEN")) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    WriteFile(path, text);
  }
  EXPECT_EQ(text, ReadFile(path)) << "golden " << path;
}

inline std::vector<std::string> OpTypes(const BlockDesc& b) {
  std::vector<std::string> t;
  for (size_t i = 0; i < b.OpCount(); ++i) t.push_back(b.Op(i)->Type());
  return t;
}

// A small block builder for the synthetic patterns.
class Blocks {
 public:
  Blocks& Var(const std::string& name, Shape shape, bool persistable = false) {
    VarDesc* v = b()->AddVar(name);
    v->SetShape(shape);
    v->SetPersistable(persistable);
    return *this;
  }
  OpDesc* Op(const std::string& type, std::vector<std::pair<std::string, std::string>> ins,
             const std::string& out, const AttributeMap& attrs = {}) {
    OpDesc* op = b()->AppendOp();
    op->SetType(type);
    for (const auto& [slot, var] : ins) op->SetInput(slot, {var});
    op->SetOutput("Out", {out});
    for (const auto& [k, v] : attrs) op->SetAttr(k, v);
    return op;
  }
  // x[-1, 4] -> mul w[4, 3] -> t0 -> add b[3] -> t1 -> relu -> y
  Blocks& Dense(bool relu = true, int axis = 1) {
    Var("x", {-1, 4}).Var("w", {4, 3}, true).Var("b", {3}, true);
    Var("t0", {-1, 3}).Var("t1", {-1, 3});
    Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0", {{"x_num_col_dims", 1}, {"y_num_col_dims", 1}});
    Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", axis}});
    if (relu) {
      Var("y", {-1, 3});
      Op("relu", {{"X", "t1"}}, "y");
    }
    return *this;
  }
  BlockDesc* b() { return program.Block(0); }
  std::string Text() { return ir::BlockToText(*b()); }
  ProgramDesc program;
};

using Feeds = std::vector<std::pair<std::string, DenseTensor>>;

// Runs block 0 with `inputs` (persistable in the block, so the run reads them
// rather than making its own) set in a scope under `params` (may be null);
// returns `out`.
template <typename T>
std::vector<T> RunBlock(const ProgramDesc& program, const Feeds& inputs, const std::string& out,
                        Scope* params = nullptr) {
  Scope own;
  Scope& scope = params ? params->NewScope() : own;
  for (const auto& kv : inputs) *scope.Var(kv.first)->GetMutable<DenseTensor>() = kv.second;
  std::vector<T> values;
  {
    Executor ex;
    auto prepared = ex.Prepare(program, 0, &scope, {out});
    ex.Run(*prepared);
    values = Values<T>(scope.FindVar(out)->Get<DenseTensor>());
  }
  if (params) params->DeleteScope(&scope);
  return values;
}

// Running `pass` must leave the program byte-identical.
inline void ExpectUnchanged(Blocks& g, const std::string& pass, const std::string& why,
                            ir::PassContext ctx = {}) {
  const std::string before = g.program.Serialize();
  RunPass(pass, &g.program, ctx);
  EXPECT_EQ(g.program.Serialize(), before) << pass << ": " << why;
}

inline DenseTensor RandomTensor(const Shape& shape, unsigned seed, double lo = -1, double hi = 1) {
  return MakeTensor<float>(shape, Cast<float>(Random(Numel(shape), seed, lo, hi)));
}

// For ExpectNear (op_test_util.h), which takes the expected values as double.
template <typename T>
std::vector<double> Widen(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

}  // namespace test
}  // namespace paddle
