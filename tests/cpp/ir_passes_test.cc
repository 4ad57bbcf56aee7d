// The graph passes beyond fc_fuse_pass (ir_test.cc): dead code elimination,
// delete_dropout_op_pass, delete_scale_op_pass, gelu_erf_fuse_pass, conv_bn_fuse_pass,
// elementwise_act_fuse_pass with its fused op, and the inference pipeline on
// the oracle models. For each: golden IR in/out, the patterns that must stay
// byte-identical, and the numbers through the Executor with the pass on and off.
#include "core/base/enforce.h"
#include "core/framework/model_io.h"
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
using test::RunBlock;
using test::RunPass;
using test::RandomTensor;
using test::Shape;

// ---- dead_code_elimination_pass ----

// x -> relu -> a -> softmax -> y (kept); x -> tanh -> d1 -> sigmoid -> d2 (dead);
// u declared, never used.
Blocks DeadChain() {
  Blocks g;
  g.Var("x", {-1, 4}).Var("a", {-1, 4}).Var("y", {-1, 4}).Var("d1", {-1, 4}).Var("d2", {-1, 4});
  g.Var("u", {3}).Var("p", {3}, true);
  g.Op("relu", {{"X", "x"}}, "a");
  g.Op("tanh", {{"X", "x"}}, "d1");
  g.Op("softmax", {{"X", "a"}}, "y", {{"axis", -1}});
  g.Op("sigmoid", {{"X", "d1"}}, "d2");
  return g;
}

TEST(DeadCodeEliminationPass, RemovesUnreadChainsAndUnnamedVars) {
  Blocks g = DeadChain();
  RunPass("dead_code_elimination_pass", &g.program, {{"x", "y"}});
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "var a : float32[-1, 4]\n"
            "var y : float32[-1, 4]\n"
            "persist var p : float32[3]\n"
            "Out=[a] = relu(X=[x])\n"
            "Out=[y] = softmax(X=[a]) {axis=-1}\n");
  // Nothing more to do the second time.
  const std::string once = g.program.Serialize();
  RunPass("dead_code_elimination_pass", &g.program, {{"x", "y"}});
  EXPECT_EQ(g.program.Serialize(), once);
}

TEST(DeadCodeEliminationPass, KeptVariablesKeepTheirWriters) {
  Blocks g = DeadChain();
  RunPass("dead_code_elimination_pass", &g.program, {{"x", "y", "d1"}});
  EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"relu", "tanh", "softmax"}));
  EXPECT_EQ(g.b()->FindVar("d2"), nullptr);
  EXPECT_NE(g.b()->FindVar("d1"), nullptr);
  // Nothing kept: everything goes but the persistable variable.
  Blocks h = DeadChain();
  RunPass("dead_code_elimination_pass", &h.program);
  EXPECT_EQ(h.Text(), "persist var p : float32[3]\n");
}

TEST(DeadCodeEliminationPass, SideEffectsStay) {
  Blocks g;
  g.Var("x", {3}).Var("p", {3}, true).Var("z", {3}).Var("r", {3}).Var("s", {3}).Var("o", {3});
  g.Var("fetch", {}).Var("f", {3});
  g.b()->FindVar("fetch")->SetKind(proto::VarType::FETCH_LIST);
  g.Op("scale", {{"X", "x"}}, "p");                              // writes a persistable
  g.Op("relu", {{"X", "z"}}, "z");                               // in place
  g.Op("uniform_random", {}, "r", {{"shape", std::vector<int64_t>{3}}});  // draws numbers
  g.Op("bernoulli", {{"X", "x"}}, "s");                          // draws numbers
  g.Op("relu", {{"X", "x"}}, "undeclared");                      // its owner is elsewhere
  g.Op("relu", {{"X", "x"}}, "f");
  g.Op("fetch", {{"X", "f"}}, "fetch", {{"col", 0}});            // feed/fetch
  g.Op("relu", {{"X", "x"}}, "o")->SetAttr("sub_block", BlockRef{1});  // a sub-block
  ExpectUnchanged(g, "dead_code_elimination_pass", "every op has a side effect");
}

TEST(DeadCodeEliminationPass, SubBlockReadsKeepTheParentsWriters) {
  Blocks g;
  g.Var("x", {3}).Var("a", {3}).Var("c", {3});
  g.Op("relu", {{"X", "x"}}, "a");
  g.Op("relu", {{"X", "x"}}, "c");
  BlockDesc* sub = g.program.AppendBlock(0);
  OpDesc* op = sub->AppendOp();
  op->SetType("tanh");
  op->SetInput("X", {"a"});
  op->SetOutput("Out", {"b"});
  RunPass("dead_code_elimination_pass", &g.program, {{"x"}});
  EXPECT_EQ(OpTypes(*g.b()), std::vector<std::string>{"relu"});
  EXPECT_EQ(ir::OpToText(*g.b()->Op(0)), "Out=[a] = relu(X=[x])");
  EXPECT_EQ(g.b()->FindVar("c"), nullptr);
}

