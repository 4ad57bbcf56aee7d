// paddle.Tensor (the eager tensor) and paddle.dtype. The Python class is the
// C++ EagerTensor itself; python/paddle/tensor adds the methods written in
// Python. numpy() shares the tensor's buffer (no copy); to_tensor copies.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>

#include "core/base/enforce.h"
#include "core/eager/backward.h"
#include "core/eager/grad_node.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::EagerTensor;
using eager::TensorPtr;

namespace {

struct NumpyType {
  DataType dtype;
  char kind;  // numpy's dtype.kind
  int itemsize;
  const char* name;
};
constexpr NumpyType kNumpyTypes[] = {
    {DataType::kFloat32, 'f', 4, "float32"},     {DataType::kFloat64, 'f', 8, "float64"},
    {DataType::kFloat16, 'f', 2, "float16"},     {DataType::kInt32, 'i', 4, "int32"},
    {DataType::kInt64, 'i', 8, "int64"},         {DataType::kInt16, 'i', 2, "int16"},
    {DataType::kInt8, 'i', 1, "int8"},           {DataType::kUInt8, 'u', 1, "uint8"},
    {DataType::kBool, 'b', 1, "bool"},           {DataType::kComplex64, 'c', 8, "complex64"},
    {DataType::kComplex128, 'c', 16, "complex128"},
};

DataType DtypeOfArray(const py::array& a) {
  const py::dtype dt = a.dtype();
  for (const NumpyType& e : kNumpyTypes)
    if (dt.kind() == e.kind && dt.itemsize() == e.itemsize) return e.dtype;
  throw py::type_error("[to_tensor] numpy arrays of dtype " +
                       py::str(py::handle(dt)).cast<std::string>() +
                       " cannot become a Tensor (supported: bool, int8, uint8, int16, int32, "
                       "int64, float16, float32, float64, complex64, complex128)");
}

const char* NumpyName(DataType dtype) {
  for (const NumpyType& e : kNumpyTypes)
    if (e.dtype == dtype) return e.name;
  PD_THROW(Unimplemented, "[Tensor.numpy] numpy has no ", DataTypeName(dtype), " type");
}

// A copy of the array (any layout or byte order) as a new tensor.
TensorPtr FromNumpy(py::array arr) {
  const DataType dtype = DtypeOfArray(arr);
  if (!arr.dtype().attr("isnative").cast<bool>())
    arr = arr.attr("astype")(arr.dtype().attr("newbyteorder")("="));
  arr = py::array::ensure(arr, py::array::c_style);
  if (!arr) throw py::error_already_set();
  PD_CHECK(arr.ndim() <= DDim::kMaxRank, InvalidArgument, "[to_tensor] arrays of rank ",
           arr.ndim(), " are not supported (at most ", DDim::kMaxRank, ")");
  std::vector<int64_t> dims(arr.shape(), arr.shape() + arr.ndim());
  DenseTensor t(dtype, DDim(dims));
  void* dst = t.MutableData(CPUPlace(), dtype);
  std::memcpy(dst, arr.data(), static_cast<size_t>(arr.nbytes()));
  return eager::MakeTensor(std::move(t));
}

// The tensor's buffer as an array; the array keeps the buffer alive.
py::array ToNumpy(const TensorPtr& t) {
  const DenseTensor& d = t->dense();
  PD_CHECK(d.IsInitialized(), PreconditionNotMet, "[Tensor.numpy] tensor '", t->name(),
           "' holds no data");
  py::dtype dt(NumpyName(d.dtype()));
  std::vector<py::ssize_t> shape(d.dims().data(), d.dims().data() + d.dims().rank());
  auto* keep = new memory::AllocationPtr(d.Holder());
  py::capsule base(keep, [](void* p) { delete static_cast<memory::AllocationPtr*>(p); });
  return py::array(dt, shape, {}, const_cast<void*>(d.data()), base);
}

py::list ShapeOf(const TensorPtr& t) {
  py::list out;
  const DDim& d = t->dense().dims();
  for (int i = 0; i < d.rank(); ++i) out.append(d[i]);
  return out;
}

}  // namespace

