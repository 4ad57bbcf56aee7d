// Program autodiff (core/ir/backward.h): the appended grad ops, run by the
// Executor, against central differences of the forward program; the op order
// and names against PaddlePaddle 3.3.1's (tests/data/backward/, recorded by
// tools/oracle/record_static_backward.py); the errors.
//
// The golden block text lives in tests/data/backward/; after an intended
// change, rewrite it with PADDLE_UPDATE_GOLDEN=1 ./backward_test and review the diff.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>

#include "core/executor/executor.h"
#include "core/ir/backward.h"
#include "core/ir/block_text.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;
using test::MakeTensor;
using test::Shape;
using Slots = std::map<std::string, std::vector<std::string>>;
using Values = std::map<std::string, DenseTensor>;

// A forward program written op by op; float64 unless told.
struct Builder {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);

  VarDesc* Var(const std::string& name, const Shape& shape, DataType dtype = DataType::kFloat64) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(dtype);
    v->SetShape(shape);
    return v;
  }
  VarDesc* Param(const std::string& name, const Shape& shape) {
    VarDesc* v = Var(name, shape);
    v->SetPersistable(true);
    v->SetIsParameter(true);
    return v;
  }
  VarDesc* Data(const std::string& name, const Shape& shape, DataType dtype = DataType::kFloat64) {
    VarDesc* v = Var(name, shape, dtype);
    v->SetStopGradient(true);
    return v;
  }
  OpDesc* Op(const std::string& type, const Slots& ins, const Slots& outs,
             const AttributeMap& attrs = {}) {
    OpDesc* op = block->AppendOp();
    op->SetType(type);
    for (const auto& [slot, names] : ins) op->SetInput(slot, names);
    for (const auto& [slot, names] : outs) op->SetOutput(slot, names);
    for (const auto& [name, value] : attrs) op->SetAttr(name, value);
    return op;
  }
  // reduce_mean of everything, into a [] loss.
  void MeanLoss(const std::string& x, const std::string& loss) {
    Var(loss, {});
    Op("reduce_mean", {{"X", {x}}}, {{"Out", {loss}}}, {{"reduce_all", true}});
  }
};

DenseTensor Random(const Shape& shape, uint32_t seed, double lo = -1.0, double hi = 1.0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<double> v(static_cast<size_t>(test::Numel(shape)));
  for (double& x : v) x = dist(gen);
  return MakeTensor<double>(shape, v);
}

DenseTensor Copy(const DenseTensor& t) {
  DenseTensor out;
  out.CopyFrom(t);
  return out;
}

// Runs `program` on copies of `values`, keeping `keep`; returns them.
Values RunProgram(const ProgramDesc& program, const Values& values, const std::vector<std::string>& keep) {
  Scope scope;
  for (const auto& [name, t] : values) *scope.Var(name)->GetMutable<DenseTensor>() = Copy(t);
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope, keep);
  exe.Run(*prepared);
  Values out;
  for (const auto& n : keep) out[n] = Copy(scope.FindVar(n)->Get<DenseTensor>());
  return out;
}

// sum over targets of sum(target * weight) (weight absent: ones).
double Objective(const ProgramDesc& program, const Values& values,
                 const std::vector<std::string>& targets, const Values& weights = {}) {
  Values got = RunProgram(program, values, targets);
  double total = 0;
  for (const auto& t : targets) {
    const std::vector<double> v = test::Values<double>(got[t]);
    const auto w = weights.count(t) ? test::Values<double>(weights.at(t)) : std::vector<double>{};
    for (size_t i = 0; i < v.size(); ++i) total += v[i] * (w.empty() ? 1.0 : w[i]);
  }
  return total;
}

// Each (variable, gradient) of `grads` computed by `with_backward` equals the
// central differences of the objective of `forward`.
void ExpectGradsMatch(const ProgramDesc& forward, const ProgramDesc& with_backward,
                      const Values& values,
                      const std::vector<std::pair<std::string, std::string>>& grads,
                      const std::vector<std::string>& targets, const Values& weights = {},
                      double tol = 1e-6) {
  std::vector<std::string> keep;
  for (const auto& g : grads) keep.push_back(g.second);
  Values analytic = RunProgram(with_backward, values, keep);
  const double eps = 1e-6;
  for (const auto& [var, grad] : grads) {
    const std::vector<double> a = test::Values<double>(analytic.at(grad));
    const DenseTensor& x = values.at(var);
    ASSERT_EQ(static_cast<int64_t>(a.size()), x.numel()) << grad;
    for (int64_t k = 0; k < x.numel(); ++k) {
      Values plus = values, minus = values;
      plus[var] = Copy(x), minus[var] = Copy(x);
      plus[var].data<double>()[k] += eps;
      minus[var].data<double>()[k] -= eps;
      const double fd = (Objective(forward, plus, targets, weights) -
                         Objective(forward, minus, targets, weights)) / (2 * eps);
      EXPECT_NEAR(a[k], fd, tol * (1 + std::abs(fd))) << grad << "[" << k << "]";
    }
  }
}

std::vector<const OpDesc*> OpsOfType(const BlockDesc& b, const std::string& type) {
  std::vector<const OpDesc*> out;
  for (size_t i = 0; i < b.OpCount(); ++i)
    if (b.Op(i)->Type() == type) out.push_back(b.Op(i));
  return out;
}

