// PD_Predictor*: a paddle_infer::Predictor behind a C handle.
#include "core/capi/capi_internal.h"

using paddle::capi::Guard;
using paddle::capi::GuardStatus;
using paddle::capi::Need;

namespace {
paddle_infer::Predictor& PredictorOf(PD_Predictor* p) {
  return *Need(p, "pd_predictor")->predictor;
}
}  // namespace

extern "C" {

PD_Predictor* PD_PredictorCreate(PD_Config* pd_config) {
  // The config is ours from here on, whatever happens.
  std::unique_ptr<PD_Config> config(pd_config);
  return Guard("PD_PredictorCreate", static_cast<PD_Predictor*>(nullptr), [&] {
    auto predictor = std::make_unique<PD_Predictor>();
    predictor->predictor = paddle_infer::CreatePredictor(Need(config.get(), "pd_config")->config);
    return predictor.release();
  });
}

PD_Predictor* PD_PredictorClone(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorClone", static_cast<PD_Predictor*>(nullptr), [&] {
    auto clone = std::make_unique<PD_Predictor>();
    clone->predictor = PredictorOf(pd_predictor).Clone();
    return clone.release();
  });
}

PD_OneDimArrayCstr* PD_PredictorGetInputNames(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorGetInputNames", static_cast<PD_OneDimArrayCstr*>(nullptr), [&] {
    return paddle::capi::NewCstrArray(PredictorOf(pd_predictor).GetInputNames());
  });
}

PD_OneDimArrayCstr* PD_PredictorGetOutputNames(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorGetOutputNames", static_cast<PD_OneDimArrayCstr*>(nullptr), [&] {
    return paddle::capi::NewCstrArray(PredictorOf(pd_predictor).GetOutputNames());
  });
}

size_t PD_PredictorGetInputNum(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorGetInputNum", size_t{0},
               [&] { return PredictorOf(pd_predictor).GetInputNames().size(); });
}

size_t PD_PredictorGetOutputNum(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorGetOutputNum", size_t{0},
               [&] { return PredictorOf(pd_predictor).GetOutputNames().size(); });
}

PD_Tensor* PD_PredictorGetInputHandle(PD_Predictor* pd_predictor, const char* name) {
  return Guard("PD_PredictorGetInputHandle", static_cast<PD_Tensor*>(nullptr), [&] {
    auto handle = std::make_unique<PD_Tensor>();
    handle->tensor = PredictorOf(pd_predictor).GetInputHandle(Need(name, "name"));
    return handle.release();
  });
}

PD_Tensor* PD_PredictorGetOutputHandle(PD_Predictor* pd_predictor, const char* name) {
  return Guard("PD_PredictorGetOutputHandle", static_cast<PD_Tensor*>(nullptr), [&] {
    auto handle = std::make_unique<PD_Tensor>();
    handle->tensor = PredictorOf(pd_predictor).GetOutputHandle(Need(name, "name"));
    return handle.release();
  });
}

PD_Bool PD_PredictorRun(PD_Predictor* pd_predictor) {
  return GuardStatus("PD_PredictorRun", [&] { PredictorOf(pd_predictor).Run(); });
}

PD_Bool PD_PredictorClearIntermediateTensor(PD_Predictor* pd_predictor) {
  return GuardStatus("PD_PredictorClearIntermediateTensor",
                     [&] { PredictorOf(pd_predictor).ClearIntermediateTensor(); });
}

uint64_t PD_PredictorTryShrinkMemory(PD_Predictor* pd_predictor) {
  return Guard("PD_PredictorTryShrinkMemory", uint64_t{0},
               [&] { return PredictorOf(pd_predictor).TryShrinkMemory(); });
}

void PD_PredictorDestroy(PD_Predictor* pd_predictor) { delete pd_predictor; }

}  // extern "C"
