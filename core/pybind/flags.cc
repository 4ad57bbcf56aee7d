// paddle.set_flags / paddle.get_flags over the C++ flag registry. As in
// PaddlePaddle, names carry the FLAGS_ prefix (it is also accepted without),
// and get_flags returns a dict keyed by the prefixed name.
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/base/math_threads.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

std::string Prefixed(const std::string& name) {
  return name.rfind("FLAGS_", 0) == 0 ? name : "FLAGS_" + name;
}

std::string TypeName(py::handle value) {
  return py::str(py::type::handle_of(value).attr("__name__"));
}

// A Python value as the nearest FlagValue; SetFlags then converts it to the
// flag's own type (`like`) or throws InvalidArgument naming the flag.
FlagValue FromPython(const std::string& name, py::handle value, const FlagValue& like) {
  const bool wants_float = std::holds_alternative<double>(like);
  // bool before int: Python's bool is an int subclass.
  if (PyBool_Check(value.ptr())) return value.cast<bool>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  // Integers of any kind (int, numpy integers): a float flag takes them as a
  // float whatever their size; an int flag only when they fit in 64 bits.
  if (PyIndex_Check(value.ptr())) {
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (!overflow) return static_cast<int64_t>(v);
    if (!wants_float) {
      PD_THROW(InvalidArgument, "[set_flags] ", Prefixed(name), " expects a 64-bit integer, got ",
               std::string(py::str(index)), ", which is out of range");
    }
    const double d = PyLong_AsDouble(index.ptr());
    if (d == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      PD_THROW(InvalidArgument, "[set_flags] ", Prefixed(name), " expects a float, got ",
               std::string(py::str(index)), ", which is out of a float's range");
    }
    return d;
  }
  // Real numbers of any kind (float, numpy.float32/float64, ...).
  if (PyFloat_Check(value.ptr()) || PyObject_HasAttrString(value.ptr(), "__float__")) {
    const double d = PyFloat_AsDouble(value.ptr());
    if (d == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    return d;
  }
  throw py::type_error("[set_flags] " + Prefixed(name) + ": cannot use a value of type " +
                       TypeName(value) + "; expected bool, int, float or str");
}

py::object ToPython(const FlagValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

std::vector<std::string> Names(py::handle names) {
  if (py::isinstance<py::str>(names)) return {names.cast<std::string>()};
  if (py::isinstance<py::list>(names) || py::isinstance<py::tuple>(names)) {
    std::vector<std::string> out;
    for (py::handle n : names) {
      if (!py::isinstance<py::str>(n)) {
        throw py::type_error("[get_flags] flag names must be str, got " +
                             std::string(py::str(py::type::handle_of(n).attr("__name__"))));
      }
      out.push_back(n.cast<std::string>());
    }
    return out;
  }
  throw py::type_error("[get_flags] expects a flag name or a list/tuple of names, got " +
                       std::string(py::str(py::type::handle_of(names).attr("__name__"))));
}

}  // namespace

void BindFlags(py::module_& m) {
  m.def(
      "set_flags",
      [](py::handle flags) {
        if (!py::isinstance<py::dict>(flags)) {
          throw py::type_error("[set_flags] expects a dict {'FLAGS_name': value}, got " +
                               std::string(py::str(py::type::handle_of(flags).attr("__name__"))));
        }
        // All or nothing: every name, value and check passes before any flag
        // changes (SetFlags converts and validates them all first).
        std::vector<std::pair<std::string, FlagValue>> updates;
        for (auto item : py::reinterpret_borrow<py::dict>(flags)) {
          if (!py::isinstance<py::str>(item.first)) {
            throw py::type_error("[set_flags] flag names must be str, got " +
                                 TypeName(item.first));
          }
          std::string name = item.first.cast<std::string>();
          PD_CHECK(HasFlag(name), NotFound, "[set_flags] unknown flag '", name, "'");
          updates.emplace_back(name, FromPython(name, item.second, FlagDefault(name)));
        }
        SetFlags(updates);
      },
      py::arg("flags"),
      "Sets flags from a dict {'FLAGS_name': value}, all or nothing: if any name, value "
      "or range is wrong, no flag changes. Each value is converted to the flag's type "
      "(bool, int, float or str); float flags must be finite.");

  m.def(
      "get_flags",
      [](py::handle names) {
        py::dict out;
        for (const std::string& name : Names(names)) {
          out[py::str(Prefixed(name))] = ToPython(GetFlag(name));
        }
        return out;
      },
      py::arg("flags"),
      "Returns {'FLAGS_name': value} for a flag name or a list of names.");

  m.def(
      "list_flags",
      []() {
        py::dict out;
        for (const FlagInfo& f : ListFlags()) {
          out[py::str("FLAGS_" + f.name)] =
              py::dict(py::arg("default") = ToPython(f.default_value), py::arg("help") = f.help);
        }
        return out;
      },
      "Every registered flag: {'FLAGS_name': {'default': value, 'help': text}}.");

  // PaddlePaddle's core.set_num_threads. DataLoader workers set 1: OpenMP's
  // thread pool does not survive fork(), and a forked worker that starts a
  // parallel region over the parent's pool waits forever.
  m.def("set_num_threads", &SetMathLibraryNumThreads, py::arg("num_threads"),
        "Sets how many threads the CPU math libraries (OpenMP loops, oneDNN, "
        "OpenBLAS) may use inside one op; num_threads >= 1.");
}

}  // namespace pybind
}  // namespace paddle
