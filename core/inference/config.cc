#include <filesystem>
#include <sstream>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/ir/pass.h"

namespace paddle_infer {

namespace {
// The file pairs PaddlePaddle writes into a model directory, newest first.
constexpr const char* kModelFiles[][2] = {
    {"inference.pdmodel", "inference.pdiparams"},
    {"model.pdmodel", "model.pdiparams"},
    {"__model__", "__params__"},
};

int FindPairInDir(const std::string& dir) {
  namespace fs = std::filesystem;
  PD_CHECK(fs::is_directory(dir), NotFound, "[Config] model directory '", dir,
           "' does not exist");
  for (int i = 0; i < 3; ++i) {
    if (fs::exists(fs::path(dir) / kModelFiles[i][0])) return i;
  }
  PD_THROW(NotFound, "[Config] model directory '", dir,
           "' holds none of inference.pdmodel, model.pdmodel, __model__");
}
}  // namespace

std::string Config::prog_file() const {
  if (!prog_file_.empty() || model_dir_.empty()) return prog_file_;
  return model_dir_ + "/" + kModelFiles[FindPairInDir(model_dir_)][0];
}

std::string Config::params_file() const {
  if (!params_file_.empty() || model_dir_.empty()) return params_file_;
  return model_dir_ + "/" + kModelFiles[FindPairInDir(model_dir_)][1];
}

void Config::SetModel(const std::string& model_dir) {
  paddle::CheckNoNul(model_dir, "Config", "model_dir");
  ForgetModelBuffer();
  model_dir_ = model_dir;
}

void Config::SetModel(const std::string& prog_file, const std::string& params_file) {
  paddle::CheckNoNul(prog_file, "Config", "prog_file");
  paddle::CheckNoNul(params_file, "Config", "params_file");
  ForgetModelBuffer();
  prog_file_ = prog_file;
  params_file_ = params_file;
}

void Config::SetProgFile(const std::string& prog_file) {
  paddle::CheckNoNul(prog_file, "Config", "prog_file");
  ForgetModelBuffer();
  prog_file_ = prog_file;
}

void Config::SetParamsFile(const std::string& params_file) {
  paddle::CheckNoNul(params_file, "Config", "params_file");
  ForgetModelBuffer();
  params_file_ = params_file;
}

// Model files replace model bytes, as SetModelBuffer replaces files.
void Config::ForgetModelBuffer() {
  std::string().swap(prog_buffer_);
  std::string().swap(params_buffer_);
  model_from_memory_ = false;
}

void Config::SetModelBuffer(const char* prog_buffer, size_t prog_buffer_size,
                            const char* params_buffer, size_t params_buffer_size) {
  PD_CHECK(prog_buffer && prog_buffer_size > 0, InvalidArgument,
           "[Config] SetModelBuffer expects the program's bytes, got ",
           prog_buffer ? "0 bytes" : "a null buffer");
  PD_CHECK(params_buffer || params_buffer_size == 0, InvalidArgument,
           "[Config] SetModelBuffer got a null params buffer of ", params_buffer_size, " bytes");
  prog_buffer_.assign(prog_buffer, prog_buffer_size);
  params_buffer_.assign(params_buffer ? params_buffer : "", params_buffer_size);
  model_dir_.clear();
  prog_file_.clear();
  params_file_.clear();
  model_from_memory_ = true;
}

void Config::SwitchIrDebug(int x, const std::vector<std::string>& passes) {
  for (const auto& p : passes) paddle::ir::FindPass(p);  // NotFound for a typo
  ir_debug_ = x != 0;
  ir_debug_passes_ = passes;
}

void Config::SetOptimCacheDir(const std::string& opt_cache_dir) {
  paddle::CheckNoNul(opt_cache_dir, "Config", "optim_cache_dir");
  optim_cache_dir_ = opt_cache_dir;
}

void Config::SetMkldnnCacheCapacity(int capacity) {
  PD_CHECK(capacity >= 0, InvalidArgument,
           "[Config] SetMkldnnCacheCapacity expects a capacity >= 0, got ", capacity);
  Ignore("SetMkldnnCacheCapacity");
}

void Config::EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id,
                          PrecisionType precision_mode) {
  PD_CHECK(device_id >= 0, InvalidArgument, "[Config] EnableUseGpu expects a device_id >= 0, got ",
           device_id);
  (void)precision_mode;
  gpu_pool_mb_ = memory_pool_init_size_mb;
  gpu_device_id_ = device_id;
  Ignore("EnableUseGpu");
}

