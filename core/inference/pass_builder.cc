// PaddlePassBuilder: the list of IR passes a predictor runs at load. Names are
// checked against core/ir's pass table when added, so a typo fails where it
// is written, not later at CreatePredictor.
#include <algorithm>
#include <sstream>

#include "core/base/enforce.h"
#include "core/inference/paddle_inference_api.h"
#include "core/inference/predictor_state.h"
#include "core/ir/pass.h"

namespace paddle_infer {

namespace {
void CheckPassName(const std::string& name) {
  paddle::CheckNoNul(name, "PassBuilder", "pass name");
  paddle::ir::FindPass(name);  // NotFound, listing the registered passes
}
}  // namespace

PaddlePassBuilder::PaddlePassBuilder() : passes_(paddle::ir::InferencePassNames()) {}

void PaddlePassBuilder::AppendPass(const std::string& pass_type) {
  CheckPassName(pass_type);
  passes_.push_back(pass_type);
}

void PaddlePassBuilder::InsertPass(size_t idx, const std::string& pass_type) {
  CheckPassName(pass_type);
  PD_CHECK(idx <= passes_.size(), OutOfRange, "[PassBuilder] InsertPass index ", idx,
           " is past the end of the ", passes_.size(), " passes");
  passes_.insert(passes_.begin() + static_cast<std::ptrdiff_t>(idx), pass_type);
}

void PaddlePassBuilder::DeletePass(size_t idx) {
  PD_CHECK(idx < passes_.size(), OutOfRange, "[PassBuilder] DeletePass index ", idx,
           " is out of range: there are ", passes_.size(), " passes");
  passes_.erase(passes_.begin() + static_cast<std::ptrdiff_t>(idx));
}

void PaddlePassBuilder::DeletePass(const std::string& pass_type) {
  passes_.erase(std::remove(passes_.begin(), passes_.end(), pass_type), passes_.end());
}

void PaddlePassBuilder::ClearPasses() { passes_.clear(); }

void PaddlePassBuilder::SetPasses(const std::vector<std::string>& passes) {
  for (const auto& p : passes) CheckPassName(p);
  passes_ = passes;
}

void PaddlePassBuilder::TurnOnDebug() {
  std::vector<std::string> with_pictures;
  for (size_t i = 0; i < passes_.size(); ++i) {
    with_pictures.push_back(passes_[i]);
    const bool next_is_picture = i + 1 < passes_.size() && passes_[i + 1] == "graph_viz_pass";
    if (passes_[i] != "graph_viz_pass" && !next_is_picture)
      with_pictures.push_back("graph_viz_pass");
  }
  passes_ = std::move(with_pictures);
}

std::string PaddlePassBuilder::DebugString() const {
  std::ostringstream os;
  for (const auto& p : passes_) os << "  - " << p << "\n";
  return os.str();
}

paddle::ir::PassPipeline PredictorState::Pipeline(const Config& config) {
  const auto& wanted = config.ir_debug_passes();
  const std::string dir = config.optim_cache_dir().empty() ? "" : config.optim_cache_dir() + "/";
  paddle::ir::PassPipeline pipeline;
  int picture = 0;  // PaddlePaddle numbers the pictures from 0: <k>_ir_<previous pass>.dot
  std::string previous;
  auto add_picture = [&] {
    const std::string file = std::to_string(picture++) + "_ir_" +
                             (previous.empty() ? std::string("origin") : previous) + ".dot";
    pipeline.Append("graph_viz_pass", {{"path", dir + file}});
  };
  for (const auto& name : config.pass_builder()->AllPasses()) {
    if (name == "graph_viz_pass") {
      add_picture();
      continue;
    }
    pipeline.Append(name);
    previous = name;
    if (config.ir_debug() &&
        (wanted.empty() || std::find(wanted.begin(), wanted.end(), name) != wanted.end()))
      add_picture();
  }
  return pipeline;
}

}  // namespace paddle_infer
