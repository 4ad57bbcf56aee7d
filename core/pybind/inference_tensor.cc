// paddle.inference.Tensor: the handle on one input or output of a Predictor,
// and the numpy <-> DataType mapping behind copy_from_cpu / copy_to_cpu.
// The handle is the C++ paddle_infer::Tensor itself; numpy arrays are copied
// once, straight into (or out of) the predictor's buffer.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <climits>
#include <optional>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/pybind/bind.h"

namespace py = pybind11;
using paddle_infer::DataType;
using paddle_infer::Tensor;

namespace paddle {
namespace pybind {

namespace {

// Copies at least this large run without the GIL, so other Python threads
// (other predictors) keep going; below it the release costs more than it saves.
constexpr size_t kReleaseGilBytes = size_t{1} << 20;

struct DtypeEntry {
  DataType dtype;
  char kind;  // numpy's dtype.kind
  int itemsize;
  const char* name;  // numpy's name, used to build the result dtype and in errors
};

// BFLOAT16 is absent: numpy has no such type.
constexpr DtypeEntry kDtypes[] = {
    {DataType::FLOAT32, 'f', 4, "float32"}, {DataType::FLOAT64, 'f', 8, "float64"},
    {DataType::FLOAT16, 'f', 2, "float16"}, {DataType::INT32, 'i', 4, "int32"},
    {DataType::INT64, 'i', 8, "int64"},     {DataType::INT8, 'i', 1, "int8"},
    {DataType::UINT8, 'u', 1, "uint8"},     {DataType::BOOL, 'b', 1, "bool"},
};

std::string Supported() {
  std::string s;
  for (const DtypeEntry& e : kDtypes) s += std::string(s.empty() ? "" : ", ") + e.name;
  return s;
}

std::string TypeNameOf(py::handle obj) {
  return py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>();
}

DataType DtypeFromNumpy(const Tensor& t, const py::dtype& dt) {
  for (const DtypeEntry& e : kDtypes) {
    if (dt.kind() == e.kind && dt.itemsize() == e.itemsize) return e.dtype;
  }
  throw py::type_error("[copy_from_cpu] tensor '" + t.name() + "': arrays of dtype " +
                       py::str(py::handle(dt)).cast<std::string>() + " are not supported; expected one of " +
                       Supported());
}

py::dtype NumpyFromDtype(const Tensor& t, DataType dtype) {
  for (const DtypeEntry& e : kDtypes) {
    if (e.dtype == dtype) return py::dtype(e.name);
  }
  PD_THROW(Unimplemented, "[copy_to_cpu] tensor '", t.name(),
           "' holds bfloat16, which numpy cannot represent");
}

std::vector<int> IntDims(const std::string& where, const Tensor& t, const std::vector<int64_t>& dims) {
  std::vector<int> out;
  out.reserve(dims.size());
  for (int64_t d : dims) {
    if (d < 0 || d > INT_MAX) {
      std::string shape;
      for (int64_t x : dims) shape += (shape.empty() ? "" : ", ") + std::to_string(x);
      PD_THROW(InvalidArgument, "[", where, "] tensor '", t.name(), "': each dim must be in [0, ",
               INT_MAX, "], got shape [", shape, "]");
    }
    out.push_back(static_cast<int>(d));
  }
  return out;
}

void CopyFromCpu(Tensor& t, py::handle obj) {
  if (!py::isinstance<py::array>(obj)) {
    throw py::type_error("[copy_from_cpu] tensor '" + t.name() +
                         "' expects a numpy.ndarray, got " + TypeNameOf(obj));
  }
  auto arr = py::reinterpret_borrow<py::array>(obj);
  DataType dtype = DtypeFromNumpy(t, arr.dtype());
  // The C++ side reads native-endian, row-major memory: convert other arrays
  // (byte-swapped, Fortran-ordered, strided views) into a temporary copy.
  if (!arr.dtype().attr("isnative").cast<bool>()) {
    arr = arr.attr("astype")(arr.dtype().attr("newbyteorder")("="));
  }
  arr = py::array::ensure(arr, py::array::c_style);
  if (!arr) throw py::error_already_set();

  std::vector<int64_t> dims(arr.shape(), arr.shape() + arr.ndim());
  std::vector<int> shape = IntDims("copy_from_cpu", t, dims);
  std::optional<py::gil_scoped_release> release;
  if (static_cast<size_t>(arr.nbytes()) >= kReleaseGilBytes) release.emplace();
  t.CopyFromCpuRaw(arr.data(), dtype, shape, "copy_from_cpu");
}

py::array CopyToCpu(const Tensor& t) {
  py::dtype dt = NumpyFromDtype(t, t.type());
  std::vector<int> shape = t.shape();
  py::array out(dt, std::vector<py::ssize_t>(shape.begin(), shape.end()));
  // Bounded by `out`'s size: a run on another thread between shape() and the
  // copy (a predictor serves one thread) is an error, never an overrun.
  const size_t bytes = static_cast<size_t>(out.nbytes());
  void* dst = out.mutable_data();
  std::optional<py::gil_scoped_release> release;
  if (bytes >= kReleaseGilBytes) release.emplace();
  t.CopyToCpuRaw(dst, bytes);
  return out;
}

}  // namespace

void BindInferenceTensor(py::module_& m) {
  // PaddlePaddle's core names; paddle.inference re-exports them as DataType / Tensor.
  py::enum_<DataType> dtype(m, "PaddleDType", "Element type of an inference tensor.");
  dtype.value("FLOAT32", DataType::FLOAT32)
      .value("INT64", DataType::INT64)
      .value("INT32", DataType::INT32)
      .value("UINT8", DataType::UINT8)
      .value("INT8", DataType::INT8)
      .value("FLOAT16", DataType::FLOAT16)
      .value("BOOL", DataType::BOOL)
      .value("FLOAT64", DataType::FLOAT64)
      .value("BFLOAT16", DataType::BFLOAT16);
  AddEnumExample(dtype, R"doc(    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> predictor = paddle.inference.create_predictor(config)
    >>> predictor.get_input_handle("x").type() == paddle.inference.DataType.FLOAT32
    True
)doc");

  py::class_<Tensor>(m, "PaddleInferTensor",
                     "A handle on one input or output of a Predictor "
                     "(from get_input_handle / get_output_handle)."
                     R"doc(

Example:
    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> predictor = paddle.inference.create_predictor(config)
    >>> x = predictor.get_input_handle("x")
    >>> x.shape(), x.type()
    ([-1, 4], <PaddleDType.FLOAT32: 0>)
    >>> x.copy_from_cpu(np.ones((3, 4), "float32"))
    >>> x.shape()
    [3, 4]
    >>> predictor.run()
    >>> y = predictor.get_output_handle(predictor.get_output_names()[0])
    >>> y.shape(), y.copy_to_cpu().shape
    ([3, 2], (3, 2))
)doc")
      .def("copy_from_cpu", &CopyFromCpu, py::arg("data"),
           "Reshapes the tensor to data.shape and copies the numpy array in. Accepts "
           "float32, float64, float16, int32, int64, int8, uint8 and bool arrays.")
      .def("copy_to_cpu", &CopyToCpu, "A new numpy array holding a copy of the tensor.")
      .def(
          "reshape",
          [](Tensor& t, const std::vector<int64_t>& shape) {
            t.Reshape(IntDims("reshape", t, shape));
          },
          py::arg("shape"), "Sets the shape of an input before its data is copied in.")
      .def("shape", &Tensor::shape)
      .def("type", &Tensor::type, "The element type (paddle.inference.DataType).")
      .def("name", &Tensor::name)
      .def("lod", &Tensor::lod, "Level-of-detail offsets, one list per level.")
      .def("set_lod", &Tensor::SetLoD, py::arg("lod"))
      .def("__repr__", [](const Tensor& t) {
        return "<paddle.inference.Tensor '" + t.name() + "'>";
      });
}

}  // namespace pybind
}  // namespace paddle
