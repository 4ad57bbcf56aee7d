// paddle.Tensor (the eager tensor) and paddle.dtype. The Python type is a
// CPython type of our own holding a TensorPtr (eager_util.h says why);
// python/paddle/tensor adds the methods written in Python. numpy() shares the
// tensor's buffer (no copy); _from_numpy copies.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <structmember.h>

#include <cstring>
#include <new>

#include "core/base/enforce.h"
#include "core/eager/backward.h"
#include "core/eager/grad_node.h"
#include "core/eager/op_runner.h"
#include "core/eager/static_build.h"
#include "core/eager/tracer.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::EagerTensor;
using eager::TensorPtr;

PyTypeObject* g_tensor_type = nullptr;

namespace {

struct PyTensor {
  PyObject_HEAD
  TensorPtr tensor;
  PyObject* dict;
  PyObject* weakrefs;
};

PyTensor* AsPy(PyObject* o) { return reinterpret_cast<PyTensor*>(o); }

}  // namespace

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

}  // namespace

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

DenseTensor DenseFromNumpy(py::array arr) {
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
  return t;
}

py::array DenseToNumpy(const DenseTensor& d, const std::string& name) {
  PD_CHECK(d.IsInitialized(), PreconditionNotMet, "[Tensor.numpy] tensor '", name,
           "' holds no data");
  py::dtype dt(NumpyName(d.dtype()));
  std::vector<py::ssize_t> shape(d.dims().data(), d.dims().data() + d.dims().rank());
  auto* keep = new memory::AllocationPtr(d.Holder());
  py::capsule base(keep, [](void* p) { delete static_cast<memory::AllocationPtr*>(p); });
  return py::array(dt, shape, {}, const_cast<void*>(d.data()), base);
}

namespace {

TensorPtr FromNumpy(py::array arr) { return eager::MakeTensor(DenseFromNumpy(std::move(arr))); }

// A symbolic tensor (static mode) holds no values: say so, and what to do.
[[noreturn]] void ThrowSymbolic(const TensorPtr& t, const char* what) {
  PD_THROW(PreconditionNotMet, "[", what, "] '", t->name(),
           "' is a variable of a static program and holds no value while the program is "
           "built; run the program with paddle.static.Executor and fetch it");
}

py::array ToNumpy(const TensorPtr& t) {
  if (t->static_var()) ThrowSymbolic(t, "Tensor.numpy");
  return DenseToNumpy(t->dense(), t->name());
}

const TensorPtr& Self(PyObject* self) { return AsPy(self)->tensor; }

// ---- the type's slots ----

PyObject* TensorNew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  return Guard([&]() -> PyObject* {
    PyObject* data = nullptr;
    static const char* kw[] = {"data", nullptr};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:Tensor", const_cast<char**>(kw), &data))
      return nullptr;
    TensorPtr t = std::make_shared<EagerTensor>();
    if (data && data != Py_None) {
      if (IsTensor(data)) t = eager::MakeTensor(UnwrapTensor(data)->dense());
      else t = FromNumpy(py::module_::import("numpy").attr("asarray")(py::handle(data)));
    }
    PyObject* obj = type->tp_alloc(type, 0);
    if (!obj) return nullptr;
    new (&AsPy(obj)->tensor) TensorPtr(t);
    t->set_py_object(obj);
    return obj;
  });
}

int TensorTraverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(AsPy(self)->dict);
  Py_VISIT(Py_TYPE(self));
  return 0;
}

int TensorClear(PyObject* self) {
  Py_CLEAR(AsPy(self)->dict);
  return 0;
}

void TensorDealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  if (AsPy(self)->weakrefs) PyObject_ClearWeakRefs(self);
  Py_CLEAR(AsPy(self)->dict);
  TensorPtr& t = AsPy(self)->tensor;
  if (t && t->py_object() == self) t->set_py_object(nullptr);
  t.~TensorPtr();
  type->tp_free(self);
  Py_DECREF(type);
}

// ---- getters and setters ----

PyObject* g_size_type = nullptr;  // paddle.Size, registered by python/paddle/framework

// A symbolic tensor's variable (static_build.h), or null.
VarDesc* StaticDesc(PyObject* self) {
  const auto& ref = Self(self)->static_var();
  return ref ? ref->desc() : nullptr;
}

