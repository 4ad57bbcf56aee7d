// paddle.dtype: one immutable object per element type (paddle.float32, ...).
// Equality is identity and hashing is by address, both in C, so dtype checks
// in Python code cost nanoseconds (a pybind11 enum's __eq__ costs microseconds).
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

#include <structmember.h>  // after Python.h (through pybind11)

#include <array>
#include <cctype>

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

struct PyDtype {
  PyObject_HEAD
  int code;  // the VarType code (DataType's value)
  PyObject* name;
  Py_ssize_t itemsize;
  bool holds_tensors;  // false: a name PaddlePaddle has (paddle.uint32, ...) with no kernels here
};

PyTypeObject* g_dtype_type = nullptr;
std::array<PyObject*, 40> g_dtypes{};  // by code; owned for the life of the process

// PaddlePaddle 3.3.1's dtypes that no kernel here takes: named (paddle.uint32, ...) so code
// that mentions them imports, refused where a tensor would need one
// (paddle.framework.dtypes.convert_dtype). Codes: 3.3.1's VarType values.
struct NamedOnlyDtype {
  const char* name;
  int code;
  Py_ssize_t itemsize;
};
constexpr NamedOnlyDtype kNamedOnly[] = {
    {"raw", 17, 0},           {"pstring", 29, 0},       {"float8_e4m3fn", 32, 1},
    {"float8_e5m2", 33, 1},   {"uint16", 36, 2},        {"uint32", 37, 4},
    {"uint64", 38, 8}};

PyObject* DtypeRepr(PyObject* self) {
  return PyUnicode_FromFormat("paddle.%U", reinterpret_cast<PyDtype*>(self)->name);
}

PyObject* DtypeReduce(PyObject* self, PyObject*) {
  // Pickles as paddle.framework.dtypes.convert_dtype("float32").
  py::object fn = py::module_::import("paddle.framework.dtypes").attr("convert_dtype");
  return Py_BuildValue("(O(O))", fn.ptr(), reinterpret_cast<PyDtype*>(self)->name);
}

PyMemberDef kMembers[] = {
    {"code", T_INT, offsetof(PyDtype, code), READONLY, "The VarType code."},
    {"name", T_OBJECT, offsetof(PyDtype, name), READONLY, "'float32', 'int64', ..."},
    {"itemsize", T_PYSSIZET, offsetof(PyDtype, itemsize), READONLY, "Bytes per element."},
    {"holds_tensors", T_BOOL, offsetof(PyDtype, holds_tensors), READONLY,
     "Whether tensors can have this dtype here (False: named only, no kernels)."},
    {nullptr, 0, 0, 0, nullptr}};
PyMethodDef kMethods[] = {{"__reduce__", DtypeReduce, METH_NOARGS, nullptr},
                          {nullptr, nullptr, 0, nullptr}};

PyObject* DtypeNew(PyTypeObject*, PyObject*, PyObject*) {
  PyErr_SetString(PyExc_TypeError, "paddle.dtype objects are the fixed paddle.float32, ...; "
                                   "convert names with paddle.framework.dtypes.convert_dtype");
  return nullptr;
}

PyType_Slot kSlots[] = {{Py_tp_repr, reinterpret_cast<void*>(DtypeRepr)},
                        {Py_tp_str, reinterpret_cast<void*>(DtypeRepr)},
                        {Py_tp_new, reinterpret_cast<void*>(DtypeNew)},
                        {Py_tp_members, kMembers},
                        {Py_tp_methods, kMethods},
                        {Py_tp_doc, const_cast<char*>("The element type of a Tensor." R"doc(

Example:
    >>> x = paddle.to_tensor([1, 2])
    >>> x.dtype, isinstance(x.dtype, paddle.dtype)
    (paddle.int64, True)
    >>> x.astype(paddle.float32).dtype == paddle.float32
    True
    >>> paddle.to_tensor([1.5]).dtype  # the default float type
    paddle.float32
)doc")},
                        {0, nullptr}};
PyType_Spec kSpec = {"paddle.dtype", sizeof(PyDtype), 0, Py_TPFLAGS_DEFAULT, kSlots};

}  // namespace

PyObject* DtypeObject(DataType dtype) {
  const int code = static_cast<int>(dtype);
  PyObject* obj = code >= 0 && code < static_cast<int>(g_dtypes.size()) ? g_dtypes[code] : nullptr;
  if (obj && !reinterpret_cast<PyDtype*>(obj)->holds_tensors) obj = nullptr;
  if (!obj) throw py::value_error("no paddle.dtype for VarType code " + std::to_string(code));
  Py_INCREF(obj);
  return obj;
}

bool DtypeOf(PyObject* obj, DataType* out) {
  if (Py_TYPE(obj) != g_dtype_type || !reinterpret_cast<PyDtype*>(obj)->holds_tensors)
    return false;
  *out = static_cast<DataType>(reinterpret_cast<PyDtype*>(obj)->code);
  return true;
}

void BindEagerDtype(py::module_& m) {
  g_dtype_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&kSpec));
  if (!g_dtype_type) throw py::error_already_set();
  auto add = [](int code, const char* name, Py_ssize_t itemsize, bool holds_tensors) {
    auto* d = PyObject_New(PyDtype, g_dtype_type);
    d->code = code;
    d->name = PyUnicode_FromString(name);
    d->itemsize = itemsize;
    d->holds_tensors = holds_tensors;
    g_dtypes[static_cast<size_t>(code)] = reinterpret_cast<PyObject*>(d);
    std::string upper;
    for (const char* c = name; *c; ++c)
      upper += static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
    // dtype.FLOAT32 and friends, as PaddlePaddle's DataType enum spells them.
    if (PyObject_SetAttrString(reinterpret_cast<PyObject*>(g_dtype_type), upper.c_str(),
                               reinterpret_cast<PyObject*>(d)) < 0)
      throw py::error_already_set();
  };
  for (DataType t : AllDataTypes())
    add(static_cast<int>(t), DataTypeName(t), static_cast<Py_ssize_t>(SizeOf(t)), true);
  for (const NamedOnlyDtype& n : kNamedOnly) add(n.code, n.name, n.itemsize, false);
  m.add_object("dtype", reinterpret_cast<PyObject*>(g_dtype_type));
  m.def("dtype_from_name", &DataTypeFromName, py::arg("name"));
  m.def("dtype_from_code", [](int code) { return DataTypeFromCode(code, "dtype_from_code"); });
}

}  // namespace pybind
}  // namespace paddle
