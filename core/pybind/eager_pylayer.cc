// The grad node of paddle.autograd.PyLayer: a GradNode whose gradient rule
// is a Python callable (python/paddle/autograd/py_layer.py wraps the user's
// backward in it).
#include <memory>
#include <string>
#include <vector>

#include "core/eager/grad_node.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

using eager::TensorPtr;
using eager::TensorSlots;

// `fn(grads)` with one list of output gradients (None where none arrived),
// returning one gradient (or None) per input. The callable is released with
// the GIL held, wherever the node dies.
eager::CustomBackward PyBackward(py::function fn, std::string type, size_t num_inputs) {
  auto holder = std::shared_ptr<py::function>(new py::function(std::move(fn)), [](py::function* f) {
    py::gil_scoped_acquire gil;
    delete f;
  });
  return [holder, type, num_inputs](TensorSlots out_grads) -> TensorSlots {
    py::gil_scoped_acquire gil;
    py::list grads;
    for (const TensorPtr& g : out_grads[0]) grads.append(g ? py::cast(g) : py::none());
    std::vector<TensorPtr> result = TensorList((*holder)(grads), ("[" + type + "] backward").c_str());
    PD_CHECK(result.size() == num_inputs, InvalidArgument, "[", type, "] backward gave ",
             result.size(), " gradients for ", num_inputs, " inputs");
    return {std::move(result)};
  };
}

}  // namespace

void BindEagerPyLayer(py::module_& m) {
  m.def("_make_py_layer_node",
        [](const std::string& type, py::function backward, py::handle inputs, py::handle outputs) {
          const std::string where = "[" + type + "]";
          std::vector<TensorPtr> ins = TensorList(inputs, (where + " inputs").c_str());
          std::vector<TensorPtr> outs = TensorList(outputs, (where + " outputs").c_str());
          for (const TensorPtr& t : outs) PD_CHECK(t, InvalidArgument, where, " an output is None");
          auto node = eager::GradNode::MakeCustom(
              type, PyBackward(std::move(backward), type, ins.size()), {ins}, {outs});
          for (size_t i = 0; i < outs.size(); ++i) {
            outs[i]->SetGradNode(node, 0, static_cast<int>(i));
            outs[i]->set_stop_gradient(false);
          }
        },
        py::arg("type"), py::arg("backward"), py::arg("inputs"), py::arg("outputs"),
        "Records a node whose backward is `backward(grads_of_outputs) -> grads_of_inputs` "
        "(lists; None for no gradient) and makes `outputs` its results (stop_gradient=False).");
}

}  // namespace pybind
}  // namespace paddle