PyObject* GetShape(PyObject* self, void*) {
  return Guard([&]() -> PyObject* {
  std::vector<int64_t> dims;
  if (VarDesc* v = StaticDesc(self)) dims = v->GetShape();
  else dims = Self(self)->dense().dims().ToVector();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(dims.size()));
  for (size_t i = 0; i < dims.size(); ++i) PyList_SET_ITEM(list, i, PyLong_FromLongLong(dims[i]));
  if (!g_size_type || !list) return list;
  PyObject* size = PyObject_CallOneArg(g_size_type, list);
  Py_DECREF(list);
  return size;
  });
}
PyObject* GetNdim(PyObject* self, void*) {
  return Guard([&] {
    if (VarDesc* v = StaticDesc(self)) return PyLong_FromSize_t(v->GetShape().size());
    return PyLong_FromLong(Self(self)->dense().dims().rank());
  });
}
PyObject* GetDtype(PyObject* self, void*) {
  return Guard([&] {
    if (VarDesc* v = StaticDesc(self)) return DtypeObject(v->GetDataType());
    return DtypeObject(Self(self)->dense().dtype());
  });
}
PyObject* GetPlace(PyObject* self, void*) {
  return PyUnicode_FromString(Self(self)->dense().place().ToString().c_str());
}
PyObject* GetName(PyObject* self, void*) {
  const std::string& n = Self(self)->name();
  return PyUnicode_FromStringAndSize(n.data(), static_cast<Py_ssize_t>(n.size()));
}
int SetName(PyObject* self, PyObject* v, void*) {
  return GuardSet([&] {
    if (!v || !PyUnicode_Check(v)) throw py::type_error("Tensor.name must be a str");
    PD_CHECK(!Self(self)->static_var() || py::cast<std::string>(v) == Self(self)->name(),
             Unimplemented, "[Variable.name] variable '", Self(self)->name(),
             "' of a static program cannot be renamed");
    Self(self)->set_name(py::cast<std::string>(v));
  });
}
int SetBool(PyObject* v, const char* what, bool* out) {
  if (!v) {
    PyErr_Format(PyExc_AttributeError, "cannot delete Tensor.%s", what);
    return -1;
  }
  int b = PyObject_IsTrue(v);
  if (b < 0) return -1;
  *out = b != 0;
  return 0;
}
// stop_gradient and persistable of a symbolic tensor are its VarDesc's.
PyObject* GetStopGradient(PyObject* self, void*) {
  return Guard([&] {
    VarDesc* d = StaticDesc(self);
    return PyBool_FromLong(d ? d->StopGradient() : Self(self)->stop_gradient());
  });
}
int SetStopGradient(PyObject* self, PyObject* v, void*) {
  bool b;
  if (SetBool(v, "stop_gradient", &b) < 0) return -1;
  return GuardSet([&] {
    if (VarDesc* d = StaticDesc(self)) d->SetStopGradient(b);
    Self(self)->set_stop_gradient(b);
  });
}
PyObject* GetPersistable(PyObject* self, void*) {
  return Guard([&] {
    VarDesc* d = StaticDesc(self);
    return PyBool_FromLong(d ? d->Persistable() : Self(self)->persistable());
  });
}
int SetPersistable(PyObject* self, PyObject* v, void*) {
  bool b;
  if (SetBool(v, "persistable", &b) < 0) return -1;
  return GuardSet([&] {
    if (VarDesc* d = StaticDesc(self)) d->SetPersistable(b);
    Self(self)->set_persistable(b);
  });
}
PyObject* GetIsLeaf(PyObject* self, void*) { return PyBool_FromLong(Self(self)->is_leaf()); }
PyObject* GetVersion(PyObject* self, void*) {
  return PyLong_FromUnsignedLongLong(Self(self)->version());
}
PyObject* GetGrad(PyObject* self, void*) { return WrapTensor(Self(self)->grad()); }
PyObject* GetGradNodeName(PyObject* self, void*) {
  const auto& node = Self(self)->grad_node();
  if (!node) Py_RETURN_NONE;
  return PyUnicode_FromString(node->name().c_str());
}

// ---- methods ----

