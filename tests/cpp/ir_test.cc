// Graph passes (core/ir): the registry and pipeline parser, BlockToText,
// fc_fuse_pass and the fc op against the ops it replaces, graph_viz_pass, and
// the oracle models' outputs with the inference passes on and off. The other
// passes: ir_passes_test.cc.
//
// Golden files live in tests/data/ir/; after an intended change, rewrite them
// with PADDLE_UPDATE_GOLDEN=1 ./ir_test and review the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"
#include "core/inference/paddle_inference_api.h"
#include "ir_test_util.h"

namespace paddle {
namespace {

using test::Blocks;
using test::ExpectError;
using test::ExpectGolden;
using test::LoadOracle;
using test::MaxAbsDiff;
using test::OpTypes;
using test::RunBlock;
using test::RunPass;
using test::Shape;

// ---- registry and pipeline parser ----

TEST(PassRegistry, TableListsPassesWithDescriptions) {
  std::vector<std::string> names;
  for (const auto& p : ir::PassTable()) {
    names.push_back(p.name);
    EXPECT_NE(std::string(p.description), "") << p.name;
    EXPECT_NE(p.make, nullptr) << p.name;
  }
  const std::vector<std::string> inference = {"delete_dropout_op_pass",
                                              "delete_scale_op_pass",
                                              "gelu_erf_fuse_pass",
                                              "conv_bn_fuse_pass",
                                              "conv_bias_mkldnn_fuse_pass",
                                              "conv_elementwise_add_mkldnn_fuse_pass",
                                              "conv_activation_mkldnn_fuse_pass",
                                              "fc_fuse_pass",
                                              "elementwise_act_fuse_pass",
                                              "dead_code_elimination_pass"};
  std::vector<std::string> all = inference;
  all.insert(all.end() - 1, "matmul_grad_sgd_fuse_pass");  // training only
  all.push_back("graph_viz_pass");
  EXPECT_EQ(names, all);
  EXPECT_EQ(ir::InferencePassNames(), inference);
  EXPECT_EQ(ir::InferencePasses().Names(), inference);
  EXPECT_EQ(ir::InferencePasses(inference).Names(), std::vector<std::string>{});
  EXPECT_EQ(ir::InferencePasses({"fc_fuse_pass", "conv_bn_fuse_pass",
                                  "conv_bias_mkldnn_fuse_pass",
                                  "conv_elementwise_add_mkldnn_fuse_pass",
                                  "conv_activation_mkldnn_fuse_pass"})
                .Names(),
            (std::vector<std::string>{"delete_dropout_op_pass", "delete_scale_op_pass",
                                      "gelu_erf_fuse_pass", "elementwise_act_fuse_pass",
                                      "dead_code_elimination_pass"}));
  EXPECT_EQ(ir::InferencePasses({"no_such_pass"}).Names(), ir::InferencePassNames());
}

TEST(PassPipeline, ParsesNamesAndOptions) {
  const std::string dot = test::TempDir() + "/g.dot";
  auto p = ir::ParsePassPipeline(" fc_fuse_pass , graph_viz_pass(path=" + dot + "),fc_fuse_pass");
  EXPECT_EQ(p.Names(),
            (std::vector<std::string>{"fc_fuse_pass", "graph_viz_pass", "fc_fuse_pass"}));
  EXPECT_EQ(p.Remove("fc_fuse_pass"), 2u);
  EXPECT_EQ(p.Names(), std::vector<std::string>{"graph_viz_pass"});
  EXPECT_TRUE(ir::ParsePassPipeline("").empty());
  EXPECT_TRUE(ir::ParsePassPipeline("  ").empty());
}

TEST(PassPipeline, ErrorsNameTheProblem) {
  ExpectError([] { ir::ParsePassPipeline("fc_fuse_pass,no_such_pass"); }, ErrorKind::kNotFound,
              {"no_such_pass", "registered passes: delete_dropout_op_pass, delete_scale_op_pass, "
               "gelu_erf_fuse_pass, conv_bn_fuse_pass, conv_bias_mkldnn_fuse_pass, "
               "conv_elementwise_add_mkldnn_fuse_pass, conv_activation_mkldnn_fuse_pass, "
               "fc_fuse_pass, elementwise_act_fuse_pass, "
               "matmul_grad_sgd_fuse_pass, dead_code_elimination_pass, graph_viz_pass"});
  ExpectError([] { ir::ParsePassPipeline("fc_fuse_pass,"); }, ErrorKind::kInvalidArgument,
              {"expected a pass name"});
  ExpectError([] { ir::ParsePassPipeline("fc_fuse_pass,,graph_viz_pass"); },
              ErrorKind::kInvalidArgument, {"expected a pass name"});
  ExpectError([] { ir::ParsePassPipeline("graph_viz_pass(path=/tmp/x.dot"); },
              ErrorKind::kInvalidArgument, {"missing ')'"});
  ExpectError([] { ir::ParsePassPipeline("graph_viz_pass(/tmp/x.dot)"); },
              ErrorKind::kInvalidArgument, {"key=value"});
  ExpectError([] { ir::ParsePassPipeline("graph_viz_pass(path=a) fc_fuse_pass"); },
              ErrorKind::kInvalidArgument, {"expected ','"});
  ExpectError([] { ir::ParsePassPipeline("fc_fuse_pass)"); }, ErrorKind::kInvalidArgument,
              {"unbalanced ')'"});
  ExpectError([] { ir::ParsePassPipeline("graph_viz_pass"); }, ErrorKind::kInvalidArgument,
              {"[graph_viz_pass]", "path"});
  ExpectError([] { ir::ParsePassPipeline("fc_fuse_pass(level=3)"); },
              ErrorKind::kInvalidArgument, {"[fc_fuse_pass]", "unknown option 'level'", "none"});
  ExpectError([] { ir::ParsePassPipeline("graph_viz_pass(path=a,path=b)"); },
              ErrorKind::kInvalidArgument, {"given twice"});
}

TEST(PassPipeline, PassErrorsNameThePass) {
  Blocks g;
  g.Dense();
  auto p = ir::ParsePassPipeline("graph_viz_pass(path=/no/such/dir/g.dot)");
  ExpectError([&] { p.Run(&g.program); }, ErrorKind::kInvalidArgument,
              {"[graph_viz_pass] cannot open", "in pass 'graph_viz_pass'"});
}

// ---- BlockToText ----

TEST(BlockToText, OneLinePerVarAndOp) {
  Blocks g;
  g.Dense(false);
  g.b()->Op(0)->SetAttr("op_role", 0);  // bookkeeping: not shown
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "persist var w : float32[4, 3]\n"
            "persist var b : float32[3]\n"
            "var t0 : float32[-1, 3]\n"
            "var t1 : float32[-1, 3]\n"
            "Out=[t0] = mul(X=[x], Y=[w]) {x_num_col_dims=1, y_num_col_dims=1}\n"
            "Out=[t1] = elementwise_add(X=[t0], Y=[b]) {axis=1}\n");
}

// ---- fc_fuse_pass ----

TEST(FcFusePass, OracleMlp) {
  ProgramDesc p = LoadOracle("mlp");
  RunPass("fc_fuse_pass", &p);
  EXPECT_EQ(OpTypes(*p.Block(0)),
            (std::vector<std::string>{"feed", "fc", "fc", "softmax", "fetch"}));
  ExpectGolden(ir::BlockToText(*p.Block(0)), "mlp_fc_fuse.txt");
  // Running it again finds nothing more.
  const std::string once = p.Serialize();
  RunPass("fc_fuse_pass", &p);
  EXPECT_EQ(p.Serialize(), once);
}

TEST(FcFusePass, OracleLenetFusesItsThreeDenseLayers) {
  ProgramDesc p = LoadOracle("lenet");
  RunPass("fc_fuse_pass", &p);
  EXPECT_EQ(OpTypes(*p.Block(0)),
            (std::vector<std::string>{"feed", "conv2d", "reshape2", "elementwise_add", "relu",
                                      "pool2d", "conv2d", "reshape2", "elementwise_add", "relu",
                                      "pool2d", "fc", "fc", "fc", "softmax", "fetch"}));
  ExpectGolden(ir::BlockToText(*p.Block(0)), "lenet_fc_fuse.txt");
}

TEST(FcFusePass, OracleEmbedPoolFusesItsMatmulLinear) {
  ProgramDesc p = LoadOracle("embed_pool");
  RunPass("fc_fuse_pass", &p);
  ExpectGolden(ir::BlockToText(*p.Block(0)), "embed_pool_fc_fuse.txt");
}

TEST(FcFusePass, DenseWithRelu) {
  Blocks g;
  g.Dense();
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "persist var w : float32[4, 3]\n"
            "persist var b : float32[3]\n"
            "var y : float32[-1, 3]\n"
            "Out=[y] = fc(Input=[x], W=[w], Bias=[b]) "
            "{activation_type=\"relu\", in_num_col_dims=1, padding_weights=false}\n");
}

