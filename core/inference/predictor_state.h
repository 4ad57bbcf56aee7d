// What a Predictor and its Tensor handles share (internal to core/inference):
// the loaded model, the run scope, the prepared block, and the guard that
// turns use from two threads at once into a typed error.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/executor/executor.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"
#include "core/inference/paddle_inference_api.h"
#include "core/ir/pass.h"

namespace paddle_infer {

// What a loaded model shares between a predictor and its clones (read-only).
struct LoadedModel {
  paddle::ProgramDesc program;  // as loaded, feed/fetch ops removed, inference passes applied
  std::unique_ptr<paddle::Scope> params;  // persistables
  std::vector<std::string> inputs, outputs;
};

struct PredictorState {
  Config config;
  std::shared_ptr<LoadedModel> model;
  paddle::Scope* run_scope = nullptr;  // child of model->params: inputs, outputs, temporaries
  paddle::Executor executor;
  std::unique_ptr<paddle::PreparedBlock> prepared;
  std::atomic<bool> busy{false};  // a call is in progress (see InUse)

  PredictorState() = default;
  PredictorState(const PredictorState&) = delete;
  ~PredictorState();
  // Binds the inputs and outputs in a fresh run scope and prepares block 0.
  void Prepare();
  // Reads the program and parameters the config names (files or
  // SetModelBuffer's bytes) into `program` and `params`; returns what names
  // the model in errors.
  static std::string ReadModel(const Config& config, paddle::ProgramDesc* program,
                               paddle::Scope* params);
  // Frees the config's copy of SetModelBuffer's bytes once the model is
  // loaded: the predictor and its clones need only the loaded program.
  static void DropModelBytes(Config* config) {
    std::string().swap(config->prog_buffer_);
    std::string().swap(config->params_buffer_);
  }
  // The config's passes (pass_builder()), with a graph_viz_pass after each
  // one SwitchIrDebug asks a picture of (pass_builder.cc).
  static paddle::ir::PassPipeline Pipeline(const Config& config);
};

// Marks the predictor busy for one API call. A second thread that calls in
// meanwhile gets PreconditionNotMet naming `call`, and the first call goes on
// undisturbed: one predictor serves one thread at a time.
class InUse {
 public:
  InUse(PredictorState& state, const char* call);
  ~InUse() { state_.busy.store(false, std::memory_order_release); }
  InUse(const InUse&) = delete;
  InUse& operator=(const InUse&) = delete;

 private:
  PredictorState& state_;
};

}  // namespace paddle_infer
