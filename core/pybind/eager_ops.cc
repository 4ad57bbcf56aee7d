// Eager op calls from Python: an OpCaller is made once per Python function
// (paddle.add, F.relu, ...) and resolves slot and attribute names to indices
// then, so a call only converts its arguments and runs the kernel.
#include <pybind11/stl.h>
#include <structmember.h>

#include <climits>
#include <complex>

#include "core/base/enforce.h"
#include "core/eager/op_runner.h"
#include "core/framework/generator.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::TensorPtr;
using eager::TensorSlots;

namespace {

class AttrConverter {
 public:
  AttrConverter(const OpDef& def, const AttrDef& a) : def_(def), a_(a) {}

  Attribute operator()(py::handle v) const {
    using framework::proto::AttrType;
    switch (a_.type) {
      case AttrType::INT: {
        int64_t x = Int(v);
        if (x < INT32_MIN || x > INT32_MAX) Fail(v, "a value in int32 range");
        return static_cast<int32_t>(x);
      }
      case AttrType::LONG: return Int(v);
      case AttrType::FLOAT: return static_cast<float>(Float(v));
      case AttrType::FLOAT64: return Float(v);
      case AttrType::BOOLEAN: return Bool(v);
      case AttrType::STRING: return Str(v);
      case AttrType::INTS: {
        std::vector<int32_t> out;
        for (py::handle x : Seq(v)) {
          int64_t i = Int(x);
          if (i < INT32_MIN || i > INT32_MAX) Fail(v, "values in int32 range");
          out.push_back(static_cast<int32_t>(i));
        }
        return out;
      }
      case AttrType::LONGS: return List<int64_t>(v, [&](py::handle x) { return Int(x); });
      case AttrType::FLOATS:
        return List<float>(v, [&](py::handle x) { return static_cast<float>(Float(x)); });
      case AttrType::FLOAT64S: return List<double>(v, [&](py::handle x) { return Float(x); });
      case AttrType::BOOLEANS: return List<bool>(v, [&](py::handle x) { return Bool(x); });
      case AttrType::STRINGS: return List<std::string>(v, [&](py::handle x) { return Str(x); });
      case AttrType::SCALAR: return ToScalar(v);
      case AttrType::SCALARS: return List<Scalar>(v, [&](py::handle x) { return ToScalar(x); });
      default: break;
    }
    throw py::type_error("[" + def_.type + "] attribute '" + a_.name + "' of type " +
                         AttrTypeName(a_.type) + " cannot be set in eager mode");
  }

 private:
  [[noreturn]] void Fail(py::handle v, const char* expected) const {
    throw py::type_error("[" + def_.type + "] attribute '" + a_.name + "' expects " + expected +
                         ", got " + PyTypeName(v) + " " + py::repr(v).cast<std::string>());
  }
  int64_t Int(py::handle v) const {
    if (py::isinstance<py::float_>(v) || py::isinstance<py::str>(v) || !py::hasattr(v, "__index__"))
      Fail(v, "an int");
    try {
      return py::int_(py::reinterpret_borrow<py::object>(v)).cast<int64_t>();
    } catch (const py::cast_error&) {
      Fail(v, "an int that fits in 64 bits");
    }
  }
  double Float(py::handle v) const {
    if (py::isinstance<py::str>(v) || !(py::hasattr(v, "__float__") || py::hasattr(v, "__index__")))
      Fail(v, "a number");
    return py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
  }
  bool Bool(py::handle v) const {
    if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
    if (py::hasattr(v, "dtype") && py::str(v.attr("dtype")).cast<std::string>() == "bool")
      return py::bool_(py::reinterpret_borrow<py::object>(v)).cast<bool>();
    if (py::isinstance<py::int_>(v)) return v.cast<int64_t>() != 0;
    Fail(v, "a bool");
  }
  std::string Str(py::handle v) const {
    if (!py::isinstance<py::str>(v)) Fail(v, "a str");
    return v.cast<std::string>();
  }
  py::sequence Seq(py::handle v) const {
    if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v)) Fail(v, "a list");
    return py::reinterpret_borrow<py::sequence>(v);
  }
  template <typename T, typename F>
  std::vector<T> List(py::handle v, F item) const {
    std::vector<T> out;
    for (py::handle x : Seq(v)) out.push_back(item(x));
    return out;
  }
  Scalar ToScalar(py::handle v) const {
    if (py::isinstance<py::bool_>(v)) return Scalar(v.cast<bool>());
    if (PyComplex_Check(v.ptr())) return Scalar(v.cast<std::complex<double>>());
    if (py::isinstance<py::int_>(v) || (py::hasattr(v, "__index__") && !py::hasattr(v, "is_integer")))
      return Scalar(Int(v));
    return Scalar(Float(v));
  }

  const OpDef& def_;
  const AttrDef& a_;
};

}  // namespace

Attribute AttrFromPython(const OpDef& def, const AttrDef& a, py::handle value) {
  Attribute v = AttrConverter(def, a)(value);
  if (!a.checks.empty()) def.CheckAttrValue(a, v);
  return v;
}