int32_t OpRole(const OpDesc& op) { return std::get<int32_t>(op.GetAttr("op_role")); }

// x [-1, 5] -> mul(w1) -> + b1 -> relu -> matmul_v2(w2) -> softmax_with_cross_entropy(label)
// -> reduce_mean -> loss.
Builder Mlp() {
  Builder b;
  b.Data("x", {-1, 5});
  b.Data("label", {-1, 1}, DataType::kInt64);
  b.Param("w1", {5, 6});
  b.Param("b1", {6});
  b.Param("w2", {6, 3});
  for (const char* n : {"h1", "h2", "h3"}) b.Var(n, {-1, 6});
  for (const char* n : {"logits", "softmax"}) b.Var(n, {-1, 3});
  b.Var("ce", {-1, 1});
  b.Op("mul", {{"X", {"x"}}, {"Y", {"w1"}}}, {{"Out", {"h1"}}});
  b.Op("elementwise_add", {{"X", {"h1"}}, {"Y", {"b1"}}}, {{"Out", {"h2"}}}, {{"axis", -1}});
  b.Op("relu", {{"X", {"h2"}}}, {{"Out", {"h3"}}});
  b.Op("matmul_v2", {{"X", {"h3"}}, {"Y", {"w2"}}}, {{"Out", {"logits"}}});
  b.Op("softmax_with_cross_entropy", {{"Logits", {"logits"}}, {"Label", {"label"}}},
       {{"Softmax", {"softmax"}}, {"Loss", {"ce"}}});
  b.MeanLoss("ce", "loss");
  return b;
}

Values MlpValues() {
  return {{"x", Random({4, 5}, 1)},
          {"label", MakeTensor<int64_t>({4, 1}, {0, 2, 1, 2})},
          {"w1", Random({5, 6}, 2)},
          {"b1", Random({6}, 3)},
          {"w2", Random({6, 3}, 4)}};
}

TEST(AppendBackward, MlpGradientsMatchFiniteDifferences) {
  Builder b = Mlp();
  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss");
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(grads, (Pairs{{"w1", "w1@GRAD"}, {"b1", "b1@GRAD"}, {"w2", "w2@GRAD"}}));
  ExpectGradsMatch(b.program, with_backward, MlpValues(), grads, {"loss"});

  const BlockDesc& block = *with_backward.Block(0);
  // The loss gradient: ones of the loss's shape, op_role Backward | Loss.
  const OpDesc& ones = *block.Op(b.block->OpCount());
  EXPECT_EQ(ones.Type(), "fill_constant");
  EXPECT_EQ(ones.Output("Out"), std::vector<std::string>{"loss@GRAD"});
  EXPECT_EQ(std::get<std::vector<int64_t>>(ones.GetAttr("shape")), std::vector<int64_t>{});
  EXPECT_EQ(std::get<float>(ones.GetAttr("value")), 1.0f);
  EXPECT_EQ(std::get<int32_t>(ones.GetAttr("dtype")), static_cast<int32_t>(DataType::kFloat64));
  EXPECT_EQ(OpRole(ones), 257);
  for (size_t i = b.block->OpCount() + 1; i < block.OpCount(); ++i)
    EXPECT_EQ(OpRole(*block.Op(i)), 1) << block.Op(i)->Type();

  // Grad vars: the forward's dtype and shape, -1 kept; none for the data or the label.
  const VarDesc* h1_grad = block.FindVar("h1@GRAD");
  ASSERT_TRUE(h1_grad);
  EXPECT_EQ(h1_grad->GetShape(), (std::vector<int64_t>{-1, 6}));
  EXPECT_EQ(h1_grad->GetDataType(), DataType::kFloat64);
  EXPECT_EQ(block.FindVar("loss@GRAD")->GetShape(), std::vector<int64_t>{});
  EXPECT_FALSE(block.FindVar("x@GRAD"));
  EXPECT_FALSE(block.FindVar("label@GRAD"));
  // mul's grad writes no X@GRAD (x wants none); the first grad op is reduce_mean's.
  const auto mul_grads = OpsOfType(block, "mul_grad");
  ASSERT_EQ(mul_grads.size(), 1u);
  EXPECT_TRUE(mul_grads[0]->Output("X@GRAD").empty());
  EXPECT_EQ(mul_grads[0]->Output("Y@GRAD"), std::vector<std::string>{"w1@GRAD"});
  EXPECT_EQ(block.Op(b.block->OpCount() + 1)->Type(), "reduce_mean_grad");
  EXPECT_EQ(block.Op(block.OpCount() - 1)->Type(), "mul_grad");
  // As PaddlePaddle marks them: the loss's op is Forward | Loss; the op
  // finishing a parameter's gradient names the pair.
  EXPECT_EQ(OpRole(*block.Op(b.block->OpCount() - 1)), 256);
  EXPECT_EQ(std::get<std::vector<std::string>>(mul_grads[0]->GetAttr("op_role_var")),
            (std::vector<std::string>{"w1", "w1@GRAD"}));
  EXPECT_FALSE(block.Op(0)->HasAttr("op_role"));
}