TEST(DeadCodeEliminationPass, TrainingUpdatesStay) {
  // A tiny step: loss = mean(x * w); its gradient and the sgd update of w.
  Blocks g;
  g.Var("x", {2, 3}).Var("w", {3, 1}, true).Var("lr", {1}, true).Var("t", {2, 1});
  g.Var("w@GRAD", {3, 1}).Var("t@GRAD", {2, 1}).Var("unused_metric", {2, 1});
  g.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t");
  g.Op("relu", {{"X", "t"}}, "unused_metric");
  g.Op("fill_any_like", {{"X", "t"}}, "t@GRAD", {{"value", 1.0f}});
  OpDesc* mg = g.b()->AppendOp();
  mg->SetType("mul_grad");
  mg->SetInput("X", {"x"});
  mg->SetInput("Y", {"w"});
  mg->SetInput("Out@GRAD", {"t@GRAD"});
  mg->SetOutput("Y@GRAD", {"w@GRAD"});
  OpDesc* sgd = g.b()->AppendOp();
  sgd->SetType("sgd");
  sgd->SetInput("Param", {"w"});
  sgd->SetInput("LearningRate", {"lr"});
  sgd->SetInput("Grad", {"w@GRAD"});
  sgd->SetOutput("ParamOut", {"w"});
  RunPass("dead_code_elimination_pass", &g.program, {{"x"}});
  EXPECT_EQ(OpTypes(*g.b()),
            (std::vector<std::string>{"mul", "fill_any_like", "mul_grad", "sgd"}));
  EXPECT_EQ(g.b()->FindVar("unused_metric"), nullptr);
}

TEST(DeadCodeEliminationPass, OracleModelsKeepEveryOp) {
  for (const char* model : {"mlp", "lenet", "embed_pool"}) {
    ProgramDesc p = test::LoadOracle(model);
    const auto ops = OpTypes(*p.Block(0));
    RunPass("dead_code_elimination_pass", &p);
    EXPECT_EQ(OpTypes(*p.Block(0)), ops) << model;
  }
}

TEST(DeadCodeEliminationPass, SameNumbers) {
  Blocks g = DeadChain();
  g.b()->FindVar("x")->SetPersistable(true);
  const Feeds ins = {{"x", RandomTensor({2, 4}, 5)}};
  const auto want = RunBlock<float>(g.program, ins, "y");
  RunPass("dead_code_elimination_pass", &g.program, {{"x", "y"}});
  ExpectNear(RunBlock<float>(g.program, ins, "y"), test::Widen(want), 0, "dce");
}

// ---- delete_dropout_op_pass ----

// x -> dropout -> d -> relu -> y, with Mask m.
Blocks Dropout(const std::string& impl, bool is_test = true, float p = 0.25f) {
  Blocks g;
  g.Var("x", {-1, 4}).Var("d", {-1, 4}).Var("m", {-1, 4}).Var("y", {-1, 4});
  OpDesc* op = g.Op("dropout", {{"X", "x"}}, "d",
                    {{"dropout_prob", p}, {"is_test", is_test},
                     {"dropout_implementation", impl}});
  op->SetOutput("Mask", {"m"});
  g.Op("relu", {{"X", "d"}}, "y");
  return g;
}

TEST(DeleteDropoutOpPass, UpscaleInTrainIsRemoved) {
  Blocks g = Dropout("upscale_in_train");
  RunPass("delete_dropout_op_pass", &g.program, {{"x", "y"}});
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "var y : float32[-1, 4]\n"
            "Out=[y] = relu(X=[x])\n");
}

TEST(DeleteDropoutOpPass, DowngradeInInferBecomesScale) {
  Blocks g = Dropout("downgrade_in_infer");
  RunPass("delete_dropout_op_pass", &g.program, {{"x", "y"}});
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "var d : float32[-1, 4]\n"
            "var y : float32[-1, 4]\n"
            "Out=[d] = scale(X=[x]) {bias=0, bias_after_scale=true, scale=0.75}\n"
            "Out=[y] = relu(X=[d])\n");
}

TEST(DeleteDropoutOpPass, KeptOutputBecomesACopy) {
  Blocks g = Dropout("upscale_in_train");
  RunPass("delete_dropout_op_pass", &g.program, {{"x", "d"}});
  EXPECT_EQ(ir::OpToText(*g.b()->Op(0)),
            "Out=[d] = scale(X=[x]) {bias=0, bias_after_scale=true, scale=1}");
}

TEST(DeleteDropoutOpPass, PatternsThatMustStay) {
  {
    Blocks g = Dropout("upscale_in_train", false);
    ExpectUnchanged(g, "delete_dropout_op_pass", "training mode");
  }
  {
    Blocks g = Dropout("downgrade_in_infer");
    g.Var("mg", {-1, 4});
    g.Op("relu", {{"X", "m"}}, "mg");
    ExpectUnchanged(g, "delete_dropout_op_pass", "Mask read");
  }
}

TEST(DeleteDropoutOpPass, XRewrittenBeforeTheLastReaderKeepsACopy) {
  Blocks g = Dropout("upscale_in_train");
  g.Var("z", {-1, 4});
  g.Op("relu", {{"X", "x"}}, "x");  // overwrites x after the dropout
  g.Op("tanh", {{"X", "d"}}, "z");
  RunPass("delete_dropout_op_pass", &g.program, {{"x", "y", "z"}});
  EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"scale", "relu", "relu", "tanh"}));
}