PyObject* Numpy(PyObject* self, PyObject*) {
  return Guard([&] {
    const TensorPtr& t = Self(self);
    // A value read in Python while a trace records (if x.sum() > 0, x.item())
    // would be frozen into the exported program: refuse, naming the cause.
    PD_CHECK(!eager::Tracer::Active() || t->persistable(), PreconditionNotMet,
             "[jit.save] the model reads the value of a tensor in Python (numpy(), item(), "
             "bool(), tolist() or printing), so what it does depends on its input's values; "
             "an exported program cannot express that. Compute it with paddle operations "
             "(paddle.where, paddle.maximum, ...) instead");
    return ToNumpy(t).release().ptr();
  });
}
// (StaticProgram, block, name) of a symbolic tensor, else None.
PyObject* StaticRef(PyObject* self, PyObject*) {
  return Guard([&]() -> PyObject* {
    const auto& ref = Self(self)->static_var();
    if (!ref) Py_RETURN_NONE;
    return py::make_tuple(ref->program, ref->block, ref->name).release().ptr();
  });
}
PyObject* FromNumpyMethod(PyObject*, PyObject* arg) {
  return Guard([&] { return WrapTensor(FromNumpy(py::reinterpret_borrow<py::array>(arg))); });
}
PyObject* Numel(PyObject* self, PyObject*) {
  return Guard([&] {
    if (VarDesc* v = StaticDesc(self)) {
      int64_t n = 1;
      for (int64_t d : v->GetShape()) n = d < 0 ? -1 : (n < 0 ? n : n * d);
      return PyLong_FromLongLong(n);
    }
    return PyLong_FromLongLong(Self(self)->dense().numel());
  });
}
// A symbolic tensor counts as initialized: the program gives it its value.
PyObject* IsInitialized(PyObject* self, PyObject*) {
  return PyBool_FromLong(Self(self)->static_var() || Self(self)->dense().IsInitialized());
}
PyObject* DataPtr(PyObject* self, PyObject*) {
  const DenseTensor& d = Self(self)->dense();
  return PyLong_FromVoidPtr(d.IsInitialized() ? const_cast<void*>(d.data()) : nullptr);
}
PyObject* SetGrad(PyObject* self, PyObject* g) {
  return Guard([&] {
    Self(self)->set_grad(TensorOrNull(g, "[Tensor._set_grad]"));
    Py_RETURN_NONE;
  });
}
PyObject* ClearGradToZero(PyObject* self, PyObject*) {
  Self(self)->ClearGradToZero();
  Py_RETURN_NONE;
}
PyObject* Detach(PyObject* self, PyObject*) {
  return WrapTensor(eager::MakeTensor(Self(self)->dense()));
}
// In-place results: the tensor takes `src`'s buffer and its place in the graph.
PyObject* AssignFrom(PyObject* self, PyObject* arg) {
  return Guard([&] {
    TensorPtr src = TensorOrNull(arg, "[Tensor._assign_from]");
    if (!src) throw py::type_error("[Tensor._assign_from] expects a Tensor, got None");
    eager::AssignInPlace(Self(self), src);
    Py_RETURN_NONE;
  });
}
PyObject* Backward(PyObject* self, PyObject* const* args, Py_ssize_t n) {
  return Guard([&] {
    PD_CHECK(!Self(self)->static_var(), PreconditionNotMet, "[Tensor.backward] '",
             Self(self)->name(), "' is a variable of a static program: build its gradients "
             "with paddle.static.append_backward or optimizer.minimize(loss)");
    if (n != 2) throw py::type_error("Tensor._backward(grad, retain_graph)");
    TensorPtr grad = TensorOrNull(args[0], "[backward] grad_tensor");
    int retain = PyObject_IsTrue(args[1]);
    if (retain < 0) throw py::error_already_set();
    eager::Backward({Self(self)}, {grad}, retain != 0);
    Py_RETURN_NONE;
  });
}
PyObject* RegisterGradHook(PyObject* self, PyObject* fn) {
  return Guard([&] {
    const TensorPtr& t = Self(self);
    PD_CHECK(t->requires_grad(), PreconditionNotMet, "[register_hook] tensor '", t->name(),
             "' has stop_gradient=True, so no gradient will reach its hook");
    eager::GradHook hook = PyGradHook(py::reinterpret_borrow<py::function>(fn));
    if (t->grad_node()) t->grad_node()->AddHook(t->out_slot(), t->out_index(), std::move(hook));
    else t->leaf_hooks().push_back(std::move(hook));
    Py_RETURN_NONE;
  });
}
PyObject* RetainGrads(PyObject* self, PyObject*) {
  const TensorPtr& t = Self(self);
  if (t->grad_node()) t->grad_node()->RetainGrad(t->out_slot(), t->out_index(), t);
  Py_RETURN_NONE;
}

