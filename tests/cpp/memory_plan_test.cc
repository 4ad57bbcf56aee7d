// The memory plan on its own: which temporaries share a buffer, and when.
#include <gtest/gtest.h>

#include "core/executor/memory_plan.h"

namespace paddle {
namespace {

bool All(const std::string&) { return true; }

// Slot of each planned write, as "var@slot" (+"*" for a first definition).
std::vector<std::string> Describe(const MemoryPlan& plan) {
  std::vector<std::string> out;
  for (const auto& w : plan.writes)
    out.push_back(w.var + "@" + std::to_string(w.slot) + (w.first_def ? "*" : "") +
                  (w.inplace_from.empty() ? "" : "<" + w.inplace_from));
  return out;
}

TEST(MemoryPlan, AChainNeedsTwoBuffers) {
  // x -> a -> b -> c -> d: a dies when c is written, so c reuses a's buffer.
  std::vector<PlanOp> ops = {{{"x"}, {"a"}, {}}, {{"a"}, {"b"}, {}}, {{"b"}, {"c"}, {}},
                             {{"c"}, {"d"}, {}}};
  MemoryPlan plan = PlanMemory(ops, All);
  EXPECT_EQ(plan.num_slots, 2);
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"a@0*", "b@1*", "c@0*", "d@1*"}));
}

TEST(MemoryPlan, InPlaceOpsHandTheirInputsBufferOn) {
  std::vector<PlanOp> ops = {{{"x"}, {"a"}, {}},
                             {{"a"}, {"b"}, {{"a", "b"}}},
                             {{"b"}, {"c"}, {{"b", "c"}}}};
  MemoryPlan plan = PlanMemory(ops, All);
  EXPECT_EQ(plan.num_slots, 1);
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"a@0*", "b@0*<a", "c@0*<b"}));
}

TEST(MemoryPlan, NoInPlaceWhileTheInputIsStillNeeded) {
  // a is read again after b is written: b must not overwrite it.
  std::vector<PlanOp> ops = {{{"x"}, {"a"}, {}},
                             {{"a"}, {"b"}, {{"a", "b"}}},
                             {{"a", "b"}, {"c"}, {}}};
  MemoryPlan plan = PlanMemory(ops, All);
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"a@0*", "b@1*", "c@2*"}));
}

TEST(MemoryPlan, VariablesFromOutsideOrExcludedAreNotPlanned) {
  // x is read before any write (fed from outside); keep is excluded by the predicate.
  std::vector<PlanOp> ops = {{{"x"}, {"x2", "keep"}, {}}, {{"x2"}, {"y"}, {{"x2", "y"}}}};
  MemoryPlan plan = PlanMemory(ops, [](const std::string& n) { return n != "keep"; });
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"x2@0*", "y@0*<x2"}));
}

TEST(MemoryPlan, ALaterWriteKeepsTheSlotAndIsNotAFirstDefinition) {
  std::vector<PlanOp> ops = {{{"x"}, {"a"}, {}}, {{"a"}, {"a"}, {}}, {{"a"}, {"b"}, {}}};
  MemoryPlan plan = PlanMemory(ops, All);
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"a@0*", "a@0", "b@1*"}));
}

TEST(MemoryPlan, AWriteNobodyReadsFreesItsSlotAtOnce) {
  std::vector<PlanOp> ops = {{{"x"}, {"out", "unused"}, {}}, {{"out"}, {"y"}, {}}};
  MemoryPlan plan = PlanMemory(ops, All);
  EXPECT_EQ(plan.num_slots, 2);
  EXPECT_EQ(Describe(plan), (std::vector<std::string>{"out@0*", "unused@1*", "y@1*"}));
}

TEST(MemoryPlan, WithSizesATemporaryTakesTheFreeBufferThatFitsBest) {
  // small's slot is freed, then big's: with sizes, the next small temporary
  // takes small's slot and a big one big's; without, the slot freed last.
  std::vector<PlanOp> ops = {{{"x"}, {"small"}, {}}, {{"x"}, {"big"}, {}},
                             {{"small"}, {}, {}},    {{"big"}, {}, {}},
                             {{"x"}, {"s2"}, {}},    {{"x"}, {"b2"}, {}},
                             {{"s2", "b2"}, {"y"}, {}}};
  auto bytes = [](const std::string& n) -> int64_t {
    return n == "big" || n == "b2" ? 1000 : n == "y" ? -1 : 10;
  };
  EXPECT_EQ(Describe(PlanMemory(ops, All, bytes)),
            (std::vector<std::string>{"small@0*", "big@1*", "s2@0*", "b2@1*", "y@2*"}));
  EXPECT_EQ(Describe(PlanMemory(ops, All)),
            (std::vector<std::string>{"small@0*", "big@1*", "s2@1*", "b2@0*", "y@2*"}));
}

}  // namespace
}  // namespace paddle