TEST(FcFusePass, DenseWithoutReluAndAxisMinusOne) {
  Blocks g;
  g.Dense(false, -1);
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 4]\n"
            "persist var w : float32[4, 3]\n"
            "persist var b : float32[3]\n"
            "var t1 : float32[-1, 3]\n"
            "Out=[t1] = fc(Input=[x], W=[w], Bias=[b]) "
            "{activation_type=\"\", in_num_col_dims=1, padding_weights=false}\n");
}

TEST(FcFusePass, AddOutputReadTwiceKeepsTheRelu) {
  Blocks g;
  g.Dense();
  g.Var("z", {-1, 3});
  g.Op("softmax", {{"X", "t1"}}, "z");
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fc", "relu", "softmax"}));
  EXPECT_EQ(ir::OpToText(*g.b()->Op(0)),
            "Out=[t1] = fc(Input=[x], W=[w], Bias=[b]) "
            "{activation_type=\"\", in_num_col_dims=1, padding_weights=false}");
  EXPECT_EQ(g.b()->FindVar("t0"), nullptr);
  EXPECT_NE(g.b()->FindVar("t1"), nullptr);
}

TEST(FcFusePass, KeptIntermediateStopsAtIt) {
  Blocks g;
  g.Dense();
  ir::PassContext ctx;
  ctx.keep_vars = {"t1"};  // e.g. a second fetch target
  RunPass("fc_fuse_pass", &g.program, ctx);
  EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fc", "relu"}));
}

