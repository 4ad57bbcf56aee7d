// paddle.inference: Config, Predictor, PredictorPool, create_predictor, get_version, under
// PaddlePaddle's core names (AnalysisConfig, PaddleInferPredictor, ...). The
// predictor is the C++ one; Python only crosses in and out.
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "core/inference/paddle_inference_api.h"
#include "core/pybind/bind.h"

namespace py = pybind11;
using paddle_infer::Config;
using paddle_infer::PlaceType;
using paddle_infer::Predictor;
using paddle_infer::services::PredictorPool;

namespace paddle {
namespace pybind {

namespace {

// Paths may be str or os.PathLike (pathlib.Path), as Python users pass them;
// anything else raises os.fspath's TypeError.
std::string Fspath(py::handle path) {
  return py::module_::import("os").attr("fspath")(path).cast<std::string>();
}

}  // namespace

void BindInference(py::module_& m) {
  py::enum_<PlaceType> place(m, "PaddlePlace", "Where an inference tensor lives.");
  place.value("UNK", PlaceType::kUNK).value("CPU", PlaceType::kCPU).value("GPU", PlaceType::kGPU);
  AddEnumExample(place, R"doc(    >>> paddle.inference.PlaceType.CPU
    <PaddlePlace.CPU: 0>
    >>> list(paddle.inference.PlaceType.__members__)
    ['UNK', 'CPU', 'GPU']
)doc");

  py::class_<Config>(m, "AnalysisConfig",
                     "What to load and how to run it: Config(model_dir) or "
                     "Config(prog_file, params_file)."
                     R"doc(

Args:
    model_dir (str|os.PathLike, optional): A directory holding the model, given alone: its
        ``inference.pdmodel``/``.pdiparams``, ``model.pdmodel``/``.pdiparams`` or
        ``__model__``/``__params__`` are read.
    prog_file (str|os.PathLike, optional): The ``.pdmodel`` file, given with ``params_file``.
    params_file (str|os.PathLike, optional): The ``.pdiparams`` file.

Returns:
    Config: The configuration; with no argument, set the model later with ``set_model``.

Example:
    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> config.prog_file(), config.params_file()
    ('model.pdmodel', 'model.pdiparams')
    >>> config.set_cpu_math_library_num_threads(2)
    >>> config.cpu_math_library_num_threads()
    2
    >>> predictor = paddle.inference.create_predictor(config)
)doc")
      .def(py::init<>())
      .def(py::init([](py::handle model_dir) { return Config(Fspath(model_dir)); }),
           py::arg("model_dir"))
      .def(py::init([](py::handle prog_file, py::handle params_file) {
             return Config(Fspath(prog_file), Fspath(params_file));
           }),
           py::arg("prog_file"), py::arg("params_file"))
      .def(
          "set_model", [](Config& c, py::handle dir) { c.SetModel(Fspath(dir)); },
          py::arg("model_dir"))
      .def(
          "set_model",
          [](Config& c, py::handle prog, py::handle params) {
            c.SetModel(Fspath(prog), Fspath(params));
          },
          py::arg("prog_file"), py::arg("params_file"))
      .def(
          "set_prog_file", [](Config& c, py::handle f) { c.SetProgFile(Fspath(f)); },
          py::arg("prog_file"))
      .def(
          "set_params_file", [](Config& c, py::handle f) { c.SetParamsFile(Fspath(f)); },
          py::arg("params_file"))
      .def("model_dir", &Config::model_dir)
      .def("prog_file", &Config::prog_file,
           "The program file to load (resolved from model_dir when not set).")
      .def("params_file", &Config::params_file,
           "The parameters file to load (resolved from model_dir when not set).")
      .def("disable_gpu", &Config::DisableGpu)
      .def("use_gpu", &Config::use_gpu)
      .def("set_cpu_math_library_num_threads", &Config::SetCpuMathLibraryNumThreads,
           py::arg("cpu_math_library_num_threads"),
           "Threads the math libraries may use inside one op, in [1, 1024]; anything else "
           "raises InvalidArgumentError and keeps the old value.")
      .def("cpu_math_library_num_threads", &Config::cpu_math_library_num_threads)
      .def("switch_ir_optim", &Config::SwitchIrOptim, py::arg("x") = true,
           "Whether the CPU inference passes (fc_fuse_pass) rewrite the program at load; "
           "on by default.")
      .def("ir_optim", &Config::ir_optim)
      .def("delete_pass", &Config::DeletePass, py::arg("pass_name"),
           "Leaves the named pass out of the passes run at load; a name not in the "
           "pipeline is ignored.")
      .def("enable_memory_optim", &Config::EnableMemoryOptim, py::arg("x") = true,
           "Accepted for compatibility: temporaries are always freed after their last reader.")
      .def("enable_mkldnn", &Config::EnableMKLDNN,
           "Accepted for compatibility: float GEMMs always run on oneDNN.")
      .def("disable_mkldnn", &Config::DisableMKLDNN, "Accepted for compatibility.")
      .def("mkldnn_enabled", &Config::mkldnn_enabled)
      .def("switch_use_feed_fetch_ops", &Config::SwitchUseFeedFetchOps, py::arg("x") = true,
           "Accepted for compatibility: inputs and outputs are always bound without copies.")
      .def("switch_specify_input_names", &Config::SwitchSpecifyInputNames, py::arg("x") = true,
           "Accepted for compatibility: inputs are always addressed by name.")
      .def("disable_glog_info", &Config::DisableGlogInfo, "Accepted for compatibility.")
      .def("summary", &Config::Summary);

  py::class_<Predictor, std::shared_ptr<Predictor>>(
      m, "PaddleInferPredictor",
      "A loaded model: set inputs through get_input_handle, run(), read outputs through "
      "get_output_handle. A predictor and its handles serve one thread at a time: give "
      "each thread its own clone() (clones share the weights). Using one predictor from "
      "two threads at once raises PreconditionNotMetError and changes nothing."
      R"doc(

Args:
    config (paddle.inference.Config): The model to load and the run settings (the same as
        ``paddle.inference.create_predictor(config)``).

Returns:
    Predictor: The loaded predictor.

Example:
    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> predictor = paddle.inference.create_predictor(config)
    >>> predictor.get_input_names()
    ['x']
    >>> predictor.get_input_handle("x").copy_from_cpu(np.ones((3, 4), "float32"))
    >>> predictor.run()
    >>> out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    >>> out.shape, out.dtype
    ((3, 2), dtype('float32'))
    >>> clone = predictor.clone()  # for another thread
)doc")
      .def(py::init([](const Config& config) {
             py::gil_scoped_release release;
             return std::make_shared<Predictor>(config);
           }),
           py::arg("config"))
      .def("get_input_names", &Predictor::GetInputNames)
      .def("get_output_names", &Predictor::GetOutputNames)
      // A handle keeps what it points into alive by itself (C++ side).
      .def("get_input_handle", &Predictor::GetInputHandle, py::arg("name"))
      .def("get_output_handle", &Predictor::GetOutputHandle, py::arg("name"))
      .def(
          "run",
          [](Predictor& p) {
            // Other Python threads run (their own predictors) meanwhile.
            py::gil_scoped_release release;
            p.Run();
          },
          "Runs the model on the inputs set through the input handles.")
      .def(
          "clone",
          [](Predictor& p) {
            std::unique_ptr<Predictor> clone;
            {
              py::gil_scoped_release release;
              clone = p.Clone();
            }
            return std::shared_ptr<Predictor>(std::move(clone));
          },
          "A predictor sharing this one's parameters, with its own inputs and outputs: "
          "one per thread.");

  py::class_<PredictorPool>(m, "PredictorPool", R"doc(
A fixed set of predictors for worker threads, as PaddlePaddle's
``paddle.inference.PredictorPool``: ``size`` predictors (at least 1), the
first made from ``config``, the others its clones, which share its weights.
Give each thread its own index; ``retrieve(idx)`` returns that index's
predictor, the same one on every call (an index past the last raises
``OutOfRangeError``, an ``IndexError``).

Args:
    config (paddle.inference.Config): The model and settings of every predictor.
    size (int, optional): How many predictors, at least 1. Default 1.

Returns:
    PredictorPool: The pool; ``retrieve(idx)`` gives predictor ``idx``.

Examples:
    >>> import tempfile, threading
    >>> import numpy as np
    >>> import paddle
    >>> from paddle import inference
    >>> path = tempfile.mkdtemp() + "/model"
    >>> paddle.jit.save(paddle.nn.Linear(4, 2), path,
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32")])
    >>> pool = inference.PredictorPool(inference.Config(path + ".pdmodel", path + ".pdiparams"), 2)
    >>> outputs = [None, None]
    >>> def serve(i):
    ...     predictor = pool.retrieve(i)
    ...     predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(
    ...         np.ones((3, 4), "float32"))
    ...     predictor.run()
    ...     outputs[i] = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    >>> threads = [threading.Thread(target=serve, args=(i,)) for i in range(2)]
    >>> for t in threads: t.start()
    >>> for t in threads: t.join()
    >>> outputs[0].shape, bool((outputs[0] == outputs[1]).all())
    ((3, 2), True)
)doc")
      .def(py::init([](const Config& config, size_t size) {
             py::gil_scoped_release release;
             return std::make_unique<PredictorPool>(config, size);
           }),
           py::arg("config"), py::arg("size") = 1)
      // The predictor belongs to the pool: it keeps the pool alive.
      .def("retrieve", &PredictorPool::Retrive, py::arg("idx"),
           py::return_value_policy::reference_internal,
           "The predictor of index `idx` (C++: Retrive, PaddlePaddle's spelling).");

  m.def(
      "create_predictor",
      [](const Config& config) {
        py::gil_scoped_release release;
        return paddle_infer::CreatePredictor(config);
      },
      py::arg("config"), "Loads the model `config` names and prepares it to run." R"doc(

Args:
    config (paddle.inference.Config): The model files (``.pdmodel``/``.pdiparams``, or a
        model directory) and the run settings; a missing or corrupt model raises
        ``NotFoundError`` or ``InvalidModelError``.

Returns:
    paddle.inference.Predictor: The loaded predictor, ready to take inputs.

Example:
    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> predictor = paddle.inference.create_predictor(config)
    >>> predictor.get_input_names(), len(predictor.get_output_names())
    (['x'], 1)
)doc");

  m.def("get_version", &paddle_infer::GetVersion, R"doc(The version of this inference library.

Returns:
    str: The library's version and the model format it reads.

Example:
    >>> paddle.inference.get_version()
    'paddle ... (model format ...)'
)doc");
}

}  // namespace pybind
}  // namespace paddle
