// The operator schema as PaddlePaddle's core exposes it: serialized OpProto
// messages (parse them with paddle.proto.framework_pb2.OpProto). Docs and the
// API spec are generated from these, so nothing restates an op by hand.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "core/framework/op_def.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

void BindOps(py::module_& m) {
  m.def(
      "get_all_op_protos",
      []() {
        py::list out;
        for (const std::string& s : OpRegistry::Instance().SerializedProtos()) {
          out.append(py::bytes(s));
        }
        return out;
      },
      "Every registered operator's OpProto, serialized (bytes), sorted by type.");

  m.def(
      "get_op_proto",
      [](const std::string& type) { return py::bytes(OpRegistry::Instance().SerializedProto(type)); },
      py::arg("type"), "One operator's OpProto, serialized; NotFoundError for an unknown type.");

  m.def(
      "op_types", []() { return OpRegistry::Instance().Types(); },
      "The registered operator types, sorted.");

  m.def(
      "has_op", [](const std::string& type) { return OpRegistry::Instance().Has(type); },
      py::arg("type"), "Whether an operator of this type is registered.");
}

}  // namespace pybind
}  // namespace paddle
