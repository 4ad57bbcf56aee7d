// The conv fuse passes (conv_bias_mkldnn_fuse_pass, conv_elementwise_add_mkldnn_fuse_pass,
// conv_activation_mkldnn_fuse_pass) and the fused_conv2d op they make: golden programs, the
// same numbers with the passes on and off, the patterns that must stay, the op's errors.
#include <gtest/gtest.h>

#include "core/base/enforce.h"
#include "ir_test_util.h"

namespace paddle {
namespace {

using test::Blocks;
using test::ExpectError;
using test::ExpectGolden;
using test::ExpectNear;
using test::ExpectUnchanged;
using test::Feeds;
using test::OpTypes;
using test::RandomTensor;
using test::RunBlock;
using test::RunPass;
using test::Shape;

const std::vector<std::string> kConvPasses = {"conv_bias_mkldnn_fuse_pass",
                                              "conv_elementwise_add_mkldnn_fuse_pass",
                                              "conv_activation_mkldnn_fuse_pass"};

struct ConvCase {
  std::string conv = "conv2d";  // or depthwise_conv2d
  bool channels_last = false;
  bool bias = true;
  bool residual = false;
  bool residual_first = false;  // the add reads the residual as X
  std::string act = "relu";     // "" for none
  int k = 3;                    // 1: the 1x1 convolution that runs as one GEMM
  // The bias as PaddlePaddle 3.x saves it: b reshaped by a reshape2 to the image's rank
  // ([1, oc, 1, 1]; NHWC: [1, 1, 1, oc]) and added at axis -1.
  bool bias_reshaped = false;
};

// x [1, 3, 6, 6] (or NHWC) -> conv (4 out channels; depthwise: 3) -> t0 [-> add b] [-> add r]
// [-> act] -> y; x, r and the parameters are in `scope`.
Blocks ConvChain(const ConvCase& c, Scope* scope, unsigned seed = 1) {
  const bool dw = c.conv == "depthwise_conv2d";
  const int64_t ic = 3, oc = dw ? 3 : 4;
  const Shape ws = dw ? Shape{oc, 1, c.k, c.k} : Shape{oc, ic, c.k, c.k};
  const Shape xs = c.channels_last ? Shape{1, 6, 6, ic} : Shape{1, ic, 6, 6};
  const Shape os = c.channels_last ? Shape{1, 6, 6, oc} : Shape{1, oc, 6, 6};
  Blocks g;
  g.Var("x", xs, true).Var("w", ws, true).Var("t0", os);
  *scope->Var("x")->GetMutable<DenseTensor>() = RandomTensor(xs, seed);
  *scope->Var("w")->GetMutable<DenseTensor>() = RandomTensor(ws, seed + 1);
  OpDesc* conv = g.b()->AppendOp();
  conv->SetType(c.conv);
  conv->SetInput("Input", {"x"});
  conv->SetInput("Filter", {"w"});
  conv->SetOutput("Output", {"t0"});
  conv->SetAttr("paddings", std::vector<int32_t>{c.k / 2, c.k / 2});
  conv->SetAttr("groups", static_cast<int32_t>(dw ? ic : 1));
  conv->SetAttr("data_format", std::string(c.channels_last ? "NHWC" : "NCHW"));
  std::vector<std::function<void(const std::string&, const std::string&)>> steps;
  if (c.bias)
    steps.push_back([&](const std::string& in, const std::string& out) {
      g.Var("b", {oc}, true);
      *scope->Var("b")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 2);
      if (!c.bias_reshaped) {
        g.Op("elementwise_add", {{"X", in}, {"Y", "b"}}, out,
             {{"axis", static_cast<int32_t>(c.channels_last ? -1 : 1)}});
        return;
      }
      const Shape bs = c.channels_last ? Shape{1, 1, 1, oc} : Shape{1, oc, 1, 1};
      g.Var("bv", bs).Var("bv_xshape", {0, oc});
      g.Op("reshape2", {{"X", "b"}}, "bv",
           {{"shape", c.channels_last ? std::vector<int32_t>{1, 1, 1, -1}
                                      : std::vector<int32_t>{1, -1, 1, 1}}})
          ->SetOutput("XShape", {"bv_xshape"});
      g.Op("elementwise_add", {{"X", in}, {"Y", "bv"}}, out, {{"axis", -1}});
    });
  if (c.residual)
    steps.push_back([&](const std::string& in, const std::string& out) {
      g.Var("r", os, true);
      *scope->Var("r")->GetMutable<DenseTensor>() = RandomTensor(os, seed + 3);
      g.Op("elementwise_add",
           {{"X", c.residual_first ? "r" : in}, {"Y", c.residual_first ? in : "r"}}, out,
           {{"axis", -1}});
    });
  if (!c.act.empty())
    steps.push_back([&](const std::string& in, const std::string& out) {
      OpDesc* act = g.Op(c.act, {{"X", in}}, out);
      if (c.act == "leaky_relu") act->SetAttr("alpha", 0.1f);
    });
  std::string in = "t0";
  for (size_t i = 0; i < steps.size(); ++i) {
    const std::string out = i + 1 == steps.size() ? "y" : "t" + std::to_string(i + 1);
    g.Var(out, os);
    steps[i](in, out);
    in = out;
  }
  return g;
}

void RunConvPasses(Blocks* g, Scope* scope) {
  for (const auto& p : kConvPasses) RunPass(p, &g->program, {{"x", "y"}, scope});
}

TEST(ConvFusePasses, ResidualBlockStepByStep) {
  Scope scope;
  Blocks g = ConvChain({"conv2d", false, true, true}, &scope);
  const std::vector<std::vector<std::string>> after = {
      {"fused_conv2d", "elementwise_add", "relu"}, {"fused_conv2d", "relu"}, {"fused_conv2d"}};
  for (size_t i = 0; i < kConvPasses.size(); ++i) {
    RunPass(kConvPasses[i], &g.program, {{"x", "y"}, &scope});
    EXPECT_EQ(OpTypes(*g.b()), after[i]) << kConvPasses[i];
  }
  ExpectGolden(g.Text(), "conv_fuse.txt");
}

TEST(ConvFusePasses, SameNumbers) {
  const std::vector<ConvCase> cases = {
      {},
      {"conv2d", false, true, true},
      {"conv2d", false, true, true, true, "relu6"},
      {"depthwise_conv2d", false, true, false, false, "relu6"},
      {"conv2d", true, true, true, false, "leaky_relu"},
      {"conv2d", false, false, true, true, ""},
      {"conv2d", false, false, false, false, "relu"},
      {"conv2d", false, true, true, false, "relu6", 1},  // one GEMM, then the fused sums
      {"conv2d", true, true, false, false, "relu", 1},
      {"conv2d", false, true, false, false, "relu", 3, true},
      {"conv2d", true, true, true, false, "relu6", 3, true},
  };
  unsigned seed = 10;
  for (const auto& c : cases) {
    const std::string what = c.conv + (c.channels_last ? " NHWC" : "") + (c.bias ? " +bias" : "") +
                             (c.bias_reshaped ? " (reshaped)" : "") +
                             (c.residual ? " +residual" : "") + " " + c.act + " k" +
                             std::to_string(c.k);
    Scope scope;
    Blocks g = ConvChain(c, &scope, seed += 5);
    const auto want = RunBlock<float>(g.program, {}, "y", &scope);
    RunConvPasses(&g, &scope);
    if (c.bias_reshaped) {  // the reshape2 stays for dead_code_elimination_pass
      EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"reshape2", "fused_conv2d"})) << what;
      EXPECT_EQ(g.b()->Op(1)->Input("Bias"), std::vector<std::string>{"b"}) << what;
    } else {
      EXPECT_EQ(OpTypes(*g.b()), std::vector<std::string>{"fused_conv2d"}) << what;
    }
    ExpectNear(RunBlock<float>(g.program, {}, "y", &scope), test::Widen(want), 1e-5, what);
  }
}

