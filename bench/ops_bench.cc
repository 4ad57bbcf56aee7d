// Per-op kernel times: each case is one op (or its grad op) in a one-op
// program, prepared once and run many times through the executor, as a
// program runs it. bench/ops_bench.py runs this next to the peers and prints
// the ratios. Never run by CI or the tests.
//
// Usage: ops_bench [THREADS=1] [CASE_SUBSTRING]
// Prints one line per case: "BENCH_RESULT {"case": ..., "us": median}".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/base/math_threads.h"
#include "core/executor/executor.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"

namespace {

using paddle::Attribute;
using paddle::DataType;
using paddle::DDim;
using paddle::DenseTensor;
using Shape = std::vector<int64_t>;

struct Case {
  std::string name;
  std::string op;
  std::vector<std::pair<std::string, std::vector<Shape>>> inputs;  // slot: one or more tensors
  std::map<std::string, Attribute> attrs;
  std::map<std::string, int> outputs;  // optional output slots to bind, with their list length
  bool backward;
};

DenseTensor RandomTensor(const Shape& shape, std::mt19937& gen) {
  DenseTensor t(DataType::kFloat32, DDim(shape));
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  float* p = t.MutableData<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = dist(gen);
  return t;
}

// A one-op program over persistable variables (so nothing is freed between runs).
struct OneOpProgram {
  paddle::ProgramDesc program;
  paddle::OpDesc* op;
  explicit OneOpProgram(const std::string& type) {
    op = program.Block(0)->AppendOp();
    op->SetType(type);
  }
  void Bind(const std::string& slot, const std::vector<std::string>& vars, bool input) {
    for (const auto& v : vars) program.Block(0)->AddVar(v)->SetPersistable(true);
    if (input) op->SetInput(slot, vars);
    else op->SetOutput(slot, vars);
  }
};

double MedianUs(paddle::Executor& exe, paddle::PreparedBlock& block) {
  using Clock = std::chrono::steady_clock;
  for (int i = 0; i < 2; ++i) exe.Run(block);
  std::vector<double> us;
  const auto start = Clock::now();
  while (us.size() < 5 || (us.size() < 200 && Clock::now() - start < std::chrono::seconds(2))) {
    const auto t0 = Clock::now();
    exe.Run(block);
    us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
  return us[us.size() / 2];
}

// Times the forward op, or (backward) its grad op fed by one forward run.
double Time(const Case& c) {
  std::mt19937 gen(0);
  paddle::Scope scope;
  OneOpProgram fwd(c.op);
  for (const auto& [slot, shapes] : c.inputs) {
    std::vector<std::string> vars;
    for (size_t i = 0; i < shapes.size(); ++i) {
      vars.push_back(slot + std::to_string(i));
      *scope.Var(vars.back())->GetMutable<DenseTensor>() = RandomTensor(shapes[i], gen);
    }
    fwd.Bind(slot, vars, true);
  }
  const paddle::OpDef& def = paddle::OpRegistry::Instance().Get(c.op);
  for (const paddle::ArgDef& o : def.outputs) {  // every non-optional output needs a variable
    if (o.dispensable && !c.outputs.count(o.name)) continue;
    std::vector<std::string> vars;
    for (int k = 0; k < (c.outputs.count(o.name) ? c.outputs.at(o.name) : 1); ++k)
      vars.push_back("out_" + o.name + std::to_string(k));
    fwd.Bind(o.name, vars, false);
  }
  for (const auto& [name, value] : c.attrs) fwd.op->SetAttr(name, value);
  paddle::Executor exe;
  auto fwd_block = exe.Prepare(fwd.program, 0, &scope);
  if (!c.backward) return MedianUs(exe, *fwd_block);

  exe.Run(*fwd_block);
  const paddle::GradOpDesc g = def.grad_maker(*fwd.op).at(0);
  OneOpProgram grad(g.type);
  for (const auto& [slot, names] : g.inputs) grad.Bind(slot, names, true);
  for (const auto& [slot, names] : g.outputs) grad.Bind(slot, names, false);
  for (const auto& [name, value] : g.attrs) grad.op->SetAttr(name, value);
  for (const auto& [slot, names] : g.inputs)
    for (const std::string& n : names)
      if (!scope.FindVar(n) || !scope.FindVar(n)->IsInitialized()) {  // an output's gradient
        const std::string of = n.substr(0, n.find("@GRAD"));
        const DenseTensor& out = scope.FindVar(of)->Get<DenseTensor>();
        *scope.Var(n)->GetMutable<DenseTensor>() = RandomTensor(out.dims().ToVector(), gen);
      }
  auto grad_block = exe.Prepare(grad.program, 0, &scope);
  return MedianUs(exe, *grad_block);
}

std::vector<Case> Cases() {
  using Ints = std::vector<int32_t>;
  const std::map<std::string, Attribute> same3x3 = {
      {"strides", Ints{1, 1}}, {"paddings", Ints{1, 1}}, {"dilations", Ints{1, 1}}, {"groups", 1}};
  std::vector<Case> cases = {
      {"gemm_1024", "matmul_v2", {{"X", {{1024, 1024}}}, {"Y", {{1024, 1024}}}}, {}, {}, false},
      {"conv3x3_resnet", "conv2d", {{"Input", {{1, 64, 56, 56}}}, {"Filter", {{64, 64, 3, 3}}}},
       same3x3, {}, false},
      {"conv1x1_mobilenet", "conv2d", {{"Input", {{1, 32, 112, 112}}}, {"Filter", {{64, 32, 1, 1}}}},
       {{"strides", Ints{1, 1}}, {"paddings", Ints{0, 0}}, {"dilations", Ints{1, 1}}, {"groups", 1}},
       {}, false},
      {"depthwise3x3_mobilenet", "depthwise_conv2d",
       {{"Input", {{1, 32, 112, 112}}}, {"Filter", {{32, 1, 3, 3}}}},
       {{"strides", Ints{1, 1}}, {"paddings", Ints{1, 1}}, {"dilations", Ints{1, 1}}, {"groups", 32}},
       {}, false},
      {"layer_norm_bert", "layer_norm", {{"X", {{8, 128, 768}}}, {"Scale", {{768}}}, {"Bias", {{768}}}},
       {{"begin_norm_axis", 2}}, {}, false},
      {"softmax_attention", "softmax", {{"X", {{8, 12, 128, 128}}}}, {{"axis", -1}}, {}, false},
      {"gelu_ffn", "gelu", {{"X", {{8, 128, 3072}}}}, {}, {}, false},
  };
  if (paddle::OpRegistry::Instance().Has("rnn"))
    cases.push_back({"lstm_t32_n16_h256", "rnn",
                     {{"Input", {{32, 16, 256}}},
                      {"PreState", {{1, 16, 256}, {1, 16, 256}}},
                      {"WeightList", {{1024, 256}, {1024, 256}, {1024}, {1024}}}},
                     {{"mode", std::string("LSTM")}, {"input_size", 256}, {"hidden_size", 256},
                      {"num_layers", 1}, {"is_bidirec", false}, {"is_test", false}},
                     {{"State", 2}, {"Reserve", 1}, {"DropoutState", 1}}, false});
  const size_t n = cases.size();
  for (size_t i = 0; i < n; ++i) {  // every case but the GEMM backward too
    if (cases[i].name == "gemm_1024") continue;
    Case b = cases[i];
    b.name += "_bwd";
    b.backward = true;
    cases.push_back(b);
  }
  return cases;
}

}  // namespace

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  const std::string only = argc > 2 ? argv[2] : "";
  paddle::SetMathLibraryNumThreads(threads);
  for (const Case& c : Cases()) {
    if (!only.empty() && c.name.find(only) == std::string::npos) continue;
    try {
      std::printf("BENCH_RESULT {\"case\": \"%s\", \"us\": %.1f}\n", c.name.c_str(), Time(c));
    } catch (const std::exception& e) {
      std::string why = e.what();  // one JSON string: no quotes or line breaks
      std::replace(why.begin(), why.end(), '"', '\'');
      std::replace(why.begin(), why.end(), '\n', ' ');
      std::printf("BENCH_RESULT {\"case\": \"%s\", \"error\": \"%s\"}\n", c.name.c_str(), why.c_str());
    }
    std::fflush(stdout);
  }
}
