// What paddle.static's saving and loading need from C++: the inference
// program of a training program, and PaddlePaddle's .pdmodel/.pdiparams
// files and byte streams (core/framework/model_io.h) for programs and scopes.
#include <pybind11/stl.h>

#include "core/base/enforce.h"
#include "core/eager/static_build.h"
#include "core/framework/model_io.h"
#include "core/ir/prune.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::ProgramPtr;
using eager::StaticProgram;

namespace {
ProgramPtr Wrap(ProgramDesc desc) {
  auto p = std::make_shared<StaticProgram>();
  p->desc = std::move(desc);
  return p;
}
}  // namespace

void BindStaticIo(py::module_& m) {
  m.def("_prune_for_inference", [](const ProgramPtr& p, const std::vector<std::string>& feeds,
                                   const std::vector<std::string>& fetches) {
    return Wrap(ir::PruneForInference(p->desc, feeds, fetches));
  }, py::arg("program"), py::arg("feeds"), py::arg("fetches"));
  m.def("_save_inference_model", [](const std::string& model_path, const std::string& params_path,
                                    const ProgramPtr& p, const std::shared_ptr<Scope>& scope) {
    SaveInferenceModel(model_path, params_path, p->desc, *scope);
  }, py::arg("model_path"), py::arg("params_path"), py::arg("program"), py::arg("scope"));
  m.def("_load_inference_model", [](const std::string& model_path, const std::string& params_path,
                                    const std::shared_ptr<Scope>& scope) {
    ProgramDesc program;
    LoadInferenceModel(model_path, params_path, &program, scope.get());
    return Wrap(std::move(program));
  }, py::arg("model_path"), py::arg("params_path"), py::arg("scope"));
  m.def("_parse_program", [](const py::bytes& data) {
    return Wrap(ParseProgram(std::string(data), "deserialize_program"));
  }, py::arg("data"), "Parses and validates ProgramDesc bytes (InvalidModel if corrupt).");
  m.def("_persistable_var_names", [](const ProgramPtr& p) { return PersistableVarNames(p->desc); },
        py::arg("program"));
  m.def("_serialize_persistables", [](const ProgramPtr& p, const std::shared_ptr<Scope>& scope) {
    return py::bytes(SerializeParams(p->desc, *scope));
  }, py::arg("program"), py::arg("scope"));
  m.def("_deserialize_persistables", [](const ProgramPtr& p, const py::bytes& data,
                                        const std::shared_ptr<Scope>& scope) {
    DeserializeParams(std::string(data), "the persistables' bytes", p->desc, scope.get());
  }, py::arg("program"), py::arg("data"), py::arg("scope"));
}

}  // namespace pybind
}  // namespace paddle
