#include "core/executor/memory_plan.h"

#include <algorithm>
#include <cstddef>
#include <unordered_map>
#include <unordered_set>

namespace paddle {

namespace {

// The free slot for a temporary of `need` bytes (see PlanMemory), removed
// from `free_slots`. Among equals, the one freed last (the warmest buffer).
int TakeSlot(std::vector<int>& free_slots, const std::vector<int64_t>& slot_bytes,
             int64_t need) {
  const size_t none = free_slots.size();
  size_t pick = none - 1;
  if (need >= 0) {
    auto size_at = [&](size_t j) { return slot_bytes[static_cast<size_t>(free_slots[j])]; };
    size_t best_fit = none, largest = none;
    for (size_t i = none; i-- > 0;) {
      const int64_t have = size_at(i);
      if (have >= need && (best_fit == none || have < size_at(best_fit))) best_fit = i;
      if (largest == none || have > size_at(largest)) largest = i;
    }
    pick = best_fit != none ? best_fit : largest;
  }
  const int slot = free_slots[pick];
  free_slots.erase(free_slots.begin() + static_cast<std::ptrdiff_t>(pick));
  return slot;
}

}  // namespace

MemoryPlan PlanMemory(const std::vector<PlanOp>& ops,
                      const std::function<bool(const std::string&)>& plannable,
                      const std::function<int64_t(const std::string&)>& bytes) {
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
  std::vector<int64_t> slot_bytes;               // the largest estimate each slot served
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
        const int64_t need = bytes ? bytes(v) : -1;
        if (free_slots.empty()) {
          slot_of[v] = plan.num_slots++;
          slot_bytes.push_back(0);
        } else {
          slot_of[v] = TakeSlot(free_slots, slot_bytes, need);
        }
        int64_t& have = slot_bytes[static_cast<size_t>(slot_of[v])];
        have = std::max(have, need);
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