TEST(DeleteDropoutOpPass, SameNumbers) {
  for (const char* impl : {"upscale_in_train", "downgrade_in_infer"}) {
    Blocks g = Dropout(impl, true, 0.4f);
    g.b()->FindVar("x")->SetPersistable(true);
    const Feeds ins = {{"x", RandomTensor({3, 4}, 9)}};
    const auto want = RunBlock<float>(g.program, ins, "y");
    RunPass("delete_dropout_op_pass", &g.program, {{"x", "y"}});
    ExpectNear(RunBlock<float>(g.program, ins, "y"), test::Widen(want), 0, impl);
  }
}

// ---- delete_scale_op_pass ----

Blocks ScaleChain(float scale, float bias) {
  Blocks g;
  g.Var("x", {-1, 4}).Var("s", {-1, 4}).Var("y", {-1, 4});
  g.Op("scale", {{"X", "x"}}, "s", {{"scale", scale}, {"bias", bias}});
  g.Op("relu", {{"X", "s"}}, "y");
  return g;
}

TEST(DeleteScaleOpPass, IdentityScaleIsRemoved) {
  Blocks g = ScaleChain(1.0f, 0.0f);
  RunPass("delete_scale_op_pass", &g.program, {{"x", "y"}});
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "var y : float32[-1, 4]\n"
            "Out=[y] = relu(X=[x])\n");
  // Readers in later ops of any slot are renamed; one reading both stays right.
  Blocks h = ScaleChain(1.0f, 0.0f);
  h.Var("z", {-1, 4});
  h.Op("elementwise_add", {{"X", "s"}, {"Y", "s"}}, "z", {{"axis", -1}});
  RunPass("delete_scale_op_pass", &h.program, {{"x", "y", "z"}});
  EXPECT_EQ(ir::OpToText(*h.b()->Op(1)), "Out=[z] = elementwise_add(X=[x], Y=[x]) {axis=-1}");
}

TEST(DeleteScaleOpPass, PatternsThatMustStay) {
  for (auto [scale, bias] : std::vector<std::pair<float, float>>{{2.0f, 0.0f}, {1.0f, 0.5f}}) {
    Blocks g = ScaleChain(scale, bias);
    ExpectUnchanged(g, "delete_scale_op_pass", "not the identity", {{"x", "y"}});
  }
  {
    Blocks g = ScaleChain(1.0f, 0.0f);
    g.Var("k", {1}, true);
    g.b()->Op(0)->SetInput("ScaleTensor", {"k"});
    ExpectUnchanged(g, "delete_scale_op_pass", "ScaleTensor bound", {{"x", "y"}});
  }
  {
    Blocks g = ScaleChain(1.0f, 0.0f);
    ExpectUnchanged(g, "delete_scale_op_pass", "Out kept", {{"x", "s"}});
  }
  {
    Blocks g = ScaleChain(1.0f, 0.0f);
    g.b()->FindVar("s")->SetPersistable(true);
    ExpectUnchanged(g, "delete_scale_op_pass", "Out persistable");
  }
  {
    Blocks g = ScaleChain(1.0f, 0.0f);
    BlockDesc* sub = g.program.AppendBlock(0);
    OpDesc* op = sub->AppendOp();
    op->SetType("tanh");
    op->SetInput("X", {"s"});
    op->SetOutput("Out", {"w"});
    ExpectUnchanged(g, "delete_scale_op_pass", "Out read in a sub-block");
  }
}

// ---- conv_bn_fuse_pass ----

struct ConvBnCase {
  std::string conv = "conv2d";
  bool conv_bias = false;
  bool channels_last = false;
  bool is_test = true, use_global_stats = false;
};

// x [2, 3, 6, 6] (or NHWC) -> conv (4 out channels) [-> add cb] -> batch_norm -> y,
// the parameters random in `scope`.
Blocks ConvBn(const ConvBnCase& c, Scope* scope, unsigned seed = 1) {
  const bool dw = c.conv == "depthwise_conv2d";
  const int64_t ic = 3, oc = dw ? 3 : 4;
  const Shape wshape = dw ? Shape{oc, 1, 3, 3} : Shape{oc, ic, 3, 3};
  const Shape xs = c.channels_last ? Shape{2, 6, 6, ic} : Shape{2, ic, 6, 6};
  const Shape os = c.channels_last ? Shape{2, 6, 6, oc} : Shape{2, oc, 6, 6};
  Blocks g;
  g.Var("x", xs, true).Var("w", wshape, true).Var("o", os).Var("y", os);
  for (const char* p : {"bn_scale", "bn_bias", "bn_mean", "bn_var"}) g.Var(p, {oc}, true);
  g.Var("saved_mean", {oc}).Var("saved_var", {oc});
  *scope->Var("w")->GetMutable<DenseTensor>() = RandomTensor(wshape, seed);
  *scope->Var("bn_scale")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 1, 0.5, 2);
  *scope->Var("bn_bias")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 2);
  *scope->Var("bn_mean")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 3);
  *scope->Var("bn_var")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 4, 0.1, 3);
  OpDesc* conv = g.b()->AppendOp();
  conv->SetType(c.conv);
  conv->SetInput("Input", {"x"});
  conv->SetInput("Filter", {"w"});
  conv->SetOutput("Output", {"o"});
  conv->SetAttr("paddings", std::vector<int32_t>{1, 1});
  conv->SetAttr("groups", static_cast<int32_t>(dw ? ic : 1));
  conv->SetAttr("data_format", std::string(c.channels_last ? "NHWC" : "NCHW"));
  std::string bn_x = "o";
  if (c.conv_bias) {
    g.Var("cb", {oc}, true).Var("ob", os);
    *scope->Var("cb")->GetMutable<DenseTensor>() = RandomTensor({oc}, seed + 5);
    g.Op("elementwise_add", {{"X", "o"}, {"Y", "cb"}}, "ob",
         {{"axis", static_cast<int32_t>(c.channels_last ? -1 : 1)}});
    bn_x = "ob";
  }
  OpDesc* bn = g.b()->AppendOp();
  bn->SetType("batch_norm");
  bn->SetInput("X", {bn_x});
  bn->SetInput("Scale", {"bn_scale"});
  bn->SetInput("Bias", {"bn_bias"});
  bn->SetInput("Mean", {"bn_mean"});
  bn->SetInput("Variance", {"bn_var"});
  bn->SetOutput("Y", {"y"});
  bn->SetOutput("MeanOut", {"bn_mean"});
  bn->SetOutput("VarianceOut", {"bn_var"});
  bn->SetOutput("SavedMean", {"saved_mean"});
  bn->SetOutput("SavedVariance", {"saved_var"});
  bn->SetAttr("is_test", c.is_test);
  bn->SetAttr("use_global_stats", c.use_global_stats);
  bn->SetAttr("epsilon", 1e-5f);
  bn->SetAttr("data_layout", std::string(c.channels_last ? "NHWC" : "NCHW"));
  return g;
}