namespace {

class OpCaller {
 public:
  OpCaller(const std::string& type, const std::vector<std::string>& ins,
           const std::vector<std::string>& attrs, const std::vector<std::string>& outs)
      : def_(&OpRegistry::Instance().Get(type)) {
    for (const std::string& n : ins) {
      int s = def_->InputIndex(n);
      PD_CHECK(s >= 0, NotFound, "[", type, "] has no input '", n, "'");
      in_slots_.push_back(s);
    }
    for (const AttrDef& a : def_->attrs) defaults_.push_back(a.default_value);
    for (const std::string& n : attrs) {
      int a = def_->AttrIndex(n);
      PD_CHECK(a >= 0, NotFound, "[", type, "] has no attribute '", n, "'");
      attr_idx_.push_back(a);
      converters_.emplace_back(*def_, def_->attrs[a]);
    }
    for (size_t a = 0; a < def_->attrs.size(); ++a) {
      bool given = std::find(attr_idx_.begin(), attr_idx_.end(), static_cast<int>(a)) != attr_idx_.end();
      PD_CHECK(def_->attrs[a].has_default || given, InvalidArgument, "[", type, "] attribute '",
               def_->attrs[a].name, "' has no default, so the caller must pass it");
    }
    default_counts_.resize(def_->outputs.size());
    for (size_t s = 0; s < def_->outputs.size(); ++s)
      default_counts_[s] = def_->outputs[s].dispensable ? 0 : 1;
    for (const std::string& spec : outs) {
      // "Out" returns a new tensor; "ParamOut=Param" writes the tensor passed as Param.
      OutSpec o;
      const auto eq = spec.find('=');
      const std::string name = spec.substr(0, eq);
      o.slot = def_->OutputIndex(name);
      PD_CHECK(o.slot >= 0, NotFound, "[", type, "] has no output '", name, "'");
      o.duplicable = def_->outputs[o.slot].duplicable;
      if (eq != std::string::npos) {
        const int in = def_->InputIndex(spec.substr(eq + 1));
        auto it = std::find(in_slots_.begin(), in_slots_.end(), in);
        PD_CHECK(it != in_slots_.end(), NotFound, "[", type, "] output ", name,
                 " is bound to an input the caller does not pass: ", spec.substr(eq + 1));
        o.bound_input = static_cast<int>(it - in_slots_.begin());
      } else if (o.duplicable) {
        ++num_counts_;
      }
      default_counts_[o.slot] = 1;
      outs_.push_back(o);
    }
  }

  // args: the inputs, the attributes, then one count per list output.
  PyObject* Call(PyObject* const* args, size_t nargs) {
    const size_t want = in_slots_.size() + attr_idx_.size() + num_counts_;
    if (nargs != want)
      throw py::type_error("[" + def_->type + "] takes " + std::to_string(want) +
                           " arguments, got " + std::to_string(nargs));
    TensorSlots ins(def_->inputs.size());
    size_t k = 0;
    for (int s : in_slots_) {
      PyObject* a = args[k++];
      if (a == Py_None) continue;
      if (IsTensor(a)) {
        ins[s].push_back(UnwrapTensor(a));
      } else if (PyList_Check(a) || PyTuple_Check(a)) {
        if (!def_->inputs[s].duplicable) BadInput(s, "takes one Tensor, got a list");
        for (py::handle item : py::handle(a)) {
          if (!IsTensor(item.ptr())) BadInput(s, "holds something that is not a Tensor");
          ins[s].push_back(UnwrapTensor(item.ptr()));
        }
      } else {
        BadInput(s, (std::string("expects a paddle.Tensor, got ") + Py_TYPE(a)->tp_name).c_str());
      }
    }
    std::vector<Attribute> attrs = defaults_;
    for (size_t i = 0; i < attr_idx_.size(); ++i) {
      const int a = attr_idx_[i];
      attrs[a] = converters_[i](args[k++]);
      if (!def_->attrs[a].checks.empty()) def_->CheckAttrValue(def_->attrs[a], attrs[a]);
    }
    TensorSlots outs(def_->outputs.size());
    for (size_t s = 0; s < outs.size(); ++s) outs[s].resize(default_counts_[s]);
    for (const OutSpec& o : outs_) {
      if (o.bound_input >= 0) {
        outs[o.slot] = ins[in_slots_[o.bound_input]];
      } else if (o.duplicable) {
        const int64_t n = py::handle(args[k++]).cast<int64_t>();
        if (n < 0) throw py::value_error("[" + def_->type + "] a negative output count");
        outs[o.slot].assign(static_cast<size_t>(n), nullptr);
      }
    }
    eager::RunOp(*def_, attrs, ins, outs);
    if (outs_.size() == 1) return Result(outs, outs_[0]);
    PyObject* r = PyTuple_New(static_cast<Py_ssize_t>(outs_.size()));
    for (size_t i = 0; i < outs_.size(); ++i) PyTuple_SET_ITEM(r, i, Result(outs, outs_[i]));
    return r;
  }

