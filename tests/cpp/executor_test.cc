// Executor: prepare/run, feed/fetch, eager deletion, and errors naming the op.
#include <gtest/gtest.h>

#include "core/executor/executor.h"
#include "core/base/flags.h"
#include "core/memory/allocator.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;

// x -> relu -> t1 -> relu -> ... -> t{n}; every var [rows, cols] float32.
ProgramDesc ReluChain(int n, int64_t rows, int64_t cols) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  auto declare = [&](const std::string& name) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(DataType::kFloat32);
    v->SetShape({-1, cols});
  };
  declare("x");
  std::string prev = "x";
  for (int i = 1; i <= n; ++i) {
    std::string out = "t" + std::to_string(i);
    declare(out);
    OpDesc* op = block->AppendOp();
    op->SetType("relu");
    op->SetInput("X", {prev});
    op->SetOutput("Out", {out});
    prev = out;
  }
  (void)rows;
  return program;
}

void SetInput(Scope* scope, const std::string& name, int64_t rows, int64_t cols, float start) {
  DenseTensor* t = scope->Var(name)->GetMutable<DenseTensor>();
  t->Resize(DDim{rows, cols});
  float* p = t->MutableData<float>();
  for (int64_t i = 0; i < rows * cols; ++i) p[i] = start + static_cast<float>(i % 7) - 3.0f;
}

size_t PeakOfChain(double eager_delete_flag) {
  SetFlag("eager_delete_tensor_gb", eager_delete_flag);
  const int64_t rows = 256, cols = 1024;  // 1 MiB per tensor
  ProgramDesc program = ReluChain(8, rows, cols);
  Scope scope;
  SetInput(&scope, "x", rows, cols, 0.f);
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"t8"});
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  size_t before = alloc->Stats().allocated;
  alloc->ResetPeak();
  exe.Run(*prepared);
  size_t peak = alloc->Stats().peak_allocated - before;
  const auto& out = scope.FindVar("t8")->Get<DenseTensor>();
  EXPECT_TRUE(out.IsInitialized());
  EXPECT_EQ(out.dims(), (DDim{rows, cols}));
  SetFlag("eager_delete_tensor_gb", 0.0);
  return peak;
}

TEST(Executor, EagerDeletionLowersPeakMemoryOfAChain) {
  size_t with = PeakOfChain(0.0);
  size_t without = PeakOfChain(-1.0);
  const size_t tensor = 256 * 1024 * sizeof(float);
  // Without: all 8 outputs live at once. With: relu runs in place on the
  // temporaries, so the whole chain needs one buffer beside the input.
  EXPECT_GE(without, 8 * tensor);
  EXPECT_LE(with, tensor + 4096);
  EXPECT_LT(with, without);
}

// x -> mul(w) -> elementwise_add(b) -> relu -> softmax -> y, x [4, 8], w [8, 6], b [6].
struct SmallMlp {
  ProgramDesc program;
  Scope scope;
  SmallMlp() {
    BlockDesc* block = program.Block(0);
    auto declare = [&](const std::string& name, std::vector<int64_t> shape, bool param) {
      VarDesc* v = block->AddVar(name);
      v->SetShape(shape);
      v->SetPersistable(param);
      if (param) {
        DenseTensor* t = scope.Var(name)->GetMutable<DenseTensor>();
        t->Resize(DDim(shape));
        float* p = t->MutableData<float>();
        for (int64_t i = 0; i < t->numel(); ++i) p[i] = 0.01f * static_cast<float>(i % 13);
      }
    };
    declare("x", {-1, 8}, false);
    declare("w", {8, 6}, true);
    declare("b", {6}, true);
    for (const char* t : {"h", "hb", "r", "y"}) declare(t, {-1, 6}, false);
    auto op = [&](const char* type, std::vector<std::pair<const char*, const char*>> ins,
                  const char* out) {
      OpDesc* o = block->AppendOp();
      o->SetType(type);
      for (auto& [slot, var] : ins) o->SetInput(slot, {var});
      o->SetOutput("Out", {out});
    };
    op("mul", {{"X", "x"}, {"Y", "w"}}, "h");
    op("elementwise_add", {{"X", "h"}, {"Y", "b"}}, "hb");
    op("relu", {{"X", "hb"}}, "r");
    op("softmax", {{"X", "r"}}, "y");
  }
};