TEST(ConvBnFusePass, FoldsIntoConvAndAdd) {
  Scope scope;
  Blocks g = ConvBn({}, &scope);
  ir::PassContext ctx{{"x", "y"}, &scope};
  RunPass("conv_bn_fuse_pass", &g.program, ctx);
  ExpectGolden(g.Text(), "conv_bn_fuse.txt");
  // The old parameters are gone from the scope; the folded ones are there.
  for (const char* p : {"w", "bn_scale", "bn_bias", "bn_mean", "bn_var"})
    EXPECT_EQ(scope.FindVar(p), nullptr) << p;
  EXPECT_NE(scope.FindVar("w.bn_folded"), nullptr);
  EXPECT_NE(scope.FindVar("bn_bias.bn_folded"), nullptr);
}

TEST(ConvBnFusePass, ConvBiasFoldsIntoTheSameProgram) {
  Scope scope;
  Blocks g = ConvBn({"conv2d", true}, &scope);
  RunPass("conv_bn_fuse_pass", &g.program, {{"x", "y"}, &scope});
  EXPECT_EQ(g.Text(), test::ReadFile(test::DataPath("ir/conv_bn_fuse.txt")));
  EXPECT_EQ(scope.FindVar("cb"), nullptr);
}

TEST(ConvBnFusePass, SameNumbers) {
  const std::vector<ConvBnCase> cases = {
      {},
      {"conv2d", true},
      {"depthwise_conv2d"},
      {"depthwise_conv2d", true},
      {"conv2d", false, true},
      {"conv2d", true, true},
      {"conv2d", false, false, false, true},  // use_global_stats in training mode
  };
  unsigned seed = 30;
  for (const auto& c : cases) {
    const std::string what = c.conv + (c.conv_bias ? " +bias" : "") +
                             (c.channels_last ? " NHWC" : "") +
                             (c.use_global_stats ? " global" : "");
    Scope scope;
    Blocks g = ConvBn(c, &scope, seed += 7);
    const Feeds ins = {{"x", RandomTensor(g.b()->FindVar("x")->GetShape(), seed)}};
    const auto want = RunBlock<float>(g.program, ins, "y", &scope);
    RunPass("conv_bn_fuse_pass", &g.program, {{"x", "y"}, &scope});
    EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{c.conv, "elementwise_add"})) << what;
    ExpectNear(RunBlock<float>(g.program, ins, "y", &scope), test::Widen(want), 2e-5, what);
  }
}

TEST(ConvBnFusePass, SharedFilterFoldsOncePerConv) {
  Scope scope;
  Blocks g = ConvBn({}, &scope);
  // A second conv reading the same filter, into its own batch_norm (the same statistics).
  g.Var("o2", {2, 4, 6, 6}).Var("y2", {2, 4, 6, 6}).Var("sm2", {4}).Var("sv2", {4});
  const OpDesc conv = *g.b()->Op(0);
  const OpDesc bn = *g.b()->Op(1);
  OpDesc* conv2 = g.b()->AppendOp();
  *conv2->Proto() = conv.Proto();
  conv2->SetOutput("Output", {"o2"});
  OpDesc* bn2 = g.b()->AppendOp();
  *bn2->Proto() = bn.Proto();
  bn2->SetInput("X", {"o2"});
  bn2->SetOutput("Y", {"y2"});
  bn2->SetOutput("SavedMean", {"sm2"});
  bn2->SetOutput("SavedVariance", {"sv2"});
  const Feeds ins = {{"x", RandomTensor({2, 3, 6, 6}, 4)}};
  const auto want = RunBlock<float>(g.program, ins, "y2", &scope);
  RunPass("conv_bn_fuse_pass", &g.program, {{"x", "y", "y2"}, &scope});
  EXPECT_EQ(ir::OpToText(*g.b()->Op(0)).find("Filter=[w.bn_folded]") != std::string::npos, true);
  EXPECT_NE(ir::OpToText(*g.b()->Op(2)).find("Filter=[w.bn_folded_1]"), std::string::npos);
  ExpectNear(RunBlock<float>(g.program, ins, "y2", &scope), test::Widen(want), 2e-5, "second conv");
}

