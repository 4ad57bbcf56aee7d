// paddle.inference: PrecisionType (AnalysisConfig.Precision), the pass builder,
// and the Config methods beyond model paths and threads: the model from memory,
// IR debug pictures, and the GPU/XPU/TensorRT/profile switches this CPU build
// accepts and reports in summary(). inference.cc defines the classes used here.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/pybind/bind.h"

namespace py = pybind11;
using paddle_infer::Config;
using paddle_infer::DataType;
using paddle_infer::PaddlePassBuilder;
using paddle_infer::PrecisionType;

namespace paddle {
namespace pybind {

namespace {

// `size` bytes of a bytes or str buffer, as PaddlePaddle's set_model_buffer takes
// (buffer, size) pairs; a size past the buffer's end is an error, not a read past it.
std::string Prefix(const std::string& buffer, int64_t size, const char* what) {
  PD_CHECK(size >= 0 && static_cast<uint64_t>(size) <= buffer.size(), InvalidArgument,
           "[Config] set_model_buffer: ", what, " size ", size, " is not in [0, ", buffer.size(),
           "], the length of the buffer given");
  return buffer.substr(0, static_cast<size_t>(size));
}

size_t BytesOf(DataType dtype) {
  switch (dtype) {
    case DataType::FLOAT64:
    case DataType::INT64:
      return 8;
    case DataType::FLOAT32:
    case DataType::INT32:
      return 4;
    case DataType::FLOAT16:
    case DataType::BFLOAT16:
      return 2;
    case DataType::UINT8:
    case DataType::INT8:
    case DataType::BOOL:
      return 1;
  }
  PD_THROW(InvalidArgument, "[get_num_bytes_of_data_type] unknown data type ",
           static_cast<int>(dtype));
}

void BindPassBuilder(py::module_& m) {
  py::class_<PaddlePassBuilder>(m, "PaddlePassBuilder", R"doc(The IR passes a predictor runs at load.

Returned by ``Config.pass_builder()`` and owned by that config: it starts as the CPU
inference pipeline, and its changes apply to the predictors made from the config
afterwards (when ``ir_optim()`` is on). A pass name that is not registered raises
``NotFoundError`` (a ``LookupError``) when appended or inserted.

Args:
    config (paddle.inference.Config): Not a constructor argument: get the builder with
        ``config.pass_builder()``.

Returns:
    PaddlePassBuilder: The config's pass list.

Example:
    >>> config = paddle.inference.Config()
    >>> builder = config.pass_builder()
    >>> "fc_fuse_pass" in builder.all_passes()
    True
    >>> builder.delete_pass("fc_fuse_pass")
    >>> "fc_fuse_pass" in config.pass_builder().all_passes()
    False
    >>> builder.insert_pass(0, "fc_fuse_pass")
    >>> builder.all_passes()[0]
    'fc_fuse_pass'
)doc")
      .def("append_pass", &PaddlePassBuilder::AppendPass, py::arg("pass_type"),
           "Adds the named pass at the end; an unknown name raises NotFoundError.")
      .def("insert_pass", &PaddlePassBuilder::InsertPass, py::arg("idx"), py::arg("pass_type"),
           "Inserts the named pass before position idx; an unknown name raises NotFoundError, "
           "an index past the end OutOfRangeError.")
      .def("delete_pass", py::overload_cast<const std::string&>(&PaddlePassBuilder::DeletePass),
           py::arg("pass_type"),
           "Removes the named pass (every occurrence), or the pass at an int index "
           "(OutOfRangeError past the last).")
      .def("delete_pass", py::overload_cast<size_t>(&PaddlePassBuilder::DeletePass),
           py::arg("idx"))
      .def("set_passes", &PaddlePassBuilder::SetPasses, py::arg("passes"),
           "Replaces the pass list (each name checked as by append_pass).")
      .def("turn_on_debug", &PaddlePassBuilder::TurnOnDebug,
           "Puts a graph_viz_pass (a Graphviz picture) after every pass.")
      .def("debug_string", &PaddlePassBuilder::DebugString, "The passes, one a line.")
      .def("all_passes", &PaddlePassBuilder::AllPasses, "The pass names, in the order they run.");
}

}  // namespace

void BindInferenceConfig(py::module_& m) {
  auto config = py::reinterpret_borrow<py::class_<Config>>(m.attr("AnalysisConfig"));
  // PaddlePaddle's AnalysisConfig.Precision, also Config.Float32, ... and
  // paddle.inference.PrecisionType.
  py::enum_<PrecisionType> precision(config, "Precision",
                                     "The precision a GPU, XPU or TensorRT setting asks for.");
  precision.value("Float32", PrecisionType::kFloat32)
      .value("Int8", PrecisionType::kInt8)
      .value("Half", PrecisionType::kHalf)
      .value("Bfloat16", PrecisionType::kBf16)
      .export_values();
  AddEnumExample(precision, R"doc(    >>> from paddle.inference import PrecisionType
    >>> PrecisionType.Float32
    <Precision.Float32: 0>
    >>> list(PrecisionType.__members__)
    ['Float32', 'Int8', 'Half', 'Bfloat16']
)doc");
  BindPassBuilder(m);

  config
      .def(
          "set_model_buffer",
          [](Config& c, const std::string& prog_buffer, int64_t prog_buffer_size,
             const std::string& params_buffer, int64_t params_buffer_size) {
            const std::string prog = Prefix(prog_buffer, prog_buffer_size, "prog_buffer");
            const std::string params = Prefix(params_buffer, params_buffer_size, "params_buffer");
            c.SetModelBuffer(prog.data(), prog.size(), params.data(), params.size());
          },
          py::arg("prog_buffer"), py::arg("prog_buffer_size"), py::arg("params_buffer"),
          py::arg("params_buffer_size"),
          "Loads the model from memory: the bytes of a .pdmodel and of its .pdiparams, each "
          "with its size. Corrupt bytes raise InvalidModelError at create_predictor, as a "
          "corrupt file does.")
      .def("model_from_memory", &Config::model_from_memory,
           "Whether the model comes from set_model_buffer.")
      .def("switch_ir_debug", &Config::SwitchIrDebug, py::arg("x") = true,
           py::arg("passes") = std::vector<std::string>(),
           "Writes a Graphviz picture of the program after each pass run at load (or after "
           "the passes named in passes): <k>_ir_<pass>.dot, in set_optim_cache_dir's "
           "directory or the working directory.")
      .def(
          "pass_builder",
          [](const Config& c) -> PaddlePassBuilder* { return c.pass_builder(); },
          py::return_value_policy::reference_internal,
           "The passes run at load (a PaddlePassBuilder owned by this config).")
      .def("set_optim_cache_dir", &Config::SetOptimCacheDir, py::arg("opt_cache_dir"),
           "Where switch_ir_debug writes its pictures.")
      .def("enable_profile", &Config::EnableProfile,
           "Accepted and listed by summary() as ignored: the predictor has no profiler.")
      .def("enable_use_gpu", &Config::EnableUseGpu, py::arg("memory_pool_init_size_mb"),
           py::arg("device_id") = 0, py::arg("precision_mode") = PrecisionType::kFloat32,
           "Accepted and listed by summary() as ignored: this is a CPU build, so use_gpu() "
           "stays False.")
      .def("gpu_device_id", &Config::gpu_device_id, "The device_id given to enable_use_gpu.")
      .def("memory_pool_init_size_mb", &Config::memory_pool_init_size_mb,
           "The memory_pool_init_size_mb given to enable_use_gpu.")
      .def("enable_xpu", &Config::EnableXpu, py::arg("l3_size") = 16776192,
           py::arg("l3_locked") = false, py::arg("conv_autotune") = false,
           py::arg("conv_autotune_file") = "", py::arg("transformer_encoder_precision") = "int16",
           py::arg("transformer_encoder_adaptive_seqlen") = false,
           py::arg("enable_multi_stream") = false,
           "Accepted and listed by summary() as ignored: there is no XPU backend.")
      .def("use_xpu", &Config::use_xpu, "Always False: there is no XPU backend.")
      .def("enable_tensorrt_engine", &Config::EnableTensorRtEngine,
           py::arg("workspace_size") = int64_t{1} << 30, py::arg("max_batch_size") = 1,
           py::arg("min_subgraph_size") = 3, py::arg("precision_mode") = PrecisionType::kFloat32,
           py::arg("use_static") = false, py::arg("use_calib_mode") = true,
           py::arg("use_cuda_graph") = false,
           "Accepted and listed by summary() as ignored: there is no TensorRT backend.")
      .def("tensorrt_engine_enabled", &Config::tensorrt_engine_enabled,
           "Always False: there is no TensorRT backend.")
      .def("enable_onnxruntime", &Config::EnableONNXRuntime,
           "Accepted and listed by summary() as ignored: there is no ONNX Runtime backend.")
      .def("disable_onnxruntime", &Config::DisableONNXRuntime, "Undoes enable_onnxruntime.")
      .def("onnxruntime_enabled", &Config::use_onnxruntime,
           "Whether enable_onnxruntime was called.")
      .def("enable_ort_optimization", &Config::EnableORTOptimization,
           "Accepted and listed by summary() as ignored.")
      .def("enable_onednn", &Config::EnableMKLDNN,
           "Accepted for compatibility: float GEMMs always run on oneDNN.")
      .def("disable_onednn", &Config::DisableMKLDNN, "Accepted for compatibility.")
      .def("onednn_enabled", &Config::mkldnn_enabled,
           "What enable_onednn / disable_onednn last set.")
      .def("enable_mkldnn_int8", &Config::EnableMkldnnInt8,
           py::arg("mkldnn_int8_enabled_op_types") = std::unordered_set<std::string>(),
           "Accepted and listed by summary() as ignored: there are no int8 kernels.")
      .def("enable_onednn_int8", &Config::EnableMkldnnInt8,
           py::arg("onednn_int8_enabled_op_types") = std::unordered_set<std::string>(),
           "Accepted and listed by summary() as ignored: there are no int8 kernels.")
      .def("enable_mkldnn_bfloat16", &Config::EnableMkldnnBfloat16,
           "Accepted and listed by summary() as ignored: there are no bfloat16 kernels.")
      .def("enable_onednn_bfloat16", &Config::EnableMkldnnBfloat16,
           "Accepted and listed by summary() as ignored: there are no bfloat16 kernels.")
      .def("set_mkldnn_cache_capacity", &Config::SetMkldnnCacheCapacity, py::arg("capacity") = 0,
           "Accepted and listed by summary() as ignored; a negative capacity raises "
           "InvalidArgumentError.")
      .def("set_onednn_cache_capacity", &Config::SetMkldnnCacheCapacity, py::arg("capacity") = 0,
           "Accepted and listed by summary() as ignored; a negative capacity raises "
           "InvalidArgumentError.");

  // This build has no TensorRT: PaddlePaddle's CPU builds report (0, 0, 0) too.
  m.def(
      "get_trt_compile_version", [] { return std::make_tuple(0, 0, 0); },
      R"doc(The TensorRT version this library was compiled with: (0, 0, 0), none.

Returns:
    tuple[int, int, int]: (major, minor, patch); (0, 0, 0) in this CPU build, as in
    PaddlePaddle's CPU builds.

Example:
    >>> paddle.inference.get_trt_compile_version()
    (0, 0, 0)
)doc");
  m.def(
      "get_trt_runtime_version", [] { return std::make_tuple(0, 0, 0); },
      R"doc(The TensorRT version loaded at run time: (0, 0, 0), none.

Returns:
    tuple[int, int, int]: (major, minor, patch); (0, 0, 0) in this CPU build, as in
    PaddlePaddle's CPU builds.

Example:
    >>> paddle.inference.get_trt_runtime_version()
    (0, 0, 0)
)doc");

  m.def("get_num_bytes_of_data_type", &BytesOf, py::arg("dtype"),
        R"doc(The bytes one element of an inference data type takes.

Args:
    dtype (paddle.inference.DataType): The element type.

Returns:
    int: Its size in bytes.

Example:
    >>> from paddle.inference import DataType, get_num_bytes_of_data_type
    >>> get_num_bytes_of_data_type(DataType.FLOAT32), get_num_bytes_of_data_type(DataType.INT64)
    (4, 8)
)doc");
}

}  // namespace pybind
}  // namespace paddle
