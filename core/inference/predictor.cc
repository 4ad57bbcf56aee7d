#include <algorithm>
#include <map>

#include "core/executor/executor.h"
#include "core/framework/enforce.h"
#include "core/framework/model_io.h"
#include "core/framework/op_def.h"
#include "core/inference/paddle_inference_api.h"
#include "core/ir/pass.h"
#include "core/ops/math_threads.h"

namespace paddle_infer {

using paddle::BlockDesc;
using paddle::ProgramDesc;
using paddle::Scope;

namespace {

// What a loaded model shares between a predictor and its clones.
struct LoadedModel {
  ProgramDesc program;  // as loaded, feed/fetch ops removed, inference passes applied
  std::unique_ptr<Scope> params;  // persistables, read-only once loaded
  std::vector<std::string> inputs, outputs;
};

// Removes feed/fetch ops, recording their targets by `col`. A program without
// them takes its inputs from the vars read before any op writes them, and its
// outputs from the vars written and never read.
void StripFeedFetch(ProgramDesc* program, std::vector<std::string>* inputs,
                    std::vector<std::string>* outputs) {
  std::map<int, std::string> feeds, fetches;
  auto* ops = program->Block(0)->Proto()->mutable_ops();
  paddle::proto::ProgramDesc stripped = program->Proto();
  auto* kept = stripped.mutable_blocks(0)->mutable_ops();
  kept->Clear();
  for (auto& op : *ops) {
    paddle::OpDesc desc(&op);
    bool is_feed = desc.Type() == "feed", is_fetch = desc.Type() == "fetch";
    if (!is_feed && !is_fetch) {
      *kept->Add() = op;
      continue;
    }
    // The op's own definition checks `col` (present, an int, >= 0).
    const paddle::OpDef& def = paddle::OpRegistry::Instance().Get(desc.Type());
    int col = std::get<int32_t>(def.CheckAttrs(desc.GetAttrMap())[def.AttrIndex("col")]);
    auto names = is_feed ? desc.Output("Out") : desc.Input("X");
    PD_CHECK(names.size() == 1, InvalidModel, "[Predictor] ", desc.Type(),
             " op must name one variable, names ", names.size());
    PD_CHECK((is_feed ? feeds : fetches).emplace(col, names[0]).second, InvalidModel,
             "[Predictor] two ", desc.Type(), " ops use col ", col);
  }
  *program = ProgramDesc(std::move(stripped));
  for (auto& kv : feeds) inputs->push_back(kv.second);
  for (auto& kv : fetches) outputs->push_back(kv.second);
  if (!feeds.empty() && !fetches.empty()) return;

  const BlockDesc* block = program->Block(0);
  std::map<std::string, int> reads, writes;
  std::vector<std::string> order;
  for (size_t i = 0; i < block->OpCount(); ++i) {
    for (const auto& n : block->Op(i)->InputArgumentNames()) {
      const auto* v = block->FindVar(n);
      if (v && !v->Persistable() && !writes.count(n) && !reads.count(n) && feeds.empty())
        inputs->push_back(n);
      reads[n]++;
    }
    for (const auto& n : block->Op(i)->OutputArgumentNames()) {
      if (!writes.count(n)) order.push_back(n);
      writes[n]++;
    }
  }
  if (fetches.empty())
    for (const auto& n : order)
      if (!reads.count(n)) outputs->push_back(n);
}

}  // namespace

struct Predictor::Impl {
  Config config;
  std::shared_ptr<LoadedModel> model;
  Scope* run_scope = nullptr;  // child of model->params: inputs, outputs, temporaries
  paddle::Executor executor;
  std::unique_ptr<paddle::PreparedBlock> prepared;

  ~Impl() {
    prepared.reset();
    if (run_scope) model->params->DeleteScope(run_scope);
  }