// A second append_backward writes its gradients under fresh names, as PaddlePaddle's does.
TEST(AppendBackward, ASecondCallWritesFreshGradientNames) {
  Builder b = Mlp();
  ProgramDesc twice = b.program;
  AppendBackward(&twice, "loss", {"w2"});
  const size_t after_first = twice.Block(0)->OpCount();
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  const auto grads = AppendBackward(&twice, "loss", {"w2"});
  EXPECT_EQ(grads, (Pairs{{"w2", "w2@GRAD_0"}}));
  EXPECT_EQ(twice.Block(0)->Op(after_first)->Output("Out"),
            std::vector<std::string>{"loss@GRAD_0"});
  ExpectGradsMatch(b.program, twice, MlpValues(), grads, {"loss"});
}

TEST(AppendBackward, ExplicitParametersAreReturnedInTheirOrder) {
  Builder b = Mlp();
  const auto grads = AppendBackward(&b.program, "loss", {"w2", "w1"});
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(grads, (Pairs{{"w2", "w2@GRAD"}, {"w1", "w1@GRAD"}}));
}

TEST(AppendBackward, ConvBatchNormPoolInTraining) {
  Builder b;
  b.Data("x", {2, 2, 5, 5});
  b.Data("weight", {2, 3, 2, 2});  // makes the loss depend on each output differently
  b.Param("filter", {3, 2, 3, 3});
  b.Param("scale", {3});
  b.Param("bias", {3});
  for (const char* n : {"mean", "variance"}) b.Var(n, {3})->SetPersistable(true);
  for (const char* n : {"saved_mean", "saved_variance"}) b.Var(n, {3});
  for (const char* n : {"conv", "bn"}) b.Var(n, {2, 3, 3, 3});
  for (const char* n : {"pool", "weighted"}) b.Var(n, {2, 3, 2, 2});
  b.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"filter"}}}, {{"Output", {"conv"}}},
       {{"strides", std::vector<int32_t>{1, 1}}, {"paddings", std::vector<int32_t>{0, 0}},
        {"dilations", std::vector<int32_t>{1, 1}}, {"groups", 1}});
  b.Op("batch_norm",
       {{"X", {"conv"}}, {"Scale", {"scale"}}, {"Bias", {"bias"}}, {"Mean", {"mean"}},
        {"Variance", {"variance"}}},
       {{"Y", {"bn"}}, {"MeanOut", {"mean"}}, {"VarianceOut", {"variance"}},
        {"SavedMean", {"saved_mean"}}, {"SavedVariance", {"saved_variance"}}},
       {{"is_test", false}, {"momentum", 0.9f}, {"epsilon", 1e-5f}});
  b.Op("pool2d", {{"X", {"bn"}}}, {{"Out", {"pool"}}},
       {{"pooling_type", std::string("avg")}, {"ksize", std::vector<int32_t>{2, 2}},
        {"strides", std::vector<int32_t>{1, 1}}, {"paddings", std::vector<int32_t>{0, 0}}});
  b.Op("elementwise_mul", {{"X", {"pool"}}, {"Y", {"weight"}}}, {{"Out", {"weighted"}}});
  b.MeanLoss("weighted", "loss");

  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss");
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(grads, (Pairs{{"filter", "filter@GRAD"}, {"scale", "scale@GRAD"},
                          {"bias", "bias@GRAD"}}));
  // No gradient for the running statistics (persistable, not parameters).
  EXPECT_FALSE(with_backward.Block(0)->FindVar("mean@GRAD"));
  EXPECT_FALSE(with_backward.Block(0)->FindVar("variance@GRAD"));
  Values values = {{"x", Random({2, 2, 5, 5}, 5)},       {"weight", Random({2, 3, 2, 2}, 6)},
                   {"filter", Random({3, 2, 3, 3}, 7)},  {"scale", Random({3}, 8, 0.5, 1.5)},
                   {"bias", Random({3}, 9)},             {"mean", Random({3}, 10)},
                   {"variance", Random({3}, 11, 0.5, 1.5)}};
  ExpectGradsMatch(b.program, with_backward, values, grads, {"loss"}, {}, 1e-5);
}

// a = tanh(w); s = a * a + relu(a): a@GRAD has three contributions, summed.
TEST(AppendBackward, AVariableReadTwiceHasItsGradientsSummed) {
  Builder b;
  b.Param("w", {3, 4});
  for (const char* n : {"a", "sq", "r", "s"}) b.Var(n, {3, 4});
  b.Op("tanh", {{"X", {"w"}}}, {{"Out", {"a"}}});
  b.Op("elementwise_mul", {{"X", {"a"}}, {"Y", {"a"}}}, {{"Out", {"sq"}}});
  b.Op("relu", {{"X", {"a"}}}, {{"Out", {"r"}}});
  b.Op("elementwise_add", {{"X", {"sq"}}, {"Y", {"r"}}}, {{"Out", {"s"}}});
  b.MeanLoss("s", "loss");
  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss");
  const auto sums = OpsOfType(*with_backward.Block(0), "sum");
  ASSERT_EQ(sums.size(), 1u);
  EXPECT_EQ(sums[0]->Input("X"),
            (std::vector<std::string>{"a@GRAD@RENAME@block0@0", "a@GRAD@RENAME@block0@1",
                                      "a@GRAD@RENAME@block0@2"}));
  EXPECT_EQ(sums[0]->Output("Out"), std::vector<std::string>{"a@GRAD"});
  EXPECT_EQ(with_backward.Block(0)->FindVar("a@GRAD@RENAME@block0@1")->GetShape(),
            (std::vector<int64_t>{3, 4}));
  ExpectGradsMatch(b.program, with_backward, {{"w", Random({3, 4}, 12)}}, grads, {"loss"});
}

