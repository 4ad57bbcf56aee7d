#include <algorithm>
#include <map>
#include <new>
#include <set>
#include <unordered_set>

#include "core/base/enforce.h"
#include "core/framework/model_io.h"
#include "core/framework/op_def.h"
#include "core/inference/predictor_state.h"
#include "core/ir/pass.h"
#include "core/ir/prune.h"
#include "core/memory/allocator.h"
#include "core/base/math_threads.h"

namespace paddle_infer {

using paddle::BlockDesc;
using paddle::ProgramDesc;
using paddle::Scope;

namespace {

// Removes feed/fetch ops, recording their targets by `col`. A program without
// them takes its inputs from the vars read before any op writes them, and its
// outputs from the vars written and never read.
void StripFeedFetch(ProgramDesc* program, std::vector<std::string>* inputs,
                    std::vector<std::string>* outputs) {
  paddle::ir::StripFeedFetchOps(program, inputs, outputs);
  const bool feeds = !inputs->empty(), fetches = !outputs->empty();
  if (feeds && fetches) return;

  const BlockDesc* block = program->Block(0);
  std::map<std::string, int> reads, writes;
  std::vector<std::string> order;
  for (size_t i = 0; i < block->OpCount(); ++i) {
    for (const auto& n : block->Op(i)->InputArgumentNames()) {
      const auto* v = block->FindVar(n);
      if (v && !v->Persistable() && !writes.count(n) && !reads.count(n) && !feeds)
        inputs->push_back(n);
      reads[n]++;
    }
    for (const auto& n : block->Op(i)->OutputArgumentNames()) {
      if (!writes.count(n)) order.push_back(n);
      writes[n]++;
    }
  }
  if (!fetches)
    for (const auto& n : order)
      if (!reads.count(n)) outputs->push_back(n);
}

// Every output must be computed: written by an op of block 0, or an input or
// a parameter itself. Otherwise reading it could only ever fail after run().
void CheckOutputsWritten(const LoadedModel& model) {
  const BlockDesc* block = model.program.Block(0);
  std::set<std::string> written(model.inputs.begin(), model.inputs.end());
  for (size_t i = 0; i < block->OpCount(); ++i)
    for (const auto& n : block->Op(i)->OutputArgumentNames()) written.insert(n);
  for (const auto& name : model.outputs) {
    const auto* v = block->FindVar(name);
    PD_CHECK(written.count(name) || (v && v->Persistable()), InvalidModel,
             "[Predictor] output '", name, "' is written by no op of the program, and is "
             "neither an input nor a parameter: it could never be read");
  }
}

// Marks each step's inputs bound to parameters that no op of the program writes: they stay
// as loaded for the predictor's life (clones share them read-only), so kernels may keep
// forms derived from them, such as a convolution filter packed into oneDNN's layout. The
// model's inputs count as written (the user sets them), persistable or not.
void MarkFrozenParams(const paddle::ProgramDesc& program, const std::vector<std::string>& inputs,
                      const paddle::PreparedBlock& prepared) {
  std::unordered_set<std::string> written(inputs.begin(), inputs.end());
  for (size_t b = 0; b < program.BlockCount(); ++b) {
    const paddle::BlockDesc* block = program.Block(b);
    for (size_t i = 0; i < block->OpCount(); ++i)
      for (const auto& name : block->Op(i)->OutputArgumentNames()) written.insert(name);
  }
  const paddle::BlockDesc* block0 = program.Block(0);
  for (const auto& step : prepared.steps()) {
    if (!step.ctx) continue;
    uint64_t mask = 0;
    for (size_t slot = 0; slot < step.def->inputs.size() && slot < 64; ++slot) {
      const auto names = step.desc->Input(step.def->inputs[slot].name);
      bool frozen = !names.empty();
      for (const auto& name : names) {
        const auto* var = block0->FindVar(name);
        frozen = frozen && var && var->Persistable() && !written.count(name);
      }
      if (frozen) mask |= uint64_t{1} << slot;
    }
    step.ctx->set_frozen_inputs(mask);
  }
}

}  // namespace

PredictorState::~PredictorState() {
  prepared.reset();
  if (run_scope) model->params->DeleteScope(run_scope);
}

void PredictorState::Prepare() {
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
  MarkFrozenParams(model->program, model->inputs, *prepared);
  // An input's shape starts as declared: a model with fixed input shapes
  // takes CopyFromCpu without a Reshape; a -1 dim must be set first.
  for (const auto& name : model->inputs)
    run_scope->FindVar(name)->GetMutable<paddle::DenseTensor>()->Resize(
        paddle::DDim(model->program.Block(0)->FindVar(name)->GetShape()));
}

InUse::InUse(PredictorState& state, const char* call) : state_(state) {
  bool idle = false;
  PD_CHECK(state.busy.compare_exchange_strong(idle, true, std::memory_order_acquire),
           PreconditionNotMet, "[Predictor] ", call,
           ": the predictor is in use by another thread right now. A predictor and its "
           "tensor handles serve one thread at a time: give each thread its own predictor "
           "with clone(), which shares the loaded weights");
}

std::string PredictorState::ReadModel(const Config& config, paddle::ProgramDesc* program,
                                      paddle::Scope* params) {
  if (!config.model_from_memory()) {
    const std::string prog = config.prog_file();
    PD_CHECK(!prog.empty(), InvalidArgument,
             "[Predictor] the Config names no model: give a model dir or prog_file + params_file");
    paddle::LoadInferenceModel(prog, config.params_file(), program, params);
    return prog;
  }
  // The same checks and errors as the files get (InvalidModel for corrupt bytes).
  paddle::ProgramDesc loaded = paddle::ParseProgram(config.prog_buffer(), "the program buffer");
  if (!config.params_buffer().empty() || !paddle::PersistableVarNames(loaded).empty())
    paddle::DeserializeParams(config.params_buffer(), "the params buffer", loaded, params);
  *program = std::move(loaded);
  return "<model buffer>";
}

namespace {
// Loads and prepares the model.
void Load(PredictorState* state, const Config& config) {
  auto model = std::make_shared<LoadedModel>();
  model->params = std::make_unique<Scope>();
  const std::string prog = PredictorState::ReadModel(config, &model->program, model->params.get());
  try {
    StripFeedFetch(&model->program, &model->inputs, &model->outputs);
    CheckOutputsWritten(*model);
    if (config.ir_optim()) {
      paddle::ir::PassContext ctx;
      ctx.keep_vars.insert(model->inputs.begin(), model->inputs.end());
      ctx.keep_vars.insert(model->outputs.begin(), model->outputs.end());
      ctx.scope = model->params.get();  // conv_bn_fuse_pass folds weights there
      PredictorState::Pipeline(config).Run(&model->program, ctx);
    }
    state->model = std::move(model);
    state->Prepare();
  } catch (const paddle::Error& e) {
    PD_THROW_KIND(e.kind(), e.what(), "\n  [Predictor] in model '", prog, "'");
  }
}
}  // namespace

Predictor::Predictor(const Config& config) : state_(std::make_shared<PredictorState>()) {
  PD_CHECK(!config.use_gpu(), Unimplemented,
           "[Predictor] GPU inference is not available in this build; call config.DisableGpu()");
  state_->config = config;
  try {
    Load(state_.get(), config);
    PredictorState::DropModelBytes(&state_->config);
  } catch (const std::bad_alloc&) {
    PD_THROW(ResourceExhausted, "[Predictor] out of memory loading model '",
             config.model_from_memory() ? "<model buffer>" : config.prog_file(), "' (params '",
             config.params_file(), "')");
  }
}

Predictor::Predictor(std::shared_ptr<PredictorState> state) : state_(std::move(state)) {}
Predictor::~Predictor() = default;

std::vector<std::string> Predictor::GetInputNames() const { return state_->model->inputs; }
std::vector<std::string> Predictor::GetOutputNames() const { return state_->model->outputs; }

std::unique_ptr<Tensor> Predictor::GetInputHandle(const std::string& name) {
  paddle::CheckNoNul(name, "Predictor", "input name");
  const auto& names = state_->model->inputs;
  PD_CHECK(std::find(names.begin(), names.end(), name) != names.end(), NotFound,
           "[Predictor] no input named '", name, "'; inputs are: ", paddle::StrJoin(names));
  auto* desc = state_->model->program.Block(0)->FindVar(name);
  return std::unique_ptr<Tensor>(new Tensor(state_, state_->run_scope->FindVar(name), name, desc));
}

std::unique_ptr<Tensor> Predictor::GetOutputHandle(const std::string& name) {
  paddle::CheckNoNul(name, "Predictor", "output name");
  const auto& names = state_->model->outputs;
  PD_CHECK(std::find(names.begin(), names.end(), name) != names.end(), NotFound,
           "[Predictor] no output named '", name, "'; outputs are: ", paddle::StrJoin(names));
  return std::unique_ptr<Tensor>(
      new Tensor(state_, state_->run_scope->FindVar(name), name, nullptr));
}

bool Predictor::Run() {
  InUse in_use(*state_, "run");
  for (const auto& name : state_->model->inputs) {
    const auto& t = state_->run_scope->FindVar(name)->Get<paddle::DenseTensor>();
    PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[Predictor] input '", name,
             "' was not set: call copy_from_cpu on its handle before run");
    PD_CHECK(t.HoldsData(), PreconditionNotMet, "[Predictor] input '", name,
             "' was reshaped to ", t.dims().ToString(),
             " after its data was copied in: copy data of that shape in before run");
  }
  // The math libraries' thread count is per thread (OpenMP): set it on the
  // thread that runs, so a predictor made on one thread runs right on another.
  const int threads = state_->config.cpu_math_library_num_threads();
  if (paddle::GetMathLibraryNumThreads() != threads) paddle::SetMathLibraryNumThreads(threads);
  try {
    state_->executor.Run(*state_->prepared);
  } catch (const std::bad_alloc&) {
    PD_THROW(ResourceExhausted, "[Predictor] out of memory running model '",
             state_->config.prog_file(), "'");
  }
  return true;
}