TEST(Executor, SteadyStateRunAllocatesNothing) {
  SmallMlp m;
  SetInput(&m.scope, "x", 4, 8, 0.f);
  Executor exe;
  auto prepared = exe.Prepare(m.program, 0, &m.scope, {"x", "y"});
  EXPECT_EQ(prepared->NumSlots(), 2u);  // h, then hb (relu and softmax reuse it in place)
  exe.Run(*prepared);
  std::vector<float> first(m.scope.FindVar("y")->Get<DenseTensor>().data<float>(),
                           m.scope.FindVar("y")->Get<DenseTensor>().data<float>() + 24);
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  uint64_t before = alloc->Stats().num_allocs;
  for (int i = 0; i < 5; ++i) exe.Run(*prepared);
  EXPECT_EQ(alloc->Stats().num_allocs, before);
  const float* y = m.scope.FindVar("y")->Get<DenseTensor>().data<float>();
  EXPECT_EQ(std::vector<float>(y, y + 24), first);
  for (const char* t : {"h", "hb", "r"})
    EXPECT_FALSE(m.scope.FindVar(t)->Get<DenseTensor>().IsInitialized()) << t;
}

TEST(Executor, PlannedRunsMatchUnplannedRuns) {
  std::vector<float> results[2];
  for (int planned = 0; planned < 2; ++planned) {
    SetFlag("eager_delete_tensor_gb", planned ? 0.0 : -1.0);
    SmallMlp m;
    Executor exe;
    auto prepared = exe.Prepare(m.program, 0, &m.scope, {"y"});
    EXPECT_EQ(prepared->NumSlots(), planned ? 2u : 0u);
    for (float start : {0.f, 5.f}) {  // a new input between runs
      SetInput(&m.scope, "x", 4, 8, start);
      exe.Run(*prepared);
      const float* y = m.scope.FindVar("y")->Get<DenseTensor>().data<float>();
      results[planned].insert(results[planned].end(), y, y + 24);
    }
  }
  SetFlag("eager_delete_tensor_gb", 0.0);
  EXPECT_EQ(results[0], results[1]);
}

TEST(Executor, BatchSizeChangesRegrowThePlannedBuffers) {
  SmallMlp m;
  Executor exe;
  auto prepared = exe.Prepare(m.program, 0, &m.scope, {"y"});
  for (int64_t rows : {1, 64, 2, 64}) {
    SetInput(&m.scope, "x", rows, 8, 1.f);
    exe.Run(*prepared);
    const auto& y = m.scope.FindVar("y")->Get<DenseTensor>();
    ASSERT_EQ(y.dims(), (DDim{rows, 6}));
    for (int64_t r = 0; r < rows; ++r) {
      float sum = 0;
      for (int c = 0; c < 6; ++c) sum += y.data<float>()[r * 6 + c];
      EXPECT_NEAR(sum, 1.f, 1e-5f);  // softmax rows
    }
  }
}

TEST(Executor, EagerDeletionFreesTemporariesButKeepsRequestedVars) {
  ProgramDesc program = ReluChain(3, 4, 8);
  Scope scope;
  SetInput(&scope, "x", 4, 8, 0.f);
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"t3"});
  exe.Run(*prepared);
  EXPECT_FALSE(scope.FindVar("t1")->Get<DenseTensor>().IsInitialized());
  EXPECT_FALSE(scope.FindVar("t2")->Get<DenseTensor>().IsInitialized());
  EXPECT_TRUE(scope.FindVar("t3")->Get<DenseTensor>().IsInitialized());
}

