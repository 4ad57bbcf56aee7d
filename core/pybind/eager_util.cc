#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

eager::TensorPtr TensorOrNull(py::handle obj, const std::string& where) {
  if (obj.is_none()) return nullptr;
  if (!py::isinstance<eager::EagerTensor>(obj))
    throw py::type_error(where + " expects a paddle.Tensor, got " +
                         py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>());
  return obj.cast<eager::TensorPtr>();
}

std::vector<eager::TensorPtr> TensorList(py::handle obj, const std::string& where) {
  std::vector<eager::TensorPtr> out;
  if (!py::isinstance<py::list>(obj) && !py::isinstance<py::tuple>(obj))
    throw py::type_error(where + " expects a list of paddle.Tensor, got " +
                         py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>());
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

}  // namespace pybind
}  // namespace paddle
