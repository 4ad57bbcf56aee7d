#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"

namespace paddle_infer {
namespace services {

PredictorPool::PredictorPool(const Config& config, size_t size) {
  PD_CHECK(size >= 1, InvalidArgument,
           "[PredictorPool] expected a pool size of at least 1, got ", size);
  main_pred_ = CreatePredictor(config);
  preds_.reserve(size - 1);
  for (size_t i = 1; i < size; ++i) preds_.push_back(main_pred_->Clone());
}

Predictor* PredictorPool::Retrive(size_t idx) {
  PD_CHECK(idx < preds_.size() + 1, OutOfRange,
           "[PredictorPool] expected a predictor index in [0, ", preds_.size(), "], got ", idx);
  return idx == 0 ? main_pred_.get() : preds_[idx - 1].get();
}

}  // namespace services
}  // namespace paddle_infer