// loss = mean(x w1 + x w2 + x w3) with w2 in no_grad and x w3 marked stop_gradient.
TEST(AppendBackward, StopGradientAndNoGradGetNoGradOps) {
  Builder b;
  b.Data("x", {2, 5});
  for (const char* n : {"w1", "w2", "w3"}) b.Param(n, {5, 3});
  for (const char* n : {"h1", "h2", "s"}) b.Var(n, {2, 3});
  b.Var("h3", {2, 3})->SetStopGradient(true);
  b.Op("mul", {{"X", {"x"}}, {"Y", {"w1"}}}, {{"Out", {"h1"}}});
  b.Op("mul", {{"X", {"x"}}, {"Y", {"w2"}}}, {{"Out", {"h2"}}});
  b.Op("mul", {{"X", {"x"}}, {"Y", {"w3"}}}, {{"Out", {"h3"}}});
  b.Op("sum", {{"X", {"h1", "h2", "h3"}}}, {{"Out", {"s"}}});
  b.MeanLoss("s", "loss");
  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss", {}, {"w2"});
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(grads, (Pairs{{"w1", "w1@GRAD"}}));
  const BlockDesc& block = *with_backward.Block(0);
  EXPECT_EQ(OpsOfType(block, "mul_grad").size(), 1u);
  // sum's gradient is one scale per input; only h1's is wanted.
  const auto scales = OpsOfType(block, "scale");
  ASSERT_EQ(scales.size(), 1u);
  EXPECT_EQ(scales[0]->Output("Out"), std::vector<std::string>{"h1@GRAD"});
  for (const char* n : {"x@GRAD", "w2@GRAD", "w3@GRAD", "h2@GRAD", "h3@GRAD"})
    EXPECT_FALSE(block.FindVar(n)) << n;
  Values values = {{"x", Random({2, 5}, 13)}, {"w1", Random({5, 3}, 14)},
                   {"w2", Random({5, 3}, 15)}, {"w3", Random({5, 3}, 16)}};
  ExpectGradsMatch(b.program, with_backward, values, grads, {"loss"});
}

// A fed variable with stop_gradient=False is a leaf that wants a gradient;
// feed and fetch get no grad ops.
TEST(AppendBackward, FedDataThatWantsAGradientGetsOne) {
  Builder b;
  b.block->AddVar("feed")->SetKind(proto::VarType::FEED_MINIBATCH);
  b.block->AddVar("fetch")->SetKind(proto::VarType::FETCH_LIST);
  b.Var("x", {2, 3});
  b.Param("w", {2, 3});
  b.Var("s", {2, 3});
  b.Op("feed", {{"X", {"feed"}}}, {{"Out", {"x"}}}, {{"col", 0}});
  b.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"s"}}});
  b.MeanLoss("s", "loss");
  b.Op("fetch", {{"X", {"loss"}}}, {{"Out", {"fetch"}}}, {{"col", 0}});
  ProgramDesc with_backward = b.program;
  AppendBackward(&with_backward, "loss");
  const BlockDesc& block = *with_backward.Block(0);
  std::vector<std::string> appended;
  for (size_t i = b.block->OpCount(); i < block.OpCount(); ++i) appended.push_back(block.Op(i)->Type());
  EXPECT_EQ(appended, (std::vector<std::string>{"fill_constant", "reduce_mean_grad",
                                                "elementwise_mul_grad"}));
  EXPECT_EQ(OpsOfType(block, "elementwise_mul_grad").at(0)->Output("X@GRAD"),
            std::vector<std::string>{"x@GRAD"});
}

// An input of a list slot that wants no gradient gets a scratch output.
TEST(AppendBackward, ListSlotWithAnInputWantingNoGradient) {
  Builder b;
  b.Data("x", {2, 3});
  b.Param("w", {2, 3});
  b.Var("c", {2, 6});
  b.Op("concat", {{"X", {"x", "w"}}}, {{"Out", {"c"}}}, {{"axis", 1}});
  b.Var("sq", {2, 6});
  b.Op("elementwise_mul", {{"X", {"c"}}, {"Y", {"c"}}}, {{"Out", {"sq"}}});
  b.MeanLoss("sq", "loss");
  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss");
  const auto concat_grads = OpsOfType(*with_backward.Block(0), "concat_grad");
  ASSERT_EQ(concat_grads.size(), 1u);
  EXPECT_EQ(concat_grads[0]->Output("X@GRAD"), (std::vector<std::string>{"@EMPTY@0", "w@GRAD"}));
  EXPECT_FALSE(with_backward.Block(0)->FindVar("x@GRAD"));
  ExpectGradsMatch(b.program, with_backward, {{"x", Random({2, 3}, 17)}, {"w", Random({2, 3}, 18)}},
                   grads, {"loss"});
}

