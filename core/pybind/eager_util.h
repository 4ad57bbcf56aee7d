// Conversions shared by the eager bindings (eager_tensor.cc, eager_ops.cc).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/eager/eager_tensor.h"

namespace paddle {
namespace pybind {

// `obj` as a tensor, or null for None; TypeError naming `where` otherwise.
eager::TensorPtr TensorOrNull(pybind11::handle obj, const std::string& where);
// A list/tuple of tensors (None entries kept as null).
std::vector<eager::TensorPtr> TensorList(pybind11::handle obj, const std::string& where);
// A Python callable as a gradient hook: called with the GIL held; a returned
// Tensor replaces the gradient, None keeps it.
eager::GradHook PyGradHook(pybind11::function fn);

}  // namespace pybind
}  // namespace paddle
