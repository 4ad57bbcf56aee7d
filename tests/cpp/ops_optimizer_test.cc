// Optimizer and gradient-clipping ops: what the op table cannot show. Bad
// inputs (shapes, one-element tensors, attribute ranges, dtypes) are typed
// errors naming the op and the input; updates run in place on Param's own
// variables, step after step, as PaddlePaddle's programs run them.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;
using test::MakeTensor;
using test::Numel;
using test::OneOp;
using test::Shape;
using test::Values;

DenseTensor Filled(const Shape& s, double v) {
  return MakeTensor<double>(s, std::vector<double>(Numel(s), v));
}

// An adam op over a [2, 3] parameter; `shapes` replaces an input's shape.
struct AdamOp {
  std::map<std::string, Shape> shapes{{"Param", {2, 3}},    {"Grad", {2, 3}},     {"Moment1", {2, 3}},
                                      {"Moment2", {2, 3}},  {"LearningRate", {1}}, {"Beta1Pow", {1}},
                                      {"Beta2Pow", {1}}};
  std::map<std::string, DenseTensor> extra;  // further inputs (Beta1Tensor, SkipUpdate)
  AttributeMap attrs;
  std::string type = "adam";

  void Run() const {
    OneOp op(type);
    for (const auto& [slot, shape] : shapes) op.In(slot, "in_" + slot, Filled(shape, slot == "Beta1Pow" ? 0.9 : 0.5));
    for (const auto& [slot, t] : extra) op.In(slot, "in_" + slot, t);
    op.Out("ParamOut", "in_Param").Out("Moment1Out", "in_Moment1").Out("Moment2Out", "in_Moment2");
    op.Out("Beta1PowOut", "in_Beta1Pow").Out("Beta2PowOut", "in_Beta2Pow");
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  }
};

TEST(AdamOp, BadShapesNameTheOpAndInput) {
  for (const std::string type : {"adam", "adamw", "lamb"}) {
    AdamOp grad;
    grad.type = type;
    if (type == "lamb") grad.attrs["weight_decay"] = 0.01f;
    grad.shapes["Grad"] = {3, 2};
    ExpectError([&] { grad.Run(); }, ErrorKind::kInvalidArgument, {"[" + type + "]", "Grad", "[3, 2]", "[2, 3]"});
    AdamOp moment = grad;
    moment.shapes["Grad"] = {2, 3};
    moment.shapes["Moment2"] = {6};
    ExpectError([&] { moment.Run(); }, ErrorKind::kInvalidArgument, {"[" + type + "]", "Moment2", "[6]"});
    AdamOp lr = moment;
    lr.shapes["Moment2"] = {2, 3};
    lr.shapes["LearningRate"] = {2};
    ExpectError([&] { lr.Run(); }, ErrorKind::kInvalidArgument, {"[" + type + "]", "LearningRate", "one element", "[2]"});
    AdamOp pow = lr;
    pow.shapes["LearningRate"] = {};  // a 0-D learning rate is one element
    pow.shapes["Beta1Pow"] = {1, 2};
    ExpectError([&] { pow.Run(); }, ErrorKind::kInvalidArgument, {"[" + type + "]", "Beta1Pow", "[1, 2]"});
  }
}

TEST(AdamOp, AttributesOutOfRangeAreErrors) {
  AdamOp beta;
  beta.attrs["beta1"] = 1.5f;
  ExpectError([&] { beta.Run(); }, ErrorKind::kInvalidArgument, {"adam", "beta1"});
  beta.attrs["beta1"] = -0.1f;
  ExpectError([&] { beta.Run(); }, ErrorKind::kInvalidArgument, {"adam", "beta1"});
  AdamOp eps;
  eps.attrs["epsilon"] = -1e-8f;
  ExpectError([&] { eps.Run(); }, ErrorKind::kInvalidArgument, {"adam", "epsilon"});
  // Values given as tensors are checked when the kernel reads them.
  AdamOp beta_tensor;
  beta_tensor.extra.emplace("Beta2Tensor", MakeTensor<double>({1}, {1.5}));
  ExpectError([&] { beta_tensor.Run(); }, ErrorKind::kInvalidArgument, {"[adam]", "Beta2Tensor", "1.5"});
  AdamOp eps_tensor;
  eps_tensor.extra.emplace("EpsilonTensor", MakeTensor<double>({1}, {-1.0}));
  ExpectError([&] { eps_tensor.Run(); }, ErrorKind::kInvalidArgument, {"[adam]", "EpsilonTensor"});
  AdamOp lamb;
  lamb.type = "lamb";
  ExpectError([&] { lamb.Run(); }, ErrorKind::kInvalidArgument, {"lamb", "weight_decay"});
}

