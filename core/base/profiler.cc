#include "core/base/profiler.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>

#include "core/base/enforce.h"

namespace paddle {
namespace profiler {

namespace detail {
std::atomic<bool> g_enabled{false};
std::atomic<uint64_t> g_generation{0};
}

namespace {

// One thread's events. The registry shares it, so a thread that exits before
// Stop still hands its events over; its own mutex is uncontended except
// while Start/Stop take the events.
struct ThreadBuffer {
  uint64_t thread_id;
  std::mutex mu;
  std::vector<Event> events;
};

struct Registry {
  std::mutex mu;
  std::vector<std::shared_ptr<ThreadBuffer>> buffers;
  uint64_t next_thread_id = 0;
  bool running = false;  // Start/Stop pairing, under mu
};

Registry& GetRegistry() {
  static Registry* registry = new Registry();  // never destroyed: threads may record at exit
  return *registry;
}

ThreadBuffer& LocalBuffer() {
  thread_local std::shared_ptr<ThreadBuffer> local = [] {
    Registry& r = GetRegistry();
    auto buffer = std::make_shared<ThreadBuffer>();
    std::lock_guard<std::mutex> lock(r.mu);
    buffer->thread_id = r.next_thread_id++;
    r.buffers.push_back(buffer);
    return buffer;
  }();
  return *local;
}

}  // namespace

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

uint64_t CurrentThreadId() { return LocalBuffer().thread_id; }

void Start() {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  PD_CHECK(!r.running, PreconditionNotMet,
           "[profiler] Start called while a profiler is already recording; stop it first");
  for (auto& buffer : r.buffers) {
    std::lock_guard<std::mutex> buffer_lock(buffer->mu);
    buffer->events.clear();
  }
  r.running = true;
  detail::g_generation.fetch_add(1, std::memory_order_relaxed);
  detail::g_enabled.store(true, std::memory_order_relaxed);
}

std::vector<Event> Stop() {
  Registry& r = GetRegistry();
  std::vector<Event> merged;
  std::lock_guard<std::mutex> lock(r.mu);
  if (!r.running) return merged;
  r.running = false;
  detail::g_enabled.store(false, std::memory_order_relaxed);
  for (auto& buffer : r.buffers) {
    std::lock_guard<std::mutex> buffer_lock(buffer->mu);
    for (Event& e : buffer->events) merged.push_back(std::move(e));
    buffer->events.clear();
  }
  // Threads that have exited hold no reference any more: forget their buffers.
  r.buffers.erase(std::remove_if(r.buffers.begin(), r.buffers.end(),
                                 [](const std::shared_ptr<ThreadBuffer>& b) { return b.use_count() == 1; }),
                  r.buffers.end());
  // Events are appended when they end; by start (longer first on ties) an
  // enclosing span precedes what it contains.
  std::stable_sort(merged.begin(), merged.end(), [](const Event& a, const Event& b) {
    if (a.start_ns != b.start_ns) return a.start_ns < b.start_ns;
    return a.end_ns > b.end_ns;
  });
  return merged;
}

void RecordEvent::Begin(std::string_view name, EventType type, std::string_view suffix) {
  name_.reserve(name.size() + suffix.size());
  name_.append(name).append(suffix);
  type_ = type;
  generation_ = detail::g_generation.load(std::memory_order_relaxed);
  active_ = true;
  start_ns_ = NowNs();
}

void RecordEvent::Finish() {
  active_ = false;
  const int64_t end_ns = NowNs();
  // Stopped meanwhile (and perhaps started again): the span is incomplete.
  if (!Enabled() || detail::g_generation.load(std::memory_order_relaxed) != generation_) return;
  ThreadBuffer& buffer = LocalBuffer();
  std::lock_guard<std::mutex> lock(buffer.mu);
  buffer.events.push_back(Event{std::move(name_), type_, start_ns_, end_ns, buffer.thread_id});
}

}  // namespace profiler
}  // namespace paddle