  void Prepare() {
    run_scope = &model->params->NewScope();
    std::vector<std::string> keep = model->inputs;
    keep.insert(keep.end(), model->outputs.begin(), model->outputs.end());
    for (const auto& name : keep) {
      const auto* v = model->program.Block(0)->FindVar(name);
      PD_CHECK(v, InvalidModel, "[Predictor] feed/fetch target '", name,
               "' is not declared in block 0");
      run_scope->LocalVar(name)->GetMutable<paddle::DenseTensor>();
    }
    prepared = executor.Prepare(model->program, 0, run_scope, keep);
  }
};

Predictor::Predictor(const Config& config) : impl_(std::make_unique<Impl>()) {
  PD_CHECK(!config.use_gpu(), Unimplemented,
           "[Predictor] GPU inference is not available in this build; call config.DisableGpu()");
  impl_->config = config;
  auto model = std::make_shared<LoadedModel>();
  model->params = std::make_unique<Scope>();
  std::string prog = config.prog_file(), params = config.params_file();
  PD_CHECK(!prog.empty(), InvalidArgument,
           "[Predictor] the Config names no model: give a model dir or prog_file + params_file");
  paddle::LoadInferenceModel(prog, params, &model->program, model->params.get());
  try {
    StripFeedFetch(&model->program, &model->inputs, &model->outputs);
    if (config.ir_optim()) {
      paddle::ir::PassContext ctx;
      ctx.keep_vars.insert(model->inputs.begin(), model->inputs.end());
      ctx.keep_vars.insert(model->outputs.begin(), model->outputs.end());
      paddle::ir::InferencePasses(config.deleted_passes()).Run(&model->program, ctx);
    }
    impl_->model = std::move(model);
    impl_->Prepare();
  } catch (const paddle::Error& e) {
    PD_THROW_KIND(e.kind(), e.what(), "\n  [Predictor] in model '", prog, "'");
  }
  paddle::SetMathLibraryNumThreads(std::max(1, config.cpu_math_library_num_threads()));
}

Predictor::Predictor(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Predictor::~Predictor() = default;

std::vector<std::string> Predictor::GetInputNames() const { return impl_->model->inputs; }
std::vector<std::string> Predictor::GetOutputNames() const { return impl_->model->outputs; }

std::unique_ptr<Tensor> Predictor::GetInputHandle(const std::string& name) {
  const auto& names = impl_->model->inputs;
  PD_CHECK(std::find(names.begin(), names.end(), name) != names.end(), NotFound,
           "[Predictor] no input named '", name, "'; inputs are: ", paddle::StrJoin(names));
  auto* desc = impl_->model->program.Block(0)->FindVar(name);
  return std::unique_ptr<Tensor>(new Tensor(impl_->run_scope->FindVar(name), name, desc));
}

std::unique_ptr<Tensor> Predictor::GetOutputHandle(const std::string& name) {
  const auto& names = impl_->model->outputs;
  PD_CHECK(std::find(names.begin(), names.end(), name) != names.end(), NotFound,
           "[Predictor] no output named '", name, "'; outputs are: ", paddle::StrJoin(names));
  return std::unique_ptr<Tensor>(new Tensor(impl_->run_scope->FindVar(name), name, nullptr));
}

bool Predictor::Run() {
  for (const auto& name : impl_->model->inputs) {
    PD_CHECK(impl_->run_scope->FindVar(name)->Get<paddle::DenseTensor>().IsInitialized(),
             PreconditionNotMet, "[Predictor] input '", name,
             "' was not set: call copy_from_cpu on its handle before run");
  }
  impl_->executor.Run(*impl_->prepared);
  return true;
}

std::unique_ptr<Predictor> Predictor::Clone() {
  auto impl = std::make_unique<Impl>();
  impl->config = impl_->config;
  impl->model = impl_->model;
  impl->Prepare();
  return std::unique_ptr<Predictor>(new Predictor(std::move(impl)));
}

std::shared_ptr<Predictor> CreatePredictor(const Config& config) {
  return std::make_shared<Predictor>(config);
}

std::string GetVersion() {
  return "paddle 0.1.0 (model format " + std::to_string(paddle::kProgramVersion) + ")";
}

}  // namespace paddle_infer
