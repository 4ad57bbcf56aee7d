// The host event recorder behind paddle.profiler: a process-wide switch,
// per-thread event buffers merged at Stop, and an RAII RecordEvent scope.
// Off (the default) a scope costs one relaxed atomic load, so hooks can sit
// on the hottest paths (every eager op).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paddle {
namespace profiler {

// PaddlePaddle's TracerEventType, same numbering (paddle.profiler.TracerEventType).
enum class EventType : int {
  kOperator = 0,
  kDataloader = 1,
  kProfileStep = 2,
  kCudaRuntime = 3,
  kKernel = 4,
  kMemcpy = 5,
  kMemset = 6,
  kUserDefined = 7,
  kOperatorInner = 8,
  kForward = 9,
  kBackward = 10,
  kOptimization = 11,
  kCommunication = 12,
  kPythonOp = 13,
  kPythonUserDefined = 14,
  kDygraphKernelLaunch = 15,
  kStaticKernelLaunch = 16,
};
constexpr int kNumEventTypes = 17;

struct Event {
  std::string name;
  EventType type;
  int64_t start_ns;  // steady clock, see NowNs
  int64_t end_ns;
  uint64_t thread_id;  // small per-process number, 0 for the first thread that recorded
};

namespace detail {
extern std::atomic<bool> g_enabled;
extern std::atomic<uint64_t> g_generation;  // bumped by each Start
}

inline bool Enabled() { return detail::g_enabled.load(std::memory_order_relaxed); }

// Nanoseconds of the steady clock (the epoch is arbitrary but process-wide).
int64_t NowNs();

// Clears every thread's buffer and turns recording on. Throws
// PreconditionNotMet when already on: one profiler at a time.
void Start();
// Turns recording off and returns the events of every thread, ordered by start
// (an enclosing event before the events it contains). Empty when it was off.
std::vector<Event> Stop();

// The calling thread's number as recorded in Event::thread_id.
uint64_t CurrentThreadId();

// Records [construction, End() or destruction) under `name` + `suffix` when
// recording was on at construction and is still the same recording at the
// end (a span open across Stop/Start belongs to neither); the name is only
// copied when on.
class RecordEvent {
 public:
  explicit RecordEvent(std::string_view name, EventType type = EventType::kUserDefined,
                       std::string_view suffix = {}) {
    if (Enabled()) Begin(name, type, suffix);
  }
  ~RecordEvent() { End(); }
  RecordEvent(const RecordEvent&) = delete;
  RecordEvent& operator=(const RecordEvent&) = delete;

  // Ends the span now; later calls (and the destructor) do nothing.
  void End() {
    if (active_) Finish();
  }

 private:
  void Begin(std::string_view name, EventType type, std::string_view suffix);
  void Finish();

  bool active_ = false;
  EventType type_ = EventType::kUserDefined;
  uint64_t generation_ = 0;
  int64_t start_ns_ = 0;
  std::string name_;
};

}  // namespace profiler
}  // namespace paddle