// Each of these must come out exactly as it went in.
void ExpectUnchanged(Blocks& g, const std::string& why, ir::PassContext ctx = {}) {
  const std::string before = g.program.Serialize();
  RunPass("fc_fuse_pass", &g.program, ctx);
  EXPECT_EQ(g.program.Serialize(), before) << why;
}

TEST(FcFusePass, PatternsThatMustNotFuse) {
  {
    Blocks g;
    g.Dense();
    g.Var("z", {-1, 3});
    g.Op("relu", {{"X", "t0"}}, "z");
    ExpectUnchanged(g, "mul output read twice");
  }
  {
    Blocks g;
    g.Dense();
    g.Var("fetch", {});
    g.b()->FindVar("fetch")->SetKind(proto::VarType::FETCH_LIST);
    OpDesc* f = g.Op("fetch", {{"X", "t0"}}, "fetch", {{"col", 0}});
    (void)f;
    ExpectUnchanged(g, "mul output fetched");
  }
  {
    Blocks g;
    g.Dense();
    ir::PassContext ctx;
    ctx.keep_vars = {"t0"};
    ExpectUnchanged(g, "mul output kept", ctx);
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("b")->SetPersistable(false);
    ExpectUnchanged(g, "bias not persistable");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("w")->SetPersistable(false);
    ExpectUnchanged(g, "weight not persistable");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("b")->SetShape({1, 3});
    ExpectUnchanged(g, "bias not 1-D");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("b")->SetShape({4});
    ExpectUnchanged(g, "bias size is not W's columns");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("t0")->SetPersistable(true);
    ExpectUnchanged(g, "intermediate persistable");
  }
  {
    Blocks g;
    g.Dense(true, 0);
    ExpectUnchanged(g, "bias on axis 0");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("w")->SetShape({2, 2, 3});
    g.b()->Op(0)->SetAttr("y_num_col_dims", 2);
    ExpectUnchanged(g, "y_num_col_dims 2");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->FindVar("w")->SetDataType(DataType::kInt64);
    g.b()->FindVar("b")->SetDataType(DataType::kInt64);
    ExpectUnchanged(g, "no fc kernel for int64");
  }
  {
    Blocks g;
    g.Dense();
    g.b()->Op(1)->SetInput("X", {"b"});
    g.b()->Op(1)->SetInput("Y", {"t0"});
    ExpectUnchanged(g, "mul output is the add's Y");
  }
  {
    Blocks g;
    // An op between add and relu overwrites mul's X: an fc in the relu's place would read
    // the new x, so only mul + add fuse.
    g.Var("x", {-1, 4}).Var("w", {4, 3}, true).Var("b", {3}, true).Var("t0", {-1, 3});
    g.Var("t1", {-1, 3}).Var("y", {-1, 3});
    g.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0");
    g.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", 1}});
    g.Op("relu", {{"X", "x"}}, "x");
    g.Op("relu", {{"X", "t1"}}, "y");
    RunPass("fc_fuse_pass", &g.program);
    EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fc", "relu", "relu"}));
    EXPECT_EQ(ir::OpToText(*g.b()->Op(0)),
              "Out=[t1] = fc(Input=[x], W=[w], Bias=[b]) "
              "{activation_type=\"\", in_num_col_dims=1, padding_weights=false}");
    // And when x changes between mul and add, nothing fuses.
    Blocks h;
    h.Var("x", {-1, 4}).Var("w", {4, 3}, true).Var("b", {3}, true).Var("t0", {-1, 3});
    h.Var("t1", {-1, 3});
    h.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0");
    h.Op("relu", {{"X", "x"}}, "x");
    h.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", 1}});
    ExpectUnchanged(h, "mul's X rewritten before the add");
  }
}

