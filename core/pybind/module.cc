// paddle._core: the one extension module. Each area binds itself (bind.h);
// the Python package (python/paddle) re-exports these under PaddlePaddle's names.
#include "core/pybind/bind.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "paddle's C++ core: typed errors, flags, operator protos, memory stats, inference, eager tensors";
  paddle::pybind::BindErrors(m);
  paddle::pybind::BindFlags(m);
  paddle::pybind::BindMemory(m);
  paddle::pybind::BindOps(m);
  // The tensor handle is bound before the predictor that returns it, so
  // pybind11 knows its type when the predictor's signatures are generated.
  paddle::pybind::BindInferenceTensor(m);
  paddle::pybind::BindInference(m);
  paddle::pybind::BindInferenceConfig(m);
  paddle::pybind::BindEagerDtype(m);
  paddle::pybind::BindEagerTensor(m);
  paddle::pybind::BindEagerOps(m);
  paddle::pybind::BindEagerMath(m);
  paddle::pybind::BindEagerJit(m);
  paddle::pybind::BindEagerDlpack(m);
  paddle::pybind::BindEagerPyLayer(m);
  paddle::pybind::BindStaticProgram(m);
  paddle::pybind::BindStaticExecutor(m);
  paddle::pybind::BindStaticIo(m);
  paddle::pybind::BindProfiler(m);
  paddle::pybind::BindDistributed(m);
}
