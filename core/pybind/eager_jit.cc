// What paddle.jit needs from C++: recording a trace of eager ops into an
// inference program (jit.save), and running a loaded program in eager mode
// (jit.load).
#include <pybind11/stl.h>

#include "core/base/enforce.h"
#include "core/eager/program_runner.h"
#include "core/eager/tracer.h"
#include "core/framework/model_io.h"
#include "core/framework/scope.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::TensorPtr;

namespace {

void SaveTraced(const eager::TracedProgram& traced, const std::string& model_path,
                const std::string& params_path) {
  Scope scope;
  for (const auto& [name, tensor] : traced.params)
    *scope.Var(name)->GetMutable<DenseTensor>() = tensor;
  SaveInferenceModel(model_path, params_path, traced.program, scope);
}

// The parameters of a saved model as persistable tensors, by name.
std::map<std::string, TensorPtr> LoadParamTensors(const std::string& model_path,
                                                  const std::string& params_path,
                                                  py::bytes* program_bytes) {
  ProgramDesc program;
  Scope scope;
  LoadInferenceModel(model_path, params_path, &program, &scope);
  *program_bytes = py::bytes(program.Serialize());
  std::map<std::string, TensorPtr> params;
  for (const std::string& name : PersistableVarNames(program)) {
    TensorPtr t = eager::MakeTensor(scope.GetVar(name, "jit.load")->Get<DenseTensor>());
    t->set_name(name);
    t->set_persistable(true);
    params[name] = t;
  }
  return params;
}

}  // namespace

void BindEagerJit(py::module_& m) {
  py::class_<eager::TracedProgram>(m, "TracedProgram", "An inference program recorded by a Tracer.")
      .def("program_bytes", [](const eager::TracedProgram& t) { return py::bytes(t.program.Serialize()); })
      .def("param_names", [](const eager::TracedProgram& t) {
        std::vector<std::string> names;
        for (const auto& kv : t.params) names.push_back(kv.first);
        return names;
      })
      .def("save", &SaveTraced, py::arg("model_path"), py::arg("params_path"),
           "Writes the .pdmodel and .pdiparams files (atomically).");

  py::class_<eager::Tracer>(m, "Tracer", "Records the eager ops this thread runs (jit.save).")
      .def(py::init<>())
      .def("start", &eager::Tracer::Start)
      .def("stop", &eager::Tracer::Stop)
      .def("build", &eager::Tracer::Build, py::arg("inputs"), py::arg("input_names"),
           py::arg("outputs"));
  m.def("is_tracing", [] { return eager::Tracer::Active() != nullptr; });
  m.def("merge_traces", [](const eager::TracedProgram& a, const eager::TracedProgram& b) {
    eager::TracedProgram merged{eager::MergeTraces(a.program, b.program), a.params};
    return merged;
  }, py::arg("a"), py::arg("b"));

  py::class_<eager::ProgramRunner>(m, "ProgramRunner",
                                   "Runs an inference program op by op in eager mode (jit.load).")
      .def(py::init([](const py::bytes& program) {
             return std::make_unique<eager::ProgramRunner>(
                 ProgramDesc::Parse(std::string(program), "jit.load"));
           }), py::arg("program_bytes"))
      .def_property_readonly("feed_names", &eager::ProgramRunner::feed_names)
      .def_property_readonly("fetch_names", &eager::ProgramRunner::fetch_names)
      .def_property_readonly("param_names", &eager::ProgramRunner::param_names)
      .def("run", &eager::ProgramRunner::Run, py::arg("feeds"), py::arg("params"));
  m.def("load_inference_params", [](const std::string& model_path, const std::string& params_path) {
    py::bytes program;
    auto params = LoadParamTensors(model_path, params_path, &program);
    return py::make_tuple(program, params);
  }, py::arg("model_path"), py::arg("params_path"),
     "(program bytes, {name: Tensor}) of a saved inference model.");
}

}  // namespace pybind
}  // namespace paddle