TEST(ConvFusePasses, PatternsThatMustStay) {
  auto unchanged = [](const ConvCase& c, const std::string& pass, const std::string& why,
                      const std::function<void(Blocks&)>& edit) {
    Scope scope;
    Blocks g = ConvChain(c, &scope);
    edit(g);
    ExpectUnchanged(g, pass, why, {{"x", "y"}, &scope});
  };
  const std::string bias = kConvPasses[0], residual = kConvPasses[1], act = kConvPasses[2];
  const ConvCase bias_only{"conv2d", false, true, false, false, ""};
  unchanged(bias_only, bias, "bias not persistable",
            [](Blocks& g) { g.b()->FindVar("b")->SetPersistable(false); });
  unchanged(bias_only, bias, "bias along the width (axis -1 in NCHW)",
            [](Blocks& g) { g.b()->Op(1)->SetAttr("axis", static_cast<int32_t>(-1)); });
  unchanged(bias_only, bias, "bias of another size",
            [](Blocks& g) { g.b()->FindVar("b")->SetShape({5}); });
  unchanged(bias_only, bias, "bias of another dtype",
            [](Blocks& g) { g.b()->FindVar("b")->SetDataType(DataType::kFloat64); });
  unchanged(bias_only, bias, "conv output read twice", [](Blocks& g) {
    g.Var("z", {1, 4, 6, 6});
    g.Op("relu", {{"X", "t0"}}, "z");
  });
  unchanged(bias_only, bias, "conv output kept", [](Blocks& g) {
    g.b()->FindVar("t0")->SetPersistable(true);
  });
  unchanged(bias_only, bias, "conv input rewritten before the add", [](Blocks& g) {
    const proto::OpDesc add = *g.b()->Op(1)->Proto();
    g.Op("relu", {{"X", "x"}}, "x");
    *g.b()->Op(1)->Proto() = *g.b()->Op(2)->Proto();
    *g.b()->Op(2)->Proto() = add;
  });

  ConvCase reshaped = bias_only;
  reshaped.bias_reshaped = true;
  unchanged(reshaped, bias, "reshaped bias along the height", [](Blocks& g) {
    g.b()->Op(1)->SetAttr("shape", std::vector<int32_t>{1, 1, -1, 1});
    g.b()->FindVar("bv")->SetShape({1, 1, 4, 1});
  });
  unchanged(reshaped, bias, "reshaped bias of a shape tensor", [](Blocks& g) {
    g.Var("s", {4}, true);
    g.b()->Op(1)->SetInput("ShapeTensor", {"s"});
  });
  unchanged(reshaped, bias, "reshaped bias written again", [](Blocks& g) {
    g.Op("relu", {{"X", "x"}}, "bv");
  });
  unchanged(reshaped, bias, "reshaped bias not of a parameter",
            [](Blocks& g) { g.b()->FindVar("b")->SetPersistable(false); });

  const ConvCase res_only{"conv2d", false, false, true, false, ""};
  unchanged(res_only, residual, "residual broadcast over the image",
            [](Blocks& g) { g.b()->FindVar("r")->SetShape({1, 4, 1, 1}); });
  unchanged(res_only, residual, "residual of unknown size",
            [](Blocks& g) {
              g.b()->FindVar("r")->SetShape({1, 4, -1, 6});
              g.b()->FindVar("t0")->SetShape({1, 4, -1, 6});
            });
  unchanged(res_only, residual, "the conv's own output twice", [](Blocks& g) {
    g.b()->Op(1)->SetInput("Y", {"t0"});
  });

  unchanged({"conv2d", false, false, false, false, "sigmoid"}, act, "sigmoid is not fused",
            [](Blocks&) {});
  unchanged({"conv2d", false, false, false, false, "relu"}, act, "conv output kept",
            [](Blocks& g) { g.b()->FindVar("t0")->SetPersistable(true); });
}

