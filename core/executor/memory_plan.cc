#include "core/executor/memory_plan.h"

#include <unordered_map>
#include <unordered_set>

namespace paddle {

MemoryPlan PlanMemory(const std::vector<PlanOp>& ops,
                      const std::function<bool(const std::string&)>& plannable) {
  // Which variables are planned (first use is a write) and where each is last used.
  std::unordered_set<std::string> seen, planned;
  std::unordered_map<std::string, size_t> last_use;
  for (size_t i = 0; i < ops.size(); ++i) {
    for (const auto& v : ops[i].inputs) {
      seen.insert(v);
      last_use[v] = i;
    }
    for (const auto& v : ops[i].outputs) {
      if (seen.insert(v).second && plannable(v)) planned.insert(v);
      last_use[v] = i;
    }
  }
  std::vector<std::vector<std::string>> dying(ops.size());
  for (const auto& v : planned) dying[last_use[v]].push_back(v);

  MemoryPlan plan;
  std::unordered_map<std::string, int> slot_of;
  std::unordered_set<std::string> handed_over;  // died in place: their slot lives on
  std::vector<int> free_slots;                   // LIFO: the warmest buffer first
  for (size_t i = 0; i < ops.size(); ++i) {
    std::unordered_map<std::string, std::string> from;  // output -> input it may overwrite
    for (const auto& [in, out] : ops[i].inplace) {
      if (in == out || !planned.count(in) || !planned.count(out) || slot_of.count(out)) continue;
      if (last_use[in] != i || handed_over.count(in) || !slot_of.count(in)) continue;
      slot_of[out] = slot_of[in];
      handed_over.insert(in);
      from[out] = in;
    }
    for (const auto& v : ops[i].outputs) {
      if (!planned.count(v)) continue;
      bool first = !slot_of.count(v) || from.count(v);
      if (!slot_of.count(v)) {
        if (free_slots.empty()) {
          slot_of[v] = plan.num_slots++;
        } else {
          slot_of[v] = free_slots.back();
          free_slots.pop_back();
        }
      }
      plan.writes.push_back(PlannedWrite{i, v, slot_of[v], first, from.count(v) ? from[v] : ""});
      from.erase(v);  // a second write of v in the same op is not a first definition
    }
    for (const auto& v : dying[i]) {
      if (!handed_over.count(v)) free_slots.push_back(slot_of[v]);
    }
  }
  return plan;
}

}  // namespace paddle
