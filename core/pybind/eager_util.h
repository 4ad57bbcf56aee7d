// The eager tensor's Python type (a CPython type of our own, not a pybind11
// class: a call converts a tensor argument with one type check, and returns
// the tensor's one Python object) and the conversions the eager bindings share.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/eager/eager_tensor.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace pybind {

// paddle.Tensor, made by BindEagerTensor.
extern PyTypeObject* g_tensor_type;
inline bool IsTensor(PyObject* obj) {
  return Py_TYPE(obj) == g_tensor_type || PyType_IsSubtype(Py_TYPE(obj), g_tensor_type);
}
// The tensor of a paddle.Tensor object (IsTensor(obj) must hold).
const eager::TensorPtr& UnwrapTensor(PyObject* obj);
// A new reference to t's Python object (made on first use: a
// paddle.static.Variable for a symbolic tensor); None for null.
PyObject* WrapTensor(const eager::TensorPtr& t);
// Makes `obj` (a paddle.Tensor, or a subclass's instance) the object of `t`.
void RebindTensor(PyObject* obj, const eager::TensorPtr& t);

// NumPy conversions: a copy of any array (layout, byte order) as a tensor;
// a tensor's buffer as an array that keeps it alive (no copy). `name` is for errors.
DenseTensor DenseFromNumpy(pybind11::array arr);
pybind11::array DenseToNumpy(const DenseTensor& d, const std::string& name);
DataType DtypeOfArray(const pybind11::array& a);

// The name of obj's type, for error messages ("numpy.ndarray", "str").
std::string PyTypeName(pybind11::handle obj);
// `obj` as a tensor, or null for None; TypeError naming `where` otherwise.
eager::TensorPtr TensorOrNull(pybind11::handle obj, const char* where);
// A list/tuple of tensors (None entries kept as null).
std::vector<eager::TensorPtr> TensorList(pybind11::handle obj, const char* where);
// A Python callable as a gradient hook: called with the GIL held; a returned
// Tensor replaces the gradient, None keeps it.
eager::GradHook PyGradHook(pybind11::function fn);
// Sets the Python error for the exception being handled (call in a catch block).
void SetErrorFromCurrentException();

// A Python value as attribute `a` of `def` (converted to its declared type,
// constraints checked); TypeError/InvalidArgument naming the op and attribute.
Attribute AttrFromPython(const OpDef& def, const AttrDef& a, pybind11::handle value);

// The arithmetic and comparison slots of paddle.Tensor (eager_math.cc).
void FillTensorNumberSlots(PyNumberMethods* nb, richcmpfunc* richcompare);

// The body of a CPython entry point: C++ exceptions become Python errors
// (null / -1 returned with the error set).
template <typename F>
PyObject* Guard(F&& body) {
  try {
    return body();
  } catch (...) {
    SetErrorFromCurrentException();
    return nullptr;
  }
}
template <typename F>
int GuardSet(F&& body) {
  try {
    body();
    return 0;
  } catch (...) {
    SetErrorFromCurrentException();
    return -1;
  }
}

// paddle.dtype (eager_dtype.cc): the object of a DataType (new reference), and
// the DataType of an object (false when it is no paddle.dtype).
PyObject* DtypeObject(DataType dtype);
bool DtypeOf(PyObject* obj, DataType* out);

}  // namespace pybind
}  // namespace paddle

// pybind11 functions take and return tensors through the type above.
namespace pybind11 {
namespace detail {
template <>
struct type_caster<paddle::eager::TensorPtr> {
  PYBIND11_TYPE_CASTER(paddle::eager::TensorPtr, const_name("paddle.Tensor"));
  bool load(handle src, bool) {
    if (src.is_none()) {
      value = nullptr;
      return true;
    }
    if (!paddle::pybind::IsTensor(src.ptr())) return false;
    value = paddle::pybind::UnwrapTensor(src.ptr());
    return true;
  }
  static handle cast(const paddle::eager::TensorPtr& t, return_value_policy, handle) {
    return paddle::pybind::WrapTensor(t);
  }
};
template <>
struct type_caster<paddle::DataType> {
  PYBIND11_TYPE_CASTER(paddle::DataType, const_name("paddle.dtype"));
  bool load(handle src, bool) { return paddle::pybind::DtypeOf(src.ptr(), &value); }
  static handle cast(paddle::DataType d, return_value_policy, handle) {
    return paddle::pybind::DtypeObject(d);
  }
};
}  // namespace detail
}  // namespace pybind11