TEST(ConvBnFusePass, PatternsThatMustStay) {
  auto unchanged = [](const ConvBnCase& c, const std::string& why,
                      const std::function<void(Blocks&, Scope&)>& edit = nullptr,
                      bool with_scope = true) {
    Scope scope;
    Blocks g = ConvBn(c, &scope);
    if (edit) edit(g, scope);
    ExpectUnchanged(g, "conv_bn_fuse_pass", why, {{"x", "y"}, with_scope ? &scope : nullptr});
  };
  unchanged({}, "no scope", nullptr, false);
  unchanged({"conv2d", false, false, false, false}, "batch_norm in training mode");
  unchanged({}, "conv output read twice", [](Blocks& g, Scope&) {
    g.Var("z", {2, 4, 6, 6});
    g.Op("relu", {{"X", "o"}}, "z");
  });
  unchanged({}, "conv output kept", [](Blocks& g, Scope&) {
    g.b()->FindVar("o")->SetPersistable(true);
  });
  unchanged({}, "SavedMean read", [](Blocks& g, Scope&) {
    g.Var("z", {4});
    g.Op("relu", {{"X", "saved_mean"}}, "z");
  });
  unchanged({}, "MeanOut a separate variable someone reads", [](Blocks& g, Scope&) {
    g.Var("mo", {4}).Var("z", {4});
    g.b()->Op(1)->SetOutput("MeanOut", {"mo"});
    g.Op("relu", {{"X", "mo"}}, "z");
  });
  unchanged({}, "a parameter missing from the scope", [](Blocks&, Scope& scope) {
    scope.EraseVars({"bn_mean"});
  });
  unchanged({}, "a parameter of the wrong size", [](Blocks&, Scope& scope) {
    *scope.Var("bn_var")->GetMutable<DenseTensor>() = RandomTensor({5}, 1, 0.1, 1);
  });
  unchanged({}, "a parameter of another element type", [](Blocks&, Scope& scope) {
    *scope.Var("bn_bias")->GetMutable<DenseTensor>() =
        test::MakeTensor<double>({4}, {0.1, 0.2, 0.3, 0.4});
  });
  unchanged({}, "layouts disagree", [](Blocks& g, Scope&) {
    g.b()->Op(1)->SetAttr("data_layout", std::string("NHWC"));
  });
  unchanged({"conv2d", true}, "conv bias on axis 0", [](Blocks& g, Scope&) {
    g.b()->Op(1)->SetAttr("axis", 0);
  });
  unchanged({}, "conv3d-like: filter not 4-D", [](Blocks&, Scope& scope) {
    *scope.Var("w")->GetMutable<DenseTensor>() = RandomTensor({4, 3, 3}, 1);
  });
}

// ---- gelu_erf_fuse_pass ----

// x [-1, 3, 4] -> GELU written out with erf -> out. `half_last`: x * (1 + erf) then * 0.5;
// else (x * 0.5) * (1 + erf), `swap` putting the 1 + erf first in the product.
Blocks GeluWrittenOut(bool half_last, bool swap = false) {
  Blocks g;
  g.Var("x", {-1, 3, 4}, true).Var("u", {-1, 3, 4}).Var("e", {-1, 3, 4}).Var("p", {-1, 3, 4});
  g.Var("h", {-1, 3, 4}).Var("out", {-1, 3, 4});
  auto scale = [](float s, float b) -> AttributeMap {
    return {{"scale", s}, {"bias", b}, {"bias_after_scale", true}};
  };
  g.Op("scale", {{"X", "x"}}, "u", scale(0.70710678f, 0));
  g.Op("erf", {{"X", "u"}}, "e");
  g.Op("scale", {{"X", "e"}}, "p", scale(1, 1));
  if (half_last) {
    g.Op("elementwise_mul", {{"X", "x"}, {"Y", "p"}}, "h", {{"axis", -1}});
    g.Op("scale", {{"X", "h"}}, "out", scale(0.5f, 0));
  } else {
    g.Op("scale", {{"X", "x"}}, "h", scale(0.5f, 0));
    g.Op("elementwise_mul", {{"X", swap ? "p" : "h"}, {"Y", swap ? "h" : "p"}}, "out",
         {{"axis", -1}});
  }
  return g;
}

TEST(GeluErfFusePass, BothSpellingsBecomeOneGelu) {
  unsigned seed = 70;
  for (const auto& [half_last, swap] :
       std::vector<std::pair<bool, bool>>{{false, false}, {false, true}, {true, false}}) {
    Blocks g = GeluWrittenOut(half_last, swap);
    const Feeds ins = {{"x", RandomTensor({2, 3, 4}, seed += 3)}};
    const auto want = RunBlock<float>(g.program, ins, "out");
    RunPass("gelu_erf_fuse_pass", &g.program, {{"out"}});
    EXPECT_EQ(g.Text(),
              "persist var x : float32[-1, 3, 4]\n"
              "var out : float32[-1, 3, 4]\n"
              "Out=[out] = gelu(X=[x]) {approximate=false}\n");
    ExpectNear(RunBlock<float>(g.program, ins, "out"), test::Widen(want), 1e-6,
               half_last ? "half last" : swap ? "swapped" : "half first");
  }
}