TEST(AdamOp, UnsupportedModesAndDtypesAreTypedErrors) {
  AdamOp multi;
  multi.attrs["multi_precision"] = true;
  ExpectError([&] { multi.Run(); }, ErrorKind::kUnimplemented, {"[adam]", "multi_precision"});
  AdamOp ams;
  ams.attrs["amsgrad"] = true;
  ExpectError([&] { ams.Run(); }, ErrorKind::kInvalidArgument, {"[adam]", "amsgrad", "Moment2Max"});
  AdamOp skip;
  skip.extra.emplace("SkipUpdate", MakeTensor<float>({1}, {1.f}));
  ExpectError([&] { skip.Run(); }, ErrorKind::kInvalidArgument, {"[adam]", "SkipUpdate", "bool", "float32"});
  AdamOp lr;
  lr.extra.emplace("Beta1Tensor", MakeTensor<int32_t>({1}, {0}));
  ExpectError([&] { lr.Run(); }, ErrorKind::kInvalidArgument, {"[adam]", "Beta1Tensor", "int32"});
}

// Two steps on Param's own variables (ParamOut = Param, ...), as a program runs
// them: the second step sees the first's moments and powers.
TEST(AdamOp, UpdatesInPlaceStepAfterStep) {
  OneOp op("adam");
  op.In("Param", "p", MakeTensor<double>({2}, {1.0, -2.0}))
      .In("Grad", "g", MakeTensor<double>({2}, {0.5, 0.25}))
      .In("LearningRate", "lr", MakeTensor<double>({}, {0.1}))
      .In("Moment1", "m1", MakeTensor<double>({2}, {0, 0}))
      .In("Moment2", "m2", MakeTensor<double>({2}, {0, 0}))
      .In("Beta1Pow", "b1p", MakeTensor<double>({1}, {double{0.9f}}))
      .In("Beta2Pow", "b2p", MakeTensor<double>({1}, {double{0.999f}}))
      .Out("ParamOut", "p").Out("Moment1Out", "m1").Out("Moment2Out", "m2")
      .Out("Beta1PowOut", "b1p").Out("Beta2PowOut", "b2p")
      .Attr("beta1", 0.9f).Attr("beta2", 0.999f).Attr("epsilon", 0.0f);
  op.Run();
  op.Run();
  // With a constant gradient and epsilon 0, each step moves Param by lr * sign(g)
  // (the bias-corrected moments are exactly g and g^2).
  const std::vector<double> p = Values<double>(op.Get("p"));
  EXPECT_NEAR(p[0], 1.0 - 0.2, 1e-12);
  EXPECT_NEAR(p[1], -2.0 - 0.2, 1e-12);
  EXPECT_EQ(Values<double>(op.Get("b1p"))[0], double{0.9f} * double{0.9f} * double{0.9f});
}

// PaddlePaddle keeps the learning rate in the default float type, so a float64
// parameter may come with a float32 LearningRate; an integer one is an error.
TEST(OptimizerOps, LearningRateIsFloat32OrFloat64) {
  auto sgd = [](const DenseTensor& lr) {
    OneOp op("sgd");
    op.In("Param", "p", MakeTensor<double>({2}, {1.0, 2.0}))
        .In("Grad", "g", MakeTensor<double>({2}, {1.0, -1.0}))
        .In("LearningRate", "lr", lr)
        .Out("ParamOut", "p");
    op.Run();
    return Values<double>(op.Get("p"));
  };
  EXPECT_EQ(sgd(MakeTensor<float>({1}, {0.5f})), (std::vector<double>{0.5, 2.5}));
  ExpectError([&] { sgd(MakeTensor<int64_t>({1}, {1})); }, ErrorKind::kInvalidArgument,
              {"[sgd]", "LearningRate", "float32 or float64", "int64"});
}

// A one-op program for the simpler optimizers and clipping ops over [2, 3].
void RunOp(const std::string& type, const std::map<std::string, Shape>& ins,
           const std::vector<std::string>& outs, const AttributeMap& attrs) {
  OneOp op(type);
  for (const auto& [slot, shape] : ins) op.In(slot, "in_" + slot, Filled(shape, 0.5));
  for (const std::string& slot : outs) op.Out(slot, "out_" + slot);
  for (const auto& [k, v] : attrs) op.Attr(k, v);
  op.Run();
}