PyGetSetDef kGetSet[] = {
    {"shape", GetShape, nullptr, "The dims, as a list of ints.", nullptr},
    {"ndim", GetNdim, nullptr, "The number of dims.", nullptr},
    {"dtype", GetDtype, nullptr, "The element type (paddle.dtype).", nullptr},
    {"place", GetPlace, nullptr, "Where the data lives.", nullptr},
    {"name", GetName, SetName, "The tensor's name (generated on first use).", nullptr},
    {"stop_gradient", GetStopGradient, SetStopGradient,
     "False: gradients are computed for this tensor.", nullptr},
    {"persistable", GetPersistable, SetPersistable, "Kept across program runs (parameters).", nullptr},
    {"is_leaf", GetIsLeaf, nullptr, "True unless an op recorded on the tape made it.", nullptr},
    {"_version", GetVersion, nullptr, "Counts in-place writes.", nullptr},
    {"grad", GetGrad, nullptr, "The gradient accumulated by backward(), or None.", nullptr},
    {"_grad_node_name", GetGradNodeName, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyMethodDef kMethods[] = {
    {"numpy", Numpy, METH_NOARGS,
     "numpy($self, /)\n--\n\nThe tensor's data as a numpy.ndarray (shares the tensor's memory)."},
    {"_from_numpy", FromNumpyMethod, METH_O | METH_STATIC,
     "_from_numpy(array, /)\n--\n\nA new tensor holding a copy of the array."},
    {"_numel", Numel, METH_NOARGS, nullptr},
    {"_static_ref", StaticRef, METH_NOARGS,
     "(program, block, name) of a variable of a static program, else None."},
    {"_is_initialized", IsInitialized, METH_NOARGS, nullptr},
    {"_data_ptr", DataPtr, METH_NOARGS, nullptr},
    {"_set_grad", SetGrad, METH_O, nullptr},
    {"_clear_grad_to_zero", ClearGradToZero, METH_NOARGS, nullptr},
    {"_detach", Detach, METH_NOARGS, nullptr},
    {"_assign_from", AssignFrom, METH_O, nullptr},
    {"_backward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(Backward)),
     METH_FASTCALL, nullptr},
    {"_register_grad_hook", RegisterGradHook, METH_O, nullptr},
    {"_retain_grads", RetainGrads, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr}};

PyMemberDef kMembers[] = {
    {"__dictoffset__", T_PYSSIZET, offsetof(PyTensor, dict), READONLY, nullptr},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(PyTensor, weakrefs), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr}};

// Identity hashing, as for any object (defining comparisons would otherwise drop it).
Py_hash_t TensorHash(PyObject* self) {
  Py_hash_t h = static_cast<Py_hash_t>(reinterpret_cast<uintptr_t>(self) >> 4);
  return h == -1 ? -2 : h;
}

std::vector<PyType_Slot> Slots() {
  std::vector<PyType_Slot> slots = {
    {Py_tp_new, reinterpret_cast<void*>(TensorNew)},
    {Py_tp_dealloc, reinterpret_cast<void*>(TensorDealloc)},
    {Py_tp_traverse, reinterpret_cast<void*>(TensorTraverse)},
    {Py_tp_clear, reinterpret_cast<void*>(TensorClear)},
    {Py_tp_getset, kGetSet},
    {Py_tp_methods, kMethods},
    {Py_tp_members, kMembers},
    {Py_tp_hash, reinterpret_cast<void*>(TensorHash)},
    {Py_tp_doc, const_cast<char*>("Tensor(data=None)\n--\n\n"
                                 "A multi-dimensional array with automatic differentiation."
                                 R"doc(

Args:
    data (Tensor|numpy.ndarray|list|tuple|int|float|bool, optional): The values. A Tensor
        gives a tensor of its values (not linked to it for gradients); anything else is
        converted by numpy.asarray and keeps NumPy's dtype (float64 for Python floats,
        unlike paddle.to_tensor). None (the default) gives a tensor that holds no data.

Example:
    >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    >>> x.shape, x.dtype
    (paddle.Size([2, 2]), paddle.float32)
    >>> y = (x * x).sum()
    >>> y.backward()
    >>> x.grad
    Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
           [[2., 4.],
            [6., 8.]])
)doc")}};
  static PyNumberMethods nb{};
  static richcmpfunc richcompare = nullptr;
  FillTensorNumberSlots(&nb, &richcompare);
  const std::pair<int, void*> number_slots[] = {
      {Py_nb_add, reinterpret_cast<void*>(nb.nb_add)},
      {Py_nb_subtract, reinterpret_cast<void*>(nb.nb_subtract)},
      {Py_nb_multiply, reinterpret_cast<void*>(nb.nb_multiply)},
      {Py_nb_true_divide, reinterpret_cast<void*>(nb.nb_true_divide)},
      {Py_nb_floor_divide, reinterpret_cast<void*>(nb.nb_floor_divide)},
      {Py_nb_remainder, reinterpret_cast<void*>(nb.nb_remainder)},
      {Py_nb_power, reinterpret_cast<void*>(nb.nb_power)},
      {Py_nb_matrix_multiply, reinterpret_cast<void*>(nb.nb_matrix_multiply)},
      {Py_nb_and, reinterpret_cast<void*>(nb.nb_and)},
      {Py_nb_or, reinterpret_cast<void*>(nb.nb_or)},
      {Py_nb_xor, reinterpret_cast<void*>(nb.nb_xor)},
      {Py_nb_negative, reinterpret_cast<void*>(nb.nb_negative)},
      {Py_nb_invert, reinterpret_cast<void*>(nb.nb_invert)},
      {Py_nb_inplace_add, reinterpret_cast<void*>(nb.nb_inplace_add)},
      {Py_nb_inplace_subtract, reinterpret_cast<void*>(nb.nb_inplace_subtract)},
      {Py_nb_inplace_multiply, reinterpret_cast<void*>(nb.nb_inplace_multiply)},
      {Py_nb_inplace_true_divide, reinterpret_cast<void*>(nb.nb_inplace_true_divide)},
      {Py_tp_richcompare, reinterpret_cast<void*>(richcompare)}};
  for (const auto& [id, fn] : number_slots) slots.push_back({id, fn});
  slots.push_back({0, nullptr});
  return slots;
}

}  // namespace