TEST(Executor, PreparedBlockRunsManyTimesWithNewInputs) {
  ProgramDesc program = ReluChain(2, 2, 3);
  Scope scope;
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"t2"});
  for (float start : {0.f, 10.f, -10.f}) {
    SetInput(&scope, "x", 2, 3, start);
    const float* x = scope.FindVar("x")->Get<DenseTensor>().data<float>();
    std::vector<float> expected(x, x + 6);
    for (float& v : expected) v = std::max(0.f, v);
    exe.Run(*prepared);
    const auto& y = scope.FindVar("t2")->Get<DenseTensor>();
    EXPECT_EQ(std::vector<float>(y.data<float>(), y.data<float>() + 6), expected);
    // x was a temporary of the block: eager deletion freed it after its last reader.
    EXPECT_FALSE(scope.FindVar("x")->Get<DenseTensor>().IsInitialized());
  }
}

TEST(Executor, FeedAndFetchThroughListVariables) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  VarDesc* feed = block->AddVar("feed");
  feed->SetKind(proto::VarType::FEED_MINIBATCH);
  feed->SetPersistable(true);
  VarDesc* fetch = block->AddVar("fetch");
  fetch->SetKind(proto::VarType::FETCH_LIST);
  fetch->SetPersistable(true);
  block->AddVar("x")->SetShape({-1, 3});
  block->AddVar("y")->SetShape({-1, 3});
  OpDesc* f = block->AppendOp();
  f->SetType("feed");
  f->SetInput("X", {"feed"});
  f->SetOutput("Out", {"x"});
  f->SetAttr("col", int32_t{0});
  OpDesc* r = block->AppendOp();
  r->SetType("relu");
  r->SetInput("X", {"x"});
  r->SetOutput("Out", {"y"});
  OpDesc* g = block->AppendOp();
  g->SetType("fetch");
  g->SetInput("X", {"y"});
  g->SetOutput("Out", {"fetch"});
  g->SetAttr("col", int32_t{0});

  Scope scope;
  DenseTensor in(DataType::kFloat32, DDim{1, 3});
  float* p = in.MutableData<float>();
  p[0] = -1.f, p[1] = 2.f, p[2] = -3.f;
  Executor::SetFeed(&scope, {in});
  Executor exe;
  exe.Run(program, &scope);
  auto out = Executor::GetFetch(scope);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dims(), (DDim{1, 3}));
  EXPECT_EQ(out[0].data<float>()[0], 0.f);
  EXPECT_EQ(out[0].data<float>()[1], 2.f);
  EXPECT_EQ(out[0].data<float>()[2], 0.f);
}

TEST(Executor, FetchedResultsSurviveLaterRuns) {
  // feed -> relu -> relu -> fetch: the fetched tensor shares its buffer with the
  // program's output, which must therefore never be recycled by the memory plan.
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  for (auto [name, kind] : {std::pair{"feed", proto::VarType::FEED_MINIBATCH},
                            std::pair{"fetch", proto::VarType::FETCH_LIST}}) {
    VarDesc* v = block->AddVar(name);
    v->SetKind(kind);
    v->SetPersistable(true);
  }
  for (const char* n : {"x", "a", "y"}) block->AddVar(n)->SetShape({-1, 4});
  auto op = [&](const char* type, const char* in, const char* out) {
    OpDesc* o = block->AppendOp();
    o->SetType(type);
    o->SetInput("X", {in});
    o->SetOutput("Out", {out});
    if (std::string(type) == "feed" || std::string(type) == "fetch") o->SetAttr("col", int32_t{0});
  };
  op("feed", "feed", "x");
  op("relu", "x", "a");
  op("relu", "a", "y");
  op("fetch", "y", "fetch");

  Scope scope;
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope);
  auto run = [&](float v) {
    DenseTensor in(DataType::kFloat32, DDim{1, 4});
    std::fill(in.MutableData<float>(), in.MutableData<float>() + 4, v);
    Executor::SetFeed(&scope, {in});
    exe.Run(*prepared);
    return Executor::GetFetch(scope)[0];
  };
  DenseTensor first = run(1.f);
  DenseTensor second = run(2.f);
  EXPECT_EQ(first.data<float>()[0], 1.f);
  EXPECT_EQ(second.data<float>()[0], 2.f);
}

