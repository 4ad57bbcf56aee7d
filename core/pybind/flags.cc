// paddle.set_flags / paddle.get_flags over the C++ flag registry. As in
// PaddlePaddle, names carry the FLAGS_ prefix (it is also accepted without),
// and get_flags returns a dict keyed by the prefixed name.
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/framework/enforce.h"
#include "core/framework/flags.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

std::string Prefixed(const std::string& name) {
  return name.rfind("FLAGS_", 0) == 0 ? name : "FLAGS_" + name;
}

// A Python value as the nearest FlagValue; SetFlag then converts it to the
// flag's own type or throws InvalidArgument naming the flag.
FlagValue FromPython(const std::string& name, py::handle value) {
  // bool before int: Python's bool is an int subclass.
  if (PyBool_Check(value.ptr())) return value.cast<bool>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (PyFloat_Check(value.ptr())) return value.cast<double>();
  // PyIndex_Check also admits numpy integers; numpy floats are PyFloat subclasses.
  if (PyIndex_Check(value.ptr())) return py::reinterpret_borrow<py::object>(value).cast<int64_t>();
  throw py::type_error("[flags] " + Prefixed(name) + ": cannot use a value of type " +
                       std::string(py::str(py::type::handle_of(value).attr("__name__"))) +
                       "; expected bool, int, float or str");
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
        // Unknown names and values of no flag type are rejected before any flag
        // is set; a value of the wrong flag type fails in SetFlag, naming the flag.
        std::vector<std::pair<std::string, FlagValue>> updates;
        for (auto item : py::reinterpret_borrow<py::dict>(flags)) {
          if (!py::isinstance<py::str>(item.first)) {
            throw py::type_error("[set_flags] flag names must be str");
          }
          std::string name = item.first.cast<std::string>();
          PD_CHECK(HasFlag(name), NotFound, "[set_flags] unknown flag '", name, "'");
          updates.emplace_back(name, FromPython(name, item.second));
        }
        for (const auto& [name, value] : updates) SetFlag(name, value);
      },
      py::arg("flags"),
      "Sets flags from a dict {'FLAGS_name': value}; each value is converted to the "
      "flag's type (bool, int, float or str).");

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
}

}  // namespace pybind
}  // namespace paddle
