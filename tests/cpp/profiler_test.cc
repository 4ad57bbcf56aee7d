// The host event recorder (core/base/profiler.h): off records nothing, spans
// nest and order, threads merge at Stop, and the op hooks of eager mode and
// the executor name each op (the Python side: tests/python/test_profiler.py).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/base/enforce.h"
#include "core/base/profiler.h"
#include "core/eager/backward.h"
#include "core/eager/op_runner.h"
#include "core/executor/executor.h"
#include "tests/cpp/test_util.h"

namespace paddle {
namespace {

using profiler::Event;
using profiler::EventType;

const Event* Find(const std::vector<Event>& events, const std::string& name) {
  for (const Event& e : events)
    if (e.name == name) return &e;
  return nullptr;
}

TEST(Profiler, RecordsNothingWhenOff) {
  ASSERT_FALSE(profiler::Enabled());
  { profiler::RecordEvent e("ignored"); }
  EXPECT_TRUE(profiler::Stop().empty());
}

TEST(Profiler, NestedSpansComeOrderedAndInsideTheirParent) {
  profiler::Start();
  {
    profiler::RecordEvent outer("outer", EventType::kPythonUserDefined);
    { profiler::RecordEvent inner("inner", EventType::kOperator, "_suffix"); }
  }
  std::vector<Event> events = profiler::Stop();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].name, "outer");  // by start, although it ended last
  EXPECT_EQ(events[0].type, EventType::kPythonUserDefined);
  EXPECT_EQ(events[1].name, "inner_suffix");
  EXPECT_LE(events[0].start_ns, events[1].start_ns);
  EXPECT_LE(events[1].start_ns, events[1].end_ns);
  EXPECT_LE(events[1].end_ns, events[0].end_ns);
  EXPECT_EQ(events[0].thread_id, profiler::CurrentThreadId());
}

TEST(Profiler, EndIsIdempotentAndASpanOpenAtStopIsDropped) {
  profiler::Start();
  profiler::RecordEvent open("still open");
  {
    profiler::RecordEvent once("ended once");
    once.End();
    once.End();
  }
  std::vector<Event> events = profiler::Stop();
  open.End();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].name, "ended once");
}

TEST(Profiler, ASpanOpenAcrossStopAndStartBelongsToNeither) {
  profiler::Start();
  auto across = std::make_unique<profiler::RecordEvent>("across");
  EXPECT_TRUE(profiler::Stop().empty());
  profiler::Start();
  { profiler::RecordEvent e("inside"); }
  across.reset();
  std::vector<Event> events = profiler::Stop();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].name, "inside");
}

TEST(Profiler, StartTwiceIsAnErrorAndStartClearsOldEvents) {
  profiler::Start();
  { profiler::RecordEvent e("first run"); }
  test::ExpectError([] { profiler::Start(); }, ErrorKind::kPreconditionNotMet, {"already recording"});
  profiler::Stop();
  profiler::Start();
  { profiler::RecordEvent e("second run"); }
  std::vector<Event> events = profiler::Stop();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].name, "second run");
}

TEST(Profiler, MergesTheEventsOfThreadsThatExited) {
  profiler::Start();
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([i] {
      for (int k = 0; k < 100; ++k) profiler::RecordEvent e("worker" + std::to_string(i));
    });
  for (auto& t : threads) t.join();
  std::vector<Event> events = profiler::Stop();
  ASSERT_EQ(events.size(), 400u);
  std::vector<uint64_t> ids;
  for (const Event& e : events) ids.push_back(e.thread_id);
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(std::unique(ids.begin(), ids.end()) - ids.begin(), 4);
  EXPECT_TRUE(std::is_sorted(events.begin(), events.end(),
                             [](const Event& a, const Event& b) { return a.start_ns < b.start_ns; }));
}

eager::TensorPtr Make(std::vector<float> values, bool wants_grad) {
  DenseTensor t(DataType::kFloat32, DDim({static_cast<int64_t>(values.size())}));
  std::memcpy(t.MutableData<float>(), values.data(), values.size() * sizeof(float));
  eager::TensorPtr p = eager::MakeTensor(std::move(t));
  p->set_stop_gradient(!wants_grad);
  return p;
}

TEST(Profiler, EagerOpsAndGradNodesAreRecorded) {
  eager::TensorPtr x = Make({1, 2, 3}, true), y = Make({4, 5, 6}, false);
  profiler::Start();
  eager::TensorPtr sum = eager::RunOpByName("elementwise_add", {}, {{x}, {y}})[0][0];
  eager::TensorPtr loss = eager::RunOpByName("reduce_sum", {{"reduce_all", true}}, {{sum}})[0][0];
  eager::Backward({loss}, {}, false);
  std::vector<Event> events = profiler::Stop();
  const Event* add = Find(events, "elementwise_add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->type, EventType::kOperator);
  const Event* infer = Find(events, "elementwise_add infer_meta");
  ASSERT_NE(infer, nullptr);  // shape inference, inside the op's span
  EXPECT_EQ(infer->type, EventType::kOperatorInner);
  EXPECT_GE(infer->start_ns, add->start_ns);
  EXPECT_LE(infer->end_ns, add->end_ns);
  const Event* node = Find(events, "reduce_sum_grad_node");
  ASSERT_NE(node, nullptr);
  EXPECT_EQ(node->type, EventType::kBackward);
  const Event* grad_op = Find(events, "reduce_sum_grad");
  ASSERT_NE(grad_op, nullptr);  // the node's grad op, inside the node's span
  EXPECT_GE(grad_op->start_ns, node->start_ns);
  EXPECT_LE(grad_op->end_ns, node->end_ns);
}

TEST(Profiler, ExecutorStepsAreRecorded) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  for (const char* name : {"x", "y"}) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(DataType::kFloat32);
    v->SetShape({2});
    v->SetPersistable(true);  // x survives the first run for the second
  }
  OpDesc* op = block->AppendOp();
  op->SetType("relu");
  op->SetInput("X", {"x"});
  op->SetOutput("Out", {"y"});
  Scope scope;
  DenseTensor* x = scope.Var("x")->GetMutable<DenseTensor>();
  x->Resize(DDim{2});
  x->MutableData<float>()[0] = -1.f;
  x->MutableData<float>()[1] = 1.f;
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, {"y"});  // outside the recording
  profiler::Start();
  exe.Run(*prepared);
  exe.Run(*prepared);
  std::vector<Event> events = profiler::Stop();
  ASSERT_EQ(events.size(), 4u);  // per run of the one op: the op, its shape inference
  EXPECT_EQ(events[0].name, "relu");
  EXPECT_EQ(events[0].type, EventType::kOperator);
  EXPECT_EQ(events[1].name, "relu infer_meta");
  EXPECT_EQ(events[2].name, "relu");
}

}  // namespace
}  // namespace paddle