std::unique_ptr<Predictor> Predictor::Clone() {
  auto state = std::make_shared<PredictorState>();
  state->config = state_->config;
  state->model = state_->model;
  state->Prepare();
  return std::unique_ptr<Predictor>(new Predictor(std::move(state)));
}

void Predictor::ClearIntermediateTensor() {
  InUse in_use(*state_, "ClearIntermediateTensor");
  state_->prepared->ReleaseSlots();
  const auto& in = state_->model->inputs;
  const auto& out = state_->model->outputs;
  std::set<std::string> keep(in.begin(), in.end());
  keep.insert(out.begin(), out.end());
  // Temporaries the plan leaves alone (list vars, buffer-sharing ops, or all
  // of them when eager deletion is off) still hold data from the last run.
  for (const auto& name : state_->run_scope->LocalVarNames()) {
    if (keep.count(name)) continue;
    paddle::Variable* v = state_->run_scope->FindLocalVar(name);
    if (v && v->IsType<paddle::DenseTensor>()) v->GetMutable<paddle::DenseTensor>()->Clear();
  }
}

uint64_t Predictor::TryShrinkMemory() {
  ClearIntermediateTensor();
  return paddle::memory::GetAllocator(paddle::CPUPlace())->Release();
}

std::shared_ptr<Predictor> CreatePredictor(const Config& config) {
  return std::make_shared<Predictor>(config);
}

std::string GetVersion() {
  return "paddle 0.1.0 (model format " + std::to_string(paddle::kProgramVersion) + ")";
}

}  // namespace paddle_infer