TEST(Executor, UnknownOpIsReportedWithItsIndexAndType) {
  ProgramDesc program;
  OpDesc* op = program.Block(0)->AppendOp();
  op->SetType("no_such_op");
  Scope scope;
  Executor exe;
  ExpectError([&] { exe.Prepare(program, 0, &scope); }, ErrorKind::kNotFound,
              {"no_such_op", "op #0"});
}

TEST(Executor, MissingRequiredInputIsReportedAtPrepare) {
  ProgramDesc program;
  OpDesc* op = program.Block(0)->AppendOp();
  op->SetType("relu");
  op->SetOutput("Out", {"y"});
  Scope scope;
  Executor exe;
  ExpectError([&] { exe.Prepare(program, 0, &scope); }, ErrorKind::kInvalidArgument,
              {"[relu] input 'X'"});
}

TEST(Executor, RunErrorNamesTheOpAndItsInputs) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  block->AddVar("a")->SetShape({2, 3});
  block->AddVar("b")->SetShape({4, 5});
  OpDesc* op = block->AppendOp();
  op->SetType("mul");
  op->SetInput("X", {"a"});
  op->SetInput("Y", {"b"});
  op->SetOutput("Out", {"c"});
  Scope scope;
  SetInput(&scope, "a", 2, 3, 0.f);
  SetInput(&scope, "b", 4, 5, 0.f);
  Executor exe;
  ExpectError([&] { exe.Run(program, &scope); }, ErrorKind::kInvalidArgument,
              {"op #0 'mul'", "X=a float32[2, 3]", "Y=b float32[4, 5]"});
}

TEST(Executor, InputNeverFedIsAPreconditionError) {
  ProgramDesc program = ReluChain(1, 2, 2);
  Scope scope;
  Executor exe;
  ExpectError([&] { exe.Run(program, &scope); }, ErrorKind::kPreconditionNotMet,
              {"[relu] input 'X' has no data"});
}

// Any input, not only the one that picks the kernel's dtype: the error names
// the op, the slot and (from the executor) the variable nothing wrote.
TEST(Executor, SecondInputNeverWrittenNamesTheVariable) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  block->AddVar("a")->SetShape({2, 3});
  block->AddVar("ghost")->SetShape({3, 4});
  OpDesc* op = block->AppendOp();
  op->SetType("mul");
  op->SetInput("X", {"a"});
  op->SetInput("Y", {"ghost"});
  op->SetOutput("Out", {"c"});
  Scope scope;
  SetInput(&scope, "a", 2, 3, 0.f);
  Executor exe;
  ExpectError([&] { exe.Run(program, &scope); }, ErrorKind::kPreconditionNotMet,
              {"[mul] input 'Y'", "holds no data", "Y=ghost (uninitialized)"});
}

TEST(Executor, BuildTimeShapeInferencePropagatesUnknownDims) {
  ProgramDesc program = ReluChain(2, 0, 16);
  program.Block(0)->FindVar("t1")->SetShape({});
  program.Block(0)->FindVar("t2")->SetShape({});
  InferShapesAtBuildTime(&program);
  EXPECT_EQ(program.Block(0)->FindVar("t2")->GetShape(), (std::vector<int64_t>{-1, 16}));
  EXPECT_EQ(program.Block(0)->FindVar("t2")->GetDataType(), DataType::kFloat32);
}

}  // namespace
}  // namespace paddle

