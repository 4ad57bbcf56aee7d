#include "core/pybind/eager_util.h"

#include <pybind11/detail/exception_translation.h>

namespace py = pybind11;

namespace paddle {
namespace pybind {

std::string PyTypeName(py::handle obj) { return Py_TYPE(obj.ptr())->tp_name; }

eager::TensorPtr TensorOrNull(py::handle obj, const char* where) {
  if (obj.is_none()) return nullptr;
  if (!IsTensor(obj.ptr()))
    throw py::type_error(std::string(where) + " expects a paddle.Tensor, got " + PyTypeName(obj));
  return UnwrapTensor(obj.ptr());
}

std::vector<eager::TensorPtr> TensorList(py::handle obj, const char* where) {
  if (!PyList_Check(obj.ptr()) && !PyTuple_Check(obj.ptr()))
    throw py::type_error(std::string(where) + " expects a list of paddle.Tensor, got " +
                         PyTypeName(obj));
  std::vector<eager::TensorPtr> out;
  for (py::handle item : obj) out.push_back(TensorOrNull(item, where));
  return out;
}

eager::GradHook PyGradHook(py::function fn) {
  // The function is shared by copies of the hook; its last reference is
  // dropped with the GIL held.
  auto holder = std::shared_ptr<py::function>(new py::function(std::move(fn)), [](py::function* f) {
    py::gil_scoped_acquire gil;
    delete f;
  });
  return [holder](const eager::TensorPtr& g) -> eager::TensorPtr {
    py::gil_scoped_acquire gil;
    py::object r = (*holder)(g);
    return TensorOrNull(r, "[register_hook] the hook's result");
  };
}

void SetErrorFromCurrentException() { py::detail::try_translate_exceptions(); }

}  // namespace pybind
}  // namespace paddle
