// The one table of passes, the pipeline parser it feeds, and the named
// pipelines. Adding a pass: one line in kPasses (and its factory in passes.h).
#include <algorithm>
#include <cctype>

#include "core/base/enforce.h"
#include "core/ir/pass.h"
#include "core/ir/passes.h"

namespace paddle {
namespace ir {

const std::vector<PassInfo>& PassTable() {
  static const std::vector<PassInfo> kPasses = {
      {"delete_dropout_op_pass",
       "inference: a dropout with is_test is removed (upscale_in_train) or becomes "
       "scale(1 - dropout_prob) (downgrade_in_infer)",
       {},
       MakeDeleteDropoutOpPass},
      {"delete_scale_op_pass",
       "a scale with scale 1 and bias 0 is removed; its readers read its input",
       {},
       MakeDeleteScaleOpPass},
      {"gelu_erf_fuse_pass",
       "inference: GELU written out as 0.5 * x * (1 + erf(x / sqrt(2))) (scale, erf, scale, "
       "elementwise_mul, scale) -> one gelu op",
       {},
       MakeGeluErfFusePass},
      {"conv_bn_fuse_pass",
       "inference: conv2d/depthwise_conv2d (+ elementwise_add of a channel bias) + batch_norm "
       "-> conv2d with folded weights + elementwise_add of the folded bias (needs the scope)",
       {},
       MakeConvBnFusePass},
      {"conv_bias_mkldnn_fuse_pass",
       "inference: conv2d/depthwise_conv2d/fused_conv2d + elementwise_add of a persistable "
       "channel bias -> fused_conv2d with Bias",
       {},
       MakeConvBiasFusePass},
      {"conv_elementwise_add_mkldnn_fuse_pass",
       "inference: conv2d/depthwise_conv2d/fused_conv2d + elementwise_add of a tensor of its "
       "output's shape -> fused_conv2d with ResidualData",
       {},
       MakeConvElementwiseAddFusePass},
      {"conv_activation_mkldnn_fuse_pass",
       "inference: conv2d/depthwise_conv2d/fused_conv2d + relu, relu6 or leaky_relu -> "
       "fused_conv2d with fuse_activation",
       {},
       MakeConvActivationFusePass},
      {"fc_fuse_pass",
       "mul or matmul_v2/matmul by a 2-D persistable weight + elementwise_add of its 1-D "
       "persistable bias (+ relu, sigmoid, tanh or gelu) -> one fc op",
       {},
       MakeFcFusePass},
      {"elementwise_act_fuse_pass",
       "elementwise_add + relu, sigmoid, tanh or gelu -> fused_elemwise_add_activation",
       {},
       MakeElementwiseActFusePass},
      {"matmul_grad_sgd_fuse_pass",
       "training: matmul_v2_grad + the sgd of its weight gradient -> fused_matmul_grad_sgd "
       "(the update computed into the weight by the gradient's GEMM)",
       {},
       MakeMatmulGradSgdFusePass},
      {"dead_code_elimination_pass",
       "removes ops whose outputs nothing needs (transitively) and the variables no op names",
       {},
       MakeDeadCodeEliminationPass},
      {"graph_viz_pass",
       "writes a Graphviz .dot picture of the block (ops as boxes, variables as ellipses), "
       "and <path>.svg when the dot program is on PATH; changes nothing",
       {{"path", "the .dot file to write (required)"}},
       MakeGraphVizPass},
  };
  return kPasses;
}

namespace {

std::vector<std::string> RegisteredNames() {
  std::vector<std::string> names;
  for (const auto& p : PassTable()) names.push_back(p.name);
  return names;
}

std::string Trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

}  // namespace

const PassInfo& FindPass(const std::string& name) {
  for (const auto& p : PassTable())
    if (name == p.name) return p;
  PD_THROW(NotFound, "[ir] no pass named '", name,
           "'; registered passes: ", StrJoin(RegisteredNames()));
}

std::unique_ptr<Pass> MakePass(const std::string& name, const PassOptions& options) {
  const PassInfo& info = FindPass(name);
  for (const auto& kv : options) {
    bool known = std::any_of(info.options.begin(), info.options.end(),
                             [&](const auto& o) { return kv.first == o.first; });
    if (known) continue;
    std::vector<std::string> accepted;
    for (const auto& o : info.options) accepted.push_back(o.first);
    PD_THROW(InvalidArgument, "[", name, "] unknown option '", kv.first, "'; it accepts ",
             accepted.empty() ? std::string("none") : StrJoin(accepted));
  }
  return info.make(options);
}

void PassPipeline::Append(const std::string& name, const PassOptions& options) {
  passes_.emplace_back(name, MakePass(name, options));
}

size_t PassPipeline::Remove(const std::string& name) {
  size_t before = passes_.size();
  passes_.erase(std::remove_if(passes_.begin(), passes_.end(),
                               [&](const auto& p) { return p.first == name; }),
                passes_.end());
  return before - passes_.size();
}

std::vector<std::string> PassPipeline::Names() const {
  std::vector<std::string> names;
  for (const auto& p : passes_) names.push_back(p.first);
  return names;
}

void PassPipeline::Run(ProgramDesc* program, const PassContext& ctx) const {
  for (const auto& p : passes_) {
    try {
      p.second->Run(program->Block(0), program, ctx);
    } catch (const Error& e) {
      PD_THROW_KIND(e.kind(), e.what(), "\n  [ir] in pass '", p.first, "'");
    }
  }
}

PassPipeline ParsePassPipeline(const std::string& text) {
  PassPipeline pipeline;
  if (Trim(text).empty()) return pipeline;
  size_t pos = 0;
  auto fail = [&](const std::string& what) {
    PD_THROW(InvalidArgument, "[ParsePassPipeline] ", what, " at offset ", pos, " of '", text,
             "'");
  };
  while (true) {
    size_t end = text.find_first_of(",()", pos);
    std::string name = Trim(text.substr(pos, end == std::string::npos ? end : end - pos));
    if (name.empty()) fail("expected a pass name");
    PassOptions options;
    pos = end;
    if (pos != std::string::npos && text[pos] == ')') fail("unbalanced ')'");
    if (pos != std::string::npos && text[pos] == '(') {
      ++pos;
      while (true) {
        size_t stop = text.find_first_of(",)", pos);
        if (stop == std::string::npos) fail("missing ')'");
        std::string kv = text.substr(pos, stop - pos);
        size_t eq = kv.find('=');
        if (eq == std::string::npos) fail("expected key=value in the options of '" + name + "'");
        std::string key = Trim(kv.substr(0, eq));
        if (key.empty()) fail("empty option name in the options of '" + name + "'");
        if (!options.emplace(key, Trim(kv.substr(eq + 1))).second)
          fail("option '" + key + "' given twice to '" + name + "'");
        pos = stop + 1;
        if (text[stop] == ')') break;
      }
      size_t next = text.find_first_not_of(" \t\n", pos);
      if (next != std::string::npos && text[next] != ',')
        fail("expected ',' after the options of '" + name + "'");
      pos = next;
    }
    pipeline.Append(name, options);
    if (pos == std::string::npos) break;
    ++pos;  // the ','
  }
  return pipeline;
}

std::vector<std::string> InferencePassNames() {
  return {"delete_dropout_op_pass",
          "delete_scale_op_pass",
          "gelu_erf_fuse_pass",
          "conv_bn_fuse_pass",
          "conv_bias_mkldnn_fuse_pass",
          "conv_elementwise_add_mkldnn_fuse_pass",
          "conv_activation_mkldnn_fuse_pass",
          "fc_fuse_pass",
          "elementwise_act_fuse_pass",
          "dead_code_elimination_pass"};
}

PassPipeline InferencePasses(const std::vector<std::string>& deleted) {
  PassPipeline pipeline;
  for (const auto& name : InferencePassNames())
    if (std::find(deleted.begin(), deleted.end(), name) == deleted.end()) pipeline.Append(name);
  return pipeline;
}

}  // namespace ir
}  // namespace paddle