TEST(FcFusePass, InNumColDimsTwoOnThreeDInput) {
  Blocks g;
  g.Var("x", {-1, 5, 4}).Var("w", {4, 3}, true).Var("b", {3}, true).Var("t0", {-1, 5, 3});
  g.Var("t1", {-1, 5, 3});
  g.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0", {{"x_num_col_dims", 2}, {"y_num_col_dims", 1}});
  g.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", 2}});
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(ir::OpToText(*g.b()->Op(0)),
            "Out=[t1] = fc(Input=[x], W=[w], Bias=[b]) "
            "{activation_type=\"\", in_num_col_dims=2, padding_weights=false}");
  // axis 1 does not line the bias up with the last dim of a rank-3 product.
  Blocks h;
  h.Var("x", {-1, 5, 4}).Var("w", {4, 3}, true).Var("b", {3}, true).Var("t0", {-1, 5, 3});
  h.Var("t1", {-1, 5, 3});
  h.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0", {{"x_num_col_dims", 2}, {"y_num_col_dims", 1}});
  h.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", 1}});
  ExpectUnchanged(h, "axis 1 with in_num_col_dims 2");
}

// x[-1, 5, 4] -> `product` w[4, 3] -> t0 -> add b[3] -> t1 [-> act -> y]
Blocks MatmulDense(const std::string& product, const AttributeMap& product_attrs,
                   const std::string& act, const AttributeMap& act_attrs = {}, int axis = -1) {
  Blocks g;
  g.Var("x", {-1, 5, 4}).Var("w", {4, 3}, true).Var("b", {3}, true).Var("t0", {-1, 5, 3});
  g.Var("t1", {-1, 5, 3});
  g.Op(product, {{"X", "x"}, {"Y", "w"}}, "t0", product_attrs);
  g.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", axis}});
  if (!act.empty()) {
    g.Var("y", {-1, 5, 3});
    g.Op(act, {{"X", "t1"}}, "y", act_attrs);
  }
  return g;
}

TEST(FcFusePass, MatmulV2WithGelu) {
  Blocks g = MatmulDense("matmul_v2", {{"trans_x", false}, {"trans_y", false}}, "gelu",
                         {{"approximate", false}});
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(g.Text(),
            "var x : float32[-1, 5, 4]\n"
            "persist var w : float32[4, 3]\n"
            "persist var b : float32[3]\n"
            "var y : float32[-1, 5, 3]\n"
            "Out=[y] = fc(Input=[x], W=[w], Bias=[b]) "
            "{activation_type=\"gelu\", in_num_col_dims=2, padding_weights=false}\n");
}

TEST(FcFusePass, EveryActivationAndProduct) {
  const std::vector<std::tuple<std::string, AttributeMap, std::string>> acts = {
      {"relu", {}, "relu"},
      {"sigmoid", {}, "sigmoid"},
      {"tanh", {}, "tanh"},
      {"gelu", {{"approximate", false}}, "gelu"},
      {"gelu", {{"approximate", true}}, "gelu_tanh"},
  };
  const std::vector<std::pair<std::string, AttributeMap>> products = {
      {"matmul_v2", {}}, {"matmul", {{"alpha", 1.0f}}}};
  for (const auto& [product, pattrs] : products) {
    for (const auto& [act, attrs, fc_act] : acts) {
      Blocks g = MatmulDense(product, pattrs, act, attrs, 2);
      RunPass("fc_fuse_pass", &g.program);
      ASSERT_EQ(OpTypes(*g.b()), std::vector<std::string>{"fc"}) << product << " " << act;
      EXPECT_EQ(ir::OpToText(*g.b()->Op(0)),
                "Out=[y] = fc(Input=[x], W=[w], Bias=[b]) {activation_type=\"" + fc_act +
                    "\", in_num_col_dims=2, padding_weights=false}")
          << product << " " << act;
    }
  }
  // An activation fc has not: the product and add fuse, the activation stays.
  Blocks g = MatmulDense("matmul_v2", {}, "exp");
  RunPass("fc_fuse_pass", &g.program);
  EXPECT_EQ(OpTypes(*g.b()), (std::vector<std::string>{"fc", "exp"}));
}