const TensorPtr& UnwrapTensor(PyObject* obj) { return AsPy(obj)->tensor; }

PyObject* g_variable_type = nullptr;  // paddle.static.Variable, registered by python/paddle/static

PyObject* WrapTensor(const TensorPtr& t) {
  if (!t) Py_RETURN_NONE;
  if (PyObject* existing = static_cast<PyObject*>(t->py_object())) {
    Py_INCREF(existing);
    return existing;
  }
  PyTypeObject* type = t->static_var() && g_variable_type
                           ? reinterpret_cast<PyTypeObject*>(g_variable_type)
                           : g_tensor_type;
  PyObject* obj = type->tp_alloc(type, 0);
  if (!obj) throw py::error_already_set();
  new (&AsPy(obj)->tensor) TensorPtr(t);
  t->set_py_object(obj);
  return obj;
}

void RebindTensor(PyObject* obj, const TensorPtr& t) {
  TensorPtr& held = AsPy(obj)->tensor;
  if (held && held->py_object() == obj) held->set_py_object(nullptr);
  held = t;
  t->set_py_object(obj);
}

void BindEagerTensor(py::module_& m) {
  static std::vector<PyType_Slot> slots = Slots();
  static PyType_Spec spec = {"paddle.Tensor", sizeof(PyTensor), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
                             slots.data()};
  g_tensor_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  if (!g_tensor_type) throw py::error_already_set();
  m.add_object("Tensor", reinterpret_cast<PyObject*>(g_tensor_type));
  m.def("_set_size_type", [](py::object cls) {
    Py_XDECREF(g_size_type);
    g_size_type = cls.release().ptr();
  }, "Makes Tensor.shape return instances of `cls` (paddle.Size), a list subclass.");
  m.def("_set_variable_type", [](py::object cls) {
    PD_CHECK(PyType_Check(cls.ptr()) &&
                 PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls.ptr()), g_tensor_type),
             InvalidArgument, "_set_variable_type expects a subclass of paddle.Tensor");
    Py_XDECREF(g_variable_type);
    g_variable_type = cls.release().ptr();
  }, "Makes symbolic tensors (static mode) instances of `cls` (paddle.static.Variable).");

  m.def("backward", [](py::handle roots, py::handle grads, bool retain_graph) {
          eager::Backward(TensorList(roots, "[backward] tensors"),
                          TensorList(grads, "[backward] grad_tensors"), retain_graph);
        }, py::arg("tensors"), py::arg("grad_tensors"), py::arg("retain_graph"));
  m.def("grad", [](py::handle outputs, py::handle inputs, py::handle grad_outputs,
                   py::handle no_grad_vars, bool retain_graph, bool create_graph,
                   bool allow_unused) {
          eager::GradOptions o{retain_graph, create_graph, allow_unused};
          auto req = [](py::handle h, const char* what) {
            auto v = TensorList(h, what);
            for (const auto& t : v) PD_CHECK(t, InvalidArgument, what, " holds None");
            return v;
          };
          return eager::Grad(req(outputs, "[paddle.grad] outputs"),
                             req(inputs, "[paddle.grad] inputs"),
                             TensorList(grad_outputs, "[paddle.grad] grad_outputs"),
                             req(no_grad_vars, "[paddle.grad] no_grad_vars"), o);
        }, py::arg("outputs"), py::arg("inputs"), py::arg("grad_outputs"),
        py::arg("no_grad_vars"), py::arg("retain_graph"), py::arg("create_graph"),
        py::arg("allow_unused"));
}

}  // namespace pybind
}  // namespace paddle