namespace paddle {
namespace {

TEST(KernelContext, WorkspaceIsKeptBetweenCallsAndGrows) {
  const OpDef& def = OpRegistry::Instance().Get("relu");
  std::vector<Attribute> attrs;
  KernelContext ctx(def, attrs, CPUPlace());
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  void* a = ctx.Workspace(4096);
  uint64_t allocs = alloc->Stats().num_allocs;
  EXPECT_EQ(ctx.Workspace(100), a);  // smaller: the same buffer, no allocation
  EXPECT_EQ(ctx.Workspace(4096), a);
  EXPECT_EQ(alloc->Stats().num_allocs, allocs);
  void* big = ctx.Workspace(1 << 20);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % memory::kAlignment, 0u);
  static_cast<char*>(big)[(1 << 20) - 1] = 1;  // all of it is usable
  EXPECT_EQ(alloc->Stats().num_allocs, allocs + 1);
}

// ---- control-flow ops: sub-blocks through the BlockRunner hook ----
namespace control_flow {

void Declare(BlockDesc* block, const std::string& name, DataType dtype,
             VarKind kind = proto::VarType::LOD_TENSOR) {
  VarDesc* v = block->AddVar(name);
  v->SetDataType(dtype);
  v->SetShape({1});
  v->SetKind(kind);
}

OpDesc* AddOp(BlockDesc* block, const std::string& type,
              std::vector<std::pair<std::string, std::vector<std::string>>> ins,
              std::vector<std::pair<std::string, std::vector<std::string>>> outs,
              AttributeMap attrs = {}) {
  OpDesc* op = block->AppendOp();
  op->SetType(type);
  for (const auto& [slot, names] : ins) op->SetInput(slot, names);
  for (const auto& [slot, names] : outs) op->SetOutput(slot, names);
  for (const auto& [name, value] : attrs) op->SetAttr(name, value);
  return op;
}

// i = 0 (fed); while (i < n) { next = i + 1 (a sub-block temporary); i = next }.
ProgramDesc CountingLoop(bool is_test) {
  ProgramDesc program;
  BlockDesc* main = program.Block(0);
  Declare(main, "i", DataType::kFloat32);
  Declare(main, "n", DataType::kFloat32);
  Declare(main, "go", DataType::kBool);
  Declare(main, "steps", DataType::kFloat32, proto::VarType::STEP_SCOPES);
  BlockDesc* body = program.AppendBlock(0);
  Declare(body, "next", DataType::kFloat32);
  AddOp(body, "scale", {{"X", {"i"}}}, {{"Out", {"next"}}}, {{"bias", 1.0f}});
  AddOp(body, "assign", {{"X", {"next"}}}, {{"Out", {"i"}}});
  AddOp(body, "less_than", {{"X", {"i"}}, {"Y", {"n"}}}, {{"Out", {"go"}}});
  AddOp(main, "less_than", {{"X", {"i"}}, {"Y", {"n"}}}, {{"Out", {"go"}}});
  AddOp(main, "while", {{"X", {"i", "n"}}, {"Condition", {"go"}}},
        {{"Out", {"i", "go"}}, {"StepScopes", {"steps"}}},
        {{"sub_block", BlockRef{1}}, {"is_test", is_test}});
  return program;
}

void SetScalar(Scope* scope, const std::string& name, float v) {
  DenseTensor* t = scope->Var(name)->GetMutable<DenseTensor>();
  t->Resize(DDim{1});
  *t->MutableData<float>() = v;
}

float Scalar(const Scope& scope, const std::string& name) {
  return *scope.FindVar(name)->Get<DenseTensor>().data<float>();
}

TEST(ExecutorControlFlow, WhileRunsEachStepInItsOwnScopeKeptForTheNextRun) {
  ProgramDesc program = CountingLoop(false);
  Scope scope;
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"i"});
  for (float n : {4.f, 2.f, 4.f}) {
    SetScalar(&scope, "i", 0.f);
    SetScalar(&scope, "n", n);
    exe.Run(*prepared);
    EXPECT_EQ(Scalar(scope, "i"), n);
    const StepScopes& steps = scope.FindVar("steps")->Get<StepScopes>();
    EXPECT_EQ(steps.used, static_cast<size_t>(n));
    EXPECT_EQ(steps.scopes.size(), 4u);  // made once, then reused
    // The body's temporary lives in the step's scope, with i as the step began.
    EXPECT_EQ(scope.FindLocalVar("next"), nullptr);
    EXPECT_EQ(*steps.scopes[1]->FindLocalVar("next")->Get<DenseTensor>().data<float>(), 2.f);
    EXPECT_EQ(*steps.scopes[1]->FindLocalVar("i")->Get<DenseTensor>().data<float>(), 1.f);
  }
}