TEST(OptimizerOps, BadInputsNameTheOp) {
  const Shape p{2, 3};
  ExpectError([&] { RunOp("sgd", {{"Param", p}, {"Grad", {3}}, {"LearningRate", {1}}}, {"ParamOut"}, {}); },
              ErrorKind::kInvalidArgument, {"[sgd]", "Grad", "[3]", "[2, 3]"});
  ExpectError([&] { RunOp("sgd", {{"Param", p}, {"Grad", p}, {"LearningRate", {2, 1}}}, {"ParamOut"}, {}); },
              ErrorKind::kInvalidArgument, {"[sgd]", "LearningRate", "[2, 1]"});
  ExpectError([&] {
    RunOp("sgd", {{"Param", p}, {"Grad", p}, {"LearningRate", {1}}}, {"ParamOut"}, {{"multi_precision", true}});
  }, ErrorKind::kUnimplemented, {"[sgd]", "multi_precision"});
  const std::map<std::string, Shape> mom{{"Param", p}, {"Grad", p}, {"Velocity", {3, 2}}, {"LearningRate", {1}}};
  ExpectError([&] { RunOp("momentum", mom, {"ParamOut", "VelocityOut"}, {{"mu", 0.9f}}); },
              ErrorKind::kInvalidArgument, {"[momentum]", "Velocity", "[3, 2]"});
  std::map<std::string, Shape> mom_ok = mom;
  mom_ok["Velocity"] = p;
  ExpectError([&] { RunOp("momentum", mom_ok, {"ParamOut", "VelocityOut"}, {}); },
              ErrorKind::kInvalidArgument, {"momentum", "mu"});
  ExpectError([&] {
    RunOp("momentum", mom_ok, {"ParamOut", "VelocityOut"},
          {{"mu", 0.9f}, {"regularization_method", std::string("l1_decay")}});
  }, ErrorKind::kInvalidArgument, {"momentum", "regularization_method", "l1_decay"});
  const std::map<std::string, Shape> ada{{"Param", p}, {"Grad", p}, {"Moment", p}, {"LearningRate", {1}}};
  ExpectError([&] { RunOp("adagrad", ada, {"ParamOut", "MomentOut"}, {{"epsilon", -1.0f}}); },
              ErrorKind::kInvalidArgument, {"adagrad", "epsilon"});
  std::map<std::string, Shape> rms{{"Param", p}, {"Grad", p}, {"Moment", p}, {"MeanSquare", p},
                                   {"LearningRate", {1}}};
  const std::vector<std::string> rms_outs{"ParamOut", "MomentOut", "MeanSquareOut", "MeanGradOut"};
  ExpectError([&] { RunOp("rmsprop", rms, rms_outs, {{"centered", true}}); }, ErrorKind::kInvalidArgument,
              {"[rmsprop]", "centered", "MeanGrad"});
  ExpectError([&] { RunOp("rmsprop", rms, rms_outs, {{"decay", 1.5f}}); }, ErrorKind::kInvalidArgument,
              {"rmsprop", "decay"});
  rms["MeanSquare"] = {2, 2};
  ExpectError([&] { RunOp("rmsprop", rms, rms_outs, {}); }, ErrorKind::kInvalidArgument,
              {"[rmsprop]", "MeanSquare", "[2, 2]"});
}