// split's second part is unused: its gradient is zeros made before the concat.
TEST(AppendBackward, UnusedOutputGradientIsFilledWithZeros) {
  Builder b;
  b.Param("w", {4, 6});
  for (const char* n : {"a", "b", "sq"}) b.Var(n, {4, 3});
  b.Op("split", {{"X", {"w"}}}, {{"Out", {"a", "b"}}}, {{"num", 2}, {"axis", 1}});
  b.Op("elementwise_mul", {{"X", {"a"}}, {"Y", {"a"}}}, {{"Out", {"sq"}}});
  b.MeanLoss("sq", "loss");
  ProgramDesc with_backward = b.program;
  const auto grads = AppendBackward(&with_backward, "loss");
  const BlockDesc& block = *with_backward.Block(0);
  const OpDesc& last = *block.Op(block.OpCount() - 1);
  const OpDesc& fill = *block.Op(block.OpCount() - 2);
  EXPECT_EQ(last.Type(), "concat");
  EXPECT_EQ(last.Input("X"), (std::vector<std::string>{"a@GRAD", "b@GRAD"}));
  EXPECT_EQ(fill.Type(), "fill_any_like");
  EXPECT_EQ(fill.Input("X"), std::vector<std::string>{"b"});
  EXPECT_EQ(fill.Output("Out"), std::vector<std::string>{"b@GRAD"});
  EXPECT_EQ(std::get<float>(fill.GetAttr("value")), 0.0f);
  EXPECT_EQ(OpRole(fill), 1);
  const Values values = {{"w", Random({4, 6}, 19)}};
  ExpectGradsMatch(b.program, with_backward, values, grads, {"loss"});
  const auto g = test::Values<double>(RunProgram(with_backward, values, {"w@GRAD"})["w@GRAD"]);
  for (int r = 0; r < 4; ++r)
    for (int c = 3; c < 6; ++c) EXPECT_EQ(g[r * 6 + c], 0.0);
}

// y = tanh(x w); gradients of sum(y * g) for a given g.
Builder TanhLayer() {
  Builder b;
  b.Var("x", {2, 4});  // data that wants a gradient (stop_gradient=False)
  b.Param("w", {4, 3});
  b.Param("unused", {3});
  b.Data("g", {2, 3});
  b.Data("frozen", {2, 3});
  b.Var("xw", {2, 3});
  b.Var("y", {2, 3});
  b.Var("z", {2, 3});
  b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"xw"}}});
  b.Op("tanh", {{"X", {"xw"}}}, {{"Out", {"y"}}});
  b.Op("elementwise_add", {{"X", {"y"}}, {"Y", {"frozen"}}}, {{"Out", {"z"}}});
  return b;
}

Values TanhValues() {
  return {{"x", Random({2, 4}, 20)},
          {"w", Random({4, 3}, 21)},
          {"unused", Random({3}, 22)},
          {"g", Random({2, 3}, 23)},
          {"frozen", Random({2, 3}, 24)}};
}

TEST(CalcGradients, ExplicitTargetGradients) {
  Builder b = TanhLayer();
  ProgramDesc with_backward = b.program;
  const auto names = CalcGradients(&with_backward, {"y"}, {"g"}, {"x", "w", "unused", "frozen"});
  EXPECT_EQ(names, (std::vector<std::string>{"x@GRAD", "w@GRAD", "", ""}));
  const BlockDesc& block = *with_backward.Block(0);
  // tanh's grad reads g itself: no op makes y@GRAD.
  EXPECT_TRUE(OpsOfType(block, "fill_any_like").empty());
  EXPECT_EQ(OpsOfType(block, "tanh_grad").at(0)->Input("Out@GRAD"), std::vector<std::string>{"g"});
  EXPECT_FALSE(block.FindVar("y@GRAD"));
  const Values values = TanhValues();
  ExpectGradsMatch(b.program, with_backward, values, {{"x", "x@GRAD"}, {"w", "w@GRAD"}}, {"y"},
                   {{"y", values.at("g")}});
}

TEST(CalcGradients, OnesByDefaultAndFreshNamesOnASecondCall) {
  Builder b = TanhLayer();
  ProgramDesc with_backward = b.program;
  EXPECT_EQ(CalcGradients(&with_backward, {"z"}, {}, {"w"}), std::vector<std::string>{"w@GRAD"});
  const OpDesc& ones = *with_backward.Block(0)->Op(b.block->OpCount());
  EXPECT_EQ(ones.Type(), "fill_any_like");
  EXPECT_EQ(ones.Input("X"), std::vector<std::string>{"z"});
  EXPECT_EQ(std::get<float>(ones.GetAttr("value")), 1.0f);
  // x has stop_gradient=False: as in PaddlePaddle, its gradient is made too.
  EXPECT_TRUE(with_backward.Block(0)->FindVar("x@GRAD"));
  // Again, w.r.t. x and w: the gradients already in the block get fresh names.
  EXPECT_EQ(CalcGradients(&with_backward, {"y"}, {""}, {"x", "w"}),
            (std::vector<std::string>{"x@GRAD_0", "w@GRAD_0"}));
  ExpectGradsMatch(b.program, with_backward, TanhValues(), {{"x", "x@GRAD"}, {"w", "w@GRAD"}},
                   {"z"});
  ExpectGradsMatch(b.program, with_backward, TanhValues(),
                   {{"x", "x@GRAD_0"}, {"w", "w@GRAD_0"}}, {"y"});
}

