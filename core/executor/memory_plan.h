// Buffer reuse for a block's temporaries, decided once at prepare time: a
// temporary takes over the buffer ("slot") of one whose last reader has run,
// and an op that may compute in place hands its dying input's slot to its
// output. The slots outlive a run, so a steady-state run allocates nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace paddle {

struct PlanOp {
  std::vector<std::string> inputs, outputs;  // every argument, in slot order
  std::vector<std::pair<std::string, std::string>> inplace;  // (input var, output var)
};

struct PlannedWrite {
  size_t step;
  std::string var;
  int slot;
  bool first_def;            // the var's first write in the block: it takes the slot's buffer
  std::string inplace_from;  // non-empty: the slot came from this input, dying at this step
};

struct MemoryPlan {
  int num_slots = 0;
  std::vector<PlannedWrite> writes;  // in step order
};

// Plans the variables for which `plannable` is true and whose first use in the
// block is a write (a variable read before it is written comes from outside).
// `bytes`, when given, estimates a variable's size (< 0: unknown): a new
// temporary then takes the free slot that fits it best (the smallest one
// large enough, else the largest, which grows least), so small and large
// temporaries do not inflate each other's slots; without an estimate, the
// slot freed last.
MemoryPlan PlanMemory(const std::vector<PlanOp>& ops,
                      const std::function<bool(const std::string&)>& plannable,
                      const std::function<int64_t(const std::string&)>& bytes = nullptr);

}  // namespace paddle