void Config::EnableXpu(int l3_size, bool l3_locked, bool conv_autotune,
                       const std::string& conv_autotune_file,
                       const std::string& transformer_encoder_precision,
                       bool transformer_encoder_adaptive_seqlen, bool enable_multi_stream) {
  (void)l3_size, (void)l3_locked, (void)conv_autotune, (void)conv_autotune_file;
  (void)transformer_encoder_precision, (void)transformer_encoder_adaptive_seqlen;
  (void)enable_multi_stream;
  Ignore("EnableXpu");
}

void Config::EnableTensorRtEngine(int64_t workspace_size, int max_batch_size,
                                  int min_subgraph_size, PrecisionType precision,
                                  bool use_static, bool use_calib_mode, bool use_cuda_graph) {
  (void)workspace_size, (void)max_batch_size, (void)min_subgraph_size, (void)precision;
  (void)use_static, (void)use_calib_mode, (void)use_cuda_graph;
  Ignore("EnableTensorRtEngine");
}

void Config::SetCpuMathLibraryNumThreads(int n) {
  PD_CHECK(n >= 1 && n <= kMaxCpuMathThreads, InvalidArgument,
           "[Config] set_cpu_math_library_num_threads expects a thread count in [1, ",
           kMaxCpuMathThreads, "], got ", n);
  cpu_math_threads_ = n;
}

void Config::DeletePass(const std::string& pass_name) {
  paddle::CheckNoNul(pass_name, "Config", "pass name");
  pass_builder_.DeletePass(pass_name);
  for (const auto& p : deleted_passes_)
    if (p == pass_name) return;
  deleted_passes_.push_back(pass_name);
}

void Config::Ignore(const char* setting) {
  for (const auto& s : ignored_settings_)
    if (s == setting) return;
  ignored_settings_.emplace_back(setting);
}

std::string Config::Summary() const {
  std::ostringstream os;
  if (model_from_memory_)
    os << "model_from_memory: " << prog_buffer_.size() << " program bytes, "
       << params_buffer_.size() << " params bytes\n";
  os << "model_dir: " << (model_dir_.empty() ? "-" : model_dir_) << "\n"
     << "prog_file: " << (prog_file_.empty() ? "-" : prog_file_) << "\n"
     << "params_file: " << (params_file_.empty() ? "-" : params_file_) << "\n"
     << "use_gpu: " << (use_gpu_ ? "true" : "false") << "\n"
     << "cpu_math_library_num_threads: " << cpu_math_threads_ << "\n"
     << "ir_optim: " << (ir_optim_ ? "true" : "false") << "\n";
  if (ir_optim_) os << "passes: " << paddle::StrJoin(pass_builder_.AllPasses()) << "\n";
  if (ir_debug_)
    os << "ir_debug: " << (optim_cache_dir_.empty() ? "." : optim_cache_dir_) << "/<k>_ir_<pass>.dot"
       << (ir_debug_passes_.empty() ? "" : " after " + paddle::StrJoin(ir_debug_passes_)) << "\n";
  if (!deleted_passes_.empty()) os << "deleted_passes: " << paddle::StrJoin(deleted_passes_) << "\n";
  if (!ignored_settings_.empty())
    os << "ignored (not in this build): " << paddle::StrJoin(ignored_settings_) << "\n";
  return os.str();
}

}  // namespace paddle_infer