TEST(ExecutorControlFlow, WhileIsTestRunsEveryStepInOneScope) {
  ProgramDesc program = CountingLoop(true);
  Scope scope;
  SetScalar(&scope, "i", 0.f);
  SetScalar(&scope, "n", 5.f);
  Executor exe;
  exe.Run(*exe.Prepare(program, 0, &scope, {"i"}));
  EXPECT_EQ(Scalar(scope, "i"), 5.f);
  EXPECT_EQ(scope.FindVar("steps")->Get<StepScopes>().scopes.size(), 1u);
}

TEST(ExecutorControlFlow, WhileConditionMustBeOneBool) {
  ProgramDesc program = CountingLoop(false);
  // The loop's condition is the float i itself.
  program.Block(0)->Op(1)->SetInput("Condition", {"i"});
  Scope scope;
  SetScalar(&scope, "i", 1.f);
  SetScalar(&scope, "n", 3.f);
  Executor exe;
  ExpectError([&] { exe.Run(program, &scope); }, ErrorKind::kInvalidArgument,
              {"[while] condition 'Condition' must be a bool tensor of one element",
               "got float32[1]", "op #1 'while'"});
}

TEST(ExecutorControlFlow, ConditionalBlockRunsItsBlockOnlyWhenTheConditionHolds) {
  ProgramDesc program;
  BlockDesc* main = program.Block(0);
  Declare(main, "x", DataType::kFloat32);
  Declare(main, "y", DataType::kFloat32);
  Declare(main, "c", DataType::kBool);
  Declare(main, "scope", DataType::kFloat32, proto::VarType::STEP_SCOPES);
  BlockDesc* branch = program.AppendBlock(0);
  Declare(branch, "t", DataType::kFloat32);
  AddOp(branch, "scale", {{"X", {"x"}}}, {{"Out", {"t"}}}, {{"scale", 3.0f}});
  AddOp(branch, "assign", {{"X", {"t"}}}, {{"Out", {"y"}}});
  AddOp(main, "conditional_block", {{"Cond", {"c"}}, {"Input", {"x"}}},
        {{"Out", {"y"}}, {"Scope", {"scope"}}},
        {{"sub_block", BlockRef{1}}, {"is_scalar_condition", true}});
  Scope scope;
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"y"});
  for (bool c : {false, true}) {
    SetScalar(&scope, "x", 2.f);
    SetScalar(&scope, "y", -1.f);
    DenseTensor* ct = scope.Var("c")->GetMutable<DenseTensor>();
    ct->Resize(DDim{1});
    *ct->MutableData<bool>() = c;
    exe.Run(*prepared);
    EXPECT_EQ(Scalar(scope, "y"), c ? 6.f : -1.f);
    EXPECT_EQ(scope.FindVar("scope")->Get<StepScopes>().used, c ? 1u : 0u);
  }
}

TEST(ExecutorControlFlow, ASubBlockIndexOutOfRangeIsNamed) {
  ProgramDesc program = CountingLoop(false);
  program.Block(0)->Op(1)->SetAttr("sub_block", BlockRef{7});
  Scope scope;
  SetScalar(&scope, "i", 0.f);
  SetScalar(&scope, "n", 3.f);
  Executor exe;
  ExpectError([&] { exe.Run(program, &scope); }, ErrorKind::kOutOfRange,
              {"block 7 does not exist", "op #1 'while'"});
}

}  // namespace control_flow

}  // namespace
}  // namespace paddle