  const std::string& type() const { return def_->type; }

 private:
  struct OutSpec {
    int slot = 0;
    int bound_input = -1;  // index into in_slots_ when written in place
    bool duplicable = false;
  };
  static PyObject* Result(const TensorSlots& outs, const OutSpec& o) {
    if (!o.duplicable) return WrapTensor(outs[o.slot][0]);
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(outs[o.slot].size()));
    for (size_t i = 0; i < outs[o.slot].size(); ++i) PyList_SET_ITEM(list, i, WrapTensor(outs[o.slot][i]));
    return list;
  }
  [[noreturn]] void BadInput(int slot, const char* what) const {
    throw py::type_error("[" + def_->type + "] input '" + def_->inputs[slot].name + "' " + what);
  }

  const OpDef* def_;
  std::vector<int> in_slots_, attr_idx_;
  std::vector<AttrConverter> converters_;
  std::vector<Attribute> defaults_;
  std::vector<OutSpec> outs_;
  std::vector<size_t> default_counts_;
  size_t num_counts_ = 0;
};

// The Python type: a caller made once, called with vectorcall (no argument
// tuple, no pybind11 overload resolution on the per-op path).
struct PyOpCaller {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  OpCaller* caller;
};

PyObject* OpCallerCall(PyObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  try {
    if (kwnames && PyTuple_GET_SIZE(kwnames) > 0)
      throw py::type_error("an OpCaller takes positional arguments only");
    auto* c = reinterpret_cast<PyOpCaller*>(self);
    return c->caller->Call(args, PyVectorcall_NARGS(nargsf));
  } catch (...) {
    SetErrorFromCurrentException();
    return nullptr;
  }
}

PyObject* OpCallerNew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  try {
    PyObject *t, *ins, *attrs, *outs;
    static const char* kw[] = {"type", "inputs", "attrs", "outputs", nullptr};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO:OpCaller", const_cast<char**>(kw), &t,
                                     &ins, &attrs, &outs))
      return nullptr;
    auto strings = [](PyObject* o) { return py::handle(o).cast<std::vector<std::string>>(); };
    auto caller = std::make_unique<OpCaller>(py::handle(t).cast<std::string>(), strings(ins),
                                             strings(attrs), strings(outs));
    PyObject* obj = type->tp_alloc(type, 0);
    if (!obj) return nullptr;
    auto* c = reinterpret_cast<PyOpCaller*>(obj);
    c->vectorcall = OpCallerCall;
    c->caller = caller.release();
    return obj;
  } catch (...) {
    SetErrorFromCurrentException();
    return nullptr;
  }
}

void OpCallerDealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  delete reinterpret_cast<PyOpCaller*>(self)->caller;
  type->tp_free(self);
  Py_DECREF(type);
}

PyObject* OpCallerType(PyObject* self, void*) {
  return PyUnicode_FromString(reinterpret_cast<PyOpCaller*>(self)->caller->type().c_str());
}

PyGetSetDef kOpCallerGetSet[] = {{"type", OpCallerType, nullptr, "The op's type.", nullptr},
                                 {nullptr, nullptr, nullptr, nullptr, nullptr}};
PyMemberDef kOpCallerMembers[] = {
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(PyOpCaller, vectorcall), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr}};
PyType_Slot kOpCallerSlots[] = {
    {Py_tp_new, reinterpret_cast<void*>(OpCallerNew)},
    {Py_tp_dealloc, reinterpret_cast<void*>(OpCallerDealloc)},
    {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
    {Py_tp_getset, kOpCallerGetSet},
    {Py_tp_members, kOpCallerMembers},
    {Py_tp_doc, const_cast<char*>(
        "OpCaller(type, inputs, attrs, outputs)\n--\n\n"
        "An eager call of one op: OpCaller(type, inputs, attrs, outputs)(*inputs, *attrs, "
        "*counts). outputs name slots to return; 'A=B' writes output A into the tensor passed "
        "as input B; a list output takes its count last.")},
    {0, nullptr}};
PyType_Spec kOpCallerSpec = {"paddle._core.OpCaller", sizeof(PyOpCaller), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL, kOpCallerSlots};

}  // namespace

void BindEagerOps(py::module_& m) {
  PyObject* type = PyType_FromSpec(&kOpCallerSpec);
  if (!type) throw py::error_already_set();
  m.add_object("OpCaller", type);
  m.def("is_grad_enabled", &eager::GradEnabled);
  m.def("set_grad_enabled", &eager::SetGradEnabled, py::arg("enabled"));
  m.def("manual_seed", [](uint64_t seed) { Generator::Default().Seed(seed); }, py::arg("seed"));
  m.def("initial_seed", [] { return Generator::Default().InitialSeed(); });
  m.def("rng_state", [] { return Generator::Default().State(); });
  m.def("set_rng_state", [](const std::string& state) { Generator::Default().SetState(state); },
        py::arg("state"));
}

}  // namespace pybind
}  // namespace paddle
