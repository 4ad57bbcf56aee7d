// The operator schema as PaddlePaddle's core exposes it: serialized OpProto
// messages (parse them with paddle.proto.framework_pb2.OpProto). Docs and the
// API spec are generated from these, so nothing restates an op by hand.
#include <pybind11/stl.h>

#include <string>
#include <utility>
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

  // What OpProto leaves out, for the API spec (tools/api_diff) and docs.
  m.def(
      "get_op_kernel_keys",
      [](const std::string& type) {
        std::vector<std::pair<std::string, std::string>> keys;
        for (const auto& [key, fn] : OpRegistry::Instance().Get(type).kernels) {
          keys.emplace_back(key.device == DeviceType::kCPU ? "cpu" : "gpu", DataTypeName(key.dtype));
        }
        return keys;
      },
      py::arg("type"),
      "One operator's kernels as (place, dtype) pairs, e.g. ('cpu', 'float32'), sorted by place\n"
      "then dtype code; NotFoundError for an unknown type.");

  m.def(
      "get_op_grad",
      [](const std::string& type) -> std::string {
        const OpDef& def = OpRegistry::Instance().Get(type);
        if (def.grad) return def.grad->type;
        return def.grad_maker ? "*" : "";
      },
      py::arg("type"),
      "How an operator's gradient is made: the grad op's type when the op declares one, '*'\n"
      "when a grad maker function builds other ops (e.g. sum's scale ops), '' when it has none.");

  m.def(
      "has_op", [](const std::string& type) { return OpRegistry::Instance().Has(type); },
      py::arg("type"), "Whether an operator of this type is registered.");
}

}  // namespace pybind
}  // namespace paddle