TEST(GeluErfFusePass, PatternsThatMustStay) {
  auto unchanged = [](const std::string& why, const std::function<void(Blocks&)>& edit,
                      std::set<std::string> keep = {"out"}) {
    Blocks g = GeluWrittenOut(false);
    edit(g);
    ExpectUnchanged(g, "gelu_erf_fuse_pass", why, {std::move(keep)});
  };
  unchanged("not 1/sqrt(2)", [](Blocks& g) { g.b()->Op(0)->SetAttr("scale", 0.7f); });
  unchanged("not 1 + erf", [](Blocks& g) { g.b()->Op(2)->SetAttr("bias", 2.0f); });
  unchanged("not half of x", [](Blocks& g) { g.b()->Op(3)->SetAttr("scale", 0.25f); });
  unchanged("erf kept", [](Blocks&) {}, {"out", "e"});
  unchanged("the half read twice", [](Blocks& g) {
    g.Var("z", {-1, 3, 4});
    g.Op("relu", {{"X", "h"}}, "z");
  }, {"out", "z"});
  unchanged("a scale tensor", [](Blocks& g) {
    g.Var("s", {1}, true);
    g.b()->Op(0)->SetInput("ScaleTensor", {"s"});
  });
  unchanged("int64", [](Blocks& g) { g.b()->FindVar("x")->SetDataType(DataType::kInt64); });
}

// ---- elementwise_act_fuse_pass and fused_elemwise_add_activation ----

// x [-1, 3, 4] + y [4] (axis -1) -> t -> act -> out
Blocks AddAct(const std::string& act, const AttributeMap& act_attrs = {}) {
  Blocks g;
  g.Var("x", {-1, 3, 4}, true).Var("y", {4}, true).Var("t", {-1, 3, 4}).Var("out", {-1, 3, 4});
  g.Op("elementwise_add", {{"X", "x"}, {"Y", "y"}}, "t", {{"axis", -1}});
  g.Op(act, {{"X", "t"}}, "out", act_attrs);
  return g;
}

TEST(ElementwiseActFusePass, AddReluBecomesTheFusedOp) {
  Blocks g = AddAct("relu");
  RunPass("elementwise_act_fuse_pass", &g.program, {{"out"}});
  EXPECT_EQ(g.Text(),
            "persist var x : float32[-1, 3, 4]\n"
            "persist var y : float32[4]\n"
            "var out : float32[-1, 3, 4]\n"
            "Out=[out] = fused_elemwise_add_activation(X=[x], Y=[y]) "
            "{axis=-1, functor_list=[\"relu\", \"elementwise_add\"], save_intermediate_out=false, "
            "scale=0}\n");
}

TEST(ElementwiseActFusePass, SameNumbersForEachActivation) {
  unsigned seed = 50;
  for (const auto& [act, attrs] : std::vector<std::pair<std::string, AttributeMap>>{
           {"relu", {}}, {"sigmoid", {}}, {"tanh", {}}, {"gelu", {{"approximate", false}}}}) {
    Blocks g = AddAct(act, attrs);
    const Feeds ins = {{"x", RandomTensor({2, 3, 4}, seed += 2)},
                       {"y", RandomTensor({4}, seed + 1)}};
    const auto want = RunBlock<float>(g.program, ins, "out");
    RunPass("elementwise_act_fuse_pass", &g.program, {{"out"}});
    ASSERT_EQ(OpTypes(*g.b()), std::vector<std::string>{"fused_elemwise_add_activation"}) << act;
    // The same functors; only how the compiler vectorizes the two loops differs (gelu's erf).
    ExpectNear(RunBlock<float>(g.program, ins, "out"), test::Widen(want), 1e-7, act);
  }
}

TEST(ElementwiseActFusePass, PatternsThatMustStay) {
  {
    Blocks g = AddAct("gelu", {{"approximate", true}});
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "approximate gelu", {{"out"}});
  }
  {
    Blocks g = AddAct("exp");
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "no functor for exp", {{"out"}});
  }
  {
    Blocks g = AddAct("relu");
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "sum kept", {{"out", "t"}});
  }
  {
    Blocks g = AddAct("relu");
    g.b()->FindVar("t")->SetDataType(DataType::kInt64);
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "no int64 kernel", {{"out"}});
  }
  {
    Blocks g = AddAct("relu");
    g.Var("z", {-1, 3, 4});
    g.Op("tanh", {{"X", "t"}}, "z");
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "sum read twice", {{"out", "z"}});
  }
  {
    Blocks g;
    g.Var("x", {-1, 3, 4}).Var("y", {4}, true).Var("t", {-1, 3, 4}).Var("out", {-1, 3, 4});
    g.Op("elementwise_add", {{"X", "x"}, {"Y", "y"}}, "t", {{"axis", -1}});
    g.Op("relu", {{"X", "x"}}, "x");
    g.Op("relu", {{"X", "t"}}, "out");
    ExpectUnchanged(g, "elementwise_act_fuse_pass", "x rewritten before the activation");
  }
}