// The gradient w.r.t. an intermediate: its producer is not on the path.
TEST(CalcGradients, WithRespectToAnIntermediate) {
  Builder b = TanhLayer();
  ProgramDesc with_backward = b.program;
  EXPECT_EQ(CalcGradients(&with_backward, {"y"}, {"g"}, {"xw"}), std::vector<std::string>{"xw@GRAD"});
  std::vector<std::string> appended;
  for (size_t i = b.block->OpCount(); i < with_backward.Block(0)->OpCount(); ++i)
    appended.push_back(with_backward.Block(0)->Op(i)->Type());
  EXPECT_EQ(appended, std::vector<std::string>{"tanh_grad"});
  Values values = TanhValues();
  values["xw"] = Random({2, 3}, 25);
  const Values got = RunProgram(with_backward, values, {"y", "xw@GRAD"});
  const auto y = test::Values<double>(got.at("y")), g = test::Values<double>(values.at("g"));
  const auto dxw = test::Values<double>(got.at("xw@GRAD"));
  for (size_t i = 0; i < y.size(); ++i) EXPECT_NEAR(dxw[i], g[i] * (1 - y[i] * y[i]), 1e-12);
}

// Two targets, the second computed from the first: the given gradient of the
// first is added to what flows back from the second.
TEST(CalcGradients, TargetGradientAddsToWhatFlowsIntoIt) {
  Builder b = TanhLayer();
  ProgramDesc with_backward = b.program;
  const auto names = CalcGradients(&with_backward, {"z", "y"}, {"", "g"}, {"w"});
  EXPECT_EQ(names, std::vector<std::string>{"w@GRAD"});
  const Values values = TanhValues();
  ExpectGradsMatch(b.program, with_backward, values, {{"w", "w@GRAD"}}, {"z", "y"},
                   {{"y", values.at("g")}});
}

// The block text of PaddlePaddle's own small example (tools/oracle/record_static_backward.py),
// and the appended ops as PaddlePaddle 3.3.1 appends them.
Builder PaddleExample() {
  Builder b;
  b.Data("x", {2, 3}, DataType::kFloat32);
  b.Var("w", {3, 4}, DataType::kFloat32)->SetPersistable(true);
  b.block->FindVar("w")->SetIsParameter(true);
  for (const char* n : {"tmp_0", "relu_0.tmp_0", "tmp_1"}) b.Var(n, {2, 4}, DataType::kFloat32);
  for (const char* n : {"split_0.tmp_0", "split_0.tmp_1"}) b.Var(n, {2, 2}, DataType::kFloat32);
  b.Var("mean_0.tmp_0", {}, DataType::kFloat32);
  b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"tmp_0"}}});
  b.Op("relu", {{"X", {"tmp_0"}}}, {{"Out", {"relu_0.tmp_0"}}});
  b.Op("elementwise_add", {{"X", {"tmp_0"}}, {"Y", {"relu_0.tmp_0"}}}, {{"Out", {"tmp_1"}}});
  b.Op("split", {{"X", {"tmp_1"}}}, {{"Out", {"split_0.tmp_0", "split_0.tmp_1"}}},
       {{"num", 2}, {"axis", 1}});
  b.Op("reduce_mean", {{"X", {"split_0.tmp_0"}}}, {{"Out", {"mean_0.tmp_0"}}},
       {{"reduce_all", true}});
  return b;
}

// "type In=[..] -> Out=[..]" with slots sorted and empty slots left out, as
// the recorder writes PaddlePaddle's ops.
std::string OpLine(const OpDesc& op) {
  auto slots = [](const OpDesc& o, bool in) {
    std::vector<std::string> names = in ? o.InputSlots() : o.OutputSlots();
    std::sort(names.begin(), names.end());
    std::vector<std::string> parts;
    for (const auto& s : names) {
      const auto args = in ? o.Input(s) : o.Output(s);
      if (!args.empty()) parts.push_back(s + "=[" + StrJoin(args, ",") + "]");
    }
    return StrJoin(parts, " ");
  };
  return op.Type() + " " + slots(op, true) + " -> " + slots(op, false);
}

TEST(AppendBackward, OpsAndNamesAreThoseOfPaddlePaddle) {
  Builder b = PaddleExample();
  const size_t forward_ops = b.block->OpCount();
  const auto grads = AppendBackward(&b.program, "mean_0.tmp_0");
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(grads, (Pairs{{"w", "w@GRAD"}}));
  std::string ours;
  for (size_t i = forward_ops; i < b.block->OpCount(); ++i) ours += OpLine(*b.block->Op(i)) + "\n";
  EXPECT_EQ(ours, test::ReadFile(test::DataPath("backward/paddle_example_ops.txt")));

  const std::string text = ir::BlockToText(*b.block);
  const std::string path = test::DataPath("backward/paddle_example_block.txt");
  if (std::getenv("PADDLE_UPDATE_GOLDEN")) test::WriteFile(path, text);
  EXPECT_EQ(text, test::ReadFile(path)) << "golden " << path;
}