// An activation already fused stays last: neither a bias nor a residual follows it in.
TEST(ConvFusePasses, NothingFusesAfterTheActivation) {
  for (const bool residual : {false, true}) {
    Scope scope;
    ConvCase c{"conv2d", false, !residual, residual, false, "relu"};
    Blocks g = ConvChain(c, &scope);
    // Move the activation first: conv -> relu -> add.
    std::vector<proto::OpDesc> ops = {*g.b()->Op(0)->Proto(), *g.b()->Op(2)->Proto(),
                                      *g.b()->Op(1)->Proto()};
    OpDesc relu(&ops[1]), add(&ops[2]);
    relu.SetInput("X", {"t0"});
    add.SetInput("X", {"t1"});
    relu.SetOutput("Out", {"t1"});
    add.SetOutput("Out", {"y"});
    for (size_t i = 0; i < 3; ++i) *g.b()->Op(i)->Proto() = ops[i];
    RunPass(kConvPasses[2], &g.program, {{"x", "y"}, &scope});
    ASSERT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fused_conv2d", "elementwise_add"}));
    ExpectUnchanged(g, residual ? kConvPasses[1] : kConvPasses[0], "after the activation",
                    {{"x", "y"}, &scope});
  }
}

TEST(FusedConv2d, Float64MatchesFloatAndErrors) {
  auto run = [](DataType dtype, const AttributeMap& attrs, bool bias, bool residual,
                const Shape& bias_shape = {2}) {
    auto cast = [&](const DenseTensor& t) {
      return dtype == DataType::kFloat64
                 ? test::MakeTensor<double>(t.dims().ToVector(), test::Widen(test::Values<float>(t)))
                 : t;
    };
    auto op = std::make_unique<test::OneOp>("fused_conv2d");
    op->In("Input", "x", cast(RandomTensor({1, 2, 4, 4}, 1)))
        .In("Filter", "w", cast(RandomTensor({2, 2, 3, 3}, 2)))
        .Out("Output", "y");
    if (bias) op->In("Bias", "b", cast(RandomTensor(bias_shape, 3)));
    if (residual) op->In("ResidualData", "r", cast(RandomTensor({1, 2, 4, 4}, 4)));
    AttributeMap all = {{"strides", std::vector<int32_t>{1, 1}},
                        {"paddings", std::vector<int32_t>{1, 1}},
                        {"padding_algorithm", std::string("EXPLICIT")},
                        {"dilations", std::vector<int32_t>{1, 1}},
                        {"groups", int32_t{1}},
                        {"data_format", std::string("NCHW")},
                        {"fuse_activation", std::string("leaky_relu")},
                        {"fuse_residual_connection", residual},
                        {"force_fp32_output", false},
                        {"fuse_alpha", 0.25f}};
    for (const auto& [k, v] : attrs) all[k] = v;
    for (const auto& [k, v] : all) op->Attr(k, v);
    op->Run();
    const DenseTensor& y = op->Get("y");
    return dtype == DataType::kFloat64 ? test::Values<double>(y)
                                       : test::Widen(test::Values<float>(y));
  };
  const auto f32 = run(DataType::kFloat32, {}, true, true);
  ExpectNear(run(DataType::kFloat64, {}, true, true), f32, 1e-5, "float64 against float");
  // Bounds inside the values' range, so both ends clamp.
  const AttributeMap relu6 = {{"fuse_activation", std::string("relu6")},
                              {"fuse_alpha", -0.25f}, {"fuse_beta", 0.5f}};
  ExpectNear(run(DataType::kFloat64, relu6, true, true), run(DataType::kFloat32, relu6, true, true),
             1e-5, "relu6: float64 against float");
  bool negative_scaled = false;
  for (double v : f32) negative_scaled = negative_scaled || v < 0;
  EXPECT_TRUE(negative_scaled) << "leaky_relu keeps a scaled negative part";

  ExpectError([&] { run(DataType::kFloat32, {{"fuse_residual_connection", true}}, true, false); },
              ErrorKind::kInvalidArgument, {"[fused_conv2d]", "ResidualData"});
  ExpectError([&] { run(DataType::kFloat32, {}, true, false, {3}); },
              ErrorKind::kInvalidArgument, {"[fused_conv2d]", "'Bias'", "[2]", "[3]"});
  ExpectError([&] { run(DataType::kFloat32, {{"fuse_activation", std::string("sigmoid")}}, true,
                        false); },
              ErrorKind::kInvalidArgument, {"fuse_activation", "sigmoid"});
}