TEST(FusedElemwiseAddActivation, IntermediateOutAndErrors) {
  const auto x = test::MakeTensor<float>({2, 3}, {-1, 2, -3, 4, -5, 6});
  const auto y = test::MakeTensor<float>({3}, {1, -1, 0.5f});
  auto run = [&](const std::vector<std::string>& functors, const AttributeMap& attrs,
                 bool bind_intermediate) {
    auto op = std::make_unique<test::OneOp>("fused_elemwise_add_activation");
    op->In("X", "x", x).In("Y", "y", y).Out("Out", "out").Attr("functor_list", functors);
    if (bind_intermediate) op->Out("IntermediateOut", "inter");
    for (const auto& [k, v] : attrs) op->Attr(k, v);
    op->Run();
    return op;
  };
  auto sum_relu = run({"relu", "elementwise_add"}, {{"save_intermediate_out", true}}, true);
  EXPECT_EQ(test::Values<float>(sum_relu->Get("out")),
            (std::vector<float>{0, 1, 0, 5, 0, 6.5f}));
  EXPECT_EQ(test::Values<float>(sum_relu->Get("inter")),
            (std::vector<float>{0, 1, -2.5f, 5, -6, 6.5f}));
  auto add_scaled = run({"elementwise_add", "scale"}, {{"scale", 2.0f}}, true);
  EXPECT_EQ(test::Values<float>(add_scaled->Get("out")),
            (std::vector<float>{1, 0, -2, 6, -7, 7}));
  EXPECT_EQ(add_scaled->Get("inter").dims().ToVector(), (Shape{3}));
  EXPECT_EQ(test::Values<float>(add_scaled->Get("inter")), (std::vector<float>{2, -2, 1}));

  ExpectError([&] { run({"relu"}, {}, false); }, ErrorKind::kInvalidArgument,
              {"[fused_elemwise_add_activation]", "functor_list", "[relu]"});
  ExpectError([&] { run({"elementwise_add", "elementwise_add"}, {}, false); },
              ErrorKind::kInvalidArgument, {"functor_list"});
  ExpectError([&] { run({"exp", "elementwise_add"}, {}, false); }, ErrorKind::kInvalidArgument,
              {"'exp'", "relu, sigmoid, tanh, gelu, scale"});
  ExpectError([&] { run({"relu", "elementwise_add"}, {{"save_intermediate_out", true}}, false); },
              ErrorKind::kInvalidArgument, {"save_intermediate_out", "IntermediateOut"});
  EXPECT_EQ(OpRegistry::Instance().Get("fused_elemwise_add_activation").grad_maker, nullptr);
}

// ---- matmul_grad_sgd_fuse_pass and fused_matmul_grad_sgd ----

// A linear layer's backward and update: matmul_v2_grad(x [-1, 2, 4], w [4, 3], g) -> dx, dw;
// relu(dx) -> z; sgd(w, dw, lr) -> w. x, g and lr are persistable so RunBlock can set them.
Blocks LinearUpdate(bool trans_y = false) {
  Blocks g;
  g.Var("x", {-1, 2, 4}, true).Var("w", trans_y ? Shape{3, 4} : Shape{4, 3}, true);
  g.Var("g", {-1, 2, 3}, true).Var("lr", {1}, true);
  g.Var("dx", {-1, 2, 4}).Var("dw", trans_y ? Shape{3, 4} : Shape{4, 3}).Var("z", {-1, 2, 4});
  OpDesc* grad = g.b()->AppendOp();
  grad->SetType("matmul_v2_grad");
  grad->SetInput("X", {"x"});
  grad->SetInput("Y", {"w"});
  grad->SetInput("Out@GRAD", {"g"});
  grad->SetOutput("X@GRAD", {"dx"});
  grad->SetOutput("Y@GRAD", {"dw"});
  grad->SetAttr("trans_x", false);
  grad->SetAttr("trans_y", trans_y);
  g.Op("relu", {{"X", "dx"}}, "z");
  OpDesc* sgd = g.b()->AppendOp();
  sgd->SetType("sgd");
  sgd->SetInput("Param", {"w"});
  sgd->SetInput("Grad", {"dw"});
  sgd->SetInput("LearningRate", {"lr"});
  sgd->SetOutput("ParamOut", {"w"});
  return g;
}

Feeds LinearUpdateFeeds(bool trans_y) {
  return {{"x", RandomTensor({5, 2, 4}, 70)},
          {"w", RandomTensor(trans_y ? Shape{3, 4} : Shape{4, 3}, 71)},
          {"g", RandomTensor({5, 2, 3}, 72)},
          {"lr", test::MakeTensor<float>({1}, {0.25f})}};
}

TEST(MatmulGradSgdFusePass, GradAndUpdateBecomeOneOp) {
  Blocks g = LinearUpdate();
  RunPass("matmul_grad_sgd_fuse_pass", &g.program, {{"z"}});
  EXPECT_EQ(g.Text(),
            "persist var x : float32[-1, 2, 4]\n"
            "persist var w : float32[4, 3]\n"
            "persist var g : float32[-1, 2, 3]\n"
            "persist var lr : float32[1]\n"
            "var dx : float32[-1, 2, 4]\n"
            "var z : float32[-1, 2, 4]\n"
            "X@GRAD=[dx], ParamOut=[w] = fused_matmul_grad_sgd(X=[x], Y=[w], Out@GRAD=[g], "
            "LearningRate=[lr]) {trans_x=false, trans_y=false}\n"
            "Out=[z] = relu(X=[dx])\n");
}

