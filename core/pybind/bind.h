// The pieces of the paddle._core extension module, one Bind* per area.
// module.cc calls them in order; errors first, so every later binding's
// exceptions already translate to the typed Python classes.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace paddle {
namespace pybind {

// pybind11 writes an enum's docstring (its text, then "Members:" and the
// values) when __doc__ is read; this puts an Example section after the values.
template <typename Enum>
void AddEnumExample(Enum& e, const char* example) {
  std::string doc = e.attr("__doc__").template cast<std::string>() + "\n\nExample:\n" + example;
  e.def_property_readonly_static("__doc__", [doc](pybind11::handle) { return doc; });
}

void BindErrors(pybind11::module_& m);     // errors.cc
void BindFlags(pybind11::module_& m);      // flags.cc
void BindMemory(pybind11::module_& m);     // memory.cc
void BindOps(pybind11::module_& m);        // ops.cc
void BindInference(pybind11::module_& m);  // inference.cc
void BindInferenceTensor(pybind11::module_& m);  // inference_tensor.cc
void BindInferenceConfig(pybind11::module_& m);  // inference_config.cc
void BindEagerDtype(pybind11::module_& m);       // eager_dtype.cc
void BindEagerTensor(pybind11::module_& m);      // eager_tensor.cc
void BindEagerOps(pybind11::module_& m);         // eager_ops.cc
void BindEagerMath(pybind11::module_& m);        // eager_math.cc
void BindEagerJit(pybind11::module_& m);         // eager_jit.cc
void BindEagerDlpack(pybind11::module_& m);      // eager_dlpack.cc
void BindEagerPyLayer(pybind11::module_& m);     // eager_pylayer.cc
void BindStaticProgram(pybind11::module_& m);    // static_program.cc
void BindStaticExecutor(pybind11::module_& m);   // static_executor.cc
void BindStaticIo(pybind11::module_& m);         // static_io.cc
void BindProfiler(pybind11::module_& m);         // profiler.cc
void BindDistributed(pybind11::module_& m);      // distributed.cc

}  // namespace pybind
}  // namespace paddle
