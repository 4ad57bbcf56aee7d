// The host event recorder (core/base/profiler.h) for paddle.profiler: start,
// stop with the merged events, and RecordEvent spans opened from Python.
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/base/enforce.h"
#include "core/base/profiler.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

profiler::EventType ToEventType(int value) {
  PD_CHECK(value >= 0 && value < profiler::kNumEventTypes, InvalidArgument,
           "[RecordEvent] event_type must be a TracerEventType value in [0, ",
           profiler::kNumEventTypes, "), got ", value);
  return static_cast<profiler::EventType>(value);
}

}  // namespace

void BindProfiler(py::module_& m) {
  m.def("profiler_start", &profiler::Start,
        "Clears the recorded events and turns recording on; raises when already on.");
  m.def(
      "profiler_stop",
      [] {
        std::vector<profiler::Event> events = profiler::Stop();
        std::vector<std::tuple<std::string, int, int64_t, int64_t, uint64_t>> out;
        out.reserve(events.size());
        for (profiler::Event& e : events)
          out.emplace_back(std::move(e.name), static_cast<int>(e.type), e.start_ns, e.end_ns,
                           e.thread_id);
        return out;
      },
      "Turns recording off and returns every thread's events as (name, event_type, start_ns, "
      "end_ns, thread_id) tuples, ordered by start (an enclosing span first).");
  m.def("profiler_enabled", &profiler::Enabled, "Whether events are being recorded.");
  m.def("profiler_now_ns", &profiler::NowNs, "The recorder's clock: steady nanoseconds.");
  m.def("profiler_thread_id", &profiler::CurrentThreadId,
        "The calling thread's number in the recorded events.");

  // A span opened from Python; recorded only when recording was on at creation.
  py::class_<profiler::RecordEvent>(m, "_RecordEvent")
      .def(py::init([](const std::string& name, int event_type) {
             return std::make_unique<profiler::RecordEvent>(name, ToEventType(event_type));
           }),
           py::arg("name"), py::arg("event_type"))
      .def("end", &profiler::RecordEvent::End, "Ends the span; later calls do nothing.");
}

}  // namespace pybind
}  // namespace paddle