// x [2, 4] (stop_gradient=False), w [4, 3], u [3]; tmp_1 = relu(x w) + relu(x w).
Builder PaddleGradientsExample() {
  Builder b;
  b.Var("x", {2, 4}, DataType::kFloat32);
  for (const auto& [name, shape] : std::vector<std::pair<std::string, Shape>>{{"w", {4, 3}}, {"u", {3}}}) {
    b.Var(name, shape, DataType::kFloat32)->SetPersistable(true);
    b.block->FindVar(name)->SetIsParameter(true);
  }
  b.Data("g", {2, 3}, DataType::kFloat32);
  for (const char* n : {"tmp_0", "relu_0.tmp_0", "tmp_1"}) b.Var(n, {2, 3}, DataType::kFloat32);
  b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"tmp_0"}}});
  b.Op("relu", {{"X", {"tmp_0"}}}, {{"Out", {"relu_0.tmp_0"}}});
  b.Op("elementwise_add", {{"X", {"relu_0.tmp_0"}}, {"Y", {"relu_0.tmp_0"}}}, {{"Out", {"tmp_1"}}});
  return b;
}

std::string GradientsCase(const std::string& name, const std::vector<std::string>& targets,
                          const std::vector<std::string>& target_grads,
                          const std::vector<std::string>& inputs) {
  Builder b = PaddleGradientsExample();
  const size_t forward_ops = b.block->OpCount();
  std::vector<std::string> names = CalcGradients(&b.program, targets, target_grads, inputs);
  std::string text = "== " + name + "\n";
  for (size_t i = forward_ops; i < b.block->OpCount(); ++i) text += OpLine(*b.block->Op(i)) + "\n";
  for (auto& n : names)
    if (n.empty()) n = "None";
  return text + "returns " + StrJoin(names, " ") + "\n";
}

TEST(CalcGradients, OpsAndNamesAreThoseOfPaddlePaddle) {
  const std::string ours = GradientsCase("ones", {"tmp_1"}, {}, {"x", "w", "u", "tmp_0"}) +
                           GradientsCase("given", {"relu_0.tmp_0"}, {"g"}, {"w"});
  EXPECT_EQ(ours, test::ReadFile(test::DataPath("backward/paddle_gradients_ops.txt")));
}

// A program PaddlePaddle built (conv2d + bias + relu, max pool, fc, cross
// entropy), as it serializes it: the ops appended to it are PaddlePaddle's.
TEST(AppendBackward, OnAProgramPaddlePaddleBuilt) {
  ProgramDesc program = ProgramDesc::Parse(test::ReadFile(test::DataPath("backward/convnet.pdmodel")));
  std::istringstream expected(test::ReadFile(test::DataPath("backward/convnet_ops.txt")));
  std::string first;
  std::getline(expected, first);
  const std::string loss = first.substr(first.find(' ') + 1);  // "loss <name>"
  std::string rest((std::istreambuf_iterator<char>(expected)), std::istreambuf_iterator<char>());
  // Its parameters in creation order, as PaddlePaddle lists them (a serialized
  // block keeps its variables sorted by name).
  std::vector<std::string> params;
  std::istringstream returns(rest.substr(rest.rfind("returns ") + 8));
  for (std::string pair; returns >> pair;) params.push_back(pair.substr(0, pair.find(':')));
  const size_t forward_ops = program.Block(0)->OpCount();
  const auto grads = AppendBackward(&program, loss, params);
  std::string ours;
  for (size_t i = forward_ops; i < program.Block(0)->OpCount(); ++i)
    ours += OpLine(*program.Block(0)->Op(i)) + "\n";
  ours += "returns";
  for (const auto& [param, grad] : grads) ours += " " + param + ":" + grad;
  EXPECT_EQ(ours + "\n", rest);

  // And it runs: every parameter's gradient comes out with the parameter's shape.
  auto random_f32 = [](const Shape& shape, uint32_t seed) {
    const auto v = test::Values<double>(Random(shape, seed));
    return MakeTensor<float>(shape, std::vector<float>(v.begin(), v.end()));
  };
  Values values = {{"img", random_f32({2, 1, 8, 8}, 26)},
                   {"label", MakeTensor<int64_t>({2, 1}, {3, 7})}};
  std::vector<std::string> grad_names;
  for (const auto& [param, grad] : grads) {
    values[param] = random_f32(program.Block(0)->FindVar(param)->GetShape(), 27);
    grad_names.push_back(grad);
  }
  const Values got = RunProgram(program, values, grad_names);
  for (const auto& [param, grad] : grads) {
    EXPECT_EQ(got.at(grad).dims(), values.at(param).dims()) << grad;
    for (float g : test::Values<float>(got.at(grad))) EXPECT_TRUE(std::isfinite(g)) << grad;
  }
}