TEST(OptimizerOps, AdamaxToRpropBadInputsNameTheOp) {
  const Shape p{2, 3};
  // Each op's valid inputs, its outputs, and the input a bad shape goes to.
  struct Case {
    std::string type;
    std::map<std::string, Shape> ins;
    std::vector<std::string> outs;
    std::string bad_slot;
  };
  const std::vector<Case> cases{
      {"adamax",
       {{"Param", p}, {"Grad", p}, {"LearningRate", {1}}, {"Moment", p}, {"InfNorm", p}, {"Beta1Pow", {1}}},
       {"ParamOut", "MomentOut", "InfNormOut"},
       "InfNorm"},
      {"adadelta",
       {{"Param", p}, {"Grad", p}, {"AvgSquaredGrad", p}, {"AvgSquaredUpdate", p}, {"LearningRate", {1}}},
       {"ParamOut", "AvgSquaredGradOut", "AvgSquaredUpdateOut"},
       "AvgSquaredUpdate"},
      {"nadam",
       {{"param", p}, {"grad", p}, {"learning_rate", {1}}, {"momentum_decay_pow", p}, {"beta2_pow", p},
        {"mu_product", p}, {"moment1", p}, {"moment2", p}},
       {"param_out", "momentum_decay_pow_out", "beta2_pow_out", "mu_product_out", "moment1_out", "moment2_out"},
       "mu_product"},
      {"radam",
       {{"param", p}, {"grad", p}, {"learning_rate", {1}}, {"beta1_pow", p}, {"beta2_pow", p}, {"rho", p},
        {"moment1", p}, {"moment2", p}},
       {"param_out", "beta1_pow_out", "beta2_pow_out", "rho_out", "moment1_out", "moment2_out"},
       "rho"},
      {"asgd",
       {{"param", p}, {"grad", p}, {"learning_rate", {1}}, {"d", p}, {"y", p}, {"n", {1}}},
       {"param_out", "d_out", "y_out"},
       "y"},
      {"rprop",
       {{"param", p}, {"grad", p}, {"prev", p}, {"learning_rate", p}, {"learning_rate_range", {2}},
        {"etas", {2}}},
       {"param_out", "prev_out", "learning_rate_out"},
       "prev"},
  };
  for (const Case& c : cases) {
    std::map<std::string, Shape> bad = c.ins;
    bad[c.bad_slot] = {3, 2};
    ExpectError([&] { RunOp(c.type, bad, c.outs, {}); }, ErrorKind::kInvalidArgument,
                {"[" + c.type + "]", c.bad_slot, "[3, 2]", "[2, 3]"});
    ExpectError([&] { RunOp(c.type, c.ins, c.outs, {{"multi_precision", true}}); }, ErrorKind::kUnimplemented,
                {"[" + c.type + "]", "multi_precision"});
  }
  // Value checks: asgd's n (filled with 0.5 here) counts gradients; rprop's pairs hold two elements.
  const Case& asgd = cases[4];
  ExpectError([&] { RunOp("asgd", asgd.ins, asgd.outs, {}); }, ErrorKind::kInvalidArgument,
              {"[asgd]", "n", ">= 1", "0.5"});
  std::map<std::string, Shape> etas = cases[5].ins;
  etas["etas"] = {3};
  ExpectError([&] { RunOp("rprop", etas, cases[5].outs, {}); }, ErrorKind::kInvalidArgument,
              {"[rprop]", "etas", "two elements", "[3]"});
  std::map<std::string, Shape> lr = cases[0].ins;
  lr["Beta1Pow"] = {2};
  ExpectError([&] { RunOp("adamax", lr, cases[0].outs, {}); }, ErrorKind::kInvalidArgument,
              {"[adamax]", "Beta1Pow", "[2]"});
  ExpectError([&] { RunOp("adamax", cases[0].ins, cases[0].outs, {{"epsilon", -1.0f}}); },
              ErrorKind::kInvalidArgument, {"adamax", "epsilon"});
}

TEST(GradClipOps, BadInputsNameTheOp) {
  ExpectError([] { RunOp("clip_by_norm", {{"X", {2, 3}}}, {"Out"}, {}); }, ErrorKind::kInvalidArgument,
              {"clip_by_norm", "max_norm"});
  ExpectError([] { RunOp("clip_by_norm", {{"X", {2, 3}}}, {"Out"}, {{"max_norm", -1.0f}}); },
              ErrorKind::kInvalidArgument, {"clip_by_norm", "max_norm"});
  ExpectError([] {
    OneOp op("sum");
    op.Ins("X", {"a", "b"}, {Filled({2, 3}, 1), Filled({3, 2}, 1)}).Out("Out", "out");
    op.Run();
  }, ErrorKind::kInvalidArgument, {"[sum]", "X #1", "[3, 2]", "[2, 3]"});
  ExpectError([] {
    OneOp op("squared_l2_norm_grad");
    op.In("X", "x", Filled({2, 3}, 1)).In("Out@GRAD", "dout", Filled({2}, 1)).Out("X@GRAD", "dx");
    op.Run();
  }, ErrorKind::kInvalidArgument, {"[squared_l2_norm_grad]", "Out@GRAD", "[2]"});
}

// sum's gradient is PaddlePaddle's: a scale op of 1 per input, each writing X@GRAD.
TEST(GradClipOps, SumGradientIsOneScalePerInput) {
  OneOp fwd("sum");
  fwd.Ins("X", {"a", "b", "c"}, {Filled({2}, 1), Filled({2}, 2), Filled({2}, 3)}).Out("Out", "out");
  fwd.Run();
  EXPECT_EQ(Values<double>(fwd.Get("out")), (std::vector<double>{6, 6}));
  const auto grads = OpRegistry::Instance().Get("sum").grad_maker(fwd.desc());
  ASSERT_EQ(grads.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(grads[i].type, "scale");
    EXPECT_EQ(grads[i].inputs.at("X"), std::vector<std::string>{"out@GRAD"});
    EXPECT_EQ(grads[i].outputs.at("Out"), std::vector<std::string>{GradVarName(std::string(1, 'a' + i))});
    EXPECT_EQ(std::get<float>(grads[i].attrs.at("scale")), 1.0f);
    EXPECT_EQ(std::get<float>(grads[i].attrs.at("bias")), 0.0f);
  }
}

}  // namespace
}  // namespace paddle
