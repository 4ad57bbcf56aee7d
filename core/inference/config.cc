#include <filesystem>
#include <sstream>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"

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
  model_dir_ = model_dir;
}

void Config::SetModel(const std::string& prog_file, const std::string& params_file) {
  paddle::CheckNoNul(prog_file, "Config", "prog_file");
  paddle::CheckNoNul(params_file, "Config", "params_file");
  prog_file_ = prog_file;
  params_file_ = params_file;
}

void Config::SetProgFile(const std::string& prog_file) {
  paddle::CheckNoNul(prog_file, "Config", "prog_file");
  prog_file_ = prog_file;
}

void Config::SetParamsFile(const std::string& params_file) {
  paddle::CheckNoNul(params_file, "Config", "params_file");
  params_file_ = params_file;
}

void Config::SetCpuMathLibraryNumThreads(int n) {
  PD_CHECK(n >= 1 && n <= kMaxCpuMathThreads, InvalidArgument,
           "[Config] set_cpu_math_library_num_threads expects a thread count in [1, ",
           kMaxCpuMathThreads, "], got ", n);
  cpu_math_threads_ = n;
}

void Config::DeletePass(const std::string& pass_name) {
  paddle::CheckNoNul(pass_name, "Config", "pass name");
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
  os << "model_dir: " << (model_dir_.empty() ? "-" : model_dir_) << "\n"
     << "prog_file: " << (prog_file_.empty() ? "-" : prog_file_) << "\n"
     << "params_file: " << (params_file_.empty() ? "-" : params_file_) << "\n"
     << "use_gpu: " << (use_gpu_ ? "true" : "false") << "\n"
     << "cpu_math_library_num_threads: " << cpu_math_threads_ << "\n"
     << "ir_optim: " << (ir_optim_ ? "true" : "false") << "\n";
  if (!deleted_passes_.empty()) os << "deleted_passes: " << paddle::StrJoin(deleted_passes_) << "\n";
  if (!ignored_settings_.empty())
    os << "ignored (not in this build): " << paddle::StrJoin(ignored_settings_) << "\n";
  return os.str();
}

}  // namespace paddle_infer