// A conditional_block's gradient: a grad block (child of the forward's
// sub-block) with the sub-block's grad ops, run by conditional_block_grad in
// the forward's scope; zeros when the branch did not run.
TEST(CalcGradients, ThroughAConditionalBlock) {
  Builder b;
  b.Var("x", {3});
  b.Data("c", {1}, DataType::kBool);
  b.Var("y", {3});
  b.Var("scope", {})->SetKind(proto::VarType::STEP_SCOPES);
  BlockDesc* branch = b.program.AppendBlock(0);
  VarDesc* t = branch->AddVar("t");
  t->SetDataType(DataType::kFloat64);
  t->SetShape({3});
  for (const auto& [type, in, out] : {std::tuple{"tanh", "x", "t"}, {"assign", "t", "y"}}) {
    OpDesc* op = branch->AppendOp();
    op->SetType(type);
    op->SetInput("X", {in});
    op->SetOutput("Out", {out});
  }
  b.Op("conditional_block", {{"Cond", {"c"}}, {"Input", {"x"}}}, {{"Out", {"y"}}, {"Scope", {"scope"}}},
       {{"sub_block", BlockRef{1}}, {"is_scalar_condition", true}});
  b.MeanLoss("y", "loss");
  ProgramDesc with_backward = b.program;
  EXPECT_EQ(CalcGradients(&with_backward, {"loss"}, {}, {"x"}), std::vector<std::string>{"x@GRAD"});
  ASSERT_EQ(with_backward.BlockCount(), 3u);
  const BlockDesc& grad = *with_backward.Block(2);
  EXPECT_EQ(grad.ParentIndex(), 1);
  std::vector<std::string> types;
  for (size_t i = 0; i < grad.OpCount(); ++i) types.push_back(grad.Op(i)->Type());
  EXPECT_EQ(types, (std::vector<std::string>{"assign", "tanh_grad"}));
  EXPECT_TRUE(grad.FindVar("x@GRAD"));  // the grad block's own, copied out by the grad op
  const auto cond_grads = OpsOfType(*with_backward.Block(0), "conditional_block_grad");
  ASSERT_EQ(cond_grads.size(), 1u);
  EXPECT_EQ(std::get<BlockRef>(cond_grads[0]->GetAttr("sub_block")).idx, 2);
  EXPECT_EQ(cond_grads[0]->Output("Input@GRAD"), std::vector<std::string>{"x@GRAD"});
  for (bool taken : {true, false}) {
    Values values{{"x", Random({3}, 21)}, {"y", Random({3}, 22)},
                  {"c", MakeTensor<bool>({1}, {taken})}};
    ExpectGradsMatch(b.program, with_backward, values, {{"x", "x@GRAD"}}, {"loss"});
  }
}

TEST(AppendBackward, Errors) {
  {
    Builder b;
    b.Param("w", {2, 3});
    b.Var("t", {2, 3});
    b.Op("tanh", {{"X", {"w"}}}, {{"Out", {"t"}}});
    ExpectError([&] { AppendBackward(&b.program, "t"); }, ErrorKind::kInvalidArgument,
                {"loss 't'", "one element", "[2, 3]"});
    ExpectError([&] { AppendBackward(&b.program, "nope"); }, ErrorKind::kNotFound, {"'nope'"});
    b.MeanLoss("t", "loss");
    ExpectError([&] { AppendBackward(&b.program, "loss", {"missing"}); }, ErrorKind::kNotFound,
                {"parameter 'missing'"});
    EXPECT_EQ(b.block->OpCount(), 2u);  // nothing appended
  }
  {
    // fill_any_like has no gradient; the loss depends on w through it.
    Builder b;
    b.Param("w", {2, 3});
    b.Var("f", {2, 3});
    b.Op("fill_any_like", {{"X", {"w"}}}, {{"Out", {"f"}}}, {{"value", 2.0f}});
    b.MeanLoss("f", "loss");
    ExpectError([&] { AppendBackward(&b.program, "loss"); }, ErrorKind::kUnimplemented,
                {"op #0 'fill_any_like' has no gradient", "'f'", "w"});
  }
  {
    // An integer output stops the gradient: no error, no gradient.
    Builder b;
    b.Param("w", {2, 3});
    b.Var("idx", {2}, DataType::kInt64);
    b.Var("idx_f", {2});
    b.Op("arg_max", {{"X", {"w"}}}, {{"Out", {"idx"}}}, {{"axis", int64_t{1}}});
    b.Op("cast", {{"X", {"idx"}}}, {{"Out", {"idx_f"}}},
         {{"in_dtype", static_cast<int32_t>(DataType::kInt64)},
          {"out_dtype", static_cast<int32_t>(DataType::kFloat64)}});
    b.MeanLoss("idx_f", "loss");
    EXPECT_TRUE(AppendBackward(&b.program, "loss").empty());
    EXPECT_FALSE(b.block->FindVar("w@GRAD"));
  }
  {
    Builder b = TanhLayer();
    ExpectError([&] { CalcGradients(&b.program, {"y"}, {}, {"nope"}); }, ErrorKind::kNotFound,
                {"input 'nope'"});
    ExpectError([&] { CalcGradients(&b.program, {"nope"}, {}, {"x"}); }, ErrorKind::kNotFound,
                {"target 'nope'"});
    ExpectError([&] { CalcGradients(&b.program, {"y"}, {"unused"}, {"x"}); },
                ErrorKind::kInvalidArgument, {"'unused'", "target 'y'", "[2, 3]"});
    ExpectError([&] { CalcGradients(&b.program, {"y"}, {"g", "g"}, {"x"}); },
                ErrorKind::kInvalidArgument, {"one target gradient per target"});
  }
}

}  // namespace
}  // namespace paddle