TEST(MatmulGradSgdFusePass, SameNumbers) {
  for (bool trans_y : {false, true}) {
    Blocks g = LinearUpdate(trans_y);
    // Fresh feeds per run: the update writes w's buffer, which the feed shares.
    const auto w = RunBlock<float>(g.program, LinearUpdateFeeds(trans_y), "w");
    const auto z = RunBlock<float>(g.program, LinearUpdateFeeds(trans_y), "z");
    RunPass("matmul_grad_sgd_fuse_pass", &g.program, {{"z"}});
    ASSERT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fused_matmul_grad_sgd", "relu"}));
    // Only where the GEMM rounds differs: lr * (x^T g) against lr folded into the product.
    ExpectNear(RunBlock<float>(g.program, LinearUpdateFeeds(trans_y), "w"), test::Widen(w), 1e-6,
               "w");
    ExpectNear(RunBlock<float>(g.program, LinearUpdateFeeds(trans_y), "z"), test::Widen(z), 1e-7,
               "z");
  }
}

TEST(MatmulGradSgdFusePass, PatternsThatMustStay) {
  {
    Blocks g = LinearUpdate();
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "gradient fetched", {{"z", "dw"}});
  }
  {
    Blocks g = LinearUpdate();
    g.Var("n", {4, 3});
    g.Op("relu", {{"X", "dw"}}, "n");
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "gradient read twice", {{"z", "n"}});
  }
  {
    Blocks g = LinearUpdate();
    g.b()->Op(1)->SetInput("X", {"w"});  // relu reads the weight before the update
    g.b()->FindVar("z")->SetShape({4, 3});
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "weight read between", {{"z"}});
  }
  {
    Blocks g = LinearUpdate();
    g.b()->Op(1)->SetOutput("Out", {"lr"});  // the learning rate changes between
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "learning rate written between", {{"z"}});
  }
  {
    Blocks g = LinearUpdate();
    g.b()->Op(0)->SetAttr("trans_x", true);
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "X transposed", {{"z"}});
  }
  {
    Blocks g = LinearUpdate();
    g.b()->FindVar("w")->SetShape({1, 4, 3});
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "batched weight", {{"z"}});
  }
  {
    Blocks g = LinearUpdate();
    g.Var("w2", {4, 3}, true);
    g.b()->Op(2)->SetOutput("ParamOut", {"w2"});
    ExpectUnchanged(g, "matmul_grad_sgd_fuse_pass", "update not in place", {{"z"}});
  }
}

TEST(FusedMatmulGradSgd, ErrorsNameTheProblem) {
  auto run = [](const Shape& x, const Shape& y, const Shape& g, bool trans_x) {
    test::OneOp op("fused_matmul_grad_sgd");
    op.In("X", "x", RandomTensor(x, 1)).In("Y", "w", RandomTensor(y, 2));
    op.In("Out@GRAD", "g", RandomTensor(g, 3)).In("LearningRate", "lr", RandomTensor({1}, 4));
    op.Out("ParamOut", "w").Attr("trans_x", trans_x).Run();
  };
  run({2, 4}, {4, 3}, {2, 3}, false);
  ExpectError([&] { run({2, 4}, {4, 3}, {2, 3}, true); }, ErrorKind::kInvalidArgument,
              {"[fused_matmul_grad_sgd]", "trans_x"});
  ExpectError([&] { run({2, 5}, {4, 3}, {2, 3}, false); }, ErrorKind::kInvalidArgument,
              {"[fused_matmul_grad_sgd]", "contracted"});
  ExpectError([&] { run({2, 4}, {4, 3}, {2, 2}, false); }, ErrorKind::kInvalidArgument,
              {"Out@GRAD"});
  ExpectError([&] { run({2, 4}, {2, 4, 3}, {2, 3}, false); }, ErrorKind::kInvalidArgument,
              {"Y must be 2-D"});
  EXPECT_EQ(OpRegistry::Instance().Get("fused_matmul_grad_sgd").grad_maker, nullptr);
}

// ---- the inference pipeline on the oracle models ----

ProgramDesc Optimized(const std::string& model) {
  ProgramDesc program;
  Scope params;
  LoadInferenceModel(test::DataPath(model + "/model.pdmodel"),
                     test::DataPath(model + "/model.pdiparams"), &program, &params);
  ir::PassContext ctx;
  ctx.scope = &params;
  ir::InferencePasses().Run(&program, ctx);
  return program;
}

TEST(InferencePipeline, OracleModelsGolden) {
  for (const std::string model : {"lenet", "resnet_block", "mobilenet_block",
                                  "transformer_encoder"})
    ExpectGolden(ir::BlockToText(*Optimized(model).Block(0)), model + "_inference.txt");
  // The dense models come out as fc_fuse_pass alone leaves them.
  for (const char* model : {"mlp", "embed_pool"})
    EXPECT_EQ(ir::BlockToText(*Optimized(model).Block(0)),
              test::ReadFile(test::DataPath(std::string("ir/") + model + "_fc_fuse.txt")))
        << model;
}

}  // namespace
}  // namespace paddle