void BindEagerTensor(py::module_& m) {
  py::enum_<DataType> dtype(m, "dtype", "The element type of a Tensor (paddle.float32, ...).");
  for (DataType t : AllDataTypes()) {
    std::string name = DataTypeName(t);
    std::string upper;
    for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    dtype.value(upper.c_str(), t);
  }
  dtype.def("__str__", [](DataType t) { return std::string("paddle.") + DataTypeName(t); })
      .def_property_readonly("name", [](DataType t) { return std::string(DataTypeName(t)); })
      .def_property_readonly("itemsize", [](DataType t) { return SizeOf(t); })
      .def_property_readonly("code", [](DataType t) { return static_cast<int>(t); });
  m.def("dtype_from_name", &DataTypeFromName, py::arg("name"));
  m.def("dtype_from_code", [](int code) { return DataTypeFromCode(code, "dtype_from_code"); });

  py::class_<EagerTensor, TensorPtr>(m, "Tensor", py::dynamic_attr(),
                                      "A multi-dimensional array with automatic differentiation.")
      .def(py::init<>())
      .def_static("_from_numpy", &FromNumpy, py::arg("array"))
      .def("numpy", &ToNumpy,
           "The tensor's data as a numpy.ndarray (shares the tensor's memory).")
      .def_property_readonly("shape", &ShapeOf)
      .def_property_readonly("ndim", [](const TensorPtr& t) { return t->dense().dims().rank(); })
      .def_property_readonly("dtype", [](const TensorPtr& t) { return t->dense().dtype(); })
      .def_property_readonly("place", [](const TensorPtr& t) { return t->dense().place().ToString(); })
      .def("_numel", [](const TensorPtr& t) { return t->dense().numel(); })
      .def("_is_initialized", [](const TensorPtr& t) { return t->dense().IsInitialized(); })
      .def("_data_ptr", [](const TensorPtr& t) {
        return reinterpret_cast<uintptr_t>(t->dense().IsInitialized() ? t->dense().data() : nullptr);
      })
      .def_property("name", [](const TensorPtr& t) { return t->name(); },
                    [](const TensorPtr& t, std::string n) { t->set_name(std::move(n)); })
      .def_property("persistable", &EagerTensor::persistable, &EagerTensor::set_persistable)
      .def_property("stop_gradient", &EagerTensor::stop_gradient, &EagerTensor::set_stop_gradient)
      .def_property_readonly("is_leaf", &EagerTensor::is_leaf)
      .def_property_readonly("_version", &EagerTensor::version)
      .def_property_readonly("grad", [](const TensorPtr& t) { return t->grad(); },
                             "The gradient accumulated by backward(), or None.")
      .def("_set_grad", [](const TensorPtr& t, TensorPtr g) { t->set_grad(std::move(g)); })
      .def_property_readonly("_grad_node_name", [](const TensorPtr& t) -> py::object {
        if (!t->grad_node()) return py::none();
        return py::str(t->grad_node()->name());
      })
      .def("_detach", [](const TensorPtr& t) { return eager::MakeTensor(t->dense()); })
      // In-place results: `t` takes `src`'s buffer and its place in the graph.
      .def("_assign_from", [](const TensorPtr& t, const TensorPtr& src) {
        t->dense() = src->dense();
        t->BumpVersion();
        t->SetGradNode(src->grad_node(), src->out_slot(), src->out_index());
        t->set_stop_gradient(src->stop_gradient());
      })
      .def("_backward", [](const TensorPtr& t, TensorPtr grad, bool retain_graph) {
        eager::Backward({t}, {grad}, retain_graph);
      }, py::arg("grad").none(true), py::arg("retain_graph"))
      .def("_register_grad_hook", [](const TensorPtr& t, py::function fn) {
        PD_CHECK(t->requires_grad(), PreconditionNotMet, "[register_hook] tensor '", t->name(),
                 "' has stop_gradient=True, so no gradient will reach its hook");
        eager::GradHook hook = PyGradHook(std::move(fn));
        if (t->grad_node()) t->grad_node()->AddHook(t->out_slot(), t->out_index(), std::move(hook));
        else t->leaf_hooks().push_back(std::move(hook));
      })
      .def("_retain_grads", [](const TensorPtr& t) {
        if (t->grad_node()) t->grad_node()->RetainGrad(t->out_slot(), t->out_index(), t);
      });

  m.def("backward", [](py::handle roots, py::handle grads, bool retain_graph) {
          eager::Backward(TensorList(roots, "[backward] tensors"),
                          TensorList(grads, "[backward] grad_tensors"), retain_graph);
        }, py::arg("tensors"), py::arg("grad_tensors"), py::arg("retain_graph"));
  m.def("grad", [](py::handle outputs, py::handle inputs, py::handle grad_outputs,
                   py::handle no_grad_vars, bool retain_graph, bool create_graph,
                   bool allow_unused) {
          eager::GradOptions o{retain_graph, create_graph, allow_unused};
          auto req = [](py::handle h, const char* what) {
            auto v = TensorList(h, std::string("[paddle.grad] ") + what);
            for (const auto& t : v)
              PD_CHECK(t, InvalidArgument, "[paddle.grad] ", what, " holds None");
            return v;
          };
          return eager::Grad(req(outputs, "outputs"), req(inputs, "inputs"),
                             TensorList(grad_outputs, "[paddle.grad] grad_outputs"),
                             req(no_grad_vars, "no_grad_vars"), o);
        }, py::arg("outputs"), py::arg("inputs"), py::arg("grad_outputs"),
        py::arg("no_grad_vars"), py::arg("retain_graph"), py::arg("create_graph"),
        py::arg("allow_unused"));
}

}  // namespace pybind
}  // namespace paddle