TEST(FcFusePass, MatmulPatternsThatMustNotFuse) {
  auto unchanged = [](Blocks g, const std::string& why) {
    const std::string before = g.program.Serialize();
    RunPass("fc_fuse_pass", &g.program);
    EXPECT_EQ(g.program.Serialize(), before) << why;
  };
  unchanged(MatmulDense("matmul_v2", {{"trans_y", true}}, "relu"), "matmul_v2 trans_y");
  unchanged(MatmulDense("matmul_v2", {{"trans_x", true}}, "relu"), "matmul_v2 trans_x");
  unchanged(MatmulDense("matmul", {{"transpose_Y", true}}, "relu"), "matmul transpose_Y");
  unchanged(MatmulDense("matmul", {{"alpha", 2.0f}}, "relu"), "matmul alpha 2");
  unchanged(MatmulDense("matmul_v2", {}, "relu", {}, 1), "bias on axis 1 of a rank-3 product");
  {
    Blocks g = MatmulDense("matmul_v2", {}, "relu");
    g.b()->FindVar("x")->SetShape({4});
    unchanged(g, "1-D x");
  }
  {
    Blocks g = MatmulDense("matmul_v2", {}, "relu");
    g.b()->FindVar("w")->SetShape({2, 4, 3});
    unchanged(g, "3-D weight");
  }
  {
    Blocks g = MatmulDense("matmul_v2", {}, "relu");
    g.b()->RemoveVar("x");
    unchanged(g, "x's rank unknown (not declared)");
  }
}

template <typename T>
void CheckMatmulFcNumerics(const std::string& product, const std::string& act,
                           const AttributeMap& act_attrs, unsigned seed) {
  Blocks g = MatmulDense(product, {}, act, act_attrs);
  for (const char* v : {"x", "w", "b", "t0", "t1", "y"})
    g.b()->FindVar(v)->SetDataType(DataTypeOf<T>::value);
  g.b()->FindVar("x")->SetPersistable(true);  // set by the test, not created by the run
  const test::Feeds ins = {
      {"x", test::MakeTensor<T>({2, 5, 4}, test::Cast<T>(test::Random(40, seed)))},
      {"w", test::MakeTensor<T>({4, 3}, test::Cast<T>(test::Random(12, seed + 1)))},
      {"b", test::MakeTensor<T>({3}, test::Cast<T>(test::Random(3, seed + 2)))}};
  const std::vector<T> want = RunBlock<T>(g.program, ins, "y");
  ProgramDesc fused = g.program;
  RunPass("fc_fuse_pass", &fused, {{"y"}});
  ASSERT_EQ(OpTypes(*fused.Block(0)), std::vector<std::string>{"fc"}) << act;
  // The activations are the same functors: only the GEMM's summation order may differ.
  test::ExpectNear(RunBlock<T>(fused, ins, "y"), test::Widen(want), 1e-6, product + " " + act);
}

TEST(FcFusePass, MatmulActivationsGiveTheSameNumbers) {
  unsigned seed = 70;
  for (const std::string product : {"matmul_v2", "matmul"}) {
    for (const auto& [act, attrs] : std::vector<std::pair<std::string, AttributeMap>>{
             {"relu", {}}, {"sigmoid", {}}, {"tanh", {}}, {"gelu", {{"approximate", false}}},
             {"gelu", {{"approximate", true}}}}) {
      CheckMatmulFcNumerics<float>(product, act, attrs, seed += 3);
      CheckMatmulFcNumerics<double>(product, act, attrs, seed += 3);
    }
  }
}

// ---- no-op passes are byte-identical; graph_viz ----

TEST(Passes, NoOpLeavesTheProgramByteIdentical) {
  for (const char* model : {"mlp", "lenet", "embed_pool"}) {
    const std::string bytes = test::ReadFile(test::DataPath(std::string(model) + "/model.pdmodel"));
    ProgramDesc p = ProgramDesc::Parse(bytes, model);
    auto pipeline = ir::ParsePassPipeline("graph_viz_pass(path=" + test::TempDir() + "/m.dot)");
    pipeline.Run(&p);
    EXPECT_EQ(p.Serialize(), bytes) << model;
  }
}