// ResidualData may be Output itself (an in-place sum): both kernels read it before writing.
TEST(FusedConv2d, ResidualInPlace) {
  for (const DataType dtype : {DataType::kFloat32, DataType::kFloat64}) {
    auto run = [&](bool in_place) {
      auto cast = [&](const DenseTensor& t) {
        return dtype == DataType::kFloat64
                   ? test::MakeTensor<double>(t.dims().ToVector(),
                                              test::Widen(test::Values<float>(t)))
                   : t;
      };
      test::OneOp op("fused_conv2d");
      op.In("Input", "x", cast(RandomTensor({1, 2, 5, 5}, 5)))
          .In("Filter", "w", cast(RandomTensor({2, 2, 3, 3}, 6)))
          .In("ResidualData", "r", cast(RandomTensor({1, 2, 5, 5}, 7)))
          .Out("Output", in_place ? "r" : "y");
      for (const auto& [k, v] : AttributeMap{{"strides", std::vector<int32_t>{1, 1}},
                                             {"paddings", std::vector<int32_t>{1, 1}},
                                             {"padding_algorithm", std::string("EXPLICIT")},
                                             {"dilations", std::vector<int32_t>{1, 1}},
                                             {"groups", int32_t{1}},
                                             {"data_format", std::string("NCHW")},
                                             {"fuse_activation", std::string("relu")},
                                             {"fuse_residual_connection", true},
                                             {"force_fp32_output", false}})
        op.Attr(k, v);
      op.Run();
      const DenseTensor& y = op.Get(in_place ? "r" : "y");
      return dtype == DataType::kFloat64 ? test::Values<double>(y)
                                         : test::Widen(test::Values<float>(y));
    };
    ExpectNear(run(true), run(false), 1e-6, DataTypeName(dtype));
  }
}

}  // namespace
}  // namespace paddle