TEST(GraphVizPass, WritesOpsVarsAndEdges) {
  ProgramDesc p = LoadOracle("mlp");
  RunPass("fc_fuse_pass", &p);
  const std::string dot = test::TempDir() + "/mlp.dot";
  ir::PassContext ctx;
  ctx.keep_vars = {"softmax_0.tmp_0"};
  ir::ParsePassPipeline("graph_viz_pass(path=" + dot + ")").Run(&p, ctx);
  const std::string text = test::ReadFile(dot);
  EXPECT_EQ(text.rfind("digraph block0 {", 0), 0u) << text;
  EXPECT_NE(text.find("op1 [label=\"fc\", shape=box];"), std::string::npos) << text;
  EXPECT_NE(text.find("op3 [label=\"softmax\", shape=box];"), std::string::npos) << text;
  EXPECT_NE(text.find("[label=\"x\", shape=ellipse];"), std::string::npos) << text;
  EXPECT_NE(text.find("[label=\"fc_0.w_0\", shape=ellipse, style=filled, fillcolor=lightgrey]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("[label=\"softmax_0.tmp_0\", shape=ellipse, peripheries=2]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("-> op1 [label=\"W\"];"), std::string::npos) << text;
  EXPECT_EQ(text.find("fc_0.tmp_0"), std::string::npos) << "a removed intermediate is drawn";
  EXPECT_EQ(text.back(), '\n');
}

// For the life of the object, PATH finds `dot` as a script with `body` first
// (the rest of PATH after it, for the tools the script calls), or, with an
// empty body, finds no `dot` at all.
class FakeDot {
 public:
  explicit FakeDot(const std::string& name, const std::string& body) {
    const char* old = std::getenv("PATH");
    old_path_ = old ? old : "";
    dir_ = test::TempDir() + "/" + name;
    std::filesystem::create_directories(dir_);
    if (!body.empty()) {
      const std::string exe = dir_ + "/dot";
      test::WriteFile(exe, "#!/bin/sh\n" + body + "\n");
      std::filesystem::permissions(exe, std::filesystem::perms::owner_all);
    }
    const std::string path = body.empty() ? dir_ : dir_ + ":" + old_path_;
    setenv("PATH", path.c_str(), 1);
  }
  ~FakeDot() { setenv("PATH", old_path_.c_str(), 1); }

 private:
  std::string old_path_, dir_;
};

TEST(GraphVizPass, RendersSvgWithDotOnPath) {
  ProgramDesc p = LoadOracle("mlp");
  const std::string dot = test::TempDir() + "/with dot's quote.dot";  // quoted for the shell
  std::filesystem::remove(dot + ".svg");
  {
    // dot -Tsvg <file> -o <file>.svg: this one copies the input, tagged.
    FakeDot fake("dot_ok", "[ \"$1\" = -Tsvg ] && [ \"$3\" = -o ] && "
                           "{ echo '<svg>'; cat \"$2\"; } > \"$4\"");
    ir::ParsePassPipeline("graph_viz_pass(path=" + dot + ")").Run(&p);
  }
  const std::string svg = test::ReadFile(dot + ".svg");
  EXPECT_EQ(svg.rfind("<svg>\ndigraph block0 {", 0), 0u) << svg;
}

TEST(GraphVizPass, NoDotWritesOnlyTheDotFile) {
  ProgramDesc p = LoadOracle("mlp");
  const std::string dot = test::TempDir() + "/no_dot.dot";
  std::filesystem::remove(dot + ".svg");
  {
    FakeDot none("dot_none", "");
    ir::ParsePassPipeline("graph_viz_pass(path=" + dot + ")").Run(&p);
  }
  EXPECT_TRUE(std::filesystem::exists(dot));
  EXPECT_FALSE(std::filesystem::exists(dot + ".svg"));
}

TEST(GraphVizPass, FailingDotIsAnErrorNamingTheFile) {
  ProgramDesc p = LoadOracle("mlp");
  const std::string dot = test::TempDir() + "/bad_dot.dot";
  FakeDot failing("dot_fails", "exit 3");
  ExpectError([&] { ir::ParsePassPipeline("graph_viz_pass(path=" + dot + ")").Run(&p); },
              ErrorKind::kInvalidArgument,
              {"[graph_viz_pass]", "-Tsvg' failed", "'" + dot + "'", dot + ".svg",
               "in pass 'graph_viz_pass'"});
}

// ---- the fc op against mul + elementwise_add (+ relu) ----

struct DenseCase {
  Shape x;
  int k;
  int64_t n;
  bool relu;
  bool bias = true;
};

template <typename T>
void CheckFcMatchesUnfused(const DenseCase& c, unsigned seed) {
  const Shape x2 = DDim(c.x).FlattenTo2D(c.k).ToVector();
  Shape out(c.x.begin(), c.x.begin() + c.k);
  out.push_back(c.n);
  const std::string what = "x " + DDim(c.x).ToString() + " k " + std::to_string(c.k);
  const DataType dt = DataTypeOf<T>::value;
  Blocks g;
  auto var = [&](const std::string& name, Shape s, bool persist) {
    g.Var(name, s, persist);
    g.b()->FindVar(name)->SetDataType(dt);
  };
  var("x", c.x, true);
  var("w", {x2[1], c.n}, true);
  var("b", {c.n}, true);
  var("t0", out, false);
  var("t1", out, false);
  var("y", out, false);
  g.Op("mul", {{"X", "x"}, {"Y", "w"}}, "t0", {{"x_num_col_dims", c.k}, {"y_num_col_dims", 1}});
  std::string last = "t0";
  if (c.bias) {
    g.Op("elementwise_add", {{"X", "t0"}, {"Y", "b"}}, "t1", {{"axis", -1}});
    last = "t1";
  }
  if (c.relu) {
    g.Op("relu", {{"X", last}}, "y");
    last = "y";
  }
  const auto xs = test::MakeTensor<T>(c.x, test::Cast<T>(test::Random(test::Numel(c.x), seed)));
  const auto ws = test::MakeTensor<T>({x2[1], c.n},
                                      test::Cast<T>(test::Random(x2[1] * c.n, seed + 1)));
  const auto bs = test::MakeTensor<T>({c.n}, test::Cast<T>(test::Random(c.n, seed + 2)));
  const std::vector<std::pair<std::string, DenseTensor>> ins = {{"x", xs}, {"w", ws}, {"b", bs}};
  const std::vector<T> want = RunBlock<T>(g.program, ins, last);

  // The fc op alone, through the one-op harness (Bias optional).
  test::OneOp fc("fc");
  fc.In("Input", "x", xs).In("W", "w", ws);
  if (c.bias) fc.In("Bias", "b", bs);
  fc.Out("Out", "y").Attr("in_num_col_dims", c.k);
  fc.Attr("activation_type", std::string(c.relu ? "relu" : ""));
  fc.Run();
  EXPECT_EQ(fc.Get("y").dims().ToVector(), out) << what;
  const std::vector<T> got = test::Values<T>(fc.Get("y"));
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-5) << what << " at " << i;

  // And the fused program (when the pass applies).
  if (c.bias) {
    ProgramDesc fused = g.program;
    RunPass("fc_fuse_pass", &fused, {{last}});
    EXPECT_EQ(OpTypes(*fused.Block(0)), std::vector<std::string>{"fc"}) << what;
    const std::vector<T> f = RunBlock<T>(fused, ins, last);
    ASSERT_EQ(f.size(), want.size());
    for (size_t i = 0; i < f.size(); ++i) ASSERT_NEAR(f[i], want[i], 1e-5) << what << " at " << i;
  }
}

TEST(FcOp, MatchesMulAddReluOnRandomInputs) {
  const std::vector<DenseCase> cases = {
      {{5, 4}, 1, 3, true},        {{5, 4}, 1, 3, false},      {{3, 5, 4}, 2, 6, true},
      {{2, 3, 2, 2}, 1, 5, true},  {{2, 3, 2, 2}, 2, 5, false}, {{2, 3, 2, 2}, 3, 7, true},
      {{1, 1}, 1, 1, true},        {{7, 33}, 1, 17, true},      {{4, 6}, 1, 5, true, false},
      {{4, 6}, 1, 5, false, false},
  };
  unsigned seed = 10;
  for (const auto& c : cases) {
    CheckFcMatchesUnfused<float>(c, seed += 3);
    CheckFcMatchesUnfused<double>(c, seed += 3);
  }
}

TEST(FcOp, DefinitionAndErrors) {
  const OpDef& def = OpRegistry::Instance().Get("fc");
  EXPECT_EQ(def.grad_maker, nullptr);  // an inference op
  EXPECT_NE(def.infer_shape, nullptr);
  EXPECT_FALSE(OpRegistry::Instance().SerializedProto("fc").empty());
  EXPECT_EQ(test::BuildTimeShape("fc", {{-1, 3, 4}, {4, 6}, {6}}, {{"in_num_col_dims", 2}}),
            (Shape{-1, 3, 6}));
  EXPECT_EQ(test::BuildTimeShape("fc", {{-1, 12}, {12, 6}, {}}, {}), (Shape{-1, 6}));

  auto run = [](const AttributeMap& attrs, Shape w = {4, 3}, Shape b = {3}) {
    test::OneOp fc("fc");
    fc.In("Input", "x", test::MakeTensor<float>({2, 4}, std::vector<float>(8, 1.f)))
        .In("W", "w", test::MakeTensor<float>(w, std::vector<float>(test::Numel(w), 1.f)))
        .In("Bias", "b", test::MakeTensor<float>(b, std::vector<float>(test::Numel(b), 1.f)))
        .Out("Out", "y");
    for (const auto& [k, v] : attrs) fc.Attr(k, v);
    fc.Run();
  };
  ExpectError([&] { run({{"padding_weights", true}}); }, ErrorKind::kUnimplemented,
              {"[fc]", "padding_weights=true"});
  ExpectError([&] { run({{"activation_type", std::string("swish")}}); },
              ErrorKind::kInvalidArgument, {"fc", "activation_type"});
  ExpectError([&] { run({}, {5, 3}); }, ErrorKind::kInvalidArgument, {"[fc]", "W"});
  ExpectError([&] { run({}, {4, 3}, {4}); }, ErrorKind::kInvalidArgument, {"[fc]", "Bias"});
  ExpectError([&] { run({{"in_num_col_dims", 2}}); }, ErrorKind::kInvalidArgument,
              {"[fc]", "in_num_col_dims"});
}

// ---- the oracle models with the inference passes on and off ----

struct Oracle {
  std::string dir, input, output;
  std::vector<int> shape;
  bool int64_input = false;
};

std::vector<float> RunOracle(const Oracle& o, bool ir_optim) {
  paddle_infer::Config config(test::DataPath(o.dir + "/model.pdmodel"),
                              test::DataPath(o.dir + "/model.pdiparams"));
  config.SwitchIrOptim(ir_optim);
  auto predictor = paddle_infer::CreatePredictor(config);
  auto in = predictor->GetInputHandle(o.input);
  in->Reshape(o.shape);
  if (o.int64_input) {
    auto ids = test::ReadInt64s(test::DataPath(o.dir + "/" + o.input + ".i64"));
    in->CopyFromCpu(ids.data());
  } else {
    auto x = test::ReadFloats(test::DataPath(o.dir + "/" + o.input + ".f32"));
    in->CopyFromCpu(x.data());
  }
  EXPECT_TRUE(predictor->Run());
  auto out = predictor->GetOutputHandle(o.output);
  size_t n = 1;
  for (int d : out->shape()) n *= static_cast<size_t>(d);
  std::vector<float> y(n);
  out->CopyToCpu(y.data());
  return y;
}

TEST(InferencePasses, OracleOutputsMatchWithIrOptimOnAndOff) {
  const std::vector<Oracle> oracles = {
      {"mlp", "x", "softmax_0.tmp_0", {4, 784}},
      {"lenet", "image", "softmax_0.tmp_0", {2, 1, 28, 28}},
      {"embed_pool", "ids", "softmax_0.tmp_0", {3, 6}, true},
  };
  for (const auto& o : oracles) {
    const auto expected = test::ReadFloats(test::DataPath(o.dir + "/softmax_0.tmp_0.f32"));
    const auto on = RunOracle(o, true), off = RunOracle(o, false);
    EXPECT_LE(MaxAbsDiff(on, expected), 1e-5f) << o.dir << " ir_optim on";
    EXPECT_LE(MaxAbsDiff(off, expected), 1e-5f) << o.dir << " ir_optim off";
  }
}

TEST(InferencePasses, DeletePassAndSummary) {
  paddle_infer::Config config(test::DataPath("mlp/model.pdmodel"),
                              test::DataPath("mlp/model.pdiparams"));
  config.DeletePass("fc_fuse_pass");
  config.DeletePass("fc_fuse_pass");
  config.DeletePass("no_such_pass");  // not in the pipeline: ignored, as in PaddlePaddle
  EXPECT_EQ(config.deleted_passes(),
            (std::vector<std::string>{"fc_fuse_pass", "no_such_pass"}));
  EXPECT_NE(config.Summary().find("deleted_passes: fc_fuse_pass, no_such_pass"),
            std::string::npos);
  auto predictor = paddle_infer::CreatePredictor(config);
  auto in = predictor->GetInputHandle("x");
  in->Reshape({4, 784});
  in->CopyFromCpu(test::ReadFloats(test::DataPath("mlp/x.f32")).data());
  predictor->Run();
  std::vector<float> y(40);
  predictor->GetOutputHandle("softmax_0.tmp_0")->CopyToCpu(y.data());
  EXPECT_LE(MaxAbsDiff(y, test::ReadFloats(test::DataPath("mlp/softmax_0.tmp_0.f32"))), 1e-5f);
  // Clones share the (optimized) program.
  auto clone = predictor->Clone();
  EXPECT_EQ(clone->GetInputNames(), std::vector<std::string>{"x"});
}

}  // namespace
}  // namespace paddle
